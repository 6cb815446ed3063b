package sqlstore

import (
	"reflect"
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
)

// sampleSession is a session of userID that started at t0, idles out after 30 minutes and ends for
// good after 12 hours.
func sampleSession(idHash, userID string) account.Session {
	return account.Session{
		IDHash:               idHash,
		UserID:               userID,
		CreatedAt:            t0,
		LastSeenAt:           t0,
		IdleExpiresAt:        t0.Add(30 * time.Minute),
		AbsoluteExpiresAt:    t0.Add(12 * time.Hour),
		IDToken:              "id-token",
		AccessToken:          "access-token",
		RefreshToken:         "refresh-token",
		AccessTokenExpiresAt: t0.Add(5 * time.Minute),
	}
}

func TestCreateAndFindSession(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			u := mustUser(t, db, "sess")
			alive := sampleSession("alive", u.ID)
			noTokens := sampleSession("no-tokens", u.ID)
			noTokens.IDToken, noTokens.AccessToken, noTokens.RefreshToken, noTokens.AccessTokenExpiresAt = "", "", "", time.Time{}
			creates := []struct {
				name     string
				in       account.Session
				wantCode apperr.Code
			}{
				{"new session", alive, ""},
				{"session without tokens", noTokens, ""},
				{"same hash again", alive, apperr.Conflict},
				{"unknown user", sampleSession("orphan", "nobody"), apperr.NotFound},
				{"no hash", sampleSession("", u.ID), apperr.Invalid},
			}
			for _, tt := range creates {
				if code := codeOf(db.CreateSession(ctx, tt.in)); code != tt.wantCode {
					t.Errorf("CreateSession %s: code = %q, want %q", tt.name, code, tt.wantCode)
				}
			}

			finds := []struct {
				name     string
				idHash   string
				now      time.Time
				want     account.Session
				wantCode apperr.Code
			}{
				{"alive", "alive", t0.Add(time.Minute), alive, ""},
				{"without tokens", "no-tokens", t0.Add(time.Minute), noTokens, ""},
				{"idle expired", "alive", t0.Add(30 * time.Minute), account.Session{}, apperr.NotFound},
				{"unknown hash", "nope", t0, account.Session{}, apperr.NotFound},
			}
			for _, tt := range finds {
				got, err := db.SessionByIDHash(ctx, tt.idHash, tt.now)
				if code := codeOf(err); code != tt.wantCode {
					t.Errorf("SessionByIDHash %s: code = %q, want %q (err %v)", tt.name, code, tt.wantCode, err)
					continue
				}
				if !reflect.DeepEqual(got, tt.want) {
					t.Errorf("SessionByIDHash %s: got %+v, want %+v", tt.name, got, tt.want)
				}
			}
		})
	}
}

func TestTouchSession(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			u := mustUser(t, db, "touch")
			if err := db.CreateSession(ctx, sampleSession("h", u.ID)); err != nil {
				t.Fatal(err)
			}
			tests := []struct {
				name     string
				idHash   string
				now      time.Time
				idle     time.Time
				wantCode apperr.Code
			}{
				{"within the idle time", "h", t0.Add(20 * time.Minute), t0.Add(50 * time.Minute), ""},
				// Without the touch above this moment would be past the idle expiry.
				{"kept alive by the last touch", "h", t0.Add(40 * time.Minute), t0.Add(70 * time.Minute), ""},
				{"after the idle expiry", "h", t0.Add(2 * time.Hour), t0.Add(3 * time.Hour), apperr.NotFound},
				{"unknown", "nope", t0, t0.Add(time.Hour), apperr.NotFound},
			}
			for _, tt := range tests {
				err := db.TouchSession(ctx, tt.idHash, tt.now, tt.idle)
				if code := codeOf(err); code != tt.wantCode {
					t.Errorf("%s: code = %q, want %q (err %v)", tt.name, code, tt.wantCode, err)
					continue
				}
				if err != nil {
					continue
				}
				got, err := db.SessionByIDHash(ctx, tt.idHash, tt.now)
				if err != nil {
					t.Fatalf("%s: SessionByIDHash: %v", tt.name, err)
				}
				if !got.LastSeenAt.Equal(tt.now) || !got.IdleExpiresAt.Equal(tt.idle) || !got.AbsoluteExpiresAt.Equal(t0.Add(12*time.Hour)) {
					t.Errorf("%s: got last seen %v, idle %v, absolute %v; want %v, %v, %v", tt.name,
						got.LastSeenAt, got.IdleExpiresAt, got.AbsoluteExpiresAt, tt.now, tt.idle, t0.Add(12*time.Hour))
				}
			}

			// The absolute expiry ends a session however recently it was used.
			if err := db.TouchSession(ctx, "h", t0.Add(60*time.Minute), t0.Add(13*time.Hour)); err != nil {
				t.Fatal(err)
			}
			if _, err := db.SessionByIDHash(ctx, "h", t0.Add(12*time.Hour)); codeOf(err) != apperr.NotFound {
				t.Errorf("SessionByIDHash at the absolute expiry: err = %v, want NotFound", err)
			}
		})
	}
}

func TestUpdateSessionTokens(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			u := mustUser(t, db, "tokens")
			if err := db.CreateSession(ctx, sampleSession("h", u.ID)); err != nil {
				t.Fatal(err)
			}
			tests := []struct {
				name     string
				idHash   string
				expires  time.Time
				wantCode apperr.Code
			}{
				{"refreshed", "h", t0.Add(time.Hour), ""},
				{"tokens dropped", "h", time.Time{}, ""},
				{"unknown", "nope", t0, apperr.NotFound},
			}
			for _, tt := range tests {
				err := db.UpdateSessionTokens(ctx, tt.idHash, "id-"+tt.name, "access-"+tt.name, "refresh-"+tt.name, tt.expires)
				if code := codeOf(err); code != tt.wantCode {
					t.Errorf("%s: code = %q, want %q (err %v)", tt.name, code, tt.wantCode, err)
					continue
				}
				if err != nil {
					continue
				}
				got, err := db.SessionByIDHash(ctx, tt.idHash, t0)
				if err != nil {
					t.Fatal(err)
				}
				if got.IDToken != "id-"+tt.name || got.AccessToken != "access-"+tt.name || got.RefreshToken != "refresh-"+tt.name || !got.AccessTokenExpiresAt.Equal(tt.expires) {
					t.Errorf("%s: got %q %q %q %v, want the new tokens expiring %v", tt.name,
						got.IDToken, got.AccessToken, got.RefreshToken, got.AccessTokenExpiresAt, tt.expires)
				}
			}
		})
	}
}

func TestDeleteSessions(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
			idleGone := sampleSession("ann-idle-gone", ann.ID)
			idleGone.IdleExpiresAt = t0.Add(time.Minute)
			absGone := sampleSession("bob-abs-gone", bob.ID)
			absGone.AbsoluteExpiresAt = t0.Add(2 * time.Minute)
			for _, ws := range []account.Session{
				sampleSession("ann-1", ann.ID), sampleSession("ann-2", ann.ID), idleGone,
				sampleSession("bob-1", bob.ID), absGone,
			} {
				if err := db.CreateSession(ctx, ws); err != nil {
					t.Fatal(err)
				}
			}

			n, err := db.DeleteExpiredSessions(ctx, t0.Add(5*time.Minute))
			if err != nil || n != 2 {
				t.Errorf("DeleteExpiredSessions = %d, %v; want 2, nil", n, err)
			}
			if err := db.DeleteSession(ctx, "ann-1"); err != nil {
				t.Errorf("DeleteSession: %v", err)
			}
			if err := db.DeleteSession(ctx, "ann-1"); err != nil {
				t.Errorf("DeleteSession twice: %v, want nil", err)
			}
			n, err = db.DeleteUserSessions(ctx, ann.ID)
			if err != nil || n != 1 {
				t.Errorf("DeleteUserSessions(ann) = %d, %v; want 1, nil", n, err)
			}

			tests := []struct {
				idHash   string
				wantCode apperr.Code
			}{
				{"ann-1", apperr.NotFound},
				{"ann-2", apperr.NotFound},
				{"ann-idle-gone", apperr.NotFound},
				{"bob-abs-gone", apperr.NotFound},
				{"bob-1", ""},
			}
			for _, tt := range tests {
				_, err := db.SessionByIDHash(ctx, tt.idHash, t0)
				if got := codeOf(err); got != tt.wantCode {
					t.Errorf("SessionByIDHash(%q) after deletes: code = %q, want %q", tt.idHash, got, tt.wantCode)
				}
			}
		})
	}
}
