package sqlstore

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/idp/idpstore"
)

func TestLoginAttempts(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			min := func(m int) time.Time { return t0.Add(time.Duration(m) * time.Minute) }
			ids := map[string]int64{}
			for i, a := range []idpstore.LoginAttempt{
				{Scope: idpstore.AttemptScopeAccount, Key: "ann", Succeeded: false, At: min(0)},
				{Scope: idpstore.AttemptScopeAccount, Key: "ann", Succeeded: false, At: min(1)},
				{Scope: idpstore.AttemptScopeAccount, Key: "ann", Succeeded: false, At: min(2)}, // made a success below: it wipes the two before it
				{Scope: idpstore.AttemptScopeAccount, Key: "ann", Succeeded: false, At: min(3)},
				{Scope: idpstore.AttemptScopeAccount, Key: "ann", Succeeded: false, At: min(4)},
				{Scope: idpstore.AttemptScopeAddress, Key: "ann", Succeeded: false, At: min(4)}, // another scope, same key
				{Scope: idpstore.AttemptScopeAccount, Key: "bob", Succeeded: false, At: min(-30)},
				{Scope: idpstore.AttemptScopeAccount, Key: "bob", Succeeded: false, At: min(5)},
				{Scope: idpstore.AttemptScopePair, Key: "ann-here", Succeeded: true, At: min(-60)},
				{Scope: idpstore.AttemptScopeSignup, Key: "here", Succeeded: false, At: min(6)}, // forgotten below
			} {
				id, err := db.RecordLoginAttempt(ctx, a)
				if err != nil || id == 0 {
					t.Fatalf("RecordLoginAttempt(%+v) = %d, %v", a, id, err)
				}
				ids[fmt.Sprint(i)] = id
			}
			if err := db.SucceedLoginAttempts(ctx, ids["2"]); err != nil {
				t.Fatal(err)
			}
			if err := db.ForgetLoginAttempts(ctx, ids["9"]); err != nil {
				t.Fatal(err)
			}
			if _, err := db.RecordLoginAttempt(ctx, idpstore.LoginAttempt{Scope: "planet", Key: "x", At: t0}); codeOf(err) != apperr.Invalid {
				t.Errorf("RecordLoginAttempt(unknown scope) code = %q, want %q", codeOf(err), apperr.Invalid)
			}

			tests := []struct {
				name       string
				scope, key string
				since      time.Time
				want       idpstore.LoginFailures
			}{
				{"failures after the last success", idpstore.AttemptScopeAccount, "ann", min(-15), idpstore.LoginFailures{Count: 2, Oldest: min(3), Latest: min(4)}},
				{"the window cuts the older failures", idpstore.AttemptScopeAccount, "ann", min(3), idpstore.LoginFailures{Count: 1, Oldest: min(4), Latest: min(4)}},
				{"scopes are separate", idpstore.AttemptScopeAddress, "ann", min(-15), idpstore.LoginFailures{Count: 1, Oldest: min(4), Latest: min(4)}},
				{"old failures fall out of the window", idpstore.AttemptScopeAccount, "bob", min(-15), idpstore.LoginFailures{Count: 1, Oldest: min(5), Latest: min(5)}},
				{"a forgotten attempt", idpstore.AttemptScopeSignup, "here", min(-15), idpstore.LoginFailures{}},
				{"nobody", idpstore.AttemptScopeAccount, "carol", min(-15), idpstore.LoginFailures{}},
			}
			for _, tt := range tests {
				got, err := db.LoginFailures(ctx, tt.scope, tt.key, tt.since)
				if err != nil || got != tt.want {
					t.Errorf("idpstore.LoginFailures %s = %+v, %v; want %+v", tt.name, got, err, tt.want)
				}
			}
			for _, tt := range []struct {
				since time.Time
				want  bool
			}{{min(-90), true}, {min(-60), false}} {
				if got, err := db.LoginSucceededSince(ctx, idpstore.AttemptScopePair, "ann-here", tt.since); err != nil || got != tt.want {
					t.Errorf("LoginSucceededSince(%v) = %v, %v; want %v", tt.since, got, err, tt.want)
				}
			}
		})
	}
}

// TestLockLoginAttempts checks that counting and recording under a key is one at a time: attempts
// made at once, each counting the failures and recording one more only while there are fewer than
// five, record five in all.
func TestLockLoginAttempts(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			if s.name == DialectPostgres {
				if err := db.LockLoginAttempts(ctx, "k"); codeOf(err) != apperr.Internal {
					t.Errorf("LockLoginAttempts outside a transaction = %v, want an error", err)
				}
			}
			var wg sync.WaitGroup
			for range 40 {
				wg.Go(func() {
					err := db.InTx(ctx, func(ctx context.Context) error {
						if err := db.LockLoginAttempts(ctx, "k", "other"); err != nil {
							return err
						}
						f, err := db.LoginFailures(ctx, idpstore.AttemptScopeAccount, "k", t0.Add(-time.Hour))
						if err != nil || f.Count >= 5 {
							return err
						}
						_, err = db.RecordLoginAttempt(ctx, idpstore.LoginAttempt{Scope: idpstore.AttemptScopeAccount, Key: "k", At: t0})
						return err
					})
					if err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			if f, err := db.LoginFailures(ctx, idpstore.AttemptScopeAccount, "k", t0.Add(-time.Hour)); err != nil || f.Count != 5 {
				t.Errorf("attempts recorded = %d, %v; want 5", f.Count, err)
			}
		})
	}
}

func TestIdPSessions(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
			session := func(hash, userID string) idpstore.IdPSession {
				return idpstore.IdPSession{IDHash: hash, UserID: userID, AuthTime: t0, CreatedAt: t0, ExpiresAt: t0.Add(14 * 24 * time.Hour)}
			}
			creates := []struct {
				name     string
				in       idpstore.IdPSession
				wantCode apperr.Code
			}{
				{"ann's phone", session("ann-1", ann.ID), ""},
				{"ann's laptop", session("ann-2", ann.ID), ""},
				{"bob", session("bob-1", bob.ID), ""},
				{"the same hash", session("bob-1", bob.ID), apperr.Conflict},
				{"an unknown user", session("x", "nobody"), apperr.NotFound},
				{"no hash", session("", bob.ID), apperr.Invalid},
			}
			for _, tt := range creates {
				if code := codeOf(db.CreateIdPSession(ctx, tt.in)); code != tt.wantCode {
					t.Errorf("CreateIdPSession %s: code = %q, want %q", tt.name, code, tt.wantCode)
				}
			}

			finds := []struct {
				name     string
				hash     string
				now      time.Time
				wantCode apperr.Code
			}{
				{"alive", "ann-1", t0.Add(time.Hour), ""},
				{"expired", "ann-1", t0.Add(15 * 24 * time.Hour), apperr.NotFound},
				{"unknown", "nope", t0, apperr.NotFound},
			}
			for _, tt := range finds {
				got, err := db.IdPSessionByIDHash(ctx, tt.hash, tt.now)
				if code := codeOf(err); code != tt.wantCode {
					t.Errorf("IdPSessionByIDHash %s: code = %q, want %q", tt.name, code, tt.wantCode)
					continue
				}
				if want := session(tt.hash, ann.ID); err == nil && got != want {
					t.Errorf("IdPSessionByIDHash %s = %+v, want %+v", tt.name, got, want)
				}
			}

			if err := db.DeleteIdPSession(ctx, "bob-1"); err != nil {
				t.Errorf("DeleteIdPSession: %v", err)
			}
			if err := db.DeleteIdPSession(ctx, "bob-1"); err != nil {
				t.Errorf("DeleteIdPSession twice: %v, want nil", err)
			}
			if n, err := db.DeleteUserIdPSessions(ctx, ann.ID); err != nil || n != 2 {
				t.Errorf("DeleteUserIdPSessions = %d, %v; want 2, nil", n, err)
			}
			for _, h := range []string{"ann-1", "ann-2", "bob-1"} {
				if _, err := db.IdPSessionByIDHash(ctx, h, t0); codeOf(err) != apperr.NotFound {
					t.Errorf("IdPSessionByIDHash(%q) after the deletes: err = %v, want NotFound", h, err)
				}
			}
		})
	}
}

func TestDeleteExpiredIdentityRows(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			u := mustUser(t, db, "ann")
			later := t0.Add(time.Hour)
			for _, ls := range []account.LoginState{
				{StateHash: "gone", CreatedAt: t0, ExpiresAt: t0.Add(10 * time.Minute)},
				{StateHash: "kept", CreatedAt: t0, ExpiresAt: later.Add(time.Minute)},
			} {
				if err := db.CreateLoginState(ctx, ls); err != nil {
					t.Fatal(err)
				}
			}
			for _, ss := range []idpstore.IdPSession{
				{IDHash: "gone", UserID: u.ID, AuthTime: t0, CreatedAt: t0, ExpiresAt: later},
				{IDHash: "kept", UserID: u.ID, AuthTime: t0, CreatedAt: t0, ExpiresAt: later.Add(time.Second)},
			} {
				if err := db.CreateIdPSession(ctx, ss); err != nil {
					t.Fatal(err)
				}
			}
			for _, r := range []idpstore.OAuthRequest{
				sampleOAuthRequest(idpstore.OAuthCode, "code-gone", "r1", t0.Add(5*time.Minute)),
				sampleOAuthRequest(idpstore.OAuthRefresh, "refresh-kept", "r1", t0.Add(30*24*time.Hour)),
			} {
				if err := db.CreateOAuthRequest(ctx, r); err != nil {
					t.Fatal(err)
				}
			}
			for _, a := range []idpstore.LoginAttempt{
				{Scope: idpstore.AttemptScopeAccount, Key: "k", Succeeded: false, At: t0},
				{Scope: idpstore.AttemptScopeAccount, Key: "k", Succeeded: false, At: later},
				{Scope: idpstore.AttemptScopePair, Key: "k", Succeeded: true, At: t0},                       // a known address, kept longer
				{Scope: idpstore.AttemptScopePair, Key: "k", Succeeded: true, At: t0.Add(-100 * time.Hour)}, // one known too long ago
			} {
				if _, err := db.RecordLoginAttempt(ctx, a); err != nil {
					t.Fatal(err)
				}
			}

			got, err := db.DeleteExpiredIdentityRows(ctx, later, later.Add(-time.Minute), t0.Add(-time.Hour))
			want := idpstore.IdentityCleanup{LoginStates: 1, IdPSessions: 1, OAuthRequests: 1, LoginAttempts: 1, KnownAddresses: 1}
			if err != nil || got != want {
				t.Errorf("DeleteExpiredIdentityRows = %+v, %v; want %+v, nil", got, err, want)
			}
			if _, err := db.OAuthRequestBySignature(ctx, idpstore.OAuthRefresh, "refresh-kept"); err != nil {
				t.Errorf("the live refresh token is gone: %v", err)
			}
		})
	}
}
