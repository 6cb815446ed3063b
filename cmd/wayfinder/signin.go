package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strconv"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/auth"
	"wayfinder/internal/config"
	"wayfinder/internal/httpapi"
	"wayfinder/internal/idp"
	"wayfinder/internal/sqlstore"
)

// signIn builds web sign-in and bearer verification, and the embedded identity provider when no
// external one is configured (then it returns a nil provider), which queues its emails in outbox
// (nil: none are sent, as for the command line). backChannel is the address this
// server itself listens on: with the embedded provider the sign-in client calls the token
// endpoint there, not through the public URL, which may not be reachable from inside. signUps
// hears of every member who signs up, in the transaction that makes their account (nil: no one).
func signIn(ctx context.Context, cfg config.Config, db *sqlstore.DB, outbox idp.Mailer, log *slog.Logger, backChannel net.Addr, onSignUp func(), signUps auth.SignUps) (*auth.Service, *idp.Provider, error) {
	public := cfg.PublicURL.String()
	audience := cfg.OIDCAudience
	if audience == "" {
		audience = public + "/api"
	}
	ac := auth.Config{
		Audience:       audience,
		RedirectURL:    public + "/auth/callback",
		PostLogoutURL:  public + "/",
		RolesClaim:     cfg.OIDCRolesClaim,
		OnUserCreated:  onSignUp,
		PaymentOffered: paymentVariant(cfg).On,
		SignUps:        signUps,
		CookieSecure:   cfg.CookieSecure(),
		IdleTimeout:    cfg.SessionIdleTimeout,
		StaffIdle:      cfg.StaffIdleTimeout,
		MaxAge:         cfg.SessionMaxAge,
		Logger:         log,
		OnError:        httpapi.ErrorWriter(log),
	}
	var provider *idp.Provider
	if cfg.EmbeddedIdP() {
		secret, err := idp.LoadWebClientSecret(ctx, db)
		if err != nil {
			return nil, nil, fmt.Errorf("loading the sign-in client's secret: %w", err)
		}
		issuer := public + "/idp"
		provider, err = idp.New(ctx, idp.Config{
			Issuer:          issuer,
			PublicURL:       public,
			Audience:        audience,
			RolesClaim:      cfg.OIDCRolesClaim,
			WebClientSecret: secret,
			IOSRedirectURIs: cfg.IOSRedirectURIs,
			Secure:          cfg.CookieSecure(),
			BrandName:       cfg.BrandName,
			SignupsPerHour:  cfg.SignupsPerHour,
			OnSignUp:        onSignUp,
			SignUps:         signUps,
			Mail:            outbox,
		}, db, log)
		if err != nil {
			return nil, nil, fmt.Errorf("starting the embedded identity provider: %w", err)
		}
		ac.Issuer = issuer
		ac.AuthURL = issuer + "/authorize"
		ac.TokenURL = "http://" + loopbackAddress(backChannel) + "/idp/token"
		ac.RevocationURL = "http://" + loopbackAddress(backChannel) + "/idp/revoke"
		ac.EndSessionURL = issuer + "/logout"
		ac.PromptCreate = cfg.OIDCSignupPrompt != "none"
		ac.ClientID = idp.WebClientID
		ac.ClientSecret = secret
		ac.Keyfunc = auth.KeyfuncFromLookup(provider.PublicKey)
		ac.AccessTokenActive = provider.AccessTokenActive
		ac.ActiveCacheFor = bearerCheckEvery
		ac.RequireATJWT = true
		// The provider makes every user before their first token, so a token without a user is one
		// of a closed account.
		ac.ExistingUsersOnly = true
	} else {
		ep, err := auth.Discover(ctx, nil, cfg.OIDCIssuer)
		if err != nil {
			return nil, nil, fmt.Errorf("WAYFINDER_OIDC_ISSUER (--oidc-issuer): %s", oneLine(err))
		}
		keyfunc, err := auth.NewJWKSKeyfunc(ctx, ep.JWKSURL)
		if err != nil {
			return nil, nil, fmt.Errorf("WAYFINDER_OIDC_ISSUER (--oidc-issuer): the provider's keys: %s", oneLine(err))
		}
		ac.Issuer = ep.Issuer
		ac.AuthURL = ep.AuthURL
		ac.TokenURL = ep.TokenURL
		ac.EndSessionURL = ep.EndSessionURL
		ac.RevocationURL = ep.RevocationURL
		ac.PromptCreate = cfg.OIDCSignupPrompt == "create" || cfg.OIDCSignupPrompt == "auto" && ep.PromptCreate
		ac.Organization = cfg.OIDCOrganization
		ac.ClientID = cfg.OIDCClientID
		ac.ClientSecret = cfg.OIDCClientSecret
		ac.Keyfunc = keyfunc
	}
	if !ac.CookieSecure {
		log.Warn("the public URL is plain http on a host that is not loopback: session cookies cannot be Secure; serve it over https")
	}
	svc, err := auth.New(ac, db)
	if err != nil {
		return nil, nil, err
	}
	return svc, provider, nil
}

// bearerCheckEvery is how long the server trusts its last look at whether an embedded provider's
// bearer token was revoked: a signed-out or revoked token is refused within this, on every replica.
// It is the most auth allows; tests shorten it to watch a revoked token stop working.
var bearerCheckEvery = 30 * time.Second

// loopbackAddress is addr with an unspecified IP (0.0.0.0, ::) replaced by loopback, so the
// server can call itself.
func loopbackAddress(addr net.Addr) string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return addr.String()
	}
	ip := tcp.IP
	if ip == nil || ip.IsUnspecified() {
		ip = net.IPv4(127, 0, 0, 1)
	}
	return net.JoinHostPort(ip.String(), strconv.Itoa(tcp.Port))
}

// demoAccounts are created by --demo (make run) so a newcomer can sign in at once. They exist only
// in a database that was started in demo mode, and their passwords are printed on every start.
var demoAccounts = []struct {
	email, password string
	role            account.Role
}{
	{"member@demo.example.com", "demo-member-password", account.RoleMember},
	{"staff@demo.example.com", "demo-staff-password", account.RoleStaff},
	{"admin@demo.example.com", "demo-admin-password", account.RoleAdmin},
}

func seedDemoAccounts(ctx context.Context, p *idp.Provider, stdout io.Writer) error {
	fmt.Fprintln(stdout, "Demo accounts (sign in with these):")
	for _, a := range demoAccounts {
		_, err := p.CreateUser(ctx, a.email, a.password, a.role)
		if err != nil && !apperr.Is(err, apperr.Conflict) {
			return fmt.Errorf("creating the demo account %s: %w", a.email, err)
		}
		fmt.Fprintf(stdout, "  %-6s %s  password: %s\n", a.role, a.email, a.password)
	}
	return nil
}
