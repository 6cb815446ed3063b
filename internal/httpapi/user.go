package httpapi

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/auth"
	"wayfinder/internal/billing"
	"wayfinder/internal/media"
)

// meResponse is the shape of GET /api/user/me (spec §7): the caller's profile under "me".
type meResponse struct {
	Me profile `json:"me"`
}

type profile struct {
	UserID string `json:"userId"`
	Email  string `json:"email"`
	// EmailVerified says the member has shown that email is theirs (the emailed link, or their
	// identity provider's word). Paying needs it where this server emails the link itself.
	EmailVerified bool    `json:"emailVerified"`
	FirstName     string  `json:"firstName"`
	LastName      string  `json:"lastName"`
	DateOfBirth   *string `json:"dateOfBirth"` // YYYY-MM-DD, or null until the member gives it
	Device        string  `json:"device"`
	Role          string  `json:"role"`
	// PictureURL is where the member's profile picture is served, or null when they have none. It
	// carries the picture's version, so a new picture gets a new address.
	PictureURL *string `json:"pictureUrl"`
	// Subscription is the member's plan and payment state; the iOS app reads it here.
	Subscription subscriptionJSON `json:"subscription"`
}

func profileOf(u account.User, role account.Role, sub billing.Subscription) profile {
	p := profile{UserID: u.ID, Email: u.Email, EmailVerified: u.EmailVerified, FirstName: u.FirstName, LastName: u.LastName,
		Device: u.Device, Role: string(role), Subscription: subscriptionOf(sub)}
	if u.DateOfBirth != nil {
		d := u.DateOfBirth.UTC().Format("2006-01-02")
		p.DateOfBirth = &d
	}
	p.PictureURL = picturePath("/api/user/picture", u)
	return p
}

// picturePath is where a user's picture is served under path, with its version, or nil when they
// have none.
func picturePath(path string, u account.User) *string {
	if u.PictureVersion == "" {
		return nil
	}
	p := path + "?v=" + u.PictureVersion
	return &p
}

// myPicture answers GET /api/user/picture: the caller's own profile picture.
func (s *server) myPicture(w http.ResponseWriter, r *http.Request) {
	p, _ := auth.FromContext(r.Context())
	data, err := s.media.MemberPicture(r.Context(), p.User.ID)
	if apperr.CodeOf(err) == apperr.NotFound {
		err = apperr.E(apperr.NotFound, msgNoPicture)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	// Like every API answer, it is not stored by any cache: it is a member's personal data.
	writeImage(w, r, data, "")
}

// writeImage answers a stored picture. Every picture is one this server encoded (see media), so
// its type is known. cacheControl, when set, replaces the default caching rule of the path.
func writeImage(w http.ResponseWriter, r *http.Request, data []byte, cacheControl string) {
	h := w.Header()
	h.Set("Content-Type", media.ContentType)
	if cacheControl != "" {
		h.Set("Cache-Control", cacheControl)
	}
	// The API's strict policy would also do; a picture needs nothing else, so it gets nothing.
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(data))
}

// me answers the signed-in caller's own profile, for a web session and a bearer token alike.
func (s *server) me(w http.ResponseWriter, r *http.Request) {
	p, _ := auth.FromContext(r.Context())
	me, err := s.meOf(r.Context(), p)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, me)
}

// meOf is what GET /api/user/me answers p.
func (s *server) meOf(ctx context.Context, p auth.Principal) (meResponse, error) {
	sub := billing.Subscription{Status: billing.StatusNone}
	if s.billing != nil {
		var err error
		if sub, err = s.billing.Subscription(ctx, p.User.ID); err != nil {
			return meResponse{}, err
		}
	}
	return meResponse{Me: profileOf(p.User, p.Role(), sub)}, nil
}

// EmailVerification sends a member a new link to confirm their email address (idp.Provider). It
// decides whether one may be sent, and its errors say why not.
type EmailVerification interface {
	SendVerificationEmail(ctx context.Context, userID string) error
}

// sendVerificationEmail answers POST /api/user/verification-email: a new link to confirm the
// caller's email address, 204 once it is on its way. With an external identity provider there is
// no link to send: that provider confirms addresses itself.
func (s *server) sendVerificationEmail(w http.ResponseWriter, r *http.Request) {
	if s.emailVerification == nil {
		s.writeError(w, r, account.ErrConfirmedByProvider)
		return
	}
	p, _ := auth.FromContext(r.Context())
	if err := s.emailVerification.SendVerificationEmail(r.Context(), p.User.ID); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
