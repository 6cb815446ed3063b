package auth

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"golang.org/x/oauth2"

	"wayfinder/internal/account"
)

func TestLoginAuthorizationRequest(t *testing.T) {
	tests := []struct {
		name         string
		query        string
		promptCreate bool // the provider supports prompt=create
		wantSignup   bool
		wantReturn   string
	}{
		{"sign-in with a deep link", "?returnTo=/coach/42%3Ftab%3Dnotes", true, false, "/coach/42?tab=notes"},
		{"sign-up", "?signup=1", true, true, "/name-and-birth"},
		{"sign-up spelled true", "?signup=true&returnTo=/plan", true, true, "/plan"},
		{"sign-up at a provider without prompt=create", "?signup=1", false, true, "/name-and-birth"},
		{"no parameters", "", true, false, "/name-and-birth"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, func(c *Config) { c.PromptCreate = tt.promptCreate })
			u, lc := e.login(tt.query)
			q := u.Query()

			if got, want := u.Scheme+"://"+u.Host+u.Path, e.p.endpoints().AuthURL; got != want {
				t.Errorf("authorization endpoint = %q, want %q", got, want)
			}
			for k, want := range map[string]string{
				"response_type":         "code",
				"client_id":             e.p.clientID,
				"redirect_uri":          "https://app.wayfinder.test/auth/callback",
				"scope":                 "openid profile email offline_access",
				"code_challenge_method": "S256",
				"audience":              e.p.audience,
			} {
				if got := q.Get(k); got != want {
					t.Errorf("%s = %q, want %q", k, got, want)
				}
			}
			state, nonce := q.Get("state"), q.Get("nonce")
			if len(state) < 43 || len(nonce) < 43 {
				t.Errorf("state %d and nonce %d characters, want at least 43 (32 random bytes)", len(state), len(nonce))
			}
			if lc.Value != state {
				t.Errorf("login cookie = %q, want the state %q", lc.Value, state)
			}
			if !lc.HttpOnly || !lc.Secure || lc.SameSite != http.SameSiteLaxMode || lc.Path != "/" || lc.Name != "__Host-wayfinder_login" {
				t.Errorf("login cookie %+v, want __Host-, HttpOnly, Secure, SameSite=Lax, Path=/", lc)
			}

			ls, ok := e.store.states[account.HashSessionID(state)]
			if !ok {
				t.Fatal("no login state stored under the state's hash")
			}
			if got, want := q.Get("code_challenge"), oauth2.S256ChallengeFromVerifier(ls.CodeVerifier); got != want {
				t.Errorf("code_challenge = %q, want S256 of the stored verifier %q", got, want)
			}
			if ls.Nonce != nonce || ls.ReturnTo != tt.wantReturn || ls.Signup != tt.wantSignup {
				t.Errorf("stored state nonce/returnTo/signup = %q/%q/%v, want %q/%q/%v",
					ls.Nonce, ls.ReturnTo, ls.Signup, nonce, tt.wantReturn, tt.wantSignup)
			}
			if got, want := ls.ExpiresAt.Sub(ls.CreatedAt), 10*time.Minute; got != want {
				t.Errorf("login state lives %v, want %v", got, want)
			}

			// Auth0's hint goes with every sign-up (others ignore an unknown parameter); the standard
			// prompt only to a provider that lists it, as one that doesn't refuses the whole request.
			wantHint, wantPrompt := "", ""
			if tt.wantSignup {
				wantHint = "signup"
			}
			if tt.wantSignup && tt.promptCreate {
				wantPrompt = "create"
			}
			if got := q.Get("screen_hint"); got != wantHint {
				t.Errorf("screen_hint = %q, want %q", got, wantHint)
			}
			if got := q.Get("prompt"); got != wantPrompt {
				t.Errorf("prompt = %q, want %q", got, wantPrompt)
			}

			raw := u.String()
			for _, secret := range []string{e.p.clientSecret, ls.CodeVerifier, "client_secret", "code_verifier"} {
				if strings.Contains(raw, secret) {
					t.Errorf("the authorization URL carries %q, which must stay on the server", secret)
				}
			}
		})
	}
}

func TestSafeReturnTo(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/name-and-birth", "/name-and-birth"},
		{"/coach/42?tab=notes#top", "/coach/42?tab=notes#top"},
		{"/", "/"},
		{"", "/name-and-birth"},
		{"//evil.com", "/name-and-birth"},
		{"//evil.com/path", "/name-and-birth"},
		{"/\\evil.com", "/name-and-birth"},
		{"\\\\evil.com", "/name-and-birth"},
		{"/x\\..\\evil", "/name-and-birth"},
		{"https://evil.com", "/name-and-birth"},
		{"http:/evil.com", "/name-and-birth"},
		{"javascript:alert(1)", "/name-and-birth"},
		{"evil.com", "/name-and-birth"},
		{"/\t/evil.com", "/name-and-birth"},
		{"/\n/evil.com", "/name-and-birth"},
		{"/auth/login?returnTo=/x", "/name-and-birth"},
		{"/auth", "/name-and-birth"},
		{"/" + strings.Repeat("a", 3000), "/name-and-birth"},
		{"/x\x00", "/name-and-birth"},
		{"/\xff", "/name-and-birth"},
		{"/\u202egnp", "/name-and-birth"},
		{"/caf\u00e9", "/caf\u00e9"},
	}
	for _, tt := range tests {
		if got := SafeReturnTo(tt.in); got != tt.want {
			t.Errorf("SafeReturnTo(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestLoginRefusesOpenRedirects(t *testing.T) {
	e := newEnv(t)
	for _, attempt := range []string{"//evil.com", "/\\evil.com", "https://evil.com", "javascript:alert(1)"} {
		u, lc := e.login("?returnTo=" + url.QueryEscape(attempt))
		code := e.p.authorize(u.String(), "auth0|redirect")
		rec := e.callback(url.Values{"code": {code}, "state": {u.Query().Get("state")}}, lc)
		if got := rec.Header().Get("Location"); got != "/name-and-birth" {
			t.Errorf("returnTo %q: landed on %q, want /name-and-birth", attempt, got)
		}
	}
}

func TestCallbackSignsIn(t *testing.T) {
	e := newEnv(t)
	u, lc := e.login("?returnTo=/coach/7")
	state := u.Query().Get("state")
	code := e.p.authorize(u.String(), "auth0|abc", "member")
	rec := e.callback(url.Values{"code": {code}, "state": {state}}, lc)

	if got := rec.Header().Get("Location"); rec.Code != http.StatusFound || got != "/coach/7" {
		t.Fatalf("callback = %d to %q, want 302 to /coach/7; logs:\n%s", rec.Code, got, e.logs.String())
	}
	c := findCookie(rec.Result().Cookies(), "__Host-wayfinder_session")
	if c == nil {
		t.Fatalf("no __Host-wayfinder_session cookie in %v", rec.Result().Cookies())
	}
	e.remember(c.Value)
	if !c.HttpOnly || !c.Secure || c.SameSite != http.SameSiteLaxMode || c.Path != "/" || c.Domain != "" {
		t.Errorf("session cookie %+v, want HttpOnly, Secure, SameSite=Lax, Path=/, no Domain", c)
	}
	if c.MaxAge != int((24 * time.Hour).Seconds()) {
		t.Errorf("session cookie Max-Age = %d, want 24h", c.MaxAge)
	}
	if got := findCookie(rec.Result().Cookies(), "__Host-wayfinder_login"); got == nil || got.MaxAge >= 0 {
		t.Errorf("login cookie %+v, want it deleted", got)
	}

	ws, ok := e.store.session(account.HashSessionID(c.Value))
	if !ok {
		t.Fatal("no session stored under the cookie's hash")
	}
	u1, _ := e.store.userBySubject("auth0|abc")
	if ws.UserID != u1.ID || u1.Email != "auth0|abc@example.com" || u1.Role != account.RoleMember {
		t.Errorf("session user %q, user %+v; want the provisioned member with the token's email", ws.UserID, u1)
	}
	now := e.clock.Now()
	if !ws.IdleExpiresAt.Equal(now.Add(2*time.Hour)) || !ws.AbsoluteExpiresAt.Equal(now.Add(24*time.Hour)) {
		t.Errorf("expiries idle %v absolute %v, want now+2h and now+24h", ws.IdleExpiresAt, ws.AbsoluteExpiresAt)
	}
	if ws.IDToken == "" || ws.AccessToken == "" || ws.RefreshToken == "" || !ws.AccessTokenExpiresAt.Equal(now.Add(10*time.Minute)) {
		t.Errorf("stored tokens id=%t access=%t refresh=%t expiry %v; want all, expiry now+10m",
			ws.IDToken != "", ws.AccessToken != "", ws.RefreshToken != "", ws.AccessTokenExpiresAt)
	}
	if strings.Contains(rec.Body.String(), ws.AccessToken) || strings.Contains(rec.Header().Get("Location"), "token") {
		t.Error("a token reached the browser")
	}

	form, basic := e.p.lastForm()
	if form.Get("grant_type") != "authorization_code" || form.Get("code") != code ||
		form.Get("redirect_uri") != "https://app.wayfinder.test/auth/callback" || form.Get("code_verifier") == "" {
		t.Errorf("token request form %v, want the code, redirect_uri and a verifier", form)
	}
	if !strings.HasPrefix(basic, "Basic ") || form.Get("client_secret") != "" {
		t.Errorf("client authentication header %q, form secret %q: want client_secret_basic only", basic, form.Get("client_secret"))
	}

	_, p, signed := e.withCookie(c)
	if !signed || p.User.ID != u1.ID || p.Via != ViaSession || p.Staff {
		t.Errorf("principal = %+v (signed in %v), want the member via session", p, signed)
	}
}

func TestCallbackSignupLandsOnNameAndBirth(t *testing.T) {
	e := newEnv(t)
	u, lc := e.login("?signup=1")
	code := e.p.authorize(u.String(), "auth0|new")
	rec := e.callback(url.Values{"code": {code}, "state": {u.Query().Get("state")}}, lc)
	if got := rec.Header().Get("Location"); got != "/name-and-birth" {
		t.Errorf("after sign-up landed on %q, want /name-and-birth", got)
	}
}

func TestCallbackRecordsWhereAMemberCameFrom(t *testing.T) {
	tests := []struct {
		name        string
		host        string
		cookie      string // the origin_register cookie, "" for none
		roles       []string
		want        account.Arrival
		wantCleared bool
	}{
		{"from a search, on a site with payment", "pay.wayfinder.test", "https%3A%2F%2Fsearch.example%2F%3Fq%3Dadhd", nil,
			account.Arrival{Origin: "search.example", PaymentOffered: true}, true},
		{"direct, on a site without payment", "app.wayfinder.test", "direct", nil, account.Arrival{Origin: "direct"}, true},
		{"a sign-in without the cookie still records the variant", "pay.wayfinder.test", "", nil, account.Arrival{PaymentOffered: true}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, func(c *Config) { c.PaymentOffered = func(host string) bool { return host == "pay.wayfinder.test" } })
			authURL, lc := e.login("?signup=1")
			code := e.p.authorize(authURL.String(), "auth0|arrival", tt.roles...)
			req := httptest.NewRequest(http.MethodGet, "/auth/callback?"+url.Values{"code": {code}, "state": {authURL.Query().Get("state")}}.Encode(), nil)
			req.Host = tt.host
			req.AddCookie(&http.Cookie{Name: lc.Name, Value: lc.Value})
			if tt.cookie != "" {
				req.AddCookie(&http.Cookie{Name: "origin_register", Value: tt.cookie})
			}
			rec := httptest.NewRecorder()
			e.svc.Callback(rec, req)
			if rec.Code != http.StatusFound {
				t.Fatalf("callback = %d, want 302; logs:\n%s", rec.Code, e.logs.String())
			}
			u, _ := e.store.userBySubject("auth0|arrival")
			if got := e.store.arrivals[u.ID]; got != tt.want {
				t.Errorf("arrival = %+v, want %+v", got, tt.want)
			}
			c := findCookie(rec.Result().Cookies(), "origin_register")
			if cleared := c != nil && c.MaxAge < 0; cleared != tt.wantCleared {
				t.Errorf("origin cookie %+v, want cleared %v", c, tt.wantCleared)
			}
		})
	}

	t.Run("staff have no arrival", func(t *testing.T) {
		e := newEnv(t, func(c *Config) { c.PaymentOffered = func(string) bool { return true } })
		e.signIn("auth0|staff", "staff")
		if n := e.store.calls["RecordArrival"]; n != 0 {
			t.Errorf("RecordArrival called %d times for staff, want 0", n)
		}
	})
}

func TestCallbackRoles(t *testing.T) {
	tests := []struct {
		name     string
		existing account.Role // "" for a new user
		roles    []string     // nil: no roles claim
		want     account.Role
	}{
		{"new staff", "", []string{"staff"}, account.RoleStaff},
		{"new member", "", []string{"member"}, account.RoleMember},
		{"new without claim", "", nil, account.RoleMember},
		{"member promoted", account.RoleMember, []string{"member", "staff"}, account.RoleStaff},
		{"staff demoted", account.RoleStaff, []string{"member"}, account.RoleMember},
		{"no claim keeps staff", account.RoleStaff, nil, account.RoleStaff},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			if tt.existing != "" {
				_, _, _ = e.store.EnsureUser(t.Context(), "auth0|r", "auth0|r@example.com", tt.existing)
			}
			c := e.signIn("auth0|r", tt.roles...)
			u, _ := e.store.userBySubject("auth0|r")
			if u.Role != tt.want {
				t.Errorf("role = %q, want %q", u.Role, tt.want)
			}
			_, p, _ := e.withCookie(c)
			if p.Staff != (tt.want == account.RoleStaff) {
				t.Errorf("principal staff = %v, want %v", p.Staff, tt.want == account.RoleStaff)
			}
		})
	}
}

func TestCallbackProblems(t *testing.T) {
	type setup struct {
		e     *env
		query url.Values
		lc    *http.Cookie
	}
	start := func(t *testing.T, opts ...func(*Config)) setup {
		e := newEnv(t, opts...)
		u, lc := e.login("?returnTo=/plan")
		code := e.p.authorize(u.String(), "auth0|p")
		return setup{e, url.Values{"code": {code}, "state": {u.Query().Get("state")}}, lc}
	}
	rsHeader := func(p *fakeProvider, c jwt.MapClaims) string { return p.signLocked(c, nil) }
	tests := []struct {
		name       string
		arrange    func(s *setup)
		wantReason string
		wantReturn string
	}{
		{"provider denied", func(s *setup) {
			s.query = url.Values{"error": {"access_denied"}, "error_description": {"<script>"}, "state": {s.query.Get("state")}}
		}, "access_denied", "/plan"},
		{"login required", func(s *setup) {
			s.query = url.Values{"error": {"login_required"}, "state": {s.query.Get("state")}}
		}, "login_required", "/plan"},
		{"unknown provider error", func(s *setup) {
			s.query = url.Values{"error": {"<b>weird</b>"}, "state": {s.query.Get("state")}}
		}, "provider", "/plan"},
		{"no state", func(s *setup) { s.query.Del("state") }, "state", ""},
		{"unknown state", func(s *setup) {
			s.query.Set("state", "forged")
			s.lc.Value = "forged"
		}, "state", ""},
		{"state of another browser", func(s *setup) { s.lc.Value = randomToken(32) }, "state", ""},
		{"no login cookie", func(s *setup) { s.lc.Name = "other" }, "state", ""},
		{"expired state", func(s *setup) { s.e.clock.Advance(10*time.Minute + time.Second) }, "state", ""},
		{"no code", func(s *setup) { s.query.Del("code") }, "provider", "/plan"},
		{"code refused", func(s *setup) { s.query.Set("code", "stolen") }, "token", "/plan"},
		{"wrong nonce", func(s *setup) { s.e.p.mutateID = func(c jwt.MapClaims) { c["nonce"] = "other" } }, "token", "/plan"},
		{"no nonce", func(s *setup) { s.e.p.mutateID = func(c jwt.MapClaims) { delete(c, "nonce") } }, "token", "/plan"},
		{"wrong audience", func(s *setup) { s.e.p.mutateID = func(c jwt.MapClaims) { c["aud"] = "someone-else" } }, "token", "/plan"},
		{"audience of another client with azp", func(s *setup) {
			s.e.p.mutateID = func(c jwt.MapClaims) { c["aud"] = []string{"wayfinder-web", "x"}; c["azp"] = "x" }
		}, "token", "/plan"},
		{"wrong issuer", func(s *setup) { s.e.p.mutateID = func(c jwt.MapClaims) { c["iss"] = s.e.p.srv.URL + "/tenant" } }, "token", "/plan"},
		{"expired beyond leeway", func(s *setup) {
			s.e.p.mutateID = func(c jwt.MapClaims) { c["exp"] = s.e.clock.Now().Add(-61 * time.Second).Unix() }
		}, "token", "/plan"},
		{"issued in the future", func(s *setup) {
			s.e.p.mutateID = func(c jwt.MapClaims) { c["iat"] = s.e.clock.Now().Add(5 * time.Minute).Unix() }
		}, "token", "/plan"},
		{"no subject", func(s *setup) { s.e.p.mutateID = func(c jwt.MapClaims) { delete(c, "sub") } }, "token", "/plan"},
		{"HS256 keyed with the public key", func(s *setup) {
			s.e.p.signID = func(p *fakeProvider, c jwt.MapClaims) string {
				tok := jwt.NewWithClaims(jwt.SigningMethodHS256, c)
				tok.Header["kid"] = p.kid
				raw, _ := tok.SignedString(p.publicPEM())
				return raw
			}
		}, "token", "/plan"},
		{"alg none", func(s *setup) {
			s.e.p.signID = func(_ *fakeProvider, c jwt.MapClaims) string {
				raw, _ := jwt.NewWithClaims(jwt.SigningMethodNone, c).SignedString(jwt.UnsafeAllowNoneSignatureType)
				return raw
			}
		}, "token", "/plan"},
		{"unknown key", func(s *setup) {
			s.e.p.signID = func(p *fakeProvider, c jwt.MapClaims) string { return p.signLocked(c, map[string]any{"kid": "nope"}) }
		}, "token", "/plan"},
		{"provider down", func(s *setup) {
			s.e.p.tokenStatus, s.e.p.tokenError = http.StatusServiceUnavailable, "temporarily_unavailable"
		}, "token", "/plan"},
		{"valid with RS256 (control)", func(s *setup) { s.e.p.signID = rsHeader }, "", ""},
		{"expired within leeway (control)", func(s *setup) {
			s.e.p.mutateID = func(c jwt.MapClaims) { c["exp"] = s.e.clock.Now().Add(-50 * time.Second).Unix() }
		}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := start(t)
			tt.arrange(&s)
			rec := s.e.callback(s.query, s.lc)
			loc, err := url.Parse(rec.Header().Get("Location"))
			if rec.Code != http.StatusFound || err != nil {
				t.Fatalf("callback = %d to %q, want a 302", rec.Code, rec.Header().Get("Location"))
			}
			session := findCookie(rec.Result().Cookies(), "__Host-wayfinder_session")
			if tt.wantReason == "" {
				if loc.Path != "/plan" || session == nil {
					t.Fatalf("control case landed on %q with session cookie %v, want /plan and a session; logs:\n%s", loc, session != nil, s.e.logs.String())
				}
				s.e.remember(session.Value)
				return
			}
			if loc.Path != "/sign-in-problem" || loc.Query().Get("reason") != tt.wantReason || loc.Query().Get("returnTo") != tt.wantReturn {
				t.Errorf("landed on %q, want /sign-in-problem?reason=%s&returnTo=%s", loc, tt.wantReason, tt.wantReturn)
			}
			if strings.Contains(loc.RawQuery, "script") || strings.Contains(loc.RawQuery, "weird") {
				t.Errorf("the problem page URL %q echoes the provider's text", loc)
			}
			if session != nil {
				t.Errorf("a session cookie was set on a failed sign-in")
			}
			if n := s.e.store.count("CreateSession"); n != 0 {
				t.Errorf("%d sessions created on a failed sign-in, want 0", n)
			}
		})
	}
}

func TestCallbackStateIsSingleUse(t *testing.T) {
	e := newEnv(t)
	u, lc := e.login("")
	q := url.Values{"code": {e.p.authorize(u.String(), "auth0|once")}, "state": {u.Query().Get("state")}}
	if rec := e.callback(q, lc); rec.Header().Get("Location") != "/name-and-birth" {
		t.Fatalf("first callback landed on %q", rec.Header().Get("Location"))
	}
	if got := e.callback(q, lc).Header().Get("Location"); got != "/sign-in-problem?reason=state" {
		t.Errorf("replayed callback landed on %q, want /sign-in-problem?reason=state", got)
	}
}

func TestCallbackReplacesAnExistingSession(t *testing.T) {
	e := newEnv(t)
	old := e.signIn("auth0|twice")
	u, lc := e.login("")
	q := url.Values{"code": {e.p.authorize(u.String(), "auth0|twice")}, "state": {u.Query().Get("state")}}
	rec := e.callback(q, lc, old)
	if c := findCookie(rec.Result().Cookies(), e.svc.SessionCookieName()); c == nil || c.Value == old.Value {
		t.Fatal("signing in again kept the old session id")
	} else {
		e.remember(c.Value)
	}
	if _, ok := e.store.session(account.HashSessionID(old.Value)); ok {
		t.Error("the old session still exists after signing in again")
	}
}

func TestLogout(t *testing.T) {
	endSession := func(e *env, idToken string) string {
		q := url.Values{"client_id": {e.p.clientID}, "post_logout_redirect_uri": {"https://app.wayfinder.test/"}}
		if idToken != "" {
			q.Set("id_token_hint", idToken)
		}
		return e.p.endpoints().EndSessionURL + "?" + q.Encode()
	}
	tests := []struct {
		name        string
		endSession  string // "" leaves the provider's; "-" removes it
		revocation  string // "" leaves the provider's; "-" removes it; "fail" makes it answer 503
		signedIn    bool
		want        func(e *env, idToken string) string
		wantRevoked bool // the session's refresh token was sent to the revocation endpoint
		wantLog     string
	}{
		{name: "with end-session endpoint", signedIn: true, want: endSession, wantRevoked: true,
			wantLog: "revoked the signed-out session's refresh token"},
		{name: "without end-session endpoint", endSession: "-", signedIn: true,
			want: func(*env, string) string { return "https://app.wayfinder.test/" }, wantRevoked: true},
		{name: "not signed in", signedIn: false, want: endSession},
		{name: "without revocation endpoint", revocation: "-", signedIn: true, want: endSession},
		{name: "revocation fails", revocation: "fail", signedIn: true, want: endSession, wantRevoked: true,
			wantLog: "could not revoke the signed-out session's refresh token"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, func(c *Config) {
				if tt.endSession == "-" {
					c.EndSessionURL = ""
				}
				if tt.revocation == "-" {
					c.RevocationURL = ""
				}
			})
			if tt.revocation == "fail" {
				e.p.revokeStatus = http.StatusServiceUnavailable
			}
			req := httptest.NewRequest(http.MethodPost, "/auth/logout", nil)
			var idToken, idHash string
			var ws account.Session
			if tt.signedIn {
				c := e.signIn("auth0|bye")
				idHash = account.HashSessionID(c.Value)
				ws, _ = e.store.session(idHash)
				idToken = ws.IDToken
				req.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
			}
			rec := httptest.NewRecorder()
			e.svc.Logout(rec, req)
			if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
				t.Fatalf("Logout = %d %q, want 200 JSON", rec.Code, rec.Header().Get("Content-Type"))
			}
			var body struct{ RedirectTo string }
			if err := json.NewDecoder(rec.Body).Decode(&body); err != nil {
				t.Fatal(err)
			}
			if want := tt.want(e, idToken); body.RedirectTo != want {
				t.Errorf("redirectTo = %q, want %q", body.RedirectTo, want)
			}
			if c := findCookie(rec.Result().Cookies(), e.svc.SessionCookieName()); c == nil || c.MaxAge >= 0 {
				t.Errorf("session cookie %+v, want it deleted", c)
			}
			if _, ok := e.store.session(idHash); tt.signedIn && ok {
				t.Error("the session still exists after logout")
			}

			forms, auths := e.p.revoked()
			if got := len(forms) == 1; got != tt.wantRevoked || len(forms) > 1 {
				t.Fatalf("%d revocation requests, want revoked %v", len(forms), tt.wantRevoked)
			}
			if tt.wantRevoked {
				want := url.Values{"token": {ws.RefreshToken}, "token_type_hint": {"refresh_token"}}
				if got := forms[0]; ws.RefreshToken == "" || got.Encode() != want.Encode() {
					t.Errorf("revocation form = %v, want the session's refresh token with its hint", got)
				}
				wantAuth := "Basic " + base64.StdEncoding.EncodeToString([]byte(e.p.clientID+":"+e.p.clientSecret))
				if auths[0] != wantAuth {
					t.Errorf("revocation Authorization = %q, want the client's basic credentials", auths[0])
				}
			}
			if !strings.Contains(e.logs.String(), tt.wantLog) {
				t.Errorf("the log lacks %q", tt.wantLog)
			}
		})
	}
}

func TestLogoutNeedsPost(t *testing.T) {
	e := newEnv(t)
	rec := httptest.NewRecorder()
	e.svc.Logout(rec, httptest.NewRequest(http.MethodGet, "/auth/logout", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("GET /auth/logout = %d, want 405", rec.Code)
	}
}

func TestInsecureCookieNames(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.CookieSecure = false })
	_, lc := e.login("")
	if lc.Name != "wayfinder_login" || lc.Secure {
		t.Errorf("login cookie %q secure=%v, want wayfinder_login without Secure", lc.Name, lc.Secure)
	}
	c := e.signIn("auth0|plain")
	if c.Name != "wayfinder_session" || c.Secure || !c.HttpOnly {
		t.Errorf("session cookie %q secure=%v httpOnly=%v, want wayfinder_session, HttpOnly, not Secure", c.Name, c.Secure, c.HttpOnly)
	}
}

func TestCallbackLandsStaffInTheStaffApp(t *testing.T) {
	tests := []struct {
		name, query string
		roles       []string
		want        string
	}{
		{"staff asking for nothing", "", []string{"staff"}, "/staff"},
		{"admin from home", "?returnTo=/", []string{"staff", "admin"}, "/staff"},
		{"staff with a deep link", "?returnTo=/staff/safety", []string{"staff"}, "/staff/safety"},
		{"a member asking for nothing", "", []string{"member"}, "/name-and-birth"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			u, lc := e.login(tt.query)
			code := e.p.authorize(u.String(), "auth0|landing", tt.roles...)
			rec := e.callback(url.Values{"code": {code}, "state": {u.Query().Get("state")}}, lc)
			if got := rec.Header().Get("Location"); got != tt.want {
				t.Errorf("landed on %q, want %q", got, tt.want)
			}
		})
	}
}
