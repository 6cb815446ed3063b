package auth

import (
	"context"
	"net/http"
	"strings"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/messages"
)

// How a principal proved who they are.
const (
	ViaSession = "session" // the web session cookie
	ViaBearer  = "bearer"  // an Authorization: Bearer access token
)

// Principal is the signed-in caller of a request.
type Principal struct {
	User  account.User
	Staff bool   // staff or admin: may use the back office
	Admin bool   // may also manage coaches, plans and staff, and read the audit log
	Via   string // ViaSession or ViaBearer
}

// principalOf is the caller signed in as u with role, the one the identity provider grants now.
func principalOf(u account.User, role account.Role, via string) Principal {
	return Principal{User: u, Staff: role.IsStaff(), Admin: role == account.RoleAdmin, Via: via}
}

// Role is the caller's role as this request sees it.
func (p Principal) Role() account.Role {
	switch {
	case p.Admin:
		return account.RoleAdmin
	case p.Staff:
		return account.RoleStaff
	}
	return account.RoleMember
}

type principalKey struct{}

// WithPrincipal returns ctx carrying p; the middleware uses it, and so can tests of handlers.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// FromContext returns the signed-in caller, and false for an anonymous request.
func FromContext(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(principalKey{}).(Principal)
	return p, ok
}

// Authenticate puts the caller, if any, in the request context and always calls next for anonymous
// requests; routes that need a user check FromContext (or use RequireUser). A bearer token takes
// precedence over the cookie and an invalid one is refused outright: falling back to the cookie
// would let a broken app client act with whatever session the browser happens to hold.
func (s *Service) Authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if h, present := r.Header["Authorization"]; present {
			p, err := s.authenticateBearer(r, h)
			if err != nil {
				if apperr.Is(err, apperr.Unauthenticated) {
					w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
				}
				s.cfg.OnError(w, r, err)
				return
			}
			next.ServeHTTP(w, r.WithContext(WithPrincipal(r.Context(), p)))
			return
		}
		p, ok, err := s.authenticateSession(w, r)
		if err != nil {
			s.cfg.OnError(w, r, err)
			return
		}
		if ok {
			r = r.WithContext(WithPrincipal(r.Context(), p))
		}
		next.ServeHTTP(w, r)
	})
}

// PagePrincipal is whom a page request's session cookie names, for a page that shows more to a
// signed-in member. A request without a usable session is anonymous, and so is one whose check
// fails: the page still loads, and its own API requests say what went wrong. A bearer token does
// not count, as browsers send none with a page.
func (s *Service) PagePrincipal(w http.ResponseWriter, r *http.Request) (Principal, bool) {
	p, ok, err := s.authenticateSession(w, r)
	if err != nil {
		s.log.WarnContext(r.Context(), "could not read the session of a page request", "error", err.Error())
		return Principal{}, false
	}
	return p, ok
}

// RequireUser refuses anonymous requests with Unauthenticated; put it inside Authenticate.
func (s *Service) RequireUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := FromContext(r.Context()); !ok {
			s.cfg.OnError(w, r, apperr.E(apperr.Unauthenticated, msgSignIn))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// RequireStaff refuses anonymous requests with Unauthenticated and members with Forbidden.
func (s *Service) RequireStaff(next http.Handler) http.Handler {
	return s.requireRole(func(p Principal) bool { return p.Staff }, msgStaffOnly, next)
}

// RequireAdmin refuses anonymous requests with Unauthenticated, and members and staff who are not
// admins with Forbidden.
func (s *Service) RequireAdmin(next http.Handler) http.Handler {
	return s.requireRole(func(p Principal) bool { return p.Admin }, msgAdminsOnly, next)
}

// requireRole runs next for a signed-in caller whom allowed lets in, and refuses anyone else.
func (s *Service) requireRole(allowed func(Principal) bool, refusal messages.Key, next http.Handler) http.Handler {
	return s.RequireUser(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p, _ := FromContext(r.Context()); !allowed(p) {
			s.cfg.OnError(w, r, apperr.E(apperr.Forbidden, refusal))
			return
		}
		next.ServeHTTP(w, r)
	}))
}

// bearerToken extracts the token of a single "Bearer <token>" Authorization header.
func bearerToken(values []string) (string, bool) {
	if len(values) != 1 {
		return "", false
	}
	scheme, token, ok := strings.Cut(values[0], " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(token)
	if token == "" || len(token) > maxTokenLength || strings.ContainsAny(token, " \t") {
		return "", false
	}
	return token, true
}
