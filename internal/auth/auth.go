// Package auth signs people in to Wayfinder. For the web it is a backend-for-frontend: the server
// runs the OpenID Connect authorization-code flow (PKCE S256, state, nonce) as a confidential
// client, keeps the provider's tokens in the database and gives the browser only an opaque session
// cookie. For the iOS app and the native shell it verifies bearer access tokens locally against the
// issuer's keys. Either way the signed-in user ends up in the request context as a Principal.
//
// The package works the same with the embedded identity provider and with an external one (Auth0,
// Keycloak, …): it only sees endpoints, a client and a key function, and, from the embedded
// provider, a check of whether a bearer token was revoked.
package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"golang.org/x/oauth2"
	"golang.org/x/sync/singleflight"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/messages"
)

// Store is what sign-in needs from storage. *sqlstore.DB satisfies it; the package names only the
// methods it uses so that it does not depend on the store's package.
type Store interface {
	// InTx runs fn in one transaction; the store calls fn makes with its ctx are part of it.
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	UserByID(ctx context.Context, id string) (account.User, error)
	UserBySubject(ctx context.Context, subject string) (account.User, error)
	EnsureUser(ctx context.Context, subject, email string, role account.Role) (account.User, bool, error)
	// MarkEmailVerified records that the user's email, while it is still email, is confirmed.
	MarkEmailVerified(ctx context.Context, userID, email string, now time.Time) (bool, error)
	SetUserRole(ctx context.Context, userID string, role account.Role) (account.User, error)
	RecordArrival(ctx context.Context, userID string, a account.Arrival) error

	CreateSession(ctx context.Context, ws account.Session) error
	SessionByIDHash(ctx context.Context, idHash string, now time.Time) (account.Session, error)
	// SessionWithUser is SessionByIDHash and UserByID in one read; a live session whose user is
	// gone comes back with a zero User.
	SessionWithUser(ctx context.Context, idHash string, now time.Time) (account.Session, account.User, error)
	TouchSession(ctx context.Context, idHash string, now, idleExpiresAt time.Time) error
	UpdateSessionTokens(ctx context.Context, idHash, idToken, accessToken, refreshToken string, accessTokenExpiresAt time.Time) error
	DeleteSession(ctx context.Context, idHash string) error

	CreateLoginState(ctx context.Context, ls account.LoginState) error
	TakeLoginState(ctx context.Context, stateHash string, now time.Time) (account.LoginState, error)
}

// SignUps is told of each new user in the transaction that makes them (insights.Webhooks).
type SignUps interface {
	MemberSignedUp(ctx context.Context, u account.User) error
}

// Config is everything the sign-in code needs to know about the provider and this server.
type Config struct {
	// The provider. Issuer must equal the tokens' iss exactly (Auth0's ends in a slash).
	Issuer        string
	AuthURL       string
	TokenURL      string
	EndSessionURL string // empty when the provider has none: logout then only ends our session
	RevocationURL string // empty when the provider has none: logout then leaves the refresh token to expire

	// This server's confidential client at the provider; it authenticates with client_secret_basic.
	ClientID     string
	ClientSecret string

	// Audience is the API's identifier: sent as the audience parameter when signing in (Auth0 issues a
	// JWT access token for it only when asked) and required in every bearer token's aud.
	Audience string

	// Organization, when set, is the one organization (Auth0 Organizations' org_id) whose members
	// may sign in: every ID and access token must carry it, and sign-in asks the provider for it.
	Organization string

	// PromptCreate sends prompt=create with a sign-up, asking the provider to open on its sign-up
	// page; only for providers that support it, as others refuse the whole request.
	PromptCreate bool

	RedirectURL   string // public URL + "/auth/callback", registered at the provider exactly
	PostLogoutURL string // public URL + "/", registered at the provider exactly

	// OnUserCreated, when set, is called once for each user first seen in a token of an external
	// provider and created here: a sign-up there, for the operators' sign-up counter.
	OnUserCreated func()
	// PaymentOffered tells whether the site of a Host header offers the plans and payment, so a
	// member's sign-up records which variant they saw. Nil means never.
	PaymentOffered func(host string) bool
	// SignUps, when set, hears of each user created here, in the transaction that creates them,
	// for the operator's systems (insights.Webhooks).
	SignUps SignUps

	// RolesClaim names the claim holding the user's roles, a JSON array of strings.
	RolesClaim string
	// RequireATJWT accepts as bearer tokens only JWTs typed at+jwt (RFC 9068). The embedded provider
	// types its access tokens so; it turns an ID token presented as an access token away even when
	// both carry the API audience. External providers often type access tokens plain "JWT".
	RequireATJWT bool

	// Keyfunc returns the issuer's public key for a token (see NewJWKSKeyfunc, KeyfuncFromLookup).
	Keyfunc jwt.Keyfunc

	// AccessTokenActive, when set, is asked whether a verified bearer token is still in force, so a
	// token revoked at the provider (by a sign-out, a revocation request, or a refresh that replaced
	// it) is refused before it expires. The embedded provider supplies it. Without it, as with an
	// external provider, a verified token is good until it expires.
	AccessTokenActive func(ctx context.Context, raw string) (bool, error)
	// ActiveCacheFor is how long an answer of AccessTokenActive is remembered, so most requests cost
	// no lookup: 30 s by default and at most, so every replica refuses a revoked token within a minute.
	ActiveCacheFor time.Duration
	// ExistingUsersOnly refuses a verified bearer token whose subject has no user here, instead of
	// creating one. The embedded provider creates each user before it issues them a token, so such
	// a token is one of an account that was closed since: it must not bring back an empty account,
	// and since every request looks the user up, it stops working at once on every replica,
	// whatever AccessTokenActive last said of it. An external provider's members are created here
	// by their first request, so it leaves this off.
	ExistingUsersOnly bool

	// CookieSecure says cookies may carry Secure and so the __Host- prefix: the public URL is https
	// or a loopback host. Without it the cookies lose the prefix and Secure, for plain-http hosts only.
	CookieSecure bool

	IdleTimeout time.Duration // default 2h
	StaffIdle   time.Duration // IdleTimeout for staff and admins; default 30m
	MaxAge      time.Duration // default 24h

	HTTPClient *http.Client     // for the token endpoint; default: a client with a 10 s timeout
	Now        func() time.Time // default time.Now; tests move the clock
	Logger     *slog.Logger     // default slog.Default()

	// OnError answers a request the middleware refuses (an invalid bearer token, a store failure),
	// so the HTTP layer can answer in its own problem format. Default: a minimal problem+json.
	OnError func(w http.ResponseWriter, r *http.Request, err error)
}

// Service runs web sign-in and authenticates requests. It keeps no per-user state in memory, so any
// number of replicas can serve the same members.
type Service struct {
	cfg   Config
	store Store
	log   *slog.Logger
	oauth *oauth2.Config

	sessionCookie string
	loginCookie   string

	// refreshes makes concurrent requests of one session share one token refresh: a provider that
	// rotates refresh tokens and detects reuse would otherwise revoke the whole grant.
	refreshes singleflight.Group

	// active remembers recent answers of Config.AccessTokenActive.
	active *activeCache
}

// The lifetimes and limits that are not configuration.
const (
	leeway            = 60 * time.Second // clock skew allowed on exp, nbf and iat
	touchEvery        = time.Minute      // a session's last use is written at most this often
	refreshBefore     = 60 * time.Second // an access token this close to expiry is refreshed
	loginStateTTL     = 10 * time.Minute
	refreshTimeout    = 10 * time.Second
	revokeTimeout     = 3 * time.Second  // sign-out waits at most this long for the provider's revocation
	maxActiveCacheFor = 30 * time.Second // see Config.ActiveCacheFor
	defaultReturnTo   = "/name-and-birth"
	staffLanding      = "/staff"
	maxTokenLength    = 8 << 10
	signInProblemPath = "/sign-in-problem"
)

// Scopes asked for at sign-in: offline_access yields the refresh token that keeps the session's
// access token fresh without a trip through the browser.
var Scopes = []string{"openid", "profile", "email", "offline_access"}

// New checks cfg, fills its defaults and returns the service.
func New(cfg Config, store Store) (*Service, error) {
	if store == nil {
		return nil, errors.New("auth: no store")
	}
	var missing []string
	for _, f := range []struct{ name, value string }{
		{"Issuer", cfg.Issuer}, {"AuthURL", cfg.AuthURL}, {"TokenURL", cfg.TokenURL},
		{"ClientID", cfg.ClientID}, {"ClientSecret", cfg.ClientSecret}, {"Audience", cfg.Audience},
		{"RedirectURL", cfg.RedirectURL}, {"PostLogoutURL", cfg.PostLogoutURL},
	} {
		if strings.TrimSpace(f.value) == "" {
			missing = append(missing, f.name)
		}
	}
	if cfg.Keyfunc == nil {
		missing = append(missing, "Keyfunc")
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("auth: missing configuration: %s", strings.Join(missing, ", "))
	}
	for _, u := range []struct{ name, value string }{
		{"AuthURL", cfg.AuthURL}, {"TokenURL", cfg.TokenURL}, {"EndSessionURL", cfg.EndSessionURL},
		{"RevocationURL", cfg.RevocationURL}, {"RedirectURL", cfg.RedirectURL}, {"PostLogoutURL", cfg.PostLogoutURL},
	} {
		if u.value == "" {
			continue
		}
		if p, err := url.Parse(u.value); err != nil || p.Host == "" || (p.Scheme != "https" && p.Scheme != "http") {
			return nil, fmt.Errorf("auth: %s %q is not an absolute http(s) URL", u.name, u.value)
		}
	}
	if cfg.RolesClaim == "" {
		cfg.RolesClaim = "roles"
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = 2 * time.Hour
	}
	if cfg.StaffIdle <= 0 {
		cfg.StaffIdle = 30 * time.Minute
	}
	if cfg.MaxAge <= 0 {
		cfg.MaxAge = 24 * time.Hour
	}
	if cfg.MaxAge < cfg.IdleTimeout {
		return nil, errors.New("auth: MaxAge must be at least IdleTimeout")
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.OnError == nil {
		cfg.OnError = defaultOnError
	}
	if cfg.ActiveCacheFor <= 0 || cfg.ActiveCacheFor > maxActiveCacheFor {
		cfg.ActiveCacheFor = maxActiveCacheFor
	}
	s := &Service{
		cfg:   cfg,
		store: store,
		log:   cfg.Logger,
		oauth: &oauth2.Config{
			ClientID:     cfg.ClientID,
			ClientSecret: cfg.ClientSecret,
			Endpoint:     oauth2.Endpoint{AuthURL: cfg.AuthURL, TokenURL: cfg.TokenURL, AuthStyle: oauth2.AuthStyleInHeader},
			RedirectURL:  cfg.RedirectURL,
			Scopes:       Scopes,
		},
		sessionCookie: cookieName("wayfinder_session", cfg.CookieSecure),
		loginCookie:   cookieName("wayfinder_login", cfg.CookieSecure),
		active:        newActiveCache(cfg.ActiveCacheFor, maxActiveAnswers),
	}
	return s, nil
}

// SessionCookieName is the name of the web session cookie: "__Host-wayfinder_session" where
// cookies may be Secure, else "wayfinder_session".
func (s *Service) SessionCookieName() string { return s.sessionCookie }

// cookieName gives a cookie the __Host- prefix where it can be Secure: the browser then refuses it
// unless it is Secure, host-only and for Path=/, so a sibling subdomain cannot plant or shadow it.
func cookieName(base string, secure bool) string {
	if secure {
		return "__Host-" + base
	}
	return base
}

// now is the configured clock in UTC, so stored times compare the same on every replica.
func (s *Service) now() time.Time { return s.cfg.Now().UTC() }

// tokenContext carries the configured HTTP client to the oauth2 package.
func (s *Service) tokenContext(ctx context.Context) context.Context {
	return context.WithValue(ctx, oauth2.HTTPClient, s.cfg.HTTPClient)
}

// defaultOnError answers with a bare problem+json when the HTTP layer has not supplied its own, in
// the language the request asks for.
func defaultOnError(w http.ResponseWriter, r *http.Request, err error) {
	lang := messages.Negotiate(r.Header.Get("Accept-Language"))
	status := http.StatusInternalServerError
	detail := lang.T(apperr.GenericKey(apperr.Internal))
	switch apperr.CodeOf(err) {
	case apperr.Unauthenticated:
		status = http.StatusUnauthorized
	case apperr.Forbidden:
		status = http.StatusForbidden
	case apperr.MethodNotAllowed:
		status = http.StatusMethodNotAllowed
	case apperr.Unavailable:
		status = http.StatusServiceUnavailable
	}
	var e *apperr.Error
	if status < 500 && errors.As(err, &e) && e.Key != "" {
		detail = e.Text(lang)
	}
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(struct {
		Type   string `json:"type"`
		Title  string `json:"title"`
		Status int    `json:"status"`
		Detail string `json:"detail"`
	}{"about:blank", http.StatusText(status), status, detail})
}
