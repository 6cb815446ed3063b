package auth

import (
	"context"
	"crypto"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/messages"
)

func TestBearer(t *testing.T) {
	type tokenFn func(e *env) string
	signed := func(mutate func(e *env, c jwt.MapClaims), header map[string]any) tokenFn {
		return func(e *env) string {
			c := e.p.accessClaims("auth0|b")
			if mutate != nil {
				mutate(e, c)
			}
			if header == nil {
				header = map[string]any{"typ": "at+jwt"}
			}
			return e.p.sign(c, header)
		}
	}
	withRoles := func(roles ...any) func(*env, jwt.MapClaims) {
		return func(_ *env, c jwt.MapClaims) { c["roles"] = roles }
	}
	at := func(d time.Duration, claim string) func(*env, jwt.MapClaims) {
		return func(e *env, c jwt.MapClaims) { c[claim] = e.clock.Now().Add(d).Unix() }
	}
	tests := []struct {
		name      string
		header    func(e *env) string // the whole Authorization header
		requireAT bool
		wantOK    bool
		wantStaff bool
		wantMsg   string // part of the refusal message
	}{
		{"valid member", bearer(signed(withRoles("member"), nil)), false, true, false, ""},
		{"valid staff", bearer(signed(withRoles("member", "staff"), nil)), false, true, true, ""},
		{"empty roles", bearer(signed(withRoles(), nil)), false, true, false, ""},
		{"roles as one string", bearer(signed(func(_ *env, c jwt.MapClaims) { c["roles"] = "staff" }, nil)), false, true, true, ""},
		{"typ JWT allowed for external providers", bearer(signed(nil, map[string]any{"typ": "JWT"})), false, true, false, ""},
		{"lower-case scheme", func(e *env) string { return "bearer " + signed(nil, nil)(e) }, false, true, false, ""},
		{"expired within leeway", bearer(signed(at(-59*time.Second, "exp"), nil)), false, true, false, ""},
		{"expired beyond leeway", bearer(signed(at(-61*time.Second, "exp"), nil)), false, false, false, "expired"},
		{"no expiry", bearer(signed(func(_ *env, c jwt.MapClaims) { delete(c, "exp") }, nil)), false, false, false, "not valid"},
		{"not yet valid", bearer(signed(at(2*time.Minute, "nbf"), nil)), false, false, false, "not valid"},
		{"wrong audience", bearer(signed(func(_ *env, c jwt.MapClaims) { c["aud"] = "https://other.test" }, nil)), false, false, false, "not valid"},
		{"no audience", bearer(signed(func(_ *env, c jwt.MapClaims) { delete(c, "aud") }, nil)), false, false, false, "not valid"},
		{"wrong issuer", bearer(signed(func(_ *env, c jwt.MapClaims) { c["iss"] = "https://evil.test/" }, nil)), false, false, false, "not valid"},
		{"no subject", bearer(signed(func(_ *env, c jwt.MapClaims) { c["sub"] = "" }, nil)), false, false, false, "not valid"},
		{"unknown kid", bearer(signed(nil, map[string]any{"typ": "at+jwt", "kid": "k-unknown"})), false, false, false, "not valid"},
		{"alg none", bearer(func(e *env) string {
			raw, _ := jwt.NewWithClaims(jwt.SigningMethodNone, e.p.accessClaims("auth0|b")).SignedString(jwt.UnsafeAllowNoneSignatureType)
			return raw
		}), false, false, false, "not valid"},
		{"alg NoNe", bearer(func(e *env) string {
			body := strings.SplitN(e.p.sign(e.p.accessClaims("auth0|b"), nil), ".", 2)[1]
			return b64(`{"alg":"NoNe","typ":"at+jwt"}`) + "." + strings.Split(body, ".")[0] + "."
		}), false, false, false, "not valid"},
		{"HS256 keyed with the public key", bearer(func(e *env) string {
			tok := jwt.NewWithClaims(jwt.SigningMethodHS256, e.p.accessClaims("auth0|b"))
			tok.Header["kid"] = "k1"
			raw, _ := tok.SignedString(e.p.publicPEM())
			return raw
		}), false, false, false, "not valid"},
		{"tampered payload", bearer(func(e *env) string {
			parts := strings.Split(signed(withRoles("member"), nil)(e), ".")
			c := e.p.accessClaims("auth0|b", "staff")
			parts[1] = strings.Split(e.p.sign(c, nil), ".")[1]
			return strings.Join(parts, ".")
		}), false, false, false, "not valid"},
		{"stripped signature", bearer(func(e *env) string {
			parts := strings.Split(signed(nil, nil)(e), ".")
			return parts[0] + "." + parts[1] + "."
		}), false, false, false, "not valid"},
		{"an ID token", bearer(signed(func(_ *env, c jwt.MapClaims) { c["at_hash"] = "x"; c["nonce"] = "n" }, map[string]any{"typ": "JWT"})), false, false, false, "not valid"},
		{"typ JWT when at+jwt is required", bearer(signed(nil, map[string]any{"typ": "JWT"})), true, false, false, "not valid"},
		{"typ at+jwt when required", bearer(signed(nil, nil)), true, true, false, ""},
		{"odd typ", bearer(signed(nil, map[string]any{"typ": "id_token"})), false, false, false, "not valid"},
		{"malformed", func(*env) string { return "Bearer not.a.jwt" }, false, false, false, "not valid"},
		{"empty bearer", func(*env) string { return "Bearer " }, false, false, false, "single Bearer"},
		{"basic scheme", func(*env) string { return "Basic dXNlcjpwYXNz" }, false, false, false, "single Bearer"},
		{"two tokens", func(e *env) string { return "Bearer a b" }, false, false, false, "single Bearer"},
		{"oversized", func(*env) string { return "Bearer " + strings.Repeat("a", 9000) }, false, false, false, "single Bearer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, func(c *Config) { c.RequireATJWT = tt.requireAT })
			header := tt.header(e)
			e.remember(strings.TrimPrefix(header, "Bearer "))
			rec, p, signedIn := e.withBearer(header)
			if tt.wantOK {
				if rec.Code != http.StatusNoContent || !signedIn {
					t.Fatalf("status %d signed in %v, want the request through; err %v", rec.Code, signedIn, e.lastErr())
				}
				if p.Via != ViaBearer || p.User.Subject != "auth0|b" || p.Staff != tt.wantStaff {
					t.Errorf("principal = %+v, want auth0|b via bearer with staff %v", p, tt.wantStaff)
				}
				return
			}
			if rec.Code != http.StatusUnauthorized || signedIn {
				t.Fatalf("status %d signed in %v, want 401", rec.Code, signedIn)
			}
			err := e.lastErr()
			if !apperr.Is(err, apperr.Unauthenticated) {
				t.Errorf("OnError got %v, want Unauthenticated", err)
			}
			if ae, ok := err.(*apperr.Error); !ok || !strings.Contains(ae.Text(messages.English), tt.wantMsg) {
				t.Errorf("message %q, want it to mention %q", err, tt.wantMsg)
			}
			if got := rec.Header().Get("WWW-Authenticate"); got != `Bearer error="invalid_token"` {
				t.Errorf("WWW-Authenticate = %q", got)
			}
			if n := e.store.count("EnsureUser"); n != 0 {
				t.Errorf("a refused token created %d users", n)
			}
		})
	}
}

func bearer(token func(e *env) string) func(e *env) string {
	return func(e *env) string { return "Bearer " + token(e) }
}

func b64(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }

func TestBearerProvisionsOnce(t *testing.T) {
	e := newEnv(t)
	token := e.p.sign(e.p.accessClaims("auth0|first", "staff"), map[string]any{"typ": "at+jwt"})
	e.remember(token)
	for range 2 {
		_, p, ok := e.withBearer("Bearer " + token)
		if !ok || !p.Staff || p.User.Role != "staff" || p.User.Email != "auth0|first@example.com" {
			t.Fatalf("principal %+v (signed in %v), want the new staff user with the token's email", p, ok)
		}
	}
	if got := e.store.count("EnsureUser"); got != 1 {
		t.Errorf("EnsureUser called %d times over two requests, want 1", got)
	}
	if got := len(e.store.users); got != 1 {
		t.Errorf("%d users, want 1", got)
	}
}

// signUpRecorder records the users SignUps hears of.
type signUpRecorder struct{ users []account.User }

func (r *signUpRecorder) MemberSignedUp(_ context.Context, u account.User) error {
	r.users = append(r.users, u)
	return nil
}

// TestBearerReportsSignUpsOnce: a user an external provider sends here for the first time is
// reported as signed up, once, however many requests follow.
func TestBearerReportsSignUpsOnce(t *testing.T) {
	signUps := &signUpRecorder{}
	e := newEnv(t, func(c *Config) { c.SignUps = signUps })
	token := e.p.sign(e.p.accessClaims("auth0|new", "member"), map[string]any{"typ": "at+jwt"})
	e.remember(token)
	for range 2 {
		if _, _, ok := e.withBearer("Bearer " + token); !ok {
			t.Fatal("the new member's token was refused")
		}
	}
	if len(signUps.users) != 1 || signUps.users[0].Subject != "auth0|new" || signUps.users[0].ID == "" {
		t.Errorf("sign-ups reported = %+v, want the new member once", signUps.users)
	}
}

func TestBearerTakesPrecedenceOverCookie(t *testing.T) {
	e := newEnv(t)
	c := e.signIn("auth0|web")
	req := newAPIRequest()
	req.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
	req.Header.Set("Authorization", "Bearer forged.token.value")
	rec, _, ok := e.request(req)
	if rec.Code != http.StatusUnauthorized || ok {
		t.Errorf("invalid bearer with a valid cookie: status %d signed in %v, want 401", rec.Code, ok)
	}

	good := e.p.sign(e.p.accessClaims("auth0|app"), map[string]any{"typ": "at+jwt"})
	e.remember(good)
	req = newAPIRequest()
	req.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
	req.Header.Set("Authorization", "Bearer "+good)
	if _, p, _ := e.request(req); p.User.Subject != "auth0|app" || p.Via != ViaBearer {
		t.Errorf("principal %+v, want the bearer token's user", p)
	}
}

func TestKeyRotationAndUnknownKidRateLimit(t *testing.T) {
	e := newEnv(t)
	before := e.p.hits()

	// A key published after start-up works at once: the unknown kid triggers one refetch.
	e.p.rotate("k2")
	token := e.p.sign(e.p.accessClaims("auth0|rot"), map[string]any{"typ": "at+jwt"})
	e.remember(token)
	if rec, _, ok := e.withBearer("Bearer " + token); !ok {
		t.Fatalf("token signed with the newly published key: status %d, err %v", rec.Code, e.lastErr())
	}
	if got := e.p.hits() - before; got != 1 {
		t.Errorf("JWKS fetched %d times for a new key, want 1", got)
	}

	// Unknown key ids within the minute do not refetch again.
	for i := range 5 {
		forged := e.p.sign(e.p.accessClaims("auth0|rot"), map[string]any{"typ": "at+jwt", "kid": "forged-" + string(rune('a'+i))})
		if rec, _, _ := e.withBearer("Bearer " + forged); rec.Code != http.StatusUnauthorized {
			t.Errorf("forged kid %d: status %d, want 401", i, rec.Code)
		}
	}
	if got := e.p.hits() - before; got != 1 {
		t.Errorf("JWKS fetched %d times after forged kids, want still 1 (at most one refetch a minute)", got)
	}
}

func TestKeyfuncFromLookup(t *testing.T) {
	e := newEnv(t)
	kf := KeyfuncFromLookup(func(_ context.Context, kid string) (crypto.PublicKey, error) {
		switch kid {
		case "k1":
			return &e.p.key.PublicKey, nil
		case "k-private":
			return e.p.key, nil // a lookup that hands out the wrong type must not verify anything
		}
		return nil, errors.New("unknown key")
	})
	e2 := newEnv(t, func(c *Config) { c.Keyfunc = kf; c.Issuer = e.p.issuer; c.Audience = e.p.audience })
	tests := []struct {
		name   string
		header map[string]any
		want   bool
	}{
		{"known kid", map[string]any{"typ": "at+jwt"}, true},
		{"unknown kid", map[string]any{"typ": "at+jwt", "kid": "k9"}, false},
		{"no kid", map[string]any{"typ": "at+jwt", "kid": nil}, false},
		{"not a public key", map[string]any{"typ": "at+jwt", "kid": "k-private"}, false},
	}
	for _, tt := range tests {
		token := e.p.sign(e.p.accessClaims("auth0|l"), tt.header)
		e2.remember(token)
		e.remember(token)
		if _, _, ok := e2.withBearer("Bearer " + token); ok != tt.want {
			t.Errorf("%s: signed in %v, want %v", tt.name, ok, tt.want)
		}
	}
}

func newAPIRequest() *http.Request { return httptest.NewRequest(http.MethodGet, "/api/user/me", nil) }

// activeHook plays the provider's AccessTokenActive: a test switches its answer and counts the
// lookups it gets.
type activeHook struct {
	mu      sync.Mutex
	active  bool
	err     error
	lookups int
}

func (h *activeHook) check(context.Context, string) (bool, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.lookups++
	return h.active, h.err
}

func (h *activeHook) set(active bool, err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.active, h.err = active, err
}

func (h *activeHook) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.lookups
}

// TestBearerRefusedOnceRevoked revokes a bearer token at the provider while it is in use: it is
// refused once the remembered answer is 30 s old, and every request before costs no lookup.
func TestBearerRefusedOnceRevoked(t *testing.T) {
	hook := &activeHook{active: true}
	e := newEnv(t, func(c *Config) { c.AccessTokenActive = hook.check })
	token := e.p.sign(e.p.accessClaims("auth0|revoked"), map[string]any{"typ": "at+jwt"})
	e.remember(token)
	other := e.p.sign(e.p.accessClaims("auth0|other"), map[string]any{"typ": "at+jwt"})
	e.remember(other)
	steps := []struct {
		name        string
		advance     time.Duration
		active      bool
		token       string
		wantStatus  int
		wantLookups int
	}{
		{"the first request looks the token up", 0, true, token, http.StatusNoContent, 1},
		{"the next is answered from memory", time.Second, true, token, http.StatusNoContent, 1},
		{"revoked, with the answer 29 s old", 28 * time.Second, false, token, http.StatusNoContent, 1},
		{"refused once the answer is 30 s old", time.Second, false, token, http.StatusUnauthorized, 2},
		{"the refusal is remembered too", time.Second, false, token, http.StatusUnauthorized, 2},
		{"another token is looked up on its own", 0, true, other, http.StatusNoContent, 3},
	}
	for _, tt := range steps {
		e.clock.Advance(tt.advance)
		hook.set(tt.active, nil)
		rec, _, _ := e.withBearer("Bearer " + tt.token)
		if rec.Code != tt.wantStatus {
			t.Errorf("%s: status %d, want %d", tt.name, rec.Code, tt.wantStatus)
		}
		if got := hook.count(); got != tt.wantLookups {
			t.Errorf("%s: %d lookups in all, want %d", tt.name, got, tt.wantLookups)
		}
		if tt.wantStatus == http.StatusUnauthorized {
			if got := rec.Header().Get("WWW-Authenticate"); got != `Bearer error="invalid_token"` {
				t.Errorf("%s: WWW-Authenticate = %q", tt.name, got)
			}
			if err := e.lastErr(); !apperr.Is(err, apperr.Unauthenticated) {
				t.Errorf("%s: OnError got %v, want Unauthenticated", tt.name, err)
			}
		}
	}
	if n := e.store.count("EnsureUser"); n != 2 {
		t.Errorf("EnsureUser called %d times, want once for each of the two accepted subjects", n)
	}
}

// TestBearerLookupFailure checks that a lookup that fails refuses the request without blaming the
// token, and is not remembered.
func TestBearerLookupFailure(t *testing.T) {
	hook := &activeHook{}
	e := newEnv(t, func(c *Config) { c.AccessTokenActive = hook.check })
	token := e.p.sign(e.p.accessClaims("auth0|flaky"), map[string]any{"typ": "at+jwt"})
	e.remember(token)
	steps := []struct {
		name       string
		active     bool
		err        error
		wantStatus int
	}{
		{"the lookup fails", false, apperr.Generic(apperr.Unavailable, errors.New("the database is away")), http.StatusServiceUnavailable},
		{"the lookup works again", true, nil, http.StatusNoContent},
	}
	for _, tt := range steps {
		hook.set(tt.active, tt.err)
		rec, _, _ := e.withBearer("Bearer " + token)
		if rec.Code != tt.wantStatus {
			t.Errorf("%s: status %d, want %d", tt.name, rec.Code, tt.wantStatus)
		}
		if got := rec.Header().Get("WWW-Authenticate"); got != "" {
			t.Errorf("%s: WWW-Authenticate = %q, want none: the token is not at fault", tt.name, got)
		}
	}
	if got := hook.count(); got != 2 {
		t.Errorf("%d lookups, want 2: a failure is not remembered", got)
	}
}

func TestActiveCacheFor(t *testing.T) {
	tests := []struct {
		name string
		set  time.Duration
		want time.Duration
	}{
		{"unset", 0, 30 * time.Second},
		{"shorter", 5 * time.Second, 5 * time.Second},
		{"longer is capped", 5 * time.Minute, 30 * time.Second},
	}
	for _, tt := range tests {
		e := newEnv(t, func(c *Config) { c.ActiveCacheFor = tt.set })
		if got := e.svc.active.ttl; got != tt.want {
			t.Errorf("%s: answers remembered for %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestActiveCacheBound fills the cache past its bound: it never holds more, drops expired answers
// before live ones, and always keeps the newest.
func TestActiveCacheBound(t *testing.T) {
	t0 := time.Date(2030, 1, 15, 9, 0, 0, 0, time.UTC)
	key := func(i int) [sha256.Size]byte { return sha256.Sum256([]byte(strconv.Itoa(i))) }
	tests := []struct {
		name    string
		fill    int           // answers put at t0
		later   time.Duration // when one more is put
		wantMax int           // the most answers held afterwards
	}{
		{"many live answers", 100, 0, 8},
		{"expired answers make room", 8, 2 * time.Minute, 1},
	}
	for _, tt := range tests {
		c := newActiveCache(time.Minute, 8)
		for i := range tt.fill {
			c.put(key(i), true, t0)
			if len(c.answers) > 8 {
				t.Fatalf("%s: %d answers held, want at most 8", tt.name, len(c.answers))
			}
		}
		c.put(key(-1), false, t0.Add(tt.later))
		if got := len(c.answers); got > tt.wantMax {
			t.Errorf("%s: %d answers held, want at most %d", tt.name, got, tt.wantMax)
		}
		if active, ok := c.get(key(-1), t0.Add(tt.later)); !ok || active {
			t.Errorf("%s: the newest answer = %v, %v; want false, true", tt.name, active, ok)
		}
	}
}

// TestOrganization wants only tokens of the configured organization (org_id) when one is set,
// and sign-in to ask the provider for it.
func TestOrganization(t *testing.T) {
	tests := []struct {
		name   string
		org    any // the token's org_id; nil leaves it out
		wantOK bool
	}{
		{"this organization", "org_calm", true},
		{"another organization", "org_other", false},
		{"no organization", nil, false},
		{"not a string", 42, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, func(c *Config) { c.Organization = "org_calm" })
			c := e.p.accessClaims("auth0|b")
			if tt.org != nil {
				c["org_id"] = tt.org
			}
			token := e.p.sign(c, map[string]any{"typ": "at+jwt"})
			e.remember(token)
			rec, _, signedIn := e.withBearer("Bearer " + token)
			if signedIn != tt.wantOK || (rec.Code == http.StatusUnauthorized) == tt.wantOK {
				t.Errorf("org_id %v: status %d, signed in %v; want signed in %v", tt.org, rec.Code, signedIn, tt.wantOK)
			}
		})
	}
	e := newEnv(t, func(c *Config) { c.Organization = "org_calm" })
	u, _ := e.login("")
	if got := u.Query().Get("organization"); got != "org_calm" {
		t.Errorf("the authorization request's organization = %q, want org_calm", got)
	}
}
