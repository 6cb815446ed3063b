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
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Config is every setting of the server. docs/configuration.md lists them for operators.
type Config struct {
	Listen          string        // host:port the HTTP server binds to
	PublicURL       *url.URL      // the address members reach the app at; derived from Listen when unset
	DatabaseURL     string        // a SQLite file path (default) or a postgres:// URL
	LogLevel        string        // debug, info, warn or error
	ShutdownTimeout time.Duration // how long in-flight requests may take to finish on SIGTERM
	BodyLimit       int64         // the largest request body accepted, in bytes
	AutoMigrate     bool          // apply pending migrations at start-up
	BrandName       string        // the product name members see
	AppStoreURL     string        // the iOS app's App Store page
	PaymentEnabled  bool          // whether the plan and payment steps are offered
	Features        []string      // feature flags passed to the app
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
			if _, port, err := net.SplitHostPort(v); err != nil {
				return fmt.Errorf("%q is not host:port", v)
			} else if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
				return fmt.Errorf("%q has no valid port", v)
			}
			c.Listen = v
			return nil
		}},
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
		Usage: "offer the plan and payment steps",
		set:   boolSetting(func(c *Config, b bool) { c.PaymentEnabled = b })},
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
	values := make([]*string, len(Settings))
	for i, s := range Settings {
		def := s.Default
		if v := getenv(s.Env); v != "" {
			def = v
		}
		values[i] = fs.String(s.Flag, def, s.Usage+" (env "+s.Env+")")
	}
	if err := fs.Parse(args); err != nil {
		return c, nil, err
	}
	for i, s := range Settings {
		if err := s.set(&c, *values[i]); err != nil {
			return c, nil, fmt.Errorf("%s (--%s): %w", s.Env, s.Flag, err)
		}
	}
	return c, fs.Args(), nil
}

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
