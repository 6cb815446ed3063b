package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/prometheus/client_golang/prometheus"

	"wayfinder/internal/auth"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/coaching"
	"wayfinder/internal/insights"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/privacy"
	"wayfinder/internal/sqlstore"
	"wayfinder/internal/sqlstore/sqltest"
	"wayfinder/internal/sqlstore/storetest"
	"wayfinder/internal/survey"
	"wayfinder/internal/survey/surveytest"
	"wayfinder/internal/waitlist"
)

// testSurvey is the embedded survey definition, which the survey routes serve and validate against.
var testSurvey = func() *survey.Definition {
	def, err := survey.Load()
	if err != nil {
		panic(err)
	}
	return def
}()

type fakeReadiness struct {
	pingErr         error
	current, latest int
	contracted      bool // a migration past latest removed something this build reads
}

func (f *fakeReadiness) Ping(context.Context) error { return f.pingErr }
func (f *fakeReadiness) Schema(context.Context) (int, int, bool, error) {
	readable := f.current == f.latest || f.current > f.latest && !f.contracted
	return f.current, f.latest, readable, nil
}

var testIndex = `<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>`

func testFiles() fstest.MapFS {
	return fstest.MapFS{
		"index.html":                {Data: []byte(testIndex)},
		"favicon.svg":               {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
		"assets/index-abc123.js":    {Data: []byte("console.log('plain')")},
		"assets/index-abc123.js.br": {Data: []byte("BROTLI")},
		"assets/index-abc123.js.gz": {Data: []byte("GZIP")},
		"assets/index-abc123.css":   {Data: []byte("body{}")},
		".vite/manifest.json":       {Data: []byte(testManifest)},
	}
}

// testManifest is a Vite build manifest: the entry, the survey-step group with a stylesheet, a
// step's form, which imports both, the query client's group, and the waitlist step's form, which
// loads beside it.
const testManifest = `{
	"index.html": {"file": "assets/index-abc123.js", "name": "index", "src": "index.html", "isEntry": true, "css": ["assets/index-abc123.css"]},
	"_survey-step-h4sh.js": {"file": "assets/survey-step-h4sh.js", "name": "survey-step", "imports": ["index.html"], "css": ["assets/survey-step-c55.css"]},
	"_survey-step-c55.css": {"file": "assets/survey-step-c55.css", "src": "_survey-step-c55.css"},
	"src/features/survey/components/steps/NameAndBirthStep.tsx": {"file": "assets/NameAndBirthStep-n4m3.js", "name": "NameAndBirthStep",
		"isDynamicEntry": true, "imports": ["index.html", "_survey-step-h4sh.js"]},
	"_queries-q7e.js": {"file": "assets/queries-q7e.js", "name": "queries", "imports": ["index.html"]},
	"src/features/survey/components/steps/AndroidWaitlistStep.tsx": {"file": "assets/AndroidWaitlistStep-w4t.js", "name": "AndroidWaitlistStep",
		"isDynamicEntry": true, "imports": ["index.html", "_survey-step-h4sh.js"]}
}`

type testServer struct {
	handler http.Handler
	logs    *bytes.Buffer
	ready   *fakeReadiness
	db      *sqlstore.DB
	auth    *auth.Service
	hooks   *insights.Webhooks
	deps    Deps            // what the handler was built from
	key     *rsa.PrivateKey // signs the bearer tokens the test's identity provider would issue
}

// newTestServer returns a test server on a fresh SQLite file.
func newTestServer(t *testing.T) *testServer {
	t.Helper()
	return newTestServerOn(t, filepath.Join(t.TempDir(), "test.db"))
}

// forEachDatabase runs test as a subtest on a test server of each test database: SQLite, and
// PostgreSQL when WAYFINDER_TEST_DATABASE_URL names a server (sqltest.Databases).
func forEachDatabase(t *testing.T, test func(t *testing.T, ts *testServer)) {
	t.Helper()
	for _, d := range sqltest.Databases(t) {
		t.Run(d.Dialect, func(t *testing.T) { test(t, newTestServerOn(t, d.DSN)) })
	}
}

func newTestServerOn(t *testing.T, dsn string) *testServer {
	t.Helper()
	logs := &bytes.Buffer{}
	log := slog.New(LogHandler{slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})})
	ts := &testServer{logs: logs, ready: &fakeReadiness{current: 1, latest: 1}, key: testKey}
	db := storetest.Open(t, dsn)
	ts.db = db
	authService, err := auth.New(auth.Config{
		Issuer: testIssuer, AuthURL: testIssuer + "authorize", TokenURL: testIssuer + "token",
		ClientID: "wayfinder-web", ClientSecret: "secret", Audience: testAudience,
		RedirectURL: "http://127.0.0.1:8080/auth/callback", PostLogoutURL: "http://127.0.0.1:8080/",
		RolesClaim: "roles", CookieSecure: true, Logger: log, OnError: ErrorWriter(log),
		Keyfunc: testKeyfunc,
	}, db)
	if err != nil {
		t.Fatal(err)
	}
	ts.auth = authService
	onboardingService := onboarding.NewService(db, testSurvey, time.Now)
	coachingService := coaching.NewService(db, onboardingService, time.Now)
	ts.hooks = insights.NewWebhooks(db, insights.WebhooksConfig{})
	ts.deps = Deps{
		Log:        log,
		Ready:      ts.ready,
		Registry:   prometheus.NewRegistry(),
		Web:        testFiles(),
		Runtime:    RuntimeConfig{BrandName: "Wayfinder </script><b>", AppStoreURL: "https://apps.apple.com/app/id1"},
		BodyLimit:  1 << 20,
		Auth:       authService,
		Survey:     testSurvey,
		Onboarding: onboardingService,
		Coaching:   coachingService,
		Backoffice: backoffice.NewService(db, backoffice.Config{Coaches: coachingService, Survey: testSurvey, Now: time.Now}),
		Media:      db,
		Privacy:    privacy.NewService(db, privacy.Config{Survey: testSurvey}),
		Waitlist:   waitlist.NewService(db, time.Now),
		Insights:   insights.NewService(db, testSurvey, time.Now),
		Webhooks:   ts.hooks,
	}
	h, err := NewHandler(ts.deps)
	if err != nil {
		t.Fatalf("NewHandler() error = %v", err)
	}
	ts.handler = h
	return ts
}

const (
	testIssuer   = "https://idp.example.test/"
	testAudience = "https://start.example.test/api"
)

var testKey = func() *rsa.PrivateKey {
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	return k
}()

// testKeyfunc is the test provider's JWKS: one RSA key with the key id "test".
func testKeyfunc(t *jwt.Token) (any, error) {
	if t.Header["kid"] != "test" {
		return nil, errors.New("unknown key id")
	}
	return &testKey.PublicKey, nil
}

// bearer signs an access token for subject as the test's identity provider would; change lets a
// test break one claim.
func (ts *testServer) bearer(t *testing.T, subject string, roles []string, change func(jwt.MapClaims)) string {
	t.Helper()
	now := time.Now()
	claims := jwt.MapClaims{
		"iss": testIssuer, "sub": subject, "aud": []string{testAudience}, "roles": roles,
		"iat": now.Unix(), "nbf": now.Unix(), "exp": now.Add(10 * time.Minute).Unix(), "email": subject + "@example.test",
	}
	if change != nil {
		change(claims)
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, claims)
	tok.Header["kid"] = "test"
	signed, err := tok.SignedString(ts.key)
	if err != nil {
		t.Fatal(err)
	}
	return "Bearer " + signed
}

func httptestRequest(method, target string) *http.Request {
	return httptest.NewRequest(method, target, nil)
}

func serve(ts *testServer, r *http.Request) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	ts.handler.ServeHTTP(w, r)
	return w
}

func (ts *testServer) do(method, target string, body io.Reader, header map[string]string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, target, body)
	for k, v := range header {
		if k == "Host" {
			r.Host = v // the server reads the host from the request line, never from the header map
			continue
		}
		r.Header.Set(k, v)
	}
	return serve(ts, r)
}

// scenario sends one request of an API scenario test as actor (a member's bearer token; "" is
// anonymous), a JSON body when there is one, and checks what every answer shares: the status,
// problem+json for an error, and that the exchange is the one the OpenAPI document describes. It
// returns the response and the Authorization header it sent, for a follow-up request as the same
// member.
func (ts *testServer) scenario(t *testing.T, actor, method, path, body string, extra map[string]string, wantStatus int) (*httptest.ResponseRecorder, string) {
	t.Helper()
	header := map[string]string{}
	if body != "" {
		header["Content-Type"] = "application/json"
	}
	if actor != "" {
		header["Authorization"] = ts.bearer(t, actor, []string{"member"}, nil)
	}
	for k, v := range extra {
		header[k] = v
	}
	w := ts.do(method, path, strings.NewReader(body), header)
	if got := w.Code; got != wantStatus {
		t.Fatalf("status = %d, want %d; body %s", got, wantStatus, w.Body.String())
	}
	if w.Code >= 400 && w.Header().Get("Content-Type") != "application/problem+json" {
		t.Errorf("Content-Type = %q, want application/problem+json", w.Header().Get("Content-Type"))
	}
	checkOpenAPI(t, method, path, body, w)
	return w, header["Authorization"]
}

// member returns the headers of a JSON request as the member with the given subject: their bearer
// token and the content type. The member's account is created by their first request.
func (ts *testServer) member(t *testing.T, subject string) map[string]string {
	t.Helper()
	return map[string]string{"Authorization": ts.bearer(t, subject, []string{"member"}, nil), "Content-Type": "application/json"}
}

// completeSurvey answers every required step of the survey as the member of header, through the
// API, so the member may go on to the coaches.
func (ts *testServer) completeSurvey(t *testing.T, header map[string]string) {
	t.Helper()
	ts.saveSurvey(t, header, surveytest.Complete(testSurvey))
}

// saveSurvey saves data as the member of header through the API and fails the test unless it is
// stored.
func (ts *testServer) saveSurvey(t *testing.T, header map[string]string, data []survey.QuestionAnswers) {
	t.Helper()
	body, err := json.Marshal(surveyRequest{FromSlug: data[len(data)-1].QuestionSlug, Data: data})
	if err != nil {
		t.Fatal(err)
	}
	if w := ts.do("PUT", "/api/onboarding/survey", bytes.NewReader(body), header); w.Code != 204 {
		t.Fatalf("saving the survey: status %d, body %s", w.Code, w.Body.String())
	}
}

// assertBodyContains checks that body holds each of want.
func assertBodyContains(t *testing.T, body string, want []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(body, w) {
			t.Errorf("body %s does not contain %q", body, w)
		}
	}
}

func TestRoutes(t *testing.T) {
	tests := []struct {
		name       string
		method     string
		path       string
		body       string
		header     map[string]string
		wantStatus int
		wantType   string            // Content-Type prefix
		wantHeader map[string]string // exact header values
		wantBody   []string          // fragments
		notBody    []string
	}{
		{name: "deep link gets the app", method: "GET", path: "/account/meet-your-coach", wantStatus: 200, wantType: "text/html",
			wantHeader: map[string]string{"Cache-Control": "no-cache"}, wantBody: []string{`<div id="root">`, `id="runtime-config"`}},
		{name: "survey slug gets the app", method: "GET", path: "/how-you-identify", wantStatus: 200, wantType: "text/html", wantBody: []string{`<div id="root">`}},
		{name: "root gets the app", method: "GET", path: "/", wantStatus: 200, wantType: "text/html", wantBody: []string{`<div id="root">`}},
		{name: "runtime config is escaped", method: "GET", path: "/", wantStatus: 200,
			wantBody: []string{`"brandName":"Wayfinder \u003c/script\u003e\u003cb\u003e"`, `"appStoreUrl":"https://apps.apple.com/app/id1"`, `"features":{}`},
			notBody:  []string{"Wayfinder </script>"}},
		{name: "hashed asset is immutable", method: "GET", path: "/assets/index-abc123.css", wantStatus: 200, wantType: "text/css",
			wantHeader: map[string]string{"Cache-Control": "public, max-age=31536000, immutable"}, wantBody: []string{"body{}"}},
		{name: "brotli chosen when accepted", method: "GET", path: "/assets/index-abc123.js", header: map[string]string{"Accept-Encoding": "gzip, deflate, br"},
			wantStatus: 200, wantType: "text/javascript", wantHeader: map[string]string{"Content-Encoding": "br", "Vary": "Accept-Encoding"}, wantBody: []string{"BROTLI"}},
		{name: "gzip when brotli refused", method: "GET", path: "/assets/index-abc123.js", header: map[string]string{"Accept-Encoding": "gzip, br;q=0"},
			wantStatus: 200, wantHeader: map[string]string{"Content-Encoding": "gzip"}, wantBody: []string{"GZIP"}},
		{name: "identity when nothing accepted", method: "GET", path: "/assets/index-abc123.js", wantStatus: 200,
			wantHeader: map[string]string{"Content-Encoding": ""}, wantBody: []string{"console.log('plain')"}},
		{name: "missing asset is a 404, not the app", method: "GET", path: "/assets/missing-1.js", wantStatus: 404, notBody: []string{`<div id="root">`}},
		{name: "compressed copy not served by name", method: "GET", path: "/assets/index-abc123.js.br", wantStatus: 404},
		{name: "other static file", method: "GET", path: "/favicon.svg", wantStatus: 200, wantType: "image/svg+xml",
			wantHeader: map[string]string{"Cache-Control": "public, max-age=3600"}},
		{name: "unknown api path is JSON 404", method: "GET", path: "/api/nope", wantStatus: 404, wantType: "application/problem+json",
			wantHeader: map[string]string{"Cache-Control": "no-store"}, wantBody: []string{`"status":404`, `"title":"Not Found"`, "/api/nope"}, notBody: []string{"<div"}},
		{name: "unknown api path with POST is JSON 404", method: "POST", path: "/api/nope", body: `{}`, header: map[string]string{"Content-Type": "application/json"},
			wantStatus: 404, wantType: "application/problem+json"},
		{name: "api write that is not JSON", method: "POST", path: "/api/anything", body: "a=b", header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"},
			wantStatus: 415, wantType: "application/problem+json", wantBody: []string{"application/json"}},
		{name: "body over the limit", method: "PUT", path: "/api/anything", body: strings.Repeat("x", 1<<20+1), header: map[string]string{"Content-Type": "application/json"},
			wantStatus: 413, wantType: "application/problem+json", wantBody: []string{"larger than 1048576 bytes"}},
		{name: "wrong method on a route", method: "POST", path: "/healthz", wantStatus: 405, wantType: "application/problem+json",
			wantHeader: map[string]string{"Allow": "GET, HEAD"}, wantBody: []string{"POST is not allowed"}},
		{name: "wrong method on the app", method: "DELETE", path: "/account", wantStatus: 405, wantType: "application/problem+json"},
		{name: "cross-site write refused", method: "POST", path: "/api/anything", body: `{}`,
			header: map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, wantStatus: 403, wantType: "application/problem+json"},
		{name: "healthz", method: "GET", path: "/healthz", wantStatus: 200, wantType: "application/json", wantBody: []string{`"status":"ok"`},
			wantHeader: map[string]string{"Cache-Control": "no-store"}},
		{name: "readyz", method: "GET", path: "/readyz", wantStatus: 200, wantBody: []string{`"status":"ready"`}},
		{name: "metrics", method: "GET", path: "/metrics", wantStatus: 200, wantBody: []string{"wayfinder_http_requests_in_flight"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestServer(t)
			w := ts.do(tt.method, tt.path, strings.NewReader(tt.body), tt.header)
			if got, want := w.Code, tt.wantStatus; got != want {
				t.Fatalf("status = %d, want %d; body %s", got, want, w.Body.String())
			}
			if tt.wantType != "" && !strings.HasPrefix(w.Header().Get("Content-Type"), tt.wantType) {
				t.Errorf("Content-Type = %q, want %q", w.Header().Get("Content-Type"), tt.wantType)
			}
			for k, want := range tt.wantHeader {
				if got := w.Header().Get(k); got != want {
					t.Errorf("%s = %q, want %q", k, got, want)
				}
			}
			for _, want := range tt.wantBody {
				if !strings.Contains(w.Body.String(), want) {
					t.Errorf("body %q does not contain %q", w.Body.String(), want)
				}
			}
			for _, not := range tt.notBody {
				if strings.Contains(w.Body.String(), not) {
					t.Errorf("body %q contains %q", w.Body.String(), not)
				}
			}
			if strings.Contains(ts.logs.String(), `"level":"ERROR"`) {
				t.Errorf("a %d answer logged at error level: %s", w.Code, ts.logs.String())
			}
		})
	}
}

// TestMediaOriginsInTheCSP wants the operator's media origins allowed for pictures, videos and
// captions, and nowhere else: never for scripts, frames or requests from script.
func TestMediaOriginsInTheCSP(t *testing.T) {
	h := securityHeaders(false, []string{"https://cdn.example.com", "https://media.example.org"}, nil,
		http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
	csp := w.Header().Get("Content-Security-Policy")
	for _, want := range []string{
		"img-src 'self' data: https://i.vimeocdn.com https://cdn.example.com https://media.example.org;",
		"media-src 'self' https://*.vimeocdn.com https://cdn.example.com https://media.example.org;",
	} {
		if !strings.Contains(csp, want) {
			t.Errorf("Content-Security-Policy = %q, want it to contain %q", csp, want)
		}
	}
	for _, directive := range strings.Split(csp, ";") {
		if strings.Contains(directive, "cdn.example.com") && !strings.HasPrefix(strings.TrimSpace(directive), "img-src") &&
			!strings.HasPrefix(strings.TrimSpace(directive), "media-src") {
			t.Errorf("the media origin is allowed in %q, want only img-src and media-src", directive)
		}
	}
}

func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	ts := newTestServer(t)
	for _, target := range []string{"/", "/api/nope", "/healthz", "/assets/index-abc123.js", "/assets/missing.js"} {
		w := ts.do("GET", target, nil, nil)
		h := w.Header()
		csp := h.Get("Content-Security-Policy")
		if !strings.Contains(csp, "frame-ancestors 'none'") || strings.Contains(csp, "unsafe-inline") || !strings.Contains(csp, "script-src 'self'") {
			t.Errorf("%s: Content-Security-Policy = %q", target, csp)
		}
		for k, want := range map[string]string{
			"X-Content-Type-Options": "nosniff",
			"Referrer-Policy":        "strict-origin-when-cross-origin",
			"X-Frame-Options":        "DENY",
		} {
			if got := h.Get(k); got != want {
				t.Errorf("%s: %s = %q, want %q", target, k, got, want)
			}
		}
		if got := h.Get("Strict-Transport-Security"); got != "" {
			t.Errorf("%s: HSTS = %q over plain HTTP, want none", target, got)
		}
		if h.Get("X-Request-Id") == "" {
			t.Errorf("%s: no X-Request-Id", target)
		}
	}
}

func TestHSTSWhenSecure(t *testing.T) {
	ts := newTestServer(t)
	h, err := NewHandler(Deps{Log: slog.New(slog.DiscardHandler), Ready: &fakeReadiness{}, Registry: prometheus.NewRegistry(),
		Web: testFiles(), BodyLimit: 1 << 20, Secure: true, Auth: ts.auth})
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
	if got := w.Header().Get("Strict-Transport-Security"); !strings.HasPrefix(got, "max-age=") {
		t.Errorf("Strict-Transport-Security = %q, want max-age", got)
	}
}

func TestReadyz(t *testing.T) {
	tests := []struct {
		name            string
		pingErr         error
		current, latest int
		contracted      bool
		wantStatus      int
		wantBody        string
	}{
		{name: "ready", current: 3, latest: 3, wantStatus: 200, wantBody: `"status":"ready"`},
		{name: "database unreachable", pingErr: errors.New("dial tcp: connection refused"), current: 3, latest: 3, wantStatus: 503, wantBody: "database unreachable"},
		{name: "migrations pending", current: 2, latest: 3, wantStatus: 503, wantBody: "schema is not one this build can serve on"},
		{name: "a newer build expanded the schema", current: 4, latest: 3, wantStatus: 200, wantBody: `"schema":"ahead"`},
		{name: "a newer build contracted the schema", current: 5, latest: 3, contracted: true, wantStatus: 503, wantBody: `"schemaVersion":5`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestServer(t)
			*ts.ready = fakeReadiness{pingErr: tt.pingErr, current: tt.current, latest: tt.latest, contracted: tt.contracted}
			w := ts.do("GET", "/readyz", nil, nil)
			if got, want := w.Code, tt.wantStatus; got != want {
				t.Errorf("status = %d, want %d", got, want)
			}
			if !strings.Contains(w.Body.String(), tt.wantBody) {
				t.Errorf("body = %q, want it to contain %q", w.Body.String(), tt.wantBody)
			}
			if strings.Contains(w.Body.String(), "connection refused") {
				t.Errorf("body %q leaks the driver error", w.Body.String())
			}
		})
	}
}

func TestIndexCompressionAndRevalidation(t *testing.T) {
	ts := newTestServer(t)
	w := ts.do("GET", "/some/deep/link", nil, map[string]string{"Accept-Encoding": "gzip"})
	if got := w.Header().Get("Content-Encoding"); got != "gzip" {
		t.Fatalf("Content-Encoding = %q, want gzip", got)
	}
	zr, err := gzip.NewReader(w.Body)
	if err != nil {
		t.Fatal(err)
	}
	html, _ := io.ReadAll(zr)
	if !strings.Contains(string(html), `id="runtime-config"`) {
		t.Errorf("gzipped index = %q, want the runtime config in it", html)
	}
	etag := w.Header().Get("ETag")
	w = ts.do("GET", "/", nil, map[string]string{"If-None-Match": etag})
	if got, want := w.Code, http.StatusNotModified; got != want {
		t.Errorf("revalidation status = %d, want %d", got, want)
	}
}

func TestRequestIDAndAccessLog(t *testing.T) {
	ts := newTestServer(t)
	w := ts.do("GET", "/healthz?token=secret-token", nil, map[string]string{"X-Request-Id": "lb-123"})
	if got, want := w.Header().Get("X-Request-Id"), "lb-123"; got != want {
		t.Errorf("X-Request-Id = %q, want the caller's %q", got, want)
	}
	w = ts.do("GET", "/healthz", nil, map[string]string{"X-Request-Id": "bad id with spaces"})
	if got := w.Header().Get("X-Request-Id"); got == "" || strings.Contains(got, " ") {
		t.Errorf("X-Request-Id = %q, want a fresh id instead of a malformed one", got)
	}
	var line map[string]any
	if err := json.Unmarshal([]byte(strings.SplitN(ts.logs.String(), "\n", 2)[0]), &line); err != nil {
		t.Fatalf("log line is not JSON: %v: %s", err, ts.logs.String())
	}
	if got, want := line["request_id"], "lb-123"; got != want {
		t.Errorf("log request_id = %v, want %v", got, want)
	}
	if got, want := line["route"], "GET /healthz"; got != want {
		t.Errorf("log route = %v, want %v", got, want)
	}
	if strings.Contains(ts.logs.String(), "secret-token") {
		t.Errorf("the query string reached the log: %s", ts.logs.String())
	}
}

func TestMetricsUseRoutePatterns(t *testing.T) {
	ts := newTestServer(t)
	ts.do("GET", "/account/meet-your-coach", nil, nil)
	ts.do("GET", "/api/secret-looking/123", nil, nil)
	w := ts.do("GET", "/metrics", nil, nil)
	body := w.Body.String()
	for _, want := range []string{`route="/"`, `route="/api/"`, "wayfinder_http_request_duration_seconds_bucket"} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics do not contain %q", want)
		}
	}
	for _, not := range []string{"meet-your-coach", "secret-looking"} {
		if strings.Contains(body, not) {
			t.Errorf("metrics contain the raw path %q", not)
		}
	}
}

// TestMetricsStayBounded sends what a client can make up, methods and paths, and wants no new
// series for any of it; then it wants the business series to count what members did, by public
// slugs only.
func TestMetricsStayBounded(t *testing.T) {
	ts := newTestServer(t)
	series := func() int {
		t.Helper()
		n := 0
		for _, line := range strings.Split(ts.do("GET", "/metrics", nil, nil).Body.String(), "\n") {
			if strings.HasPrefix(line, "wayfinder_http_requests_total{") {
				n++
			}
		}
		return n
	}
	ts.do("FOO0", "/x0", nil, nil)
	ts.do("GET", "/api/nothing-0", nil, nil)
	before := series()
	for i := range 50 {
		ts.do(fmt.Sprintf("FOO%d", i+1), fmt.Sprintf("/x%d", i+1), nil, nil)
		ts.do("GET", fmt.Sprintf("/api/nothing-%d/%d", i+1, i), nil, nil)
		ts.do("BREW", fmt.Sprintf("/api/user/me?id=%d", i), nil, nil)
	}
	if after := series(); after > before+2 {
		t.Errorf("made-up methods and paths added %d series to wayfinder_http_requests_total, want at most the 2 of their first kinds", after-before)
	}
	body := ts.do("GET", "/metrics", nil, nil).Body.String()
	for _, not := range []string{"FOO1", "BREW", "nothing-1"} {
		if strings.Contains(body, not) {
			t.Errorf("the metrics hold %q, which a client chose", not)
		}
	}
	if !strings.Contains(body, `method="other"`) {
		t.Errorf("the metrics have no method=\"other\" series for unknown methods")
	}

	member := ts.member(t, "auth0|metrics")
	ts.completeSurvey(t, member)
	body = ts.do("GET", "/metrics", nil, nil).Body.String()
	last := surveytest.Complete(testSurvey)
	want := fmt.Sprintf(`wayfinder_survey_steps_total{slug=%q} 1`, last[len(last)-1].QuestionSlug)
	if !strings.Contains(body, want) {
		t.Errorf("the metrics lack %s after a member saved that step", want)
	}
	for _, answer := range []string{"Rivera", "1990", "iphone"} {
		if strings.Contains(body, answer) {
			t.Errorf("the metrics hold the answer %q", answer)
		}
	}
}

func TestPanicIsA500WithoutDetail(t *testing.T) {
	ts := newTestServer(t)
	s := &server{log: slog.New(slog.NewJSONHandler(ts.logs, nil))}
	h := s.recoverPanics(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("sql: secret table broke") }))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/api/x", nil))
	if got, want := w.Code, 500; got != want {
		t.Errorf("status = %d, want %d", got, want)
	}
	if strings.Contains(w.Body.String(), "secret table") {
		t.Errorf("the panic value reached the response: %s", w.Body.String())
	}
	if !strings.Contains(ts.logs.String(), "secret table") {
		t.Errorf("the panic was not logged")
	}
}
