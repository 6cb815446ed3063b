package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/idp/idpstore"
)

// CreateAccountToken stores the hash of a new emailed link.
func (s *DB) CreateAccountToken(ctx context.Context, t idpstore.AccountToken) error {
	switch t.Purpose {
	case idpstore.TokenPasswordReset, idpstore.TokenEmailVerification:
	default:
		return refuse("an account token needs a purpose of password-reset or email-verification")
	}
	if t.Hash == "" || t.UserID == "" || t.Email == "" || !t.ExpiresAt.After(t.CreatedAt) {
		return refuse("an account token needs its hash, user, email and a lifetime")
	}
	_, err := s.conn(ctx).ExecContext(ctx, `
		INSERT INTO account_tokens (token_hash, purpose, user_id, email, created_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		t.Hash, t.Purpose, t.UserID, t.Email, utc(t.CreatedAt), utc(t.ExpiresAt))
	if violationOf(err) == foreignKeyViolation {
		return apperr.Generic(apperr.NotFound, fmt.Errorf("no such account: %w", err))
	}
	return classify(err, "store the emailed link")
}

// AccountToken returns the link of purpose with hash while it can still be used at now: unused and
// unexpired. Any other link is NotFound, so a caller cannot tell a used link from a made-up one.
func (s *DB) AccountToken(ctx context.Context, purpose, hash string, now time.Time) (idpstore.AccountToken, error) {
	return scanAccountToken(s.conn(ctx).QueryRowContext(ctx, `
		SELECT token_hash, purpose, user_id, email, created_at, expires_at, used_at
		FROM account_tokens
		WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3`,
		hash, purpose, utc(now)))
}

// UseAccountToken marks the link of purpose with hash used at now and returns it, if it could
// still be used; otherwise it is NotFound. The update is conditional, so of two uses at once
// exactly one succeeds.
func (s *DB) UseAccountToken(ctx context.Context, purpose, hash string, now time.Time) (idpstore.AccountToken, error) {
	return scanAccountToken(s.conn(ctx).QueryRowContext(ctx, `
		UPDATE account_tokens SET used_at = $3
		WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
		RETURNING token_hash, purpose, user_id, email, created_at, expires_at, used_at`,
		hash, purpose, utc(now)))
}

// DeleteAccountTokens removes every link of purpose the user was sent, used or not: a new password
// makes the other reset links worthless.
func (s *DB) DeleteAccountTokens(ctx context.Context, userID, purpose string) (int64, error) {
	res, err := s.conn(ctx).ExecContext(ctx, `DELETE FROM account_tokens WHERE user_id = $1 AND purpose = $2`, userID, purpose)
	return rowsAffected(res, err, "remove the emailed links")
}

func scanAccountToken(row scanner) (idpstore.AccountToken, error) {
	var (
		t    idpstore.AccountToken
		used sql.NullTime
	)
	if err := row.Scan(&t.Hash, &t.Purpose, &t.UserID, &t.Email, &t.CreatedAt, &t.ExpiresAt, &used); err != nil {
		return idpstore.AccountToken{}, classify(err, "find the emailed link")
	}
	t.CreatedAt, t.ExpiresAt = t.CreatedAt.UTC(), t.ExpiresAt.UTC()
	if used.Valid {
		t.UsedAt = used.Time.UTC()
	}
	return t, nil
}
