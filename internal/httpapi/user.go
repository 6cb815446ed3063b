package httpapi

import (
	"net/http"

	"wayfinder/internal/account"
	"wayfinder/internal/auth"
)

// meResponse is the shape of GET /api/user/me (spec §7): the caller's profile under "me".
type meResponse struct {
	Me profile `json:"me"`
}

type profile struct {
	UserID      string  `json:"userId"`
	Email       string  `json:"email"`
	FirstName   string  `json:"firstName"`
	LastName    string  `json:"lastName"`
	DateOfBirth *string `json:"dateOfBirth"` // YYYY-MM-DD, or null until the member gives it
	Device      string  `json:"device"`
	Role        string  `json:"role"`
}

func profileOf(u account.User, staff bool) profile {
	p := profile{UserID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName, Device: u.Device, Role: string(account.RoleMember)}
	if staff {
		p.Role = string(account.RoleStaff)
	}
	if u.DateOfBirth != nil {
		d := u.DateOfBirth.UTC().Format("2006-01-02")
		p.DateOfBirth = &d
	}
	return p
}

// me answers the signed-in caller's own profile, for a web session and a bearer token alike.
func (s *server) me(w http.ResponseWriter, r *http.Request) {
	p, _ := auth.FromContext(r.Context())
	writeJSON(w, http.StatusOK, meResponse{Me: profileOf(p.User, p.Staff)})
}
