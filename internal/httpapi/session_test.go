package httpapi

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/account"
)

// signedInCookie stores a web session for a new member and returns the cookie a browser would
// send, expiring idle at idleExpires.
func (ts *testServer) signedInCookie(t *testing.T, idleExpires time.Time) string {
	t.Helper()
	u, _, err := ts.db.EnsureUser(t.Context(), "auth0|session-member", "member@example.test", account.RoleMember)
	if err != nil {
		t.Fatal(err)
	}
	raw := "raw-session-value-" + strings.Repeat("x", 20)
	now := time.Now().UTC()
	err = ts.db.CreateSession(t.Context(), account.Session{
		IDHash: account.HashSessionID(raw), UserID: u.ID, CreatedAt: now, LastSeenAt: now,
		IdleExpiresAt: idleExpires, AbsoluteExpiresAt: now.Add(24 * time.Hour),
		AccessTokenExpiresAt: now.Add(time.Hour),
	})
	if err != nil {
		t.Fatal(err)
	}
	return ts.auth.SessionCookieName() + "=" + raw
}

func TestSessionCookie(t *testing.T) {
	tests := []struct {
		name       string
		method     string
		idleFor    time.Duration // how long until the session's idle expiry; negative: already expired
		header     map[string]string
		wantStatus int
	}{
		{name: "signed in", method: "GET", idleFor: time.Hour, wantStatus: 200},
		{name: "idle-expired session", method: "GET", idleFor: -time.Minute, wantStatus: 401},
		{name: "cross-origin write with the cookie", method: "PUT", idleFor: time.Hour,
			header: map[string]string{"Origin": "https://evil.example.test", "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json"}, wantStatus: 403},
		{name: "cross-origin logout", method: "POST", idleFor: time.Hour,
			header: map[string]string{"Origin": "https://evil.example.test", "Sec-Fetch-Site": "cross-site"}, wantStatus: 403},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestServer(t)
			cookie := ts.signedInCookie(t, time.Now().Add(tt.idleFor))
			header := map[string]string{"Cookie": cookie}
			for k, v := range tt.header {
				header[k] = v
			}
			path := "/api/user/me"
			if tt.name == "cross-origin logout" {
				path = "/auth/logout"
			}
			body := strings.NewReader("")
			if tt.method == "PUT" {
				body = strings.NewReader(`{}`)
			}
			w := ts.do(tt.method, path, body, header)
			if got, want := w.Code, tt.wantStatus; got != want {
				t.Fatalf("status = %d, want %d; body %s", got, want, w.Body.String())
			}
			if w.Code != http.StatusOK && w.Header().Get("Content-Type") != "application/problem+json" {
				t.Errorf("Content-Type = %q, want application/problem+json", w.Header().Get("Content-Type"))
			}
			if w.Code == http.StatusOK && !strings.Contains(w.Body.String(), `"email":"member@example.test"`) {
				t.Errorf("body = %s, want the session's member", w.Body.String())
			}
			if tt.idleFor < 0 {
				if !strings.Contains(ts.logs.String(), `"level":"WARN","msg":"session cookie refused"`) {
					t.Errorf("an expired session left no warning in the log: %s", ts.logs.String())
				}
				if strings.Contains(ts.logs.String(), "raw-session-value") {
					t.Errorf("the log shows the session cookie: %s", ts.logs.String())
				}
				if c := w.Header().Get("Set-Cookie"); !strings.Contains(c, "Max-Age=0") {
					t.Errorf("Set-Cookie = %q, want the stale cookie cleared", c)
				}
			}
		})
	}
}
