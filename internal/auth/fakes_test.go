package auth

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/syncbuf"
)

// clock is a settable time source shared by the service and the fake provider.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// memStore is an in-memory Store with the same not-found and expiry rules as the SQL store.
type memStore struct {
	mu       sync.Mutex
	users    map[string]account.User
	sessions map[string]account.Session
	states   map[string]account.LoginState
	calls    map[string]int
	nextID   int
	arrivals map[string]account.Arrival
}

func newMemStore() *memStore {
	return &memStore{
		users:    map[string]account.User{},
		sessions: map[string]account.Session{},
		states:   map[string]account.LoginState{},
		calls:    map[string]int{},
		arrivals: map[string]account.Arrival{},
	}
}

func (m *memStore) count(name string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.calls[name]
}

func (m *memStore) UserByID(_ context.Context, id string) (account.User, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls["UserByID"]++
	u, ok := m.users[id]
	if !ok {
		return account.User{}, apperr.Generic(apperr.NotFound, errors.New("no user"))
	}
	return u, nil
}

func (m *memStore) UserBySubject(_ context.Context, subject string) (account.User, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls["UserBySubject"]++
	for _, u := range m.users {
		if u.Subject == subject {
			return u, nil
		}
	}
	return account.User{}, apperr.Generic(apperr.NotFound, errors.New("no user"))
}

// InTx runs fn at once: the in-memory store has no transactions to undo.
func (m *memStore) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	return fn(ctx)
}

func (m *memStore) EnsureUser(_ context.Context, subject, email string, role account.Role) (account.User, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls["EnsureUser"]++
	for id, u := range m.users {
		if u.Subject == subject {
			if email != "" && email != u.Email {
				u.Email = email
				m.users[id] = u
			}
			return u, false, nil
		}
	}
	if role == "" {
		role = account.RoleMember
	}
	m.nextID++
	u := account.User{ID: fmt.Sprintf("user-%d", m.nextID), Subject: subject, Email: email, Role: role}
	m.users[u.ID] = u
	return u, true, nil
}

func (m *memStore) MarkEmailVerified(_ context.Context, userID, email string, _ time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls["MarkEmailVerified"]++
	u, ok := m.users[userID]
	if !ok || email == "" || u.Email != email {
		return false, nil
	}
	u.EmailVerified = true
	m.users[userID] = u
	return true, nil
}

// RecordArrival keeps the first arrival of each user, as the store does.
func (m *memStore) RecordArrival(_ context.Context, userID string, a account.Arrival) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls["RecordArrival"]++
	if _, ok := m.arrivals[userID]; !ok {
		m.arrivals[userID] = a
	}
	return nil
}

func (m *memStore) SetUserRole(_ context.Context, userID string, role account.Role) (account.User, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls["SetUserRole"]++
	u, ok := m.users[userID]
	if !ok {
		return account.User{}, apperr.Generic(apperr.NotFound, errors.New("no user"))
	}
	u.Role = role
	m.users[userID] = u
	return u, nil
}

func (m *memStore) CreateSession(_ context.Context, ws account.Session) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls["CreateSession"]++
	if _, ok := m.sessions[ws.IDHash]; ok {
		return apperr.Generic(apperr.Conflict, errors.New("session exists"))
	}
	m.sessions[ws.IDHash] = ws
	return nil
}

func alive(ws account.Session, now time.Time) bool {
	return ws.IdleExpiresAt.After(now) && ws.AbsoluteExpiresAt.After(now)
}

func (m *memStore) SessionByIDHash(_ context.Context, idHash string, now time.Time) (account.Session, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls["SessionByIDHash"]++
	ws, ok := m.sessions[idHash]
	if !ok || !alive(ws, now) {
		return account.Session{}, apperr.Generic(apperr.NotFound, errors.New("no session"))
	}
	return ws, nil
}

// SessionWithUser, like the SQL store, returns a live session whose user is gone with a zero User.
func (m *memStore) SessionWithUser(_ context.Context, idHash string, now time.Time) (account.Session, account.User, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls["SessionWithUser"]++
	ws, ok := m.sessions[idHash]
	if !ok || !alive(ws, now) {
		return account.Session{}, account.User{}, apperr.Generic(apperr.NotFound, errors.New("no session"))
	}
	return ws, m.users[ws.UserID], nil
}

func (m *memStore) TouchSession(_ context.Context, idHash string, now, idleExpiresAt time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls["TouchSession"]++
	ws, ok := m.sessions[idHash]
	if !ok || !alive(ws, now) {
		return apperr.Generic(apperr.NotFound, errors.New("no session"))
	}
	ws.LastSeenAt, ws.IdleExpiresAt = now, idleExpiresAt
	m.sessions[idHash] = ws
	return nil
}

func (m *memStore) UpdateSessionTokens(_ context.Context, idHash, idToken, accessToken, refreshToken string, exp time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls["UpdateSessionTokens"]++
	ws, ok := m.sessions[idHash]
	if !ok {
		return apperr.Generic(apperr.NotFound, errors.New("no session"))
	}
	ws.IDToken, ws.AccessToken, ws.RefreshToken, ws.AccessTokenExpiresAt = idToken, accessToken, refreshToken, exp
	m.sessions[idHash] = ws
	return nil
}

func (m *memStore) DeleteSession(_ context.Context, idHash string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls["DeleteSession"]++
	delete(m.sessions, idHash)
	return nil
}

func (m *memStore) CreateLoginState(_ context.Context, ls account.LoginState) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls["CreateLoginState"]++
	m.states[ls.StateHash] = ls
	return nil
}

func (m *memStore) TakeLoginState(_ context.Context, stateHash string, now time.Time) (account.LoginState, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls["TakeLoginState"]++
	ls, ok := m.states[stateHash]
	delete(m.states, stateHash)
	if !ok || !ls.ExpiresAt.After(now) {
		return account.LoginState{}, apperr.Generic(apperr.NotFound, errors.New("no login state"))
	}
	return ls, nil
}

func (m *memStore) session(idHash string) (account.Session, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	ws, ok := m.sessions[idHash]
	return ws, ok
}

func (m *memStore) userBySubject(sub string) (account.User, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, u := range m.users {
		if u.Subject == sub {
			return u, true
		}
	}
	return account.User{}, false
}

// grant is what the fake provider remembers about an authorization code it issued.
type grant struct {
	sub, nonce, challenge string
	roles                 []string
}

// fakeProvider is an OpenID provider on an httptest server with its own RSA key: discovery, JWKS
// and a token endpoint that records every form it receives and rotates refresh tokens.
type fakeProvider struct {
	t      *testing.T
	srv    *httptest.Server
	issuer string
	now    func() time.Time

	clientID, clientSecret, audience string

	mu        sync.Mutex
	kid       string
	key       *rsa.PrivateKey
	keys      map[string]*rsa.PrivateKey // published in JWKS
	jwksHits  int
	forms     []url.Values
	basicAuth []string
	codes     map[string]grant
	refreshes map[string]grant // live refresh tokens
	secrets   []string         // every code and token issued, which must never reach a log

	revocations  []url.Values // every revocation request's form
	revokeAuth   []string     // and its Authorization header
	revokeStatus int          // non-zero: answer revocations with this status

	// Hooks a test may set: the ID token's claims and signing, and the token endpoint's answer.
	mutateID    func(c jwt.MapClaims)
	signID      func(p *fakeProvider, c jwt.MapClaims) string
	tokenStatus int // non-zero: answer with this status and tokenError
	tokenError  string
	discovery   func(doc map[string]any)
}

func newFakeProvider(t *testing.T, now func() time.Time) *fakeProvider {
	t.Helper()
	p := &fakeProvider{
		t: t, now: now, clientID: "wayfinder-web", clientSecret: "s3cret-client", audience: "https://api.wayfinder.test",
		keys: map[string]*rsa.PrivateKey{}, codes: map[string]grant{}, refreshes: map[string]grant{},
	}
	p.kid, p.key = "k1", newRSAKey(t)
	p.keys[p.kid] = p.key
	mux := http.NewServeMux()
	mux.HandleFunc("GET /tenant/.well-known/openid-configuration", p.serveDiscovery)
	mux.HandleFunc("GET /tenant/jwks.json", p.serveJWKS)
	mux.HandleFunc("POST /tenant/oauth/token", p.serveToken)
	mux.HandleFunc("POST /tenant/oauth/revoke", p.serveRevoke)
	p.srv = httptest.NewServer(mux)
	t.Cleanup(p.srv.Close)
	p.issuer = p.srv.URL + "/tenant/"
	return p
}

var (
	keyOnce sync.Once
	keyPool []*rsa.PrivateKey
)

// newRSAKey hands out one of a few keys made once per test binary, because RSA key generation is
// the slowest thing these tests would otherwise do.
func newRSAKey(t *testing.T) *rsa.PrivateKey {
	t.Helper()
	keyOnce.Do(func() {
		for range 3 {
			k, err := rsa.GenerateKey(rand.Reader, 2048)
			if err != nil {
				panic(err)
			}
			keyPool = append(keyPool, k)
		}
	})
	keyMu.Lock()
	defer keyMu.Unlock()
	keyNext++
	return keyPool[keyNext%len(keyPool)]
}

var (
	keyMu   sync.Mutex
	keyNext int
)

func (p *fakeProvider) endpoints() Endpoints {
	return Endpoints{
		Issuer:        p.issuer,
		AuthURL:       p.srv.URL + "/tenant/authorize",
		TokenURL:      p.srv.URL + "/tenant/oauth/token",
		EndSessionURL: p.srv.URL + "/tenant/oidc/logout",
		RevocationURL: p.srv.URL + "/tenant/oauth/revoke",
		JWKSURL:       p.srv.URL + "/tenant/jwks.json",
	}
}

func (p *fakeProvider) serveDiscovery(w http.ResponseWriter, _ *http.Request) {
	e := p.endpoints()
	doc := map[string]any{
		"issuer": e.Issuer, "authorization_endpoint": e.AuthURL, "token_endpoint": e.TokenURL,
		"end_session_endpoint": e.EndSessionURL, "revocation_endpoint": e.RevocationURL, "jwks_uri": e.JWKSURL,
		"code_challenge_methods_supported":      []string{"S256"},
		"id_token_signing_alg_values_supported": []string{"RS256"},
	}
	if p.discovery != nil {
		p.discovery(doc)
	}
	_ = json.NewEncoder(w).Encode(doc)
}

func (p *fakeProvider) serveJWKS(w http.ResponseWriter, _ *http.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.jwksHits++
	var keys []map[string]string
	for kid, k := range p.keys {
		keys = append(keys, map[string]string{
			"kty": "RSA", "kid": kid, "use": "sig", "alg": "RS256",
			"n": base64.RawURLEncoding.EncodeToString(k.N.Bytes()),
			"e": base64.RawURLEncoding.EncodeToString(big.NewInt(int64(k.E)).Bytes()),
		})
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"keys": keys})
}

func (p *fakeProvider) hits() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.jwksHits
}

// rotate publishes a new signing key and signs with it from now on.
func (p *fakeProvider) rotate(kid string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.kid, p.key = kid, newRSAKey(p.t)
	p.keys[kid] = p.key
}

// authorize plays the provider's sign-in page: it reads the authorization request and returns a
// code for the subject, remembering the nonce and PKCE challenge it was issued for.
func (p *fakeProvider) authorize(authURL, sub string, roles ...string) string {
	u, err := url.Parse(authURL)
	if err != nil {
		p.t.Fatalf("authorization URL %q: %v", authURL, err)
	}
	q := u.Query()
	code := "code-" + randomToken(16)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.codes[code] = grant{sub: sub, nonce: q.Get("nonce"), challenge: q.Get("code_challenge"), roles: roles}
	p.secrets = append(p.secrets, code)
	return code
}

func (p *fakeProvider) lastForm() (url.Values, string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.forms) == 0 {
		return nil, ""
	}
	return p.forms[len(p.forms)-1], p.basicAuth[len(p.basicAuth)-1]
}

func (p *fakeProvider) tokenRequests() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.forms)
}

func (p *fakeProvider) serveToken(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.forms = append(p.forms, r.PostForm)
	p.basicAuth = append(p.basicAuth, r.Header.Get("Authorization"))
	p.secrets = append(p.secrets, r.PostForm.Get("code_verifier"), r.PostForm.Get("refresh_token"))
	fail := func(status int, code string) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(map[string]string{"error": code, "error_description": "the provider's own words"})
	}
	if p.tokenStatus != 0 {
		fail(p.tokenStatus, p.tokenError)
		return
	}
	if id, secret, ok := r.BasicAuth(); !ok || id != p.clientID || secret != p.clientSecret {
		fail(http.StatusUnauthorized, "invalid_client")
		return
	}
	var g grant
	switch r.PostForm.Get("grant_type") {
	case "authorization_code":
		var ok bool
		g, ok = p.codes[r.PostForm.Get("code")]
		delete(p.codes, r.PostForm.Get("code"))
		sum := sha256.Sum256([]byte(r.PostForm.Get("code_verifier")))
		if !ok || base64.RawURLEncoding.EncodeToString(sum[:]) != g.challenge {
			fail(http.StatusBadRequest, "invalid_grant")
			return
		}
	case "refresh_token":
		var ok bool
		g, ok = p.refreshes[r.PostForm.Get("refresh_token")]
		delete(p.refreshes, r.PostForm.Get("refresh_token"))
		if !ok {
			fail(http.StatusBadRequest, "invalid_grant")
			return
		}
		g.nonce = ""
	default:
		fail(http.StatusBadRequest, "unsupported_grant_type")
		return
	}
	now := p.now()
	idc := jwt.MapClaims{
		"iss": p.issuer, "sub": g.sub, "aud": p.clientID, "iat": now.Unix(), "exp": now.Add(time.Hour).Unix(),
		"email": g.sub + "@example.com", "at_hash": "x",
	}
	if g.nonce != "" {
		idc["nonce"] = g.nonce
	}
	if g.roles != nil {
		idc["roles"] = g.roles
	}
	if p.mutateID != nil {
		p.mutateID(idc)
	}
	var idToken string
	if p.signID != nil {
		idToken = p.signID(p, idc)
	} else {
		idToken = p.signLocked(idc, nil)
	}
	atc := jwt.MapClaims{"iss": p.issuer, "sub": g.sub, "aud": []string{p.audience}, "iat": now.Unix(), "exp": now.Add(10 * time.Minute).Unix()}
	if g.roles != nil {
		atc["roles"] = g.roles
	}
	access := p.signLocked(atc, map[string]any{"typ": "at+jwt"})
	refresh := "refresh-" + randomToken(16)
	p.refreshes[refresh] = g
	p.secrets = append(p.secrets, idToken, access, refresh)
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"access_token": access, "token_type": "Bearer", "expires_in": 600, "refresh_token": refresh, "id_token": idToken,
	})
}

// serveRevoke is RFC 7009 revocation: it records the request and forgets the refresh token, or
// answers revokeStatus when a test has set one.
func (p *fakeProvider) serveRevoke(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.revocations = append(p.revocations, r.PostForm)
	p.revokeAuth = append(p.revokeAuth, r.Header.Get("Authorization"))
	if p.revokeStatus != 0 {
		w.WriteHeader(p.revokeStatus)
		return
	}
	if id, secret, ok := r.BasicAuth(); !ok || id != p.clientID || secret != p.clientSecret {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	delete(p.refreshes, r.PostForm.Get("token"))
}

// revoked returns the revocation requests' forms and Authorization headers.
func (p *fakeProvider) revoked() ([]url.Values, []string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]url.Values(nil), p.revocations...), append([]string(nil), p.revokeAuth...)
}

// sign signs claims with the provider's current key; header entries are added, or removed when nil.
func (p *fakeProvider) sign(claims jwt.MapClaims, header map[string]any) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.signLocked(claims, header)
}

func (p *fakeProvider) signLocked(claims jwt.MapClaims, header map[string]any) string {
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, claims)
	tok.Header["kid"] = p.kid
	for k, v := range header {
		if v == nil {
			delete(tok.Header, k)
		} else {
			tok.Header[k] = v
		}
	}
	s, err := tok.SignedString(p.key)
	if err != nil {
		p.t.Fatalf("signing: %v", err)
	}
	return s
}

// publicPEM is the provider's public key as PEM, what an attacker keys HS256 with.
func (p *fakeProvider) publicPEM() []byte {
	der, err := x509.MarshalPKIXPublicKey(&p.key.PublicKey)
	if err != nil {
		p.t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})
}

// accessClaims are the claims of a valid access token for sub at now.
func (p *fakeProvider) accessClaims(sub string, roles ...string) jwt.MapClaims {
	now := p.now()
	c := jwt.MapClaims{"iss": p.issuer, "sub": sub, "aud": []string{p.audience}, "iat": now.Unix(),
		"exp": now.Add(10 * time.Minute).Unix(), "email": sub + "@example.com"}
	if roles != nil {
		c["roles"] = roles
	}
	return c
}

func (p *fakeProvider) allSecrets() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string{p.clientSecret}, p.secrets...)
}

// env is a service wired to a fake provider and an in-memory store.
type env struct {
	t       *testing.T
	clock   *clock
	p       *fakeProvider
	store   *memStore
	svc     *Service
	logs    *syncbuf.Buffer
	mu      sync.Mutex
	errs    []error
	secrets []string // cookie values, states and verifiers seen in the test
}

func newEnv(t *testing.T, opts ...func(*Config)) *env {
	t.Helper()
	e := &env{t: t, clock: &clock{t: time.Date(2030, 1, 15, 9, 0, 0, 0, time.UTC)}, store: newMemStore(), logs: &syncbuf.Buffer{}}
	e.p = newFakeProvider(t, e.clock.Now)
	ep := e.p.endpoints()
	kf, err := NewJWKSKeyfunc(t.Context(), ep.JWKSURL)
	if err != nil {
		t.Fatalf("NewJWKSKeyfunc: %v", err)
	}
	cfg := Config{
		Issuer: ep.Issuer, AuthURL: ep.AuthURL, TokenURL: ep.TokenURL, EndSessionURL: ep.EndSessionURL, RevocationURL: ep.RevocationURL,
		ClientID: e.p.clientID, ClientSecret: e.p.clientSecret, Audience: e.p.audience,
		RedirectURL: "https://app.wayfinder.test/auth/callback", PostLogoutURL: "https://app.wayfinder.test/",
		Keyfunc: kf, CookieSecure: true, Now: e.clock.Now,
		Logger: slog.New(slog.NewTextHandler(e.logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		OnError: func(w http.ResponseWriter, r *http.Request, err error) {
			e.mu.Lock()
			e.errs = append(e.errs, err)
			e.mu.Unlock()
			defaultOnError(w, r, err)
		},
	}
	for _, o := range opts {
		o(&cfg)
	}
	e.svc, err = New(cfg, e.store)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	t.Cleanup(e.checkLogs)
	return e
}

// checkLogs fails the test if any token, code, secret, state, verifier or cookie value was logged.
func (e *env) checkLogs() {
	logs := e.logs.String()
	e.mu.Lock()
	secrets := append(e.p.allSecrets(), e.secrets...)
	e.mu.Unlock()
	for _, s := range secrets {
		if s != "" && strings.Contains(logs, s) {
			e.t.Errorf("the log contains a secret (%.12s…); logs:\n%s", s, logs)
		}
	}
}

func (e *env) remember(secrets ...string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.secrets = append(e.secrets, secrets...)
}

func (e *env) lastErr() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.errs) == 0 {
		return nil
	}
	return e.errs[len(e.errs)-1]
}

// login calls Login and returns the authorization URL and the login cookie it set.
func (e *env) login(query string) (*url.URL, *http.Cookie) {
	e.t.Helper()
	rec := httptest.NewRecorder()
	e.svc.Login(rec, httptest.NewRequest(http.MethodGet, "/auth/login"+query, nil))
	if rec.Code != http.StatusFound {
		e.t.Fatalf("Login status = %d, want 302", rec.Code)
	}
	u, err := url.Parse(rec.Header().Get("Location"))
	if err != nil {
		e.t.Fatalf("Login Location: %v", err)
	}
	c := findCookie(rec.Result().Cookies(), e.svc.loginCookie)
	if c == nil {
		e.t.Fatalf("Login set no %s cookie", e.svc.loginCookie)
	}
	e.remember(c.Value, u.Query().Get("nonce"))
	return u, c
}

// callback calls Callback with query and cookies and returns the response.
func (e *env) callback(query url.Values, cookies ...*http.Cookie) *httptest.ResponseRecorder {
	e.t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/auth/callback?"+query.Encode(), nil)
	for _, c := range cookies {
		req.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
	}
	rec := httptest.NewRecorder()
	e.svc.Callback(rec, req)
	return rec
}

// signIn runs the whole web sign-in for sub and returns the session cookie.
func (e *env) signIn(sub string, roles ...string) *http.Cookie {
	e.t.Helper()
	authURL, lc := e.login("?returnTo=/home")
	code := e.p.authorize(authURL.String(), sub, roles...)
	rec := e.callback(url.Values{"code": {code}, "state": {authURL.Query().Get("state")}}, lc)
	if loc := rec.Header().Get("Location"); rec.Code != http.StatusFound || loc != "/home" {
		e.t.Fatalf("callback = %d to %q, want 302 to /home; logs:\n%s", rec.Code, loc, e.logs.String())
	}
	c := findCookie(rec.Result().Cookies(), e.svc.SessionCookieName())
	if c == nil || c.Value == "" {
		e.t.Fatalf("callback set no session cookie")
	}
	e.remember(c.Value)
	return c
}

// request sends r through Authenticate and reports the response and the principal next saw.
func (e *env) request(r *http.Request) (*httptest.ResponseRecorder, Principal, bool) {
	var (
		p      Principal
		signed bool
		called bool
	)
	h := e.svc.Authenticate(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		called = true
		p, signed = FromContext(r.Context())
		w.WriteHeader(http.StatusNoContent)
	}))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	if !called && rec.Code == http.StatusNoContent {
		e.t.Fatal("next was not called but the answer is 204")
	}
	return rec, p, signed
}

func (e *env) withCookie(c *http.Cookie) (*httptest.ResponseRecorder, Principal, bool) {
	req := httptest.NewRequest(http.MethodGet, "/api/user/me", nil)
	if c != nil {
		req.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
	}
	return e.request(req)
}

func (e *env) withBearer(header string) (*httptest.ResponseRecorder, Principal, bool) {
	req := httptest.NewRequest(http.MethodGet, "/api/user/me", nil)
	req.Header.Set("Authorization", header)
	return e.request(req)
}

func findCookie(cs []*http.Cookie, name string) *http.Cookie {
	for _, c := range cs {
		if c.Name == name {
			return c
		}
	}
	return nil
}
