package idp

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ory/fosite/token/jwt"

	"wayfinder/internal/apperr"
)

// TestKeyRotation walks a key through its life: it signs, its successor is published a day before
// it takes over, and it stays published a day after, so tokens it signed keep verifying.
func TestKeyRotation(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	ctx := t.Context()
	signer := &rotatingSigner{keys: e.p.keys}
	sign := func() (string, string) {
		tok, _, err := signer.Generate(ctx, jwt.MapClaims{"sub": "someone"}, &jwt.Headers{})
		if err != nil {
			t.Fatalf("Generate: %v", err)
		}
		parsed, _ := jwt.Parse(tok, nil)
		kid, _ := parsed.Header["kid"].(string)
		return tok, kid
	}
	first, firstKID := sign()

	steps := []struct {
		name         string
		advance      time.Duration
		wantKeys     int
		wantNewSigns bool // a token signed now has another key than the first
		wantFirstOK  bool // the first token still verifies
	}{
		{"a day before rotation is due", 28 * 24 * time.Hour, 1, false, true},
		{"the successor is published", 24 * time.Hour, 2, false, true},
		{"the successor signs", 24*time.Hour + time.Second, 2, true, true},
		{"the old key is still published", 23 * time.Hour, 2, true, true},
		{"the old key has left", 2 * time.Hour, 1, true, false},
	}
	for _, st := range steps {
		e.clock.advance(st.advance)
		if err := e.p.RotateKeysIfDue(ctx, e.clock.now()); err != nil {
			t.Fatalf("%s: RotateKeysIfDue: %v", st.name, err)
		}
		if got := len(e.jwks().Keys); got != st.wantKeys {
			t.Errorf("%s: the key set has %d keys, want %d", st.name, got, st.wantKeys)
		}
		if _, kid := sign(); (kid != firstKID) != st.wantNewSigns {
			t.Errorf("%s: signing key %s (first %s), want a new one: %v", st.name, kid, firstKID, st.wantNewSigns)
		}
		_, err := signer.Decode(ctx, first)
		_, pubErr := e.p.PublicKey(ctx, firstKID)
		if (err == nil) != st.wantFirstOK || (pubErr == nil) != st.wantFirstOK {
			t.Errorf("%s: the first token verifies: %v, PublicKey: %v; want ok %v", st.name, err, pubErr, st.wantFirstOK)
		}
		if pubErr != nil && !apperr.Is(pubErr, apperr.NotFound) {
			t.Errorf("%s: PublicKey error %v, want NotFound", st.name, pubErr)
		}
	}

	// Another replica on the same database agrees: no new key, the same signer.
	replica, err := newProvider(ctx, e.p.cfg, e.db, nil, fastHash, e.clock.now)
	if err != nil {
		t.Fatal(err)
	}
	keys, _ := e.db.SigningKeys(ctx, e.clock.now())
	if len(keys) != 1 {
		t.Errorf("after a second replica started: %d keys, want 1", len(keys))
	}
	if a, b := mustActive(t, e.p), mustActive(t, replica); a != b {
		t.Errorf("the replicas sign with %s and %s, want the same key", a, b)
	}
}

func mustActive(t *testing.T, p *Provider) string {
	t.Helper()
	k, err := p.keys.active(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return k.KeyID
}

func TestEndSessionHints(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	ctx := t.Context()
	other := newTestEnv(t) // another provider: its keys are not ours
	now := time.Now()
	hint := func(p *Provider, claims jwt.MapClaims, typ string) string {
		h := &jwt.Headers{}
		if typ != "" {
			h.Add("typ", typ)
		}
		tok, _, err := (&rotatingSigner{keys: p.keys}).Generate(ctx, claims, h)
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	iss := e.srv.URL + "/idp"
	claims := func(mod func(jwt.MapClaims)) jwt.MapClaims {
		c := jwt.MapClaims{"iss": iss, "sub": "u1", "aud": []string{WebClientID}, "iat": now.Add(-3 * time.Hour).Unix(), "exp": now.Add(-2 * time.Hour).Unix()}
		if mod != nil {
			mod(c)
		}
		return c
	}
	tests := []struct {
		name         string
		hint         string
		wantRedirect bool
	}{
		{"an expired ID token", hint(e.p, claims(nil), ""), true},
		{"a current ID token", hint(e.p, claims(func(c jwt.MapClaims) { c["exp"] = now.Add(time.Hour).Unix() }), ""), true},
		{"another issuer", hint(e.p, claims(func(c jwt.MapClaims) { c["iss"] = "https://evil.example" }), ""), false},
		{"another provider's key", hint(other.p, claims(nil), ""), false},
		{"an access token", hint(e.p, claims(nil), "at+jwt"), false},
		{"an unknown client", hint(e.p, claims(func(c jwt.MapClaims) { c["aud"] = []string{"someone"} }), ""), false},
		{"garbage", "not.a.token", false},
	}
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, tt := range tests {
		q := url.Values{"id_token_hint": {tt.hint}, "post_logout_redirect_uri": {e.srv.URL + "/"}, "state": {"st-12345678"}}
		resp, body := e.get(noFollow, e.srv.URL+"/idp/logout?"+q.Encode())
		redirected := resp.StatusCode == http.StatusFound && resp.Header.Get("Location") == e.srv.URL+"/?state=st-12345678"
		if redirected != tt.wantRedirect {
			t.Errorf("logout with %s: %d to %q, want redirect %v", tt.name, resp.StatusCode, resp.Header.Get("Location"), tt.wantRedirect)
		}
		if !tt.wantRedirect && !strings.Contains(body, "You&#39;re signed out") {
			t.Errorf("logout with %s: no signed-out page", tt.name)
		}
	}
}

func TestSessionCookie(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	ctx := t.Context()
	u, err := e.p.CreateUser(ctx, "ann@example.com", annPassword, "")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		secure   bool
		wantName string
		wantAttr string
	}{
		{"plain http on a non-loopback host", false, "wayfinder_idp", ""},
		{"TLS or loopback", true, "__Host-wayfinder_idp", "Secure"},
	}
	for _, tt := range tests {
		cfg := e.p.cfg
		cfg.Secure = tt.secure
		p, err := newProvider(ctx, cfg, e.db, nil, fastHash, e.clock.now)
		if err != nil {
			t.Fatal(err)
		}
		rec := httptest.NewRecorder()
		if err := p.startSession(rec, httptest.NewRequest(http.MethodPost, "/idp/login", nil), u, e.clock.now()); err != nil {
			t.Fatal(err)
		}
		raw := rec.Header().Get("Set-Cookie")
		if !strings.HasPrefix(raw, tt.wantName+"=") || !strings.Contains(raw, "HttpOnly") || !strings.Contains(raw, "Path=/") ||
			strings.Contains(raw, "Secure") != (tt.wantAttr == "Secure") || !strings.Contains(raw, "Max-Age=1209600") {
			t.Errorf("%s: Set-Cookie %q", tt.name, raw)
		}
	}
}

func TestStatic(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	css, font := assets["idp.css"], assets[fontFile]
	tests := []struct {
		path        string
		status      int
		contentType string
		immutable   bool
	}{
		{"/idp/static/idp.css?v=" + css.version, http.StatusOK, "text/css; charset=utf-8", true},
		{"/idp/static/idp.css", http.StatusOK, "text/css; charset=utf-8", false},
		{"/idp/static/" + fontFile + "?v=" + font.version, http.StatusOK, "font/woff2", true},
		{"/idp/static/OFL.txt", http.StatusOK, "text/plain; charset=utf-8", false},
		{"/idp/static/nothing.js", http.StatusNotFound, "", false},
	}
	for _, tt := range tests {
		resp, _ := e.get(http.DefaultClient, e.srv.URL+tt.path)
		if resp.StatusCode != tt.status {
			t.Errorf("%s: %d, want %d", tt.path, resp.StatusCode, tt.status)
			continue
		}
		if tt.status != http.StatusOK {
			continue
		}
		if got := resp.Header.Get("Content-Type"); got != tt.contentType {
			t.Errorf("%s: Content-Type %q, want %q", tt.path, got, tt.contentType)
		}
		if got := strings.Contains(resp.Header.Get("Cache-Control"), "immutable"); got != tt.immutable {
			t.Errorf("%s: Cache-Control %q, want immutable %v", tt.path, resp.Header.Get("Cache-Control"), tt.immutable)
		}
	}
	if !strings.Contains(string(css.body), fontFile+"?v="+font.version) {
		t.Errorf("the style sheet does not name the font's current version")
	}
}

// TestConcurrentRefresh sends one refresh token several times at once, as replicas refreshing one
// session do: inside the grace window every request gets new tokens, and none fails.
func TestConcurrentRefresh(t *testing.T) {
	t.Parallel()
	for name, dsn := range testDatabases(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			testConcurrentRefresh(t, newTestEnvOn(t, dsn))
		})
	}
}

func testConcurrentRefresh(t *testing.T, e *testEnv) {
	b := e.browser()
	cb := e.signUp(b, e.authRequest(nil), "ann@example.com", annPassword)
	a := e.authRequest(nil)
	code, _ := e.codeFor(b, a)
	_ = cb
	status, tr := e.exchange(code, a)
	if status != http.StatusOK {
		t.Fatalf("exchange: %d", status)
	}
	var wg sync.WaitGroup
	statuses := make([]int, 5)
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i], _ = e.token(WebClientID, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tr.RefreshToken}})
		}()
	}
	wg.Wait()
	ok := 0
	for _, s := range statuses {
		switch s {
		case http.StatusOK:
			ok++
		case http.StatusBadRequest:
		default:
			t.Errorf("a concurrent refresh answered %d, want 200 or 400", s)
		}
	}
	if ok != len(statuses) {
		t.Errorf("%d concurrent refreshes got tokens, want all %d (statuses %v)", ok, len(statuses), statuses)
	}
}
