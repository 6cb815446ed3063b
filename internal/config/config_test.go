package config

import (
	"fmt"
	"io"
	"net"
	"net/netip"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestLoadDefaults(t *testing.T) {
	c, rest, err := Load(env(nil), nil, io.Discard, "serve")
	if err != nil {
		t.Fatalf("Load() error = %v", err)
	}
	if got, want := c.Listen, "127.0.0.1:8080"; got != want {
		t.Errorf("Listen = %q, want %q", got, want)
	}
	if got, want := c.DatabaseURL, DefaultDatabaseURL; got != want {
		t.Errorf("DatabaseURL = %q, want %q", got, want)
	}
	if got, want := c.BodyLimit, int64(1<<20); got != want {
		t.Errorf("BodyLimit = %d, want %d", got, want)
	}
	if got, want := c.ShutdownTimeout, 15*time.Second; got != want {
		t.Errorf("ShutdownTimeout = %v, want %v", got, want)
	}
	if !c.AutoMigrate || c.PaymentEnabled || c.BrandName != "Wayfinder" {
		t.Errorf("AutoMigrate, PaymentEnabled, BrandName = %v, %v, %q; want true, false, Wayfinder", c.AutoMigrate, c.PaymentEnabled, c.BrandName)
	}
	if c.PublicURL != nil {
		t.Errorf("PublicURL = %v before the listener is known, want nil", c.PublicURL)
	}
	if len(rest) != 0 {
		t.Errorf("rest = %v, want none", rest)
	}
	c.WithListener(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080})
	if got, want := c.PublicURL.String(), "http://127.0.0.1:8080"; got != want {
		t.Errorf("derived PublicURL = %q, want %q", got, want)
	}
	if c.Secure() {
		t.Error("Secure() = true for an http public URL")
	}
}

func TestLoadPrecedence(t *testing.T) {
	c, rest, err := Load(env(map[string]string{
		"WAYFINDER_LISTEN":       "0.0.0.0:9000",
		"WAYFINDER_DATABASE_URL": "postgres://u@db/wayfinder",
		"WAYFINDER_FEATURES":     "ff_logout, new-home",
		"WAYFINDER_PUBLIC_URL":   "https://start.example.com/",
	}), []string{"--listen", "127.0.0.1:0", "--demo", "extra"}, io.Discard, "serve")
	if err != nil {
		t.Fatalf("Load() error = %v", err)
	}
	if got, want := c.Listen, "127.0.0.1:0"; got != want {
		t.Errorf("Listen = %q, want the flag's %q", got, want)
	}
	if got, want := c.DatabaseURL, "postgres://u@db/wayfinder"; got != want {
		t.Errorf("DatabaseURL = %q, want the environment's %q", got, want)
	}
	if got, want := strings.Join(c.Features, "|"), "ff_logout|new-home"; got != want {
		t.Errorf("Features = %q, want %q", got, want)
	}
	if got, want := c.PublicURL.String(), "https://start.example.com"; got != want {
		t.Errorf("PublicURL = %q, want %q", got, want)
	}
	if !c.Secure() {
		t.Error("Secure() = false for an https public URL")
	}
	c.WithListener(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 1})
	if got, want := c.PublicURL.String(), "https://start.example.com"; got != want {
		t.Errorf("PublicURL after WithListener = %q, want the configured %q", got, want)
	}
	if !c.Demo {
		t.Error("Demo = false after a bare --demo flag")
	}
	if got, want := strings.Join(rest, " "), "extra"; got != want {
		t.Errorf("rest = %q, want %q", got, want)
	}
}

func TestLoadRejectsBadValues(t *testing.T) {
	tests := []struct {
		env  map[string]string
		args []string
		want string // the start of the error: the setting it names
	}{
		{env: map[string]string{"WAYFINDER_DATABASE_URL": "mysql://root@db/x"}, want: `WAYFINDER_DATABASE_URL (--database-url): unsupported database "mysql"`},
		{args: []string{"--listen", "localhost"}, want: "WAYFINDER_LISTEN (--listen)"},
		{args: []string{"--listen", "localhost:99999"}, want: "WAYFINDER_LISTEN (--listen)"},
		{env: map[string]string{"WAYFINDER_PUBLIC_URL": "ftp://x"}, want: "WAYFINDER_PUBLIC_URL (--public-url)"},
		{env: map[string]string{"WAYFINDER_PUBLIC_URL": "https://x.example/app?x=1"}, want: "WAYFINDER_PUBLIC_URL (--public-url)"},
		{env: map[string]string{"WAYFINDER_LOG_LEVEL": "loud"}, want: "WAYFINDER_LOG_LEVEL (--log-level)"},
		{env: map[string]string{"WAYFINDER_SHUTDOWN_TIMEOUT": "-1s"}, want: "WAYFINDER_SHUTDOWN_TIMEOUT (--shutdown-timeout)"},
		{env: map[string]string{"WAYFINDER_BODY_LIMIT": "ten"}, want: "WAYFINDER_BODY_LIMIT (--body-limit)"},
		{env: map[string]string{"WAYFINDER_AUTO_MIGRATE": "sometimes"}, want: "WAYFINDER_AUTO_MIGRATE (--auto-migrate)"},
		{env: map[string]string{"WAYFINDER_APP_STORE_URL": "http://apps.example"}, want: "WAYFINDER_APP_STORE_URL (--app-store-url)"},
		{env: map[string]string{"WAYFINDER_FEATURES": "ok,not ok"}, want: "WAYFINDER_FEATURES (--features)"},
		{env: map[string]string{"WAYFINDER_TRUSTED_PROXIES": "10.0.0.0/8,load-balancer"}, want: "WAYFINDER_TRUSTED_PROXIES (--trusted-proxies)"},
		{env: map[string]string{"WAYFINDER_TRUSTED_PROXIES": "10.0.0.0/33"}, want: "WAYFINDER_TRUSTED_PROXIES (--trusted-proxies)"},
		{env: map[string]string{"WAYFINDER_TRUSTED_PROXIES": "0.0.0.0/0"}, want: "WAYFINDER_TRUSTED_PROXIES (--trusted-proxies)"},
		{env: map[string]string{"WAYFINDER_TRUSTED_PROXIES": "fe80::1%eth0"}, want: "WAYFINDER_TRUSTED_PROXIES (--trusted-proxies)"},
		{env: map[string]string{"WAYFINDER_WEBHOOK_PRIVATE_NETWORKS": "10.0.0.0/8,crm.internal"}, want: "WAYFINDER_WEBHOOK_PRIVATE_NETWORKS (--webhook-private-networks)"},
		{env: map[string]string{"WAYFINDER_WEBHOOK_PRIVATE_NETWORKS": "::/0"}, want: "WAYFINDER_WEBHOOK_PRIVATE_NETWORKS (--webhook-private-networks)"},
		{env: map[string]string{"WAYFINDER_BRAND_NAME": "  "}, want: "WAYFINDER_BRAND_NAME (--brand-name)"},
		{env: map[string]string{"WAYFINDER_OIDC_ISSUER": "http://idp.example.com/"}, want: "WAYFINDER_OIDC_ISSUER (--oidc-issuer)"},
		{env: map[string]string{"WAYFINDER_OIDC_ISSUER": "https://t.auth0.com/"}, want: "WAYFINDER_OIDC_CLIENT_ID (--oidc-client-id): must be set"},
		{env: map[string]string{"WAYFINDER_OIDC_ISSUER": "https://t.auth0.com/", "WAYFINDER_OIDC_CLIENT_ID": "c"}, want: "WAYFINDER_OIDC_CLIENT_SECRET (--oidc-client-secret): must be set"},
		{env: map[string]string{"WAYFINDER_OIDC_ISSUER": "https://t.auth0.com/", "WAYFINDER_OIDC_CLIENT_ID": "c", "WAYFINDER_OIDC_CLIENT_SECRET": "s"}, want: "WAYFINDER_OIDC_AUDIENCE (--oidc-audience): must be set"},
		{env: map[string]string{"WAYFINDER_OIDC_CLIENT_ID": "c"}, want: "WAYFINDER_OIDC_ISSUER (--oidc-issuer): must be set"},
		{env: map[string]string{"WAYFINDER_IOS_REDIRECT_URIS": "not a uri"}, want: "WAYFINDER_IOS_REDIRECT_URIS (--ios-redirect-uris)"},
		{env: map[string]string{"WAYFINDER_ADMIN_LISTEN": "9090"}, want: "WAYFINDER_ADMIN_LISTEN (--admin-listen)"},
		{env: map[string]string{"WAYFINDER_ADMIN_PPROF": "true"}, want: "WAYFINDER_ADMIN_PPROF (--admin-pprof): needs WAYFINDER_ADMIN_LISTEN"},
		{env: map[string]string{"WAYFINDER_ADMIN_LISTEN": "127.0.0.1:8080"}, want: "WAYFINDER_ADMIN_LISTEN (--admin-listen): must differ"},
		{env: map[string]string{"WAYFINDER_MEDIA_ORIGINS": "http://cdn.example.com"}, want: "WAYFINDER_MEDIA_ORIGINS (--media-origins)"},
		{env: map[string]string{"WAYFINDER_MEDIA_ORIGINS": "https://cdn.example.com/pictures"}, want: "WAYFINDER_MEDIA_ORIGINS (--media-origins)"},
		{env: map[string]string{"WAYFINDER_MEDIA_ORIGINS": "https://cdn.example.com; script-src *"}, want: "WAYFINDER_MEDIA_ORIGINS (--media-origins)"},
		{env: map[string]string{"WAYFINDER_MEDIA_ORIGINS": "https://*.example.com"}, want: "WAYFINDER_MEDIA_ORIGINS (--media-origins)"},
		{env: map[string]string{"WAYFINDER_SECRET_KEY": "c2hvcnQ="}, want: "WAYFINDER_SECRET_KEY (--secret-key): the key is 5 bytes, want 32"},
		{env: map[string]string{"WAYFINDER_SECRET_KEY": "not base64!"}, want: "WAYFINDER_SECRET_KEY (--secret-key): the key is not base64"},
		{env: map[string]string{"WAYFINDER_SECRET_KEY": "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=", "WAYFINDER_SECRET_KEY_FILE": "/etc/wayfinder/key"}, want: "WAYFINDER_SECRET_KEY_FILE (--secret-key-file): set the key or its file, not both"},
		{env: map[string]string{"WAYFINDER_PREVIOUS_SECRET_KEYS": "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY="}, want: "WAYFINDER_PREVIOUS_SECRET_KEYS (--previous-secret-keys): needs the current key"},
		{env: map[string]string{"WAYFINDER_OIDC_ORGANIZATION": "org_calm"}, want: "WAYFINDER_OIDC_ORGANIZATION (--oidc-organization): the embedded provider has no organizations"},
		{env: map[string]string{"WAYFINDER_DB_MAX_CONNS": "0"}, want: "WAYFINDER_DB_MAX_CONNS (--db-max-conns)"},
		{env: map[string]string{"WAYFINDER_DB_MAX_CONNS": "many"}, want: "WAYFINDER_DB_MAX_CONNS (--db-max-conns)"},
		{env: map[string]string{"WAYFINDER_OIDC_SIGNUP_PROMPT": "always"}, want: "WAYFINDER_OIDC_SIGNUP_PROMPT (--oidc-signup-prompt): must be auto, create or none"},
		{env: map[string]string{"WAYFINDER_SESSION_IDLE_TIMEOUT": "10s"}, want: "WAYFINDER_SESSION_IDLE_TIMEOUT (--session-idle-timeout)"},
		{env: map[string]string{"WAYFINDER_SESSION_IDLE_TIMEOUT": "48h"}, want: "WAYFINDER_SESSION_MAX_AGE (--session-max-age): must be at least"},
		{env: map[string]string{"WAYFINDER_OIDC_ISSUER": "https://t.auth0.com/", "WAYFINDER_OIDC_CLIENT_ID": "c", "WAYFINDER_OIDC_CLIENT_SECRET": "s", "WAYFINDER_OIDC_AUDIENCE": "https://api", "WAYFINDER_DEMO": "true"}, want: "WAYFINDER_DEMO (--demo)"},
		{env: map[string]string{"WAYFINDER_SMTP_URL": "https://mail.example.com"}, want: "WAYFINDER_SMTP_URL (--smtp-url): must start with smtp://"},
		{env: map[string]string{"WAYFINDER_SMTP_URL": "mail.example.com:587"}, want: "WAYFINDER_SMTP_URL (--smtp-url)"},
		{env: map[string]string{"WAYFINDER_SMTP_URL": "smtp://user:pass@"}, want: "WAYFINDER_SMTP_URL (--smtp-url): names no mail server"},
		{env: map[string]string{"WAYFINDER_SMTP_URL": "smtp://mail.example.com:99999"}, want: "WAYFINDER_SMTP_URL (--smtp-url): has no valid port"},
		{env: map[string]string{"WAYFINDER_SMTP_URL": "smtps://mail.example.com/inbox"}, want: "WAYFINDER_SMTP_URL (--smtp-url): must have nothing after"},
		{env: map[string]string{"WAYFINDER_SMTP_URL": "smtp://mail.example.com?tls=no"}, want: "WAYFINDER_SMTP_URL (--smtp-url): must have nothing after"},
		{args: []string{"--mail-from", "Wayfinder"}, want: "WAYFINDER_MAIL_FROM (--mail-from)"},
		{args: []string{"--mail-from", "hello@example.com, other@example.com"}, want: "WAYFINDER_MAIL_FROM (--mail-from)"},
		{env: map[string]string{"WAYFINDER_SMTP_URL": "smtp://mail.example.com"}, want: "WAYFINDER_MAIL_FROM (--mail-from): must be set when WAYFINDER_SMTP_URL is"},
	}
	for _, tt := range tests {
		_, _, err := Load(env(tt.env), tt.args, io.Discard, "serve")
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("Load(%v, %v) error = %v, want one starting %q", tt.env, tt.args, err, tt.want)
		}
	}
}

func TestSignInSettings(t *testing.T) {
	c, _, err := Load(env(nil), nil, io.Discard, "serve")
	if err != nil {
		t.Fatal(err)
	}
	if !c.EmbeddedIdP() || c.OIDCRolesClaim != "roles" || c.SessionIdleTimeout != 2*time.Hour || c.SessionMaxAge != 24*time.Hour {
		t.Errorf("defaults: embedded %v, roles claim %q, idle %v, max age %v", c.EmbeddedIdP(), c.OIDCRolesClaim, c.SessionIdleTimeout, c.SessionMaxAge)
	}
	if got, want := strings.Join(c.IOSRedirectURIs, ","), "wayfinder://auth/callback"; got != want {
		t.Errorf("IOSRedirectURIs = %q, want %q", got, want)
	}
	tests := []struct {
		publicURL string
		want      bool
	}{
		{"http://127.0.0.1:8080", true},
		{"http://localhost:8080", true},
		{"https://start.example.com", true},
		{"http://start.example.com", false},
	}
	for _, tt := range tests {
		c, _, err := Load(env(map[string]string{"WAYFINDER_PUBLIC_URL": tt.publicURL}), nil, io.Discard, "serve")
		if err != nil {
			t.Fatal(err)
		}
		if got := c.CookieSecure(); got != tt.want {
			t.Errorf("CookieSecure() for %s = %v, want %v", tt.publicURL, got, tt.want)
		}
	}
	c, _, err = Load(env(map[string]string{"WAYFINDER_OIDC_ISSUER": "https://t.auth0.com/", "WAYFINDER_OIDC_CLIENT_ID": "c",
		"WAYFINDER_OIDC_CLIENT_SECRET": "s", "WAYFINDER_OIDC_AUDIENCE": "https://api.example.com"}), nil, io.Discard, "serve")
	if err != nil || c.EmbeddedIdP() {
		t.Errorf("external provider: err %v, embedded %v; want nil, false", err, c.EmbeddedIdP())
	}
}

func TestSettingsAreDocumented(t *testing.T) {
	for _, s := range Settings {
		if !strings.HasPrefix(s.Env, "WAYFINDER_") || s.Usage == "" || s.set == nil {
			t.Errorf("setting %q is incomplete: env %q, usage %q", s.Flag, s.Env, s.Usage)
		}
	}
}

// TestPrefixLists: the settings that name networks take addresses and CIDR ranges alike, each
// range by its network's address, and name none by default.
func TestPrefixLists(t *testing.T) {
	tests := []struct {
		name string
		get  func(Config) []netip.Prefix
	}{
		{"WAYFINDER_TRUSTED_PROXIES", func(c Config) []netip.Prefix { return c.TrustedProxies }},
		{"WAYFINDER_WEBHOOK_PRIVATE_NETWORKS", func(c Config) []netip.Prefix { return c.WebhookPrivateNetworks }},
	}
	for _, tt := range tests {
		c, _, err := Load(env(map[string]string{tt.name: " 10.1.2.3/8, 192.0.2.7 ,fd00::/8,"}), nil, io.Discard, "serve")
		if err != nil {
			t.Fatal(err)
		}
		if got, want := fmt.Sprint(tt.get(c)), "[10.0.0.0/8 192.0.2.7/32 fd00::/8]"; got != want {
			t.Errorf("%s gives %s, want %s", tt.name, got, want)
		}
		if c, _, _ := Load(env(nil), nil, io.Discard, "serve"); tt.get(c) != nil {
			t.Errorf("%s by default gives %v, want none", tt.name, tt.get(c))
		}
	}
}

func TestMailSettings(t *testing.T) {
	tests := []struct {
		env          map[string]string
		wantURL      string
		wantRedacted string
		wantFrom     string
	}{
		{env: nil},
		{
			env:          map[string]string{"WAYFINDER_SMTP_URL": "smtp://mailer:s3cr%2Fet@mail.example.com:587", "WAYFINDER_MAIL_FROM": " Wayfinder <hello@example.com> "},
			wantURL:      "smtp://mailer:s3cr%2Fet@mail.example.com:587",
			wantRedacted: "smtp://mailer:xxxxx@mail.example.com:587",
			wantFrom:     "Wayfinder <hello@example.com>",
		},
		{
			env:          map[string]string{"WAYFINDER_SMTP_URL": "smtps://mail.example.com", "WAYFINDER_MAIL_FROM": "hello@example.com"},
			wantURL:      "smtps://mail.example.com",
			wantRedacted: "smtps://mail.example.com",
			wantFrom:     "hello@example.com",
		},
	}
	for _, tt := range tests {
		c, _, err := Load(env(tt.env), nil, io.Discard, "serve")
		if err != nil {
			t.Errorf("Load(%v) error = %v", tt.env, err)
			continue
		}
		if c.SMTPURL != tt.wantURL || c.RedactedSMTPURL() != tt.wantRedacted || c.MailFrom != tt.wantFrom {
			t.Errorf("Load(%v) = URL %q, redacted %q, from %q; want %q, %q, %q", tt.env, c.SMTPURL, c.RedactedSMTPURL(), c.MailFrom,
				tt.wantURL, tt.wantRedacted, tt.wantFrom)
		}
	}
}

// TestSecretsAreNotPrinted checks that neither a refused SMTP URL's error nor --help repeats a
// password or a key from the environment.
func TestSecretsAreNotPrinted(t *testing.T) {
	const secret = "s3cret-Pa55"
	tests := []struct {
		name string
		env  map[string]string
		args []string
	}{
		{"a URL with a bad scheme", map[string]string{"WAYFINDER_SMTP_URL": "smtpx://u:" + secret + "@mail.example.com"}, nil},
		{"a URL with a bad port", map[string]string{"WAYFINDER_SMTP_URL": "smtp://u:" + secret + "@mail.example.com:0"}, nil},
		{"a URL with a path", map[string]string{"WAYFINDER_SMTP_URL": "smtp://u:" + secret + "@mail.example.com/x"}, nil},
		{"a URL that does not parse", map[string]string{"WAYFINDER_SMTP_URL": "smtp://u:" + secret + "@mail.example.com:x:y"}, nil},
		{"a secret key that is not base64", map[string]string{"WAYFINDER_SECRET_KEY": secret + "!!"}, nil},
		{"--help", map[string]string{"WAYFINDER_SMTP_URL": "smtp://u:" + secret + "@mail.example.com", "WAYFINDER_STRIPE_SECRET_KEY": "sk_" + secret}, []string{"--help"}},
	}
	for _, tt := range tests {
		var out strings.Builder
		_, _, err := Load(env(tt.env), tt.args, &out, "serve")
		if err == nil {
			t.Errorf("%s: Load succeeded, want an error", tt.name)
			continue
		}
		if strings.Contains(err.Error(), secret) || strings.Contains(out.String(), secret) {
			t.Errorf("%s: the password is printed: error %q, output %q", tt.name, err, out.String())
		}
	}
}

func TestWarnsWhenTheAppStoreURLIsTheStoreItself(t *testing.T) {
	for _, tc := range []struct {
		url  string
		warn bool
	}{
		{"https://apps.apple.com/", true},
		{"https://apps.apple.com", true},
		{"https://apps.apple.com/us/", true},
		{"https://itunes.apple.com/", true},
		{"https://apps.apple.com/app/id1234567890", false},
		{"https://apps.apple.com/us/app/wayfinder/id1234567890", false},
		{"https://example.com/get-the-app", false}, // the operator's own page for the app
	} {
		cfg, _, err := Load(env(map[string]string{"WAYFINDER_APP_STORE_URL": tc.url}), nil, io.Discard, "serve")
		if err != nil {
			t.Fatalf("%s: %v", tc.url, err)
		}
		warnings := cfg.Warnings()
		if got := len(warnings) > 0; got != tc.warn {
			t.Errorf("%s: warned %v, want %v (%q)", tc.url, got, tc.warn, warnings)
		}
		for _, w := range warnings {
			if !strings.Contains(w, "WAYFINDER_APP_STORE_URL") {
				t.Errorf("%s: the warning %q doesn't name the setting", tc.url, w)
			}
		}
	}
}
