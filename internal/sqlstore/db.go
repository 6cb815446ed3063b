// Package sqlstore keeps Wayfinder's data in SQLite (one file, the default) or PostgreSQL (production,
// shared by many replicas). Both dialects run the same plain SQL where they can; the schema of each
// lives in embedded, numbered migration files. Every method returns apperr errors, so callers never
// see a driver's error type or SQL text.
package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	_ "modernc.org/sqlite"             // registers the "sqlite" database/sql driver

	"wayfinder/internal/apperr"
	"wayfinder/internal/sealed"
)

// The dialects a DB can speak.
const (
	DialectSQLite   = "sqlite"
	DialectPostgres = "postgres"
)

// sqlitePragmas are added to every SQLite DSN. The busy timeout comes first so that a second process
// waits for a lock, even while switching to WAL, instead of failing at once. WAL lets readers run
// beside the one writer; synchronous FULL makes every commit durable; foreign keys are off in SQLite
// unless asked for; immediate transactions take the write lock at BEGIN, so two writers never
// deadlock upgrading a read lock. The time settings make the driver write every time as UTC text in
// one format, so stored times compare and sort correctly as text.
const sqlitePragmas = "_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)" +
	"&_pragma=foreign_keys(1)&_txlock=immediate&_time_format=sqlite&_timezone=UTC"

// DB is Wayfinder's store. It is safe for concurrent use.
type DB struct {
	db      *sql.DB
	dialect string
	stmts   sync.Map // query text → *sql.Stmt, see stmt

	writes groupCommitter // SQLite only, see InTx

	secrets *sealed.Keyring // seals the server's secrets at rest; nil stores them in the clear
}

// SetSecretKeyring has the store seal the server's secrets (signing keys, server secrets) with k
// before it writes them, and open them when it reads them. Secrets stored in the clear, or sealed
// with one of k's previous keys, are sealed again with its current key as they are read. Set it
// before the store is used.
func (s *DB) SetSecretKeyring(k *sealed.Keyring) { s.secrets = k }

// Open connects to the database named by dsn and checks that it answers. A postgres:// or
// postgresql:// URL selects PostgreSQL; anything else is a SQLite file path, optionally prefixed with
// sqlite: or written as a file: URI. The parent directory of a SQLite file is created when missing.
// Open does not migrate; call Migrate.
func Open(ctx context.Context, dsn string) (*DB, error) {
	var (
		db      *sql.DB
		dialect string
		where   string
		err     error
	)
	if strings.TrimSpace(dsn) == "" {
		return nil, refuse("no database is configured: give a SQLite file path or a postgres:// URL")
	}
	if isPostgresURL(dsn) {
		dialect, where = DialectPostgres, "the PostgreSQL database at "+redactURL(dsn)
		db, err = sql.Open("pgx", dsn)
		if err != nil {
			return nil, apperr.Generic(apperr.Unavailable, fmt.Errorf("cannot open %s: %w", where, err))
		}
		// Postgres is shared by every replica, so each keeps a modest pool: ten replicas stay under
		// the server's default of 100 connections. SetMaxConns changes it.
		db.SetMaxOpenConns(DefaultMaxConns)
		db.SetMaxIdleConns(DefaultMaxConns)
		db.SetConnMaxIdleTime(5 * time.Minute)
		db.SetConnMaxLifetime(30 * time.Minute)
	} else {
		name, path, memory := sqliteDSN(dsn)
		dialect, where = DialectSQLite, "the SQLite database "+path
		if !memory {
			if dir := filepath.Dir(path); dir != "" {
				if err := os.MkdirAll(dir, 0o700); err != nil {
					return nil, apperr.Generic(apperr.Unavailable, fmt.Errorf("cannot create the directory %s for the SQLite database: %w", dir, err))
				}
			}
		}
		db, err = sql.Open("sqlite", name)
		if err != nil {
			return nil, apperr.Generic(apperr.Unavailable, fmt.Errorf("cannot open %s: %w", where, err))
		}
		// SQLite allows one writer at a time. One connection queues writers in the pool (in no
		// particular order) instead of letting them spin on the busy timeout; reads are short lookups
		// that do not suffer from waiting their turn. An in-memory database must keep its single connection forever.
		db.SetMaxOpenConns(1)
		db.SetMaxIdleConns(1)
		db.SetConnMaxIdleTime(0)
		db.SetConnMaxLifetime(0)
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, apperr.Generic(apperr.Unavailable, fmt.Errorf("cannot reach %s: %w", where, err))
	}
	return &DB{db: db, dialect: dialect}, nil
}

// isPostgresURL reports whether dsn names a PostgreSQL server rather than a SQLite file.
func isPostgresURL(dsn string) bool {
	lower := strings.ToLower(dsn)
	return strings.HasPrefix(lower, "postgres://") || strings.HasPrefix(lower, "postgresql://")
}

// sqliteDSN turns what the operator wrote into the driver's DSN with Wayfinder's pragmas, and returns
// the file path to create the directory for and to name in messages. A file: URI keeps its form so
// SQLite's own URI parameters still apply.
func sqliteDSN(dsn string) (name, path string, memory bool) {
	rest := dsn
	if strings.HasPrefix(strings.ToLower(rest), "sqlite:") {
		rest = strings.TrimPrefix(rest[len("sqlite:"):], "//")
	}
	path, query, _ := strings.Cut(rest, "?")
	if strings.HasPrefix(path, "file:") {
		path = strings.TrimPrefix(path, "file:")
		path = strings.TrimPrefix(path, "//")
	}
	memory = path == "" || path == ":memory:" || strings.Contains(query, "mode=memory")
	if query == "" {
		return rest + "?" + sqlitePragmas, path, memory
	}
	return rest + "&" + sqlitePragmas, path, memory
}

// redactURL hides the password of a database URL, in its user part or its query, so the address
// can appear in an error message and a log.
func redactURL(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "(an address that is not a valid URL)"
	}
	q := u.Query()
	if q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.Redacted()
}

// DefaultMaxConns is the size of a PostgreSQL pool until SetMaxConns changes it.
const DefaultMaxConns = 10

// SetMaxConns sets how many connections the pool of a PostgreSQL database opens at most, and keeps
// as many idle. SQLite keeps its one connection: it allows one writer at a time anyway.
func (s *DB) SetMaxConns(n int) {
	if s.dialect != DialectPostgres || n < 1 {
		return
	}
	s.db.SetMaxOpenConns(n)
	s.db.SetMaxIdleConns(n)
}

// Dialect returns "sqlite" or "postgres".
func (s *DB) Dialect() string { return s.dialect }

// SQL returns the underlying pool, for the metrics of its connections. Queries belong in this package.
func (s *DB) SQL() *sql.DB { return s.db }

// Ping checks that the database answers, for readiness checks.
func (s *DB) Ping(ctx context.Context) error {
	if err := s.db.PingContext(ctx); err != nil {
		return apperr.Generic(apperr.Unavailable, fmt.Errorf("the database does not answer: %w", err))
	}
	return nil
}

// Close closes the prepared statements and the pool; queries still running and saves already
// queued finish first.
func (s *DB) Close() error {
	s.writes.close()
	s.stmts.Range(func(_, st any) bool {
		st.(*sql.Stmt).Close()
		return true
	})
	return s.db.Close()
}

// forUpdate is the row-lock clause for a SELECT inside a transaction. PostgreSQL needs it so two
// replicas cannot both read a row and act on it; SQLite has no row locks and needs none, because an
// immediate transaction already holds the database's single write lock.
func (s *DB) forUpdate() string {
	if s.dialect == DialectPostgres {
		return " FOR UPDATE"
	}
	return ""
}

// utc normalizes a time for storage: UTC, to the microsecond PostgreSQL keeps, so a value reads back
// equal to what was written on both databases.
func utc(t time.Time) time.Time {
	return t.UTC().Truncate(time.Microsecond)
}

// nullTime stores the zero time as NULL.
func nullTime(t time.Time) sql.NullTime {
	if t.IsZero() {
		return sql.NullTime{}
	}
	return sql.NullTime{Time: utc(t), Valid: true}
}

// optionalTime stores a time that may be missing (nil) as NULL.
func optionalTime(t *time.Time) sql.NullTime {
	if t == nil {
		return sql.NullTime{}
	}
	return nullTime(*t)
}

// nullString stores an empty string as NULL, for optional references.
func nullString(s string) sql.NullString {
	return sql.NullString{String: s, Valid: s != ""}
}

// now is the store's clock for the methods whose callers do not pass a time.
func now() time.Time { return utc(time.Now()) }
