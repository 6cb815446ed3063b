package idp

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v3"

	"wayfinder/internal/httpapi"
	"wayfinder/internal/mail"
	"wayfinder/internal/mail/mailtest"
	"wayfinder/internal/sqlstore"
	"wayfinder/internal/sqlstore/sqltest"
	"wayfinder/internal/syncbuf"
)

// testKeys are made once: generating a 2048-bit key per test would cost more than the tests.
var testKeys []*rsa.PrivateKey

func TestMain(m *testing.M) {
	for range 3 {
		k, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			panic(err)
		}
		testKeys = append(testKeys, k)
	}
	var (
		mu   sync.Mutex
		next int
	)
	generateRSAKey = func() (*rsa.PrivateKey, error) {
		mu.Lock()
		defer mu.Unlock()
		next++
		return testKeys[next%len(testKeys)], nil
	}
	os.Exit(m.Run())
}

// fastHash keeps argon2id but at a cost that lets the tests sign in dozens of times.
var fastHash = hashParams{memoryKiB: 64, time: 1, threads: 1, keyLen: 32, saltLen: 16}

// fakeClock is the provider's clock in tests. It starts at the real time, because fosite checks
// some times against the real clock, and only moves when a test says so.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// testEnv is a provider on a SQLite store behind a real HTTP server, mounted as the server mounts it.
type testEnv struct {
	t      *testing.T
	srv    *httptest.Server
	p      *Provider
	db     *sqlstore.DB
	clock  *fakeClock
	logs   *syncbuf.Buffer
	secret string
}

const testAudience = "https://wayfinder.example/api"

func newTestEnv(t *testing.T) *testEnv {
	t.Helper()
	return newTestEnvOn(t, filepath.Join(t.TempDir(), "idp.db"))
}

// testDatabases are the databases the end-to-end tests run on, by dialect (sqltest.Databases).
func testDatabases(t *testing.T) map[string]string {
	t.Helper()
	dbs := map[string]string{}
	for _, d := range sqltest.Databases(t) {
		dbs[d.Dialect] = d.DSN
	}
	return dbs
}

func newTestEnvOn(t *testing.T, dsn string) *testEnv {
	t.Helper()
	ctx := context.Background()
	db, err := sqlstore.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	secret, err := LoadWebClientSecret(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	e := &testEnv{t: t, srv: srv, db: db, clock: &fakeClock{t: time.Now().UTC()}, logs: &syncbuf.Buffer{}, secret: secret}
	log := slog.New(slog.NewJSONHandler(e.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	e.p, err = newProvider(ctx, Config{
		Issuer:          srv.URL + "/idp",
		PublicURL:       srv.URL,
		Audience:        testAudience,
		RolesClaim:      "roles",
		WebClientSecret: secret,
		IOSRedirectURIs: []string{"wayfinder://auth/callback"},
		BrandName:       "Wayfinder",
	}, db, log, fastHash, e.clock.now)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	for _, r := range httpapi.IdentityProviderRoutes(e.p) {
		mux.HandleFunc(r.Pattern, r.Handler)
	}
	return e
}

// browser is an HTTP client with cookies that stops at the clients' redirect URIs, as a browser
// handing control back to an app would.
func (e *testEnv) browser() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{
		Jar: jar,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if req.URL.Scheme == "wayfinder" || req.URL.Path == "/auth/callback" || req.URL.Path == "/auth/login" || req.URL.Path == "/" {
				return http.ErrUseLastResponse
			}
			return nil
		},
	}
}

// pkcePair is a PKCE verifier and its S256 challenge.
func pkcePair() (verifier, challenge string) {
	b := make([]byte, 32)
	rand.Read(b)
	verifier = base64.RawURLEncoding.EncodeToString(b)
	sum := sha256.Sum256([]byte(verifier))
	return verifier, base64.RawURLEncoding.EncodeToString(sum[:])
}

// authRequest is an authorization request of the web client, changed by mod.
type authRequest struct {
	query    url.Values
	verifier string
}

func (e *testEnv) authRequest(mod func(q url.Values)) authRequest {
	verifier, challenge := pkcePair()
	q := url.Values{
		"client_id":             {WebClientID},
		"response_type":         {"code"},
		"redirect_uri":          {e.srv.URL + "/auth/callback"},
		"scope":                 {"openid profile email offline_access"},
		"state":                 {"state-" + verifier[:10]},
		"nonce":                 {"nonce-" + verifier[10:20]},
		"code_challenge":        {challenge},
		"code_challenge_method": {"S256"},
	}
	if mod != nil {
		mod(q)
	}
	return authRequest{query: q, verifier: verifier}
}

func (e *testEnv) authorizeURL(a authRequest) string {
	return e.srv.URL + "/idp/authorize?" + a.query.Encode()
}

// do sends a request and returns the response with its body read.
func (e *testEnv) do(c *http.Client, req *http.Request) (*http.Response, string) {
	e.t.Helper()
	resp, err := c.Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

func (e *testEnv) get(c *http.Client, rawURL string) (*http.Response, string) {
	e.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, rawURL, nil)
	return e.do(c, req)
}

func (e *testEnv) postForm(c *http.Client, path string, form url.Values) (*http.Response, string) {
	e.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, e.srv.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return e.do(c, req)
}

// flowOf returns the flow a hosted page was opened with.
func flowOf(resp *http.Response) string { return resp.Request.URL.Query().Get("flow") }

// callback reads the code (or error) and state a redirect to the client carries.
func callback(t *testing.T, resp *http.Response) url.Values {
	t.Helper()
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil || resp.StatusCode/100 != 3 {
		t.Fatalf("want a redirect to the client, got %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	return loc.Query()
}

// tokenResponse is the token endpoint's answer.
type tokenResponse struct {
	AccessToken      string `json:"access_token"`
	IDToken          string `json:"id_token"`
	RefreshToken     string `json:"refresh_token"`
	TokenType        string `json:"token_type"`
	ExpiresIn        int    `json:"expires_in"`
	Scope            string `json:"scope"`
	Error            string `json:"error"`
	ErrorDescription string `json:"error_description"`
}

// token calls the token endpoint as the web client (or, with clientID wayfinder-ios, as the app).
func (e *testEnv) token(clientID string, form url.Values) (int, tokenResponse) {
	e.t.Helper()
	if clientID == IOSClientID {
		form.Set("client_id", IOSClientID)
	}
	req, _ := http.NewRequest(http.MethodPost, e.srv.URL+"/idp/token", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if clientID == WebClientID {
		req.SetBasicAuth(WebClientID, e.secret)
	}
	resp, body := e.do(http.DefaultClient, req)
	var tr tokenResponse
	if err := json.Unmarshal([]byte(body), &tr); err != nil {
		e.t.Fatalf("token response %d is not JSON: %q", resp.StatusCode, body)
	}
	return resp.StatusCode, tr
}

// exchange trades a code for tokens as the web client.
func (e *testEnv) exchange(code string, a authRequest) (int, tokenResponse) {
	return e.token(WebClientID, url.Values{"grant_type": {"authorization_code"}, "code": {code},
		"redirect_uri": {a.query.Get("redirect_uri")}, "code_verifier": {a.verifier}})
}

// signUp opens sign-up for a, creates the account and returns the callback's parameters.
func (e *testEnv) signUp(c *http.Client, a authRequest, email, password string) url.Values {
	e.t.Helper()
	a.query.Set("screen_hint", "signup")
	resp, _ := e.get(c, e.authorizeURL(a))
	if resp.StatusCode != http.StatusOK || resp.Request.URL.Path != "/idp/signup" {
		e.t.Fatalf("authorize with screen_hint=signup: %d at %s, want 200 at /idp/signup", resp.StatusCode, resp.Request.URL.Path)
	}
	resp, body := e.postForm(c, "/idp/signup", url.Values{"flow": {flowOf(resp)}, "email": {email}, "password": {password}})
	if resp.StatusCode != http.StatusSeeOther {
		e.t.Fatalf("sign up: status %d, want 303; body %s", resp.StatusCode, body)
	}
	return callback(e.t, resp)
}

// jwks fetches the key set.
func (e *testEnv) jwks() jose.JSONWebKeySet {
	e.t.Helper()
	_, body := e.get(http.DefaultClient, e.srv.URL+"/idp/jwks.json")
	var set jose.JSONWebKeySet
	if err := json.Unmarshal([]byte(body), &set); err != nil {
		e.t.Fatalf("JWKS is not a key set: %v", err)
	}
	return set
}

// verifyJWT checks a token's RS256 signature against the key set and returns its header and claims.
func verifyJWT(t *testing.T, token string, set jose.JSONWebKeySet) (jose.Header, map[string]any) {
	t.Helper()
	jws, err := jose.ParseSigned(token)
	if err != nil {
		t.Fatalf("not a JWS: %v", err)
	}
	h := jws.Signatures[0].Header
	if h.Algorithm != "RS256" {
		t.Errorf("alg = %q, want RS256", h.Algorithm)
	}
	keys := set.Key(h.KeyID)
	if len(keys) != 1 {
		t.Fatalf("kid %q is not in the key set", h.KeyID)
	}
	payload, err := jws.Verify(keys[0].Key)
	if err != nil {
		t.Fatalf("signature does not verify against the key set: %v", err)
	}
	var claims map[string]any
	if err := json.Unmarshal(payload, &claims); err != nil {
		t.Fatal(err)
	}
	return h, claims
}

// mailEnv is a provider whose emails go through a real outbox and mail worker to a real SMTP
// server, Mailpit, whose messages the test reads.
type mailEnv struct {
	*testEnv
	mail *mailtest.Server
}

func newMailEnv(t *testing.T, dsn string) *mailEnv {
	t.Helper()
	e := &mailEnv{testEnv: newTestEnvOn(t, dsn), mail: mailtest.Start(t, mailtest.Options{})}
	sender, err := mail.NewSMTPSender(mail.SMTPConfig{URL: fmt.Sprintf("smtp://127.0.0.1:%d", e.mail.SMTPPort), From: "Wayfinder <hello@example.com>"})
	if err != nil {
		t.Fatal(err)
	}
	outbox := mail.NewOutbox(e.db, mail.OutboxConfig{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		mail.NewWorker(outbox, mail.WorkerConfig{Sender: sender, PollInterval: 50 * time.Millisecond}).Run(ctx)
	}()
	t.Cleanup(func() { cancel(); <-done })
	// The provider is built without mail by newTestEnvOn; no request has reached it yet.
	e.p.cfg.Mail = outbox
	return e
}
