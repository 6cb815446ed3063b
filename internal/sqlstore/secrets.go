package sqlstore

import (
	"context"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/sealed"
)

// ServerSecret returns the shared secret called name, storing candidate as its value when there is
// none yet. Replicas starting at the same moment each offer their own candidate; the insert keeps
// whichever arrives first and every replica then reads that one, so all of them agree.
func (s *DB) ServerSecret(ctx context.Context, name string, candidate []byte, now time.Time) ([]byte, error) {
	if name == "" || len(candidate) == 0 {
		return nil, refuse("a server secret needs a name and a value")
	}
	purpose := "server-secret:" + name
	q := s.conn(ctx)
	if _, err := q.ExecContext(ctx, `
		INSERT INTO server_secrets (name, value, created_at) VALUES ($1, $2, $3)
		ON CONFLICT (name) DO NOTHING`,
		name, s.sealSecret(candidate, purpose), utc(now)); err != nil {
		return nil, classify(err, "store a server secret")
	}
	var stored []byte
	if err := q.QueryRowContext(ctx, `SELECT value FROM server_secrets WHERE name = $1`, name).Scan(&stored); err != nil {
		return nil, classify(err, "read a server secret")
	}
	value, reseal, err := s.openSecret(stored, purpose)
	if err != nil {
		return nil, err
	}
	if reseal {
		// Only if no other replica changed it meanwhile; either way it opens next time.
		if _, err := q.ExecContext(ctx, `UPDATE server_secrets SET value = $1 WHERE name = $2 AND value = $3`,
			s.sealSecret(value, purpose), name, stored); err != nil {
			return nil, classify(err, "seal a server secret")
		}
	}
	return value, nil
}

// sealSecret returns what the store writes for a secret: sealed for its place (purpose) when a
// keyring is set, else the secret itself.
func (s *DB) sealSecret(plain []byte, purpose string) []byte {
	if s.secrets == nil {
		return plain
	}
	return s.secrets.Seal(plain, purpose)
}

// openSecret returns the secret a stored value holds, and whether it should be written again:
// sealed with a previous key, or in the clear (from before a key was set) while one is set now.
func (s *DB) openSecret(stored []byte, purpose string) (plain []byte, reseal bool, err error) {
	if !sealed.IsSealed(stored) {
		return stored, s.secrets != nil, nil
	}
	plain, stale, err := s.secrets.Open(stored, purpose)
	if err != nil {
		return nil, false, apperr.WrapInternalf(err, "could not open a stored secret (%s)", purpose)
	}
	return plain, stale, nil
}
