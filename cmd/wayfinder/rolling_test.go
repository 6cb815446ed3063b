package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/sqlstore"
)

// TestServesOnASchemaAheadOfIt plays the old build's part in a rolling deploy: a newer build has
// migrated the database with migrations that only add, and this one must start, say so, and stay in
// the load balancer; when a later build contracts the schema, this one must leave it and refuse to
// start on it.
func TestServesOnASchemaAheadOfIt(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "rolling.db")
	var out bytes.Buffer
	if err := run(context.Background(), []string{"migrate", "--database-url", dbPath}, noEnv, strings.NewReader(""), &out, &out); err != nil {
		t.Fatalf("migrate: %v\n%s", err, out.String())
	}
	db, err := sqlstore.Open(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	st, err := db.SchemaStatus(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	future := func(version int, contract bool) {
		t.Helper()
		if _, err := db.SQL().Exec(`INSERT INTO schema_migrations (version, name, applied_at, contract) VALUES (?, ?, ?, ?)`,
			version, fmt.Sprintf("from_a_newer_build_%d", version), time.Now().UTC(), contract); err != nil {
			t.Fatal(err)
		}
	}
	future(st.Latest+1, false)

	base, logs, stop := startServe(t, "--database-url", dbPath)
	if !strings.Contains(logs.String(), "the database schema is ahead of this build") {
		t.Errorf("start-up logs = %s, want the schema ahead said once", logs.String())
	}
	if code, body := get(t, base+"/readyz"); code != http.StatusOK || !strings.Contains(body, `"schema":"ahead"`) {
		t.Errorf("GET /readyz on an expanded schema = %d %s, want 200, ahead", code, body)
	}

	future(st.Latest+2, true)
	if code, body := get(t, base+"/readyz"); code != http.StatusServiceUnavailable {
		t.Errorf("GET /readyz on a contracted schema = %d %s, want 503", code, body)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	err = run(context.Background(), []string{"serve", "--listen", "127.0.0.1:0", "--database-url", dbPath}, noEnv, strings.NewReader(""), &out, &out)
	if err == nil || !strings.Contains(err.Error(), "run a newer build") {
		t.Errorf("serve on a contracted schema = %v, want a refusal asking for a newer build", err)
	}
}
