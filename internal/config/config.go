// Package config reads Wayfinder's settings from command-line flags and WAYFINDER_* environment
// variables, fills in defaults that need nothing set up, and validates them before anything starts.
// There are no globals: Load returns a Config and the caller passes it on.
package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/mail"
	"net/netip"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"wayfinder/internal/sealed"
)

// Config is every setting of the server. docs/configuration.md lists them for operators.
type Config struct {
	Listen             string        // host:port the HTTP server binds to
	AdminListen        string        // host:port of the operators' server (/metrics, pprof); "" serves /metrics on Listen
	MediaOrigins       []string      // https origins coach media may come from, added to the CSP's img-src and media-src
	SecretKey          []byte        // encrypts the server's secrets at rest; nil with none set
	SecretKeyFile      string        // where to read SecretKey from instead
	PreviousSecretKeys [][]byte      // keys secrets may still be sealed with during a rotation
	AdminPprof         bool          // serve Go's profiler on AdminListen
	PublicURL          *url.URL      // the address members reach the app at; derived from Listen when unset
	DatabaseURL        string        // a SQLite file path (default) or a postgres:// URL
	DBMaxConns         int           // PostgreSQL: the most connections this replica's pool opens
	LogLevel           string        // debug, info, warn or error
	ShutdownTimeout    time.Duration // how long in-flight requests may take to finish on SIGTERM
	BodyLimit          int64         // the largest request body accepted, in bytes
	AutoMigrate        bool          // apply pending migrations at start-up
	BrandName          string        // the product name members see
	AppStoreURL        string        // the iOS app's App Store page
	PaymentEnabled     bool          // whether the plan and payment steps are offered on every hostname
	PaymentHosts       []string      // hostnames on which they are offered even when PaymentEnabled is off
	Features           []string      // feature flags passed to the app
	// TrustedProxies are the load balancers and proxies whose X-Forwarded-For is believed; a
	// request from anywhere else is from the address it came from.
	TrustedProxies []netip.Prefix
	// WebhookPrivateNetworks are the private networks webhook deliveries may reach besides public
	// addresses (insights.Reach).
	WebhookPrivateNetworks []netip.Prefix

	// Payments through Stripe. Without keys, only a demo takes "payments", in its own test mode.
	StripeSecretKey     string // the API secret key (sk_…)
	StripeWebhookSecret string // the webhook endpoint's signing secret (whsec_…)
	StripeAPIURL        string // Stripe's API; tests point it at stripe-mock

	// Sign-in. With no OIDCIssuer the embedded identity provider serves /idp.
	OIDCIssuer         string   // an external OpenID provider's issuer URL (Auth0, Keycloak, …)
	OIDCClientID       string   // this server's client at that provider
	OIDCClientSecret   string   // and its secret
	OIDCAudience       string   // the API audience every access token must carry; embedded default: public URL + /api
	OIDCRolesClaim     string   // the access-token claim listing roles; "staff" in it makes a staff user
	OIDCSignupPrompt   string   // "auto", "create" or "none": when sign-up asks the provider for prompt=create
	OIDCOrganization   string   // the org_id every token must carry; "" checks none
	IOSRedirectURIs    []string // the iOS app's redirect URIs at the embedded provider
	SessionIdleTimeout time.Duration
	// StaffIdleTimeout is SessionIdleTimeout for staff and admins, shorter since their sessions
	// reach every member's data.
	StaffIdleTimeout time.Duration
	SessionMaxAge    time.Duration
	SignupsPerHour   int  // sign-ups one address may make in an hour at the embedded provider
	Demo             bool // create the demo accounts and coaches, and print the accounts' credentials at start-up

	// Email. Without SMTPURL a demo prints each email's links to standard output, and any other
	// server sends no email at all.
	SMTPURL  string // smtp:// or smtps://, perhaps with a password: print it only through RedactedSMTPURL
	MailFrom string // the sender, such as "Wayfinder <hello@example.com>"
}

// Setting describes one setting: its flag, its environment variable, its default and what it does.
// The same list drives flag parsing, the environment and the operator docs, so they cannot drift.
type Setting struct {
	Flag    string
	Env     string
	Default string
	Usage   string
	set     func(c *Config, value string) error
}

// DefaultDatabaseURL is a SQLite file under ./data, so a fresh checkout needs no database server.
const DefaultDatabaseURL = "data/wayfinder.db"

// Settings lists every setting in the order the docs present them.
var Settings = []Setting{
	{Flag: "listen", Env: "WAYFINDER_LISTEN", Default: "127.0.0.1:8080",
		Usage: "address the HTTP server listens on (host:port; port 0 picks a free one)",
		set: func(c *Config, v string) error {
			if err := checkHostPort(v); err != nil {
				return err
			}
			c.Listen = v
			return nil
		}},
	{Flag: "admin-listen", Env: "WAYFINDER_ADMIN_LISTEN", Default: "",
		Usage: "a second address (host:port) for operators: /metrics is served there, and no longer on the members' address",
		set: func(c *Config, v string) error {
			if v != "" {
				if err := checkHostPort(v); err != nil {
					return err
				}
			}
			c.AdminListen = v
			return nil
		}},
	{Flag: "admin-pprof", Env: "WAYFINDER_ADMIN_PPROF", Default: "false",
		Usage: "serve Go's profiler under /debug/pprof/ on the admin address (needs WAYFINDER_ADMIN_LISTEN)",
		set:   boolSetting(func(c *Config, b bool) { c.AdminPprof = b })},
	{Flag: "public-url", Env: "WAYFINDER_PUBLIC_URL", Default: "",
		Usage: "the URL members open, e.g. https://start.example.com (default: http:// plus the listen address)",
		set: func(c *Config, v string) error {
			if v == "" {
				return nil
			}
			u, err := url.Parse(v)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
				u.RawQuery != "" || u.Fragment != "" || (u.Path != "" && u.Path != "/") {
				return fmt.Errorf("%q is not an absolute http(s) URL of a site root", v)
			}
			u.Path = ""
			c.PublicURL = u
			return nil
		}},
	{Flag: "database-url", Env: "WAYFINDER_DATABASE_URL", Default: DefaultDatabaseURL,
		Usage: "a SQLite file path, or a postgres:// URL for PostgreSQL",
		set: func(c *Config, v string) error {
			if err := checkDatabaseURL(v); err != nil {
				return err
			}
			c.DatabaseURL = v
			return nil
		}},
	{Flag: "db-max-conns", Env: "WAYFINDER_DB_MAX_CONNS", Default: "10",
		Usage: "PostgreSQL: the most connections this replica opens (replicas × this must stay under the server's max_connections)",
		set: func(c *Config, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 1000 {
				return fmt.Errorf("%q is not a number from 1 to 1000", v)
			}
			c.DBMaxConns = n
			return nil
		}},
	{Flag: "log-level", Env: "WAYFINDER_LOG_LEVEL", Default: "info",
		Usage: "debug, info, warn or error",
		set: func(c *Config, v string) error {
			switch v {
			case "debug", "info", "warn", "error":
				c.LogLevel = v
				return nil
			}
			return fmt.Errorf("%q is not one of debug, info, warn, error", v)
		}},
	{Flag: "shutdown-timeout", Env: "WAYFINDER_SHUTDOWN_TIMEOUT", Default: "15s",
		Usage: "how long in-flight requests may take to finish when the server is stopped",
		set: func(c *Config, v string) error {
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 {
				return fmt.Errorf("%q is not a positive duration such as 15s", v)
			}
			c.ShutdownTimeout = d
			return nil
		}},
	{Flag: "body-limit", Env: "WAYFINDER_BODY_LIMIT", Default: "1048576",
		Usage: "the largest request body accepted, in bytes",
		set: func(c *Config, v string) error {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 1024 {
				return fmt.Errorf("%q is not a number of bytes of at least 1024", v)
			}
			c.BodyLimit = n
			return nil
		}},
	{Flag: "trusted-proxies", Env: "WAYFINDER_TRUSTED_PROXIES", Default: "",
		Usage: "comma-separated addresses or CIDR ranges of the load balancers in front of the server, e.g. 10.0.0.0/8; X-Forwarded-For is believed only from them",
		set: func(c *Config, v string) (err error) {
			c.TrustedProxies, err = prefixList(v, "would trust every address; name the load balancers' own range")
			return err
		}},
	{Flag: "webhook-private-networks", Env: "WAYFINDER_WEBHOOK_PRIVATE_NETWORKS", Default: "",
		Usage: "comma-separated addresses or CIDR ranges of private networks webhooks may be sent to, e.g. 10.20.0.0/16 for a CRM inside your network; by default they go only to public addresses",
		set: func(c *Config, v string) (err error) {
			c.WebhookPrivateNetworks, err = prefixList(v, "would let webhooks reach every address; name the receivers' own range")
			return err
		}},
	{Flag: "auto-migrate", Env: "WAYFINDER_AUTO_MIGRATE", Default: "true",
		Usage: "apply pending database migrations at start-up (false: run `wayfinder migrate` yourself)",
		set:   boolSetting(func(c *Config, b bool) { c.AutoMigrate = b })},
	{Flag: "brand-name", Env: "WAYFINDER_BRAND_NAME", Default: "Wayfinder",
		Usage: "the product name members see",
		set: func(c *Config, v string) error {
			v = strings.TrimSpace(v)
			if v == "" || len(v) > 60 {
				return errors.New("must be 1 to 60 characters")
			}
			c.BrandName = v
			return nil
		}},
	{Flag: "app-store-url", Env: "WAYFINDER_APP_STORE_URL", Default: "https://apps.apple.com/",
		Usage: "the iOS app's App Store page, where members go at the end of onboarding",
		set: func(c *Config, v string) error {
			u, err := url.Parse(v)
			if err != nil || u.Scheme != "https" || u.Host == "" {
				return fmt.Errorf("%q is not an absolute https URL", v)
			}
			c.AppStoreURL = v
			return nil
		}},
	{Flag: "payment-enabled", Env: "WAYFINDER_PAYMENT_ENABLED", Default: "false",
		Usage: "offer the plan and payment steps on every hostname",
		set:   boolSetting(func(c *Config, b bool) { c.PaymentEnabled = b })},
	{Flag: "payment-hostnames", Env: "WAYFINDER_PAYMENT_HOSTNAMES", Default: "",
		Usage: "comma-separated hostnames (without port) on which the plan and payment steps are offered, e.g. pay.example.com",
		set: func(c *Config, v string) error {
			c.PaymentHosts = nil
			for _, h := range strings.Split(v, ",") {
				h = strings.ToLower(strings.TrimSuffix(strings.TrimSpace(h), "."))
				if h == "" {
					continue
				}
				if strings.ContainsAny(h, ":/ ") || !isHostname(h) {
					return fmt.Errorf("%q is not a hostname (leave out the scheme and the port)", h)
				}
				c.PaymentHosts = append(c.PaymentHosts, h)
			}
			return nil
		}},
	{Flag: "stripe-secret-key", Env: "WAYFINDER_STRIPE_SECRET_KEY", Default: "",
		Usage: "Stripe's secret API key, sk_live_… or sk_test_… (prefer the environment variable to the flag)",
		set: func(c *Config, v string) error {
			if v != "" && !strings.HasPrefix(v, "sk_") && !strings.HasPrefix(v, "rk_") {
				return errors.New("is not a Stripe secret key (sk_… or a restricted rk_…)")
			}
			c.StripeSecretKey = v
			return nil
		}},
	{Flag: "stripe-webhook-secret", Env: "WAYFINDER_STRIPE_WEBHOOK_SECRET", Default: "",
		Usage: "the signing secret of the Stripe webhook endpoint /api/billing/stripe-webhook, whsec_… (prefer the environment variable)",
		set: func(c *Config, v string) error {
			if v != "" && !strings.HasPrefix(v, "whsec_") {
				return errors.New("is not a Stripe webhook signing secret (whsec_…)")
			}
			c.StripeWebhookSecret = v
			return nil
		}},
	{Flag: "stripe-api-url", Env: "WAYFINDER_STRIPE_API_URL", Default: "https://api.stripe.com",
		Usage: "Stripe's API address; point it at stripe-mock to test",
		set: func(c *Config, v string) error {
			u, err := url.Parse(v)
			if err != nil || u.Host == "" || u.RawQuery != "" || u.Fragment != "" ||
				(u.Scheme != "https" && !(u.Scheme == "http" && isLoopback(u.Hostname()))) {
				return fmt.Errorf("%q is not an https URL (plain http only on this machine)", v)
			}
			c.StripeAPIURL = strings.TrimSuffix(v, "/")
			return nil
		}},
	{Flag: "features", Env: "WAYFINDER_FEATURES", Default: "",
		Usage: "comma-separated feature flags passed to the app (letters, digits, - and _)",
		set: func(c *Config, v string) error {
			c.Features = nil
			for _, f := range strings.Split(v, ",") {
				f = strings.TrimSpace(f)
				if f == "" {
					continue
				}
				if !isFlagName(f) {
					return fmt.Errorf("%q is not a feature flag name", f)
				}
				c.Features = append(c.Features, f)
			}
			return nil
		}},
	{Flag: "media-origins", Env: "WAYFINDER_MEDIA_ORIGINS", Default: "",
		Usage: "comma-separated https origins coaches' pictures, videos and captions may come from, e.g. https://cdn.example.com",
		set: func(c *Config, v string) error {
			c.MediaOrigins = nil
			for _, o := range strings.Split(v, ",") {
				o = strings.TrimSpace(o)
				if o == "" {
					continue
				}
				u, err := url.Parse(o)
				if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" ||
					strings.ContainsAny(u.Host, " ;'*") {
					return fmt.Errorf("%q is not an https origin like https://cdn.example.com", o)
				}
				c.MediaOrigins = append(c.MediaOrigins, "https://"+u.Host)
			}
			return nil
		}},
	{Flag: "secret-key", Env: "WAYFINDER_SECRET_KEY", Default: "",
		Usage: "the key that encrypts the server's secrets in the database: 32 random bytes in base64 (openssl rand -base64 32); prefer the variable, or a key file, to the flag",
		set: func(c *Config, v string) error {
			c.SecretKey = nil
			if v == "" {
				return nil
			}
			k, err := sealed.ParseKey(v)
			if err != nil {
				return err
			}
			c.SecretKey = k
			return nil
		}},
	{Flag: "secret-key-file", Env: "WAYFINDER_SECRET_KEY_FILE", Default: "",
		Usage: "a file holding the secret key instead (readable by the server only)",
		set:   func(c *Config, v string) error { c.SecretKeyFile = v; return nil }},
	{Flag: "previous-secret-keys", Env: "WAYFINDER_PREVIOUS_SECRET_KEYS", Default: "",
		Usage: "comma-separated keys the secrets were encrypted with before, while a key rotation rolls",
		set: func(c *Config, v string) error {
			c.PreviousSecretKeys = nil
			for i, part := range strings.Split(v, ",") {
				if strings.TrimSpace(part) == "" {
					continue
				}
				k, err := sealed.ParseKey(part)
				if err != nil {
					return fmt.Errorf("key %d: %w", i+1, err)
				}
				c.PreviousSecretKeys = append(c.PreviousSecretKeys, k)
			}
			return nil
		}},
	{Flag: "oidc-issuer", Env: "WAYFINDER_OIDC_ISSUER", Default: "",
		Usage: "an external OpenID provider's issuer URL, e.g. https://tenant.eu.auth0.com/ (empty: the embedded provider)",
		set: func(c *Config, v string) error {
			if v == "" {
				return nil
			}
			u, err := url.Parse(v)
			if err != nil || u.Host == "" || u.RawQuery != "" || u.Fragment != "" ||
				(u.Scheme != "https" && !(u.Scheme == "http" && isLoopback(u.Hostname()))) {
				return fmt.Errorf("%q is not an https issuer URL", v)
			}
			c.OIDCIssuer = v
			return nil
		}},
	{Flag: "oidc-client-id", Env: "WAYFINDER_OIDC_CLIENT_ID", Default: "",
		Usage: "this server's client id at the external provider",
		set:   func(c *Config, v string) error { c.OIDCClientID = v; return nil }},
	{Flag: "oidc-client-secret", Env: "WAYFINDER_OIDC_CLIENT_SECRET", Default: "",
		Usage: "this server's client secret at the external provider (prefer the environment variable to the flag)",
		set:   func(c *Config, v string) error { c.OIDCClientSecret = v; return nil }},
	{Flag: "oidc-audience", Env: "WAYFINDER_OIDC_AUDIENCE", Default: "",
		Usage: "the API audience access tokens must carry (embedded provider default: the public URL + /api)",
		set:   func(c *Config, v string) error { c.OIDCAudience = v; return nil }},
	{Flag: "oidc-roles-claim", Env: "WAYFINDER_OIDC_ROLES_CLAIM", Default: "roles",
		Usage: "the token claim that lists the user's roles; \"staff\" in it makes a staff user",
		set: func(c *Config, v string) error {
			if strings.TrimSpace(v) == "" {
				return errors.New("must name a claim")
			}
			c.OIDCRolesClaim = v
			return nil
		}},
	{Flag: "oidc-organization", Env: "WAYFINDER_OIDC_ORGANIZATION", Default: "",
		Usage: "the provider's organization (Auth0 Organizations' org_id) whose members may sign in; every token must carry it",
		set: func(c *Config, v string) error {
			if strings.ContainsAny(v, " \t\r\n") {
				return fmt.Errorf("%q is not an organization id", v)
			}
			c.OIDCOrganization = v
			return nil
		}},
	{Flag: "oidc-signup-prompt", Env: "WAYFINDER_OIDC_SIGNUP_PROMPT", Default: "auto",
		Usage: "when sign-up sends prompt=create: auto (when the provider's discovery lists it), create (always) or none (never)",
		set: func(c *Config, v string) error {
			if v != "auto" && v != "create" && v != "none" {
				return fmt.Errorf("must be auto, create or none, not %q", v)
			}
			c.OIDCSignupPrompt = v
			return nil
		}},
	{Flag: "ios-redirect-uris", Env: "WAYFINDER_IOS_REDIRECT_URIS", Default: "wayfinder://auth/callback",
		Usage: "comma-separated redirect URIs of the iOS app at the embedded provider",
		set: func(c *Config, v string) error {
			c.IOSRedirectURIs = nil
			for _, s := range strings.Split(v, ",") {
				s = strings.TrimSpace(s)
				if s == "" {
					continue
				}
				if u, err := url.Parse(s); err != nil || u.Scheme == "" || u.Fragment != "" {
					return fmt.Errorf("%q is not an absolute redirect URI", s)
				}
				c.IOSRedirectURIs = append(c.IOSRedirectURIs, s)
			}
			return nil
		}},
	{Flag: "session-idle-timeout", Env: "WAYFINDER_SESSION_IDLE_TIMEOUT", Default: "2h",
		Usage: "a web session ends after this long without a request",
		set:   durationSetting(func(c *Config, d time.Duration) { c.SessionIdleTimeout = d })},
	{Flag: "staff-session-idle-timeout", Env: "WAYFINDER_STAFF_SESSION_IDLE_TIMEOUT", Default: "30m",
		Usage: "a staff or admin web session ends after this long without a request",
		set:   durationSetting(func(c *Config, d time.Duration) { c.StaffIdleTimeout = d })},
	{Flag: "session-max-age", Env: "WAYFINDER_SESSION_MAX_AGE", Default: "24h",
		Usage: "a web session ends this long after sign-in, however active",
		set:   durationSetting(func(c *Config, d time.Duration) { c.SessionMaxAge = d })},
	{Flag: "signups-per-hour", Env: "WAYFINDER_SIGNUPS_PER_HOUR", Default: "10",
		Usage: "how many accounts one address may create in an hour at the embedded provider",
		set: func(c *Config, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 100000 {
				return fmt.Errorf("%q is not a number from 1 to 100000", v)
			}
			c.SignupsPerHour = n
			return nil
		}},
	{Flag: "demo", Env: "WAYFINDER_DEMO", Default: "false",
		Usage: "create a demo member, staff account and admin (embedded provider only), six demo coaches and three demo plans, and print the accounts' credentials",
		set:   boolSetting(func(c *Config, b bool) { c.Demo = b })},
	{Flag: "smtp-url", Env: "WAYFINDER_SMTP_URL", Default: "",
		Usage: "the mail server, smtp://user:password@host:587 (STARTTLS when offered) or smtps://user:password@host:465 (prefer the environment variable)",
		set: func(c *Config, v string) error {
			if v == "" {
				c.SMTPURL = ""
				return nil
			}
			if err := checkSMTPURL(v); err != nil {
				return err
			}
			c.SMTPURL = v
			return nil
		}},
	{Flag: "mail-from", Env: "WAYFINDER_MAIL_FROM", Default: "",
		Usage: "the sender of the emails, such as \"Wayfinder <hello@example.com>\" (required with an SMTP URL)",
		set: func(c *Config, v string) error {
			v = strings.TrimSpace(v)
			if v == "" {
				c.MailFrom = ""
				return nil
			}
			if _, err := mail.ParseAddress(v); err != nil {
				return fmt.Errorf("%q is not an email address such as \"Wayfinder <hello@example.com>\"", v)
			}
			c.MailFrom = v
			return nil
		}},
}

// checkSMTPURL accepts smtp://[user[:password]@]host[:port] and the same with smtps. Its errors
// never repeat the URL, which may hold a password.
func checkSMTPURL(v string) error {
	u, err := url.Parse(v)
	if err != nil {
		return errors.New("is not a URL; write smtp://user:password@host:587 or smtps://user:password@host:465 (percent-encode special characters in the password)")
	}
	if u.Scheme != "smtp" && u.Scheme != "smtps" {
		return errors.New("must start with smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start)")
	}
	if u.Hostname() == "" || u.Opaque != "" {
		return errors.New("names no mail server; write smtp://user:password@host:587")
	}
	if (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return errors.New("must have nothing after the host and port")
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return errors.New("has no valid port")
		}
	}
	return nil
}

// RedactedSMTPURL is the SMTP URL with its password hidden, for logs and messages.
func (c *Config) RedactedSMTPURL() string {
	if c.SMTPURL == "" {
		return ""
	}
	u, err := url.Parse(c.SMTPURL)
	if err != nil {
		return "(not a valid URL)"
	}
	return u.Redacted()
}

func durationSetting(apply func(*Config, time.Duration)) func(*Config, string) error {
	return func(c *Config, v string) error {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Minute {
			return fmt.Errorf("%q is not a duration of at least 1m, such as 2h", v)
		}
		apply(c, d)
		return nil
	}
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// checkHostPort checks a listen address: host:port, the port a number a listener takes.
func checkHostPort(v string) error {
	if _, port, err := net.SplitHostPort(v); err != nil {
		return fmt.Errorf("%q is not host:port", v)
	} else if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("%q has no valid port", v)
	}
	return nil
}

func boolSetting(apply func(*Config, bool)) func(*Config, string) error {
	return func(c *Config, v string) error {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return fmt.Errorf("%q is not true or false", v)
		}
		apply(c, b)
		return nil
	}
}

// isHostname accepts a DNS name or an IP address, as a Host header names a site.
func isHostname(s string) bool {
	if net.ParseIP(s) != nil {
		return true
	}
	if len(s) > 253 {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, r := range label {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
				return false
			}
		}
	}
	return true
}

func isFlagName(s string) bool {
	if len(s) > 40 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// checkDatabaseURL accepts a SQLite path (optionally prefixed sqlite: or file:) or a PostgreSQL
// URL, and refuses any other scheme by name so a typo is caught before a connection is tried.
func checkDatabaseURL(v string) error {
	if strings.TrimSpace(v) == "" {
		return errors.New("is empty")
	}
	scheme, _, found := strings.Cut(v, "://")
	if !found {
		return nil // a file path
	}
	switch scheme {
	case "postgres", "postgresql":
		if _, err := url.Parse(v); err != nil {
			return errors.New("is not a valid postgres:// URL")
		}
		return nil
	case "sqlite", "file":
		return nil
	}
	return fmt.Errorf("unsupported database %q; use a SQLite file path or a postgres:// URL", scheme)
}

// Load reads the settings: each flag in args overrides its environment variable, which overrides
// the default. The first bad value is returned as an error naming the setting's variable and flag.
// Arguments that are not flags are returned for the caller's command.
func Load(getenv func(string) string, args []string, stderr io.Writer, name string) (Config, []string, error) {
	var c Config
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	values := make([]*flagValue, len(Settings))
	for i, s := range Settings {
		v := &flagValue{value: s.Default, isBool: s.Default == "true" || s.Default == "false"}
		values[i] = v
		// The flag is registered before the environment is read, so --help shows the built-in
		// default and never a secret (a password in WAYFINDER_SMTP_URL, a Stripe key) from it.
		fs.Var(v, s.Flag, s.Usage+" (env "+s.Env+")")
		if e := getenv(s.Env); e != "" {
			v.value = e
		}
	}
	if err := fs.Parse(args); err != nil {
		return c, nil, err
	}
	for i, s := range Settings {
		if err := s.set(&c, values[i].value); err != nil {
			return c, nil, fmt.Errorf("%s (--%s): %w", s.Env, s.Flag, err)
		}
	}
	if err := c.validate(); err != nil {
		return c, nil, err
	}
	return c, fs.Args(), nil
}

// validate checks the rules that span settings.
func (c *Config) validate() error {
	if c.OIDCOrganization != "" && c.OIDCIssuer == "" {
		return errors.New("WAYFINDER_OIDC_ORGANIZATION (--oidc-organization): the embedded provider has no organizations; set it with WAYFINDER_OIDC_ISSUER")
	}
	if c.SecretKey != nil && c.SecretKeyFile != "" {
		return errors.New("WAYFINDER_SECRET_KEY_FILE (--secret-key-file): set the key or its file, not both")
	}
	if len(c.PreviousSecretKeys) > 0 && c.SecretKey == nil && c.SecretKeyFile == "" {
		return errors.New("WAYFINDER_PREVIOUS_SECRET_KEYS (--previous-secret-keys): needs the current key, WAYFINDER_SECRET_KEY or its file")
	}
	if c.AdminPprof && c.AdminListen == "" {
		return errors.New("WAYFINDER_ADMIN_PPROF (--admin-pprof): needs WAYFINDER_ADMIN_LISTEN, so the profiler is never on the members' address")
	}
	if c.AdminListen != "" && c.AdminListen == c.Listen {
		return errors.New("WAYFINDER_ADMIN_LISTEN (--admin-listen): must differ from WAYFINDER_LISTEN")
	}
	if c.OIDCIssuer != "" {
		for _, s := range []struct{ env, flag, value string }{
			{"WAYFINDER_OIDC_CLIENT_ID", "oidc-client-id", c.OIDCClientID},
			{"WAYFINDER_OIDC_CLIENT_SECRET", "oidc-client-secret", c.OIDCClientSecret},
			{"WAYFINDER_OIDC_AUDIENCE", "oidc-audience", c.OIDCAudience},
		} {
			if s.value == "" {
				return fmt.Errorf("%s (--%s): must be set when WAYFINDER_OIDC_ISSUER is", s.env, s.flag)
			}
		}
		if c.Demo {
			return errors.New("WAYFINDER_DEMO (--demo): demo accounts need the embedded provider; unset WAYFINDER_OIDC_ISSUER or the demo flag")
		}
	} else if c.OIDCClientID != "" || c.OIDCClientSecret != "" {
		return errors.New("WAYFINDER_OIDC_ISSUER (--oidc-issuer): must be set when a client id or secret is")
	}
	if (c.PaymentEnabled || len(c.PaymentHosts) > 0) && !c.Demo && (c.StripeSecretKey == "" || c.StripeWebhookSecret == "") {
		return errors.New("payments are on (WAYFINDER_PAYMENT_ENABLED or WAYFINDER_PAYMENT_HOSTNAMES) but Stripe is not set up: " +
			"set WAYFINDER_STRIPE_SECRET_KEY and WAYFINDER_STRIPE_WEBHOOK_SECRET (the README's \"Taking payments\" says where to find them), " +
			"or turn payments off; only --demo runs payments without Stripe, in test mode")
	}
	if (c.StripeSecretKey == "") != (c.StripeWebhookSecret == "") {
		return errors.New("WAYFINDER_STRIPE_SECRET_KEY and WAYFINDER_STRIPE_WEBHOOK_SECRET: set both or neither")
	}
	if c.SMTPURL != "" && c.MailFrom == "" {
		return errors.New("WAYFINDER_MAIL_FROM (--mail-from): must be set when WAYFINDER_SMTP_URL is, such as \"Wayfinder <hello@example.com>\"")
	}
	if c.SessionMaxAge < c.SessionIdleTimeout || c.SessionMaxAge < c.StaffIdleTimeout {
		return errors.New("WAYFINDER_SESSION_MAX_AGE (--session-max-age): must be at least the idle timeouts")
	}
	return nil
}

// appPagePath matches the path of one app's App Store page: /app/id123, /us/app/name/id123.
var appPagePath = regexp.MustCompile(`/id[0-9]+/?$`)

// Warnings are settings that work but are most likely not what the operator meant, to say at
// start-up.
func (c *Config) Warnings() []string {
	var warnings []string
	if u, err := url.Parse(c.AppStoreURL); err == nil && isAppleStoreHost(u.Hostname()) && !appPagePath.MatchString(u.Path) {
		warnings = append(warnings, "WAYFINDER_APP_STORE_URL (--app-store-url) is the App Store itself, not the app's page: "+
			"members who finish onboarding would have to search for the app. Set it to the app's page, like https://apps.apple.com/app/id1234567890")
	}
	return warnings
}

func isAppleStoreHost(host string) bool {
	host = strings.ToLower(host)
	return host == "apps.apple.com" || host == "itunes.apple.com"
}

// EmbeddedIdP reports whether this server is its own identity provider.
func (c *Config) EmbeddedIdP() bool { return c.OIDCIssuer == "" }

// CookieSecure reports whether cookies may carry Secure (and so the __Host- prefix): over TLS,
// and on loopback hosts, where browsers treat plain http as a secure context.
func (c *Config) CookieSecure() bool {
	return c.Secure() || (c.PublicURL != nil && isLoopback(c.PublicURL.Hostname()))
}

// flagValue holds one setting's text. Settings whose default is true or false are boolean flags,
// so --demo works without =true.
type flagValue struct {
	value  string
	isBool bool
}

func (v *flagValue) String() string {
	if v == nil {
		return ""
	}
	return v.value
}

func (v *flagValue) Set(s string) error { v.value = s; return nil }

func (v *flagValue) IsBoolFlag() bool { return v.isBool }

// WithListener completes the settings that depend on the address actually bound (port 0 picks one):
// the public URL defaults to http:// plus that address.
func (c *Config) WithListener(addr net.Addr) {
	if c.PublicURL != nil {
		return
	}
	host := addr.String()
	if tcp, ok := addr.(*net.TCPAddr); ok && tcp.IP.IsUnspecified() {
		host = net.JoinHostPort("localhost", strconv.Itoa(tcp.Port))
	}
	c.PublicURL = &url.URL{Scheme: "http", Host: host}
}

// Secure reports whether members reach the app over TLS, which turns on HSTS and Secure cookies.
func (c *Config) Secure() bool { return c.PublicURL != nil && c.PublicURL.Scheme == "https" }

// prefixList parses a comma-separated list of addresses and CIDR ranges; an address stands for
// itself alone (a /32 or /128). A range of every address is refused with tooWide, which says why
// and what to name instead.
func prefixList(v, tooWide string) ([]netip.Prefix, error) {
	var prefixes []netip.Prefix
	for _, s := range strings.Split(v, ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		prefix, err := netip.ParsePrefix(s)
		if err != nil {
			addr, aerr := netip.ParseAddr(s)
			if aerr != nil || addr.Zone() != "" {
				return nil, fmt.Errorf("%q is not an address or a CIDR range such as 10.0.0.0/8", s)
			}
			prefix = netip.PrefixFrom(addr, addr.BitLen())
		}
		if prefix.Bits() == 0 {
			return nil, fmt.Errorf("%q %s", s, tooWide)
		}
		prefixes = append(prefixes, prefix.Masked())
	}
	return prefixes, nil
}
