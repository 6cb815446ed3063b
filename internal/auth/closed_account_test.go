package auth

import (
	"net/http"
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
)

// TestBearerOfClosedAccount closes an account while its bearer token is still valid and still
// remembered as active: with ExistingUsersOnly (the embedded provider) the next request is refused
// at once and no empty account takes its place; without it (an external provider) a subject that
// is new here is a new member, as before.
func TestBearerOfClosedAccount(t *testing.T) {
	tests := []struct {
		name          string
		existingOnly  bool
		wantAfter     int
		wantUsers     int
		wantEnsureRun int
	}{
		{"the embedded provider's token of a closed account", true, http.StatusUnauthorized, 0, 0},
		{"an external provider's token makes a new member", false, http.StatusNoContent, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hook := &activeHook{active: true}
			e := newEnv(t, func(c *Config) {
				c.AccessTokenActive = hook.check
				c.ExistingUsersOnly = tt.existingOnly
			})
			u, _, err := e.store.EnsureUser(t.Context(), "member-1", "member-1@example.com", account.RoleMember)
			if err != nil {
				t.Fatal(err)
			}
			token := e.p.sign(e.p.accessClaims("member-1"), map[string]any{"typ": "at+jwt"})
			e.remember(token)
			if rec, p, ok := e.withBearer("Bearer " + token); rec.Code != http.StatusNoContent || !ok || p.User.ID != u.ID {
				t.Fatalf("before closing: status %d, principal %+v; want 204 as %s", rec.Code, p.User, u.ID)
			}

			e.store.mu.Lock()
			delete(e.store.users, u.ID)
			e.store.mu.Unlock()
			e.clock.Advance(time.Second) // well within the remembered answer's 30 s

			rec, _, _ := e.withBearer("Bearer " + token)
			if got, want := rec.Code, tt.wantAfter; got != want {
				t.Errorf("after closing: status %d, want %d", got, want)
			}
			if tt.wantAfter == http.StatusUnauthorized {
				if err := e.lastErr(); !apperr.Is(err, apperr.Unauthenticated) {
					t.Errorf("OnError got %v, want Unauthenticated", err)
				}
				if got := rec.Header().Get("WWW-Authenticate"); got != `Bearer error="invalid_token"` {
					t.Errorf("WWW-Authenticate = %q", got)
				}
			}
			if got, want := len(e.store.users), tt.wantUsers; got != want {
				t.Errorf("%d users after the request, want %d", got, want)
			}
			if got, want := e.store.count("EnsureUser"), tt.wantEnsureRun+1; got != want {
				t.Errorf("EnsureUser called %d times, want %d (one of them the test's own)", got, want)
			}
			if got, want := hook.count(), 1; got != want {
				t.Errorf("%d lookups of the token, want %d: the refusal must not wait for the remembered answer", got, want)
			}
		})
	}
}
