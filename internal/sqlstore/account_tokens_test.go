package sqlstore

import (
	"sync"
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/idp/idpstore"
)

func TestAccountTokens(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			u, err := db.CreateUserWithPassword(ctx, "tokens-"+s.name+"@example.com", account.RoleMember, "hash", t0)
			if err != nil {
				t.Fatal(err)
			}
			reset := idpstore.AccountToken{Hash: "h-reset-" + s.name, Purpose: idpstore.TokenPasswordReset, UserID: u.ID,
				Email: u.Email, CreatedAt: t0, ExpiresAt: t0.Add(30 * time.Minute)}
			creates := []struct {
				name     string
				token    idpstore.AccountToken
				wantCode apperr.Code
			}{
				{"a reset link", reset, ""},
				{"a confirmation link", idpstore.AccountToken{Hash: "h-verify-" + s.name, Purpose: idpstore.TokenEmailVerification,
					UserID: u.ID, Email: u.Email, CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}, ""},
				{"an unknown purpose", idpstore.AccountToken{Hash: "x", Purpose: "login", UserID: u.ID, Email: u.Email,
					CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}, apperr.Invalid},
				{"no lifetime", idpstore.AccountToken{Hash: "y", Purpose: idpstore.TokenPasswordReset, UserID: u.ID,
					Email: u.Email, CreatedAt: t0, ExpiresAt: t0}, apperr.Invalid},
				{"an unknown user", idpstore.AccountToken{Hash: "z", Purpose: idpstore.TokenPasswordReset, UserID: "nobody",
					Email: "a@example.com", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}, apperr.NotFound},
			}
			for _, tt := range creates {
				if got := codeOf(db.CreateAccountToken(ctx, tt.token)); got != tt.wantCode {
					t.Errorf("CreateAccountToken(%s) code = %q, want %q", tt.name, got, tt.wantCode)
				}
			}

			reads := []struct {
				name     string
				purpose  string
				hash     string
				at       time.Time
				wantCode apperr.Code
			}{
				{"while it lasts", idpstore.TokenPasswordReset, reset.Hash, t0.Add(29 * time.Minute), ""},
				{"after it expired", idpstore.TokenPasswordReset, reset.Hash, t0.Add(30 * time.Minute), apperr.NotFound},
				{"for another purpose", idpstore.TokenEmailVerification, reset.Hash, t0, apperr.NotFound},
				{"a made-up hash", idpstore.TokenPasswordReset, "made-up", t0, apperr.NotFound},
			}
			for _, tt := range reads {
				got, err := db.AccountToken(ctx, tt.purpose, tt.hash, tt.at)
				if code := codeOf(err); code != tt.wantCode {
					t.Errorf("AccountToken(%s) code = %q, want %q", tt.name, code, tt.wantCode)
				}
				if err == nil && (got.UserID != u.ID || got.Email != u.Email || !got.ExpiresAt.Equal(reset.ExpiresAt) || !got.UsedAt.IsZero()) {
					t.Errorf("AccountToken(%s) = %+v, want the stored reset link", tt.name, got)
				}
			}

			// Ten uses at once: exactly one gets the link.
			var (
				wg   sync.WaitGroup
				mu   sync.Mutex
				wins int
			)
			for range 10 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if _, err := db.UseAccountToken(ctx, idpstore.TokenPasswordReset, reset.Hash, t0.Add(time.Minute)); err == nil {
						mu.Lock()
						wins++
						mu.Unlock()
					} else if codeOf(err) != apperr.NotFound {
						t.Errorf("UseAccountToken: %v, want NotFound for the losers", err)
					}
				}()
			}
			wg.Wait()
			if wins != 1 {
				t.Errorf("%d of 10 parallel uses succeeded, want 1", wins)
			}
			if _, err := db.AccountToken(ctx, idpstore.TokenPasswordReset, reset.Hash, t0.Add(time.Minute)); codeOf(err) != apperr.NotFound {
				t.Errorf("a used link reads back with %v, want NotFound", err)
			}

			if n, err := db.DeleteAccountTokens(ctx, u.ID, idpstore.TokenEmailVerification); err != nil || n != 1 {
				t.Errorf("DeleteAccountTokens = %d, %v; want 1", n, err)
			}
			if _, err := db.UseAccountToken(ctx, idpstore.TokenEmailVerification, "h-verify-"+s.name, t0); codeOf(err) != apperr.NotFound {
				t.Errorf("a deleted link was used: %v", err)
			}
		})
	}
}
