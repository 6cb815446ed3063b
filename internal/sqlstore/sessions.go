package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
)

const sessionColumns = `id_hash, user_id, created_at, last_seen_at, idle_expires_at, absolute_expires_at,
	id_token, access_token, refresh_token, access_token_expires_at`

// scanSession reads one row of sessionColumns; a NULL token expiry becomes the zero time.
func scanSession(row scanner) (account.Session, error) {
	var (
		ws  account.Session
		ate sql.NullTime
	)
	err := row.Scan(&ws.IDHash, &ws.UserID, &ws.CreatedAt, &ws.LastSeenAt, &ws.IdleExpiresAt, &ws.AbsoluteExpiresAt,
		&ws.IDToken, &ws.AccessToken, &ws.RefreshToken, &ate)
	if err != nil {
		return account.Session{}, err
	}
	ws.CreatedAt, ws.LastSeenAt = ws.CreatedAt.UTC(), ws.LastSeenAt.UTC()
	ws.IdleExpiresAt, ws.AbsoluteExpiresAt = ws.IdleExpiresAt.UTC(), ws.AbsoluteExpiresAt.UTC()
	if ate.Valid {
		ws.AccessTokenExpiresAt = ate.Time.UTC()
	}
	return ws, nil
}

// CreateSession stores a new web session. A session whose hash exists already is a Conflict, and one
// for an unknown user is NotFound.
func (s *DB) CreateSession(ctx context.Context, ws account.Session) error {
	if ws.IDHash == "" || ws.UserID == "" {
		return apperr.E(apperr.Invalid, "a session needs its id hash and its user")
	}
	_, err := s.db.ExecContext(ctx, `
		INSERT INTO web_sessions (id_hash, user_id, created_at, last_seen_at, idle_expires_at, absolute_expires_at,
			id_token, access_token, refresh_token, access_token_expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		ws.IDHash, ws.UserID, utc(ws.CreatedAt), utc(ws.LastSeenAt), utc(ws.IdleExpiresAt), utc(ws.AbsoluteExpiresAt),
		ws.IDToken, ws.AccessToken, ws.RefreshToken, nullTime(ws.AccessTokenExpiresAt))
	return classify(err, "start the session")
}

// SessionByIDHash returns the session with the given hash if it is still alive at now. A session past
// either its idle or its absolute expiry is NotFound, exactly like one that never existed.
func (s *DB) SessionByIDHash(ctx context.Context, idHash string, now time.Time) (account.Session, error) {
	ws, err := scanSession(s.db.QueryRowContext(ctx, `
		SELECT `+sessionColumns+`
		FROM web_sessions
		WHERE id_hash = $1 AND idle_expires_at > $2 AND absolute_expires_at > $2`,
		idHash, utc(now)))
	if err != nil {
		return account.Session{}, classify(err, "find the session")
	}
	return ws, nil
}

// TouchSession records use of a live session at now and moves its idle expiry to idleExpiresAt. The
// absolute expiry never moves. A session that is missing or already expired is NotFound.
func (s *DB) TouchSession(ctx context.Context, idHash string, now, idleExpiresAt time.Time) error {
	res, err := s.db.ExecContext(ctx, `
		UPDATE web_sessions
		SET last_seen_at = $2, idle_expires_at = $3
		WHERE id_hash = $1 AND idle_expires_at > $2 AND absolute_expires_at > $2`,
		idHash, utc(now), utc(idleExpiresAt))
	return oneRow(res, err, "refresh the session")
}

// UpdateSessionTokens replaces the identity provider's tokens held for a session, after a refresh.
func (s *DB) UpdateSessionTokens(ctx context.Context, idHash, idToken, accessToken, refreshToken string, accessTokenExpiresAt time.Time) error {
	res, err := s.db.ExecContext(ctx, `
		UPDATE web_sessions
		SET id_token = $2, access_token = $3, refresh_token = $4, access_token_expires_at = $5
		WHERE id_hash = $1`,
		idHash, idToken, accessToken, refreshToken, nullTime(accessTokenExpiresAt))
	return oneRow(res, err, "update the session")
}

// DeleteSession ends one session. Ending a session that is already gone is not an error, so signing
// out twice, or after expiry, simply succeeds.
func (s *DB) DeleteSession(ctx context.Context, idHash string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM web_sessions WHERE id_hash = $1`, idHash)
	return classify(err, "end the session")
}

// DeleteUserSessions ends every session of a user, for signing out everywhere, and returns how many
// there were.
func (s *DB) DeleteUserSessions(ctx context.Context, userID string) (int64, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM web_sessions WHERE user_id = $1`, userID)
	return rowsAffected(res, err, "end the user's sessions")
}

// DeleteExpiredSessions removes sessions past either expiry at now and returns how many it removed.
func (s *DB) DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, `
		DELETE FROM web_sessions WHERE idle_expires_at <= $1 OR absolute_expires_at <= $1`,
		utc(now))
	return rowsAffected(res, err, "remove expired sessions")
}

// rowsAffected returns how many rows a write changed, with its error classified.
func rowsAffected(res sql.Result, err error, what string) (int64, error) {
	if err != nil {
		return 0, classify(err, what)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, classify(err, what)
	}
	return n, nil
}

// oneRow turns a write that matched no row into NotFound.
func oneRow(res sql.Result, err error, what string) error {
	n, err := rowsAffected(res, err, what)
	if err != nil {
		return err
	}
	if n == 0 {
		return apperr.E(apperr.NotFound, "could not %s: not found", what)
	}
	return nil
}
