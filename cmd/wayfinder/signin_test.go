package main

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/sqlstore"
)

// TestSignOutEndsBearerTokens signs in on the web through the running server, takes the session's
// access token as an app would use a bearer token, signs out, and watches the token be refused once
// the server's remembered answer runs out. The bound is shortened from 30 s so the test need not wait.
func TestSignOutEndsBearerTokens(t *testing.T) {
	before := bearerCheckEvery
	bearerCheckEvery = 300 * time.Millisecond
	t.Cleanup(func() { bearerCheckEvery = before })
	dbPath := filepath.Join(t.TempDir(), "signout.db")
	base, logs, _ := startServe(t, "--demo", "--database-url", dbPath)

	browser := signInBrowser(t, base, demoAccounts[0].email, demoAccounts[0].password)

	db, err := sqlstore.Open(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var accessToken, refreshToken string
	if err := db.SQL().QueryRow(`SELECT access_token, refresh_token FROM web_sessions`).Scan(&accessToken, &refreshToken); err != nil {
		t.Fatalf("reading the web session's tokens: %v", err)
	}

	app := &http.Client{Timeout: 10 * time.Second}
	bearer := func() *http.Response {
		req, _ := http.NewRequest(http.MethodGet, base+"/api/user/me", nil)
		req.Header.Set("Authorization", "Bearer "+accessToken)
		res, err := app.Do(req)
		if err != nil {
			t.Fatalf("GET /api/user/me: %v", err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res
	}
	if res := bearer(); res.StatusCode != http.StatusOK {
		t.Fatalf("the session's access token as a bearer token before signing out: %d, want 200", res.StatusCode)
	}

	resp := send(t, browser, http.MethodPost, base+"/auth/logout", nil, "")
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("POST /auth/logout: %d, want 200", resp.StatusCode)
	}
	var usable int
	if err := db.SQL().QueryRow(`SELECT COUNT(*) FROM oauth_requests WHERE kind = 'refresh' AND active = true`).Scan(&usable); err != nil || usable != 0 {
		t.Errorf("%d refresh tokens still usable after signing out (%v), want 0", usable, err)
	}

	signedOut := time.Now()
	var last *http.Response
	for time.Since(signedOut) < 5*time.Second {
		if last = bearer(); last.StatusCode == http.StatusUnauthorized {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if last.StatusCode != http.StatusUnauthorized || last.Header.Get("WWW-Authenticate") != `Bearer error="invalid_token"` {
		t.Fatalf("the bearer token after signing out: %d %q, want 401 invalid_token", last.StatusCode, last.Header.Get("WWW-Authenticate"))
	}
	if waited := time.Since(signedOut); waited > 2*bearerCheckEvery+time.Second {
		t.Errorf("the bearer token was refused %v after signing out, want within %v", waited, bearerCheckEvery)
	}
	for name, secret := range map[string]string{"access token": accessToken, "refresh token": refreshToken} {
		if strings.Contains(logs.String(), secret) {
			t.Errorf("the log contains the %s", name)
		}
	}
}

// send makes a request with the client, following redirects, and returns the last response with
// its body read.
func send(t *testing.T, c *http.Client, method, target string, body io.Reader, contentType string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, target, body)
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, target, err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp
}
