package sqlstore

import (
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
)

func TestCreateUser(t *testing.T) {
	t.Parallel()
	dob := time.Date(1990, 5, 6, 0, 0, 0, 0, time.UTC)
	fixedID := uuid.NewString()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			mustUser(t, db, "taken")
			tests := []struct {
				name     string
				in       account.User
				wantCode apperr.Code
			}{
				{"member with a profile", account.User{Subject: "a", Email: "a@example.com", FirstName: "Ada", LastName: "Lovelace", DateOfBirth: &dob, Device: "iphone"}, ""},
				{"given id and staff role", account.User{ID: fixedID, Subject: "b", Role: account.RoleStaff}, ""},
				{"same id again", account.User{ID: fixedID, Subject: "c"}, apperr.Conflict},
				{"duplicate subject", account.User{Subject: "taken"}, apperr.Conflict},
				{"no subject", account.User{}, apperr.Invalid},
				{"unknown role", account.User{Subject: "d", Role: "owner"}, apperr.Invalid},
				{"an admin", account.User{Subject: "f", Role: account.RoleAdmin}, ""},
				{"unknown device", account.User{Subject: "e", Device: "nokia"}, apperr.Invalid},
			}
			for _, tt := range tests {
				got, err := db.CreateUser(ctx, tt.in)
				if code := codeOf(err); code != tt.wantCode {
					t.Errorf("%s: code = %q, want %q (err %v)", tt.name, code, tt.wantCode, err)
					continue
				}
				if err != nil {
					continue
				}
				want := tt.in
				if want.ID == "" {
					want.ID = got.ID
					if _, err := uuid.Parse(got.ID); err != nil {
						t.Errorf("%s: ID %q is not a UUID", tt.name, got.ID)
					}
				}
				if want.Role == "" {
					want.Role = account.RoleMember
				}
				if got.CreatedAt.IsZero() || !got.UpdatedAt.Equal(got.CreatedAt) || got.CreatedAt.Location() != time.UTC {
					t.Errorf("%s: timestamps %v, %v; want equal, set, UTC", tt.name, got.CreatedAt, got.UpdatedAt)
				}
				want.CreatedAt, want.UpdatedAt = got.CreatedAt, got.UpdatedAt
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s: got %+v, want %+v", tt.name, got, want)
				}
				byID, err := db.UserByID(ctx, got.ID)
				if err != nil || !reflect.DeepEqual(byID, got) {
					t.Errorf("%s: UserByID = %+v, %v; want %+v", tt.name, byID, err, got)
				}
			}
		})
	}
}

func TestUserLookups(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			u := mustUser(t, db, "sub-1")
			tests := []struct {
				name     string
				lookup   func() (account.User, error)
				wantCode apperr.Code
			}{
				{"by id", func() (account.User, error) { return db.UserByID(ctx, u.ID) }, ""},
				{"by subject", func() (account.User, error) { return db.UserBySubject(ctx, "sub-1") }, ""},
				{"unknown id", func() (account.User, error) { return db.UserByID(ctx, uuid.NewString()) }, apperr.NotFound},
				{"id that is no uuid", func() (account.User, error) { return db.UserByID(ctx, "nope") }, apperr.NotFound},
				{"unknown subject", func() (account.User, error) { return db.UserBySubject(ctx, "sub-2") }, apperr.NotFound},
			}
			for _, tt := range tests {
				got, err := tt.lookup()
				if code := codeOf(err); code != tt.wantCode {
					t.Errorf("%s: code = %q, want %q (err %v)", tt.name, code, tt.wantCode, err)
					continue
				}
				if err == nil && !reflect.DeepEqual(got, u) {
					t.Errorf("%s: got %+v, want %+v", tt.name, got, u)
				}
			}
		})
	}
}

func TestEnsureUser(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			staff, err := db.CreateUser(ctx, account.User{Subject: "staff-sub", Email: "staff@example.com", Role: account.RoleStaff})
			if err != nil {
				t.Fatal(err)
			}
			tests := []struct {
				name        string
				subject     string
				email       string
				role        account.Role
				wantCreated bool
				wantEmail   string
				wantRole    account.Role
				wantCode    apperr.Code
			}{
				{"first sign-in creates", "new-sub", "new@example.com", account.RoleMember, true, "new@example.com", account.RoleMember, ""},
				{"second sign-in finds", "new-sub", "new@example.com", account.RoleMember, false, "new@example.com", account.RoleMember, ""},
				{"changed email is taken over", "new-sub", "renamed@example.com", account.RoleMember, false, "renamed@example.com", account.RoleMember, ""},
				{"empty email keeps the stored one", "new-sub", "", account.RoleMember, false, "renamed@example.com", account.RoleMember, ""},
				{"sign-in never changes a role", "staff-sub", "staff@example.com", account.RoleMember, false, "staff@example.com", account.RoleStaff, ""},
				{"empty role means member", "quiet-sub", "", "", true, "", account.RoleMember, ""},
				{"no subject", "", "x@example.com", account.RoleMember, false, "", "", apperr.Invalid},
				{"unknown role", "other", "x@example.com", "root", false, "", "", apperr.Invalid},
			}
			var newID string
			for _, tt := range tests {
				got, created, err := db.EnsureUser(ctx, tt.subject, tt.email, tt.role)
				if code := codeOf(err); code != tt.wantCode {
					t.Errorf("%s: code = %q, want %q (err %v)", tt.name, code, tt.wantCode, err)
					continue
				}
				if err != nil {
					continue
				}
				if created != tt.wantCreated || got.Email != tt.wantEmail || got.Role != tt.wantRole || got.Subject != tt.subject {
					t.Errorf("%s: got created %v, %q, %q, %q; want %v, %q, %q, %q", tt.name, created, got.Subject, got.Email, got.Role,
						tt.wantCreated, tt.subject, tt.wantEmail, tt.wantRole)
				}
				switch {
				case tt.subject == "staff-sub" && got.ID != staff.ID:
					t.Errorf("%s: ID = %q, want the staff user's %q", tt.name, got.ID, staff.ID)
				case tt.subject == "new-sub" && newID == "":
					newID = got.ID
				case tt.subject == "new-sub" && got.ID != newID:
					t.Errorf("%s: ID = %q, want the same user %q", tt.name, got.ID, newID)
				}
			}
		})
	}
}

// TestEnsureUserConcurrent signs the same new person in many times at once, as a double-clicked
// callback or two replicas would: there must be exactly one user and exactly one "created".
func TestEnsureUserConcurrent(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			const n = 16
			var (
				wg      sync.WaitGroup
				mu      sync.Mutex
				ids     = map[string]bool{}
				created int
			)
			for i := 0; i < n; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					u, c, err := db.EnsureUser(ctx, "racer", "racer@example.com", account.RoleMember)
					mu.Lock()
					defer mu.Unlock()
					if err != nil {
						t.Errorf("EnsureUser: %v", err)
						return
					}
					ids[u.ID] = true
					if c {
						created++
					}
				}()
			}
			wg.Wait()
			if got, want := len(ids), 1; got != want {
				t.Errorf("distinct users = %d, want %d", got, want)
			}
			if got, want := created, 1; got != want {
				t.Errorf("created = %d, want %d", got, want)
			}
		})
	}
}

func TestUpdateUserProfile(t *testing.T) {
	t.Parallel()
	// A date of birth sent late in the evening west of Greenwich is already the next day in UTC.
	evening := time.Date(1990, 5, 6, 23, 30, 0, 0, time.FixedZone("west", -2*3600))
	wantDOB := time.Date(1990, 5, 7, 0, 0, 0, 0, time.UTC)
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			u := mustUser(t, db, "profile")
			tests := []struct {
				name     string
				userID   string
				first    string
				last     string
				dob      *time.Time
				device   string
				wantDOB  *time.Time
				wantCode apperr.Code
			}{
				{"full profile", u.ID, "Ada", "Lovelace", &evening, "android", &wantDOB, ""},
				{"date of birth cleared", u.ID, "Ada", "King", nil, "", nil, ""},
				{"unknown device", u.ID, "Ada", "King", nil, "blackberry", nil, apperr.Invalid},
				{"unknown user", uuid.NewString(), "Ada", "King", nil, "", nil, apperr.NotFound},
			}
			for _, tt := range tests {
				got, err := db.UpdateUserProfile(ctx, tt.userID, tt.first, tt.last, tt.dob, tt.device)
				if code := codeOf(err); code != tt.wantCode {
					t.Errorf("%s: code = %q, want %q (err %v)", tt.name, code, tt.wantCode, err)
					continue
				}
				if err != nil {
					continue
				}
				want := u
				want.FirstName, want.LastName, want.DateOfBirth, want.Device = tt.first, tt.last, tt.wantDOB, tt.device
				want.UpdatedAt = got.UpdatedAt
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s: got %+v (dob %v), want %+v (dob %v)", tt.name, got, got.DateOfBirth, want, want.DateOfBirth)
				}
				if got.UpdatedAt.Before(u.UpdatedAt) {
					t.Errorf("%s: UpdatedAt %v went back from %v", tt.name, got.UpdatedAt, u.UpdatedAt)
				}
				stored, _ := db.UserByID(ctx, u.ID)
				if !reflect.DeepEqual(stored, got) {
					t.Errorf("%s: stored %+v, want %+v", tt.name, stored, got)
				}
			}
		})
	}
}

func TestSetUserRole(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			u := mustUser(t, db, "role")
			tests := []struct {
				userID   string
				role     account.Role
				wantCode apperr.Code
			}{
				{u.ID, account.RoleStaff, ""},
				{u.ID, account.RoleMember, ""},
				{u.ID, "owner", apperr.Invalid},
				{uuid.NewString(), account.RoleStaff, apperr.NotFound},
			}
			for _, tt := range tests {
				got, err := db.SetUserRole(ctx, tt.userID, tt.role)
				if code := codeOf(err); code != tt.wantCode {
					t.Errorf("SetUserRole(%q): code = %q, want %q (err %v)", tt.role, code, tt.wantCode, err)
					continue
				}
				if err == nil && got.Role != tt.role {
					t.Errorf("SetUserRole(%q): role = %q, want %q", tt.role, got.Role, tt.role)
				}
			}
		})
	}
}
