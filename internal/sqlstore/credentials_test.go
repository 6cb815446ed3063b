package sqlstore

import (
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
)

func TestCredentials(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			creates := []struct {
				name     string
				email    string
				role     account.Role
				hash     string
				wantRole account.Role
				wantCode apperr.Code
			}{
				{"a member", "ann@example.com", "", "hash-ann", account.RoleMember, ""},
				{"staff", "sam@example.com", account.RoleStaff, "hash-sam", account.RoleStaff, ""},
				{"the same email again", "ann@example.com", account.RoleMember, "hash-2", "", apperr.Conflict},
				{"an unknown role", "x@example.com", account.Role("boss"), "h", "", apperr.Invalid},
				{"no password", "y@example.com", account.RoleMember, "", "", apperr.Invalid},
			}
			users := map[string]account.User{}
			for _, tt := range creates {
				u, err := db.CreateUserWithPassword(ctx, tt.email, tt.role, tt.hash, t0)
				if code := codeOf(err); code != tt.wantCode {
					t.Errorf("CreateUserWithPassword %s: code = %q, want %q (err %v)", tt.name, code, tt.wantCode, err)
					continue
				}
				if err != nil {
					continue
				}
				if u.Subject != u.ID || u.ID == "" || u.Email != tt.email || u.Role != tt.wantRole || !u.CreatedAt.Equal(t0) {
					t.Errorf("CreateUserWithPassword %s = %+v; want subject = id, email %q, role %q, created %v", tt.name, u, tt.email, tt.wantRole, t0)
				}
				users[tt.email] = u
			}
			// The clash rolled back the whole account, so no second user carries the email.
			var n int
			if err := db.SQL().QueryRow(`SELECT COUNT(*) FROM users WHERE email = 'ann@example.com'`).Scan(&n); err != nil || n != 1 {
				t.Errorf("users with ann's email = %d, %v; want 1", n, err)
			}

			if err := db.SetPasswordHash(ctx, users["ann@example.com"].ID, "hash-ann-2", t0.Add(time.Hour)); err != nil {
				t.Errorf("SetPasswordHash: %v", err)
			}
			if got, want := codeOf(db.SetPasswordHash(ctx, "nobody", "h", t0)), apperr.NotFound; got != want {
				t.Errorf("SetPasswordHash(unknown) code = %q, want %q", got, want)
			}
			finds := []struct {
				email    string
				wantHash string
				wantCode apperr.Code
			}{
				{"ann@example.com", "hash-ann-2", ""},
				{"sam@example.com", "hash-sam", ""},
				{"nobody@example.com", "", apperr.NotFound},
			}
			for _, tt := range finds {
				u, hash, err := db.CredentialsByEmail(ctx, tt.email)
				if code := codeOf(err); code != tt.wantCode {
					t.Errorf("CredentialsByEmail(%q): code = %q, want %q", tt.email, code, tt.wantCode)
					continue
				}
				if err == nil && (hash != tt.wantHash || u.ID != users[tt.email].ID) {
					t.Errorf("CredentialsByEmail(%q) = %s, %q; want %s, %q", tt.email, u.ID, hash, users[tt.email].ID, tt.wantHash)
				}
			}

			// Deleting the user deletes their password.
			if err := db.DeleteUser(ctx, users["sam@example.com"].ID); err != nil {
				t.Fatal(err)
			}
			if _, _, err := db.CredentialsByEmail(ctx, "sam@example.com"); codeOf(err) != apperr.NotFound {
				t.Errorf("CredentialsByEmail after DeleteUser: err = %v, want NotFound", err)
			}
		})
	}
}
