package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// AccountTokensSince counts the emailed links of purpose the user was sent after since, used or
// not, and returns when the oldest of them was made (the zero time when there are none): a limit
// on sending new links weighs them.
func (s *DB) AccountTokensSince(ctx context.Context, userID, purpose string, since time.Time) (int, time.Time, error) {
	// An ordered read with a window count rather than MIN, whose result SQLite would return as text.
	var (
		n      int
		oldest time.Time
	)
	err := s.conn(ctx).QueryRowContext(ctx, `
		SELECT created_at, COUNT(*) OVER () FROM account_tokens
		WHERE user_id = $1 AND purpose = $2 AND created_at > $3
		ORDER BY created_at LIMIT 1`,
		userID, purpose, utc(since)).Scan(&oldest, &n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, time.Time{}, nil
	}
	if err != nil {
		return 0, time.Time{}, classify(err, "count the emailed links")
	}
	return n, oldest.UTC(), nil
}
