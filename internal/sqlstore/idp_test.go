package sqlstore

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
)

func TestLoginAttempts(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			min := func(m int) time.Time { return t0.Add(time.Duration(m) * time.Minute) }
			ids := map[string]int64{}
			for i, a := range []LoginAttempt{
				{AttemptScopeAccount, "ann", false, min(0)},
				{AttemptScopeAccount, "ann", false, min(1)},
				{AttemptScopeAccount, "ann", false, min(2)}, // made a success below: it wipes the two before it
				{AttemptScopeAccount, "ann", false, min(3)},
				{AttemptScopeAccount, "ann", false, min(4)},
				{AttemptScopeAddress, "ann", false, min(4)}, // another scope, same key
				{AttemptScopeAccount, "bob", false, min(-30)},
				{AttemptScopeAccount, "bob", false, min(5)},
				{AttemptScopePair, "ann-here", true, min(-60)},
				{AttemptScopeSignup, "here", false, min(6)}, // forgotten below
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
			if _, err := db.RecordLoginAttempt(ctx, LoginAttempt{Scope: "planet", Key: "x", At: t0}); codeOf(err) != apperr.Invalid {
				t.Errorf("RecordLoginAttempt(unknown scope) code = %q, want %q", codeOf(err), apperr.Invalid)
			}

			tests := []struct {
				name       string
				scope, key string
				since      time.Time
				want       LoginFailures
			}{
				{"failures after the last success", AttemptScopeAccount, "ann", min(-15), LoginFailures{2, min(3), min(4)}},
				{"the window cuts the older failures", AttemptScopeAccount, "ann", min(3), LoginFailures{1, min(4), min(4)}},
				{"scopes are separate", AttemptScopeAddress, "ann", min(-15), LoginFailures{1, min(4), min(4)}},
				{"old failures fall out of the window", AttemptScopeAccount, "bob", min(-15), LoginFailures{1, min(5), min(5)}},
				{"a forgotten attempt", AttemptScopeSignup, "here", min(-15), LoginFailures{}},
				{"nobody", AttemptScopeAccount, "carol", min(-15), LoginFailures{}},
			}
			for _, tt := range tests {
				got, err := db.LoginFailures(ctx, tt.scope, tt.key, tt.since)
				if err != nil || got != tt.want {
					t.Errorf("LoginFailures %s = %+v, %v; want %+v", tt.name, got, err, tt.want)
				}
			}
			for _, tt := range []struct {
				since time.Time
				want  bool
			}{{min(-90), true}, {min(-60), false}} {
				if got, err := db.LoginSucceededSince(ctx, AttemptScopePair, "ann-here", tt.since); err != nil || got != tt.want {
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
						f, err := db.LoginFailures(ctx, AttemptScopeAccount, "k", t0.Add(-time.Hour))
						if err != nil || f.Count >= 5 {
							return err
						}
						_, err = db.RecordLoginAttempt(ctx, LoginAttempt{Scope: AttemptScopeAccount, Key: "k", At: t0})
						return err
					})
					if err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			if f, err := db.LoginFailures(ctx, AttemptScopeAccount, "k", t0.Add(-time.Hour)); err != nil || f.Count != 5 {
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
			session := func(hash, userID string) IdPSession {
				return IdPSession{IDHash: hash, UserID: userID, AuthTime: t0, CreatedAt: t0, ExpiresAt: t0.Add(14 * 24 * time.Hour)}
			}
			creates := []struct {
				name     string
				in       IdPSession
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
			for _, ss := range []IdPSession{
				{IDHash: "gone", UserID: u.ID, AuthTime: t0, CreatedAt: t0, ExpiresAt: later},
				{IDHash: "kept", UserID: u.ID, AuthTime: t0, CreatedAt: t0, ExpiresAt: later.Add(time.Second)},
			} {
				if err := db.CreateIdPSession(ctx, ss); err != nil {
					t.Fatal(err)
				}
			}
			for _, r := range []OAuthRequest{
				sampleOAuthRequest(OAuthCode, "code-gone", "r1", t0.Add(5*time.Minute)),
				sampleOAuthRequest(OAuthRefresh, "refresh-kept", "r1", t0.Add(30*24*time.Hour)),
			} {
				if err := db.CreateOAuthRequest(ctx, r); err != nil {
					t.Fatal(err)
				}
			}
			for _, a := range []LoginAttempt{
				{AttemptScopeAccount, "k", false, t0},
				{AttemptScopeAccount, "k", false, later},
				{AttemptScopePair, "k", true, t0},                       // a known address, kept longer
				{AttemptScopePair, "k", true, t0.Add(-100 * time.Hour)}, // one known too long ago
			} {
				if _, err := db.RecordLoginAttempt(ctx, a); err != nil {
					t.Fatal(err)
				}
			}

			got, err := db.DeleteExpiredIdentityRows(ctx, later, later.Add(-time.Minute), t0.Add(-time.Hour))
			want := IdentityCleanup{LoginStates: 1, IdPSessions: 1, OAuthRequests: 1, LoginAttempts: 1, KnownAddresses: 1}
			if err != nil || got != want {
				t.Errorf("DeleteExpiredIdentityRows = %+v, %v; want %+v, nil", got, err, want)
			}
			if _, err := db.OAuthRequestBySignature(ctx, OAuthRefresh, "refresh-kept"); err != nil {
				t.Errorf("the live refresh token is gone: %v", err)
			}
		})
	}
}
