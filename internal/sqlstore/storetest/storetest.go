// Package storetest opens migrated stores on the test databases of sqltest, for the tests of the
// packages that use the store. (The store's own tests can't import it: it imports the store.)
package storetest

import (
	"context"
	"testing"

	"wayfinder/internal/sqlstore"
	"wayfinder/internal/sqlstore/sqltest"
)

// Open opens and migrates the database at dsn, closed when the test ends.
func Open(t testing.TB, dsn string) *sqlstore.DB {
	t.Helper()
	db, err := sqlstore.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return db
}

// Stores returns a migrated store on each test database (sqltest.Databases), by dialect.
func Stores(t testing.TB) map[string]*sqlstore.DB {
	t.Helper()
	out := map[string]*sqlstore.DB{}
	for _, d := range sqltest.Databases(t) {
		out[d.Dialect] = Open(t, d.DSN)
	}
	return out
}
