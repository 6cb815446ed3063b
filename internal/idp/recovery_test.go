package idp

import (
	"crypto/rand"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/idp/idpstore"
	"wayfinder/internal/mail"
)

const newPassword = "violet harbor lantern moss"

var resetLinkPattern = regexp.MustCompile(`http://\S+/idp/reset\?token=[A-Za-z0-9_-]+`)

// resetLink waits until at least n messages have arrived and returns the reset link of the newest
// one to to.
func (e *mailEnv) resetLink(to string, n int) string {
	e.t.Helper()
	for _, s := range e.mail.WaitForMessages(e.t, n, 15*time.Second) {
		if len(s.To) != 1 || s.To[0].Address != to {
			continue
		}
		m := e.mail.Message(e.t, s.ID)
		if got, want := m.Subject, "Reset your Wayfinder password"; got != want {
			e.t.Errorf("the email's subject = %q, want %q", got, want)
		}
		link := resetLinkPattern.FindString(m.Text)
		if link == "" {
			e.t.Fatalf("the email to %s has no reset link:\n%s", to, m.Text)
		}
		return link
	}
	e.t.Fatalf("no email to %s among the first %d", to, n)
	return ""
}

// forgot asks for a reset link for email from a fresh browser.
func (e *mailEnv) forgot(email string) (*http.Response, string) {
	e.t.Helper()
	return e.postForm(e.browser(), "/idp/forgot", url.Values{"email": {email}})
}

// device is one place a member is signed in: a browser with the provider's session, the refresh
// token of the web client's sign-in there, and a web session of the app.
type device struct {
	browser    *http.Client
	refresh    string
	webSession string // the hash of the session's cookie
}

func (e *testEnv) signInDevice(email, password string) device {
	e.t.Helper()
	ctx := e.t.Context()
	b := e.browser()
	a := e.authRequest(nil)
	resp, _ := e.get(b, e.authorizeURL(a))
	resp, body := e.postForm(b, "/idp/login", url.Values{"flow": {flowOf(resp)}, "email": {email}, "password": {password}})
	if resp.StatusCode != http.StatusSeeOther {
		e.t.Fatalf("signing in as %s: %d, want 303; body %s", email, resp.StatusCode, body)
	}
	status, tr := e.exchange(callback(e.t, resp).Get("code"), a)
	if status != http.StatusOK || tr.RefreshToken == "" {
		e.t.Fatalf("exchange: %d %+v, want a refresh token", status, tr)
	}
	user, _, err := e.db.CredentialsByEmail(ctx, email)
	if err != nil {
		e.t.Fatal(err)
	}
	now := time.Now().UTC()
	ws := account.Session{IDHash: account.HashSessionID(rand.Text()), UserID: user.ID, CreatedAt: now, LastSeenAt: now,
		IdleExpiresAt: now.Add(24 * time.Hour), AbsoluteExpiresAt: now.Add(48 * time.Hour)}
	if err := e.db.CreateSession(ctx, ws); err != nil {
		e.t.Fatal(err)
	}
	return device{browser: b, refresh: tr.RefreshToken, webSession: ws.IDHash}
}

// sessionState says which of a device's sign-ins still work. It uses the refresh token, so it is asked
// once per device, after the change under test.
type sessionState struct{ refresh, web, provider bool }

func (e *testEnv) stillSignedIn(d device) sessionState {
	e.t.Helper()
	var got sessionState
	status, _ := e.token(WebClientID, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {d.refresh}})
	got.refresh = status == http.StatusOK
	_, err := e.db.SessionByIDHash(e.t.Context(), d.webSession, time.Now())
	if err != nil && !apperr.Is(err, apperr.NotFound) {
		e.t.Fatal(err)
	}
	got.web = err == nil
	got.provider = e.providerSession(d.browser)
	return got
}

// providerSession reports whether browser b has a provider session: an authorization request with
// prompt=none is answered with a code.
func (e *testEnv) providerSession(b *http.Client) bool {
	e.t.Helper()
	resp, _ := e.get(b, e.authorizeURL(e.authRequest(func(q url.Values) { q.Set("prompt", "none") })))
	return callback(e.t, resp).Get("code") != ""
}

// signInStatus is the status of signing in from a fresh browser: 303 for the right password.
func (e *testEnv) signInStatus(email, password string) int {
	e.t.Helper()
	resp, _ := e.postForm(e.browser(), "/idp/login", url.Values{"email": {email}, "password": {password}})
	return resp.StatusCode
}

// TestForgotAnswersAlike asks for a reset link for an email with an account and one without: the
// answers are the same but for the email they repeat, and only the account gets an email, whose
// link is kept only as its hash. The sign-in page links to the form with its flow.
func TestForgotAnswersAlike(t *testing.T) {
	t.Parallel()
	for name, dsn := range testDatabases(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := newMailEnv(t, dsn)
			if _, err := e.p.CreateUser(t.Context(), "ann@example.com", annPassword, account.RoleMember); err != nil {
				t.Fatal(err)
			}

			// The sign-in page links to the form, and the form back to sign-in, with the flow.
			b := e.browser()
			resp, body := e.get(b, e.authorizeURL(e.authRequest(nil)))
			flowValue := flowOf(resp)
			wantLink := `href="/idp/forgot?` + attrEscape(url.Values{"flow": {flowValue}}.Encode()) + `"`
			if !strings.Contains(body, wantLink) || !strings.Contains(body, "Forgot your password?") {
				t.Errorf("the sign-in page lacks %s", wantLink)
			}
			resp, body = e.get(b, e.srv.URL+"/idp/forgot?"+url.Values{"flow": {flowValue}}.Encode())
			for _, want := range []string{"<h1>Forgot your password?</h1>", `<label class="label" for="email">Email</label>`,
				`autocomplete="email"`, `type="email"`, `name="flow" value="` + flowValue + `"`,
				`href="/idp/login?` + attrEscape(url.Values{"flow": {flowValue}}.Encode()) + `"`} {
				if !strings.Contains(body, want) {
					t.Errorf("the forgot page lacks %s", want)
				}
			}
			if resp.StatusCode != http.StatusOK || strings.Count(body, "<h1") != 1 {
				t.Errorf("the forgot page: %d with %d h1, want 200 with one", resp.StatusCode, strings.Count(body, "<h1"))
			}

			type answer struct {
				status int
				body   string
			}
			answers := map[string]answer{}
			for _, email := range []string{"ann@example.com", "nobody@example.com"} {
				resp, body := e.forgot(email)
				answers[email] = answer{resp.StatusCode, strings.ReplaceAll(body, email, "EMAIL")}
			}
			known, unknown := answers["ann@example.com"], answers["nobody@example.com"]
			if known.status != http.StatusOK || unknown.status != http.StatusOK {
				t.Errorf("statuses: known %d, unknown %d; want 200 for both", known.status, unknown.status)
			}
			if known.body != unknown.body {
				t.Errorf("the answers differ beyond the email:\nknown:\n%s\nunknown:\n%s", known.body, unknown.body)
			}
			for _, want := range []string{"Check your email", "If there&#39;s an account for EMAIL, we&#39;ve sent it a link", "30 minutes"} {
				if !strings.Contains(known.body, want) {
					t.Errorf("the answer lacks %q", want)
				}
			}

			link := e.resetLink("ann@example.com", 1)
			time.Sleep(300 * time.Millisecond) // several polls of the worker: nothing more goes out
			msgs := e.mail.Messages(t)
			if got, want := len(msgs), 1; got != want {
				t.Errorf("%d emails sent, want %d (to the account only)", got, want)
			}
			token := strings.TrimPrefix(link[strings.Index(link, "?"):], "?token=")
			var stored []string
			rows, err := e.db.SQL().Query(`SELECT token_hash FROM account_tokens`)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var h string
				if err := rows.Scan(&h); err != nil {
					t.Fatal(err)
				}
				stored = append(stored, h)
			}
			rows.Close()
			if got, want := strings.Join(stored, ","), account.HashSessionID(token); got != want {
				t.Errorf("account_tokens holds %q, want only the link's SHA-256 %q", got, want)
			}
			for name, secret := range map[string]string{"token": token, "known email": "ann@example.com", "unknown email": "nobody@example.com"} {
				if strings.Contains(e.logs.String(), secret) {
					t.Errorf("the log contains the %s", name)
				}
			}
		})
	}
}

// attrEscape is how html/template writes a URL's query in an attribute.
func attrEscape(q string) string { return strings.ReplaceAll(q, "&", "&amp;") }

// TestPasswordReset follows a reset link: it works once, with a password the policy accepts; it
// signs the person in where they reset and out everywhere else; the old password stops working.
func TestPasswordReset(t *testing.T) {
	t.Parallel()
	for name, dsn := range testDatabases(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := newMailEnv(t, dsn)
			ctx := t.Context()
			if _, err := e.p.CreateUser(ctx, "ann@example.com", annPassword, account.RoleMember); err != nil {
				t.Fatal(err)
			}
			phone, laptop := e.signInDevice("ann@example.com", annPassword), e.signInDevice("ann@example.com", annPassword)

			// Two links: using the second makes the first worthless too.
			e.forgot("ann@example.com")
			first := e.resetLink("ann@example.com", 1)
			e.forgot("ann@example.com")
			second := e.resetLink("ann@example.com", 2)
			if first == second {
				t.Fatalf("two requests gave the same link")
			}

			b := e.browser()
			resp, body := e.get(b, second)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("GET the link: %d, want 200", resp.StatusCode)
			}
			headers := []struct{ name, want string }{
				{"Referrer-Policy", "no-referrer"},
				{"Cache-Control", "no-store"},
			}
			for _, h := range headers {
				if got := resp.Header.Get(h.name); got != h.want {
					t.Errorf("the reset page's %s = %q, want %q", h.name, got, h.want)
				}
			}
			for _, want := range []string{"<h1>Choose a new password</h1>", "For ann@example.com.", `autocomplete="new-password"`,
				`<label class="label" for="new-password">New password</label>`, `aria-describedby="new-password-hint"`,
				`autocomplete="username" value="ann@example.com" hidden`, `name="token"`} {
				if !strings.Contains(body, want) {
					t.Errorf("the reset page lacks %s", want)
				}
			}
			token := strings.TrimPrefix(second[strings.Index(second, "?"):], "?token=")

			policy := []struct {
				name, password, want string
			}{
				{"a short password", "short", "Use at least 10 characters."},
				{"a common password", "password123", "too easy to guess"},
				{"the email", "ann@example.com", "can&#39;t be your email"},
			}
			for _, tt := range policy {
				resp, body := e.postForm(b, "/idp/reset", url.Values{"token": {token}, "new-password": {tt.password}})
				if resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, tt.want) ||
					!strings.Contains(body, `<a href="#new-password">`) || !strings.Contains(body, `aria-invalid="true"`) {
					t.Errorf("reset with %s: %d, want 400 with %q linked to the field", tt.name, resp.StatusCode, tt.want)
				}
			}

			resp, _ = e.postForm(b, "/idp/reset", url.Values{"token": {token}, "new-password": {newPassword}})
			if got, want := resp.StatusCode, http.StatusSeeOther; got != want {
				t.Fatalf("reset: %d, want %d", got, want)
			}
			if got, want := resp.Header.Get("Location"), e.srv.URL+"/auth/login"; got != want {
				t.Errorf("reset sends the browser to %q, want %q (the app's sign-in, which finds the new session)", got, want)
			}

			devices := []struct {
				name string
				d    device
				want sessionState
			}{
				{"the phone", phone, sessionState{}},
				{"the laptop", laptop, sessionState{}},
			}
			for _, tt := range devices {
				if got := e.stillSignedIn(tt.d); got != tt.want {
					t.Errorf("%s after the reset: signed in %+v, want %+v", tt.name, got, tt.want)
				}
			}
			if !e.providerSession(b) {
				t.Errorf("the browser that reset the password is not signed in")
			}

			links := []struct {
				name string
				link string
			}{
				{"the used link", second},
				{"the older link", first},
			}
			for _, tt := range links {
				resp, body := e.get(e.browser(), tt.link)
				if resp.StatusCode != http.StatusGone || !strings.Contains(body, "This link doesn&#39;t work any more") ||
					!strings.Contains(body, `href="/idp/forgot"`) || resp.Header.Get("Referrer-Policy") != "no-referrer" {
					t.Errorf("%s: %d, want 410 with a way to ask for a new link", tt.name, resp.StatusCode)
				}
			}
			if resp, _ := e.postForm(e.browser(), "/idp/reset", url.Values{"token": {token}, "new-password": {"yet another good one"}}); resp.StatusCode != http.StatusGone {
				t.Errorf("posting the used link again: %d, want 410", resp.StatusCode)
			}

			passwords := []struct {
				name, password string
				want           int
			}{
				{"the old password", annPassword, http.StatusUnauthorized},
				{"the new password", newPassword, http.StatusSeeOther},
			}
			for _, tt := range passwords {
				if got := e.signInStatus("ann@example.com", tt.password); got != tt.want {
					t.Errorf("signing in with %s: %d, want %d", tt.name, got, tt.want)
				}
			}
			for name, secret := range map[string]string{"token": token, "email": "ann@example.com", "new password": newPassword} {
				if strings.Contains(e.logs.String(), secret) {
					t.Errorf("the log contains the %s", name)
				}
			}
		})
	}
}

// TestResetLinkLifetime moves the clock: a link works for 30 minutes, and not after.
func TestResetLinkLifetime(t *testing.T) {
	t.Parallel()
	for name, dsn := range testDatabases(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := newMailEnv(t, dsn)
			if _, err := e.p.CreateUser(t.Context(), "ann@example.com", annPassword, account.RoleMember); err != nil {
				t.Fatal(err)
			}
			e.forgot("ann@example.com")
			link := e.resetLink("ann@example.com", 1)
			token := strings.TrimPrefix(link[strings.Index(link, "?"):], "?token=")
			steps := []struct {
				after time.Duration
				want  int
			}{
				{29 * time.Minute, http.StatusOK},
				{2 * time.Minute, http.StatusGone},
			}
			var elapsed time.Duration
			for _, tt := range steps {
				e.clock.advance(tt.after)
				elapsed += tt.after
				if resp, _ := e.get(e.browser(), link); resp.StatusCode != tt.want {
					t.Errorf("the link after %v: %d, want %d", elapsed, resp.StatusCode, tt.want)
				}
			}
			resp, _ := e.postForm(e.browser(), "/idp/reset", url.Values{"token": {token}, "new-password": {newPassword}})
			if resp.StatusCode != http.StatusGone {
				t.Errorf("posting an expired link: %d, want 410", resp.StatusCode)
			}
			if got := e.signInStatus("ann@example.com", annPassword); got != http.StatusSeeOther {
				t.Errorf("the old password after an expired link: %d, want 303 (unchanged)", got)
			}
		})
	}
}

// TestResetLimits asks for links until the limits refuse: per email, counted the same whether or
// not the email has an account, and per address; an hour later they are allowed again.
func TestResetLimits(t *testing.T) {
	t.Parallel()
	for name, dsn := range testDatabases(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := newMailEnv(t, dsn)
			if _, err := e.p.CreateUser(t.Context(), "ann@example.com", annPassword, account.RoleMember); err != nil {
				t.Fatal(err)
			}
			emails := []struct{ name, email string }{
				{"an email with an account", "ann@example.com"},
				{"an email without one", "nobody@example.com"},
			}
			for _, tt := range emails {
				for i := range resetEmailLimit + 1 {
					resp, body := e.forgot(tt.email)
					want := http.StatusOK
					if i == resetEmailLimit {
						want = http.StatusTooManyRequests
					}
					if resp.StatusCode != want {
						t.Errorf("request %d for %s: %d, want %d", i+1, tt.name, resp.StatusCode, want)
					}
					if want == http.StatusTooManyRequests && (!strings.Contains(body, "Too many attempts") || resp.Header.Get("Retry-After") == "") {
						t.Errorf("the refusal for %s lacks its message or Retry-After", tt.name)
					}
				}
			}
			// The address has made 2 × resetEmailLimit requests; refused ones do not count.
			for i := 2 * resetEmailLimit; i < resetAddressLimit; i++ {
				if resp, _ := e.forgot(fmt.Sprintf("someone%d@example.com", i)); resp.StatusCode != http.StatusOK {
					t.Errorf("request %d from the address: %d, want 200", i+1, resp.StatusCode)
				}
			}
			if resp, _ := e.forgot("one-more@example.com"); resp.StatusCode != http.StatusTooManyRequests {
				t.Errorf("request %d from the address: %d, want 429", resetAddressLimit+1, resp.StatusCode)
			}

			e.clock.advance(resetWindow + time.Minute)
			if resp, _ := e.forgot("ann@example.com"); resp.StatusCode != http.StatusOK {
				t.Errorf("an hour later: %d, want 200", resp.StatusCode)
			}
			e.mail.WaitForMessages(t, resetEmailLimit+1, 15*time.Second)
			time.Sleep(300 * time.Millisecond)
			if got, want := len(e.mail.Messages(t)), resetEmailLimit+1; got != want {
				t.Errorf("%d emails sent, want %d, all to the account", got, want)
			}
		})
	}
}

// TestChangePassword changes a signed-in member's password from the account page: a wrong current
// password counts as a failed sign-in; the right one ends every other session and token, and this
// browser stays signed in.
func TestChangePassword(t *testing.T) {
	t.Parallel()
	for name, dsn := range testDatabases(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := newTestEnvOn(t, dsn)
			ctx := t.Context()
			if _, err := e.p.CreateUser(ctx, "ann@example.com", annPassword, account.RoleMember); err != nil {
				t.Fatal(err)
			}

			// Signed out, the account pages go through the app's sign-in and come back.
			for _, path := range []string{"/idp/account", "/idp/account/password"} {
				resp, _ := e.get(e.browser(), e.srv.URL+path)
				want := e.srv.URL + "/auth/login?" + url.Values{"returnTo": {path}}.Encode()
				if got := resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || got != want {
					t.Errorf("GET %s signed out: %d to %q, want 303 to %q", path, resp.StatusCode, got, want)
				}
			}

			here, phone := e.signInDevice("ann@example.com", annPassword), e.signInDevice("ann@example.com", annPassword)
			resp, body := e.get(here.browser, e.srv.URL+"/idp/account")
			for _, want := range []string{"<h1>Your account</h1>", "You&#39;re signed in as ann@example.com.", `href="/idp/account/password"`,
				`action="/idp/account/sign-out-everywhere"`, "Sign out everywhere</button>"} {
				if !strings.Contains(body, want) {
					t.Errorf("the account page lacks %s", want)
				}
			}
			if resp.StatusCode != http.StatusOK || strings.Count(body, "<h1") != 1 {
				t.Errorf("the account page: %d with %d h1, want 200 with one", resp.StatusCode, strings.Count(body, "<h1"))
			}
			_, body = e.get(here.browser, e.srv.URL+"/idp/account/password")
			for _, want := range []string{`autocomplete="current-password"`, `autocomplete="new-password"`,
				`<label class="label" for="current-password">Current password</label>`, `autocomplete="username" value="ann@example.com" hidden`} {
				if !strings.Contains(body, want) {
					t.Errorf("the change-password page lacks %s", want)
				}
			}

			user, _, err := e.db.CredentialsByEmail(ctx, "ann@example.com")
			if err != nil {
				t.Fatal(err)
			}
			accountKey := e.p.attemptKey(idpstore.AttemptScopeAccount, "ann@example.com")
			tries := []struct {
				name, current, password string
				status                  int
				want                    []string
				failures                int // the account's failed sign-ins since the test began
			}{
				{"nothing", "", "", http.StatusBadRequest, []string{`<a href="#current-password">Enter your current password.</a>`, `<a href="#new-password">Enter a new password.</a>`}, 0},
				{"a wrong current password", "not my password", newPassword, http.StatusUnauthorized,
					[]string{`<a href="#current-password">That isn&#39;t your current password.</a>`, `href="/idp/forgot"`}, 1},
				{"a short new password", annPassword, "short", http.StatusBadRequest, []string{`<a href="#new-password">Use at least 10 characters.</a>`}, 0},
			}
			for _, tt := range tries {
				e.clock.advance(time.Second) // a success at the same instant would hide a failure
				resp, body := e.postForm(here.browser, "/idp/account/password", url.Values{"current-password": {tt.current}, "new-password": {tt.password}})
				if resp.StatusCode != tt.status {
					t.Errorf("%s: %d, want %d", tt.name, resp.StatusCode, tt.status)
				}
				for _, want := range tt.want {
					if !strings.Contains(body, want) {
						t.Errorf("%s: the page lacks %s", tt.name, want)
					}
				}
				f, err := e.db.LoginFailures(ctx, idpstore.AttemptScopeAccount, accountKey, e.clock.now().Add(-time.Hour))
				if err != nil {
					t.Fatal(err)
				}
				if f.Count != tt.failures {
					t.Errorf("after %s: %d failed sign-ins counted, want %d", tt.name, f.Count, tt.failures)
				}
			}

			resp, _ = e.postForm(here.browser, "/idp/account/password", url.Values{"current-password": {annPassword}, "new-password": {newPassword}})
			back := "/idp/account?changed=password"
			wantLocation := e.srv.URL + "/auth/login?" + url.Values{"returnTo": {back}}.Encode()
			if got := resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || got != wantLocation {
				t.Fatalf("change: %d to %q, want 303 to %q", resp.StatusCode, got, wantLocation)
			}
			devices := []struct {
				name string
				d    device
				want sessionState
			}{
				{"this browser", here, sessionState{provider: true}}, // its app session comes back through /auth/login
				{"the phone", phone, sessionState{}},
			}
			for _, tt := range devices {
				if got := e.stillSignedIn(tt.d); got != tt.want {
					t.Errorf("%s after the change: signed in %+v, want %+v", tt.name, got, tt.want)
				}
			}
			_, body = e.get(here.browser, e.srv.URL+back)
			if want := `<p class="notice" role="status">Your password is changed.`; !strings.Contains(body, want) {
				t.Errorf("the account page after the change lacks %s", want)
			}
			if got, want := e.signInStatus("ann@example.com", annPassword), http.StatusUnauthorized; got != want {
				t.Errorf("the old password: %d, want %d", got, want)
			}
			if got, want := e.signInStatus("ann@example.com", newPassword), http.StatusSeeOther; got != want {
				t.Errorf("the new password: %d, want %d", got, want)
			}
			if _, err := e.db.UserByID(ctx, user.ID); err != nil {
				t.Errorf("the account after the change: %v", err)
			}

			// Wrong current passwords count toward the sign-in limits: the pair limit pauses them.
			for range pairAttemptLimit {
				e.clock.advance(time.Second)
				e.postForm(here.browser, "/idp/account/password", url.Values{"current-password": {"still not it!"}, "new-password": {annPassword}})
			}
			resp, body = e.postForm(here.browser, "/idp/account/password", url.Values{"current-password": {newPassword}, "new-password": {annPassword}})
			if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, "Too many attempts") {
				t.Errorf("after %d wrong current passwords: %d, want 429", pairAttemptLimit, resp.StatusCode)
			}
		})
	}
}

// TestSignOutEverywhere ends every session and token of the account from the account page; a form
// posted from another site is refused.
func TestSignOutEverywhere(t *testing.T) {
	t.Parallel()
	for name, dsn := range testDatabases(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := newTestEnvOn(t, dsn)
			ctx := t.Context()
			for _, email := range []string{"ann@example.com", "bob@example.com"} {
				if _, err := e.p.CreateUser(ctx, email, annPassword, account.RoleMember); err != nil {
					t.Fatal(err)
				}
			}
			here, phone := e.signInDevice("ann@example.com", annPassword), e.signInDevice("ann@example.com", annPassword)
			bob := e.signInDevice("bob@example.com", annPassword)

			req, _ := http.NewRequest(http.MethodPost, e.srv.URL+"/idp/account/sign-out-everywhere", strings.NewReader(""))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Sec-Fetch-Site", "cross-site")
			if resp, _ := e.do(here.browser, req); resp.StatusCode != http.StatusForbidden {
				t.Errorf("a cross-site post: %d, want 403", resp.StatusCode)
			}
			if resp, _ := e.postForm(e.browser(), "/idp/account/sign-out-everywhere", nil); resp.StatusCode != http.StatusSeeOther {
				t.Errorf("a post without a session: %d, want 303 to sign in", resp.StatusCode)
			}

			resp, body := e.postForm(here.browser, "/idp/account/sign-out-everywhere", nil)
			if resp.StatusCode != http.StatusOK || !strings.Contains(body, "<h1>You&#39;re signed out everywhere</h1>") {
				t.Errorf("sign out everywhere: %d, want 200 with the signed-out page", resp.StatusCode)
			}
			devices := []struct {
				name string
				d    device
				want sessionState
			}{
				{"this browser", here, sessionState{}},
				{"the phone", phone, sessionState{}},
				{"another member", bob, sessionState{refresh: true, web: true, provider: true}},
			}
			for _, tt := range devices {
				if got := e.stillSignedIn(tt.d); got != tt.want {
					t.Errorf("%s: signed in %+v, want %+v", tt.name, got, tt.want)
				}
			}
		})
	}
}

// TestForgotWithoutMail checks that a server that sends no email never says it sent one.
func TestForgotWithoutMail(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		mailer Mailer
	}{
		{"no outbox", nil},
		{"an outbox that is off", mail.NewDisabledOutbox(nil)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := newTestEnv(t)
			if _, err := e.p.CreateUser(t.Context(), "ann@example.com", annPassword, account.RoleMember); err != nil {
				t.Fatal(err)
			}
			e.p.cfg.Mail = tt.mailer
			answers := []struct {
				method string
				status int
			}{
				{http.MethodGet, http.StatusOK},
				{http.MethodPost, http.StatusServiceUnavailable},
			}
			for _, a := range answers {
				var (
					resp *http.Response
					body string
				)
				if a.method == http.MethodGet {
					resp, body = e.get(e.browser(), e.srv.URL+"/idp/forgot")
				} else {
					resp, body = e.postForm(e.browser(), "/idp/forgot", url.Values{"email": {"ann@example.com"}})
				}
				if resp.StatusCode != a.status || !strings.Contains(body, "We can&#39;t send email yet") || !strings.Contains(body, "contact the Wayfinder team") {
					t.Errorf("%s /idp/forgot: %d, want %d saying email isn't set up", a.method, resp.StatusCode, a.status)
				}
				if strings.Contains(body, "we&#39;ve sent") || strings.Contains(body, "<form") {
					t.Errorf("%s /idp/forgot without mail promises an email or offers the form", a.method)
				}
			}
			var n int
			if err := e.db.SQL().QueryRow(`SELECT COUNT(*) FROM account_tokens`).Scan(&n); err != nil || n != 0 {
				t.Errorf("account tokens made without mail: %d (%v), want 0", n, err)
			}
		})
	}
}
