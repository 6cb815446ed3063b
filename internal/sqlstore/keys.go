package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"wayfinder/internal/idp/idpstore"
)

// AddSigningKeyUnlessNewer stores k unless a key created at or after since exists already, and
// reports whether it stored it. Replicas checking for a due rotation at the same moment then rarely
// both add a key; when they do, both keys are published, so every token still verifies.
func (s *DB) AddSigningKeyUnlessNewer(ctx context.Context, k idpstore.SigningKey, since time.Time) (bool, error) {
	if k.KID == "" || k.PrivateKeyPEM == "" {
		return false, refuse("a signing key needs its id and its key")
	}
	res, err := s.conn(ctx).ExecContext(ctx, `
		INSERT INTO signing_keys (kid, private_key_pem, created_at, signs_from, retired_at, removed_at)
		SELECT $1, $2, $3, $4, $5, $6
		WHERE NOT EXISTS (SELECT 1 FROM signing_keys WHERE created_at >= $7)`,
		k.KID, string(s.sealSecret([]byte(k.PrivateKeyPEM), signingKeyPurpose(k.KID))), utc(k.CreatedAt), utc(k.SignsFrom), nullTime(k.RetiredAt), nullTime(k.RemovedAt), utc(since))
	n, err := rowsAffected(res, err, "add a signing key")
	return n == 1, err
}

// SigningKeys returns the keys still published at now, the oldest signer first.
func (s *DB) SigningKeys(ctx context.Context, now time.Time) ([]idpstore.SigningKey, error) {
	rows, err := s.conn(ctx).QueryContext(ctx, `
		SELECT kid, private_key_pem, created_at, signs_from, retired_at, removed_at
		FROM signing_keys
		WHERE removed_at IS NULL OR removed_at > $1
		ORDER BY signs_from, kid`,
		utc(now))
	if err != nil {
		return nil, classify(err, "read the signing keys")
	}
	defer rows.Close()
	var (
		keys   []idpstore.SigningKey
		stored []string // as read, for the keys to seal again
	)
	for rows.Next() {
		var (
			k                  idpstore.SigningKey
			retired, removedAt sql.NullTime
		)
		if err := rows.Scan(&k.KID, &k.PrivateKeyPEM, &k.CreatedAt, &k.SignsFrom, &retired, &removedAt); err != nil {
			return nil, classify(err, "read the signing keys")
		}
		k.CreatedAt, k.SignsFrom = k.CreatedAt.UTC(), k.SignsFrom.UTC()
		if retired.Valid {
			k.RetiredAt = retired.Time.UTC()
		}
		if removedAt.Valid {
			k.RemovedAt = removedAt.Time.UTC()
		}
		keys = append(keys, k)
		stored = append(stored, k.PrivateKeyPEM)
	}
	if err := rows.Err(); err != nil {
		return nil, classify(err, "read the signing keys")
	}
	rows.Close()
	for i := range keys {
		pem, reseal, err := s.openSecret([]byte(stored[i]), signingKeyPurpose(keys[i].KID))
		if err != nil {
			return nil, err
		}
		keys[i].PrivateKeyPEM = string(pem)
		if reseal {
			// Only if no other replica changed it meanwhile; either way it opens next time.
			if _, err := s.conn(ctx).ExecContext(ctx, `UPDATE signing_keys SET private_key_pem = $1 WHERE kid = $2 AND private_key_pem = $3`,
				string(s.sealSecret(pem, signingKeyPurpose(keys[i].KID))), keys[i].KID, stored[i]); err != nil {
				return nil, classify(err, "seal a signing key")
			}
		}
	}
	return keys, nil
}

// signingKeyPurpose binds a sealed signing key to its row, so it does not open under another id.
func signingKeyPurpose(kid string) string { return "signing-key:" + kid }

// RetireSigningKey records when a key stopped signing and when it leaves the key set. A key that is
// already retired keeps its first dates, so replicas retiring it twice agree; an unknown key is
// NotFound.
func (s *DB) RetireSigningKey(ctx context.Context, kid string, retiredAt, removedAt time.Time) error {
	res, err := s.conn(ctx).ExecContext(ctx, `
		UPDATE signing_keys
		SET retired_at = COALESCE(retired_at, $2), removed_at = COALESCE(removed_at, $3)
		WHERE kid = $1`,
		kid, utc(retiredAt), utc(removedAt))
	return oneRow(res, err, "retire the signing key")
}
