package idp

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/idp/idpstore"
	"wayfinder/internal/mail"
	"wayfinder/internal/messages"
)

// This file confirms that a member's email address is theirs, and keeps sign-up from telling
// strangers which addresses have an account.
//
// A new account is sent a one-use link (account.VerificationLinkLifetime) in the same transaction
// that creates it; following the link (GET /idp/verify) confirms the address, which the ID token
// and userinfo then report as email_verified. A signed-in member may ask for a new link
// (SendVerificationEmail, under account.CheckVerificationEmail's limit).
//
// A sign-up with an address that has an account answers exactly like a new one: the same "check
// your inbox" page, status and cookie, and the same Continue button. The address's owner is
// emailed instead ("you already have an account"), and no session starts. Only someone who then
// presses Continue learns the difference: a new account carries on into the app, the other gets
// the sign-in page. That is the trade-off this design accepts; every sign-up counts toward the
// address's sign-up limit (reserveSignUp), which makes testing addresses that way slow. Someone
// who types the account's own password is signed in, as the sign-in page would: they own it.
//
// With mail off, no link is made and no page speaks of an email: a new account goes straight into
// the app, and an address that has an account gets the sign-in page with a neutral sentence.

// maxVerificationTokenLength bounds the token a confirmation link may carry; the tokens made here
// are 26 characters (rand.Text).
const maxVerificationTokenLength = 64

// verificationMailOn reports whether the provider's emails leave at all; when they don't, no
// link is made and the pages promise none.
func (p *Provider) verificationMailOn() bool {
	return p.cfg.Mail != nil && p.cfg.Mail.Enabled()
}

// verificationLink is the address of a confirmation link's token.
func (p *Provider) verificationLink(token string) string {
	return p.cfg.Issuer + "/verify?" + url.Values{"token": {token}}.Encode()
}

// queueVerificationLink stores the hash of token as user's confirmation link and queues the email
// that carries it, joining the transaction ctx carries, so the link and its email exist together
// or not at all. With mail off it does nothing: a link nobody receives would only wait to expire.
func (p *Provider) queueVerificationLink(ctx context.Context, user account.User, token string, now time.Time) error {
	if !p.verificationMailOn() {
		return nil
	}
	msg, err := mail.EmailVerification(p.cfg.BrandName, user.Email, p.verificationLink(token))
	if err != nil {
		return err
	}
	err = p.store.CreateAccountToken(ctx, idpstore.AccountToken{
		Hash: account.HashSessionID(token), Purpose: idpstore.TokenEmailVerification, UserID: user.ID, Email: user.Email,
		CreatedAt: now, ExpiresAt: now.Add(account.VerificationLinkLifetime),
	})
	if err != nil {
		return err
	}
	return p.cfg.Mail.Enqueue(ctx, msg)
}

// signUpOutcome is what a sign-up that passed the form's checks and the sign-up limit came to.
type signUpOutcome struct {
	// user is the account to sign in: the new one, or the existing one whose own password was
	// typed. It is the zero User when the address has an account and the person did not show it
	// is theirs.
	user account.User
	// created says user was made by this sign-up.
	created bool
}

// signUp makes a member account for email with password, together with its confirmation link
// and email; or, when the email has an account already, signs its owner in if password is
// theirs, and otherwise emails the owner that someone tried. Both ways cost one password hash.
func (p *Provider) signUp(ctx context.Context, email, password, addr string) (signUpOutcome, error) {
	_, _, err := p.store.CredentialsByEmail(ctx, email)
	if err == nil {
		return p.signUpExisting(ctx, email, password, addr)
	}
	if !apperr.Is(err, apperr.NotFound) {
		return signUpOutcome{}, err
	}
	// The hash and the token are made before the transaction, which may run more than once.
	hash, err := p.hash(ctx, password)
	if err != nil {
		return signUpOutcome{}, apperr.WrapInternalf(err, "could not protect the password")
	}
	now := p.now()
	token := rand.Text()
	var user account.User
	err = p.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if user, err = p.store.CreateUserWithPassword(ctx, email, account.RoleMember, hash, now); err != nil {
			return err
		}
		if p.cfg.SignUps != nil {
			if err := p.cfg.SignUps.MemberSignedUp(ctx, user); err != nil {
				return err
			}
		}
		return p.queueVerificationLink(ctx, user, token, now)
	})
	if apperr.Is(err, apperr.Conflict) {
		// Another sign-up with this email won the race: this one finds that account.
		return p.signUpExisting(ctx, email, password, addr)
	}
	if err != nil {
		return signUpOutcome{}, err
	}
	p.log.InfoContext(ctx, "account created", "user_id", user.ID, "role", string(user.Role), "verification_link", p.verificationMailOn())
	if p.cfg.OnSignUp != nil {
		p.cfg.OnSignUp()
	}
	return signUpOutcome{user: user, created: true}, nil
}

// signUpExisting answers a sign-up with an email that has an account. The password is checked as
// a sign-in would check it, under the sign-in limits, so the sign-up form is no way around them:
// the owner's own password signs them in. Any other password emails the owner the links to sign
// in and to reset their password, and changes nothing about the account. While the account's
// sign-in is paused by the limits, no more emails go out (its owner has had one), and the
// password check's time is spent all the same, so the answer looks like any other.
func (p *Provider) signUpExisting(ctx context.Context, email, password, addr string) (signUpOutcome, error) {
	user, err := p.authenticate(ctx, email, password, addr)
	var tm tooManyAttempts
	switch {
	case err == nil:
		return signUpOutcome{user: user}, nil
	case errors.As(err, &tm):
		hash, err := p.unknownAccountHash(ctx)
		if err != nil {
			return signUpOutcome{}, err
		}
		_, _ = p.verify(ctx, password, hash)
		p.log.WarnContext(ctx, "sign-up with an email that has an account, while its sign-in is paused: no email sent")
		return signUpOutcome{}, nil
	case !errors.Is(err, errWrongCredentials):
		return signUpOutcome{}, err
	}
	if p.verificationMailOn() {
		msg, err := mail.AccountExists(p.cfg.BrandName, email, p.cfg.Issuer+"/login", p.cfg.Issuer+"/forgot")
		if err != nil {
			return signUpOutcome{}, err
		}
		if err := p.cfg.Mail.Enqueue(ctx, msg); err != nil {
			return signUpOutcome{}, err
		}
	}
	p.log.InfoContext(ctx, "sign-up with an email that has an account", "owner_emailed", p.verificationMailOn())
	return signUpOutcome{}, nil
}

// finishSignUp answers a sign-up that signUp settled. See the top of this file for why a new
// account and an address that has one get the same answer.
func (p *Provider) finishSignUp(w http.ResponseWriter, r *http.Request, o signUpOutcome, sealed, email string) {
	switch {
	case o.user.ID != "" && (!o.created || !p.verificationMailOn()):
		// The owner's own password, or a new account with mail off: signed in, as at sign-in.
		p.signedIn(w, r, o.user, sealed)
		return
	case o.user.ID == "" && !p.verificationMailOn():
		p.render(w, r, http.StatusOK, p.continueSignInView(sealed, email), p.formTargets(sealed)...)
		return
	}
	var err error
	if o.created {
		err = p.startSession(w, r, o.user, p.now())
	} else {
		err = p.startEmptySession(w, r)
	}
	if err != nil {
		p.log.ErrorContext(r.Context(), "the sign-in session cannot be started", "err", err)
		v := p.signUpView(formState{flow: sealed, email: email, summary: []summaryItem{{Message: p.msg.T(msgSomethingWrong)}}})
		p.render(w, r, http.StatusInternalServerError, v, p.formTargets(sealed)...)
		return
	}
	p.renderCheckInbox(w, r, sealed, email)
}

// startEmptySession replaces the browser's provider session, as startSession does for a new
// account, with a cookie of the same kind that no session stands behind. A sign-up with an
// address that has an account thereby sets the same cookie as a new account's, and a session
// the browser had does not carry on in the name of whoever it belonged to.
func (p *Provider) startEmptySession(w http.ResponseWriter, r *http.Request) error {
	if c, err := r.Cookie(p.cookieName); err == nil && c.Value != "" {
		if err := p.store.DeleteIdPSession(r.Context(), account.HashSessionID(c.Value)); err != nil {
			return err
		}
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return err
	}
	// The attributes are startSession's, so the two answers' headers look alike.
	http.SetCookie(w, &http.Cookie{
		Name: p.cookieName, Value: base64.RawURLEncoding.EncodeToString(raw), Path: "/", MaxAge: int(sessionLifetime / time.Second),
		HttpOnly: true, Secure: p.cfg.Secure, SameSite: http.SameSiteLaxMode,
	})
	return nil
}

// inboxView is the content of the "check your inbox" page: the sentence about the email with the
// address set apart, and the Continue button.
type inboxView struct {
	EmailBefore, Email, EmailAfter string
	ContinueAction, Flow           string
	ContinueText                   string
}

// renderCheckInbox shows "check your inbox" for email, with a Continue button that carries the
// flow on (ContinueAfterSignUp). Its policy lets the button's redirect reach the flow's client,
// as the sign-in forms' does.
func (p *Provider) renderCheckInbox(w http.ResponseWriter, r *http.Request, sealed, email string) {
	v := p.newView(msgCheckInboxPageTitle, nil)
	v.Heading = p.msg.T(msgCheckInboxTitle)
	in := &inboxView{Email: email, ContinueAction: p.path("/continue"), Flow: sealed, ContinueText: p.msg.T(msgCheckInboxContinue)}
	// The sentence is split where the address goes, so the template can set it apart while the
	// catalog keeps the sentence whole.
	in.EmailBefore, in.EmailAfter, _ = strings.Cut(p.msg.T(msgCheckInboxBody, messages.Params{"email": "\x00"}), "\x00")
	v.Inbox = in
	p.render(w, r, http.StatusOK, v, p.formTargets(sealed)...)
}

// continueSignInView is the sign-in page for someone who signed up with an address that has an
// account and has no session: it says only that signing in carries on, nothing about the account.
func (p *Provider) continueSignInView(sealed, email string) pageView {
	v := p.signInView(formState{flow: sealed, email: email})
	v.Title = p.msg.T(msgContinueSignInTitle) + p.msg.T(msgPageTitleSuffix)
	v.Heading, v.Lead = p.msg.T(msgContinueSignInTitle), p.msg.T(msgContinueSignInLead)
	return v
}

// ContinueAfterSignUp is the Continue button of "check your inbox" (GET /idp/continue?flow=…). A
// browser whose provider session began after the flow did, the account it has just made, carries
// on into the app as a sign-in would. Any other browser gets the sign-in page with the flow, so a
// session from earlier never completes someone else's sign-up.
func (p *Provider) ContinueAfterSignUp(w http.ResponseWriter, r *http.Request) {
	sealed := p.validFlow(r.URL.Query().Get("flow"))
	f, hasFlow := p.openFlow(sealed)
	user, authTime, signedIn := p.currentUser(r)
	if signedIn && hasFlow && authTime.Before(f.requestedAt()) {
		signedIn = false
	}
	switch {
	case !signedIn:
		p.render(w, r, http.StatusOK, p.continueSignInView(sealed, ""), p.formTargets(sealed)...)
		return
	case !hasFlow:
		http.Redirect(w, r, p.cfg.PublicURL+"/auth/login", http.StatusSeeOther)
		return
	}
	p.continueFlow(w, r, f, user, authTime)
}

// VerifyEmail follows a confirmation link (GET /idp/verify?token=…). Using the link and confirming
// the address are one transaction, and confirm only while the account still has the address the
// link was sent to. A made-up, used or expired link gets a kind page that says what to do. The
// token is in the page's address, so the page sends no referrer; the request log never records
// query strings. A HEAD request, which link checkers send, uses nothing up.
func (p *Provider) VerifyEmail(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Referrer-Policy", "no-referrer")
	if r.Method == http.MethodHead {
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusOK)
		return
	}
	ctx := r.Context()
	userID, err := p.useVerificationLink(ctx, r.URL.Query().Get("token"))
	back := p.cfg.PublicURL + "/account"
	switch {
	case err == nil:
		p.log.InfoContext(ctx, "email confirmed", "user_id", userID)
		p.renderMessage(w, r, http.StatusOK, msgVerifiedPageTitle, msgVerifiedTitle, msgVerifiedBody, back, msgVerifiedBack)
	case apperr.Is(err, apperr.NotFound):
		p.log.WarnContext(ctx, "a confirmation link was refused", "reason", "unknown, used or expired, or the account has another email now")
		v := p.newView(msgVerifyLinkPageTitle, nil)
		v.Heading = p.msg.T(msgVerifyLinkTitle)
		v.Body = p.msg.T(msgVerifyLinkBody, messages.Params{"days": int(account.VerificationLinkLifetime / (24 * time.Hour))})
		v.LinkURL, v.LinkText = back, p.msg.T(msgVerifyBack)
		p.render(w, r, http.StatusGone, v)
	default:
		p.log.ErrorContext(ctx, "an email could not be confirmed", "err", err)
		p.renderMessage(w, r, http.StatusInternalServerError, msgVerifyFailedPageTitle, msgVerifyFailedTitle, msgSomethingWrong, back, msgVerifyBack)
	}
}

// useVerificationLink uses the confirmation link of token and confirms its address, returning the
// account's id. A link that cannot be used, or whose address the account no longer has, is
// NotFound; the latter stays unused, since it can confirm nothing else.
func (p *Provider) useVerificationLink(ctx context.Context, token string) (string, error) {
	if token == "" || len(token) > maxVerificationTokenLength {
		return "", apperr.Generic(apperr.NotFound, errors.New("no such link"))
	}
	now := p.now()
	var userID string
	err := p.store.InTx(ctx, func(ctx context.Context) error {
		t, err := p.store.UseAccountToken(ctx, idpstore.TokenEmailVerification, account.HashSessionID(token), now)
		if err != nil {
			return err
		}
		ok, err := p.store.MarkEmailVerified(ctx, t.UserID, t.Email, now)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.Generic(apperr.NotFound, errors.New("the account has another email now"))
		}
		userID = t.UserID
		return nil
	})
	return userID, err
}

// SendVerificationEmail sends the account of userID a new link to confirm its email address, if
// account.CheckVerificationEmail allows: mail is on, the address is not confirmed yet, and the
// account has not had too many links lately (the one sent at sign-up counts). Its errors say why
// not in plain words. The count, the link and its email are one transaction on the account's
// locked row, so two requests at once cannot both pass the limit.
func (p *Provider) SendVerificationEmail(ctx context.Context, userID string) error {
	now := p.now()
	token := rand.Text()
	err := p.store.InTx(ctx, func(ctx context.Context) error {
		if err := p.store.LockUser(ctx, userID); err != nil {
			return err
		}
		user, err := p.store.UserByID(ctx, userID)
		if err != nil {
			return err
		}
		sent, oldest, err := p.store.AccountTokensSince(ctx, userID, idpstore.TokenEmailVerification, now.Add(-account.VerificationEmailWindow))
		if err != nil {
			return err
		}
		if err := account.CheckVerificationEmail(user, account.VerificationEmailRequest{
			MailOn: p.verificationMailOn(), Sent: sent, OldestSent: oldest, Now: now,
		}); err != nil {
			return err
		}
		return p.queueVerificationLink(ctx, user, token, now)
	})
	if err != nil {
		return err
	}
	p.log.InfoContext(ctx, "a new confirmation link was sent", "user_id", userID)
	return nil
}
