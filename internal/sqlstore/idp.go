package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/idp/idpstore"
)

// LockLoginAttempts makes the rest of the transaction the only one counting and recording attempts
// under any of keys, until it ends: without it, guesses sent at once would all be counted before
// any of them was recorded. On PostgreSQL it takes a transaction-scoped advisory lock per key, in
// a fixed order so that two transactions never wait on each other; a SQLite transaction already
// holds the database's one write lock.
func (s *DB) LockLoginAttempts(ctx context.Context, keys ...string) error {
	if s.dialect != DialectPostgres {
		return nil
	}
	if s.txOf(ctx) == nil {
		return apperr.Internalf("locking sign-in attempts needs a transaction")
	}
	keys = slices.Clone(keys)
	slices.Sort(keys)
	for _, k := range slices.Compact(keys) {
		if _, err := s.conn(ctx).ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, "login_attempts:"+k); err != nil {
			return classify(err, "count the sign-in attempts")
		}
	}
	return nil
}

// RecordLoginAttempt stores one attempt and returns its id. Every replica writes to the same table,
// so the limits hold across all of them.
func (s *DB) RecordLoginAttempt(ctx context.Context, a idpstore.LoginAttempt) (int64, error) {
	switch a.Scope {
	case idpstore.AttemptScopeAccount, idpstore.AttemptScopeAddress, idpstore.AttemptScopePair, idpstore.AttemptScopeSignup,
		idpstore.AttemptScopeReset:
	default:
		return 0, refuse("a login attempt needs a scope of account, address, pair, signup or reset")
	}
	if a.Key == "" {
		return 0, refuse("a login attempt needs a key")
	}
	var id int64
	err := s.conn(ctx).QueryRowContext(ctx, `
		INSERT INTO login_attempts (scope, key, succeeded, at) VALUES ($1, $2, $3, $4) RETURNING id`,
		a.Scope, a.Key, a.Succeeded, utc(a.At)).Scan(&id)
	return id, classify(err, "record the sign-in attempt")
}

// SucceedLoginAttempts marks recorded attempts as successes.
func (s *DB) SucceedLoginAttempts(ctx context.Context, ids ...int64) error {
	for _, id := range ids {
		if _, err := s.conn(ctx).ExecContext(ctx, `UPDATE login_attempts SET succeeded = true WHERE id = $1`, id); err != nil {
			return classify(err, "record the sign-in")
		}
	}
	return nil
}

// ForgetLoginAttempts removes recorded attempts.
func (s *DB) ForgetLoginAttempts(ctx context.Context, ids ...int64) error {
	for _, id := range ids {
		if _, err := s.conn(ctx).ExecContext(ctx, `DELETE FROM login_attempts WHERE id = $1`, id); err != nil {
			return classify(err, "record the sign-in")
		}
	}
	return nil
}

// LoginFailures counts the failed attempts of scope and key after since that came after the last
// successful one. A success wipes the slate: someone who mistyped twice and then got in does not
// carry those failures forward.
func (s *DB) LoginFailures(ctx context.Context, scope, key string, since time.Time) (idpstore.LoginFailures, error) {
	// Two ordered reads rather than MIN and MAX, whose results SQLite would return as text.
	const failures = `FROM login_attempts
		WHERE scope = $1 AND key = $2 AND succeeded = false AND at > $3
			AND NOT EXISTS (SELECT 1 FROM login_attempts ok
				WHERE ok.scope = $1 AND ok.key = $2 AND ok.succeeded = true AND ok.at >= login_attempts.at)`
	var f idpstore.LoginFailures
	err := s.conn(ctx).QueryRowContext(ctx, `SELECT at, COUNT(*) OVER () `+failures+` ORDER BY at LIMIT 1`,
		scope, key, utc(since)).Scan(&f.Oldest, &f.Count)
	if err == nil {
		err = s.conn(ctx).QueryRowContext(ctx, `SELECT at `+failures+` ORDER BY at DESC LIMIT 1`,
			scope, key, utc(since)).Scan(&f.Latest)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return idpstore.LoginFailures{}, nil
	}
	if err != nil {
		return idpstore.LoginFailures{}, classify(err, "count the sign-in attempts")
	}
	f.Oldest, f.Latest = f.Oldest.UTC(), f.Latest.UTC()
	return f, nil
}

// LoginSucceededSince reports whether scope and key have a successful attempt after since.
func (s *DB) LoginSucceededSince(ctx context.Context, scope, key string, since time.Time) (bool, error) {
	var ok bool
	err := s.conn(ctx).QueryRowContext(ctx, `
		SELECT EXISTS (SELECT 1 FROM login_attempts WHERE scope = $1 AND key = $2 AND succeeded = true AND at > $3)`,
		scope, key, utc(since)).Scan(&ok)
	return ok, classify(err, "count the sign-in attempts")
}

// CreateIdPSession stores a new provider session; one for an unknown user is NotFound.
func (s *DB) CreateIdPSession(ctx context.Context, ss idpstore.IdPSession) error {
	if ss.IDHash == "" || ss.UserID == "" {
		return refuse("a sign-in session needs its id hash and its user")
	}
	_, err := s.conn(ctx).ExecContext(ctx, `
		INSERT INTO idp_sessions (id_hash, user_id, auth_time, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
		ss.IDHash, ss.UserID, utc(ss.AuthTime), utc(ss.CreatedAt), utc(ss.ExpiresAt))
	return classify(err, "start the sign-in session")
}

// IdPSessionByIDHash returns the provider session with the given hash if it is still alive at now;
// an expired one is NotFound, like one that never existed.
func (s *DB) IdPSessionByIDHash(ctx context.Context, idHash string, now time.Time) (idpstore.IdPSession, error) {
	var ss idpstore.IdPSession
	err := s.conn(ctx).QueryRowContext(ctx, `
		SELECT id_hash, user_id, auth_time, created_at, expires_at FROM idp_sessions
		WHERE id_hash = $1 AND expires_at > $2`,
		idHash, utc(now)).Scan(&ss.IDHash, &ss.UserID, &ss.AuthTime, &ss.CreatedAt, &ss.ExpiresAt)
	if err != nil {
		return idpstore.IdPSession{}, classify(err, "find the sign-in session")
	}
	ss.AuthTime, ss.CreatedAt, ss.ExpiresAt = ss.AuthTime.UTC(), ss.CreatedAt.UTC(), ss.ExpiresAt.UTC()
	return ss, nil
}

// DeleteIdPSession ends one provider session; ending one that is gone already is not an error.
func (s *DB) DeleteIdPSession(ctx context.Context, idHash string) error {
	_, err := s.conn(ctx).ExecContext(ctx, `DELETE FROM idp_sessions WHERE id_hash = $1`, idHash)
	return classify(err, "end the sign-in session")
}

// DeleteUserIdPSessions ends every provider session of a user and returns how many there were.
func (s *DB) DeleteUserIdPSessions(ctx context.Context, userID string) (int64, error) {
	res, err := s.conn(ctx).ExecContext(ctx, `DELETE FROM idp_sessions WHERE user_id = $1`, userID)
	return rowsAffected(res, err, "end the user's sign-in sessions")
}

// DeleteExpiredIdentityRows removes what no one can use any more at now: expired login states,
// provider sessions, OAuth codes and tokens, emailed links, sign-in attempts older than attemptsBefore, and
// successful sign-ins from an address older than knownBefore (they make the address a known one).
// Used codes and refresh tokens stay until they expire, because a replay of one must still be
// recognized as a replay.
func (s *DB) DeleteExpiredIdentityRows(ctx context.Context, now, attemptsBefore, knownBefore time.Time) (idpstore.IdentityCleanup, error) {
	var c idpstore.IdentityCleanup
	steps := []struct {
		query string
		arg   time.Time
		dst   *int64
		what  string
	}{
		{`DELETE FROM login_states WHERE expires_at <= $1`, now, &c.LoginStates, "remove expired login states"},
		{`DELETE FROM idp_sessions WHERE expires_at <= $1`, now, &c.IdPSessions, "remove expired sign-in sessions"},
		{`DELETE FROM oauth_requests WHERE expires_at <= $1`, now, &c.OAuthRequests, "remove expired codes and tokens"},
		{`DELETE FROM account_tokens WHERE expires_at <= $1`, now, &c.AccountTokens, "remove expired email links"},
		{`DELETE FROM login_attempts WHERE at < $1 AND NOT (scope = 'pair' AND succeeded = true)`, attemptsBefore, &c.LoginAttempts, "remove old sign-in attempts"},
		{`DELETE FROM login_attempts WHERE at < $1 AND scope = 'pair' AND succeeded = true`, knownBefore, &c.KnownAddresses, "remove old sign-ins"},
	}
	for _, st := range steps {
		res, err := s.conn(ctx).ExecContext(ctx, st.query, utc(st.arg))
		n, err := rowsAffected(res, err, st.what)
		if err != nil {
			return c, err
		}
		*st.dst = n
	}
	return c, nil
}
