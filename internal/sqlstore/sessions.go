package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
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
		return refuse("a session needs its id hash and its user")
	}
	_, err := s.conn(ctx).ExecContext(ctx, `
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
	ws, err := scanSession(s.conn(ctx).QueryRowContext(ctx, `
		SELECT `+sessionColumns+`
		FROM web_sessions
		WHERE id_hash = $1 AND idle_expires_at > $2 AND absolute_expires_at > $2`,
		idHash, utc(now)))
	if err != nil {
		return account.Session{}, classify(err, "find the session")
	}
	return ws, nil
}

// SessionWithUser returns the session with the given hash, if it is still alive at now, together with
// its user, in one query. Every request that carries a session cookie needs both, and on SQLite each
// query waits its turn for the one connection behind the other requests' commits, so one query
// instead of two shortens every signed-in request. Expiry is as in SessionByIDHash. A live session
// whose user no longer exists comes back with a zero User (an empty ID), so the caller can end it;
// the schema deletes a user's sessions with the user, so this is a safeguard, not a normal case.
func (s *DB) SessionWithUser(ctx context.Context, idHash string, now time.Time) (account.Session, account.User, error) {
	// The statement is prepared once and reused: SQLite would otherwise parse the join on every
	// signed-in request.
	st, err := s.stmt(ctx, sessionWithUserSQL)
	if err != nil {
		return account.Session{}, account.User{}, classify(err, "find the session")
	}
	ws, u, err := scanSessionWithUser(st.QueryRowContext(ctx, idHash, utc(now)))
	if err != nil {
		return account.Session{}, account.User{}, classify(err, "find the session")
	}
	return ws, u, nil
}

// sessionWithUserSQL reads a live session and its user. The join is an outer one so that a session
// without its user is told apart from no session at all.
const sessionWithUserSQL = `
	SELECT s.id_hash, s.user_id, s.created_at, s.last_seen_at, s.idle_expires_at, s.absolute_expires_at,
		s.id_token, s.access_token, s.refresh_token, s.access_token_expires_at,
		u.id, u.subject, u.email, u.first_name, u.last_name, u.date_of_birth, u.device, u.picture_version, CASE WHEN u.admin THEN 'admin' ELSE u.role END, u.created_at, u.updated_at,
		u.email_verified_at IS NOT NULL
	FROM web_sessions s
	LEFT JOIN users u ON u.id = s.user_id
	WHERE s.id_hash = $1 AND s.idle_expires_at > $2 AND s.absolute_expires_at > $2`

// scanSessionWithUser reads one row of sessionWithUserSQL, with every time in UTC. The user's columns
// are all NULL when the user is missing, and the user is then the zero User.
func scanSessionWithUser(row scanner) (account.Session, account.User, error) {
	var (
		ws                                                             account.Session
		ate, dob, created, updated                                     sql.NullTime
		id, subject, email, firstName, lastName, device, picture, role sql.NullString
		emailVerified                                                  sql.NullBool
	)
	err := row.Scan(&ws.IDHash, &ws.UserID, &ws.CreatedAt, &ws.LastSeenAt, &ws.IdleExpiresAt, &ws.AbsoluteExpiresAt,
		&ws.IDToken, &ws.AccessToken, &ws.RefreshToken, &ate,
		&id, &subject, &email, &firstName, &lastName, &dob, &device, &picture, &role, &created, &updated, &emailVerified)
	if err != nil {
		return account.Session{}, account.User{}, err
	}
	ws.CreatedAt, ws.LastSeenAt = ws.CreatedAt.UTC(), ws.LastSeenAt.UTC()
	ws.IdleExpiresAt, ws.AbsoluteExpiresAt = ws.IdleExpiresAt.UTC(), ws.AbsoluteExpiresAt.UTC()
	if ate.Valid {
		ws.AccessTokenExpiresAt = ate.Time.UTC()
	}
	if !id.Valid {
		return ws, account.User{}, nil
	}
	u := account.User{
		ID: id.String, Subject: subject.String, Email: email.String, FirstName: firstName.String, LastName: lastName.String,
		DateOfBirth: dateOnly(dob), Device: device.String, PictureVersion: picture.String, Role: account.Role(role.String),
		EmailVerified: emailVerified.Bool, CreatedAt: created.Time.UTC(), UpdatedAt: updated.Time.UTC(),
	}
	return ws, u, nil
}

// TouchSession records use of a live session at now and moves its idle expiry to idleExpiresAt. The
// absolute expiry never moves. A session that is missing or already expired is NotFound.
func (s *DB) TouchSession(ctx context.Context, idHash string, now, idleExpiresAt time.Time) error {
	res, err := s.conn(ctx).ExecContext(ctx, `
		UPDATE web_sessions
		SET last_seen_at = $2, idle_expires_at = $3
		WHERE id_hash = $1 AND idle_expires_at > $2 AND absolute_expires_at > $2`,
		idHash, utc(now), utc(idleExpiresAt))
	return oneRow(res, err, "refresh the session")
}

// UpdateSessionTokens replaces the identity provider's tokens held for a session, after a refresh.
func (s *DB) UpdateSessionTokens(ctx context.Context, idHash, idToken, accessToken, refreshToken string, accessTokenExpiresAt time.Time) error {
	res, err := s.conn(ctx).ExecContext(ctx, `
		UPDATE web_sessions
		SET id_token = $2, access_token = $3, refresh_token = $4, access_token_expires_at = $5
		WHERE id_hash = $1`,
		idHash, idToken, accessToken, refreshToken, nullTime(accessTokenExpiresAt))
	return oneRow(res, err, "update the session")
}

// DeleteSession ends one session. Ending a session that is already gone is not an error, so signing
// out twice, or after expiry, simply succeeds.
func (s *DB) DeleteSession(ctx context.Context, idHash string) error {
	_, err := s.conn(ctx).ExecContext(ctx, `DELETE FROM web_sessions WHERE id_hash = $1`, idHash)
	return classify(err, "end the session")
}

// DeleteUserSessions ends every session of a user, for signing out everywhere, and returns how many
// there were.
func (s *DB) DeleteUserSessions(ctx context.Context, userID string) (int64, error) {
	res, err := s.conn(ctx).ExecContext(ctx, `DELETE FROM web_sessions WHERE user_id = $1`, userID)
	return rowsAffected(res, err, "end the user's sessions")
}

// DeleteExpiredSessions removes sessions past either expiry at now and returns how many it removed.
func (s *DB) DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error) {
	res, err := s.conn(ctx).ExecContext(ctx, `
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
		return apperr.Generic(apperr.NotFound, fmt.Errorf("could not %s: not found", what))
	}
	return nil
}
