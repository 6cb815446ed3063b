package idp

import (
	"net/http"
	"net/url"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/idp/idpstore"
	"wayfinder/internal/mail/mailtest"
)

// The subjects of the emails these tests expect.
const (
	verificationSubject  = "Confirm your email for Wayfinder"
	accountExistsSubject = "You already have an account with Wayfinder"
)

var verificationLinkPattern = regexp.MustCompile(`http://\S+/idp/verify\?token=[A-Za-z0-9_-]+`)

// mailTo waits until at least n messages have arrived in all and returns those to to, oldest first.
func (e *mailEnv) mailTo(to string, n int) []mailtest.Message {
	e.t.Helper()
	var out []mailtest.Message
	all := e.mail.WaitForMessages(e.t, n, 15*time.Second)
	for i := len(all) - 1; i >= 0; i-- {
		if s := all[i]; len(s.To) == 1 && s.To[0].Address == to {
			out = append(out, e.mail.Message(e.t, s.ID))
		}
	}
	return out
}

// verificationLinkIn returns the confirmation link of a message, or fails the test.
func (e *mailEnv) verificationLinkIn(m mailtest.Message) string {
	e.t.Helper()
	if m.Subject != verificationSubject {
		e.t.Fatalf("the email's subject = %q, want %q", m.Subject, verificationSubject)
	}
	link := verificationLinkPattern.FindString(m.Text)
	if !strings.HasPrefix(link, e.srv.URL+"/idp/verify?token=") {
		e.t.Fatalf("the email has no confirmation link of this server:\n%s", m.Text)
	}
	return link
}

// openSignUp opens the sign-up page for a in browser b and returns the page's flow.
func (e *testEnv) openSignUp(b *http.Client, a authRequest) string {
	e.t.Helper()
	a.query.Set("screen_hint", "signup")
	resp, _ := e.get(b, e.authorizeURL(a))
	if resp.StatusCode != http.StatusOK || resp.Request.URL.Path != "/idp/signup" {
		e.t.Fatalf("authorize with screen_hint=signup: %d at %s, want 200 at /idp/signup", resp.StatusCode, resp.Request.URL.Path)
	}
	return flowOf(resp)
}

// continueAfterSignUp presses Continue on "check your inbox" in browser b.
func (e *testEnv) continueAfterSignUp(b *http.Client, flow string) (*http.Response, string) {
	e.t.Helper()
	return e.get(b, e.srv.URL+"/idp/continue?"+url.Values{"flow": {flow}}.Encode())
}

// idClaims verifies an ID token and returns its claims.
func (e *testEnv) idClaims(token string) map[string]any {
	e.t.Helper()
	_, claims := verifyJWT(e.t, token, e.jwks())
	return claims
}

// TestEmailVerification signs up, follows the emailed link, and checks that the refreshed ID token
// and userinfo then say the email is verified, and that no link works twice, late or made up.
func TestEmailVerification(t *testing.T) {
	t.Parallel()
	for dialect, dsn := range testDatabases(t) {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			e := newMailEnv(t, dsn)
			b := e.browser()
			a := e.authRequest(nil)
			flow := e.openSignUp(b, a)

			resp, body := e.postForm(b, "/idp/signup", url.Values{"flow": {flow}, "email": {"Sam@Example.com"}, "password": {annPassword}})
			if got, want := resp.StatusCode, http.StatusOK; got != want {
				t.Fatalf("sign-up: status %d, want %d; body %s", got, want, body)
			}
			for _, want := range []string{"<h1>Check your inbox</h1>", "We&#39;ve sent a link to confirm <strong class=\"inbox-email\">sam@example.com</strong>. You can carry on now.",
				`action="/idp/continue"`, `<button class="button" type="submit" autofocus>Continue</button>`} {
				if !strings.Contains(body, want) {
					t.Errorf("the page after sign-up lacks %q:\n%s", want, body)
				}
			}

			msgs := e.mailTo("sam@example.com", 1)
			if got, want := len(msgs), 1; got != want {
				t.Fatalf("emails to sam = %d, want %d", got, want)
			}
			link := e.verificationLinkIn(msgs[0])

			// Continue carries the sign-in on: the new account is signed in, not yet verified.
			resp, _ = e.continueAfterSignUp(b, flow)
			code := callback(t, resp).Get("code")
			status, tokens := e.exchange(code, a)
			if status != http.StatusOK {
				t.Fatalf("code exchange: %d %s", status, tokens.Error)
			}
			claimsBefore := e.idClaims(tokens.IDToken)
			_, infoBefore := e.userinfo(tokens.AccessToken)

			// The link is opened in the mail program's browser, which has no session.
			resp, body = e.get(http.DefaultClient, link)
			if got, want := resp.StatusCode, http.StatusOK; got != want {
				t.Fatalf("following the link: status %d, want %d; body %s", got, want, body)
			}
			if !strings.Contains(body, "Your email is confirmed") || !strings.Contains(body, `href="`+e.srv.URL+`/account"`) {
				t.Errorf("the confirmation page lacks its heading or the way back to the app:\n%s", body)
			}
			if got, want := resp.Header.Get("Referrer-Policy"), "no-referrer"; got != want {
				t.Errorf("Referrer-Policy = %q, want %q", got, want)
			}

			status, refreshed := e.token(WebClientID, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tokens.RefreshToken}})
			if status != http.StatusOK {
				t.Fatalf("refresh: %d %s", status, refreshed.Error)
			}
			claimsAfter := e.idClaims(refreshed.IDToken)
			_, infoAfter := e.userinfo(refreshed.AccessToken)
			checks := []struct {
				name string
				got  any
				want any
			}{
				{"ID token before", claimsBefore["email_verified"], false},
				{"userinfo before", infoBefore["email_verified"], false},
				{"refreshed ID token", claimsAfter["email_verified"], true},
				{"userinfo after", infoAfter["email_verified"], true},
				{"refreshed ID token's email", claimsAfter["email"], "sam@example.com"},
			}
			for _, c := range checks {
				if c.got != c.want {
					t.Errorf("%s: email_verified = %v, want %v", c.name, c.got, c.want)
				}
			}

			// A second account's link, left for longer than it lasts.
			kit := e.browser()
			resp, _ = e.postForm(kit, "/idp/signup", url.Values{"flow": {e.openSignUp(kit, e.authRequest(nil))}, "email": {"kit@example.com"}, "password": {annPassword}})
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("kit's sign-up: %d", resp.StatusCode)
			}
			kitLink := e.verificationLinkIn(e.mailTo("kit@example.com", 2)[0])
			e.clock.advance(account.VerificationLinkLifetime + time.Minute)

			refused := []struct {
				name string
				link string
			}{
				{"a used link", link},
				{"an expired link", kitLink},
				{"a made-up link", e.srv.URL + "/idp/verify?token=MADEUPMADEUPMADEUPMADEUP12"},
				{"no token", e.srv.URL + "/idp/verify"},
				{"a token too long", e.srv.URL + "/idp/verify?token=" + strings.Repeat("A", 200)},
			}
			for _, tt := range refused {
				resp, body := e.get(http.DefaultClient, tt.link)
				if got, want := resp.StatusCode, http.StatusGone; got != want {
					t.Errorf("%s: status %d, want %d", tt.name, got, want)
				}
				if !strings.Contains(body, "This link doesn&#39;t work any more") || !strings.Contains(body, "more than 7 days old") {
					t.Errorf("%s: the page lacks its kind explanation:\n%s", tt.name, body)
				}
				if got, want := resp.Header.Get("Referrer-Policy"), "no-referrer"; got != want {
					t.Errorf("%s: Referrer-Policy = %q, want %q", tt.name, got, want)
				}
			}
			kitUser, _, err := e.db.CredentialsByEmail(t.Context(), "kit@example.com")
			if err != nil || kitUser.EmailVerified {
				t.Errorf("kit after an expired link: EmailVerified = %v (err %v), want false", kitUser.EmailVerified, err)
			}

			// Neither an email address nor a link ever reaches the log.
			for _, secret := range []string{"sam@example.com", "kit@example.com", strings.SplitN(link, "token=", 2)[1], strings.SplitN(kitLink, "token=", 2)[1]} {
				if strings.Contains(e.logs.String(), secret) {
					t.Errorf("the log contains %q", secret)
				}
			}
		})
	}
}

// TestVerificationLinkForAnOldAddress checks that a link confirms only the address it was sent
// to: once the account has another, it confirms nothing.
func TestVerificationLinkForAnOldAddress(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	ctx := t.Context()
	u, err := e.p.CreateUser(ctx, "old@example.com", annPassword, account.RoleMember)
	if err != nil {
		t.Fatal(err)
	}
	now := e.clock.now()
	if err := e.db.CreateAccountToken(ctx, idpstore.AccountToken{Hash: account.HashSessionID("OLDADDRESSTOKEN"), Purpose: idpstore.TokenEmailVerification,
		UserID: u.ID, Email: "another@example.com", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	resp, _ := e.get(http.DefaultClient, e.srv.URL+"/idp/verify?token=OLDADDRESSTOKEN")
	if got, want := resp.StatusCode, http.StatusGone; got != want {
		t.Errorf("a link for another address: status %d, want %d", got, want)
	}
	if got, err := e.db.UserByID(ctx, u.ID); err != nil || got.EmailVerified {
		t.Errorf("EmailVerified = %v (err %v), want false", got.EmailVerified, err)
	}
}

// TestSignUpWithTakenEmail signs up with an email that has an account: the answer is the same as
// for a new email, no 409 anywhere, the owner gets an email instead, their password still works
// and nothing about their account changed. Their own password signs them in.
func TestSignUpWithTakenEmail(t *testing.T) {
	t.Parallel()
	for dialect, dsn := range testDatabases(t) {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			e := newMailEnv(t, dsn)
			ctx := t.Context()
			ann, err := e.p.CreateUser(ctx, "ann@example.com", annPassword, account.RoleMember)
			if err != nil {
				t.Fatal(err)
			}
			_, hashBefore, err := e.db.CredentialsByEmail(ctx, "ann@example.com")
			if err != nil {
				t.Fatal(err)
			}

			// Every sign-up answers the same authorization request, so their pages can be compared.
			a := e.authRequest(nil)
			type answer struct {
				status int
				cookie bool
				body   string
			}
			signUp := func(email, shown string) (answer, *http.Client, string) {
				b := e.browser()
				flow := e.openSignUp(b, a)
				resp, body := e.postForm(b, "/idp/signup", url.Values{"flow": {flow}, "email": {email}, "password": {"another fine password"}})
				cookie := strings.Contains(strings.Join(resp.Header.Values("Set-Cookie"), "\n"), e.p.cookieName+"=")
				return answer{resp.StatusCode, cookie, strings.ReplaceAll(body, shown, "EMAIL")}, b, flow
			}
			newAnswer, newBrowser, newFlow := signUp("new@example.com", "new@example.com")
			if newAnswer.status != http.StatusOK || !newAnswer.cookie || !strings.Contains(newAnswer.body, "Check your inbox") {
				t.Fatalf("a new email: status %d, cookie %v; want 200 with the session cookie and \"check your inbox\"", newAnswer.status, newAnswer.cookie)
			}
			taken := []struct {
				name, email string
			}{
				{"a taken email", "ann@example.com"},
				{"a taken email in other letters", " ANN@Example.com"},
			}
			var takenBrowsers []*http.Client
			for _, tt := range taken {
				got, b, flow := signUp(tt.email, "ann@example.com")
				if got.status == http.StatusConflict {
					t.Errorf("%s: 409", tt.name)
				}
				if !reflect.DeepEqual(got, newAnswer) {
					t.Errorf("%s: answer (status %d, cookie %v) differs from a new email's (status %d, cookie %v):\n%s\nwant:\n%s",
						tt.name, got.status, got.cookie, newAnswer.status, newAnswer.cookie, got.body, newAnswer.body)
				}
				if flow != newFlow {
					t.Errorf("%s: the flow differs from a new email's, so Continue would too", tt.name)
				}
				takenBrowsers = append(takenBrowsers, b)
			}

			// The new address gets its link; the owner gets "you already have an account", once
			// for each try, with the links to sign in and to reset the password.
			e.mail.WaitForMessages(t, 1+len(taken), 15*time.Second)
			if got := e.mailTo("new@example.com", 1+len(taken)); len(got) != 1 || got[0].Subject != verificationSubject {
				t.Errorf("emails to the new address = %d, want one confirmation", len(got))
			}
			annMail := e.mailTo("ann@example.com", 1+len(taken))
			if got, want := len(annMail), len(taken); got != want {
				t.Fatalf("emails to ann = %d, want %d", got, want)
			}
			for _, m := range annMail {
				if m.Subject != accountExistsSubject || !strings.Contains(m.Text, e.srv.URL+"/idp/login") || !strings.Contains(m.Text, e.srv.URL+"/idp/forgot") {
					t.Errorf("ann's email = %q, want %q with the sign-in and reset links:\n%s", m.Subject, accountExistsSubject, m.Text)
				}
			}

			// Continue: the new account carries on into the app; the other browsers get the
			// sign-in page, with no code and no session.
			resp, _ := e.continueAfterSignUp(newBrowser, newFlow)
			if callback(t, resp).Get("code") == "" {
				t.Errorf("Continue after a new sign-up: no code for the app")
			}
			for i, b := range takenBrowsers {
				resp, body := e.continueAfterSignUp(b, newFlow)
				if resp.StatusCode != http.StatusOK || !strings.Contains(body, "<h1>Sign in to carry on</h1>") || !strings.Contains(body, `action="/idp/login"`) {
					t.Errorf("Continue after %s: status %d, want 200 with the sign-in form:\n%s", taken[i].name, resp.StatusCode, body)
				}
			}

			// Nothing about ann's account changed, and her password still works.
			after, hashAfter, err := e.db.CredentialsByEmail(ctx, "ann@example.com")
			if err != nil || !reflect.DeepEqual(after, ann) || hashAfter != hashBefore {
				t.Errorf("ann's account after the sign-ups = %+v (err %v, same hash %v), want it unchanged: %+v", after, err, hashAfter == hashBefore, ann)
			}
			b := e.browser()
			resp, _ = e.get(b, e.authorizeURL(e.authRequest(nil)))
			resp, _ = e.postForm(b, "/idp/login", url.Values{"flow": {flowOf(resp)}, "email": {"ann@example.com"}, "password": {annPassword}})
			if callback(t, resp).Get("code") == "" {
				t.Errorf("ann's password after the sign-ups: no code")
			}

			// Ann signs up with her own password: she is signed in, as at the sign-in page.
			b = e.browser()
			resp, _ = e.postForm(b, "/idp/signup", url.Values{"flow": {e.openSignUp(b, e.authRequest(nil))}, "email": {"ann@example.com"}, "password": {annPassword}})
			if got := callback(t, resp).Get("code"); got == "" {
				t.Errorf("sign-up with ann's own password: no code")
			}

			for _, secret := range []string{"ann@example.com", "new@example.com", "another fine password", annPassword} {
				if strings.Contains(e.logs.String(), secret) {
					t.Errorf("the log contains %q", secret)
				}
			}
		})
	}
}

// TestSignUpWithoutMail checks sign-up where no email can be sent: a new account goes straight into
// the app, a taken email gets the sign-in page with a neutral sentence (never a 409), no page
// speaks of an email, and the sign-up limit holds for both.
func TestSignUpWithoutMail(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	e.p.signupsPerHour = 3
	if _, err := e.p.CreateUser(t.Context(), "ann@example.com", annPassword, account.RoleMember); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		email      string
		wantStatus int
		wantCode   bool   // the answer carries the app's code
		wantText   string // part of the page
	}{
		{"a new email", "new@example.com", http.StatusSeeOther, true, ""},
		{"a taken email", "ann@example.com", http.StatusOK, false, "<h1>Sign in to carry on</h1>"},
		{"a taken email again", "ann@example.com", http.StatusOK, false, `value="ann@example.com"`},
		{"over the sign-up limit, taken", "ann@example.com", http.StatusTooManyRequests, false, "Too many attempts"},
		{"over the sign-up limit, new", "other@example.com", http.StatusTooManyRequests, false, "Too many attempts"},
	}
	for _, tt := range tests {
		b := e.browser()
		resp, body := e.postForm(b, "/idp/signup", url.Values{"flow": {e.openSignUp(b, e.authRequest(nil))}, "email": {tt.email}, "password": {"another fine password"}})
		if got, want := resp.StatusCode, tt.wantStatus; got != want {
			t.Errorf("%s: status %d, want %d", tt.name, got, want)
			continue
		}
		if tt.wantCode && callback(t, resp).Get("code") == "" {
			t.Errorf("%s: no code for the app", tt.name)
		}
		if !strings.Contains(body, tt.wantText) || strings.Contains(body, "inbox") || strings.Contains(body, "We&#39;ve sent") {
			t.Errorf("%s: the page lacks %q, or speaks of an email:\n%s", tt.name, tt.wantText, body)
		}
	}
}

// TestSendVerificationEmail asks for new links: a few an hour, none once the address is confirmed,
// and none where no email can be sent.
func TestSendVerificationEmail(t *testing.T) {
	t.Parallel()
	for dialect, dsn := range testDatabases(t) {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			e := newMailEnv(t, dsn)
			ctx := t.Context()
			b := e.browser()
			resp, _ := e.postForm(b, "/idp/signup", url.Values{"flow": {e.openSignUp(b, e.authRequest(nil))}, "email": {"sam@example.com"}, "password": {annPassword}})
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("sign-up: %d", resp.StatusCode)
			}
			sam, _, err := e.db.CredentialsByEmail(ctx, "sam@example.com")
			if err != nil {
				t.Fatal(err)
			}
			sent := 1 // at sign-up
			steps := []struct {
				name     string
				advance  time.Duration
				wantCode apperr.Code
			}{
				{"a second link", time.Minute, ""},
				{"a third link", time.Minute, ""},
				{"a fourth within the hour", time.Minute, apperr.RateLimited},
				{"an hour after the first", time.Hour - 2*time.Minute, ""},
			}
			for _, tt := range steps {
				e.clock.advance(tt.advance)
				err := e.p.SendVerificationEmail(ctx, sam.ID)
				if got := apperr.CodeOf(err); got != tt.wantCode {
					t.Fatalf("%s: SendVerificationEmail() code %q, want %q (err %v)", tt.name, got, tt.wantCode, err)
				}
				if err == nil {
					sent++
				}
			}
			msgs := e.mailTo("sam@example.com", sent)
			if got := len(msgs); got != sent {
				t.Fatalf("emails to sam = %d, want %d", got, sent)
			}
			// Any of the links confirms the address; then no more are sent.
			if resp, _ := e.get(http.DefaultClient, e.verificationLinkIn(msgs[1])); resp.StatusCode != http.StatusOK {
				t.Fatalf("following the second link: %d", resp.StatusCode)
			}
			e.clock.advance(2 * time.Hour)
			err = e.p.SendVerificationEmail(ctx, sam.ID)
			if got, want := apperr.CodeOf(err), apperr.Conflict; got != want || !strings.Contains(err.Error(), "confirmed already") {
				t.Errorf("once confirmed: SendVerificationEmail() = %v, want %s saying it is confirmed already", err, want)
			}

			// Without mail there is nothing to send.
			e.p.cfg.Mail = nil
			kit, err := e.p.CreateUser(ctx, "kit@example.com", annPassword, account.RoleMember)
			if err != nil {
				t.Fatal(err)
			}
			err = e.p.SendVerificationEmail(ctx, kit.ID)
			if got, want := apperr.CodeOf(err), apperr.Conflict; got != want || !strings.Contains(err.Error(), "can’t send emails") {
				t.Errorf("mail off: SendVerificationEmail() = %v, want %s saying no emails are sent", err, want)
			}
		})
	}
}
