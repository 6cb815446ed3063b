package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"wayfinder/internal/sealed"
	"wayfinder/internal/sqlstore"
)

// TestADatabaseDumpSignsNoToken runs the server with a secret key, takes a copy of its database as a
// leaked backup would be, and wants nothing in it to sign a token the server accepts: the signing
// keys and secrets are sealed in it, a server started on the copy without the key refuses to start,
// and a token signed with any other key under the real key's id is refused.
func TestADatabaseDumpSignsNoToken(t *testing.T) {
	key := sealed.NewKey()
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "live.db")
	base, _, stop := startServe(t, "--demo", "--database-url", dbPath, "--secret-key", key)
	signInBrowser(t, base, demoAccounts[0].email, demoAccounts[0].password)
	if err := stop(); err != nil {
		t.Fatal(err)
	}

	dump := filepath.Join(dir, "dump.db")
	copyFile(t, dbPath, dump)
	db, err := sqlstore.Open(context.Background(), dump)
	if err != nil {
		t.Fatal(err)
	}
	var kid, memberID string
	rows, err := db.SQL().Query(`SELECT 'key ' || kid, private_key_pem FROM signing_keys UNION ALL SELECT 'secret ' || name, value FROM server_secrets`)
	if err != nil {
		t.Fatal(err)
	}
	stored := 0
	for rows.Next() {
		var name string
		var value []byte
		if err := rows.Scan(&name, &value); err != nil {
			t.Fatal(err)
		}
		stored++
		if kid == "" && strings.HasPrefix(name, "key ") {
			kid = strings.TrimPrefix(name, "key ")
		}
		if !sealed.IsSealed(value) || bytes.Contains(value, []byte("PRIVATE KEY")) {
			t.Errorf("the dump holds %s unsealed", name)
		}
	}
	rows.Close()
	if err := db.SQL().QueryRow(`SELECT id FROM users WHERE email = ?`, demoAccounts[0].email).Scan(&memberID); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if stored < 3 || kid == "" {
		t.Fatalf("the dump holds %d secrets and signing keys, want the keys and the server secrets", stored)
	}

	// The dump alone: a server started on it without the key has no signing key to use.
	var out bytes.Buffer
	err = run(context.Background(), []string{"serve", "--listen", "127.0.0.1:0", "--database-url", dump}, noEnv, strings.NewReader(""), &out, &out)
	if err == nil || !strings.Contains(err.Error(), "WAYFINDER_SECRET_KEY") {
		t.Errorf("serve on the dump without the key = %v, want a refusal naming WAYFINDER_SECRET_KEY", err)
	}

	// A token forged with another key, under the real key's id, for the real member.
	base, _, _ = startServe(t, "--demo", "--database-url", dbPath, "--secret-key", key)
	forger, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, jwt.MapClaims{
		"iss": base + "/idp", "aud": base + "/api", "sub": memberID, "exp": time.Now().Add(time.Hour).Unix(),
		"iat": time.Now().Unix(), "scope": "openid",
	})
	tok.Header["kid"] = kid
	tok.Header["typ"] = "at+jwt"
	forged, err := tok.SignedString(forger)
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodGet, base+"/api/user/me", nil)
	req.Header.Set("Authorization", "Bearer "+forged)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusUnauthorized {
		t.Errorf("GET /api/user/me with a forged token = %d %s, want 401", res.StatusCode, body)
	}
	// The real key still signs: the member signs in again with the key.
	browser := signInBrowser(t, base, demoAccounts[0].email, demoAccounts[0].password)
	res, err = browser.Get(base + "/api/user/me")
	if err != nil {
		t.Fatal(err)
	}
	var me struct {
		Me struct {
			UserID string `json:"userId"`
		} `json:"me"`
	}
	_ = json.NewDecoder(res.Body).Decode(&me)
	res.Body.Close()
	if me.Me.UserID != memberID {
		t.Errorf("signed in with the key: user %q, want %q", me.Me.UserID, memberID)
	}
}

// TestTheDemoMakesItsOwnSecretKey wants a demo without a key to make one beside its database, say
// where, and use the same one at the next start.
func TestTheDemoMakesItsOwnSecretKey(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "demo.db")
	_, logs, stop := startServe(t, "--demo", "--database-url", dbPath)
	keyFile := filepath.Join(filepath.Dir(dbPath), "secret.key")
	if !strings.Contains(logs.String(), keyFile) {
		t.Errorf("the demo's start-up logs do not say where its key is (%s):\n%s", keyFile, logs.String())
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	// The same key opens what the first start sealed.
	base, _, _ := startServe(t, "--demo", "--database-url", dbPath)
	signInBrowser(t, base, demoAccounts[0].email, demoAccounts[0].password)
}
