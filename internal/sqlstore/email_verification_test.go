package sqlstore

import (
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/idp/idpstore"
)

// TestMarkEmailVerified checks that an address is confirmed only while the account still has it,
// that a second confirmation keeps the first, and that every read of a user sees it.
func TestMarkEmailVerified(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			ann, err := db.CreateUserWithPassword(ctx, "ann@example.com", account.RoleMember, "hash", t0)
			if err != nil {
				t.Fatal(err)
			}
			if ann.EmailVerified {
				t.Fatalf("a new account: EmailVerified = true, want false")
			}
			steps := []struct {
				name        string
				userID      string
				email       string
				at          time.Time
				want        bool
				wantUpdated time.Time // the user's updated_at after the step
			}{
				{"another address", ann.ID, "someone@example.com", t0.Add(time.Minute), false, t0},
				{"no address", ann.ID, "", t0.Add(time.Minute), false, t0},
				{"an unknown user", "nobody", "ann@example.com", t0.Add(time.Minute), false, t0},
				{"the account's address", ann.ID, "ann@example.com", t0.Add(2 * time.Minute), true, t0.Add(2 * time.Minute)},
				{"the same address again", ann.ID, "ann@example.com", t0.Add(3 * time.Minute), true, t0.Add(2 * time.Minute)},
			}
			for _, tt := range steps {
				got, err := db.MarkEmailVerified(ctx, tt.userID, tt.email, tt.at)
				if err != nil || got != tt.want {
					t.Errorf("%s: MarkEmailVerified() = %v, %v; want %v, nil", tt.name, got, err, tt.want)
				}
				u, err := db.UserByID(ctx, ann.ID)
				if err != nil {
					t.Fatal(err)
				}
				if !u.UpdatedAt.Equal(utc(tt.wantUpdated)) {
					t.Errorf("%s: updated_at = %v, want %v", tt.name, u.UpdatedAt, utc(tt.wantUpdated))
				}
			}

			// Every read of a user sees the confirmation.
			if err := db.CreateSession(ctx, account.Session{IDHash: "verified-session", UserID: ann.ID, CreatedAt: t0, LastSeenAt: t0,
				IdleExpiresAt: t0.Add(time.Hour), AbsoluteExpiresAt: t0.Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
			reads := []struct {
				name string
				read func() (account.User, error)
			}{
				{"UserByID", func() (account.User, error) { return db.UserByID(ctx, ann.ID) }},
				{"UserBySubject", func() (account.User, error) { return db.UserBySubject(ctx, ann.Subject) }},
				{"CredentialsByEmail", func() (account.User, error) {
					u, _, err := db.CredentialsByEmail(ctx, "ann@example.com")
					return u, err
				}},
				{"SessionWithUser", func() (account.User, error) {
					_, u, err := db.SessionWithUser(ctx, "verified-session", t0.Add(time.Minute))
					return u, err
				}},
				{"SetUserRole", func() (account.User, error) { return db.SetUserRole(ctx, ann.ID, account.RoleMember) }},
				{"UpdateUserProfile", func() (account.User, error) {
					return db.UpdateUserProfile(ctx, ann.ID, "Ann", "Lee", nil, "")
				}},
			}
			for _, tt := range reads {
				u, err := tt.read()
				if err != nil || !u.EmailVerified {
					t.Errorf("%s: EmailVerified = %v (err %v), want true", tt.name, u.EmailVerified, err)
				}
			}
		})
	}
}

// TestEnsureUserForgetsVerification checks that a new address from the identity provider is not
// confirmed by the old one's confirmation.
func TestEnsureUserForgetsVerification(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			u, _, err := db.EnsureUser(ctx, "ext|1", "old@example.com", account.RoleMember)
			if err != nil {
				t.Fatal(err)
			}
			if ok, err := db.MarkEmailVerified(ctx, u.ID, "old@example.com", t0); err != nil || !ok {
				t.Fatalf("MarkEmailVerified(old) = %v, %v; want true", ok, err)
			}
			steps := []struct {
				name  string
				email string
				want  bool
			}{
				{"the same address", "old@example.com", true},
				{"no address given", "", true},
				{"a new address", "new@example.com", false},
			}
			for _, tt := range steps {
				got, _, err := db.EnsureUser(ctx, "ext|1", tt.email, account.RoleMember)
				if err != nil || got.EmailVerified != tt.want {
					t.Errorf("%s: EnsureUser() EmailVerified = %v (err %v), want %v", tt.name, got.EmailVerified, err, tt.want)
				}
			}
			if ok, _ := db.MarkEmailVerified(ctx, u.ID, "old@example.com", t0.Add(time.Minute)); ok {
				t.Errorf("MarkEmailVerified(the old address) = true, want false: the account has a new one")
			}
		})
	}
}

func TestAccountTokensSince(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			u, err := db.CreateUserWithPassword(ctx, "links@example.com", account.RoleMember, "hash", t0)
			if err != nil {
				t.Fatal(err)
			}
			other, err := db.CreateUserWithPassword(ctx, "other@example.com", account.RoleMember, "hash", t0)
			if err != nil {
				t.Fatal(err)
			}
			for i, tk := range []struct {
				user    string
				purpose string
				at      time.Time
			}{
				{u.ID, idpstore.TokenEmailVerification, t0},
				{u.ID, idpstore.TokenEmailVerification, t0.Add(10 * time.Minute)},
				{u.ID, idpstore.TokenEmailVerification, t0.Add(20 * time.Minute)},
				{u.ID, idpstore.TokenPasswordReset, t0.Add(30 * time.Minute)},
				{other.ID, idpstore.TokenEmailVerification, t0.Add(30 * time.Minute)},
			} {
				if err := db.CreateAccountToken(ctx, idpstore.AccountToken{Hash: "since-" + string(rune('a'+i)), Purpose: tk.purpose,
					UserID: tk.user, Email: "links@example.com", CreatedAt: tk.at, ExpiresAt: tk.at.Add(time.Hour)}); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := db.UseAccountToken(ctx, idpstore.TokenEmailVerification, "since-b", t0.Add(11*time.Minute)); err != nil {
				t.Fatal(err)
			}
			tests := []struct {
				name       string
				user       string
				purpose    string
				since      time.Time
				wantN      int
				wantOldest time.Time
			}{
				{"all of them, a used one too", u.ID, idpstore.TokenEmailVerification, t0.Add(-time.Minute), 3, t0},
				{"the later ones", u.ID, idpstore.TokenEmailVerification, t0.Add(5 * time.Minute), 2, t0.Add(10 * time.Minute)},
				{"none yet", u.ID, idpstore.TokenEmailVerification, t0.Add(25 * time.Minute), 0, time.Time{}},
				{"another purpose", u.ID, idpstore.TokenPasswordReset, t0, 1, t0.Add(30 * time.Minute)},
				{"another user", other.ID, idpstore.TokenEmailVerification, t0, 1, t0.Add(30 * time.Minute)},
			}
			for _, tt := range tests {
				n, oldest, err := db.AccountTokensSince(ctx, tt.user, tt.purpose, tt.since)
				if err != nil || n != tt.wantN || !oldest.Equal(utc(tt.wantOldest)) {
					t.Errorf("%s: AccountTokensSince() = %d, %v, %v; want %d, %v, nil", tt.name, n, oldest, err, tt.wantN, utc(tt.wantOldest))
				}
			}
		})
	}
}
