// Package httpapi is Wayfinder's HTTP surface: the JSON API under /api/, the health and metrics
// endpoints, and the embedded React app on every other path. Every route is listed in routes.go;
// every error is answered through the one table in errors.go.
package httpapi

import (
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"sort"
	"strings"

	"github.com/prometheus/client_golang/prometheus"

	"wayfinder/internal/activity"
	"wayfinder/internal/apperr"
	"wayfinder/internal/auth"
	"wayfinder/internal/billing"
	"wayfinder/internal/clientaddr"
	"wayfinder/internal/messages"
	"wayfinder/internal/survey"
)

// Deps is everything the HTTP layer needs; cmd/wayfinder wires the concrete parts.
type Deps struct {
	Log      *slog.Logger
	Ready    Readiness
	Registry *prometheus.Registry // /metrics serves everything registered here
	// MetricsElsewhere leaves /metrics off the members' address, because an admin address serves it.
	MetricsElsewhere bool
	// MediaOrigins are the https origins coaches' media may come from, allowed by the CSP.
	MediaOrigins []string
	Web          fs.FS // the built app (web.Dist())
	Runtime      RuntimeConfig
	BodyLimit    int64
	Secure       bool // members reach the app over TLS: send HSTS
	Auth         *auth.Service
	IdP          IdentityProvider // nil when an external provider is configured
	// EmailVerification sends a member a new link to confirm their email address: the embedded
	// provider's (idp.Provider); nil when an external provider confirms addresses itself.
	EmailVerification EmailVerification
	// Survey and Onboarding serve the guided survey; the survey routes exist only when both are set.
	Survey     *survey.Definition
	Onboarding Onboarding
	// Coaching serves the coach chooser; its routes exist only when it is set.
	Coaching Coaching
	// Billing keeps members' payment state, which GET /api/user/me shows. With StripeEvents, which
	// checks Stripe's events, it also serves the plans, checkout and webhook routes. TestCheckouts
	// is set in test mode only (a demo without Stripe).
	Billing       Billing
	StripeEvents  StripeEvents
	TestCheckouts TestCheckouts
	// Backoffice serves the staff API under /api/staff/; its routes exist only when it is set.
	// Media serves the pictures it stores: coaches' portraits at /media/, members' own pictures.
	Backoffice Backoffice
	Media      Media
	// Privacy gives members a copy of their data and closes their accounts; its routes exist only
	// when it is set.
	Privacy Privacy
	// Waitlist keeps the Android waitlist; its member routes exist only when it is set, and its
	// staff routes when Backoffice is set too.
	Waitlist Waitlist
	// Insights makes the staff's reports; its routes exist only when it is set, with Backoffice.
	Insights Insights
	// Webhooks is the admins' set-up of outbound webhooks; its routes exist only when it is set and
	// Backoffice is too.
	Webhooks Webhooks
	// Payment decides per request whether the plan and payment are offered.
	Payment billing.Variant
	// PublicURL is the address members reach the app at.
	PublicURL *url.URL
	// ClientAddresses finds the address each request came from (see clientaddr), for the sign-in
	// limits and the audit log.
	ClientAddresses clientaddr.Resolver
	// Activity is told of every request's start and end, for the background work that waits for
	// a lull in them; none when nil.
	Activity *activity.Tracker
}

type server struct {
	log     *slog.Logger
	ready   Readiness
	metrics *Metrics
	gather  prometheus.Gatherer
	spa     *spa
	auth    *auth.Service
	idp     IdentityProvider

	// activity is told of each request's start and end (nil: nothing is).
	activity *activity.Tracker

	emailVerification EmailVerification

	openAPI    *document
	surveyDef  *document
	def        *survey.Definition
	steps      map[string]bool   // the definition's slugs, the values the step counter's label takes
	stepHeads  map[string]string // by slug, the tags that preload a step's first screen (stepHeadsOf)
	frameHeads map[string]string // by slug, what a step's first frame adds to its head (frameHeadsOf)
	onboarding Onboarding
	coaching   Coaching

	backoffice    Backoffice
	media         Media
	privacy       Privacy
	waitlist      Waitlist
	insights      Insights
	webhooks      Webhooks
	brand         string // names the files people download
	bodyLimit     int64
	billing       Billing
	stripeEvents  StripeEvents
	testCheckouts TestCheckouts
	payment       billing.Variant
	publicURL     *url.URL
}

// NewHandler builds the whole HTTP handler.
func NewHandler(d Deps) (http.Handler, error) {
	s, mux, err := newServer(d)
	if err != nil {
		return nil, err
	}

	// Outermost first: every response gets a request id and security headers, even a panic's.
	var h http.Handler = s.observe(compressed(mux.ServeMux))
	h = s.crossOriginProtection(h)
	h = s.jsonOnly(h)
	h = s.limitBody(h)
	h = s.recoverPanics(h)
	h = securityHeaders(d.Secure, d.MediaOrigins, s.spa.scriptHashes, h)
	h = d.ClientAddresses.Middleware(h)
	h = withRequestID(h)
	return h, nil
}

// newServer builds the server and its router, with every route of routes.go.
func newServer(d Deps) (*server, *router, error) {
	app, err := newSPA(d.Web, d.Runtime, d.Payment.On)
	if err != nil {
		return nil, nil, err
	}
	s := &server{log: d.Log, ready: d.Ready, metrics: NewMetrics(d.Registry), activity: d.Activity, spa: app, auth: d.Auth, idp: d.IdP,
		openAPI: newDocument(openAPIDocument, "no-cache"), coaching: d.Coaching, payment: d.Payment, publicURL: d.PublicURL}
	if !d.MetricsElsewhere && d.Registry != nil {
		s.gather = d.Registry
	}
	s.billing, s.backoffice, s.media, s.bodyLimit = d.Billing, d.Backoffice, d.Media, d.BodyLimit
	s.emailVerification = d.EmailVerification
	s.privacy, s.waitlist, s.insights, s.webhooks, s.brand = d.Privacy, d.Waitlist, d.Insights, d.Webhooks, d.Runtime.BrandName
	if s.backoffice != nil && s.media == nil {
		return nil, nil, errors.New("httpapi: the staff routes need the media store")
	}
	if d.Billing != nil && d.StripeEvents != nil {
		s.stripeEvents, s.testCheckouts = d.StripeEvents, d.TestCheckouts
		if s.publicURL == nil {
			return nil, nil, errors.New("httpapi: the billing routes need the public URL")
		}
	}
	if d.Survey != nil && d.Onboarding != nil {
		if s.surveyDef, err = definitionDocument(d.Survey); err != nil {
			return nil, nil, err
		}
		s.onboarding = d.Onboarding
		s.steps = map[string]bool{}
		for slug := range d.Survey.Questions {
			s.steps[slug] = true
		}
		s.stepHeads = stepHeadsOf(app, s.steps)
		s.def = d.Survey
		if err := app.loadStepFrames(s.surveyDef.body); errors.Is(err, errStaleFrames) {
			s.log.Warn(err.Error())
		} else if err != nil {
			return nil, nil, err
		}
		s.frameHeads = frameHeadsOf(app)
	}
	mux := newRouter(s)
	s.routes(mux)
	return s, mux, nil
}

// router is the standard mux plus one addition: for each path it knows the methods registered,
// so a request with another method gets a 405 in the API's problem format with an Allow header,
// instead of the mux's plain-text one.
type router struct {
	*http.ServeMux
	s       *server
	methods map[string][]string
}

func newRouter(s *server) *router {
	return &router{ServeMux: http.NewServeMux(), s: s, methods: map[string][]string{}}
}

func (rt *router) handle(pattern string, h http.HandlerFunc) {
	method, p, ok := strings.Cut(pattern, " ")
	if !ok {
		panic("httpapi: route " + pattern + " has no method")
	}
	rt.Handle(pattern, h)
	if _, seen := rt.methods[p]; !seen {
		rt.Handle(p, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			allow := append([]string(nil), rt.methods[p]...)
			sort.Strings(allow)
			rt.s.methodNotAllowed(w, r, allow)
		}))
	}
	rt.methods[p] = append(rt.methods[p], method)
	if method == http.MethodGet {
		rt.methods[p] = append(rt.methods[p], http.MethodHead)
	}
}

func (s *server) app(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		s.methodNotAllowed(w, r, []string{http.MethodGet, http.MethodHead})
		return
	}
	if s.auth != nil && s.onboarding != nil {
		if slug := strings.TrimPrefix(r.URL.Path, "/"); s.steps[slug] {
			s.surveyStepPage(w, r, slug)
			return
		}
	}
	s.spa.ServeHTTP(w, r)
}

func (s *server) methodNotAllowed(w http.ResponseWriter, r *http.Request, allow []string) {
	w.Header().Set("Allow", strings.Join(allow, ", "))
	s.writeError(w, r, apperr.E(apperr.MethodNotAllowed, msgMethodNotAllowed,
		messages.Params{"method": r.Method, "allowed": strings.Join(allow, " or ")}))
}

// notFound answers a path under /api/ or /idp/ that no route serves: a JSON 404, never the app.
func (s *server) notFound(w http.ResponseWriter, r *http.Request) {
	s.writeError(w, r, apperr.E(apperr.NotFound, msgNothingHere, messages.Params{"path": r.URL.Path}))
}
