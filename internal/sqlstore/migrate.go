package sqlstore

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strconv"
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

// migration is one numbered schema change of one dialect.
type migration struct {
	version int
	name    string
	sql     string
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
		ms = append(ms, migration{version: v, name: m[2], sql: string(body)})
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
// place. It is safe to call on every start and from several replicas at once. It refuses a database
// that a newer build has already migrated further, because this build would not understand it.
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
			if _, err := tx.ExecContext(ctx, s.createMigrationsTable()); err != nil {
				return fmt.Errorf("create schema_migrations: %w", err)
			}
			var current int
			if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&current); err != nil {
				return fmt.Errorf("read the schema version: %w", err)
			}
			if current > len(ms) {
				return fmt.Errorf("the database schema is at version %d but this build knows only up to version %d; run a newer build", current, len(ms))
			}
			if current == len(ms) {
				done = true
				return nil
			}
			m := ms[current]
			if _, err := tx.ExecContext(ctx, m.sql); err != nil {
				return fmt.Errorf("apply migration %04d_%s: %w", m.version, m.name, err)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)`,
				m.version, m.name, now()); err != nil {
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

// createMigrationsTable is the bookkeeping table of Migrate, in each dialect's time type.
func (s *DB) createMigrationsTable() string {
	if s.dialect == DialectPostgres {
		return `CREATE TABLE IF NOT EXISTS schema_migrations (
			version    integer PRIMARY KEY,
			name       text NOT NULL,
			applied_at timestamptz NOT NULL
		)`
	}
	return `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		name       TEXT NOT NULL,
		applied_at TIMESTAMP NOT NULL
	)`
}

// MigrationStatus returns the schema version the database is at (0 before the first migration) and
// the newest version this build knows, so readiness checks and operators can tell whether they match.
func (s *DB) MigrationStatus(ctx context.Context) (current, latest int, err error) {
	ms, err := s.migrations()
	if err != nil {
		return 0, 0, err
	}
	err = s.conn(ctx).QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&current)
	if err != nil {
		exists, err2 := s.hasMigrationsTable(ctx)
		if err2 == nil && !exists {
			return 0, len(ms), nil
		}
		return 0, len(ms), classify(errors.Join(err, err2), "read the schema version")
	}
	return current, len(ms), nil
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
