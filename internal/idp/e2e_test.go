package idp

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"wayfinder/internal/account"
)

const annPassword = "maple kite orbit tulip"

func TestDiscoveryAndJWKS(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	resp, body := e.get(http.DefaultClient, e.srv.URL+"/idp/.well-known/openid-configuration")
	var doc map[string]any
	if err := json.Unmarshal([]byte(body), &doc); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("discovery: %d %v %q", resp.StatusCode, err, body)
	}
	iss := e.srv.URL + "/idp"
	wantDoc := map[string]any{
		"issuer":                 iss,
		"authorization_endpoint": iss + "/authorize",
		"token_endpoint":         iss + "/token",
		"userinfo_endpoint":      iss + "/userinfo",
		"jwks_uri":               iss + "/jwks.json",
		"end_session_endpoint":   iss + "/logout",
	}
	for k, want := range wantDoc {
		if got := doc[k]; got != want {
			t.Errorf("discovery %s = %v, want %v", k, got, want)
		}
	}
	lists := map[string]string{
		"code_challenge_methods_supported":      "S256",
		"id_token_signing_alg_values_supported": "RS256",
		"response_types_supported":              "code",
		"prompt_values_supported":               "create",
	}
	for k, want := range lists {
		got, _ := doc[k].([]any)
		if !slices.Contains(got, any(want)) {
			t.Errorf("discovery %s = %v, want it to contain %q", k, got, want)
		}
	}

	set := e.jwks()
	if len(set.Keys) != 1 {
		t.Fatalf("JWKS has %d keys, want 1", len(set.Keys))
	}
	k := set.Keys[0]
	if !k.IsPublic() || k.Algorithm != "RS256" || k.Use != "sig" || k.KeyID == "" {
		t.Errorf("JWKS key: public %v alg %q use %q kid %q; want a public RS256 signing key with a kid", k.IsPublic(), k.Algorithm, k.Use, k.KeyID)
	}
	if strings.Contains(body, `"d"`) {
		t.Errorf("the key set shows a private part")
	}
}

func TestAuthorizeRequests(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	type want struct {
		status   int    // the status of the authorize response itself
		page     string // a path the browser is sent to, or ""
		errParam string // the error sent back to the client, or ""
		problem  bool   // our own "link doesn't work" page (no redirect to an unchecked URI)
	}
	tests := []struct {
		name string
		mod  func(q url.Values)
		want want
	}{
		{"a good request opens sign-in", nil, want{status: http.StatusFound, page: "/idp/login"}},
		{"screen_hint=signup opens sign-up", func(q url.Values) { q.Set("screen_hint", "signup") }, want{status: http.StatusFound, page: "/idp/signup"}},
		{"prompt=create opens sign-up", func(q url.Values) { q.Set("prompt", "create") }, want{status: http.StatusFound, page: "/idp/signup"}},
		{"no PKCE", func(q url.Values) { q.Del("code_challenge"); q.Del("code_challenge_method") }, want{status: http.StatusSeeOther, errParam: "invalid_request"}},
		{"plain PKCE", func(q url.Values) { q.Set("code_challenge_method", "plain") }, want{status: http.StatusSeeOther, errParam: "invalid_request"}},
		{"a short state", func(q url.Values) { q.Set("state", "abc") }, want{status: http.StatusSeeOther, errParam: "invalid_state"}},
		{"form_post", func(q url.Values) { q.Set("response_mode", "form_post") }, want{status: http.StatusSeeOther, errParam: "unsupported_response_mode"}},
		{"an unknown scope", func(q url.Values) { q.Set("scope", "openid admin") }, want{status: http.StatusSeeOther, errParam: "invalid_scope"}},
		{"a foreign audience", func(q url.Values) { q.Set("audience", "https://evil.example/api") }, want{status: http.StatusSeeOther, errParam: "invalid_request"}},
		{"prompt=none without a session", func(q url.Values) { q.Set("prompt", "none") }, want{status: http.StatusSeeOther, errParam: "login_required"}},
		{"an unregistered redirect URI", func(q url.Values) { q.Set("redirect_uri", "https://evil.example/cb") }, want{status: http.StatusBadRequest, problem: true}},
		{"a redirect URI on another port", func(q url.Values) {
			u, _ := url.Parse(q.Get("redirect_uri"))
			u.Host = "127.0.0.1:1"
			q.Set("redirect_uri", u.String())
		}, want{status: http.StatusBadRequest, problem: true}},
		{"no redirect URI", func(q url.Values) { q.Del("redirect_uri") }, want{status: http.StatusBadRequest, problem: true}},
		{"an unknown client", func(q url.Values) { q.Set("client_id", "someone-else") }, want{status: http.StatusBadRequest, problem: true}},
	}
	for _, tt := range tests {
		a := e.authRequest(tt.mod)
		noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, body := e.get(noFollow, e.authorizeURL(a))
		if resp.StatusCode != tt.want.status {
			t.Errorf("%s: status %d, want %d (Location %q)", tt.name, resp.StatusCode, tt.want.status, resp.Header.Get("Location"))
			continue
		}
		loc, _ := url.Parse(resp.Header.Get("Location"))
		switch {
		case tt.want.page != "":
			if loc.Path != tt.want.page || loc.Query().Get("flow") == "" {
				t.Errorf("%s: sent to %q, want %s with a flow", tt.name, loc, tt.want.page)
			}
		case tt.want.errParam != "":
			if got := loc.Query().Get("error"); got != tt.want.errParam || loc.Path != "/auth/callback" {
				t.Errorf("%s: sent to %s with error %q, want /auth/callback with %q", tt.name, loc.Path, got, tt.want.errParam)
			}
			if got := loc.Query().Get("state"); tt.want.errParam != "invalid_state" && got != a.query.Get("state") {
				t.Errorf("%s: state %q, want it echoed", tt.name, got)
			}
		case tt.want.problem:
			if loc.String() != "" || !strings.Contains(body, "This sign-in link doesn") {
				t.Errorf("%s: Location %q, body %q; want the problem page and no redirect", tt.name, loc, body)
			}
		}
		if strings.Contains(body, "debug") {
			t.Errorf("%s: the answer carries debug detail: %q", tt.name, body)
		}
	}
}

// TestFirstAuthorizeRequestsInParallel sends a fresh provider's first authorize requests all at
// once, as a replica that has just started behind a balancer gets them: under the race detector it
// fails if answering one writes provider state that another reads.
func TestFirstAuthorizeRequestsInParallel(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	const requests = 8
	urls := make([]string, requests)
	for i := range urls {
		urls[i] = e.authorizeURL(e.authRequest(nil))
	}
	statuses := make([]int, requests)
	var wg sync.WaitGroup
	for i, u := range urls {
		wg.Go(func() {
			resp, err := noFollow.Get(u)
			if err != nil {
				t.Errorf("request %d: %v", i, err)
				return
			}
			resp.Body.Close()
			statuses[i] = resp.StatusCode
		})
	}
	wg.Wait()
	for i, got := range statuses {
		if got != http.StatusFound {
			t.Errorf("request %d: status %d, want %d (sign-in)", i, got, http.StatusFound)
		}
	}
}

// TestSignUpAndTokens runs the web client's whole life: sign-up, code exchange, userinfo, refresh,
// reuse detection, single sign-on, prompt=login, and sign-out.
func TestSignUpAndTokens(t *testing.T) {
	t.Parallel()
	for name, dsn := range testDatabases(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			testSignUpAndTokens(t, newTestEnvOn(t, dsn))
		})
	}
}

func testSignUpAndTokens(t *testing.T, e *testEnv) {
	b := e.browser()

	// The sign-up page is where screen_hint sends the browser, and it is the app's page.
	a := e.authRequest(func(q url.Values) { q.Set("screen_hint", "signup") })
	resp, body := e.get(b, e.authorizeURL(a))
	for _, want := range []string{"Create your account", `autocomplete="new-password"`, `autocomplete="email"`,
		`aria-describedby="password-hint"`, "At least 10 characters", "/idp/login?flow=", `href="/idp/static/idp.css?v=`} {
		if !strings.Contains(body, want) {
			t.Errorf("sign-up page lacks %q", want)
		}
	}
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") || strings.Contains(csp, "unsafe-inline") ||
		!strings.Contains(csp, "form-action 'self' "+e.srv.URL) {
		t.Errorf("sign-up page CSP = %q", csp)
	}

	// Policy failures keep the email, name the field and change nothing.
	flowValue := flowOf(resp)
	policy := []struct {
		name, email, password, want string
		status                      int
	}{
		{"short password", "ann@example.com", "short", "Use at least 10 characters.", http.StatusBadRequest},
		{"common password", "ann@example.com", "password123", "too easy to guess", http.StatusBadRequest},
		{"bad email", "ann@", annPassword, "Enter an email address like name@example.com.", http.StatusBadRequest},
	}
	for _, tt := range policy {
		resp, body := e.postForm(b, "/idp/signup", url.Values{"flow": {flowValue}, "email": {tt.email}, "password": {tt.password}})
		if resp.StatusCode != tt.status || !strings.Contains(body, tt.want) || !strings.Contains(body, `aria-invalid="true"`) {
			t.Errorf("sign-up with a %s: %d, want %d with %q marked on the field", tt.name, resp.StatusCode, tt.status, tt.want)
		}
		if strings.Contains(body, tt.password) && tt.password != "" {
			t.Errorf("sign-up with a %s: the page repeats the password", tt.name)
		}
	}

	// Sign up: the browser comes back to the web client with a code and the state.
	resp, _ = e.postForm(b, "/idp/signup", url.Values{"flow": {flowValue}, "email": {" Ann@Example.com"}, "password": {annPassword}})
	cb := callback(t, resp)
	if cb.Get("code") == "" || cb.Get("state") != a.query.Get("state") {
		t.Fatalf("after sign-up: callback %v, want a code and state %q", cb, a.query.Get("state"))
	}
	var setCookie string
	for _, c := range resp.Cookies() {
		if c.Name == "wayfinder_idp" {
			setCookie = c.Raw
		}
	}
	if !strings.Contains(setCookie, "HttpOnly") || !strings.Contains(setCookie, "SameSite=Lax") || !strings.Contains(setCookie, "Path=/") {
		t.Errorf("provider session cookie = %q, want HttpOnly, SameSite=Lax, Path=/", setCookie)
	}
	user, _, err := e.db.CredentialsByEmail(t.Context(), "ann@example.com")
	if err != nil || user.Role != account.RoleMember || user.Subject != user.ID {
		t.Fatalf("the new account: %+v, %v; want a member whose subject is their id", user, err)
	}

	// With the provider session, the app's next requests are answered at once, unless they ask
	// for the password again.
	sso := []struct {
		name     string
		mod      func(q url.Values)
		wantPage string
	}{
		{"prompt=none", func(q url.Values) { q.Set("prompt", "none") }, ""},
		{"max_age of an hour", func(q url.Values) { q.Set("max_age", "3600") }, ""},
		{"max_age=0", func(q url.Values) { q.Set("max_age", "0") }, "/idp/login"},
		{"prompt=create", func(q url.Values) { q.Set("prompt", "create") }, "/idp/signup"},
		{"screen_hint=signup", func(q url.Values) { q.Set("screen_hint", "signup") }, ""},
	}
	for _, tt := range sso {
		e.clock.advance(time.Second) // so max_age=0 finds the sign-in in the past
		resp, _ := e.get(b, e.authorizeURL(e.authRequest(tt.mod)))
		if tt.wantPage != "" {
			if resp.StatusCode != http.StatusOK || resp.Request.URL.Path != tt.wantPage {
				t.Errorf("signed in, %s: %d at %s, want the page %s", tt.name, resp.StatusCode, resp.Request.URL.Path, tt.wantPage)
			}
			continue
		}
		if got := callback(t, resp); got.Get("code") == "" {
			t.Errorf("signed in, %s: callback %v, want a code", tt.name, got)
		}
	}

	// A wrong verifier is refused.
	status, tr := e.token(WebClientID, url.Values{"grant_type": {"authorization_code"}, "code": {cb.Get("code")},
		"redirect_uri": {a.query.Get("redirect_uri")}, "code_verifier": {strings.Repeat("x", 43)}})
	if status != http.StatusBadRequest || tr.Error != "invalid_grant" {
		t.Errorf("exchange with a wrong verifier: %d %q, want 400 invalid_grant", status, tr.Error)
	}
	// A fresh sign-in for the exchange, since the failed one may have spent the PKCE record.
	a = e.authRequest(nil)
	resp, _ = e.get(b, e.authorizeURL(a))
	cb = callback(t, resp) // single sign-on: the session answers at once
	status, tr = e.exchange(cb.Get("code"), a)
	if status != http.StatusOK || tr.AccessToken == "" || tr.IDToken == "" || tr.RefreshToken == "" || tr.TokenType != "bearer" {
		t.Fatalf("exchange: %d %+v, want all three tokens", status, tr)
	}
	if tr.ExpiresIn < 590 || tr.ExpiresIn > 600 {
		t.Errorf("expires_in = %d, want about 600", tr.ExpiresIn)
	}

	set := e.jwks()
	h, at := verifyJWT(t, tr.AccessToken, set)
	if typ, _ := h.ExtraHeaders["typ"].(string); typ != "at+jwt" {
		t.Errorf("access token typ = %q, want at+jwt", typ)
	}
	iss := e.srv.URL + "/idp"
	checks := []struct {
		claim string
		got   any
		want  any
	}{
		{"iss", at["iss"], iss},
		{"sub", at["sub"], user.ID},
		{"client_id", at["client_id"], WebClientID},
		{"scope", at["scope"], "openid profile email offline_access"},
		{"aud", at["aud"], []any{testAudience}},
		{"roles", at["roles"], []any{"member"}},
	}
	for _, c := range checks {
		if gotJSON, wantJSON := mustJSON(c.got), mustJSON(c.want); gotJSON != wantJSON {
			t.Errorf("access token %s = %s, want %s", c.claim, gotJSON, wantJSON)
		}
	}
	if exp, iat := at["exp"].(float64), at["iat"].(float64); exp-iat < 590 || exp-iat > 601 {
		t.Errorf("access token lives %v s, want 600", exp-iat)
	}
	h, idt := verifyJWT(t, tr.IDToken, set)
	if typ, _ := h.ExtraHeaders["typ"].(string); typ == "at+jwt" {
		t.Errorf("ID token typ = at+jwt; it must not pass for an access token")
	}
	idChecks := []struct {
		claim string
		got   any
		want  any
	}{
		{"iss", idt["iss"], iss},
		{"sub", idt["sub"], user.ID},
		{"aud", idt["aud"], []any{WebClientID}},
		{"nonce", idt["nonce"], a.query.Get("nonce")},
		{"email", idt["email"], "ann@example.com"},
		{"email_verified", idt["email_verified"], false},
		{"roles", idt["roles"], []any{"member"}},
	}
	for _, c := range idChecks {
		if gotJSON, wantJSON := mustJSON(c.got), mustJSON(c.want); gotJSON != wantJSON {
			t.Errorf("ID token %s = %s, want %s", c.claim, gotJSON, wantJSON)
		}
	}
	if _, ok := idt["auth_time"].(float64); !ok {
		t.Errorf("ID token has no auth_time: %v", idt)
	}

	// The same key verifies in process.
	pub, err := e.p.PublicKey(t.Context(), h.KeyID)
	if err != nil || pub == nil {
		t.Errorf("PublicKey(%q) = %v, %v", h.KeyID, pub, err)
	}

	// Userinfo takes the access token only.
	info := []struct {
		name   string
		token  string
		status int
	}{
		{"the access token", tr.AccessToken, http.StatusOK},
		{"the refresh token", tr.RefreshToken, http.StatusUnauthorized},
		{"the ID token", tr.IDToken, http.StatusUnauthorized},
		{"no token", "", http.StatusUnauthorized},
		{"a tampered token", tr.AccessToken[:len(tr.AccessToken)-4] + "AAAA", http.StatusUnauthorized},
	}
	for _, tt := range info {
		status, claims := e.userinfo(tt.token)
		if status != tt.status {
			t.Errorf("userinfo with %s: %d, want %d", tt.name, status, tt.status)
		}
		if status == http.StatusOK && (claims["sub"] != user.ID || claims["email"] != "ann@example.com") {
			t.Errorf("userinfo claims = %v", claims)
		}
	}

	// Refresh: a new pair; the old access token stops working at userinfo.
	status, tr2 := e.token(WebClientID, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tr.RefreshToken}})
	if status != http.StatusOK || tr2.RefreshToken == "" || tr2.RefreshToken == tr.RefreshToken || tr2.IDToken == "" {
		t.Fatalf("refresh: %d %+v, want a new refresh token and an ID token", status, tr2)
	}
	if status, _ := e.userinfo(tr.AccessToken); status != http.StatusUnauthorized {
		t.Errorf("userinfo with the access token from before the refresh: %d, want 401", status)
	}
	if status, _ := e.userinfo(tr2.AccessToken); status != http.StatusOK {
		t.Errorf("userinfo with the refreshed access token: %d, want 200", status)
	}
	// A role change reaches the next refresh.
	if _, err := e.db.SetUserRole(t.Context(), user.ID, account.RoleStaff); err != nil {
		t.Fatal(err)
	}
	status, tr3 := e.token(WebClientID, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tr2.RefreshToken}})
	if status != http.StatusOK {
		t.Fatalf("second refresh: %d %+v", status, tr3)
	}
	if _, claims := verifyJWT(t, tr3.AccessToken, set); mustJSON(claims["roles"]) != `["staff"]` {
		t.Errorf("roles after the role change = %v, want [staff]", claims["roles"])
	}

	// Reuse of a spent refresh token revokes the whole family, the newest token included, once the
	// spent token's grace window (a second use by the same client moments later) has passed.
	e.clock.advance(refreshGrace + time.Second)
	reuse := []struct {
		name  string
		token string
	}{
		{"the first refresh token again", tr.RefreshToken},
		{"the newest refresh token after the reuse", tr3.RefreshToken},
	}
	for _, tt := range reuse {
		status, got := e.token(WebClientID, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tt.token}})
		if status != http.StatusBadRequest || got.Error != "invalid_grant" {
			t.Errorf("refresh with %s: %d %q, want 400 invalid_grant", tt.name, status, got.Error)
		}
	}
	if status, _ := e.userinfo(tr3.AccessToken); status != http.StatusUnauthorized {
		t.Errorf("userinfo after the family was revoked: %d, want 401", status)
	}
	e.clock.advance(-refreshGrace - time.Second) // back near the real time, which fosite checks sign-ins by

	// A replayed code fails and revokes what it issued.
	a = e.authRequest(nil)
	resp, _ = e.get(b, e.authorizeURL(a))
	code := callback(t, resp).Get("code")
	if status, first := e.exchange(code, a); status != http.StatusOK {
		t.Fatalf("exchange: %d", status)
	} else {
		if status, got := e.exchange(code, a); status != http.StatusBadRequest || got.Error != "invalid_grant" {
			t.Errorf("replayed code: %d %q, want 400 invalid_grant", status, got.Error)
		}
		if status, _ := e.userinfo(first.AccessToken); status != http.StatusUnauthorized {
			t.Errorf("userinfo with a token of a replayed code: %d, want 401", status)
		}
	}
	// A foreign client cannot use another client's code.
	a = e.authRequest(nil)
	resp, _ = e.get(b, e.authorizeURL(a))
	code = callback(t, resp).Get("code")
	if status, got := e.token(IOSClientID, url.Values{"grant_type": {"authorization_code"}, "code": {code},
		"redirect_uri": {"wayfinder://auth/callback"}, "code_verifier": {a.verifier}}); status != http.StatusBadRequest || got.Error != "invalid_grant" {
		t.Errorf("another client's code: %d %q, want 400 invalid_grant", status, got.Error)
	}

	// prompt=login asks for the password again, even with a session; signing in finishes the request.
	a = e.authRequest(func(q url.Values) { q.Set("prompt", "login") })
	resp, body = e.get(b, e.authorizeURL(a))
	if resp.Request.URL.Path != "/idp/login" || !strings.Contains(body, `autocomplete="current-password"`) {
		t.Fatalf("prompt=login: at %s, want the sign-in page", resp.Request.URL.Path)
	}
	resp, _ = e.postForm(b, "/idp/login", url.Values{"flow": {flowOf(resp)}, "email": {"ann@example.com"}, "password": {annPassword}})
	cb = callback(t, resp)
	if status, _ := e.exchange(cb.Get("code"), a); status != http.StatusOK {
		t.Errorf("exchange after prompt=login: %d, want 200", status)
	}

	// Signing out: only to the registered URI, with state, and the session is gone.
	_, tr4 := e.exchange(e.codeFor(b, e.authRequest(nil)))
	logout := []struct {
		name     string
		form     url.Values
		wantLoc  string
		wantPage bool
	}{
		{"an unregistered URI", url.Values{"id_token_hint": {tr4.IDToken}, "post_logout_redirect_uri": {"https://evil.example/"}}, "", true},
		{"an access token as the hint", url.Values{"id_token_hint": {tr4.AccessToken}, "post_logout_redirect_uri": {e.srv.URL + "/"}}, "", true},
		{"a hint for another client", url.Values{"id_token_hint": {tr4.IDToken}, "client_id": {IOSClientID}, "post_logout_redirect_uri": {e.srv.URL + "/"}}, "", true},
		{"no URI", url.Values{"id_token_hint": {tr4.IDToken}}, "", true},
		{"the registered URI", url.Values{"id_token_hint": {tr4.IDToken}, "post_logout_redirect_uri": {e.srv.URL + "/"}, "state": {"bye-123"}}, e.srv.URL + "/?state=bye-123", false},
		{"client_id without a hint", url.Values{"client_id": {WebClientID}, "post_logout_redirect_uri": {e.srv.URL + "/"}}, e.srv.URL + "/", false},
	}
	for _, tt := range logout {
		resp, body := e.get(b, e.srv.URL+"/idp/logout?"+tt.form.Encode())
		if got := resp.Header.Get("Location"); got != tt.wantLoc {
			t.Errorf("logout with %s: Location %q, want %q", tt.name, got, tt.wantLoc)
		}
		if tt.wantPage && (resp.StatusCode != http.StatusOK || !strings.Contains(body, "signed out")) {
			t.Errorf("logout with %s: %d, want the signed-out page", tt.name, resp.StatusCode)
		}
	}
	a = e.authRequest(func(q url.Values) { q.Set("prompt", "none") })
	resp, _ = e.get(b, e.authorizeURL(a))
	if got := callback(t, resp).Get("error"); got != "login_required" {
		t.Errorf("prompt=none after signing out: error %q, want login_required", got)
	}

	// The stored requests hold neither the password nor anything of the sign-in form.
	rows, err := e.db.SQL().Query(`SELECT form_data, session_data FROM oauth_requests`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var form, session string
		if err := rows.Scan(&form, &session); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(form+session, annPassword) || strings.Contains(form, "password") {
			t.Errorf("a stored request holds the sign-in form: %q", form)
		}
	}
	rows.Close()

	// No secret reaches the log.
	logs := e.logs.String()
	for name, secret := range map[string]string{"password": annPassword, "access token": tr.AccessToken, "refresh token": tr.RefreshToken,
		"ID token": tr.IDToken, "code": code, "client secret": e.secret} {
		if strings.Contains(logs, secret) {
			t.Errorf("the log contains the %s", name)
		}
	}
	if !strings.Contains(logs, `"level":"WARN"`) {
		t.Errorf("refused requests left no warning in the log")
	}
}

func (e *testEnv) userinfo(token string) (int, map[string]any) {
	e.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, e.srv.URL+"/idp/userinfo", nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, body := e.do(http.DefaultClient, req)
	var claims map[string]any
	_ = json.Unmarshal([]byte(body), &claims)
	return resp.StatusCode, claims
}

// codeFor runs an authorization that the browser's session answers at once.
func (e *testEnv) codeFor(b *http.Client, a authRequest) (string, authRequest) {
	e.t.Helper()
	resp, _ := e.get(b, e.authorizeURL(a))
	return callback(e.t, resp).Get("code"), a
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestIOSClient runs the public client: a custom-scheme redirect and no secret, PKCE only.
func TestIOSClient(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	if _, err := e.p.CreateUser(t.Context(), "sam@example.com", annPassword, account.RoleStaff); err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	a := e.authRequest(func(q url.Values) {
		q.Set("client_id", IOSClientID)
		q.Set("redirect_uri", "wayfinder://auth/callback")
	})
	resp, _ := e.get(b, e.authorizeURL(a))
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "form-action 'self' wayfinder:") {
		t.Errorf("sign-in page for the app: CSP %q, want form-action to allow wayfinder:", csp)
	}
	resp, _ = e.postForm(b, "/idp/login", url.Values{"flow": {flowOf(resp)}, "email": {"sam@example.com"}, "password": {annPassword}})
	if loc := resp.Header.Get("Location"); !strings.HasPrefix(loc, "wayfinder://auth/callback?") {
		t.Fatalf("after sign-in: Location %q, want the app's redirect URI", loc)
	}
	code := callback(t, resp).Get("code")
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {"wayfinder://auth/callback"}, "code_verifier": {a.verifier}}
	status, tr := e.token(IOSClientID, form)
	if status != http.StatusOK || tr.RefreshToken == "" {
		t.Fatalf("app exchange: %d %+v", status, tr)
	}
	_, claims := verifyJWT(t, tr.AccessToken, e.jwks())
	if claims["client_id"] != IOSClientID || mustJSON(claims["roles"]) != `["staff"]` || mustJSON(claims["aud"]) != `["`+testAudience+`"]` {
		t.Errorf("app access token claims = %v", claims)
	}
	status, tr = e.token(IOSClientID, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tr.RefreshToken}})
	if status != http.StatusOK {
		t.Errorf("app refresh: %d %+v", status, tr)
	}
	// The web client's secret is required for the web client.
	req, _ := http.NewRequest(http.MethodPost, e.srv.URL+"/idp/token", strings.NewReader(url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tr.RefreshToken}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(WebClientID, "not-the-secret")
	if resp, _ := e.do(http.DefaultClient, req); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("web client with a wrong secret: %d, want 401", resp.StatusCode)
	}
	// A deleted account gets no more tokens.
	sam, _, _ := e.db.CredentialsByEmail(t.Context(), "sam@example.com")
	if err := e.db.DeleteUser(t.Context(), sam.ID); err != nil {
		t.Fatal(err)
	}
	if status, got := e.token(IOSClientID, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tr.RefreshToken}}); status != http.StatusBadRequest || got.Error != "invalid_grant" {
		t.Errorf("refresh for a deleted account: %d %q, want 400 invalid_grant", status, got.Error)
	}
}

// TestSignIn covers the sign-in page's answers: the one message for wrong credentials, duplicate
// sign-up, a post from another site, and the rate limits.
func TestSignIn(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	ctx := t.Context()
	if _, err := e.p.CreateUser(ctx, "ann@example.com", annPassword, account.RoleMember); err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	resp, _ := e.get(b, e.authorizeURL(e.authRequest(nil)))
	flowValue := flowOf(resp)

	answers := []struct {
		name     string
		path     string
		email    string
		password string
		status   int
		want     string
	}{
		{"a wrong password", "/idp/login", "ann@example.com", "wrong password!", http.StatusUnauthorized, "Wrong email or password"},
		{"an unknown email", "/idp/login", "nobody@example.com", annPassword, http.StatusUnauthorized, "Wrong email or password"},
		{"no password", "/idp/login", "ann@example.com", "", http.StatusBadRequest, "Enter your password."},
		// A taken email at sign-up is no error: it answers like a new one (verification_test.go).
	}
	for _, tt := range answers {
		resp, body := e.postForm(b, tt.path, url.Values{"flow": {flowValue}, "email": {tt.email}, "password": {tt.password}})
		if resp.StatusCode != tt.status || !strings.Contains(body, tt.want) {
			t.Errorf("%s: %d, want %d with %q", tt.name, resp.StatusCode, tt.status, tt.want)
		}
		if !strings.Contains(body, `class="summary" role="alert"`) || !strings.Contains(body, "<title>Error: ") {
			t.Errorf("%s: the page lacks the error summary or the error title", tt.name)
		}
	}

	// A form posted from another site is refused before anything is checked.
	req, _ := http.NewRequest(http.MethodPost, e.srv.URL+"/idp/login", strings.NewReader(url.Values{"email": {"ann@example.com"}, "password": {annPassword}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if resp, _ := e.do(b, req); resp.StatusCode != http.StatusForbidden {
		t.Errorf("cross-site sign-in post: %d, want 403", resp.StatusCode)
	}

	// The pair limit: one wrong password above counts; four more from this address pause the
	// account here, even for the right password, with a kind message and Retry-After.
	for i := range 4 {
		resp, _ := e.postForm(b, "/idp/login", url.Values{"email": {"ann@example.com"}, "password": {"wrong password!"}})
		if resp.StatusCode != http.StatusUnauthorized {
			t.Fatalf("failure %d: %d, want 401", i+2, resp.StatusCode)
		}
	}
	resp, body := e.postForm(b, "/idp/login", url.Values{"email": {"ann@example.com"}, "password": {annPassword}})
	if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, "Too many attempts") || !strings.Contains(body, "try again in 15 minutes") {
		t.Errorf("sixth attempt: %d, want 429 with the wait in minutes", resp.StatusCode)
	}
	if got := resp.Header.Get("Retry-After"); got == "" {
		t.Errorf("429 without Retry-After")
	}
	// The window passes and the right password works again.
	e.clock.advance(16 * time.Minute)
	resp, _ = e.postForm(b, "/idp/login", url.Values{"email": {"ann@example.com"}, "password": {annPassword}})
	if resp.StatusCode != http.StatusSeeOther || !strings.HasSuffix(resp.Header.Get("Location"), "/auth/login") {
		t.Errorf("after the pause: %d to %q, want 303 to the web sign-in", resp.StatusCode, resp.Header.Get("Location"))
	}

	// The address limit: 30 failures across any emails from one address pause the address.
	e.clock.advance(16 * time.Minute)
	for i := range addressAttemptLimit {
		resp, _ := e.postForm(b, "/idp/login", url.Values{"email": {"guess" + string(rune('a'+i%26)) + "@example.com"}, "password": {"wrong password!"}})
		if resp.StatusCode != http.StatusUnauthorized && resp.StatusCode != http.StatusTooManyRequests {
			t.Fatalf("address failure %d: %d", i+1, resp.StatusCode)
		}
	}
	resp, body = e.postForm(b, "/idp/login", url.Values{"email": {"someone-new@example.com"}, "password": {"wrong password!"}})
	if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, "Too many attempts") {
		t.Errorf("after %d failures from one address: %d, want 429", addressAttemptLimit, resp.StatusCode)
	}
	resp, _ = e.postForm(b, "/idp/signup", url.Values{"email": {"someone-new@example.com"}, "password": {annPassword}})
	if resp.StatusCode != http.StatusTooManyRequests {
		t.Errorf("sign-up from a paused address: %d, want 429", resp.StatusCode)
	}
}

// TestUnknownEmailCostsAPasswordCheck makes sure a sign-in with an unknown email still checks a
// password hash, so its timing does not tell that the account does not exist.
func TestUnknownEmailCostsAPasswordCheck(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	dummy, err := e.p.unknownAccountHash(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := verifyPassword("anything", dummy); ok || err != nil {
		t.Errorf("the dummy hash: verify = %v, %v; want a real hash that matches nothing", ok, err)
	}
	// Timing is not asserted (it is noisy under the race detector); the code path is: both answers
	// record a failure, which only happens after a hash was checked.
	_, err = e.p.authenticate(t.Context(), "nobody@example.com", "whatever it is", "192.0.2.1")
	if err != errWrongCredentials {
		t.Fatalf("authenticate(unknown) = %v, want errWrongCredentials", err)
	}
	f, _ := e.db.LoginFailures(t.Context(), "account", e.p.attemptKey("account", "nobody@example.com"), e.clock.now().Add(-time.Minute))
	if f.Count != 1 {
		t.Errorf("failures recorded for the unknown email = %d, want 1", f.Count)
	}
}

// TestUncleanEmails sends sign-in and sign-up forms whose email has control characters, a line
// break, a bidi override or invalid UTF-8, on each database: each gets the form back with a clear
// message, never a server error, and no account is made.
func TestUncleanEmails(t *testing.T) {
	t.Parallel()
	for name, dsn := range testDatabases(t) {
		t.Run(name, func(t *testing.T) {
			e := newTestEnvOn(t, dsn)
			b := e.browser()
			for _, email := range []string{"ann\x00@example.com", "ann@example.com\r\nBcc: x@example.com", "\u202eann@example.com", "ann\xff@example.com", "ann@exam\tple.com"} {
				for _, path := range []string{"/idp/login", "/idp/signup"} {
					resp, body := e.postForm(b, path, url.Values{"email": {email}, "password": {annPassword}})
					if resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, "Enter an email address like name@example.com.") {
						t.Errorf("%s with %q: %d, want 400 asking for a real email", path, email, resp.StatusCode)
					}
				}
			}
			if strings.Contains(e.logs.String(), `"level":"ERROR"`) {
				t.Errorf("an unclean email was logged as an error: %s", e.logs.String())
			}
		})
	}
}

// TestClaimsFollowScopes signs in with fewer scopes each time: the ID token and userinfo say of the
// user only what the scopes granted allow, and the access token carries the role the API needs
// whatever the scopes.
func TestClaimsFollowScopes(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	u, err := e.p.CreateUser(t.Context(), "ann@example.com", annPassword, account.RoleMember)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.UpdateUserProfile(t.Context(), u.ID, "Ann", "Lee", nil, ""); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		scope      string
		want, none []string
	}{
		{"openid", nil, []string{"email", "email_verified", "name", "given_name", "family_name", "roles"}},
		{"openid email", []string{"email", "email_verified"}, []string{"name", "given_name", "family_name", "roles"}},
		{"openid profile", []string{"name", "given_name", "family_name", "roles"}, []string{"email", "email_verified"}},
		{"openid profile email", []string{"email", "email_verified", "name", "given_name", "family_name", "roles"}, nil},
	} {
		t.Run(tt.scope, func(t *testing.T) {
			b := e.browser()
			a := e.authRequest(func(q url.Values) { q.Set("scope", tt.scope) })
			resp, _ := e.get(b, e.authorizeURL(a))
			resp, _ = e.postForm(b, "/idp/login", url.Values{"flow": {flowOf(resp)}, "email": {"ann@example.com"}, "password": {annPassword}})
			if resp.StatusCode != http.StatusSeeOther {
				t.Fatalf("sign-in = %d", resp.StatusCode)
			}
			status, tr := e.exchange(callback(t, resp).Get("code"), a)
			if status != http.StatusOK {
				t.Fatalf("exchange = %d %s", status, tr.Error)
			}
			set := e.jwks()
			_, id := verifyJWT(t, tr.IDToken, set)
			_, info := e.userinfo(tr.AccessToken)
			for name, claims := range map[string]map[string]any{"ID token": id, "userinfo": info} {
				if claims["sub"] != u.ID {
					t.Errorf("%s sub = %v, want %s", name, claims["sub"], u.ID)
				}
				for _, c := range tt.want {
					if _, ok := claims[c]; !ok {
						t.Errorf("%s lacks %s: %v", name, c, claims)
					}
				}
				for _, c := range tt.none {
					if _, ok := claims[c]; ok {
						t.Errorf("%s has %s, which %q does not grant", name, c, tt.scope)
					}
				}
			}
			if _, at := verifyJWT(t, tr.AccessToken, set); fmt.Sprint(at["roles"]) != "[member]" {
				t.Errorf("access token roles = %v, want [member]", at["roles"])
			}
		})
	}
}

// TestAuth0Paths walks the iOS app's Auth0 client through Auth0's own paths: /authorize, then
// /oauth/token with a JSON body and with a form, then /v2/logout with returnTo.
func TestAuth0Paths(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	if _, err := e.p.CreateUser(t.Context(), "sam@example.com", annPassword, account.RoleMember); err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	a := e.authRequest(func(q url.Values) {
		q.Set("client_id", IOSClientID)
		q.Set("redirect_uri", "wayfinder://auth/callback")
	})
	resp, _ := e.get(b, e.srv.URL+"/authorize?"+a.query.Encode())
	if resp.StatusCode != http.StatusOK || resp.Request.URL.Path != "/idp/login" {
		t.Fatalf("GET /authorize: %d at %s, want the sign-in page", resp.StatusCode, resp.Request.URL.Path)
	}
	resp, _ = e.postForm(b, "/idp/login", url.Values{"flow": {flowOf(resp)}, "email": {"sam@example.com"}, "password": {annPassword}})
	code := callback(t, resp).Get("code")

	post := func(contentType, body string) (int, tokenResponse) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, e.srv.URL+"/oauth/token", strings.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		resp, raw := e.do(http.DefaultClient, req)
		var tr tokenResponse
		if err := json.Unmarshal([]byte(raw), &tr); err != nil {
			t.Fatalf("POST /oauth/token answered %d with %q", resp.StatusCode, raw)
		}
		return resp.StatusCode, tr
	}
	body, _ := json.Marshal(map[string]string{"grant_type": "authorization_code", "client_id": IOSClientID, "code": code,
		"code_verifier": a.verifier, "redirect_uri": "wayfinder://auth/callback"})
	status, tr := post("application/json", string(body))
	if status != http.StatusOK || tr.AccessToken == "" || tr.IDToken == "" || tr.RefreshToken == "" {
		t.Fatalf("JSON code exchange at /oauth/token: %d %+v", status, tr)
	}
	body, _ = json.Marshal(map[string]string{"grant_type": "refresh_token", "client_id": IOSClientID, "refresh_token": tr.RefreshToken})
	status, tr = post("application/json; charset=utf-8", string(body))
	if status != http.StatusOK || tr.RefreshToken == "" {
		t.Fatalf("JSON refresh at /oauth/token: %d %+v", status, tr)
	}
	status, tr = post("application/x-www-form-urlencoded", url.Values{"grant_type": {"refresh_token"}, "client_id": {IOSClientID}, "refresh_token": {tr.RefreshToken}}.Encode())
	if status != http.StatusOK {
		t.Fatalf("form refresh at /oauth/token: %d %+v", status, tr)
	}
	for _, bad := range []string{`{"grant_type": ["refresh_token"]}`, `{"grant_type": 1}`, `[1]`, `{"a":"b"} {"c":"d"}`, `not json`} {
		if status, tr := post("application/json", bad); status != http.StatusBadRequest || tr.Error != "invalid_request" {
			t.Errorf("body %s: %d %q, want 400 invalid_request", bad, status, tr.Error)
		}
	}

	// /v2/logout ends the provider session and goes back where returnTo says, when registered.
	resp, _ = e.get(b, e.srv.URL+"/v2/logout?"+url.Values{"client_id": {WebClientID}, "returnTo": {e.srv.URL + "/"}}.Encode())
	if resp.StatusCode != http.StatusFound || resp.Header.Get("Location") != e.srv.URL+"/" {
		t.Errorf("GET /v2/logout: %d to %q, want 302 to the registered returnTo", resp.StatusCode, resp.Header.Get("Location"))
	}
	resp, _ = e.get(b, e.srv.URL+"/v2/logout?"+url.Values{"client_id": {WebClientID}, "returnTo": {"https://evil.example/"}}.Encode())
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET /v2/logout to an unregistered returnTo: %d, want the signed-out page", resp.StatusCode)
	}
	resp, _ = e.get(b, e.authorizeURL(e.authRequest(nil)))
	if resp.Request.URL.Path != "/idp/login" {
		t.Errorf("after /v2/logout, authorize went to %s, want the sign-in page", resp.Request.URL.Path)
	}
}
