package sqlstore

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// migrationFiles holds the schema of each dialect as numbered files, NNNN_name.sql, applied in order.
//
//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrationFiles embed.FS

// migrationLockKey is the PostgreSQL advisory lock that lets one replica migrate while the others
// starting at the same moment wait, then find nothing left to do. The number is arbitrary and fixed.
const migrationLockKey = 7_402_115_901

// migrationName is the required form of a migration file name: a four-digit version, then a name.
var migrationName = regexp.MustCompile(`^(\d{4})_([a-z0-9_]+)\.sql$`)

// contractMarker, on a line of its own in a migration, marks a contracting change: one that
// removes or renames something builds before it read. See Migrate for the rule.
const contractMarker = "-- wayfinder:contract"

// migration is one numbered schema change of one dialect.
type migration struct {
	version  int
	name     string
	sql      string
	contract bool // builds that know only earlier versions cannot use the schema after it
}

// migrations returns the dialect's migrations in version order, checking that the versions run
// 1, 2, 3 … without a gap, so a misnamed file is caught by the first test rather than in production.
func (s *DB) migrations() ([]migration, error) {
	return loadMigrations(migrationFiles, path.Join("migrations", s.dialect))
}

// loadMigrations reads and checks the migrations in dir of fsys; tests give it a made-up directory.
func loadMigrations(fsys fs.FS, dir string) ([]migration, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("read migrations: %w", err)
	}
	var ms []migration
	for _, e := range entries {
		m := migrationName.FindStringSubmatch(e.Name())
		if m == nil {
			return nil, fmt.Errorf("migration file %s is not named NNNN_name.sql", e.Name())
		}
		body, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("read migration %s: %w", e.Name(), err)
		}
		v, _ := strconv.Atoi(m[1])
		contract := slices.Contains(strings.Split(string(body), "\n"), contractMarker)
		ms = append(ms, migration{version: v, name: m[2], sql: string(body), contract: contract})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	for i, m := range ms {
		if m.version != i+1 {
			return nil, fmt.Errorf("migrations must be numbered 1, 2, 3 … without gaps; found %04d where %04d belongs", m.version, i+1)
		}
	}
	return ms, nil
}

// Migrate brings the schema up to the newest version this build knows. Each migration runs in its own
// transaction together with its row in schema_migrations, so a failure leaves the previous version in
// place. It is safe to call on every start and from several replicas at once.
//
// A database that a newer build has already migrated further is the middle of a rolling deploy, and
// the rule is expand, then contract: a release's migrations only add (tables, columns with defaults
// or nullable, indexes, wider checks), so the build before it still reads and writes the schema and
// keeps serving until it is replaced. Removing or renaming what earlier builds use waits for a later
// release, once none of them runs, and that migration is marked contractMarker. Migrate accepts a
// schema ahead of it by expanding migrations only; it refuses one a contracting migration it does not
// know has changed, since this build could not read it.
func (s *DB) Migrate(ctx context.Context) error {
	ms, err := s.migrations()
	if err != nil {
		return err
	}
	for {
		done := false
		err := s.runTx(ctx, func(ctx context.Context) error {
			tx := s.conn(ctx)
			if s.dialect == DialectPostgres {
				if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, migrationLockKey); err != nil {
					return fmt.Errorf("take the migration lock: %w", err)
				}
			}
			if err := s.createMigrationsTable(ctx, tx); err != nil {
				return err
			}
			st, err := readSchemaStatus(ctx, tx, len(ms))
			if err != nil {
				return err
			}
			if st.Ahead() && !st.Readable() {
				return fmt.Errorf("the database schema is at version %d, and migration %04d changed it in a way this build, which knows up to version %d, cannot read; run a newer build",
					st.Current, st.NewestContract, st.Latest)
			}
			if st.Current >= len(ms) {
				done = true
				return nil
			}
			m := ms[st.Current]
			if _, err := tx.ExecContext(ctx, m.sql); err != nil {
				return fmt.Errorf("apply migration %04d_%s: %w", m.version, m.name, err)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at, contract) VALUES ($1, $2, $3, $4)`,
				m.version, m.name, now(), m.contract); err != nil {
				return fmt.Errorf("record migration %04d_%s: %w", m.version, m.name, err)
			}
			return nil
		})
		if err != nil {
			return err
		}
		if done {
			return nil
		}
	}
}

// createMigrationsTable makes Migrate's bookkeeping table, in each dialect's types, or adds the
// contract column to one made by a build before the column existed.
func (s *DB) createMigrationsTable(ctx context.Context, tx querier) error {
	create := `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		name       TEXT NOT NULL,
		applied_at TIMESTAMP NOT NULL,
		contract   BOOLEAN NOT NULL DEFAULT FALSE
	)`
	hasContract := `SELECT COUNT(*) FROM pragma_table_info('schema_migrations') WHERE name = 'contract'`
	if s.dialect == DialectPostgres {
		create = `CREATE TABLE IF NOT EXISTS schema_migrations (
			version    integer PRIMARY KEY,
			name       text NOT NULL,
			applied_at timestamptz NOT NULL,
			contract   boolean NOT NULL DEFAULT false
		)`
		hasContract = `SELECT COUNT(*) FROM information_schema.columns
			WHERE table_schema = current_schema() AND table_name = 'schema_migrations' AND column_name = 'contract'`
	}
	if _, err := tx.ExecContext(ctx, create); err != nil {
		return fmt.Errorf("create schema_migrations: %w", err)
	}
	var n int
	if err := tx.QueryRowContext(ctx, hasContract).Scan(&n); err != nil {
		return fmt.Errorf("read schema_migrations' columns: %w", err)
	}
	if n == 0 {
		if _, err := tx.ExecContext(ctx, `ALTER TABLE schema_migrations ADD COLUMN contract BOOLEAN NOT NULL DEFAULT FALSE`); err != nil {
			return fmt.Errorf("add schema_migrations.contract: %w", err)
		}
	}
	return nil
}

// SchemaStatus is where the database's schema stands against this build.
type SchemaStatus struct {
	Current        int // the database's version; 0 before the first migration
	Latest         int // the newest version this build knows
	NewestContract int // the newest contracting migration applied (see Migrate); 0 if none
}

// Readable reports whether this build can serve on the schema: it is current, or ahead of this
// build by expanding migrations only. A schema behind is not: this build's migrations must run first.
func (st SchemaStatus) Readable() bool {
	return st.Current == st.Latest || st.Current > st.Latest && st.NewestContract <= st.Latest
}

// Ahead reports whether a newer build has migrated the schema further than this one knows.
func (st SchemaStatus) Ahead() bool { return st.Current > st.Latest }

// SchemaStatus reads where the database's schema stands against this build, for readiness checks,
// start-up and operators.
func (s *DB) SchemaStatus(ctx context.Context) (SchemaStatus, error) {
	ms, err := s.migrations()
	if err != nil {
		return SchemaStatus{}, err
	}
	exists, err := s.hasMigrationsTable(ctx)
	if err != nil {
		return SchemaStatus{Latest: len(ms)}, classify(err, "read the schema version")
	}
	if !exists {
		return SchemaStatus{Latest: len(ms)}, nil
	}
	st, err := readSchemaStatus(ctx, s.conn(ctx), len(ms))
	if err != nil {
		return SchemaStatus{Latest: len(ms)}, classify(err, "read the schema version")
	}
	return st, nil
}

// readSchemaStatus reads the schema's version and its newest contracting migration. The contract
// column may be missing while a build from before it has the table alone (it is added by the next
// Migrate); then no migration is known to contract.
func readSchemaStatus(ctx context.Context, q querier, latest int) (SchemaStatus, error) {
	st := SchemaStatus{Latest: latest}
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&st.Current); err != nil {
		return st, fmt.Errorf("read the schema version: %w", err)
	}
	if st.Current <= latest {
		return st, nil
	}
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations WHERE contract`).Scan(&st.NewestContract); err != nil {
		return st, fmt.Errorf("read the schema's contracting migrations: %w", err)
	}
	return st, nil
}

// hasMigrationsTable reports whether schema_migrations exists yet, which tells an empty database from
// a failing one.
func (s *DB) hasMigrationsTable(ctx context.Context) (bool, error) {
	q := `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`
	if s.dialect == DialectPostgres {
		q = `SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'schema_migrations'`
	}
	var n int
	if err := s.conn(ctx).QueryRowContext(ctx, q).Scan(&n); err != nil {
		return false, err
	}
	return n > 0, nil
}
