package sqlstore

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"wayfinder/internal/apperr"
	"wayfinder/internal/idp/idpstore"
)

// hashSignature is the stored form of a token signature.
func hashSignature(sig string) string {
	if sig == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(sig))
	return hex.EncodeToString(sum[:])
}

func validKind(kind string) bool {
	switch kind {
	case idpstore.OAuthCode, idpstore.OAuthPKCE, idpstore.OAuthOIDC, idpstore.OAuthAccess, idpstore.OAuthRefresh:
		return true
	}
	return false
}

// encodeList stores a list of scopes or audiences as a JSON array, never null.
func encodeList(l []string) string {
	if l == nil {
		l = []string{}
	}
	b, _ := json.Marshal(l)
	return string(b)
}

// CreateOAuthRequest stores a code or token. A signature stored already for the kind is a Conflict.
func (s *DB) CreateOAuthRequest(ctx context.Context, r idpstore.OAuthRequest) error {
	if !validKind(r.Kind) || r.Signature == "" || r.RequestID == "" {
		return apperr.E(apperr.Invalid, "an OAuth request needs a known kind, a signature and a request id")
	}
	_, err := s.conn(ctx).ExecContext(ctx, `
		INSERT INTO oauth_requests (kind, signature_hash, request_id, client_id, subject, requested_at, expires_at,
			active, requested_scopes, granted_scopes, requested_audience, granted_audience, form_data, session_data,
			access_signature_hash)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
		r.Kind, hashSignature(r.Signature), r.RequestID, r.ClientID, r.Subject, utc(r.RequestedAt), utc(r.ExpiresAt),
		r.Active, encodeList(r.RequestedScopes), encodeList(r.GrantedScopes), encodeList(r.RequestedAudience),
		encodeList(r.GrantedAudience), r.Form, string(r.Session), hashSignature(r.AccessSignature))
	return classify(err, "store the "+r.Kind)
}

// OAuthRequestBySignature returns the stored code or token of the kind with the given signature,
// active or not (the caller decides what an inactive one means), or NotFound. The returned
// Signature is the one asked for; AccessSignature is not returned, only its hash is kept.
func (s *DB) OAuthRequestBySignature(ctx context.Context, kind, signature string) (idpstore.OAuthRequest, error) {
	r := idpstore.OAuthRequest{Kind: kind, Signature: signature}
	var (
		reqScopes, grantScopes, reqAud, grantAud, session string
	)
	err := s.conn(ctx).QueryRowContext(ctx, `
		SELECT request_id, client_id, subject, requested_at, expires_at, active, requested_scopes, granted_scopes,
			requested_audience, granted_audience, form_data, session_data
		FROM oauth_requests WHERE kind = $1 AND signature_hash = $2`,
		kind, hashSignature(signature)).Scan(&r.RequestID, &r.ClientID, &r.Subject, &r.RequestedAt, &r.ExpiresAt,
		&r.Active, &reqScopes, &grantScopes, &reqAud, &grantAud, &r.Form, &session)
	if err != nil {
		return idpstore.OAuthRequest{}, classify(err, "find the "+kind)
	}
	r.RequestedAt, r.ExpiresAt = r.RequestedAt.UTC(), r.ExpiresAt.UTC()
	r.Session = []byte(session)
	for _, l := range []struct {
		text string
		dst  *[]string
	}{{reqScopes, &r.RequestedScopes}, {grantScopes, &r.GrantedScopes}, {reqAud, &r.RequestedAudience}, {grantAud, &r.GrantedAudience}} {
		if err := json.Unmarshal([]byte(l.text), l.dst); err != nil {
			return idpstore.OAuthRequest{}, apperr.Wrap(apperr.Internal, err, "could not read the stored %s", kind)
		}
	}
	return r, nil
}

// DeleteOAuthRequest removes one code or token; removing one that is gone already is not an error.
func (s *DB) DeleteOAuthRequest(ctx context.Context, kind, signature string) error {
	_, err := s.conn(ctx).ExecContext(ctx, `DELETE FROM oauth_requests WHERE kind = $1 AND signature_hash = $2`,
		kind, hashSignature(signature))
	return classify(err, "remove the "+kind)
}

// DeactivateOAuthRequest marks one active code or token as used and reports whether it was active.
// The condition makes it the arbiter between two requests racing with the same token: exactly one
// of them sees true.
func (s *DB) DeactivateOAuthRequest(ctx context.Context, kind, signature string) (bool, error) {
	res, err := s.conn(ctx).ExecContext(ctx, `
		UPDATE oauth_requests SET active = false WHERE kind = $1 AND signature_hash = $2 AND active = true`,
		kind, hashSignature(signature))
	n, err := rowsAffected(res, err, "mark the "+kind+" as used")
	return n == 1, err
}

// DeactivateOAuthFamily marks every code or token of the kind issued for one sign-in as used, and
// returns how many were still active.
func (s *DB) DeactivateOAuthFamily(ctx context.Context, kind, requestID string) (int64, error) {
	res, err := s.conn(ctx).ExecContext(ctx, `
		UPDATE oauth_requests SET active = false WHERE kind = $1 AND request_id = $2 AND active = true`,
		kind, requestID)
	return rowsAffected(res, err, "revoke the "+kind+"s")
}

// DeleteOAuthFamily removes every code or token of the kind issued for one sign-in, and returns how
// many there were.
func (s *DB) DeleteOAuthFamily(ctx context.Context, kind, requestID string) (int64, error) {
	res, err := s.conn(ctx).ExecContext(ctx, `DELETE FROM oauth_requests WHERE kind = $1 AND request_id = $2`,
		kind, requestID)
	return rowsAffected(res, err, "remove the "+kind+"s")
}

// RevokeSubjectTokens ends every grant of one account: its refresh tokens are marked used (so a
// later use is recognized as reuse) and its access tokens removed. It returns how many refresh
// tokens were still active.
func (s *DB) RevokeSubjectTokens(ctx context.Context, subject string) (int64, error) {
	var n int64
	err := s.InTx(ctx, func(ctx context.Context) error {
		res, err := s.conn(ctx).ExecContext(ctx, `
			UPDATE oauth_requests SET active = false WHERE subject = $1 AND kind = 'refresh' AND active = true`, subject)
		if n, err = rowsAffected(res, err, "revoke the account's refresh tokens"); err != nil {
			return err
		}
		_, err = s.conn(ctx).ExecContext(ctx, `DELETE FROM oauth_requests WHERE subject = $1 AND kind = 'access'`, subject)
		return classify(err, "revoke the account's access tokens")
	})
	return n, err
}
