package idp

import (
	"context"
	"crypto/rand"
	"errors"
	"net/http"
	"net/url"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/clientaddr"
	"wayfinder/internal/idp/idpstore"
	"wayfinder/internal/mail"
	"wayfinder/internal/messages"
)

// The pages of this file look after an account's password. "Forgot your password?" emails a
// one-use link; the link opens a form for a new password; a signed-in member can change their
// password, or sign out everywhere, from the account page. A new password always ends every
// session and refresh token of the account in the same transaction that sets it, so whoever knew
// the old one is out at once.

// resetLinkMinutes is how long a reset link works, in the words of the pages that speak of it.
var resetLinkMinutes = int(mail.PasswordResetLinkLifetime.Minutes())

// maxAccountTokenLength bounds the token a reset link may carry; the tokens made here are 26
// characters (rand.Text).
const maxAccountTokenLength = 64

// recoveryView is what the pages of this file show below their heading and lead; each page uses
// the parts it needs.
type recoveryView struct {
	// Notice confirms what just happened, announced as a status.
	Notice string
	// Body is paragraphs after the lead.
	Body     []string
	Form     *recoveryForm
	Sections []accountSection
	// LinkURL and LinkText are the page's main link, shown as a button.
	LinkURL, LinkText string
	// FootText, FootLinkURL and FootLinkText close the page with a sentence and a link, as "New to
	// …? Create an account" closes the sign-in page.
	FootText, FootLinkURL, FootLinkText string
}

// recoveryForm is one form of these pages: hidden values, labelled fields and one button. It
// carries the hidden "Error: " before a field's error because the template renders it on its own.
type recoveryForm struct {
	ErrorPrefix string
	Action      string
	Hidden      []hiddenValue
	// Username is the account's email in a hidden field, so that a password manager files the new
	// password under the right account.
	Username string
	Fields   []recoveryField
	Button   string
	// Quiet gives the button the outlined look of an action that is not the page's main one.
	Quiet bool
}

// hiddenValue is a form's hidden field: the sign-in flow, or a reset link's token.
type hiddenValue struct{ Name, Value string }

// recoveryField is one labelled input. ID is also its name, and the anchor the error summary
// links to.
type recoveryField struct {
	ID, Label, Hint, Error, Value string
	Type, Autocomplete            string
}

// DescribedBy lists the ids of the field's hint and error, for aria-describedby.
func (f recoveryField) DescribedBy() string {
	var ids string
	if f.Hint != "" {
		ids = f.ID + "-hint"
	}
	if f.Error != "" {
		if ids != "" {
			ids += " "
		}
		ids += f.ID + "-error"
	}
	return ids
}

// accountSection is one action of the account page: a heading, a sentence, and a link or a form.
type accountSection struct {
	ID, Heading, Text string
	LinkURL, LinkText string
	Form              *recoveryForm
}

// mailEnabled reports whether the provider's emails leave at all. When they don't, the pages say
// so instead of promising an email.
func (p *Provider) mailEnabled() bool {
	return p.cfg.Mail != nil && p.cfg.Mail.Enabled()
}

// ForgotPage shows "Forgot your password?" (GET /idp/forgot?flow=…): one email field. It keeps the
// flow of the sign-in page it was opened from, so "Sign in" leads back there. Without mail it says
// at once that no email can come, and whom to ask.
func (p *Provider) ForgotPage(w http.ResponseWriter, r *http.Request) {
	sealed := p.validFlow(r.URL.Query().Get("flow"))
	if !p.mailEnabled() {
		p.renderMailOff(w, r, http.StatusOK, sealed)
		return
	}
	p.render(w, r, http.StatusOK, p.forgotView(sealed, "", "", nil))
}

// ForgotSubmit asks for a reset link (POST /idp/forgot). Every well-formed email gets the same
// page, whether or not it has an account, so the form cannot tell anyone which emails do; only an
// account gets the email. Requests count toward the reset limits (reserveReset).
func (p *Provider) ForgotSubmit(w http.ResponseWriter, r *http.Request) {
	if !p.readForm(w, r) {
		return
	}
	ctx := r.Context()
	sealed := p.validFlow(r.PostForm.Get("flow"))
	if !p.mailEnabled() {
		p.renderMailOff(w, r, http.StatusServiceUnavailable, sealed)
		return
	}
	email := normalizeEmail(r.PostForm.Get("email"))
	if problem := emailProblem(email); problem != "" {
		msg := p.msg.T(problem)
		p.render(w, r, http.StatusBadRequest, p.forgotView(sealed, email, msg, []summaryItem{{Field: "email", Message: msg}}))
		return
	}
	err := p.sendResetLink(ctx, email, clientaddr.FromRequest(r))
	var tm tooManyAttempts
	switch {
	case errors.As(err, &tm):
		w.Header().Set("Retry-After", retryAfter(tm))
		p.render(w, r, http.StatusTooManyRequests, p.forgotView(sealed, email, "", []summaryItem{{Message: p.tooManyMessage(tm)}}))
		return
	case err != nil:
		p.log.ErrorContext(ctx, "a reset link could not be made", "err", err)
		p.render(w, r, http.StatusInternalServerError, p.forgotView(sealed, email, "", []summaryItem{{Message: p.msg.T(msgSomethingWrong)}}))
		return
	}
	v := p.newView(msgForgotSentPageTitle, nil)
	v.Heading, v.Lead = p.msg.T(msgForgotSentTitle), p.msg.T(msgForgotSentBody, messages.Params{"email": email, "minutes": resetLinkMinutes})
	v.Recovery = &recoveryView{
		Body:    []string{p.msg.T(msgForgotSentHelp)},
		LinkURL: p.flowURL("/login", sealed), LinkText: p.msg.T(msgForgotBack),
		FootText: p.msg.T(msgForgotSentAgain), FootLinkURL: p.flowURL("/forgot", sealed), FootLinkText: p.msg.T(msgForgotSentAgainLink),
	}
	p.render(w, r, http.StatusOK, v)
}

func (p *Provider) forgotView(sealed, email, emailErr string, summary []summaryItem) pageView {
	v := p.newView(msgForgotPageTitle, summary)
	v.Heading, v.Lead = p.msg.T(msgForgotTitle), p.msg.T(msgForgotLead)
	f := &recoveryForm{
		ErrorPrefix: p.msg.T(msgErrorTitlePrefix), Action: p.path("/forgot"), Button: p.msg.T(msgForgotButton),
		Fields: []recoveryField{{ID: "email", Label: p.msg.T(msgEmailLabel), Type: "email", Autocomplete: "email", Value: email, Error: emailErr}},
	}
	if sealed != "" {
		f.Hidden = []hiddenValue{{Name: "flow", Value: sealed}}
	}
	v.Recovery = &recoveryView{
		Form:     f,
		FootText: p.msg.T(msgForgotRemembered), FootLinkURL: p.flowURL("/login", sealed), FootLinkText: p.msg.T(msgForgotSignIn),
	}
	return v
}

// renderMailOff tells a person who forgot their password that no email can come, and whom to ask.
func (p *Provider) renderMailOff(w http.ResponseWriter, r *http.Request, status int, sealed string) {
	p.renderMessage(w, r, status, msgMailOffPageTitle, msgMailOffTitle, msgMailOffBody, p.flowURL("/login", sealed), msgForgotBack)
}

// sendResetLink makes a reset link for the account that signs in with email, if there is one, and
// queues the email that carries it: in one transaction with the request's place under the reset
// limits, so the link, its email and its count exist together or not at all. A request for an
// email without an account does the same work but those two writes.
func (p *Provider) sendResetLink(ctx context.Context, email, addr string) error {
	now := p.now()
	token := rand.Text()
	// The email is written for every request, not only an account's, so that both take as long.
	msg, err := mail.PasswordReset(p.cfg.BrandName, email, p.cfg.Issuer+"/reset?"+url.Values{"token": {token}}.Encode())
	if err != nil {
		return err
	}
	userID := ""
	err = p.store.InTx(ctx, func(ctx context.Context) error {
		userID = ""
		if err := p.reserveReset(ctx, email, addr, now); err != nil {
			return err
		}
		user, _, err := p.store.CredentialsByEmail(ctx, email)
		if apperr.Is(err, apperr.NotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		err = p.store.CreateAccountToken(ctx, idpstore.AccountToken{
			Hash: account.HashSessionID(token), Purpose: idpstore.TokenPasswordReset, UserID: user.ID, Email: email,
			CreatedAt: now, ExpiresAt: now.Add(mail.PasswordResetLinkLifetime),
		})
		if err != nil {
			return err
		}
		userID = user.ID
		return p.cfg.Mail.Enqueue(ctx, msg)
	})
	switch {
	case err != nil:
		return err
	case userID == "":
		p.log.InfoContext(ctx, "a reset link was asked for an email without an account")
	default:
		p.log.InfoContext(ctx, "a reset link was sent", "user_id", userID)
	}
	return nil
}

// ResetPage opens a reset link (GET /idp/reset?token=…): a form for the new password while the
// link works, or else a kind page that offers a new link. The token is in the page's address, so
// the page sends no referrer; the request log never records query strings.
func (p *Provider) ResetPage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Referrer-Policy", "no-referrer")
	token := r.URL.Query().Get("token")
	t, err := p.resetLink(r.Context(), token)
	if err != nil {
		p.resetLinkProblem(w, r, err)
		return
	}
	p.render(w, r, http.StatusOK, p.resetView(token, t.Email, "", nil))
}

// ResetSubmit sets the new password of a reset link (POST /idp/reset). The password must pass the
// sign-up policy. Using the link, setting the password and ending every session and token of the
// account are one transaction, and only one of two uses of a link at once succeeds. Then the
// person is signed in afresh here and continues into the app.
func (p *Provider) ResetSubmit(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Referrer-Policy", "no-referrer")
	if !p.readForm(w, r) {
		return
	}
	ctx := r.Context()
	token, password := r.PostForm.Get("token"), r.PostForm.Get("new-password")
	t, err := p.resetLink(ctx, token)
	if err != nil {
		p.resetLinkProblem(w, r, err)
		return
	}
	if problem := newPasswordProblem(password, t.Email); problem != "" {
		msg := p.msg.T(problem)
		p.render(w, r, http.StatusBadRequest, p.resetView(token, t.Email, msg, []summaryItem{{Field: "new-password", Message: msg}}))
		return
	}
	// The hash is made before the transaction, which it would otherwise hold open.
	hash, err := p.hash(ctx, password)
	var user account.User
	if err == nil {
		err = p.store.InTx(ctx, func(ctx context.Context) error {
			used, err := p.store.UseAccountToken(ctx, idpstore.TokenPasswordReset, account.HashSessionID(token), p.now())
			if err != nil {
				return err
			}
			// The link is for the account that signs in with the email it was sent to.
			user, _, err = p.store.CredentialsByEmail(ctx, used.Email)
			if err == nil && user.ID != used.UserID {
				err = apperr.Generic(apperr.NotFound, errors.New("the link's email now signs in to another account"))
			}
			if err != nil {
				return err
			}
			// Following the emailed link proves the member reads that address, as confirming it would.
			if _, err := p.store.MarkEmailVerified(ctx, user.ID, used.Email, p.now()); err != nil {
				return err
			}
			return p.replacePassword(ctx, user, hash)
		})
	}
	switch {
	case apperr.Is(err, apperr.NotFound):
		p.resetLinkProblem(w, r, err)
		return
	case err != nil:
		p.log.ErrorContext(ctx, "a password could not be reset", "err", err)
		p.render(w, r, http.StatusInternalServerError, p.resetView(token, t.Email, "", []summaryItem{{Message: p.msg.T(msgSomethingWrong)}}))
		return
	}
	p.log.InfoContext(ctx, "password reset by email", "user_id", user.ID)
	p.signedIn(w, r, user, "")
}

// newPasswordProblem is passwordProblem for the new password of a reset or a change: an empty
// field asks for a new password, not for "your password".
func newPasswordProblem(password, email string) messages.Key {
	if password == "" {
		return msgNewPasswordMissing
	}
	return passwordProblem(password, email)
}

// resetLink returns the reset link of token while it works; any other token is NotFound.
func (p *Provider) resetLink(ctx context.Context, token string) (idpstore.AccountToken, error) {
	if token == "" || len(token) > maxAccountTokenLength {
		return idpstore.AccountToken{}, apperr.Generic(apperr.NotFound, errors.New("no such link"))
	}
	return p.store.AccountToken(ctx, idpstore.TokenPasswordReset, account.HashSessionID(token), p.now())
}

// resetLinkProblem answers a reset link that cannot be used. A made-up, used or expired one
// (NotFound: the store does not tell them apart) gets a kind page with a way to ask for a new
// link; any other error is ours.
func (p *Provider) resetLinkProblem(w http.ResponseWriter, r *http.Request, err error) {
	if apperr.Is(err, apperr.NotFound) {
		p.log.WarnContext(r.Context(), "a reset link was refused", "reason", "unknown, used or expired")
		p.renderMessage(w, r, http.StatusGone, msgResetExpiredPageTitle, msgResetExpiredTitle, msgResetExpiredBody, p.path("/forgot"), msgResetExpiredLink,
			messages.Params{"minutes": resetLinkMinutes})
		return
	}
	p.log.ErrorContext(r.Context(), "a reset link cannot be read", "err", err)
	p.renderMessage(w, r, http.StatusInternalServerError, msgResetPageTitle, msgResetTitle, msgSomethingWrong, p.path("/forgot"), msgResetExpiredLink)
}

func (p *Provider) resetView(token, email, passwordErr string, summary []summaryItem) pageView {
	v := p.newView(msgResetPageTitle, summary)
	v.Heading, v.Lead = p.msg.T(msgResetTitle), p.msg.T(msgResetLead, messages.Params{"email": email})
	v.Recovery = &recoveryView{Form: &recoveryForm{
		ErrorPrefix: p.msg.T(msgErrorTitlePrefix), Action: p.path("/reset"), Hidden: []hiddenValue{{Name: "token", Value: token}}, Username: email,
		Button: p.msg.T(msgResetButton),
		Fields: []recoveryField{{ID: "new-password", Label: p.msg.T(msgReplacementPasswordLabel), Hint: p.msg.T(msgNewPasswordHint),
			Type: "password", Autocomplete: "new-password", Error: passwordErr}},
	}}
	return v
}

// replacePassword gives the account a new password hash and ends everything the old password
// opened, in the caller's transaction: the other reset links, and every session and token
// (endEverySession).
func (a *Accounts) replacePassword(ctx context.Context, user account.User, hash string) error {
	if err := a.store.SetPasswordHash(ctx, user.ID, hash, a.now()); err != nil {
		return err
	}
	if _, err := a.store.DeleteAccountTokens(ctx, user.ID, idpstore.TokenPasswordReset); err != nil {
		return err
	}
	return a.endEverySession(ctx, user)
}

// endEverySession signs the account out everywhere: its refresh tokens are revoked and its access
// tokens refused here (an app's copy of one lapses within accessTokenLifetime), and its web
// sessions and provider sessions end. It joins the caller's transaction, if there is one.
func (a *Accounts) endEverySession(ctx context.Context, user account.User) error {
	return a.store.InTx(ctx, func(ctx context.Context) error {
		if _, err := a.store.RevokeSubjectTokens(ctx, user.ID); err != nil {
			return err
		}
		if _, err := a.store.DeleteUserSessions(ctx, user.ID); err != nil {
			return err
		}
		_, err := a.store.DeleteUserIdPSessions(ctx, user.ID)
		return err
	})
}

// accountUser returns the user of the request's provider session. Without one it sends the
// browser through the web app's sign-in, which comes back to returnTo, and returns false.
func (p *Provider) accountUser(w http.ResponseWriter, r *http.Request, returnTo string) (account.User, bool) {
	user, _, ok := p.currentUser(r)
	if !ok {
		http.Redirect(w, r, p.cfg.PublicURL+"/auth/login?"+url.Values{"returnTo": {returnTo}}.Encode(), http.StatusSeeOther)
	}
	return user, ok
}

// AccountPage is the signed-in member's account page (GET /idp/account): their email, a link to
// change the password and a button to sign out everywhere. ?changed=password adds the
// confirmation a password change comes back to.
func (p *Provider) AccountPage(w http.ResponseWriter, r *http.Request) {
	user, ok := p.accountUser(w, r, p.path("/account"))
	if !ok {
		return
	}
	notice := ""
	if r.URL.Query().Get("changed") == "password" {
		notice = p.msg.T(msgAccountChanged)
	}
	p.render(w, r, http.StatusOK, p.accountView(user, notice, nil))
}

func (p *Provider) accountView(user account.User, notice string, summary []summaryItem) pageView {
	v := p.newView(msgAccountPageTitle, summary)
	v.Heading, v.Lead = p.msg.T(msgAccountTitle), p.msg.T(msgAccountLead, messages.Params{"email": user.Email})
	v.Recovery = &recoveryView{
		Notice: notice,
		Sections: []accountSection{
			{ID: "password", Heading: p.msg.T(msgAccountPasswordHeading), Text: p.msg.T(msgAccountPasswordText),
				LinkURL: p.path("/account/password"), LinkText: p.msg.T(msgAccountPasswordLink)},
			{ID: "everywhere", Heading: p.msg.T(msgAccountEverywhereHeading), Text: p.msg.T(msgAccountEverywhereText),
				Form: &recoveryForm{ErrorPrefix: p.msg.T(msgErrorTitlePrefix), Action: p.path("/account/sign-out-everywhere"), Button: p.msg.T(msgAccountEverywhereButton), Quiet: true}},
		},
		FootLinkURL: p.cfg.PublicURL + "/", FootLinkText: p.msg.T(msgAccountBack),
	}
	return v
}

// ChangePasswordPage shows the form to change the password (GET /idp/account/password).
func (p *Provider) ChangePasswordPage(w http.ResponseWriter, r *http.Request) {
	user, ok := p.accountUser(w, r, p.path("/account/password"))
	if !ok {
		return
	}
	p.render(w, r, http.StatusOK, p.changePasswordView(user, "", "", nil))
}

// ChangePasswordSubmit changes a signed-in member's password (POST /idp/account/password). The
// current password is checked as a sign-in is, under the same limits, so a wrong one counts as a
// failed sign-in. Every problem of the form is named at once. On success every session and token
// of the account ends; this browser gets a new provider session and goes through the web app's
// sign-in again, back to the account page, so it alone stays signed in.
func (p *Provider) ChangePasswordSubmit(w http.ResponseWriter, r *http.Request) {
	if !p.readForm(w, r) {
		return
	}
	user, ok := p.accountUser(w, r, p.path("/account/password"))
	if !ok {
		return
	}
	ctx := r.Context()
	current, password := r.PostForm.Get("current-password"), r.PostForm.Get("new-password")
	status, currentErr, passwordErr := http.StatusBadRequest, "", ""
	var summary []summaryItem
	if current == "" {
		currentErr = p.msg.T(msgCurrentPasswordMissing)
		summary = append(summary, summaryItem{Field: "current-password", Message: currentErr})
	} else {
		_, err := p.authenticate(ctx, user.Email, current, clientaddr.FromRequest(r))
		var tm tooManyAttempts
		switch {
		case errors.As(err, &tm):
			w.Header().Set("Retry-After", retryAfter(tm))
			p.render(w, r, http.StatusTooManyRequests, p.changePasswordView(user, "", "", []summaryItem{{Message: p.tooManyMessage(tm)}}))
			return
		case errors.Is(err, errWrongCredentials):
			status, currentErr = http.StatusUnauthorized, p.msg.T(msgCurrentPasswordWrong)
			summary = append(summary, summaryItem{Field: "current-password", Message: currentErr,
				LinkURL: p.path("/forgot"), LinkText: p.msg.T(msgForgotLink)})
		case err != nil:
			p.log.ErrorContext(ctx, "the current password could not be checked", "err", err)
			p.render(w, r, http.StatusInternalServerError, p.changePasswordView(user, "", "", []summaryItem{{Message: p.msg.T(msgSomethingWrong)}}))
			return
		}
	}
	if problem := newPasswordProblem(password, user.Email); problem != "" {
		passwordErr = p.msg.T(problem)
		summary = append(summary, summaryItem{Field: "new-password", Message: passwordErr})
	}
	if len(summary) > 0 {
		p.render(w, r, status, p.changePasswordView(user, currentErr, passwordErr, summary))
		return
	}
	hash, err := p.hash(ctx, password)
	if err == nil {
		err = p.store.InTx(ctx, func(ctx context.Context) error { return p.replacePassword(ctx, user, hash) })
	}
	if err == nil {
		err = p.startSession(w, r, user, p.now())
	}
	if err != nil {
		p.log.ErrorContext(ctx, "the password could not be changed", "err", err)
		p.render(w, r, http.StatusInternalServerError, p.changePasswordView(user, "", "", []summaryItem{{Message: p.msg.T(msgSomethingWrong)}}))
		return
	}
	p.log.InfoContext(ctx, "password changed; signed out everywhere else", "user_id", user.ID)
	back := p.path("/account") + "?" + url.Values{"changed": {"password"}}.Encode()
	http.Redirect(w, r, p.cfg.PublicURL+"/auth/login?"+url.Values{"returnTo": {back}}.Encode(), http.StatusSeeOther)
}

func (p *Provider) changePasswordView(user account.User, currentErr, passwordErr string, summary []summaryItem) pageView {
	v := p.newView(msgChangePageTitle, summary)
	v.Heading, v.Lead = p.msg.T(msgChangeTitle), p.msg.T(msgChangeLead)
	v.Recovery = &recoveryView{
		Form: &recoveryForm{
			ErrorPrefix: p.msg.T(msgErrorTitlePrefix), Action: p.path("/account/password"), Username: user.Email, Button: p.msg.T(msgChangeButton),
			Fields: []recoveryField{
				{ID: "current-password", Label: p.msg.T(msgCurrentPasswordLabel), Type: "password", Autocomplete: "current-password", Error: currentErr},
				{ID: "new-password", Label: p.msg.T(msgReplacementPasswordLabel), Hint: p.msg.T(msgNewPasswordHint),
					Type: "password", Autocomplete: "new-password", Error: passwordErr},
			},
		},
		FootText: p.msg.T(msgChangeCancel), FootLinkURL: p.path("/account"), FootLinkText: p.msg.T(msgChangeCancelLink),
	}
	return v
}

// SignOutEverywhere ends every session and token of the signed-in member's account, this
// browser's too (POST /idp/account/sign-out-everywhere), and shows the signed-out page.
func (p *Provider) SignOutEverywhere(w http.ResponseWriter, r *http.Request) {
	if !p.readForm(w, r) {
		return
	}
	user, ok := p.accountUser(w, r, p.path("/account"))
	if !ok {
		return
	}
	ctx := r.Context()
	if err := p.endEverySession(ctx, user); err != nil {
		p.log.ErrorContext(ctx, "signing out everywhere failed", "err", err)
		p.render(w, r, http.StatusInternalServerError, p.accountView(user, "", []summaryItem{{Message: p.msg.T(msgSomethingWrong)}}))
		return
	}
	p.clearSessionCookie(w)
	p.log.InfoContext(ctx, "signed out everywhere", "user_id", user.ID)
	p.renderMessage(w, r, http.StatusOK, msgSignedOutEverywherePage, msgSignedOutEverywhereTitle, msgSignedOutEverywhereBody,
		p.cfg.PublicURL+"/", msgSignedOutEverywhereButton)
}
