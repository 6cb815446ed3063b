// Package idp is Wayfinder's embedded OpenID provider, on by default when no external issuer is
// configured. It is built on fosite (authorization code with PKCE, refresh tokens with rotation) and
// adds what fosite leaves to its users: discovery, the key set with key rotation, the hosted
// sign-in and sign-up pages with their password policy and rate limits, userinfo and end-session.
// Everything it keeps lives in the database, so any replica can serve any step of a sign-in.
package idp

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"html/template"
	"log/slog"
	"net/url"
	"runtime"
	"strings"
	"time"

	"github.com/ory/fosite"
	"github.com/ory/fosite/compose"
	"github.com/ory/fosite/handler/oauth2"
	"github.com/ory/fosite/handler/openid"
	"github.com/ory/fosite/token/jwt"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/mail"
	"wayfinder/internal/messages"
)

// The clients of the embedded provider.
const (
	// WebClientID is the server's own web sign-in (backend-for-frontend): a confidential client.
	WebClientID = "wayfinder-web"
	// IOSClientID is the iOS app: a public client that proves itself with PKCE.
	IOSClientID = "wayfinder-ios"
	// WebClientSecretName names the web client's secret among the server secrets.
	WebClientSecretName = "oidc_web_client_secret"
	// globalSecretName names the key fosite signs codes and refresh tokens with.
	globalSecretName = "idp_global_secret"
)

// Lifetimes of what the provider issues.
const (
	accessTokenLifetime  = 10 * time.Minute
	idTokenLifetime      = time.Hour
	refreshTokenLifetime = 30 * 24 * time.Hour
	codeLifetime         = 5 * time.Minute
	sessionLifetime      = 14 * 24 * time.Hour
)

// scopes are what both clients may ask for.
var scopes = []string{"openid", "profile", "email", "offline_access"}

// SignUps is told of each member who signs up, in the transaction that makes their account.
type SignUps interface {
	MemberSignedUp(ctx context.Context, u account.User) error
}

// Config is what the provider needs from the server's configuration.
type Config struct {
	// Issuer is the provider's issuer URL: the public URL + "/idp".
	Issuer string
	// PublicURL is the server's public URL, with no trailing slash.
	PublicURL string
	// Audience is the API's audience; every access token carries it.
	Audience string
	// RolesClaim names the claim listing the user's roles ("roles" by default).
	RolesClaim string
	// WebClientSecret is the web client's secret, shared with the server's sign-in client; see
	// LoadWebClientSecret.
	WebClientSecret string
	// IOSRedirectURIs are the iOS app's registered redirect URIs.
	IOSRedirectURIs []string
	// Secure says whether cookies may be Secure (TLS, or a loopback host): then the provider's
	// cookie carries the __Host- prefix.
	Secure bool
	// BrandName is the product's name on the pages.
	BrandName string
	// SignupsPerHour is how many sign-ups one address may make in an hour; 0 is the default, 10.
	SignupsPerHour int
	// OnSignUp, when set, is called once for each account the sign-up page creates, after it is
	// stored: for the operators' sign-up counter.
	OnSignUp func()
	// SignUps, when set, hears of each account the sign-up page creates, in the transaction that
	// creates it, for the operator's systems (insights.Webhooks). Accounts made on the command line
	// are no sign-ups.
	SignUps SignUps
	// Mail is the outbox the provider's emails go into, in the transaction of the change that sends
	// them; nil sends none (tests of other things).
	Mail Mailer
}

// Mailer queues an email to be sent. Enabled says whether emails leave at all: when they don't,
// the pages never promise one.
type Mailer interface {
	Enqueue(ctx context.Context, m mail.Message) error
	Enabled() bool
}

// SecretStore is the part of the store that keeps server secrets.
type SecretStore interface {
	ServerSecret(ctx context.Context, name string, candidate []byte, now time.Time) ([]byte, error)
}

// LoadWebClientSecret returns the web client's secret, creating it on the first start: 32 random
// bytes, base64url-encoded so it survives HTTP basic authentication's URL-decoding unchanged. Every
// replica reads the same value, and both the provider and the server's sign-in client need it.
func LoadWebClientSecret(ctx context.Context, s SecretStore) (string, error) {
	candidate := make([]byte, 32)
	if _, err := rand.Read(candidate); err != nil {
		return "", apperr.WrapInternalf(err, "could not make the web client's secret")
	}
	v, err := s.ServerSecret(ctx, WebClientSecretName, []byte(base64.RawURLEncoding.EncodeToString(candidate)), time.Now())
	if err != nil {
		return "", err
	}
	return string(v), nil
}

// Provider is the embedded OpenID provider, split by concern: Provider itself is the HTTP side (the
// OAuth and OpenID endpoints and the hosted pages the server mounts under /idp), Accounts the
// account administration the pages and the command line share, and keyRing the signing keys and
// their rotation.
type Provider struct {
	cfg     Config
	store   Store
	log     *slog.Logger
	oauth   fosite.OAuth2Provider
	storage *fositeStorage
	clients map[string]*client
	keys    *keyRing
	msg     catalog
	pages   *template.Template
	// flowKey signs the sign-in flow carried through the hosted pages.
	flowKey []byte
	// Accounts is the account administration the pages and the command line share: accounts,
	// passwords and the sign-in limits.
	*Accounts
	cookieName string
	// now is the clock; tests move it.
	now func() time.Time
}

// client is a registered client with the post-logout URIs fosite has no field for.
type client struct {
	*fosite.DefaultOpenIDConnectClient
	postLogoutRedirectURIs []string
}

// New builds the provider: it loads or creates the shared secret, makes sure a signing key exists
// (RotateKeysIfDue), and registers the web and iOS clients.
func New(ctx context.Context, cfg Config, store Store, log *slog.Logger) (*Provider, error) {
	return newProvider(ctx, cfg, store, log, defaultHashParams, time.Now)
}

func newProvider(ctx context.Context, cfg Config, store Store, log *slog.Logger, hp hashParams, clock func() time.Time) (*Provider, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	cfg.Issuer = strings.TrimRight(cfg.Issuer, "/")
	if cfg.RolesClaim == "" {
		cfg.RolesClaim = "roles"
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	p := &Provider{
		cfg:        cfg,
		store:      store,
		log:        log.With("component", "idp"),
		msg:        catalog{lang: messages.English, brand: cfg.BrandName},
		now:        func() time.Time { return clock().UTC() },
		cookieName: "wayfinder_idp",
	}
	if cfg.Secure {
		p.cookieName = "__Host-wayfinder_idp"
	}
	p.keys = newKeyRing(store, p.log, p.now)

	candidate := make([]byte, 32)
	if _, err := rand.Read(candidate); err != nil {
		return nil, apperr.WrapInternalf(err, "could not make the provider's secret")
	}
	global, err := store.ServerSecret(ctx, globalSecretName, candidate, p.now())
	if err != nil {
		return nil, err
	}
	if len(global) < 32 {
		return nil, apperr.Internalf("the provider's stored secret is too short")
	}
	// The flow key is derived from the shared secret so that every replica accepts every other's
	// flows, and separated from fosite's own use of the secret by the label.
	flowKey := sha256.Sum256(append([]byte("wayfinder idp flow\x00"), global...))
	p.flowKey = flowKey[:]

	// The limits' keys are derived from the same secret, so every replica counts under the same
	// keys, and kept apart from the flow key by the label.
	limitKey := sha256.Sum256(append([]byte("wayfinder idp limits\x00"), global...))
	p.Accounts = &Accounts{
		store:          store,
		log:            p.log,
		now:            p.now,
		hashParams:     hp,
		dummyPassword:  "not a password anyone has: " + base64.RawURLEncoding.EncodeToString(candidate),
		hashSlots:      make(chan struct{}, runtime.GOMAXPROCS(0)),
		limitKey:       limitKey[:],
		signupsPerHour: cfg.SignupsPerHour,
	}
	if p.pages, err = parsePages(); err != nil {
		return nil, apperr.WrapInternalf(err, "could not read the sign-in pages")
	}

	p.clients = p.registerClients()
	fclients := make(map[string]fosite.Client, len(p.clients))
	for id, c := range p.clients {
		fclients[id] = c
	}
	p.storage = &fositeStorage{store: store, clients: fclients, now: p.now}

	fcfg := &fosite.Config{
		AccessTokenLifespan:            accessTokenLifetime,
		RefreshTokenLifespan:           refreshTokenLifetime,
		AuthorizeCodeLifespan:          codeLifetime,
		IDTokenLifespan:                idTokenLifetime,
		IDTokenIssuer:                  cfg.Issuer,
		AccessTokenIssuer:              cfg.Issuer,
		TokenURL:                       cfg.Issuer + "/token",
		EnforcePKCE:                    true,
		EnablePKCEPlainChallengeMethod: false,
		GlobalSecret:                   global[:32],
		RefreshTokenScopes:             []string{"offline_access"},
		JWTScopeClaimKey:               jwt.JWTScopeFieldString,
		AllowedPromptValues:            []string{"login", "none", "consent", "select_account", "create"},
		AudienceMatchingStrategy:       fosite.ExactAudienceMatchingStrategy,
		// fosite fills in a missing scope strategy on first use, writing to this shared Config from
		// whichever authorize requests come first, so it is set here to fosite's own default. (Its
		// JWKS fetcher is filled in the same way, but only private_key_jwt clients use it, and
		// there are none.)
		ScopeStrategy:              fosite.WildcardScopeStrategy,
		SendDebugMessagesToClients: false,
		ClientSecretsHasher:        sha256Hasher{},
		// The registered redirect URIs are ours and matched exactly, so fosite's scheme rule adds
		// nothing; it would refuse a plain-http public URL that the operator chose on purpose.
		RedirectSecureChecker: func(context.Context, *url.URL) bool { return true },
	}
	signer := &rotatingSigner{keys: p.keys}
	strategy := &compose.CommonStrategy{
		CoreStrategy: &oauth2.DefaultJWTStrategy{
			Signer:          signer,
			HMACSHAStrategy: compose.NewOAuth2HMACStrategy(fcfg),
			Config:          fcfg,
		},
		OpenIDConnectTokenStrategy: &openid.DefaultStrategy{Signer: signer, Config: fcfg},
		Signer:                     signer,
	}
	p.oauth = compose.Compose(fcfg, p.storage, strategy,
		compose.OAuth2AuthorizeExplicitFactory,
		compose.OAuth2RefreshTokenGrantFactory,
		compose.OpenIDConnectExplicitFactory,
		compose.OpenIDConnectRefreshFactory,
		compose.OAuth2PKCEFactory, // after the explicit factory, whose code it binds to
		compose.OAuth2TokenIntrospectionFactory,
		compose.OAuth2TokenRevocationFactory,
	)

	if err := p.RotateKeysIfDue(ctx, p.now()); err != nil {
		return nil, err
	}
	return p, nil
}

// check refuses a configuration the provider cannot work with, naming what is wrong.
func (c Config) check() error {
	var fields []apperr.FieldError
	for _, f := range []struct{ name, value string }{{"issuer", c.Issuer}, {"public URL", c.PublicURL}} {
		if u, err := url.Parse(f.value); err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
			fields = append(fields, apperr.Field(f.name, msgSettingURL))
		}
	}
	if c.Audience == "" {
		fields = append(fields, apperr.Field("audience", msgSettingRequired))
	}
	if len(c.WebClientSecret) < 32 {
		fields = append(fields, apperr.Field("web client secret", msgSettingSecretShort, messages.Params{"min": 32}))
	}
	for _, uri := range c.IOSRedirectURIs {
		if u, err := url.Parse(uri); err != nil || u.Scheme == "" || u.Fragment != "" {
			fields = append(fields, apperr.Field("iOS redirect URIs", msgSettingRedirectURI, messages.Params{"uri": uri}))
		}
	}
	if len(fields) > 0 {
		return apperr.InvalidFields(msgSettingsInvalid, fields...)
	}
	return nil
}

// registerClients describes the web and iOS clients. Both may ask for the same scopes and the API
// audience, which must be in each client's list or fosite refuses to grant it on refresh.
func (p *Provider) registerClients() map[string]*client {
	secret := sha256.Sum256([]byte(p.cfg.WebClientSecret))
	web := &client{
		DefaultOpenIDConnectClient: &fosite.DefaultOpenIDConnectClient{
			DefaultClient: &fosite.DefaultClient{
				ID:            WebClientID,
				Secret:        secret[:],
				RedirectURIs:  []string{p.cfg.PublicURL + "/auth/callback"},
				GrantTypes:    []string{"authorization_code", "refresh_token"},
				ResponseTypes: []string{"code"},
				Scopes:        scopes,
				Audience:      []string{p.cfg.Audience},
			},
			TokenEndpointAuthMethod: "client_secret_basic",
		},
		postLogoutRedirectURIs: []string{p.cfg.PublicURL + "/"},
	}
	ios := &client{
		DefaultOpenIDConnectClient: &fosite.DefaultOpenIDConnectClient{
			DefaultClient: &fosite.DefaultClient{
				ID:            IOSClientID,
				Public:        true,
				RedirectURIs:  append([]string(nil), p.cfg.IOSRedirectURIs...),
				GrantTypes:    []string{"authorization_code", "refresh_token"},
				ResponseTypes: []string{"code"},
				Scopes:        scopes,
				Audience:      []string{p.cfg.Audience},
			},
			TokenEndpointAuthMethod: "none",
		},
		postLogoutRedirectURIs: append([]string(nil), p.cfg.IOSRedirectURIs...),
	}
	return map[string]*client{WebClientID: web, IOSClientID: ios}
}

// sha256Hasher checks client secrets. The only secret is 32 random bytes, which no one can guess,
// so a fast hash is as safe as bcrypt here and saves a quarter second on every token request.
type sha256Hasher struct{}

func (sha256Hasher) Hash(_ context.Context, data []byte) ([]byte, error) {
	sum := sha256.Sum256(data)
	return sum[:], nil
}

func (sha256Hasher) Compare(_ context.Context, hash, data []byte) error {
	sum := sha256.Sum256(data)
	if subtle.ConstantTimeCompare(hash, sum[:]) != 1 {
		return errors.New("the client secret does not match")
	}
	return nil
}

// Run does the provider's housekeeping until ctx ends: every hour it rotates the signing keys when
// due and removes expired codes, tokens, sessions, login states and old sign-in attempts. Every
// replica may run it; the work is idempotent.
func (p *Provider) Run(ctx context.Context) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			p.Maintain(ctx)
		}
	}
}

// Maintain is one round of Run's housekeeping; failures are logged, and the next round tries again.
func (p *Provider) Maintain(ctx context.Context) {
	now := p.now()
	if err := p.RotateKeysIfDue(ctx, now); err != nil {
		p.log.ErrorContext(ctx, "signing key rotation failed", "err", err)
	}
	c, err := p.store.DeleteExpiredIdentityRows(ctx, now, now.Add(-attemptMemory), now.Add(-knownAddressPeriod))
	if err != nil {
		p.log.ErrorContext(ctx, "removing expired sign-in data failed", "err", err)
		return
	}
	p.log.DebugContext(ctx, "expired sign-in data removed", "login_states", c.LoginStates,
		"idp_sessions", c.IdPSessions, "oauth_requests", c.OAuthRequests, "login_attempts", c.LoginAttempts, "known_addresses", c.KnownAddresses)
}
