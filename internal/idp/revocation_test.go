package idp

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// tokensFor runs an authorization for clientID that the browser's provider session answers at
// once, and exchanges the code for that client's tokens.
func (e *testEnv) tokensFor(b *http.Client, clientID string) tokenResponse {
	e.t.Helper()
	a := e.authRequest(nil)
	if clientID == IOSClientID {
		a.query.Set("client_id", IOSClientID)
		a.query.Set("redirect_uri", "wayfinder://auth/callback")
	}
	code, _ := e.codeFor(b, a)
	status, tr := e.token(clientID, url.Values{"grant_type": {"authorization_code"}, "code": {code},
		"redirect_uri": {a.query.Get("redirect_uri")}, "code_verifier": {a.verifier}})
	if status != http.StatusOK || tr.AccessToken == "" || tr.RefreshToken == "" {
		e.t.Fatalf("exchange for %s: %d %+v", clientID, status, tr)
	}
	return tr
}

// refresh uses a refresh token as clientID and returns the status and answer.
func (e *testEnv) refresh(clientID, refreshToken string) (int, tokenResponse) {
	e.t.Helper()
	return e.token(clientID, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {refreshToken}})
}

// revoke posts params to a revocation path as clientID: the web client with its secret in HTTP
// basic authentication, the app with its client_id in the body. asJSON sends a JSON object, as
// Auth0's SDK does.
func (e *testEnv) revoke(path, clientID string, asJSON bool, params map[string]string) (int, string) {
	e.t.Helper()
	if clientID == IOSClientID {
		params["client_id"] = IOSClientID
	}
	var body, contentType string
	if asJSON {
		b, _ := json.Marshal(params)
		body, contentType = string(b), "application/json"
	} else {
		form := url.Values{}
		for k, v := range params {
			form.Set(k, v)
		}
		body, contentType = form.Encode(), "application/x-www-form-urlencoded"
	}
	req, _ := http.NewRequest(http.MethodPost, e.srv.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	if clientID == WebClientID {
		req.SetBasicAuth(WebClientID, e.secret)
	}
	resp, got := e.do(http.DefaultClient, req)
	return resp.StatusCode, got
}

// accessActive asks the provider whether an access token is still in force.
func (e *testEnv) accessActive(token string) bool {
	e.t.Helper()
	active, err := e.p.AccessTokenActive(e.t.Context(), token)
	if err != nil {
		e.t.Fatalf("AccessTokenActive: %v", err)
	}
	return active
}

func TestRevocation(t *testing.T) {
	t.Parallel()
	for name, dsn := range testDatabases(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			testRevocation(t, newTestEnvOn(t, dsn))
		})
	}
}

func testRevocation(t *testing.T, e *testEnv) {
	_, body := e.get(http.DefaultClient, e.srv.URL+"/idp/.well-known/openid-configuration")
	var doc map[string]any
	if err := json.Unmarshal([]byte(body), &doc); err != nil {
		t.Fatal(err)
	}
	if got, want := doc["revocation_endpoint"], e.srv.URL+"/idp/revoke"; got != want {
		t.Errorf("discovery revocation_endpoint = %v, want %q", got, want)
	}
	if got, want := mustJSON(doc["revocation_endpoint_auth_methods_supported"]), `["client_secret_basic","none"]`; got != want {
		t.Errorf("discovery revocation_endpoint_auth_methods_supported = %s, want %s", got, want)
	}

	b := e.browser()
	e.signUp(b, e.authRequest(nil), "ann@example.com", annPassword)

	// Each revocation ends the sign-in: its refresh token no longer refreshes and its access token
	// is no longer in force, so the API refuses it and so does userinfo.
	revocations := []struct {
		name   string
		client string
		path   string
		asJSON bool
		token  string // "refresh" or "access"
		hint   bool   // send token_type_hint
	}{
		{"web refresh token, form", WebClientID, "/idp/revoke", false, "refresh", true},
		{"web refresh token, no hint", WebClientID, "/idp/revoke", false, "refresh", false},
		{"web access token, form", WebClientID, "/idp/revoke", false, "access", true},
		{"web refresh token, JSON at Auth0's path", WebClientID, "/oauth/revoke", true, "refresh", false},
		{"app refresh token, JSON at Auth0's path", IOSClientID, "/oauth/revoke", true, "refresh", false},
		{"app refresh token, form", IOSClientID, "/idp/revoke", false, "refresh", true},
		{"app refresh token, JSON at the provider's path", IOSClientID, "/idp/revoke", true, "refresh", false},
		{"app access token, form at Auth0's path", IOSClientID, "/oauth/revoke", false, "access", false},
	}
	for _, tt := range revocations {
		tr := e.tokensFor(b, tt.client)
		if !e.accessActive(tr.AccessToken) {
			t.Fatalf("%s: a new access token is not active", tt.name)
		}
		params := map[string]string{"token": tr.RefreshToken}
		if tt.token == "access" {
			params["token"] = tr.AccessToken
		}
		if tt.hint {
			params["token_type_hint"] = tt.token + "_token"
		}
		if status, body := e.revoke(tt.path, tt.client, tt.asJSON, params); status != http.StatusOK {
			t.Errorf("%s: revocation answered %d %s, want 200", tt.name, status, body)
		}
		if status, got := e.refresh(tt.client, tr.RefreshToken); status != http.StatusBadRequest || got.Error != "invalid_grant" {
			t.Errorf("%s: refresh afterwards: %d %q, want 400 invalid_grant", tt.name, status, got.Error)
		}
		if e.accessActive(tr.AccessToken) {
			t.Errorf("%s: the access token is still active", tt.name)
		}
		if status, _ := e.userinfo(tr.AccessToken); status != http.StatusUnauthorized {
			t.Errorf("%s: userinfo afterwards: %d, want 401", tt.name, status)
		}
	}

	// Requests that revoke nothing leave the token working.
	refusals := []struct {
		name        string
		path        string
		contentType string
		basicSecret string // "" sends no basic authentication
		body        func(tr tokenResponse) string
		wantStatus  int
		wantError   string
	}{
		{"the app revoking the web client's token", "/oauth/revoke", "application/json", "",
			func(tr tokenResponse) string {
				return mustJSON(map[string]string{"client_id": IOSClientID, "token": tr.RefreshToken})
			},
			http.StatusOK, ""},
		{"the web client with a wrong secret", "/idp/revoke", "application/x-www-form-urlencoded", "not-the-secret",
			func(tr tokenResponse) string { return url.Values{"token": {tr.RefreshToken}}.Encode() },
			http.StatusUnauthorized, "invalid_client"},
		{"the web client without its secret", "/idp/revoke", "application/x-www-form-urlencoded", "",
			func(tr tokenResponse) string {
				return url.Values{"client_id": {WebClientID}, "token": {tr.RefreshToken}}.Encode()
			},
			http.StatusUnauthorized, "invalid_client"},
		{"a JSON number", "/oauth/revoke", "application/json", "",
			func(tr tokenResponse) string { return `{"client_id": "wayfinder-ios", "token": 1}` },
			http.StatusBadRequest, "invalid_request"},
		{"a body that is not JSON", "/oauth/revoke", "application/json", "",
			func(tr tokenResponse) string { return "token=" + tr.RefreshToken },
			http.StatusBadRequest, "invalid_request"},
		{"an empty body", "/idp/revoke", "application/x-www-form-urlencoded", e.secret,
			func(tokenResponse) string { return "" },
			http.StatusBadRequest, "invalid_request"},
		{"an unknown token", "/idp/revoke", "application/x-www-form-urlencoded", e.secret,
			func(tokenResponse) string { return url.Values{"token": {"not-a-token-of-ours"}}.Encode() },
			http.StatusOK, ""},
	}
	for _, tt := range refusals {
		tr := e.tokensFor(b, WebClientID)
		req, _ := http.NewRequest(http.MethodPost, e.srv.URL+tt.path, strings.NewReader(tt.body(tr)))
		req.Header.Set("Content-Type", tt.contentType)
		if tt.basicSecret != "" {
			req.SetBasicAuth(WebClientID, tt.basicSecret)
		}
		resp, body := e.do(http.DefaultClient, req)
		if resp.StatusCode != tt.wantStatus || !strings.Contains(body, tt.wantError) {
			t.Errorf("%s: %d %s, want %d %s", tt.name, resp.StatusCode, body, tt.wantStatus, tt.wantError)
		}
		if !e.accessActive(tr.AccessToken) {
			t.Errorf("%s: the access token was revoked", tt.name)
		}
		if status, got := e.refresh(WebClientID, tr.RefreshToken); status != http.StatusOK {
			t.Errorf("%s: refresh afterwards: %d %q, want 200", tt.name, status, got.Error)
		}
	}

	logs := e.logs.String()
	if !strings.Contains(logs, `"msg":"token revoked"`) {
		t.Errorf("revocations left no line in the log")
	}
	if strings.Contains(logs, "not-a-token-of-ours") || strings.Contains(logs, e.secret) {
		t.Errorf("the log contains a token or the client secret")
	}
}

// TestRevocationWhenTheStoreFails checks that a token the store could not revoke is not reported
// revoked: fosite alone would answer 200.
func TestRevocationWhenTheStoreFails(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	b := e.browser()
	e.signUp(b, e.authRequest(nil), "ann@example.com", annPassword)
	tr := e.tokensFor(b, IOSClientID)
	e.db.Close()
	status, body := e.revoke("/oauth/revoke", IOSClientID, true, map[string]string{"token": tr.RefreshToken})
	if status != http.StatusServiceUnavailable || !strings.Contains(body, "temporarily_unavailable") {
		t.Errorf("revocation with the store down: %d %s, want 503 temporarily_unavailable", status, body)
	}
}

func TestRefreshGraceWindow(t *testing.T) {
	t.Parallel()
	for name, dsn := range testDatabases(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			testRefreshGraceWindow(t, newTestEnvOn(t, dsn))
		})
	}
}

func testRefreshGraceWindow(t *testing.T, e *testEnv) {
	b := e.browser()
	e.signUp(b, e.authRequest(nil), "ann@example.com", annPassword)
	refreshOK := func(name, token string) tokenResponse {
		t.Helper()
		status, tr := e.refresh(WebClientID, token)
		if status != http.StatusOK || tr.RefreshToken == "" || tr.AccessToken == "" {
			t.Fatalf("%s: %d %q, want new tokens", name, status, tr.Error)
		}
		return tr
	}
	refused := func(what string, tokens ...tokenResponse) {
		t.Helper()
		for i, tr := range tokens {
			if status, got := e.refresh(WebClientID, tr.RefreshToken); status != http.StatusBadRequest || got.Error != "invalid_grant" {
				t.Errorf("%s: refresh token %d: %d %q, want 400 invalid_grant", what, i, status, got.Error)
			}
		}
	}

	// Two refreshes with one token, as two replicas make them: both get a working pair, and the
	// pair of the token they used is retired.
	first := e.tokensFor(b, WebClientID)
	a := refreshOK("the first refresh", first.RefreshToken)
	e.clock.advance(refreshGrace - time.Second)
	bb := refreshOK("the same token again inside the window", first.RefreshToken)
	if a.RefreshToken == bb.RefreshToken {
		t.Fatalf("the two refreshes returned the same refresh token")
	}
	actives := []struct {
		name  string
		token string
		want  bool
	}{
		{"the used token's access token", first.AccessToken, false},
		{"the first racer's access token", a.AccessToken, true},
		{"the second racer's access token", bb.AccessToken, true},
	}
	for _, tt := range actives {
		if got := e.accessActive(tt.token); got != tt.want {
			t.Errorf("%s active = %v, want %v", tt.name, got, tt.want)
		}
	}
	a2 := refreshOK("the first racer's refresh token afterwards", a.RefreshToken)
	b2 := refreshOK("the second racer's refresh token afterwards", bb.RefreshToken)

	// Outside the window a second use is reuse: the whole sign-in is revoked.
	e.clock.advance(2 * time.Second)
	refused("the used token after the window", first)
	refused("the racers' newest tokens after the reuse", a2, b2)
	for i, tr := range []tokenResponse{a2, b2} {
		if e.accessActive(tr.AccessToken) {
			t.Errorf("access token %d of the revoked sign-in is still active", i)
		}
	}
	e.clock.advance(-refreshGrace - time.Second) // back near the real time, which fosite checks sign-ins by

	// Revocation ends the window: a revoked token never revives, whichever token of the sign-in
	// was revoked and however it was.
	revocations := []struct {
		name   string
		revoke func(used, next tokenResponse)
	}{
		{"the new refresh token revoked", func(_, next tokenResponse) {
			e.revoke("/idp/revoke", WebClientID, false, map[string]string{"token": next.RefreshToken})
		}},
		{"the used refresh token revoked inside its window", func(used, _ tokenResponse) {
			e.revoke("/oauth/revoke", WebClientID, true, map[string]string{"token": used.RefreshToken})
		}},
		{"the new access token revoked", func(_, next tokenResponse) {
			e.revoke("/idp/revoke", WebClientID, false, map[string]string{"token": next.AccessToken, "token_type_hint": "access_token"})
		}},
		{"every token of the account revoked", func(used, _ tokenResponse) {
			user, _, err := e.db.CredentialsByEmail(t.Context(), "ann@example.com")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := e.db.RevokeSubjectTokens(t.Context(), user.ID); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tt := range revocations {
		used := e.tokensFor(b, WebClientID)
		next := refreshOK(tt.name+": the refresh", used.RefreshToken)
		tt.revoke(used, next)
		refused(tt.name+": the used token inside its window", used)
		refused(tt.name+": the new token", next)
		if e.accessActive(next.AccessToken) {
			t.Errorf("%s: the new access token is still active", tt.name)
		}
	}
}

func TestAccessTokenActive(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	b := e.browser()
	e.signUp(b, e.authRequest(nil), "ann@example.com", annPassword)
	old := e.tokensFor(b, WebClientID)
	current, _ := e.refresh(WebClientID, old.RefreshToken)
	if current != http.StatusOK {
		t.Fatalf("refresh: %d", current)
	}
	fresh := e.tokensFor(b, IOSClientID)
	tests := []struct {
		name  string
		token string
		want  bool
	}{
		{"an access token", fresh.AccessToken, true},
		{"an access token replaced by a refresh", old.AccessToken, false},
		{"an ID token", fresh.IDToken, false},
		{"a refresh token", fresh.RefreshToken, false},
		{"a tampered signature", fresh.AccessToken[:strings.LastIndex(fresh.AccessToken, ".")] + ".AAAA", false},
		{"not a JWT", "not-a-jwt", false},
		{"empty", "", false},
	}
	for _, tt := range tests {
		if got := e.accessActive(tt.token); got != tt.want {
			t.Errorf("AccessTokenActive(%s) = %v, want %v", tt.name, got, tt.want)
		}
	}
}
