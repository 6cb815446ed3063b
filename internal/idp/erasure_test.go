package idp

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"wayfinder/internal/account"
	"wayfinder/internal/idp/idpstore"
	"wayfinder/internal/privacy"
)

// TestClosedAccountSignsInNoMore closes an account of the provider, on each database, after it
// signed in, failed once and asked for a reset link: the limits' records of its email go with it,
// its password no longer signs in, and the email signs up anew as a new account.
func TestClosedAccountSignsInNoMore(t *testing.T) {
	t.Parallel()
	for name, dsn := range testDatabases(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := newTestEnvOn(t, dsn)
			ctx := t.Context()
			const email = "cleo@example.com"
			u, err := e.p.CreateUser(ctx, email, annPassword, account.RoleMember)
			if err != nil {
				t.Fatal(err)
			}
			b := e.browser()
			resp, _ := e.get(b, e.authorizeURL(e.authRequest(nil)))
			flowValue := flowOf(resp)
			signIn := func(password string) (*http.Response, string) {
				return e.postForm(b, "/idp/login", url.Values{"flow": {flowValue}, "email": {email}, "password": {password}})
			}
			if resp, _ := signIn("not the password"); resp.StatusCode != http.StatusUnauthorized {
				t.Fatalf("a wrong password: %d, want 401", resp.StatusCode)
			}
			if resp, _ := signIn(annPassword); resp.StatusCode != http.StatusSeeOther {
				t.Fatalf("the right password: %d, want 303", resp.StatusCode)
			}
			if err := e.p.Accounts.reserveReset(ctx, email, "203.0.113.9", e.clock.now()); err != nil {
				t.Fatal(err)
			}

			// The keys the provider names are those its limits counted under, whatever the case
			// and spacing of the email given.
			keys := e.p.Accounts.AttemptKeys(" Cleo@Example.com")
			countByScope := func() map[string]int {
				got := map[string]int{}
				for _, k := range keys {
					rows, err := e.db.SQL().Query(`SELECT scope FROM login_attempts WHERE key = $1`, k)
					if err != nil {
						t.Fatal(err)
					}
					for rows.Next() {
						var scope string
						if err := rows.Scan(&scope); err != nil {
							t.Fatal(err)
						}
						got[scope]++
					}
					rows.Close()
				}
				return got
			}
			if got := countByScope(); got[idpstore.AttemptScopeAccount] == 0 || got[idpstore.AttemptScopeReset] == 0 {
				t.Fatalf("records under AttemptKeys before closing = %v, want the account's and the reset links'", got)
			}

			if err := privacy.NewService(e.db, privacy.Config{SignIn: e.p.Accounts}).DeleteAccount(ctx, u.ID); err != nil {
				t.Fatalf("DeleteAccount: %v", err)
			}
			if got := countByScope(); len(got) != 0 {
				t.Errorf("records under AttemptKeys after closing = %v, want none", got)
			}

			// The old password is refused with the message any unknown email gets.
			resp, body := signIn(annPassword)
			if resp.StatusCode != http.StatusUnauthorized || !strings.Contains(body, "Wrong email or password") {
				t.Errorf("the old password after closing: %d, want 401 with the one message for wrong credentials", resp.StatusCode)
			}

			// The email is free again: signing up makes a new account.
			cb := e.signUp(e.browser(), e.authRequest(nil), email, "a whole new passphrase")
			if cb.Get("code") == "" {
				t.Fatalf("signing up again: callback %v, want a code", cb)
			}
			again, _, err := e.db.CredentialsByEmail(ctx, email)
			if err != nil || again.ID == u.ID {
				t.Errorf("the account of the email after signing up again = %+v, %v; want a new one", again, err)
			}
		})
	}
}
