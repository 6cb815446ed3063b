package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/messages"
	"wayfinder/internal/sqlstore/sqltest"
)

// testStore is one fresh, empty database of one dialect, and the DSN that reaches it again.
type testStore struct {
	name string
	dsn  string
	db   *DB
}

// newTestStores returns the stores a contract test runs against (sqltest.Databases), each
// migrated, and removed when the test ends.
func newTestStores(t testing.TB) []testStore {
	t.Helper()
	stores := newUnmigratedStores(t)
	for _, s := range stores {
		if err := s.db.Migrate(context.Background()); err != nil {
			t.Fatalf("%s: Migrate: %v", s.name, err)
		}
	}
	return stores
}

// newUnmigratedStores is newTestStores without the migration, for the tests of migration itself.
func newUnmigratedStores(t testing.TB) []testStore {
	t.Helper()
	var stores []testStore
	for _, d := range sqltest.Databases(t) {
		stores = append(stores, testStore{name: d.Dialect, dsn: d.DSN, db: openTestDB(t, d.DSN)})
	}
	return stores
}

func openTestDB(t testing.TB, dsn string) *DB {
	t.Helper()
	db, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// ctx is the context of every test call; the tests have no deadlines of their own.
var ctx = context.Background()

// t0 is the fixed moment the tests call "now", with microseconds so precision loss would show.
var t0 = time.Date(2026, 3, 1, 12, 0, 0, 123456000, time.UTC)

// mustUser creates a member with the given subject or fails the test.
func mustUser(t *testing.T, db *DB, subject string) account.User {
	t.Helper()
	u, err := db.CreateUser(ctx, account.User{Subject: subject, Email: subject + "@example.com"})
	if err != nil {
		t.Fatalf("CreateUser(%q): %v", subject, err)
	}
	return u
}

// codeOf names an error by its apperr code, "" for none, so tables can state the outcome they want.
func codeOf(err error) apperr.Code { return apperr.CodeOf(err) }

func TestSQLiteDSN(t *testing.T) {
	tests := []struct {
		in         string
		wantName   string
		wantPath   string
		wantMemory bool
	}{
		{"data/wayfinder.db", "data/wayfinder.db?" + sqlitePragmas, "data/wayfinder.db", false},
		{"sqlite:data/w.db", "data/w.db?" + sqlitePragmas, "data/w.db", false},
		{"sqlite://data/w.db", "data/w.db?" + sqlitePragmas, "data/w.db", false},
		{"file:data/w.db?cache=shared", "file:data/w.db?cache=shared&" + sqlitePragmas, "data/w.db", false},
		{":memory:", ":memory:?" + sqlitePragmas, ":memory:", true},
		{"file:x?mode=memory", "file:x?mode=memory&" + sqlitePragmas, "x", true},
	}
	for _, tt := range tests {
		name, path, memory := sqliteDSN(tt.in)
		if name != tt.wantName || path != tt.wantPath || memory != tt.wantMemory {
			t.Errorf("sqliteDSN(%q) = %q, %q, %v; want %q, %q, %v", tt.in, name, path, memory, tt.wantName, tt.wantPath, tt.wantMemory)
		}
	}
}

func TestRedactURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"postgres://app:s3cret@db.internal:5432/wayfinder", "postgres://app:xxxxx@db.internal:5432/wayfinder"},
		{"postgres://app@db/w?sslmode=disable", "postgres://app@db/w?sslmode=disable"},
		{"postgresql://db/w?password=s3cret&sslmode=require", "postgresql://db/w?password=xxxxx&sslmode=require"},
	}
	for _, tt := range tests {
		if got := redactURL(tt.in); got != tt.want {
			t.Errorf("redactURL(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestOpen(t *testing.T) {
	t.Run("sqlite creates the parent directory", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "a", "b")
		db := openTestDB(t, filepath.Join(dir, "w.db"))
		if got, want := db.Dialect(), DialectSQLite; got != want {
			t.Errorf("Dialect() = %q, want %q", got, want)
		}
		info, err := os.Stat(dir)
		if err != nil {
			t.Fatalf("stat the parent directory: %v", err)
		}
		if got, want := info.Mode().Perm(), os.FileMode(0o700); got != want {
			t.Errorf("parent directory mode = %v, want %v", got, want)
		}
	})
	t.Run("sqlite pragmas are on", func(t *testing.T) {
		db := openTestDB(t, filepath.Join(t.TempDir(), "w.db"))
		tests := []struct {
			pragma string
			want   string
		}{
			{"journal_mode", "wal"},
			{"synchronous", "2"},
			{"foreign_keys", "1"},
			{"busy_timeout", "5000"},
		}
		for _, tt := range tests {
			var got string
			if err := db.SQL().QueryRow(`PRAGMA ` + tt.pragma).Scan(&got); err != nil {
				t.Fatalf("PRAGMA %s: %v", tt.pragma, err)
			}
			if got != tt.want {
				t.Errorf("PRAGMA %s = %q, want %q", tt.pragma, got, tt.want)
			}
		}
	})
	t.Run("the pool's size", func(t *testing.T) {
		for _, d := range sqltest.Databases(t) {
			db := openTestDB(t, d.DSN)
			want := map[string][]int{DialectSQLite: {1, 1}, DialectPostgres: {DefaultMaxConns, 25}}[d.Dialect]
			if got := db.SQL().Stats().MaxOpenConnections; got != want[0] {
				t.Errorf("%s: pool of %d connections at first, want %d", d.Dialect, got, want[0])
			}
			db.SetMaxConns(25)
			if got := db.SQL().Stats().MaxOpenConnections; got != want[1] {
				t.Errorf("%s: pool of %d connections after SetMaxConns(25), want %d", d.Dialect, got, want[1])
			}
		}
	})
	t.Run("no dsn", func(t *testing.T) {
		_, err := Open(ctx, " ")
		if got, want := codeOf(err), apperr.Invalid; got != want {
			t.Errorf("Open(blank) code = %q, want %q (err %v)", got, want, err)
		}
	})
	t.Run("unreachable postgres says so without the password", func(t *testing.T) {
		c, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		_, err := Open(c, "postgres://app:s3cret@127.0.0.1:1/wayfinder?connect_timeout=2")
		if got, want := codeOf(err), apperr.Unavailable; got != want {
			t.Fatalf("Open code = %q, want %q (err %v)", got, want, err)
		}
		msg := err.Error()
		if strings.Contains(msg, "s3cret") {
			t.Errorf("error %q contains the password", msg)
		}
		if got, want := msg, "cannot reach the PostgreSQL database at postgres://app:xxxxx@127.0.0.1:1/wayfinder"; !strings.Contains(got, want) {
			t.Errorf("error = %q, want it to contain %q", got, want)
		}
	})
}

func TestMigrate(t *testing.T) {
	t.Parallel()
	latest, err := loadMigrations(migrationFiles, "migrations/sqlite")
	if err != nil {
		t.Fatalf("load sqlite migrations: %v", err)
	}
	pg, err := loadMigrations(migrationFiles, "migrations/postgres")
	if err != nil {
		t.Fatalf("load postgres migrations: %v", err)
	}
	if got, want := len(pg), len(latest); got != want {
		t.Fatalf("postgres has %d migrations, sqlite %d; want the same", got, want)
	}
	// Removing or renaming what a build before reads is a contracting change, which must say so
	// (contractMarker): the builds before it then refuse the schema instead of failing on it. SQLite
	// remakes a table to change a constraint, so the PostgreSQL files are the ones read for intent.
	contracting := regexp.MustCompile(`(?i)\b(DROP\s+(TABLE|COLUMN)|RENAME\s+(COLUMN|TO))\b`)
	for i := range latest {
		if got, want := pg[i].name, latest[i].name; got != want {
			t.Errorf("migration %d is %q on postgres, %q on sqlite; want the same", i+1, got, want)
		}
		if pg[i].contract != latest[i].contract {
			t.Errorf("migration %d contracts on postgres %v, on sqlite %v; want the same", i+1, pg[i].contract, latest[i].contract)
		}
		if contracting.MatchString(pg[i].sql) && !pg[i].contract {
			t.Errorf("migration %04d_%s drops or renames a table or column but is not marked %q", i+1, pg[i].name, contractMarker)
		}
	}

	for _, s := range newUnmigratedStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			st, err := db.SchemaStatus(ctx)
			if err != nil || st.Current != 0 || st.Latest != len(latest) || st.Readable() {
				t.Fatalf("SchemaStatus before = %+v, %v; want version 0 of %d, not readable", st, err, len(latest))
			}

			// Several replicas start at once: each opens its own pool and migrates.
			var wg sync.WaitGroup
			errs := make([]error, 4)
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					replica, err := Open(ctx, s.dsn)
					if err != nil {
						errs[i] = err
						return
					}
					defer replica.Close()
					errs[i] = replica.Migrate(ctx)
				}()
			}
			wg.Wait()
			for i, err := range errs {
				if err != nil {
					t.Errorf("replica %d: Migrate: %v", i, err)
				}
			}
			if err := db.Migrate(ctx); err != nil {
				t.Fatalf("Migrate again: %v", err)
			}
			st, err = db.SchemaStatus(ctx)
			if err != nil || st.Current != len(latest) || st.Latest != len(latest) || !st.Readable() || st.Ahead() {
				t.Fatalf("SchemaStatus after = %+v, %v; want version %d of %d, readable", st, err, len(latest), len(latest))
			}
			var rows int
			if err := db.SQL().QueryRow(`SELECT COUNT(*) FROM schema_migrations`).Scan(&rows); err != nil {
				t.Fatal(err)
			}
			if got, want := rows, len(latest); got != want {
				t.Errorf("schema_migrations has %d rows, want %d", got, want)
			}

			// A database migrated by a build from before the contract column gets it at the next start.
			if _, err := db.SQL().Exec(`ALTER TABLE schema_migrations DROP COLUMN contract`); err != nil {
				t.Fatal(err)
			}
			if err := db.Migrate(ctx); err != nil {
				t.Fatalf("Migrate with the old bookkeeping table: %v", err)
			}

			// A rolling deploy: a newer build has expanded the schema. This build serves on it.
			if _, err := db.SQL().Exec(`INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, 'an_added_table', $2)`,
				len(latest)+1, t0); err != nil {
				t.Fatal(err)
			}
			if err := db.Migrate(ctx); err != nil {
				t.Errorf("Migrate on a schema expanded by a newer build = %v, want nil", err)
			}
			st, err = db.SchemaStatus(ctx)
			if err != nil || !st.Ahead() || !st.Readable() || st.Current != len(latest)+1 {
				t.Errorf("SchemaStatus on an expanded schema = %+v, %v; want ahead and readable", st, err)
			}

			// Then a later build contracts it, removing what this build reads: this one refuses.
			if _, err := db.SQL().Exec(`INSERT INTO schema_migrations (version, name, applied_at, contract) VALUES ($1, 'a_dropped_column', $2, $3)`,
				len(latest)+2, t0, true); err != nil {
				t.Fatal(err)
			}
			err = db.Migrate(ctx)
			if err == nil || !strings.Contains(err.Error(), "newer build") || !strings.Contains(err.Error(), fmt.Sprintf("migration %04d", len(latest)+2)) {
				t.Errorf("Migrate on a contracted schema = %v, want an error naming the migration and asking for a newer build", err)
			}
			st, err = db.SchemaStatus(ctx)
			if err != nil || st.Readable() || st.NewestContract != len(latest)+2 {
				t.Errorf("SchemaStatus on a contracted schema = %+v, %v; want not readable, contracted at %d", st, err, len(latest)+2)
			}
		})
	}
}

func TestLoadMigrations(t *testing.T) {
	sqlFile := &fstest.MapFile{Data: []byte("SELECT 1;")}
	tests := []struct {
		name    string
		files   fstest.MapFS
		want    int
		wantErr string
	}{
		{"in order", fstest.MapFS{"m/0001_a.sql": sqlFile, "m/0002_b.sql": sqlFile}, 2, ""},
		{"gap", fstest.MapFS{"m/0001_a.sql": sqlFile, "m/0003_c.sql": sqlFile}, 0, "without gaps"},
		{"bad name", fstest.MapFS{"m/0001_a.sql": sqlFile, "m/2_b.sql": sqlFile}, 0, "NNNN_name.sql"},
	}
	for _, tt := range tests {
		ms, err := loadMigrations(tt.files, "m")
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%s: err = %v, want one containing %q", tt.name, err, tt.wantErr)
			}
			continue
		}
		if err != nil || len(ms) != tt.want {
			t.Errorf("%s: got %d migrations, %v; want %d, nil", tt.name, len(ms), err, tt.want)
		}
	}
}

// TestForeignKeys checks that the database itself refuses rows that point nowhere and removes a
// user's data with the user, on SQLite as much as on PostgreSQL.
func TestForeignKeys(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			_, err := db.SQL().Exec(`INSERT INTO progress_events (user_id, from_slug, created_at) VALUES ('nobody', 'x', $1)`, t0)
			if got, want := violationOf(err), foreignKeyViolation; got != want {
				t.Fatalf("insert for an unknown user: violation %v (err %v), want %v", got, err, want)
			}

			u := mustUser(t, db, "cascade")
			if err := db.CreateSession(ctx, account.Session{IDHash: "h", UserID: u.ID, CreatedAt: t0, LastSeenAt: t0,
				IdleExpiresAt: t0.Add(time.Hour), AbsoluteExpiresAt: t0.Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
			if err := db.SaveSurvey(ctx, u.ID, "gender", "", sampleAnswers("gender", "female"), sampleUTM("ads"), t0); err != nil {
				t.Fatal(err)
			}
			c := mustCoach(t, db, "coach-1", true, 5)
			if _, err := db.CreateAssignment(ctx, u.ID, c.ID, t0); err != nil {
				t.Fatal(err)
			}
			if err := db.DeleteUser(ctx, u.ID); err != nil {
				t.Fatalf("DeleteUser: %v", err)
			}
			if got, want := codeOf(db.DeleteUser(ctx, u.ID)), apperr.NotFound; got != want {
				t.Errorf("DeleteUser again: code %q, want %q", got, want)
			}
			for _, table := range []string{"web_sessions", "survey_answers", "survey_answer_history", "progress_events", "utm_records", "coach_assignments"} {
				var n int
				if err := db.SQL().QueryRow(`SELECT COUNT(*) FROM `+table+` WHERE user_id = $1`, u.ID).Scan(&n); err != nil {
					t.Fatal(err)
				}
				if n != 0 {
					t.Errorf("%s: got %d rows of the deleted user, want 0", table, n)
				}
			}
		})
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		err  error
		want apperr.Code
	}{
		{nil, ""},
		{sql.ErrNoRows, apperr.NotFound},
		{context.DeadlineExceeded, apperr.Unavailable},
		{errors.New("boom"), apperr.Internal},
		{apperr.Generic(apperr.Conflict, errors.New("kept")), apperr.Conflict},
	}
	for _, tt := range tests {
		if got := codeOf(classify(tt.err, "test")); got != tt.want {
			t.Errorf("classify(%v) code = %q, want %q", tt.err, got, tt.want)
		}
	}
	if got := classify(errors.New("SELECT secret FROM t"), "read things"); strings.Contains(got.(*apperr.Error).Text(messages.English), "SELECT") {
		t.Errorf("message %q shows the driver's error", got.(*apperr.Error).Text(messages.English))
	}
}
