package main

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/sqlstore"
)

// TestClosingAnAccount signs the demo member in on the web through the running server, downloads
// their data, closes their account, and checks the whole stack's answer: the session and the
// session's access token, used as an app's bearer token, are refused at once (not after the 30 s
// the server may trust its last look at a token), the password signs in no more, and the email
// signs up again as a new account.
func TestClosingAnAccount(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "closing.db")
	base, logs, _ := startServe(t, "--demo", "--database-url", dbPath)
	member := demoAccounts[0]

	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	signIn := func() *http.Response { return signInAs(t, browser, base, member.email, member.password) }
	if resp := signIn(); resp.StatusCode != http.StatusOK || resp.Request.URL.Path != "/name-and-birth" {
		t.Fatalf("signing in ended at %d %s, want the app's first step", resp.StatusCode, resp.Request.URL.Path)
	}

	db, err := sqlstore.Open(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var userID, accessToken string
	if err := db.SQL().QueryRow(`SELECT user_id, access_token FROM web_sessions`).Scan(&userID, &accessToken); err != nil {
		t.Fatalf("reading the web session: %v", err)
	}

	app := &http.Client{Timeout: 10 * time.Second}
	bearer := func() int {
		req, _ := http.NewRequest(http.MethodGet, base+"/api/user/me", nil)
		req.Header.Set("Authorization", "Bearer "+accessToken)
		res, err := app.Do(req)
		if err != nil {
			t.Fatalf("GET /api/user/me: %v", err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res.StatusCode
	}
	if got := bearer(); got != http.StatusOK {
		t.Fatalf("the session's access token before closing: %d, want 200", got)
	}
	resp := send(t, browser, http.MethodGet, base+"/api/user/me/export", nil, "")
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Disposition"), `attachment; filename="wayfinder-my-data-`) {
		t.Fatalf("GET /api/user/me/export: %d %q, want the member's data as a download", resp.StatusCode, resp.Header.Get("Content-Disposition"))
	}

	resp = send(t, browser, http.MethodDelete, base+"/api/user/me", nil, "")
	if resp.StatusCode != http.StatusNoContent {
		t.Fatalf("DELETE /api/user/me: %d, want 204", resp.StatusCode)
	}
	if got := bearer(); got != http.StatusUnauthorized {
		t.Errorf("the session's access token right after closing: %d, want 401", got)
	}
	if resp := send(t, browser, http.MethodGet, base+"/api/user/me", nil, ""); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("the browser right after closing: %d, want 401", resp.StatusCode)
	}
	var left int
	if err := db.SQL().QueryRow(`SELECT COUNT(*) FROM users WHERE id = $1`, userID).Scan(&left); err != nil || left != 0 {
		t.Errorf("users with the closed account's id: %d (%v), want 0", left, err)
	}

	// The password signs in no more.
	if resp := signIn(); resp.StatusCode != http.StatusUnauthorized || resp.Request.URL.Path != "/idp/login" {
		t.Errorf("signing in with the old password ended at %d %s, want 401 on the sign-in page", resp.StatusCode, resp.Request.URL.Path)
	}

	// The email signs up again as somebody new.
	resp = send(t, browser, http.MethodGet, base+"/auth/login?signup=1&returnTo=/name-and-birth", nil, "")
	if resp.StatusCode != http.StatusOK || resp.Request.URL.Path != "/idp/signup" {
		t.Fatalf("GET /auth/login?signup=1 ended at %d %s, want the sign-up page", resp.StatusCode, resp.Request.URL.Path)
	}
	form := url.Values{"flow": {resp.Request.URL.Query().Get("flow")}, "email": {member.email}, "password": {"a brand new passphrase"}}
	if resp := send(t, browser, http.MethodPost, base+"/idp/signup", strings.NewReader(form.Encode()), "application/x-www-form-urlencoded"); resp.StatusCode != http.StatusOK {
		t.Fatalf("signing up again: %d at %s, want 200", resp.StatusCode, resp.Request.URL.Path)
	}
	var newID string
	if err := db.SQL().QueryRow(`SELECT u.id FROM users u JOIN credentials c ON c.user_id = u.id WHERE c.email = $1`, member.email).Scan(&newID); err != nil || newID == userID {
		t.Errorf("the account of the email after signing up again: %q (%v), want a new one", newID, err)
	}
	if strings.Contains(logs.String(), accessToken) {
		t.Error("the log contains the access token")
	}
}
