package idp

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	_ "embed" // the pages' own style sheet
	"encoding/base64"
	"encoding/hex"
	"errors"
	"html/template"
	"io/fs"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/clientaddr"
	"wayfinder/internal/idp/idpstore"
	"wayfinder/internal/messages"
	"wayfinder/web"
)

//go:embed templates/pages.html
var pageTemplates string

//go:embed static/idp.css
var pageCSS []byte

// fontFile is the display font, served beside the style sheet that names it.
const fontFile = "lexend-latin-wght-normal.woff2"

// assets are the static files as served: each name maps to its content, and the style sheet's font
// URL carries the font's content hash, so both can be cached for a year and still change on deploy.
type asset struct {
	body        []byte
	contentType string
	version     string
}

// assets builds the pages' one style sheet from the app's own fonts.css and tokens.css (the design
// tokens and the display font have one source, web/src/styles) followed by the pages' own rules, and
// serves the app's font file and its licence beside it.
var assets = func() map[string]asset {
	design := web.Design()
	read := func(name string) []byte {
		b, err := fs.ReadFile(design, name)
		if err != nil {
			// The files are embedded at build time, so a missing one is a broken build.
			panic(err)
		}
		return b
	}
	font := asset{body: read("fonts/" + fontFile), contentType: "font/woff2"}
	font.version = contentVersion(font.body)
	fonts := bytes.ReplaceAll(read("fonts.css"), []byte("./fonts/"+fontFile), []byte(fontFile+"?v="+font.version))
	css := asset{body: bytes.Join([][]byte{fonts, read("tokens.css"), pageCSS}, []byte("\n")), contentType: "text/css; charset=utf-8"}
	css.version = contentVersion(css.body)
	return map[string]asset{
		fontFile:  font,
		"idp.css": css,
		"OFL.txt": {body: read("fonts/OFL.txt"), contentType: "text/plain; charset=utf-8"},
	}
}()

func contentVersion(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:6])
}

func parsePages() (*template.Template, error) {
	return template.New("pages").Parse(pageTemplates)
}

// Static serves the pages' style sheet, the display font and its licence (/idp/static/...).
// A request naming the current version gets a year-long cache; any other a short one.
func (p *Provider) Static(w http.ResponseWriter, r *http.Request) {
	a, ok := assets[path.Base(r.URL.Path)]
	if !ok || path.Base(r.URL.Path) == "." {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", a.contentType)
	if a.version != "" && r.URL.Query().Get("v") == a.version {
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "public, max-age=300")
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(a.body))
}

// summaryItem is one line of a page's error summary: a message linking to its field, or plain text,
// optionally followed by a link elsewhere.
type summaryItem struct {
	Field    string
	Message  string
	LinkURL  string
	LinkText string
}

// formView is the sign-in or sign-up form.
type formView struct {
	Action              string
	EmailLabel          string
	Flow                string
	Email               string
	EmailError          string
	PasswordLabel       string
	PasswordHint        string
	PasswordError       string
	PasswordDescribedBy string
	Autocomplete        string
	Button              string
	SwitchText          string
	SwitchLinkText      string
	SwitchURL           string
	// ForgotURL, on the sign-in form, leads to "Forgot your password?" (ForgotText) with the same
	// flow.
	ForgotURL, ForgotText string
}

// pageView is everything a page shows. The words every page has (the skip link, the home link's
// name, the error summary's heading and the hidden "Error: " before each field's error) come with
// it, so the template holds no words of its own.
type pageView struct {
	Lang         string
	SkipLink     string
	HomeLabel    string
	ErrorSummary string
	ErrorPrefix  string
	Title        string
	Heading      string
	Lead         string
	Brand        string
	HomeURL      string
	CSSURL       string
	FontURL      string
	Summary      []summaryItem
	Form         *formView
	Body         string
	LinkURL      string
	LinkText     string
	// Recovery is the content of the password and account pages (recovery.go), when set.
	Recovery *recoveryView
	// Inbox is the content of "check your inbox" after a sign-up (verification.go), when set.
	Inbox *inboxView
}

func (p *Provider) newView(titleKey messages.Key, summary []summaryItem) pageView {
	title := p.msg.T(titleKey) + p.msg.T(msgPageTitleSuffix)
	if len(summary) > 0 {
		title = p.msg.T(msgErrorTitlePrefix) + title
	}
	return pageView{
		Lang:         p.msg.language(),
		SkipLink:     p.msg.T(msgSkipToContent),
		HomeLabel:    p.msg.T(msgHomeLink),
		ErrorSummary: p.msg.T(msgErrorSummary),
		ErrorPrefix:  p.msg.T(msgErrorTitlePrefix),
		Title:        title,
		Brand:        p.cfg.BrandName,
		HomeURL:      p.cfg.PublicURL + "/",
		CSSURL:       p.path("/static/idp.css") + "?v=" + assets["idp.css"].version,
		FontURL:      p.path("/static/"+fontFile) + "?v=" + assets[fontFile].version,
		Summary:      summary,
	}
}

// render writes a page with its own content security policy: nothing but this origin's style sheet
// and font, and forms that may post here and, after signing in, continue to the flow's client.
func (p *Provider) render(w http.ResponseWriter, r *http.Request, status int, v pageView, formTargets ...string) {
	var buf bytes.Buffer
	if err := p.pages.ExecuteTemplate(&buf, "page", v); err != nil {
		p.log.ErrorContext(r.Context(), "a sign-in page cannot be rendered", "err", err)
		http.Error(w, p.msg.T(msgSomethingWrong), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'self'; font-src 'self'; img-src 'self'; "+
		"form-action 'self'"+strings.Join(append([]string{""}, formTargets...), " ")+"; "+
		"frame-ancestors 'none'; base-uri 'none'")
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// renderMessage shows a page of one heading, a sentence (filled in from params) and a button link.
func (p *Provider) renderMessage(w http.ResponseWriter, r *http.Request, status int, titleKey, headingKey, bodyKey messages.Key, linkURL string, linkKey messages.Key, params ...messages.Params) {
	v := p.newView(titleKey, nil)
	v.Heading, v.Body, v.LinkURL, v.LinkText = p.msg.T(headingKey), p.msg.T(bodyKey, params...), linkURL, p.msg.T(linkKey)
	p.render(w, r, status, v)
}

// requestProblem answers an authorization request that cannot go back to its client: the page
// names no cause (reason goes to the log only).
func (p *Provider) requestProblem(w http.ResponseWriter, r *http.Request, status int, reason string) {
	p.log.WarnContext(r.Context(), "sign-in request refused", "reason", reason)
	p.renderMessage(w, r, status, msgRequestTitleShort, msgRequestTitle, msgRequestBody, p.cfg.PublicURL+"/", msgRequestBack)
}

// formState is what a submitted or re-shown form holds.
type formState struct {
	flow    string
	email   string
	summary []summaryItem
	emailErr,
	passwordErr string
}

// signInView and signUpView build the two forms. Each links to the other with the same flow, so
// switching keeps the app's request.
func (p *Provider) signInView(st formState) pageView {
	v := p.newView(msgSignInTitleShort, st.summary)
	v.Heading, v.Lead = p.msg.T(msgSignInTitle), p.msg.T(msgSignInLead)
	f := &formView{
		Action: p.path("/login"), Flow: st.flow, EmailLabel: p.msg.T(msgEmailLabel), Email: st.email, EmailError: st.emailErr,
		PasswordLabel: p.msg.T(msgPasswordLabel), PasswordError: st.passwordErr, Autocomplete: "current-password",
		Button: p.msg.T(msgSignInButton), SwitchText: p.msg.T(msgSignInSwitch), SwitchLinkText: p.msg.T(msgSignInSwitchLink),
		SwitchURL: p.flowURL("/signup", st.flow), ForgotURL: p.flowURL("/forgot", st.flow), ForgotText: p.msg.T(msgForgotLink),
	}
	if st.passwordErr != "" {
		f.PasswordDescribedBy = "password-error"
	}
	v.Form = f
	return v
}

func (p *Provider) signUpView(st formState) pageView {
	v := p.newView(msgSignUpTitleShort, st.summary)
	v.Heading, v.Lead = p.msg.T(msgSignUpTitle), p.msg.T(msgSignUpLead)
	f := &formView{
		Action: p.path("/signup"), Flow: st.flow, EmailLabel: p.msg.T(msgEmailLabel), Email: st.email, EmailError: st.emailErr,
		PasswordLabel: p.msg.T(msgNewPasswordLabel), PasswordHint: p.msg.T(msgNewPasswordHint), PasswordError: st.passwordErr,
		PasswordDescribedBy: "password-hint", Autocomplete: "new-password",
		Button: p.msg.T(msgSignUpButton), SwitchText: p.msg.T(msgSignUpSwitch), SwitchLinkText: p.msg.T(msgSignUpSwitchLink),
		SwitchURL: p.flowURL("/login", st.flow),
	}
	if st.passwordErr != "" {
		f.PasswordDescribedBy += " password-error"
	}
	v.Form = f
	return v
}

// flowURL is a page's path with the flow in its query.
func (p *Provider) flowURL(page, sealed string) string {
	if sealed == "" {
		return p.path(page)
	}
	return p.path(page) + "?" + url.Values{"flow": {sealed}}.Encode()
}

// formTargets are the origins a page's form may end up at after signing in: the flow's client's
// redirect URIs, so the browser's form-action rule lets the final redirect through.
func (p *Provider) formTargets(sealed string) []string {
	f, ok := p.openFlow(sealed)
	if !ok {
		return nil
	}
	q, err := url.ParseQuery(f.Query)
	if err != nil {
		return nil
	}
	c, ok := p.clients[q.Get("client_id")]
	if !ok {
		return nil
	}
	var targets []string
	for _, uri := range c.GetRedirectURIs() {
		u, err := url.Parse(uri)
		if err != nil {
			continue
		}
		if u.Host != "" {
			targets = append(targets, u.Scheme+"://"+u.Host)
		} else {
			targets = append(targets, u.Scheme+":")
		}
	}
	return targets
}

// LoginPage shows the sign-in form (GET /idp/login?flow=…).
func (p *Provider) LoginPage(w http.ResponseWriter, r *http.Request) {
	sealed := p.validFlow(r.URL.Query().Get("flow"))
	p.render(w, r, http.StatusOK, p.signInView(formState{flow: sealed}), p.formTargets(sealed)...)
}

// SignupPage shows the sign-up form (GET /idp/signup?flow=…).
func (p *Provider) SignupPage(w http.ResponseWriter, r *http.Request) {
	sealed := p.validFlow(r.URL.Query().Get("flow"))
	p.render(w, r, http.StatusOK, p.signUpView(formState{flow: sealed}), p.formTargets(sealed)...)
}

// validFlow returns sealed when it is a flow of this provider, else "": a page opened without one
// (or with a broken one) still works, and signing in then starts the app's sign-in afresh.
func (p *Provider) validFlow(sealed string) string {
	if _, ok := p.openFlow(sealed); ok {
		return sealed
	}
	return ""
}

// crossOrigin refuses form posts from other sites, so no page elsewhere can sign a visitor in to an
// account of its choosing.
var crossOrigin = http.NewCrossOriginProtection()

// readForm checks a posted form's origin and size and parses it; it answers the request itself
// and returns false when the form cannot be used.
func (p *Provider) readForm(w http.ResponseWriter, r *http.Request) bool {
	if err := crossOrigin.Check(r); err != nil {
		p.requestProblem(w, r, http.StatusForbidden, "a form was posted from another site")
		return false
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		p.requestProblem(w, r, http.StatusBadRequest, "the form cannot be read")
		return false
	}
	return true
}

// LoginSubmit checks the email and password (POST /idp/login). Wrong ones get one message,
// whichever was wrong; too many failures for the account or the address pause sign-in with a 429.
// On success it starts the provider session and continues the app's authorization request.
func (p *Provider) LoginSubmit(w http.ResponseWriter, r *http.Request) {
	if !p.readForm(w, r) {
		return
	}
	ctx := r.Context()
	st := formState{flow: p.validFlow(r.PostForm.Get("flow")), email: normalizeEmail(r.PostForm.Get("email"))}
	targets := p.formTargets(st.flow)
	password := r.PostForm.Get("password")
	// No account has an email that fails the sign-up checks, so such an email is told to be
	// mistyped before anything is looked up.
	if problem := emailProblem(st.email); problem != "" {
		st.emailErr = p.msg.T(problem)
		st.summary = append(st.summary, summaryItem{Field: "email", Message: st.emailErr})
	}
	if password == "" {
		st.passwordErr = p.msg.T(msgPasswordMissing)
		st.summary = append(st.summary, summaryItem{Field: "password", Message: st.passwordErr})
	}
	if len(st.summary) > 0 {
		p.render(w, r, http.StatusBadRequest, p.signInView(st), targets...)
		return
	}
	user, err := p.authenticate(ctx, st.email, password, clientaddr.FromRequest(r))
	var tm tooManyAttempts
	switch {
	case errors.As(err, &tm):
		st.summary = []summaryItem{{Message: p.tooManyMessage(tm)}}
		w.Header().Set("Retry-After", retryAfter(tm))
		p.render(w, r, http.StatusTooManyRequests, p.signInView(st), targets...)
		return
	case errors.Is(err, errWrongCredentials):
		st.summary = []summaryItem{{Field: "password", Message: p.msg.T(msgWrongCredentials)}}
		p.render(w, r, http.StatusUnauthorized, p.signInView(st), targets...)
		return
	case err != nil:
		p.log.ErrorContext(ctx, "sign-in failed", "err", err)
		st.summary = []summaryItem{{Message: p.msg.T(msgSomethingWrong)}}
		p.render(w, r, http.StatusInternalServerError, p.signInView(st), targets...)
		return
	}
	p.signedIn(w, r, user, st.flow)
}

// SignupSubmit creates an account (POST /idp/signup) and sends its email a confirmation link.
// A sign-up with an email that has an account gets the same answer as a new one, and its owner
// an email instead (signUp, finishSignUp), so the form does not say which emails have accounts.
// Sign-ups that pass the form's checks count toward the address's sign-up limit, so the form
// cannot be used to make accounts, or test emails, in bulk.
func (p *Provider) SignupSubmit(w http.ResponseWriter, r *http.Request) {
	if !p.readForm(w, r) {
		return
	}
	ctx := r.Context()
	st := formState{flow: p.validFlow(r.PostForm.Get("flow")), email: normalizeEmail(r.PostForm.Get("email"))}
	targets := p.formTargets(st.flow)
	password := r.PostForm.Get("password")
	err := p.checkNewCredentials(st.email, password)
	if err == nil {
		err = p.reserveSignUp(ctx, clientaddr.FromRequest(r), p.now())
	}
	var outcome signUpOutcome
	if err == nil {
		outcome, err = p.signUp(ctx, st.email, password, clientaddr.FromRequest(r))
	}
	var (
		ae *apperr.Error
		tm tooManyAttempts
	)
	switch {
	case err == nil:
	case errors.As(err, &tm):
		st.summary = []summaryItem{{Message: p.tooManyMessage(tm)}}
		w.Header().Set("Retry-After", retryAfter(tm))
		p.render(w, r, http.StatusTooManyRequests, p.signUpView(st), targets...)
		return
	case errors.As(err, &ae) && ae.Code == apperr.Invalid:
		for _, f := range ae.Fields {
			text := p.msg.T(f.Key, f.Params)
			st.summary = append(st.summary, summaryItem{Field: f.Field, Message: text})
			switch f.Field {
			case "email":
				st.emailErr = text
			case "password":
				st.passwordErr = text
			}
		}
		p.render(w, r, http.StatusBadRequest, p.signUpView(st), targets...)
		return
	default:
		p.log.ErrorContext(ctx, "sign-up failed", "err", err)
		st.summary = []summaryItem{{Message: p.msg.T(msgSomethingWrong)}}
		p.render(w, r, http.StatusInternalServerError, p.signUpView(st), targets...)
		return
	}
	p.finishSignUp(w, r, outcome, st.flow, st.email)
}

func (p *Provider) tooManyMessage(tm tooManyAttempts) string {
	if m := tm.minutes(); m > 1 {
		return p.msg.T(msgTooManyAttempts, messages.Params{"minutes": m})
	}
	return p.msg.T(msgTooManyAttempts1)
}

func retryAfter(tm tooManyAttempts) string {
	secs := int((tm.wait + time.Second - 1) / time.Second)
	return strconv.Itoa(max(secs, 1))
}

// signedIn starts the provider session of a person who has just proved who they are and continues
// the app's request: straight back to the app with a code. Without a flow (the page was opened on
// its own) it starts the web app's sign-in, which finds the new session and completes at once.
func (p *Provider) signedIn(w http.ResponseWriter, r *http.Request, user account.User, sealed string) {
	ctx := r.Context()
	now := p.now()
	if err := p.startSession(w, r, user, now); err != nil {
		p.log.ErrorContext(ctx, "the sign-in session cannot be started", "err", err)
		v := p.signInView(formState{flow: sealed, summary: []summaryItem{{Message: p.msg.T(msgSomethingWrong)}}})
		p.render(w, r, http.StatusInternalServerError, v, p.formTargets(sealed)...)
		return
	}
	f, ok := p.openFlow(sealed)
	if !ok {
		http.Redirect(w, r, p.cfg.PublicURL+"/auth/login", http.StatusSeeOther)
		return
	}
	p.continueFlow(w, r, f, user, now)
}

// continueFlow answers the app's authorization request carried in f for user, who signed in at
// authTime: the request is checked again in full, as if the app had just sent it, and the browser
// goes back to the app with a code.
func (p *Provider) continueFlow(w http.ResponseWriter, r *http.Request, f flow, user account.User, authTime time.Time) {
	req := r.Clone(r.Context())
	req.Method = http.MethodGet
	req.URL = &url.URL{Path: p.path("/authorize"), RawQuery: f.Query}
	req.Body, req.ContentLength, req.Form, req.PostForm = http.NoBody, 0, nil, nil
	req.Header.Del("Content-Type")
	ar, err := p.oauth.NewAuthorizeRequest(req.Context(), req)
	if err == nil {
		err = checkAuthorizeRequest(ar)
	}
	if err != nil {
		p.authorizeError(w, req, ar, err)
		return
	}
	p.finishAuthorize(w, req, ar, user, authTime, f.requestedAt())
}

// startSession creates the provider session and its cookie, replacing any session the browser had.
func (p *Provider) startSession(w http.ResponseWriter, r *http.Request, user account.User, now time.Time) error {
	ctx := r.Context()
	if c, err := r.Cookie(p.cookieName); err == nil && c.Value != "" {
		if err := p.store.DeleteIdPSession(ctx, account.HashSessionID(c.Value)); err != nil {
			return err
		}
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return err
	}
	value := base64.RawURLEncoding.EncodeToString(raw)
	err := p.store.CreateIdPSession(ctx, idpstore.IdPSession{
		IDHash: account.HashSessionID(value), UserID: user.ID, AuthTime: now, CreatedAt: now, ExpiresAt: now.Add(sessionLifetime),
	})
	if err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{
		Name: p.cookieName, Value: value, Path: "/", MaxAge: int(sessionLifetime / time.Second),
		HttpOnly: true, Secure: p.cfg.Secure, SameSite: http.SameSiteLaxMode,
	})
	return nil
}

func (p *Provider) clearSessionCookie(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{
		Name: p.cookieName, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, Secure: p.cfg.Secure, SameSite: http.SameSiteLaxMode,
	})
}
