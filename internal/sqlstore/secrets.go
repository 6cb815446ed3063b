package sqlstore

import (
	"context"
	"time"
)

// ServerSecret returns the shared secret called name, storing candidate as its value when there is
// none yet. Replicas starting at the same moment each offer their own candidate; the insert keeps
// whichever arrives first and every replica then reads that one, so all of them agree.
func (s *DB) ServerSecret(ctx context.Context, name string, candidate []byte, now time.Time) ([]byte, error) {
	if name == "" || len(candidate) == 0 {
		return nil, refuse("a server secret needs a name and a value")
	}
	q := s.conn(ctx)
	if _, err := q.ExecContext(ctx, `
		INSERT INTO server_secrets (name, value, created_at) VALUES ($1, $2, $3)
		ON CONFLICT (name) DO NOTHING`,
		name, candidate, utc(now)); err != nil {
		return nil, classify(err, "store a server secret")
	}
	var value []byte
	if err := q.QueryRowContext(ctx, `SELECT value FROM server_secrets WHERE name = $1`, name).Scan(&value); err != nil {
		return nil, classify(err, "read a server secret")
	}
	return value, nil
}
