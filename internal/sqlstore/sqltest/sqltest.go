// Package sqltest makes throw-away databases for tests: a SQLite file always, and a PostgreSQL
// database when WAYFINDER_TEST_DATABASE_URL names a server (make test and CI set it). It only
// creates and drops databases and imports no package of Wayfinder's, so the store's own tests and
// every other package's can use it.
package sqltest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
)

// EnvDatabaseURL names the PostgreSQL server the tests also run against, for example
// postgres://postgres@127.0.0.1:5432/test?sslmode=disable. Without it they run on SQLite only.
const EnvDatabaseURL = "WAYFINDER_TEST_DATABASE_URL"

// Database is one fresh, empty database: its dialect ("sqlite" or "postgres") and its DSN.
type Database struct {
	Dialect string
	DSN     string
}

// Databases returns the databases a test runs against: a new SQLite file, and a new PostgreSQL
// database when EnvDatabaseURL is set. They are removed when the test ends.
func Databases(t testing.TB) []Database {
	t.Helper()
	dbs := []Database{{Dialect: "sqlite", DSN: filepath.Join(t.TempDir(), "wayfinder.db")}}
	if dsn := Postgres(t); dsn != "" {
		dbs = append(dbs, Database{Dialect: "postgres", DSN: dsn})
	}
	return dbs
}

// Postgres makes a database with a random name on the server EnvDatabaseURL names and returns its
// DSN, or "" when the variable is not set. The database is dropped when the test ends, so tests
// never see each other's rows and may run in parallel.
func Postgres(t testing.TB) string {
	t.Helper()
	adminURL := os.Getenv(EnvDatabaseURL)
	if adminURL == "" {
		return ""
	}
	ctx := context.Background()
	admin, err := sql.Open("pgx", adminURL)
	if err != nil {
		t.Fatalf("open %s: %v", EnvDatabaseURL, err)
	}
	b := make([]byte, 6)
	rand.Read(b)
	name := "wayfinder_test_" + hex.EncodeToString(b)
	if _, err := admin.ExecContext(ctx, `CREATE DATABASE `+name); err != nil {
		admin.Close()
		t.Fatalf("create a test database on the server of %s: %v", EnvDatabaseURL, err)
	}
	// Cleanups run last-in first-out, so this one runs after a store opened on it is closed.
	t.Cleanup(func() {
		if _, err := admin.ExecContext(context.Background(), `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`); err != nil {
			t.Errorf("drop the test database %s: %v", name, err)
		}
		admin.Close()
	})
	u, err := url.Parse(adminURL)
	if err != nil {
		t.Fatalf("parse %s: %v", EnvDatabaseURL, err)
	}
	u.Path = "/" + name
	return u.String()
}
