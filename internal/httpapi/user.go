package httpapi

import (
	"net/http"

	"wayfinder/internal/account"
	"wayfinder/internal/auth"
	"wayfinder/internal/billing"
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
	// Subscription is the member's plan and payment state; the iOS app reads it here.
	Subscription subscriptionJSON `json:"subscription"`
}

func profileOf(u account.User, role account.Role, sub billing.Subscription) profile {
	p := profile{UserID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName, Device: u.Device, Role: string(role),
		Subscription: subscriptionOf(sub)}
	if u.DateOfBirth != nil {
		d := u.DateOfBirth.UTC().Format("2006-01-02")
		p.DateOfBirth = &d
	}
	return p
}

// me answers the signed-in caller's own profile, for a web session and a bearer token alike.
func (s *server) me(w http.ResponseWriter, r *http.Request) {
	p, _ := auth.FromContext(r.Context())
	sub := billing.Subscription{Status: billing.StatusNone}
	if s.billing != nil {
		var err error
		if sub, err = s.billing.Subscription(r.Context(), p.User.ID); err != nil {
			s.writeError(w, r, err)
			return
		}
	}
	writeJSON(w, http.StatusOK, meResponse{Me: profileOf(p.User, p.Role(), sub)})
}
