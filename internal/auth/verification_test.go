package auth

import (
	"testing"

	"github.com/golang-jwt/jwt/v5"
)

// TestEmailVerifiedClaim checks that a provider's email_verified claim confirms the user's email
// on a bearer token's request, and that a later token saying false never undoes it.
func TestEmailVerifiedClaim(t *testing.T) {
	const absent = "absent"
	tests := []struct {
		name   string
		claims []any // email_verified of each request's token, in order; absent leaves it out
		want   bool
	}{
		{"no claim", []any{absent}, false},
		{"false", []any{false}, false},
		{"true", []any{true}, true},
		{"the string true", []any{"true"}, true},
		{"another string", []any{"yes"}, false},
		{"false after true", []any{true, false}, true},
		{"true on a later request", []any{false, true}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			for _, v := range tt.claims {
				c := e.p.accessClaims("auth0|v")
				if v != absent {
					c["email_verified"] = v
				}
				token := e.p.sign(c, map[string]any{"typ": "at+jwt"})
				e.remember(token)
				if rec, _, ok := e.withBearer("Bearer " + token); !ok {
					t.Fatalf("status %d, want the request through; err %v", rec.Code, e.lastErr())
				}
			}
			u, ok := e.store.userBySubject("auth0|v")
			if !ok {
				t.Fatal("no user was created")
			}
			if got, want := u.EmailVerified, tt.want; got != want {
				t.Errorf("EmailVerified = %v, want %v", got, want)
			}
		})
	}
}

// TestEmailVerifiedAtWebSignIn checks the web sign-in's ID token: its email_verified claim
// confirms the new user's email when the sign-in completes.
func TestEmailVerifiedAtWebSignIn(t *testing.T) {
	tests := []struct {
		name  string
		claim any
		want  bool
	}{
		{"verified", true, true},
		{"not verified", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			e.p.mutateID = func(c jwt.MapClaims) { c["email_verified"] = tt.claim }
			e.signIn("auth0|web")
			u, ok := e.store.userBySubject("auth0|web")
			if !ok {
				t.Fatal("no user was created")
			}
			if got, want := u.EmailVerified, tt.want; got != want {
				t.Errorf("EmailVerified = %v, want %v", got, want)
			}
		})
	}
}
