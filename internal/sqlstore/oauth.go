package sqlstore

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"time"

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
		return refuse("an OAuth request needs a known kind, a signature and a request id")
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
			return idpstore.OAuthRequest{}, apperr.WrapInternalf(err, "could not read the stored %s", kind)
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

// DeactivateOAuthFamily revokes every code or token of the kind issued for one sign-in: each is
// marked used and loses the grace of a rotation (see RotateOAuthRefresh), so none can be used again.
// It returns how many it changed: those still active or with a rotation's grace.
func (s *DB) DeactivateOAuthFamily(ctx context.Context, kind, requestID string) (int64, error) {
	res, err := s.conn(ctx).ExecContext(ctx, `
		UPDATE oauth_requests SET active = false, rotated_at = NULL
		WHERE kind = $1 AND request_id = $2 AND (active = true OR rotated_at IS NOT NULL)`,
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
// later use is recognized as reuse) and lose the grace of a rotation, and its access tokens are
// removed. It returns how many refresh tokens it changed: those still active or with a rotation's
// grace.
func (s *DB) RevokeSubjectTokens(ctx context.Context, subject string) (int64, error) {
	var n int64
	err := s.InTx(ctx, func(ctx context.Context) error {
		res, err := s.conn(ctx).ExecContext(ctx, `
			UPDATE oauth_requests SET active = false, rotated_at = NULL
			WHERE subject = $1 AND kind = 'refresh' AND (active = true OR rotated_at IS NOT NULL)`, subject)
		if n, err = rowsAffected(res, err, "revoke the account's refresh tokens"); err != nil {
			return err
		}
		_, err = s.conn(ctx).ExecContext(ctx, `DELETE FROM oauth_requests WHERE subject = $1 AND kind = 'access'`, subject)
		return classify(err, "revoke the account's access tokens")
	})
	return n, err
}

// RotateOAuthRefresh retires a refresh token that is being exchanged for a new pair, together with
// the access token issued with it. An active token is marked rotated at now. A token rotated after
// graceSince already may be exchanged again, and keeps its first rotation time so the window never
// grows: two replicas refreshing with one token then both succeed. It reports false for a token that
// is unknown, revoked, or rotated at or before graceSince. The update itself checks the condition,
// so it holds between replicas racing with one token.
func (s *DB) RotateOAuthRefresh(ctx context.Context, signature string, now, graceSince time.Time) (bool, error) {
	hash := hashSignature(signature)
	rotated := false
	err := s.InTx(ctx, func(ctx context.Context) error {
		res, err := s.conn(ctx).ExecContext(ctx, `
			UPDATE oauth_requests SET active = false, rotated_at = COALESCE(rotated_at, $2)
			WHERE kind = 'refresh' AND signature_hash = $1 AND (active = true OR rotated_at > $3)`,
			hash, utc(now), utc(graceSince))
		n, err := rowsAffected(res, err, "rotate the refresh token")
		if err != nil || n == 0 {
			rotated = false
			return err
		}
		rotated = true
		_, err = s.conn(ctx).ExecContext(ctx, `
			DELETE FROM oauth_requests WHERE kind = 'access' AND signature_hash =
				(SELECT access_signature_hash FROM oauth_requests WHERE kind = 'refresh' AND signature_hash = $1)`, hash)
		return classify(err, "retire the refreshed access token")
	})
	return rotated && err == nil, err
}

// OAuthRefreshRotatedSince reports whether a refresh token was rotated, and not revoked since, after
// since: such a token may still be exchanged (see RotateOAuthRefresh).
func (s *DB) OAuthRefreshRotatedSince(ctx context.Context, signature string, since time.Time) (bool, error) {
	var n int
	err := s.conn(ctx).QueryRowContext(ctx, `
		SELECT COUNT(*) FROM oauth_requests WHERE kind = 'refresh' AND signature_hash = $1 AND rotated_at > $2`,
		hashSignature(signature), utc(since)).Scan(&n)
	if err != nil {
		return false, classify(err, "find the refresh token's rotation")
	}
	return n > 0, nil
}
