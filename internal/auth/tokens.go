package auth

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/golang-jwt/jwt/v5"

	"wayfinder/internal/account"
)

// identity is what a verified token says about its holder.
type identity struct {
	Subject string
	Email   string
	// Role is what the roles claim grants; RoleSet is false when the token has no roles claim at
	// all, so a provider that sends none never demotes a user made staff by other means.
	Role    account.Role
	RoleSet bool
	// EmailVerified is the email_verified claim: true only when the provider says the email is
	// the holder's.
	EmailVerified bool
}

// errExpired marks a token refused only because it has expired, which a client can fix by getting
// a new one; every other refusal looks the same to the caller.
var errExpired = errors.New("token expired")

// parse verifies a token's signature and standard claims: RS256 only, so "none", HS256 keyed with
// the public key and every other algorithm are refused before any key is looked up; iss exactly;
// aud containing audience; exp required; exp, nbf and iat with the leeway.
func (s *Service) parse(raw, audience string) (*jwt.Token, jwt.MapClaims, error) {
	if raw == "" || len(raw) > maxTokenLength {
		return nil, nil, errors.New("token empty or too long")
	}
	claims := jwt.MapClaims{}
	tok, err := jwt.ParseWithClaims(raw, claims, s.cfg.Keyfunc,
		jwt.WithValidMethods([]string{"RS256"}),
		jwt.WithIssuer(s.cfg.Issuer),
		jwt.WithAudience(audience),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithLeeway(leeway),
		jwt.WithTimeFunc(s.cfg.Now),
		jwt.WithStrictDecoding(),
	)
	if err != nil {
		if errors.Is(err, jwt.ErrTokenExpired) {
			return nil, nil, fmt.Errorf("%w: %v", errExpired, err)
		}
		return nil, nil, err
	}
	if sub, _ := claims["sub"].(string); sub == "" {
		return nil, nil, errors.New("token has no subject")
	}
	// The spec's token checks include the organization: a provider serving several organizations
	// signs all their tokens with one key, so the issuer alone does not tell them apart.
	if want := s.cfg.Organization; want != "" {
		if got, _ := claims["org_id"].(string); subtle.ConstantTimeCompare([]byte(got), []byte(want)) != 1 {
			return nil, nil, errors.New("token is not for this service's organization")
		}
	}
	return tok, claims, nil
}

// verifyIDToken checks an ID token from the token endpoint (OpenID Connect Core 3.1.3.7): besides
// parse, its audience is this client, an azp names this client, and its nonce is this sign-in's.
// An empty nonce skips that check, for ID tokens that come back from a refresh.
func (s *Service) verifyIDToken(raw, nonce string) (identity, error) {
	_, claims, err := s.parse(raw, s.cfg.ClientID)
	if err != nil {
		return identity{}, err
	}
	if azp, ok := claims["azp"]; ok && azp != s.cfg.ClientID {
		return identity{}, errors.New("ID token authorized for another client")
	}
	if nonce != "" {
		got, _ := claims["nonce"].(string)
		if subtle.ConstantTimeCompare([]byte(got), []byte(nonce)) != 1 {
			return identity{}, errors.New("ID token nonce does not match")
		}
	}
	return s.identityOf(claims), nil
}

// verifyAccessToken checks a bearer access token for the API.
func (s *Service) verifyAccessToken(raw string) (identity, error) {
	tok, claims, err := s.parse(raw, s.cfg.Audience)
	if err != nil {
		return identity{}, err
	}
	if err := s.checkAccessTokenType(tok, claims); err != nil {
		return identity{}, err
	}
	return s.identityOf(claims), nil
}

// checkAccessTokenType refuses ID tokens presented as access tokens. RFC 9068 types access tokens
// at+jwt; where the provider does not, claims only an ID token carries give it away.
func (s *Service) checkAccessTokenType(tok *jwt.Token, claims jwt.MapClaims) error {
	typ, _ := tok.Header["typ"].(string)
	switch strings.ToLower(typ) {
	case "at+jwt", "application/at+jwt":
		return nil
	case "", "jwt", "application/jwt":
		if s.cfg.RequireATJWT {
			return errors.New("token is not typed as an access token")
		}
	default:
		return fmt.Errorf("token type %.40q is not an access token", typ)
	}
	for _, c := range []string{"at_hash", "c_hash"} {
		if _, ok := claims[c]; ok {
			return errors.New("an ID token is not an access token")
		}
	}
	if t, _ := claims["typ"].(string); strings.EqualFold(t, "ID") { // Keycloak's own marker
		return errors.New("an ID token is not an access token")
	}
	return nil
}

// identityOf reads the subject, email, whether the email is verified, and role of verified
// claims. Some providers send email_verified as the string "true", so that counts too.
func (s *Service) identityOf(claims jwt.MapClaims) identity {
	id := identity{}
	id.Subject, _ = claims["sub"].(string)
	id.Email, _ = claims["email"].(string)
	switch v := claims["email_verified"].(type) {
	case bool:
		id.EmailVerified = v
	case string:
		id.EmailVerified = strings.EqualFold(v, "true")
	}
	id.Role, id.RoleSet = rolesOf(claims, s.cfg.RolesClaim)
	return id
}

// rolesOf reads the roles claim: admin when its array (or lone string) contains "admin", else
// staff when it contains "staff", member otherwise. A missing claim is reported as not set.
func rolesOf(claims jwt.MapClaims, name string) (account.Role, bool) {
	v, ok := claims[name]
	if !ok || v == nil {
		return "", false
	}
	var roles []string
	switch v := v.(type) {
	case string:
		roles = []string{v}
	case []any:
		for _, r := range v {
			if r, ok := r.(string); ok {
				roles = append(roles, r)
			}
		}
	}
	for _, r := range []account.Role{account.RoleAdmin, account.RoleStaff} {
		if slices.Contains(roles, string(r)) {
			return r, true
		}
	}
	return account.RoleMember, true
}
