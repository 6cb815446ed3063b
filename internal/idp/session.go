package idp

import (
	"slices"
	"time"

	"github.com/ory/fosite"
	"github.com/ory/fosite/handler/oauth2"
	"github.com/ory/fosite/handler/openid"
	"github.com/ory/fosite/token/jwt"
)

// Session is what the provider remembers about a sign-in between the authorization, the code
// exchange and every refresh: the OpenID session (subject, ID token claims) plus what access tokens
// carry. It is stored as JSON with each code and token.
type Session struct {
	*openid.DefaultSession `json:"oidc"`
	ClientID               string   `json:"client_id"`
	Roles                  []string `json:"roles"`
	// RolesClaim is the claim name the roles go under, refreshed from the configuration on every
	// token, so a changed setting applies to the next refresh.
	RolesClaim string `json:"roles_claim"`
}

var (
	_ oauth2.JWTSessionContainer = (*Session)(nil)
	_ openid.Session             = (*Session)(nil)
)

// newSession is the empty session fosite fills from storage.
func newSession() *Session {
	return &Session{DefaultSession: &openid.DefaultSession{Claims: &jwt.IDTokenClaims{}, Headers: &jwt.Headers{}}}
}

// GetJWTClaims returns the access token's own claims. It returns a new value each time because
// fosite adds the expiry, scopes and audience to it in place.
func (s *Session) GetJWTClaims() jwt.JWTClaimsContainer {
	extra := map[string]any{"client_id": s.ClientID}
	if s.RolesClaim != "" {
		extra[s.RolesClaim] = slices.Clone(s.rolesOrEmpty())
	}
	return &jwt.JWTClaims{Subject: s.Subject, NotBefore: time.Now().UTC(), Extra: extra}
}

// GetJWTHeader marks access tokens as such (RFC 9068), so an ID token cannot pass for one.
func (s *Session) GetJWTHeader() *jwt.Headers {
	return &jwt.Headers{Extra: map[string]any{"typ": "at+jwt"}}
}

// Clone copies the whole session, ours and the OpenID part; fosite clones on every refresh and a
// shallow copy would share the claims it then changes.
func (s *Session) Clone() fosite.Session {
	if s == nil {
		return nil
	}
	c := *s
	if s.DefaultSession != nil {
		c.DefaultSession = s.DefaultSession.Clone().(*openid.DefaultSession)
	}
	c.Roles = slices.Clone(s.Roles)
	return &c
}

func (s *Session) rolesOrEmpty() []string {
	if s.Roles == nil {
		return []string{}
	}
	return s.Roles
}
