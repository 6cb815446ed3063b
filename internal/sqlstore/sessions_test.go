package sqlstore

import (
	"reflect"
	"strings"
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

func TestSessionWithUser(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			// A member with every profile field set, and a staff user with none, so each user column
			// is read back both filled and empty.
			dob := time.Date(1990, 5, 6, 0, 0, 0, 0, time.UTC)
			member := mustUser(t, db, "with-profile")
			if _, err := db.UpdateUserProfile(ctx, member.ID, "Ada", "Lovelace", &dob, "iphone"); err != nil {
				t.Fatal(err)
			}
			if err := db.SetMemberPicture(ctx, member.ID, []byte("jpeg"), "v1", t0); err != nil {
				t.Fatal(err)
			}
			staff, err := db.CreateUser(ctx, account.User{Subject: "staff", Role: account.RoleStaff})
			if err != nil {
				t.Fatal(err)
			}
			noTokens := sampleSession("no-tokens", staff.ID)
			noTokens.IDToken, noTokens.AccessToken, noTokens.RefreshToken, noTokens.AccessTokenExpiresAt = "", "", "", time.Time{}
			for _, ws := range []account.Session{sampleSession("member", member.ID), noTokens} {
				if err := db.CreateSession(ctx, ws); err != nil {
					t.Fatal(err)
				}
			}

			tests := []struct {
				name     string
				idHash   string
				now      time.Time
				wantCode apperr.Code
			}{
				{"alive", "member", t0.Add(time.Minute), ""},
				{"without tokens", "no-tokens", t0.Add(time.Minute), ""},
				{"idle expired", "member", t0.Add(30 * time.Minute), apperr.NotFound},
				{"absolute expiry", "member", t0.Add(12 * time.Hour), apperr.NotFound},
				{"unknown hash", "nope", t0, apperr.NotFound},
			}
			for _, tt := range tests {
				gotSession, gotUser, err := db.SessionWithUser(ctx, tt.idHash, tt.now)
				if code := codeOf(err); code != tt.wantCode {
					t.Errorf("SessionWithUser %s: code = %q, want %q (err %v)", tt.name, code, tt.wantCode, err)
					continue
				}
				if err != nil {
					if !reflect.DeepEqual(gotSession, account.Session{}) || !reflect.DeepEqual(gotUser, account.User{}) {
						t.Errorf("SessionWithUser %s: got %+v and %+v with the error, want zero values", tt.name, gotSession, gotUser)
					}
					continue
				}
				// The one query must agree exactly with the two it replaces.
				wantSession, err := db.SessionByIDHash(ctx, tt.idHash, tt.now)
				if err != nil {
					t.Fatal(err)
				}
				wantUser, err := db.UserByID(ctx, wantSession.UserID)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(gotSession, wantSession) {
					t.Errorf("SessionWithUser %s: session %+v, want %+v", tt.name, gotSession, wantSession)
				}
				if !reflect.DeepEqual(gotUser, wantUser) {
					t.Errorf("SessionWithUser %s: user %+v, want %+v", tt.name, gotUser, wantUser)
				}
			}

			// Deleting a user deletes their sessions with them.
			if err := db.DeleteUser(ctx, staff.ID); err != nil {
				t.Fatal(err)
			}
			if _, _, err := db.SessionWithUser(ctx, "no-tokens", t0); codeOf(err) != apperr.NotFound {
				t.Errorf("SessionWithUser of a deleted user's session: err = %v, want NotFound", err)
			}

			// A session that outlived its user, which only a schema without that rule allows, comes back
			// with a zero user so the caller can end it.
			orphanUserSession(t, s, member.ID)
			gotSession, gotUser, err := db.SessionWithUser(ctx, "member", t0)
			if err != nil {
				t.Fatalf("SessionWithUser of an orphaned session: %v", err)
			}
			if gotSession.IDHash != "member" || gotSession.UserID != member.ID || !reflect.DeepEqual(gotUser, account.User{}) {
				t.Errorf("SessionWithUser of an orphaned session = %+v, %+v; want the session and a zero user", gotSession, gotUser)
			}
		})
	}
}

// orphanUserSession deletes a user but not their sessions, by lifting the foreign key for that one
// delete: on SQLite for one connection, on PostgreSQL by dropping the constraint of this test's own
// throw-away database.
func orphanUserSession(t *testing.T, s testStore, userID string) {
	t.Helper()
	conn, err := s.db.SQL().Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var stmts []string
	switch s.name {
	case DialectSQLite:
		stmts = []string{`PRAGMA foreign_keys = OFF`, `DELETE FROM users WHERE id = $1`, `PRAGMA foreign_keys = ON`}
	case DialectPostgres:
		stmts = []string{`ALTER TABLE web_sessions DROP CONSTRAINT web_sessions_user_id_fkey`, `DELETE FROM users WHERE id = $1`}
	}
	for _, q := range stmts {
		var args []any
		if strings.Contains(q, "$1") {
			args = append(args, userID)
		}
		if _, err := conn.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
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
