package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"wayfinder/internal/apperr"
)

// The scopes a sign-in attempt is counted in: per account (the email tried) and per client address.
const (
	AttemptScopeAccount = "account"
	AttemptScopeAddress = "address"
)

// LoginAttempt is one try at signing in, kept to rate-limit guessing. Key identifies the account or
// the address; callers store a hash of it, not the email or address itself.
type LoginAttempt struct {
	Scope     string
	Key       string
	Succeeded bool
	At        time.Time
}

// RecordLoginAttempt stores one attempt. Every replica writes to the same table, so the limits hold
// across all of them.
func (s *DB) RecordLoginAttempt(ctx context.Context, a LoginAttempt) error {
	if a.Scope != AttemptScopeAccount && a.Scope != AttemptScopeAddress || a.Key == "" {
		return apperr.E(apperr.Invalid, "a login attempt needs a scope of account or address, and a key")
	}
	_, err := s.conn(ctx).ExecContext(ctx, `
		INSERT INTO login_attempts (scope, key, succeeded, at) VALUES ($1, $2, $3, $4)`,
		a.Scope, a.Key, a.Succeeded, utc(a.At))
	return classify(err, "record the sign-in attempt")
}

// LoginFailures counts the failed attempts of scope and key after since that came after the last
// successful one, and returns the time of the oldest it counted (zero when none). A success wipes
// the slate: someone who mistyped twice and then got in does not carry those failures forward.
func (s *DB) LoginFailures(ctx context.Context, scope, key string, since time.Time) (int, time.Time, error) {
	// The window count gives the total beside the oldest row, in one query on both databases.
	var (
		oldest time.Time
		n      int
	)
	err := s.conn(ctx).QueryRowContext(ctx, `
		SELECT at, COUNT(*) OVER () FROM login_attempts
		WHERE scope = $1 AND key = $2 AND succeeded = false AND at > $3
			AND NOT EXISTS (SELECT 1 FROM login_attempts ok
				WHERE ok.scope = $1 AND ok.key = $2 AND ok.succeeded = true AND ok.at >= login_attempts.at)
		ORDER BY at LIMIT 1`,
		scope, key, utc(since)).Scan(&oldest, &n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, time.Time{}, nil
	}
	if err != nil {
		return 0, time.Time{}, classify(err, "count the sign-in attempts")
	}
	return n, oldest.UTC(), nil
}

// DeleteLoginAttemptsBefore removes attempts older than cutoff, which no limit looks at any more,
// and returns how many it removed.
func (s *DB) DeleteLoginAttemptsBefore(ctx context.Context, cutoff time.Time) (int64, error) {
	res, err := s.conn(ctx).ExecContext(ctx, `DELETE FROM login_attempts WHERE at < $1`, utc(cutoff))
	return rowsAffected(res, err, "remove old sign-in attempts")
}

// IdPSession is the embedded identity provider's own sign-in session: it lets a person who signed
// in once be sent straight back to an app that asks again. IDHash is the hash of the cookie value.
type IdPSession struct {
	IDHash    string
	UserID    string
	AuthTime  time.Time
	CreatedAt time.Time
	ExpiresAt time.Time
}

// CreateIdPSession stores a new provider session; one for an unknown user is NotFound.
func (s *DB) CreateIdPSession(ctx context.Context, ss IdPSession) error {
	if ss.IDHash == "" || ss.UserID == "" {
		return apperr.E(apperr.Invalid, "a sign-in session needs its id hash and its user")
	}
	_, err := s.conn(ctx).ExecContext(ctx, `
		INSERT INTO idp_sessions (id_hash, user_id, auth_time, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
		ss.IDHash, ss.UserID, utc(ss.AuthTime), utc(ss.CreatedAt), utc(ss.ExpiresAt))
	return classify(err, "start the sign-in session")
}

// IdPSessionByIDHash returns the provider session with the given hash if it is still alive at now;
// an expired one is NotFound, like one that never existed.
func (s *DB) IdPSessionByIDHash(ctx context.Context, idHash string, now time.Time) (IdPSession, error) {
	var ss IdPSession
	err := s.conn(ctx).QueryRowContext(ctx, `
		SELECT id_hash, user_id, auth_time, created_at, expires_at FROM idp_sessions
		WHERE id_hash = $1 AND expires_at > $2`,
		idHash, utc(now)).Scan(&ss.IDHash, &ss.UserID, &ss.AuthTime, &ss.CreatedAt, &ss.ExpiresAt)
	if err != nil {
		return IdPSession{}, classify(err, "find the sign-in session")
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

// IdentityCleanup says how many rows DeleteExpiredIdentityRows removed from each table.
type IdentityCleanup struct {
	LoginStates   int64
	IdPSessions   int64
	OAuthRequests int64
	LoginAttempts int64
}

// DeleteExpiredIdentityRows removes what no one can use any more at now: expired login states,
// provider sessions and OAuth codes and tokens, and sign-in attempts older than attemptsBefore.
// Used codes and refresh tokens stay until they expire, because a replay of one must still be
// recognized as a replay.
func (s *DB) DeleteExpiredIdentityRows(ctx context.Context, now, attemptsBefore time.Time) (IdentityCleanup, error) {
	var c IdentityCleanup
	steps := []struct {
		query string
		arg   time.Time
		dst   *int64
		what  string
	}{
		{`DELETE FROM login_states WHERE expires_at <= $1`, now, &c.LoginStates, "remove expired login states"},
		{`DELETE FROM idp_sessions WHERE expires_at <= $1`, now, &c.IdPSessions, "remove expired sign-in sessions"},
		{`DELETE FROM oauth_requests WHERE expires_at <= $1`, now, &c.OAuthRequests, "remove expired codes and tokens"},
		{`DELETE FROM login_attempts WHERE at < $1`, attemptsBefore, &c.LoginAttempts, "remove old sign-in attempts"},
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
