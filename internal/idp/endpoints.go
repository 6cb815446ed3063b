package idp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ory/fosite"
	"github.com/ory/fosite/handler/openid"
	"github.com/ory/fosite/token/jwt"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
)

// maxFormBytes bounds the body of every form this package reads.
const maxFormBytes = 64 << 10

// path returns the provider's path for an endpoint, such as /idp/login: links on the pages stay on
// the page's own origin.
func (p *Provider) path(endpoint string) string {
	u, err := url.Parse(p.cfg.Issuer)
	if err != nil {
		return endpoint
	}
	return strings.TrimRight(u.Path, "/") + endpoint
}

// Discovery serves the OpenID Provider Configuration (/.well-known/openid-configuration).
func (p *Provider) Discovery(w http.ResponseWriter, r *http.Request) {
	iss := p.cfg.Issuer
	doc := map[string]any{
		"issuer":                                iss,
		"authorization_endpoint":                iss + "/authorize",
		"token_endpoint":                        iss + "/token",
		"userinfo_endpoint":                     iss + "/userinfo",
		"jwks_uri":                              iss + "/jwks.json",
		"end_session_endpoint":                  iss + "/logout",
		"response_types_supported":              []string{"code"},
		"response_modes_supported":              []string{"query"},
		"grant_types_supported":                 []string{"authorization_code", "refresh_token"},
		"subject_types_supported":               []string{"public"},
		"id_token_signing_alg_values_supported": []string{"RS256"},
		"token_endpoint_auth_methods_supported": []string{"client_secret_basic", "none"},
		"code_challenge_methods_supported":      []string{"S256"},
		"scopes_supported":                      scopes,
		"claims_supported": []string{"sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "email",
			"email_verified", "name", "given_name", "family_name", p.cfg.RolesClaim},
		"prompt_values_supported":                        []string{"none", "login", "create"},
		"request_parameter_supported":                    false,
		"request_uri_parameter_supported":                false,
		"claims_parameter_supported":                     false,
		"frontchannel_logout_supported":                  false,
		"backchannel_logout_supported":                   false,
		"authorization_response_iss_parameter_supported": false,
		"revocation_endpoint":                            iss + "/revoke",
		"revocation_endpoint_auth_methods_supported":     []string{"client_secret_basic", "none"},
	}
	w.Header().Set("Cache-Control", "public, max-age=300")
	writeJSON(w, http.StatusOK, doc)
}

// JWKS serves the public signing keys, the newest first. It includes the next key before it signs
// and retired keys until every token they signed has expired.
func (p *Provider) JWKS(w http.ResponseWriter, r *http.Request) {
	set, err := p.keys.jwks(r.Context())
	if err != nil {
		p.log.ErrorContext(r.Context(), "the key set cannot be read", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"error": "temporarily_unavailable"})
		return
	}
	w.Header().Set("Cache-Control", "public, max-age=300")
	writeJSON(w, http.StatusOK, set)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// Authorize is the authorization endpoint. It checks the request in full before showing any page:
// a known client with one of its redirect URIs exactly, PKCE with S256, a state of at least eight
// characters. Then it signs the person in from their provider session, or sends them to the sign-in
// page (the sign-up page for prompt=create or screen_hint=signup), carrying the request along.
// prompt=none without a session answers login_required; prompt=login and an exceeded max_age ask
// for the password again.
func (p *Provider) Authorize(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		p.requestProblem(w, r, http.StatusBadRequest, "the request cannot be read")
		return
	}
	if !p.redirectURIRegistered(w, r, r.Form) {
		return
	}
	ar, err := p.oauth.NewAuthorizeRequest(ctx, r)
	if err == nil {
		err = checkAuthorizeRequest(ar)
	}
	if err != nil {
		p.authorizeError(w, r, ar, err)
		return
	}
	form := ar.GetRequestForm()
	prompts := fosite.RemoveEmpty(strings.Split(form.Get("prompt"), " "))
	now := p.now()
	user, authTime, signedIn := p.currentUser(r)
	needLogin := !signedIn || slices.Contains(prompts, "login") || maxAgeExceeded(form.Get("max_age"), authTime, now)
	signup := slices.Contains(prompts, "create") || (needLogin && form.Get("screen_hint") == "signup")
	if needLogin && slices.Contains(prompts, "none") {
		p.authorizeError(w, r, ar, fosite.ErrLoginRequired.WithHint("Nobody is signed in at the provider."))
		return
	}
	if needLogin || signup {
		page := "/login"
		if signup {
			page = "/signup"
		}
		sealed := p.sealFlow(flow{Query: form.Encode(), RequestedAt: now.Unix()})
		http.Redirect(w, r, p.path(page)+"?"+url.Values{"flow": {sealed}}.Encode(), http.StatusFound)
		return
	}
	p.finishAuthorize(w, r, ar, user, authTime, now)
}

// redirectURIRegistered answers the request itself, with a page, unless its client is unknown to
// fosite (which then reports that) or it names one of its client's redirect URIs exactly. fosite
// alone would let a loopback redirect URI differ in its port.
func (p *Provider) redirectURIRegistered(w http.ResponseWriter, r *http.Request, form url.Values) bool {
	c, ok := p.clients[form.Get("client_id")]
	if !ok {
		return true
	}
	if uri := form.Get("redirect_uri"); uri == "" || !slices.Contains(c.GetRedirectURIs(), uri) {
		p.log.WarnContext(r.Context(), "authorization refused", "error", "invalid_redirect_uri", "client_id", c.GetID())
		p.requestProblem(w, r, http.StatusBadRequest, "redirect_uri is missing or not registered")
		return false
	}
	return true
}

// checkAuthorizeRequest adds this provider's rules to fosite's checks, which would otherwise come
// only after sign-in: PKCE with S256 is required, and answers go in the query string only (a
// form_post answer page would need a script the pages' policy forbids).
func checkAuthorizeRequest(ar fosite.AuthorizeRequester) error {
	form := ar.GetRequestForm()
	if form.Get("code_challenge") == "" || form.Get("code_challenge_method") != "S256" {
		return fosite.ErrInvalidRequest.WithHint("PKCE with the S256 method is required: send code_challenge and code_challenge_method=S256.")
	}
	if m := form.Get("response_mode"); m != "" && m != "query" {
		return fosite.ErrUnsupportedResponseMode.WithHint("Only response_mode=query is supported.")
	}
	return nil
}

// maxAgeExceeded reports whether the sign-in at authTime is older than the request's max_age allows.
func maxAgeExceeded(maxAge string, authTime, now time.Time) bool {
	if maxAge == "" {
		return false
	}
	secs, err := strconv.ParseInt(maxAge, 10, 64)
	if err != nil || secs < 0 {
		return false
	}
	return now.Sub(authTime) > time.Duration(secs)*time.Second
}

// finishAuthorize grants the request for user and sends the browser back to the client with a code.
// requestedAt is when the client asked, which may be before the person signed in.
func (p *Provider) finishAuthorize(w http.ResponseWriter, r *http.Request, ar fosite.AuthorizeRequester, user account.User, authTime, requestedAt time.Time) {
	ctx := r.Context()
	for _, s := range ar.GetRequestedScopes() {
		ar.GrantScope(s) // fosite has checked that the client may ask for each
	}
	if aud := ar.GetRequestedAudience(); len(aud) > 0 {
		for _, a := range aud {
			ar.GrantAudience(a)
		}
	} else {
		ar.GrantAudience(p.cfg.Audience)
	}
	resp, err := p.oauth.NewAuthorizeResponse(ctx, ar, p.userSession(user, ar.GetClient().GetID(), ar.GetGrantedScopes(), authTime, requestedAt))
	if err != nil {
		p.authorizeError(w, r, ar, err)
		return
	}
	p.log.InfoContext(ctx, "authorization granted", "client_id", ar.GetClient().GetID(), "user_id", user.ID)
	p.oauth.WriteAuthorizeResponse(ctx, w, ar, resp)
}

// userSession is the session of a user's tokens: the subject is the user's ID (their subject too),
// the access token carries the role under the configured claim name, and the ID token what the
// granted scopes allow (identityClaims).
func (p *Provider) userSession(user account.User, clientID string, granted fosite.Arguments, authTime, requestedAt time.Time) *Session {
	claims := &jwt.IDTokenClaims{
		Subject:                         user.ID,
		AuthTime:                        authTime.UTC().Truncate(time.Second),
		RequestedAt:                     requestedAt.UTC().Truncate(time.Second),
		AuthenticationMethodsReferences: []string{"pwd"},
	}
	s := &Session{
		DefaultSession: &openid.DefaultSession{Subject: user.ID, Claims: claims, Headers: &jwt.Headers{}},
		ClientID:       clientID,
	}
	p.applyUser(s, user, granted)
	return s
}

// applyUser writes what the tokens say about the user into the session: at sign-in, and again on
// every refresh, so a changed role or email reaches the next tokens.
func (p *Provider) applyUser(s *Session, user account.User, granted fosite.Arguments) {
	s.Roles, s.RolesClaim = []string{string(user.Role)}, p.cfg.RolesClaim
	s.IDTokenClaims().Extra = p.identityClaims(user, granted)
}

// identityClaims are what the ID token and userinfo say of the user besides sub, as the granted
// scopes allow: the email, and whether the user has confirmed it (email_verified), with "email";
// the names and the roles with "profile". A client that asks for "openid" alone learns who the
// user is and nothing about them.
func (p *Provider) identityClaims(user account.User, granted fosite.Arguments) map[string]any {
	claims := map[string]any{}
	if granted.Has("email") {
		claims["email"] = user.Email
		claims["email_verified"] = user.EmailVerified
	}
	if granted.Has("profile") {
		claims[p.cfg.RolesClaim] = []string{string(user.Role)}
		if user.FirstName != "" {
			claims["given_name"] = user.FirstName
		}
		if user.LastName != "" {
			claims["family_name"] = user.LastName
		}
		if name := strings.TrimSpace(user.FirstName + " " + user.LastName); name != "" {
			claims["name"] = name
		}
	}
	return claims
}

// authorizeError logs a refused authorization and answers it: back to the client with the error
// when its redirect URI is known good, otherwise with a page, never redirecting to an unchecked URI.
func (p *Provider) authorizeError(w http.ResponseWriter, r *http.Request, ar fosite.AuthorizeRequester, err error) {
	rfc := fosite.ErrorToRFC6749Error(err)
	clientID := ""
	if ar != nil && ar.GetClient() != nil {
		clientID = ar.GetClient().GetID()
	}
	if rfc.CodeField >= 500 {
		p.log.ErrorContext(r.Context(), "authorization failed", "error", rfc.ErrorField, "hint", rfc.HintField, "client_id", clientID, "cause", rfc.Error()+": "+rfc.DebugField)
	} else {
		p.log.WarnContext(r.Context(), "authorization refused", "error", rfc.ErrorField, "hint", rfc.HintField, "client_id", clientID)
	}
	if ar == nil || !ar.IsRedirectURIValid() {
		p.requestProblem(w, r, http.StatusBadRequest, rfc.ErrorField)
		return
	}
	// Every answer goes back in the query string, the one response mode the clients use: fosite
	// would answer a request for form_post with a page that needs an inline script.
	if req, ok := ar.(*fosite.AuthorizeRequest); ok {
		req.ResponseMode = fosite.ResponseModeQuery
	}
	p.oauth.WriteAuthorizeError(r.Context(), w, ar, err)
}

// currentUser returns the user of the request's provider session, with when they signed in.
func (p *Provider) currentUser(r *http.Request) (account.User, time.Time, bool) {
	c, err := r.Cookie(p.cookieName)
	if err != nil || c.Value == "" {
		return account.User{}, time.Time{}, false
	}
	ctx := r.Context()
	s, err := p.store.IdPSessionByIDHash(ctx, account.HashSessionID(c.Value), p.now())
	if err != nil {
		if !apperr.Is(err, apperr.NotFound) {
			p.log.ErrorContext(ctx, "the sign-in session cannot be read", "err", err)
		}
		return account.User{}, time.Time{}, false
	}
	u, err := p.store.UserByID(ctx, s.UserID)
	if err != nil {
		if !apperr.Is(err, apperr.NotFound) {
			p.log.ErrorContext(ctx, "the signed-in user cannot be read", "err", err)
		}
		return account.User{}, time.Time{}, false
	}
	return u, s.AuthTime, true
}

// Token is the token endpoint: authorization_code (with the PKCE verifier) and refresh_token (each
// refresh token works once; using one twice revokes the whole family). A refresh re-reads the user,
// so a new role applies and a deleted user gets no more tokens. It takes the parameters
// form-encoded, as OAuth specifies, or as a JSON object of strings, as Auth0's clients send them.
func (p *Provider) Token(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := formFromJSON(r); err != nil {
		p.log.WarnContext(ctx, "token request refused", "error", "invalid_request", "hint", err.Error())
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_request", "error_description": err.Error()})
		return
	}
	ar, err := p.oauth.NewAccessRequest(ctx, r, newSession())
	if err != nil {
		p.tokenError(w, r, ar, err)
		return
	}
	if ar.GetGrantTypes().ExactOne("refresh_token") {
		s, ok := ar.GetSession().(*Session)
		if !ok {
			p.tokenError(w, r, ar, fosite.ErrServerError.WithDebug("the stored session is not the provider's"))
			return
		}
		u, err := p.store.UserByID(ctx, s.GetSubject())
		if apperr.Is(err, apperr.NotFound) {
			p.tokenError(w, r, ar, fosite.ErrInvalidGrant.WithHint("The account no longer exists."))
			return
		}
		if err != nil {
			p.tokenError(w, r, ar, fosite.ErrServerError.WithWrap(err).WithDebug(err.Error()))
			return
		}
		p.applyUser(s, u, ar.GetGrantedScopes())
	}
	resp, err := p.oauth.NewAccessResponse(ctx, ar)
	if err != nil {
		p.tokenError(w, r, ar, err)
		return
	}
	p.oauth.WriteAccessResponse(ctx, w, ar, resp)
}

// formFromJSON turns a JSON body into the form-encoded one fosite reads. Every value must be a
// string: OAuth's parameters are. A request that is not JSON is left as it is.
func formFromJSON(r *http.Request) error {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "application/json" {
		return nil
	}
	var params map[string]any
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(&params); err != nil || dec.More() {
		return errors.New("The body is not one JSON object.")
	}
	form := url.Values{}
	for k, v := range params {
		s, ok := v.(string)
		if !ok {
			return fmt.Errorf("The parameter %.40q must be a string.", k)
		}
		form.Set(k, s)
	}
	body := form.Encode()
	r.Body = io.NopCloser(strings.NewReader(body))
	r.ContentLength = int64(len(body))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return nil
}

// tokenError logs a refused token request, without any token or code, and answers it.
func (p *Provider) tokenError(w http.ResponseWriter, r *http.Request, ar fosite.AccessRequester, err error) {
	rfc := fosite.ErrorToRFC6749Error(err)
	clientID := ""
	if ar != nil && ar.GetClient() != nil {
		clientID = ar.GetClient().GetID()
	}
	grant := ""
	if ar != nil {
		grant = strings.Join(ar.GetGrantTypes(), " ")
	}
	if rfc.CodeField >= 500 {
		p.log.ErrorContext(r.Context(), "token request failed", "error", rfc.ErrorField, "hint", rfc.HintField,
			"grant_type", grant, "client_id", clientID, "cause", rfc.DebugField)
	} else {
		p.log.WarnContext(r.Context(), "token request refused", "error", rfc.ErrorField, "hint", rfc.HintField,
			"grant_type", grant, "client_id", clientID)
	}
	p.oauth.WriteAccessError(r.Context(), w, ar, err)
}

// UserInfo returns the claims about the holder of an access token: sub, and what the token's scopes
// allow of the email, the name fields that are set, and the roles (identityClaims). A refresh token is refused, although fosite's check alone
// would accept one, and so is a token in the URL, where logs would keep it.
func (p *Provider) UserInfo(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	token, ok := bearerToken(r)
	if !ok {
		w.Header().Set("WWW-Authenticate", `Bearer realm="`+p.cfg.Issuer+`"`)
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_request", "error_description": "An access token is required."})
		return
	}
	tu, ar, err := p.oauth.IntrospectToken(ctx, token, fosite.AccessToken, newSession())
	if err != nil || tu != fosite.AccessToken {
		p.log.WarnContext(ctx, "userinfo refused", "error", "invalid_token")
		w.Header().Set("WWW-Authenticate", `Bearer realm="`+p.cfg.Issuer+`", error="invalid_token"`)
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_token", "error_description": "The access token is not valid."})
		return
	}
	if !ar.GetGrantedScopes().Has("openid") {
		w.Header().Set("WWW-Authenticate", `Bearer realm="`+p.cfg.Issuer+`", error="insufficient_scope", scope="openid"`)
		writeJSON(w, http.StatusForbidden, map[string]string{"error": "insufficient_scope"})
		return
	}
	u, err := p.store.UserByID(ctx, ar.GetSession().GetSubject())
	if apperr.Is(err, apperr.NotFound) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="`+p.cfg.Issuer+`", error="invalid_token"`)
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_token"})
		return
	}
	if err != nil {
		p.log.ErrorContext(ctx, "userinfo failed", "err", err)
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "server_error"})
		return
	}
	claims := p.identityClaims(u, ar.GetGrantedScopes())
	claims["sub"] = u.ID
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, claims)
}

// bearerToken reads the token of an Authorization: Bearer header.
func bearerToken(r *http.Request) (string, bool) {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	token = strings.TrimSpace(token)
	return token, ok && strings.EqualFold(scheme, "bearer") && token != ""
}

// EndSession is the end-session endpoint (OpenID Connect RP-initiated logout). It always ends the
// provider session of the browser. It sends the browser on to post_logout_redirect_uri, with state,
// only when that URI is registered for the client named by client_id or by the audience of
// id_token_hint (which may have expired, but must be this provider's); otherwise it shows a
// "You're signed out" page.
func (p *Provider) EndSession(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		p.requestProblem(w, r, http.StatusBadRequest, "the request cannot be read")
		return
	}
	if c, err := r.Cookie(p.cookieName); err == nil && c.Value != "" {
		if err := p.store.DeleteIdPSession(ctx, account.HashSessionID(c.Value)); err != nil {
			p.log.ErrorContext(ctx, "the sign-in session cannot be ended", "err", err)
		}
	}
	p.clearSessionCookie(w)

	target := p.postLogoutTarget(ctx, r.Form)
	if target == "" {
		p.renderMessage(w, r, http.StatusOK, msgSignedOutTitle, msgSignedOutTitle, msgSignedOutBody, p.cfg.PublicURL+"/", msgSignedOutBack)
		return
	}
	p.log.InfoContext(ctx, "signed out at the provider", "redirect", "registered")
	http.Redirect(w, r, target, http.StatusFound)
}

// Auth0Logout is Auth0's logout endpoint (/v2/logout), for the iOS app's Auth0 client: EndSession,
// with Auth0's returnTo read as post_logout_redirect_uri. The same rule applies: the browser is sent
// there only when it is registered for the client.
func (p *Provider) Auth0Logout(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if returnTo := q.Get("returnTo"); returnTo != "" && q.Get("post_logout_redirect_uri") == "" {
		q.Set("post_logout_redirect_uri", returnTo)
	}
	q.Del("returnTo")
	r.URL.RawQuery = q.Encode()
	p.EndSession(w, r)
}

// postLogoutTarget returns where EndSession may send the browser, with state added, or "".
func (p *Provider) postLogoutTarget(ctx context.Context, form url.Values) string {
	uri := form.Get("post_logout_redirect_uri")
	if uri == "" {
		return ""
	}
	clientID := form.Get("client_id")
	if hint := form.Get("id_token_hint"); hint != "" {
		aud, ok := p.idTokenHintAudience(ctx, hint)
		switch {
		case !ok:
			p.log.WarnContext(ctx, "end-session refused the redirect", "reason", "id_token_hint is not a valid ID token of this provider")
			return ""
		case clientID == "" && len(aud) == 1:
			clientID = aud[0]
		case !slices.Contains(aud, clientID):
			p.log.WarnContext(ctx, "end-session refused the redirect", "reason", "client_id is not the audience of id_token_hint")
			return ""
		}
	}
	c, ok := p.clients[clientID]
	if !ok || !slices.Contains(c.postLogoutRedirectURIs, uri) {
		p.log.WarnContext(ctx, "end-session refused the redirect", "reason", "post_logout_redirect_uri is not registered for the client")
		return ""
	}
	u, err := url.Parse(uri)
	if err != nil {
		return ""
	}
	if state := form.Get("state"); state != "" {
		q := u.Query()
		q.Set("state", state)
		u.RawQuery = q.Encode()
	}
	return u.String()
}

// idTokenHintAudience verifies an ID token this provider issued and returns its audience. An
// expired token is accepted, as OpenID Connect asks: people sign out long after their ID token
// expired. An access token is not an ID token and is refused.
func (p *Provider) idTokenHintAudience(ctx context.Context, hint string) ([]string, bool) {
	tok, err := (&rotatingSigner{keys: p.keys}).Decode(ctx, hint)
	var ve *jwt.ValidationError
	if err != nil && !(errors.As(err, &ve) && ve.Errors == jwt.ValidationErrorExpired) {
		return nil, false
	}
	if tok == nil || tok.Header["typ"] == "at+jwt" {
		return nil, false
	}
	if iss, _ := tok.Claims["iss"].(string); iss != p.cfg.Issuer {
		return nil, false
	}
	var aud []string
	switch a := tok.Claims["aud"].(type) {
	case string:
		aud = []string{a}
	case []any:
		for _, v := range a {
			if s, ok := v.(string); ok {
				aud = append(aud, s)
			}
		}
	case []string:
		aud = a
	}
	return aud, len(aud) > 0
}
