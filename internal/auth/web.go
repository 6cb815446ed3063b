package auth

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"

	"golang.org/x/oauth2"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/cleantext"
)

// Login (GET /auth/login?returnTo=/path[&signup=1]) sends the browser to the provider's sign-in, or
// its sign-up page when signup is set. What the callback must check later (state, nonce, PKCE
// verifier, where to land) is kept in the database, so the callback may reach any replica; a
// short-lived cookie holding the state ties the callback to this browser, so a link carrying
// someone else's authorization code cannot sign a member in to the sender's account.
func (s *Service) Login(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	returnTo := SafeReturnTo(q.Get("returnTo"))
	signup := q.Get("signup") == "1" || q.Get("signup") == "true"

	state := randomToken(32)
	nonce := randomToken(32)
	verifier := oauth2.GenerateVerifier()
	now := s.now()
	err := s.store.CreateLoginState(r.Context(), account.LoginState{
		StateHash:    account.HashSessionID(state),
		Nonce:        nonce,
		CodeVerifier: verifier,
		ReturnTo:     returnTo,
		Signup:       signup,
		CreatedAt:    now,
		ExpiresAt:    now.Add(loginStateTTL),
	})
	if err != nil {
		s.log.ErrorContext(r.Context(), "could not start sign-in", "error", err.Error())
		s.redirectProblem(w, r, "server", returnTo)
		return
	}
	s.setCookie(w, s.loginCookie, state, int(loginStateTTL.Seconds()))
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, s.authCodeURL(state, nonce, verifier, signup), http.StatusFound)
}

// authCodeURL builds the authorization request. audience is what Auth0 needs to issue a JWT
// access token for the API; screen_hint=signup is Auth0's way to open on sign-up, which other
// providers ignore as an unknown parameter, and prompt=create the standard one (OpenID Connect
// Prompt Create 1.0), sent only to a provider that supports it.
func (s *Service) authCodeURL(state, nonce, verifier string, signup bool) string {
	opts := []oauth2.AuthCodeOption{
		oauth2.S256ChallengeOption(verifier),
		oauth2.SetAuthURLParam("nonce", nonce),
	}
	if s.cfg.Audience != "" {
		opts = append(opts, oauth2.SetAuthURLParam("audience", s.cfg.Audience))
	}
	if s.cfg.Organization != "" {
		opts = append(opts, oauth2.SetAuthURLParam("organization", s.cfg.Organization))
	}
	if signup {
		opts = append(opts, oauth2.SetAuthURLParam("screen_hint", "signup"))
		if s.cfg.PromptCreate {
			opts = append(opts, oauth2.SetAuthURLParam("prompt", "create"))
		}
	}
	return s.oauth.AuthCodeURL(state, opts...)
}

// providerErrors are the provider error codes passed on to the sign-in problem page, which has
// words for each; any other becomes "provider". The provider's own description is never shown.
var providerErrors = map[string]bool{
	"access_denied": true, "login_required": true, "consent_required": true, "interaction_required": true,
	"account_selection_required": true, "temporarily_unavailable": true,
}

// Callback (GET /auth/callback) finishes sign-in: it checks the state, exchanges the code with the
// PKCE verifier, verifies the ID token, finds or creates the user and starts a web session. Every
// failure lands on the app's sign-in problem page with a short reason code: never a blank page,
// never the provider's text. Reasons: a provider error code (access_denied, login_required, …),
// "provider" for other provider errors, "state" for an unknown, expired, reused or foreign state,
// "token" when the code exchange or the ID token fails, "server" when storage fails.
func (s *Service) Callback(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	q := r.URL.Query()
	state := q.Get("state")
	browserState := cookieValue(r, s.loginCookie)
	s.setCookie(w, s.loginCookie, "", -1)
	w.Header().Set("Cache-Control", "no-store")

	// The state is checked against this browser's cookie before it is used up, so someone else's
	// callback link cannot spend this browser's sign-in.
	var ls account.LoginState
	stateOK := state != "" && len(state) <= 512 &&
		subtle.ConstantTimeCompare([]byte(state), []byte(browserState)) == 1
	if stateOK {
		var err error
		ls, err = s.store.TakeLoginState(ctx, account.HashSessionID(state), s.now())
		switch {
		case apperr.Is(err, apperr.NotFound):
			stateOK = false
		case err != nil:
			s.log.ErrorContext(ctx, "sign-in callback failed", "reason", "server", "error", err.Error())
			s.redirectProblem(w, r, "server", "")
			return
		}
	}

	if code := q.Get("error"); code != "" {
		reason := "provider"
		if providerErrors[code] {
			reason = code
		}
		// The operator reads the provider's own words in the log; the member gets the app's.
		s.log.WarnContext(ctx, "sign-in refused by the identity provider", "reason", reason, "error", truncate(code, 60),
			"description", truncate(q.Get("error_description"), 300))
		s.redirectProblem(w, r, reason, ls.ReturnTo)
		return
	}
	if !stateOK {
		s.log.WarnContext(ctx, "sign-in callback failed", "reason", "state",
			"error", "state unknown, expired, already used or not this browser's")
		s.redirectProblem(w, r, "state", "")
		return
	}
	code := q.Get("code")
	if code == "" {
		s.log.WarnContext(ctx, "sign-in callback failed", "reason", "provider", "error", "no code in the callback")
		s.redirectProblem(w, r, "provider", ls.ReturnTo)
		return
	}

	tok, err := s.oauth.Exchange(s.tokenContext(ctx), code, oauth2.VerifierOption(ls.CodeVerifier))
	if err != nil {
		s.log.WarnContext(ctx, "sign-in callback failed", "reason", "token", "error", "code exchange: "+tokenErrorText(err))
		s.redirectProblem(w, r, "token", ls.ReturnTo)
		return
	}
	rawID, _ := tok.Extra("id_token").(string)
	if rawID == "" {
		s.log.WarnContext(ctx, "sign-in callback failed", "reason", "token", "error", "the token response has no ID token")
		s.redirectProblem(w, r, "token", ls.ReturnTo)
		return
	}
	id, err := s.verifyIDToken(rawID, ls.Nonce)
	if err != nil {
		s.log.WarnContext(ctx, "sign-in callback failed", "reason", "token", "error", "ID token: "+truncate(err.Error(), 200))
		s.redirectProblem(w, r, "token", ls.ReturnTo)
		return
	}
	// The roles claim is read from the access token when it is a JWT for our API about the same
	// person, which is where Auth0 Actions and the embedded provider put it; else from the ID token.
	if at, err := s.verifyAccessToken(tok.AccessToken); err == nil && at.Subject == id.Subject && at.RoleSet {
		id.Role, id.RoleSet = at.Role, true
	}

	u, err := s.userFor(ctx, id)
	if err != nil {
		s.log.ErrorContext(ctx, "sign-in callback failed", "reason", "server", "error", err.Error())
		s.redirectProblem(w, r, "server", ls.ReturnTo)
		return
	}

	if u.Role == account.RoleMember {
		s.recordArrival(ctx, w, r, u.ID)
	}

	// A session the browser already had is ended: a new sign-in always gets a new session id.
	if old := cookieValue(r, s.sessionCookie); old != "" {
		_ = s.store.DeleteSession(ctx, account.HashSessionID(old))
	}
	raw := randomToken(32)
	now := s.now()
	absolute := now.Add(s.cfg.MaxAge)
	ws := account.Session{
		IDHash:               account.HashSessionID(raw),
		UserID:               u.ID,
		CreatedAt:            now,
		LastSeenAt:           now,
		IdleExpiresAt:        s.idleExpiry(now, absolute, u.Role),
		AbsoluteExpiresAt:    absolute,
		IDToken:              rawID,
		AccessToken:          tok.AccessToken,
		RefreshToken:         tok.RefreshToken,
		AccessTokenExpiresAt: s.accessExpiry(tok),
	}
	if err := s.store.CreateSession(ctx, ws); err != nil {
		s.log.ErrorContext(ctx, "sign-in callback failed", "reason", "server", "error", err.Error())
		s.redirectProblem(w, r, "server", ls.ReturnTo)
		return
	}
	s.setCookie(w, s.sessionCookie, raw, int(s.cfg.MaxAge.Seconds()))
	s.log.InfoContext(ctx, "signed in", "user_id", u.ID, "signup", ls.Signup)
	http.Redirect(w, r, landing(u.Role, SafeReturnTo(ls.ReturnTo)), http.StatusFound)
}

// landing is where a user who asked to return to returnTo lands after signing in: staff who asked
// for nothing in particular (the members' first page, or home) land in the staff app.
func landing(role account.Role, returnTo string) string {
	if role.IsStaff() && (returnTo == defaultReturnTo || returnTo == "/") {
		return staffLanding
	}
	return returnTo
}

// redirectProblem sends the browser to the app's sign-in problem page. returnTo, when it is not
// the default landing page, rides along so "try again" can keep a deep link.
func (s *Service) redirectProblem(w http.ResponseWriter, r *http.Request, reason, returnTo string) {
	v := url.Values{"reason": {reason}}
	if returnTo != "" && returnTo != defaultReturnTo {
		v.Set("returnTo", SafeReturnTo(returnTo))
	}
	http.Redirect(w, r, signInProblemPath+"?"+v.Encode(), http.StatusFound)
}

// Logout (POST /auth/logout) ends the web session here, revokes its refresh token at the provider
// when the provider offers revocation (best effort, see revokeRefreshToken), and answers where the
// page should go next: the provider's end-session endpoint, which ends the provider's own sign-in
// and comes back to the post-logout URL, or that URL itself when the provider has none. It answers
// JSON rather than a redirect because the page navigates there itself (a form post to another
// origin would be blocked by the form-action policy).
func (s *Service) Logout(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		s.cfg.OnError(w, r, apperr.E(apperr.MethodNotAllowed, msgSignOutWithPost))
		return
	}
	ctx := r.Context()
	var idToken string
	if raw := cookieValue(r, s.sessionCookie); raw != "" {
		idHash := account.HashSessionID(raw)
		ws, err := s.store.SessionByIDHash(ctx, idHash, s.now())
		if err == nil {
			idToken = ws.IDToken
		}
		if err := s.store.DeleteSession(ctx, idHash); err != nil {
			s.cfg.OnError(w, r, err)
			return
		}
		s.log.InfoContext(ctx, "signed out")
		s.revokeRefreshToken(ctx, ws.UserID, ws.RefreshToken)
	}
	s.setCookie(w, s.sessionCookie, "", -1)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(struct {
		RedirectTo string `json:"redirectTo"`
	}{s.endSessionURL(idToken)})
}

// ClearSessionCookie tells the browser to forget its session cookie, for a response that ended the
// session otherwise than by Logout: the member closed their account, which took the session along.
func (s *Service) ClearSessionCookie(w http.ResponseWriter) {
	s.setCookie(w, s.sessionCookie, "", -1)
}

// endSessionURL is the provider's RP-initiated logout URL for this client (OpenID Connect
// RP-Initiated Logout 1.0), or the post-logout URL when the provider has no such endpoint.
func (s *Service) endSessionURL(idToken string) string {
	if s.cfg.EndSessionURL == "" {
		return s.cfg.PostLogoutURL
	}
	u, err := url.Parse(s.cfg.EndSessionURL)
	if err != nil {
		return s.cfg.PostLogoutURL
	}
	q := u.Query()
	if idToken != "" {
		q.Set("id_token_hint", idToken)
	}
	q.Set("post_logout_redirect_uri", s.cfg.PostLogoutURL)
	q.Set("client_id", s.cfg.ClientID)
	u.RawQuery = q.Encode()
	return u.String()
}

// SafeReturnTo returns p when it is a path on this site, and the default landing page otherwise:
// it must start with exactly one "/", carry no scheme, host or backslash (browsers read "/\" as
// "//") and no control characters (browsers drop tabs and newlines, turning "/\t/x" into "//x").
// Paths back into sign-in itself are refused too, so a sign-in never ends in another.
func SafeReturnTo(p string) string {
	if p == "" || len(p) > 2048 || p[0] != '/' || strings.HasPrefix(p, "//") || cleantext.Problem(p) != "" {
		return defaultReturnTo
	}
	for i := 0; i < len(p); i++ {
		if c := p[i]; c < 0x20 || c == 0x7f || c == '\\' {
			return defaultReturnTo
		}
	}
	u, err := url.Parse(p)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" {
		return defaultReturnTo
	}
	if u.Path == "/auth" || strings.HasPrefix(u.Path, "/auth/") {
		return defaultReturnTo
	}
	return p
}

// originCookie is where the app's /register page records the referrer of a new member (spec §2).
const originCookie = "origin_register"

// recordArrival keeps, with a member who has just signed in, the origin the app recorded when they
// started signing up and the payment variant of this site, then removes the cookie: it has served.
// Failing to record it costs a line in a report, not the member's sign-in, so it is only logged.
func (s *Service) recordArrival(ctx context.Context, w http.ResponseWriter, r *http.Request, userID string) {
	a := account.Arrival{Origin: account.OriginOf(cookieValue(r, originCookie))}
	if s.cfg.PaymentOffered != nil {
		a.PaymentOffered = s.cfg.PaymentOffered(r.Host)
	}
	if err := s.store.RecordArrival(ctx, userID, a); err != nil {
		s.log.WarnContext(ctx, "could not record where the member came from", "user_id", userID, "error", err.Error())
	}
	if _, err := r.Cookie(originCookie); err == nil {
		http.SetCookie(w, &http.Cookie{Name: originCookie, Value: "", Path: "/", MaxAge: -1, SameSite: http.SameSiteLaxMode})
	}
}
