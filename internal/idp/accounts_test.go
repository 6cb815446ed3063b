package idp

import (
	"testing"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/idp/idpstore"
)

func TestCreateUserAndSetPassword(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	ctx := t.Context()
	creates := []struct {
		name      string
		email     string
		password  string
		role      account.Role
		wantCode  apperr.Code
		wantField string
	}{
		{"a member", "Ann@Example.com", annPassword, account.RoleMember, "", ""},
		{"staff", "sam@example.com", annPassword, account.RoleStaff, "", ""},
		{"the same email", "ann@example.com", "another fine password", account.RoleMember, apperr.Conflict, ""},
		{"a bad email", "ann", annPassword, account.RoleMember, apperr.Invalid, "email"},
		{"a weak password", "bo@example.com", "password123", account.RoleMember, apperr.Invalid, "password"},
		{"an unknown role", "cy@example.com", annPassword, account.Role("boss"), apperr.Invalid, "role"},
	}
	for _, tt := range creates {
		u, err := e.p.CreateUser(ctx, tt.email, tt.password, tt.role)
		if got := apperr.CodeOf(err); got != tt.wantCode {
			t.Errorf("CreateUser(%s): code %q, want %q (err %v)", tt.name, got, tt.wantCode, err)
			continue
		}
		if tt.wantField != "" {
			ae, _ := err.(*apperr.Error)
			if ae == nil || len(ae.Fields) != 1 || ae.Fields[0].Field != tt.wantField {
				t.Errorf("CreateUser(%s): err %v, want one field error on %s", tt.name, err, tt.wantField)
			}
		}
		if err == nil && (u.Email != normalizeEmail(tt.email) || u.Role != tt.role || u.Subject != u.ID) {
			t.Errorf("CreateUser(%s) = %+v", tt.name, u)
		}
	}

	ann, _, _ := e.db.CredentialsByEmail(ctx, "ann@example.com")
	if err := e.db.CreateIdPSession(ctx, idpstore.IdPSession{IDHash: "h", UserID: ann.ID, AuthTime: e.clock.now(),
		CreatedAt: e.clock.now(), ExpiresAt: e.clock.now().Add(sessionLifetime)}); err != nil {
		t.Fatal(err)
	}
	sets := []struct {
		name     string
		email    string
		password string
		wantCode apperr.Code
	}{
		{"a weak password", "ann@example.com", "short", apperr.Invalid},
		{"an unknown email", "nobody@example.com", "a fine new password", apperr.NotFound},
		{"a new password", "ANN@example.com", "a fine new password", ""},
	}
	for _, tt := range sets {
		if got := apperr.CodeOf(e.p.SetPassword(ctx, tt.email, tt.password)); got != tt.wantCode {
			t.Errorf("SetPassword(%s): code %q, want %q", tt.name, got, tt.wantCode)
		}
	}
	if _, err := e.db.IdPSessionByIDHash(ctx, "h", e.clock.now()); !apperr.Is(err, apperr.NotFound) {
		t.Errorf("the provider session after a password change: %v, want it ended", err)
	}
	signIns := []struct {
		password string
		want     error
	}{
		{annPassword, errWrongCredentials},
		{"a fine new password", nil},
	}
	for _, tt := range signIns {
		if _, err := e.p.authenticate(ctx, "ann@example.com", tt.password, "192.0.2.7"); err != tt.want {
			t.Errorf("sign in with %q after the change: %v, want %v", tt.password, err, tt.want)
		}
	}
}
