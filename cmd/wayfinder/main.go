// Command wayfinder is the whole Wayfinder server: the JSON API, the embedded web app, and the
// database migrations, in one binary. main only wires parts together; run holds the logic so
// tests can start the real server in-process.
package main

import (
	"context"
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"wayfinder/internal/activity"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/billing"
	"wayfinder/internal/clientaddr"
	"wayfinder/internal/coaching"
	"wayfinder/internal/config"
	"wayfinder/internal/httpapi"
	"wayfinder/internal/insights"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/privacy"
	"wayfinder/internal/sealed"
	"wayfinder/internal/sqlstore"
	"wayfinder/internal/stripepay"
	"wayfinder/internal/survey"
	"wayfinder/internal/waitlist"
	"wayfinder/web"
)

// What the build stamps in with -ldflags "-X main.version=… -X main.buildRevision=… -X
// main.buildTime=…" (the Makefile and deploy/Containerfile do): the version, the commit and its
// time. Without them, the revision comes from what the Go toolchain records of a git checkout.
var (
	version       = "dev"
	buildRevision = ""
	buildTime     = ""
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr)
	stop()
	switch {
	case err == nil:
	case errors.Is(err, errUsage), errors.Is(err, flag.ErrHelp):
		os.Exit(2)
	default:
		fmt.Fprintln(os.Stderr, "wayfinder:", err)
		os.Exit(1)
	}
}

var errUsage = errors.New("usage")

const usage = `Wayfinder: onboarding for an adult ADHD coaching service.

Usage:
  wayfinder serve   [flags]   start the server (applies pending migrations first)
  wayfinder migrate [flags]   apply pending database migrations and exit
  wayfinder backup --to FILE [flags]
                              copy the SQLite database to FILE while it is in use
  wayfinder users create --email E --role member|staff|admin [flags]
                              create an account at the embedded identity
                              provider; the password is read from standard input
  wayfinder coaches import [flags] < coaches.json
                              add or update coaches from JSON on standard input
  wayfinder plans import [flags] < plans.json
                              add or update plans from JSON on standard input
  wayfinder version           print the version
  wayfinder help              show this help

Every flag can also be set with its WAYFINDER_* environment variable;
run "wayfinder serve --help" for the list, or see docs/configuration.md.
`

// run executes one command. It returns when the command is done or, for serve, when ctx is
// cancelled and the server has shut down.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	switch cmd, rest := args[0], args[1:]; cmd {
	case "serve":
		return serve(ctx, rest, getenv, stdout, stderr)
	case "migrate":
		return migrate(ctx, rest, getenv, stdout, stderr)
	case "backup":
		return backup(ctx, rest, getenv, stdout, stderr)
	case "users":
		return users(ctx, rest, getenv, stdin, stdout, stderr)
	case "coaches":
		return coachesCommand(ctx, rest, getenv, stdin, stdout, stderr)
	case "plans":
		return plansCommand(ctx, rest, getenv, stdin, stdout, stderr)
	case "version":
		fmt.Fprintln(stdout, "wayfinder", versionString())
		return nil
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprintf(stderr, "wayfinder: unknown command %q\n\n%s", cmd, usage)
		return errUsage
	}
}

func loadConfig(name string, args []string, getenv func(string) string, stderr io.Writer) (config.Config, error) {
	cfg, rest, err := config.Load(getenv, args, stderr, "wayfinder "+name)
	if err != nil {
		return cfg, err
	}
	if len(rest) > 0 {
		return cfg, fmt.Errorf("unexpected argument %q for %s", rest[0], name)
	}
	return cfg, nil
}

// commandFlags takes a command's own flags (--name value or --name=value) out of args and leaves
// the server's settings, which config.Load reads, in rest.
func commandFlags(args []string, names ...string) (values map[string]string, rest []string, err error) {
	values = map[string]string{}
	for i := 0; i < len(args); i++ {
		name, value, hasValue := strings.Cut(strings.TrimLeft(args[i], "-"), "=")
		if !strings.HasPrefix(args[i], "-") || !slices.Contains(names, name) {
			rest = append(rest, args[i])
			continue
		}
		if !hasValue {
			if i+1 >= len(args) {
				return nil, nil, fmt.Errorf("--%s needs a value", name)
			}
			i++
			value = args[i]
		}
		values[name] = value
	}
	return values, rest, nil
}

func newLogger(level string, w io.Writer) *slog.Logger {
	var l slog.Level
	_ = l.UnmarshalText([]byte(level))
	return slog.New(httpapi.LogHandler{Handler: slog.NewJSONHandler(w, &slog.HandlerOptions{Level: l})})
}

// openDatabase opens the configured database, naming the setting in any error so the operator
// knows what to fix.
func openDatabase(ctx context.Context, cfg config.Config, migrate bool) (*sqlstore.DB, error) {
	db, err := sqlstore.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("WAYFINDER_DATABASE_URL (--database-url): %s", oneLine(err))
	}
	db.SetMaxConns(cfg.DBMaxConns)
	keyring, err := secretKeyring(cfg)
	if err != nil {
		db.Close()
		return nil, err
	}
	db.SetSecretKeyring(keyring)
	if migrate {
		if err := db.Migrate(ctx); err != nil {
			db.Close()
			return nil, fmt.Errorf("migrating the database: %w", err)
		}
	}
	return db, nil
}

func migrate(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := loadConfig("migrate", args, getenv, stderr)
	if err != nil {
		return err
	}
	db, err := openDatabase(ctx, cfg, true)
	if err != nil {
		return err
	}
	defer db.Close()
	st, err := db.SchemaStatus(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "The %s database is at schema version %d.\n", db.Dialect(), st.Current)
	return nil
}

func serve(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := loadConfig("serve", args, getenv, stderr)
	if err != nil {
		return err
	}
	log := newLogger(cfg.LogLevel, stderr)

	// The survey definition is checked before anything else starts, so a broken definition stops
	// the server here instead of failing members' requests later.
	def, err := survey.Load()
	if err != nil {
		return fmt.Errorf("the built-in survey definition is invalid: %w", err)
	}

	db, err := openDatabase(ctx, cfg, cfg.AutoMigrate)
	if err != nil {
		return err
	}
	defer db.Close()
	switch {
	case demoKeyFile(cfg) != "":
		log.Info("the server's secrets are encrypted with this demo's own key; keep it with the database", "key_file", demoKeyFile(cfg))
	case cfg.SecretKey == nil && cfg.SecretKeyFile == "":
		log.Warn("the server's secrets (signing keys, client secret, webhook secrets) are stored unencrypted: a copy of the database could sign tokens; set WAYFINDER_SECRET_KEY (see docs/deploying.md)")
	}
	// During a rolling deploy a newer build may have expanded the schema already: this one serves on
	// it until it is replaced, and says so once.
	st, err := db.SchemaStatus(ctx)
	if err == nil && st.Ahead() {
		log.Warn("the database schema is ahead of this build, by migrations that only add: serving on it; replace this build with the newer one",
			"schema_version", st.Current, "build_version", st.Latest)
	}
	// The webhooks' secrets are opened now, like the signing keys, so a key that opens none of them
	// stops the start here rather than failing deliveries later.
	if err == nil && st.Readable() {
		if err := db.OpenWebhookSecrets(ctx); err != nil {
			return fmt.Errorf("opening the webhooks' signing secrets: %w", err)
		}
	}

	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			return fmt.Errorf("WAYFINDER_LISTEN (--listen): %s is already in use; stop the other server or pick another port", cfg.Listen)
		}
		return fmt.Errorf("WAYFINDER_LISTEN (--listen): cannot listen on %s: %w", cfg.Listen, err)
	}
	cfg.WithListener(ln.Addr())

	// The outbox exists before sign-in, whose flows enqueue emails in it.
	email, err := newMail(cfg, db, log, stdout)
	if err != nil {
		ln.Close()
		return err
	}

	// Webhooks exist before sign-in too: a sign-up writes its event in the transaction that makes
	// the account. Nothing is sent until an admin sets up an endpoint.
	reach := insights.Reach{Private: cfg.WebhookPrivateNetworks}
	webhooks := insights.NewWebhooks(db, insights.WebhooksConfig{Log: log, Reach: reach})

	// Sign-ups are counted where they happen: the embedded provider's sign-up page, or a member an
	// external provider sends here for the first time.
	signups := prometheus.NewCounter(prometheus.CounterOpts{
		Name: "wayfinder_signups_total",
		Help: "Accounts made: on the embedded provider's sign-up page, or first seen from an external provider.",
	})
	authService, provider, err := signIn(ctx, cfg, db, email.outbox, log, ln.Addr(), signups.Inc, webhooks)
	if err != nil {
		ln.Close()
		return err
	}
	var (
		identityProvider  httpapi.IdentityProvider
		emailVerification httpapi.EmailVerification
	)
	if provider != nil {
		identityProvider, emailVerification = provider, provider
		go provider.Run(ctx)
		if cfg.Demo {
			if err := seedDemoAccounts(ctx, provider, stdout); err != nil {
				ln.Close()
				return err
			}
		}
	}
	if cfg.Demo {
		if err := seedDemoCoaches(ctx, db, cfg.PublicURL); err != nil {
			ln.Close()
			return err
		}
		if err := storePlans(ctx, db, demoPlans); err != nil {
			ln.Close()
			return err
		}
	}
	go removeExpired(ctx, db, log, provider == nil)

	registry := prometheus.NewRegistry()
	registry.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		collectors.NewDBStatsCollector(db.SQL(), "wayfinder"),
		buildInfo(db.Dialect()),
		signups,
		outboxDepth(db),
		webhookOutboxDepth(db),
	)
	// Deferred after db.Close, so it runs first: the database stays open until the worker has
	// recorded the email it was sending.
	stopMail := email.start(ctx, log, registry)
	defer stopMail(cfg.ShutdownTimeout)
	// The server counts its requests under way, and the webhook worker sends in the lulls between them.
	requests := &activity.Tracker{}
	stopWebhooks := startWebhooks(ctx, webhooks, reach, requests, log, registry)
	defer stopWebhooks(cfg.ShutdownTimeout)
	features := map[string]bool{}
	accountURL := ""
	if provider != nil {
		accountURL = "/idp/account"
	}
	for _, f := range cfg.Features {
		features[f] = true
	}
	onboardingService := onboarding.NewService(db, def, time.Now)
	disclosures := prometheus.NewCounter(prometheus.CounterOpts{
		Name: "wayfinder_safety_disclosures_total",
		Help: "Members who told us of thoughts of self-harm and need follow-up from the team (see the staff app's safety queue).",
	})
	registry.MustRegister(disclosures)
	onboardingService.OnSafetyDisclosure(disclosures.Inc)
	onboardingService.ReportTo(webhooks)
	coachingService := coaching.NewService(db, onboardingService, time.Now)
	coachingService.ReportTo(webhooks)
	payments := newPayments(cfg, log)
	billingService := billing.NewService(db, onboardingService, payments.provider, time.Now)
	billingService.ReportTo(webhooks)
	// Paying needs a confirmed email where this server's own sign-in emails the link through a
	// real mail server. Without one, in a demo that prints its emails or with mail off, paying
	// stays open to everyone: a demo, or an operator who has not set up SMTP, is never stuck.
	if provider != nil && cfg.SMTPURL != "" {
		billingService.RequireVerifiedEmail()
	}
	// A member's copy of their data and the closing of their account. The embedded provider's
	// sign-in records of the member go with the account; an external provider keeps its own.
	privacyConfig := privacy.Config{Survey: def, Payments: payments.provider, Events: webhooks, Now: time.Now}
	if provider != nil {
		privacyConfig.SignIn = provider.Accounts
	}
	handler, err := httpapi.NewHandler(httpapi.Deps{
		Log:      log,
		Ready:    readiness{db},
		Registry: registry,
		// With an admin address, /metrics is served there only.
		MetricsElsewhere: cfg.AdminListen != "",
		MediaOrigins:     cfg.MediaOrigins,
		Web:              web.Dist(),
		BodyLimit:        cfg.BodyLimit,
		Secure:           cfg.Secure(),
		Auth:             authService,
		IdP:              identityProvider,
		Survey:           def,
		Onboarding:       onboardingService,
		Coaching:         coachingService,
		Billing:          billingService,
		Backoffice: backoffice.NewService(db, backoffice.Config{Coaches: coachingService, Survey: def, Now: time.Now,
			RolesFromProvider: !cfg.EmbeddedIdP()}),
		Media:           db,
		Privacy:         privacy.NewService(db, privacyConfig),
		Waitlist:        waitlist.NewService(db, time.Now),
		Insights:        insights.NewService(db, def, time.Now),
		Webhooks:        webhooks,
		StripeEvents:    payments.events,
		TestCheckouts:   payments.testCheckouts,
		Payment:         paymentVariant(cfg),
		PublicURL:       cfg.PublicURL,
		ClientAddresses: clientaddr.New(cfg.TrustedProxies),
		Activity:        requests,
		Runtime: httpapi.RuntimeConfig{
			BrandName:   cfg.BrandName,
			AppStoreURL: cfg.AppStoreURL,
			AccountURL:  accountURL,
			Features:    features,
		},
		// EmailVerification sends a member a new link to confirm their email (the embedded provider).
		EmailVerification: emailVerification,
	})
	if err != nil {
		ln.Close()
		return err
	}

	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	log.Info("server started", "url", cfg.PublicURL.String(), "listen", ln.Addr().String(),
		"database", db.Dialect(), "version", versionString())
	if !web.Embedded {
		log.Warn("this binary has no web app built in; build it with `make build`")
	}
	for _, warning := range cfg.Warnings() {
		log.Warn(warning)
	}
	if cfg.AdminListen != "" {
		stopAdmin, err := serveAdmin(ctx, log, cfg, registry)
		if err != nil {
			ln.Close()
			return err
		}
		defer stopAdmin()
	}
	fmt.Fprintf(stdout, "Wayfinder is running at %s\n", cfg.PublicURL)
	return serveUntilDone(ctx, log, srv, ln, cfg.ShutdownTimeout)
}

// serveAdmin serves the operators' address: /metrics, and Go's profiler when it is turned on.
// Keeping them off the members' address means no load balancer rule is needed to hide them.
func serveAdmin(ctx context.Context, log *slog.Logger, cfg config.Config, reg *prometheus.Registry) (stop func(), err error) {
	ln, err := net.Listen("tcp", cfg.AdminListen)
	if err != nil {
		return nil, fmt.Errorf("WAYFINDER_ADMIN_LISTEN (--admin-listen): cannot listen on %s: %w", cfg.AdminListen, err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	if cfg.AdminPprof {
		mux.HandleFunc("/debug/pprof/", pprof.Index)
		mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
		mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
		mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("the admin server stopped", "error", err.Error())
		}
	}()
	log.Info("admin server started", "listen", ln.Addr().String(), "pprof", cfg.AdminPprof)
	return func() {
		// Profiles can run for 30 s; shutting down waits for none of them.
		_ = srv.Close()
	}, nil
}

// paymentParts are the payment provider and what reads its events, all nil when payments are
// neither on nor set up.
type paymentParts struct {
	provider      billing.Payments
	events        httpapi.StripeEvents
	testCheckouts httpapi.TestCheckouts
}

// paymentVariant tells which sites offer the plans and payment.
func paymentVariant(cfg config.Config) billing.Variant {
	return billing.Variant{Enabled: cfg.PaymentEnabled, Hostnames: cfg.PaymentHosts}
}

// newPayments returns Stripe when its keys are set. A demo without them gets the test mode, whose
// events are signed with a secret made for this run; config.Load has refused payments without keys
// anywhere else.
func newPayments(cfg config.Config, log *slog.Logger) paymentParts {
	switch {
	case cfg.StripeSecretKey != "":
		return paymentParts{provider: stripepay.New(cfg.StripeSecretKey, cfg.StripeAPIURL), events: &stripepay.Webhook{Secret: cfg.StripeWebhookSecret}}
	case cfg.Demo:
		log.Info("payments run in test mode: checkout is a page of this server, and no money moves")
		test := stripepay.NewTestMode("whsec_test_local_" + rand.Text())
		return paymentParts{provider: test, events: &stripepay.Webhook{Secret: test.Secret}, testCheckouts: test}
	}
	return paymentParts{}
}

// serveUntilDone serves until ctx is cancelled, then shuts down gracefully: the listener closes
// at once, requests under way get up to timeout to finish, and only then does the caller close
// the database.
func serveUntilDone(ctx context.Context, log *slog.Logger, srv *http.Server, ln net.Listener, timeout time.Duration) error {
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return fmt.Errorf("server stopped: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down", "timeout", timeout.String())
	shutdownCtx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutting down: in-flight requests did not finish within %s: %w", timeout, err)
	}
	log.Info("stopped")
	return nil
}

// removeExpired deletes ended web sessions every hour, and expired sign-in states when no
// embedded provider does it (its own housekeeping covers them). Every replica may run it: the
// deletes are idempotent.
func removeExpired(ctx context.Context, db *sqlstore.DB, log *slog.Logger, identityRows bool) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			if n, err := db.DeleteExpiredSessions(ctx, now.UTC()); err != nil {
				log.ErrorContext(ctx, "removing expired sessions failed", "error", err.Error())
			} else if n > 0 {
				log.Debug("expired sessions removed", "count", n)
			}
			if identityRows {
				// No one signs in here: there are no attempts to keep.
				if _, err := db.DeleteExpiredIdentityRows(ctx, now.UTC(), now.UTC(), now.UTC()); err != nil {
					log.ErrorContext(ctx, "removing expired sign-in states failed", "error", err.Error())
				}
			}
		}
	}
}

// oneLine folds a multi-line driver error into the one line an operator reads at start-up.
func oneLine(err error) string { return strings.Join(strings.Fields(err.Error()), " ") }

// outboxDepth is the number of emails waiting in the outbox, read from the database at each
// scrape, so every replica reports the same figure.
func outboxDepth(db *sqlstore.DB) prometheus.Collector {
	return prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "wayfinder_mail_outbox_depth",
		Help: "Emails waiting in the outbox to be sent; it grows while the mail server refuses or cannot be reached.",
	}, func() float64 {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		n, err := db.PendingMailCount(ctx)
		if err != nil {
			return math.NaN()
		}
		return float64(n)
	})
}

// buildInfo is a constant gauge labelled with what is running, for dashboards and alerts.
func buildInfo(dialect string) prometheus.Collector {
	rev, _ := revision()
	g := prometheus.NewGauge(prometheus.GaugeOpts{
		Name:        "wayfinder_build_info",
		Help:        "Always 1; the labels say which build is running and on which database.",
		ConstLabels: prometheus.Labels{"version": version, "revision": rev, "goversion": runtime.Version(), "database": dialect},
	})
	g.Set(1)
	return g
}

// revision is the commit the binary was built from, and when, as stamped at build time or recorded
// by the Go toolchain; "unknown" when neither says.
func revision() (commit, at string) {
	commit, at = buildRevision, buildTime
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			switch {
			case s.Key == "vcs.revision" && commit == "":
				commit = s.Value
			case s.Key == "vcs.time" && at == "":
				at = s.Value
			}
		}
	}
	if commit == "" {
		commit = "unknown"
	}
	return commit, at
}

func versionString() string {
	rev, at := revision()
	if len(rev) > 12 {
		rev = rev[:12]
	}
	parts := []string{rev}
	if at != "" {
		parts = append(parts, "committed "+at)
	}
	parts = append(parts, runtime.Version())
	return version + " (" + strings.Join(parts, ", ") + ")"
}

// secretKeyring returns the keyring the store seals the server's secrets with: the key from
// WAYFINDER_SECRET_KEY or its file, with the previous keys of a rotation; nil when none is set. A
// demo without a key gets one of its own (demoKeyFile), so the demo shows secrets at rest working
// without any set-up.
func secretKeyring(cfg config.Config) (*sealed.Keyring, error) {
	key := cfg.SecretKey
	if cfg.SecretKeyFile != "" {
		b, err := os.ReadFile(cfg.SecretKeyFile)
		if err != nil {
			return nil, fmt.Errorf("WAYFINDER_SECRET_KEY_FILE (--secret-key-file): %w", err)
		}
		if key, err = sealed.ParseKey(string(b)); err != nil {
			return nil, fmt.Errorf("WAYFINDER_SECRET_KEY_FILE (--secret-key-file): %s: %w", cfg.SecretKeyFile, err)
		}
	}
	if file := demoKeyFile(cfg); file != "" {
		var err error
		if key, err = demoSecretKey(file); err != nil {
			return nil, err
		}
	}
	if key == nil {
		return nil, nil
	}
	return sealed.NewKeyring(key, cfg.PreviousSecretKeys...)
}

// demoKeyFile is where a demo without a key of its own keeps one: secret.key beside its SQLite
// database (./data for PostgreSQL); "" when the server is no such demo.
func demoKeyFile(cfg config.Config) string {
	if !cfg.Demo || cfg.SecretKey != nil || cfg.SecretKeyFile != "" {
		return ""
	}
	dir := "data"
	if !strings.Contains(cfg.DatabaseURL, "://") {
		dir = filepath.Dir(strings.TrimPrefix(cfg.DatabaseURL, "sqlite:"))
	}
	return filepath.Join(dir, "secret.key")
}

// demoSecretKey reads the demo's key from file, making the file the first time.
func demoSecretKey(file string) ([]byte, error) {
	b, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
			return nil, err
		}
		f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, os.ErrExist) {
			// Another process of the demo made it first: use theirs.
			b, err = os.ReadFile(file)
		} else if err == nil {
			b = []byte(sealed.NewKey() + "\n")
			_, err = f.Write(b)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			return nil, fmt.Errorf("the demo's secret key %s: %w", file, err)
		}
	} else if err != nil {
		return nil, fmt.Errorf("the demo's secret key %s: %w", file, err)
	}
	key, err := sealed.ParseKey(string(b))
	if err != nil {
		return nil, fmt.Errorf("the demo's secret key %s: %w", file, err)
	}
	return key, nil
}

// readiness is what /readyz asks of the store.
type readiness struct{ *sqlstore.DB }

func (r readiness) Schema(ctx context.Context) (current, latest int, readable bool, err error) {
	st, err := r.SchemaStatus(ctx)
	return st.Current, st.Latest, st.Readable(), err
}
