package sqlstore

import (
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
			for _, a := range []LoginAttempt{
				{AttemptScopeAccount, "ann", false, min(0)},
				{AttemptScopeAccount, "ann", false, min(1)},
				{AttemptScopeAccount, "ann", true, min(2)}, // a success wipes the two before it
				{AttemptScopeAccount, "ann", false, min(3)},
				{AttemptScopeAccount, "ann", false, min(4)},
				{AttemptScopeAddress, "ann", false, min(4)}, // another scope, same key
				{AttemptScopeAccount, "bob", false, min(-30)},
				{AttemptScopeAccount, "bob", false, min(5)},
			} {
				if err := db.RecordLoginAttempt(ctx, a); err != nil {
					t.Fatalf("RecordLoginAttempt(%+v): %v", a, err)
				}
			}
			if got, want := codeOf(db.RecordLoginAttempt(ctx, LoginAttempt{Scope: "planet", Key: "x", At: t0})), apperr.Invalid; got != want {
				t.Errorf("RecordLoginAttempt(unknown scope) code = %q, want %q", got, want)
			}

			tests := []struct {
				name       string
				scope, key string
				since      time.Time
				wantN      int
				wantOldest time.Time
			}{
				{"failures after the last success", AttemptScopeAccount, "ann", min(-15), 2, min(3)},
				{"the window cuts the older failures", AttemptScopeAccount, "ann", min(3), 1, min(4)},
				{"scopes are separate", AttemptScopeAddress, "ann", min(-15), 1, min(4)},
				{"old failures fall out of the window", AttemptScopeAccount, "bob", min(-15), 1, min(5)},
				{"nobody", AttemptScopeAccount, "carol", min(-15), 0, time.Time{}},
			}
			for _, tt := range tests {
				n, oldest, err := db.LoginFailures(ctx, tt.scope, tt.key, tt.since)
				if err != nil || n != tt.wantN || !oldest.Equal(tt.wantOldest) {
					t.Errorf("LoginFailures %s = %d, %v, %v; want %d, %v, nil", tt.name, n, oldest, err, tt.wantN, tt.wantOldest)
				}
			}

			n, err := db.DeleteLoginAttemptsBefore(ctx, min(0))
			if err != nil || n != 1 {
				t.Errorf("DeleteLoginAttemptsBefore = %d, %v; want 1, nil", n, err)
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
			} {
				if err := db.RecordLoginAttempt(ctx, a); err != nil {
					t.Fatal(err)
				}
			}

			got, err := db.DeleteExpiredIdentityRows(ctx, later, later.Add(-time.Minute))
			want := IdentityCleanup{LoginStates: 1, IdPSessions: 1, OAuthRequests: 1, LoginAttempts: 1}
			if err != nil || got != want {
				t.Errorf("DeleteExpiredIdentityRows = %+v, %v; want %+v, nil", got, err, want)
			}
			if _, err := db.OAuthRequestBySignature(ctx, OAuthRefresh, "refresh-kept"); err != nil {
				t.Errorf("the live refresh token is gone: %v", err)
			}
		})
	}
}
