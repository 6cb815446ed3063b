package sqlstore

import (
	"context"
	"errors"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
)

// CreateLoginState stores what the web client must remember while the browser is at the identity
// provider. A state hash stored already is a Conflict.
func (s *DB) CreateLoginState(ctx context.Context, ls account.LoginState) error {
	if ls.StateHash == "" {
		return refuse("a login state needs its state hash")
	}
	_, err := s.conn(ctx).ExecContext(ctx, `
		INSERT INTO login_states (state_hash, nonce, code_verifier, return_to, signup, created_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		ls.StateHash, ls.Nonce, ls.CodeVerifier, ls.ReturnTo, ls.Signup, utc(ls.CreatedAt), utc(ls.ExpiresAt))
	return classify(err, "remember the sign-in")
}

// TakeLoginState removes the login state with the given hash and returns it, in one statement, so
// a state is used at most once even when two callbacks race. One that is missing, or expired at now,
// is NotFound; an expired one is removed all the same.
func (s *DB) TakeLoginState(ctx context.Context, stateHash string, now time.Time) (account.LoginState, error) {
	var ls account.LoginState
	err := s.conn(ctx).QueryRowContext(ctx, `
		DELETE FROM login_states WHERE state_hash = $1
		RETURNING state_hash, nonce, code_verifier, return_to, signup, created_at, expires_at`,
		stateHash).Scan(&ls.StateHash, &ls.Nonce, &ls.CodeVerifier, &ls.ReturnTo, &ls.Signup, &ls.CreatedAt, &ls.ExpiresAt)
	if err != nil {
		return account.LoginState{}, classify(err, "find the sign-in")
	}
	ls.CreatedAt, ls.ExpiresAt = ls.CreatedAt.UTC(), ls.ExpiresAt.UTC()
	if !ls.ExpiresAt.After(utc(now)) {
		return account.LoginState{}, apperr.Generic(apperr.NotFound, errors.New("could not find the sign-in: it has expired"))
	}
	return ls, nil
}
