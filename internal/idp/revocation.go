package idp

import (
	"context"
	"net/http"

	"github.com/ory/fosite"
	"github.com/ory/fosite/handler/oauth2"

	"wayfinder/internal/apperr"
	"wayfinder/internal/idp/idpstore"
)

// Revoke is the revocation endpoint (RFC 7009), at /idp/revoke and at Auth0's /oauth/revoke. The web
// client authenticates with its secret (HTTP basic), the iOS app with its client_id alone, and each
// may revoke only its own tokens. Revoking a refresh token ends its whole sign-in: every refresh and
// access token issued from it. Revoking an access token ends it and, as RFC 7009 allows, the rest of
// its sign-in too. An unknown or already revoked token is answered 200 like a revoked one, as RFC
// 7009 asks. It takes the parameters form-encoded, or as a JSON object of strings like Token.
func (p *Provider) Revoke(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := formFromJSON(r); err != nil {
		p.log.WarnContext(ctx, "revocation refused", "error", "invalid_request", "hint", err.Error())
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_request", "error_description": err.Error()})
		return
	}
	err := p.oauth.NewRevocationRequest(ctx, r)
	clientID := p.revokingClient(r)
	if err == nil {
		p.log.InfoContext(ctx, "token revoked", "client_id", clientID)
		p.oauth.WriteRevocationResponse(ctx, w, nil)
		return
	}
	rfc := fosite.ErrorToRFC6749Error(err)
	if rfc.CodeField >= 500 {
		// fosite answers 200 to every error but invalid_request and invalid_client. A token that could
		// not be revoked must not look revoked, so the client is told to try again (RFC 7009 2.2.1).
		p.log.ErrorContext(ctx, "revocation failed", "error", rfc.ErrorField, "client_id", clientID, "cause", rfc.DebugField)
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"error": "temporarily_unavailable"})
		return
	}
	p.log.WarnContext(ctx, "revocation refused", "error", rfc.ErrorField, "hint", rfc.HintField, "client_id", clientID)
	p.oauth.WriteRevocationResponse(ctx, w, err)
}

// revokingClient names the client of a revocation request for the log: one of ours, or "unknown",
// so that nothing a caller typed is written there.
func (p *Provider) revokingClient(r *http.Request) string {
	id := r.PostForm.Get("client_id")
	if u, _, ok := r.BasicAuth(); ok {
		id = u
	}
	if _, ok := p.clients[id]; ok {
		return id
	}
	return "unknown"
}

// AccessTokenActive reports whether an access token of this provider is still in force: not
// revoked, not ended by a sign-out, and not replaced by a refresh. Access tokens are JWTs the API
// verifies on its own, so this lookup of the token's stored row is what makes revocation reach them.
// The row is keyed by the token's signature as fosite's JWT strategy computes it. raw must have been
// verified already: only its signature is looked at.
func (p *Provider) AccessTokenActive(ctx context.Context, raw string) (bool, error) {
	sig := oauth2.DefaultJWTStrategy{}.AccessTokenSignature(ctx, raw)
	if sig == "" {
		return false, nil
	}
	row, err := p.store.OAuthRequestBySignature(ctx, idpstore.OAuthAccess, sig)
	if apperr.Is(err, apperr.NotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return row.Active, nil
}
