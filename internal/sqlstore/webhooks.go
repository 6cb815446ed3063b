package sqlstore

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"wayfinder/internal/insights"
)

// webhookSecretPurpose binds an endpoint's sealed secret to its row, so a sealed value copied to
// another endpoint does not open.
func webhookSecretPurpose(endpointID string) string { return "webhook-secret:" + endpointID }

const webhookEndpointColumns = `id, url, description, events, active, created_at, updated_at`

// scanWebhookEndpoint reads one row of webhookEndpointColumns.
func scanWebhookEndpoint(row scanner) (insights.Endpoint, error) {
	var (
		e      insights.Endpoint
		events string
	)
	if err := row.Scan(&e.ID, &e.URL, &e.Description, &events, &e.Active, &e.CreatedAt, &e.UpdatedAt); err != nil {
		return insights.Endpoint{}, err
	}
	for _, t := range strings.Fields(events) {
		e.Events = append(e.Events, insights.EventType(t))
	}
	e.CreatedAt, e.UpdatedAt = e.CreatedAt.UTC(), e.UpdatedAt.UTC()
	return e, nil
}

// eventsColumn writes an endpoint's events as the column keeps them: separated by spaces.
func eventsColumn(events []insights.EventType) string {
	parts := make([]string, len(events))
	for i, t := range events {
		parts[i] = string(t)
	}
	return strings.Join(parts, " ")
}

// WebhookEndpoints returns every webhook endpoint, oldest first, without their secrets.
func (s *DB) WebhookEndpoints(ctx context.Context) ([]insights.Endpoint, error) {
	rows, err := s.conn(ctx).QueryContext(ctx, `SELECT `+webhookEndpointColumns+` FROM webhook_endpoints ORDER BY created_at, id`)
	if err != nil {
		return nil, classify(err, "read the webhook endpoints")
	}
	defer rows.Close()
	endpoints := []insights.Endpoint{}
	for rows.Next() {
		e, err := scanWebhookEndpoint(rows)
		if err != nil {
			return nil, classify(err, "read the webhook endpoints")
		}
		endpoints = append(endpoints, e)
	}
	return endpoints, classify(rows.Err(), "read the webhook endpoints")
}

// WebhookEndpoint returns one webhook endpoint without its secret, or NotFound.
func (s *DB) WebhookEndpoint(ctx context.Context, id string) (insights.Endpoint, error) {
	e, err := scanWebhookEndpoint(s.conn(ctx).QueryRowContext(ctx, `SELECT `+webhookEndpointColumns+` FROM webhook_endpoints WHERE id = $1`, id))
	return e, classify(err, "read the webhook endpoint")
}

// CreateWebhookEndpoint stores a new webhook endpoint, its secret sealed for its row when a keyring
// is set. An id in use is a Conflict.
func (s *DB) CreateWebhookEndpoint(ctx context.Context, e insights.Endpoint, secret string) error {
	if e.ID == "" || secret == "" {
		return refuse("a webhook endpoint needs an id and a secret")
	}
	_, err := s.conn(ctx).ExecContext(ctx, `
		INSERT INTO webhook_endpoints (id, url, description, events, secret, active, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		e.ID, e.URL, e.Description, eventsColumn(e.Events), s.sealSecret([]byte(secret), webhookSecretPurpose(e.ID)), e.Active,
		utc(e.CreatedAt), utc(e.UpdatedAt))
	return classify(err, "store the webhook endpoint")
}

// UpdateWebhookEndpoint replaces an endpoint's address, description, events and whether it is on;
// its secret stays. NotFound for an unknown endpoint.
func (s *DB) UpdateWebhookEndpoint(ctx context.Context, e insights.Endpoint) error {
	res, err := s.conn(ctx).ExecContext(ctx, `
		UPDATE webhook_endpoints SET url = $2, description = $3, events = $4, active = $5, updated_at = $6 WHERE id = $1`,
		e.ID, e.URL, e.Description, eventsColumn(e.Events), e.Active, utc(e.UpdatedAt))
	return oneRow(res, err, "update the webhook endpoint")
}

// SetWebhookSecret replaces an endpoint's secret, sealed as CreateWebhookEndpoint seals it.
// NotFound for an unknown endpoint.
func (s *DB) SetWebhookSecret(ctx context.Context, id, secret string, at time.Time) error {
	if secret == "" {
		return refuse("a webhook endpoint needs a secret")
	}
	res, err := s.conn(ctx).ExecContext(ctx, `UPDATE webhook_endpoints SET secret = $2, updated_at = $3 WHERE id = $1`,
		id, s.sealSecret([]byte(secret), webhookSecretPurpose(id)), utc(at))
	return oneRow(res, err, "replace the webhook secret")
}

// DeleteWebhookEndpoint removes an endpoint and, through the foreign keys, its deliveries and their
// attempts. NotFound for an unknown endpoint.
func (s *DB) DeleteWebhookEndpoint(ctx context.Context, id string) error {
	res, err := s.conn(ctx).ExecContext(ctx, `DELETE FROM webhook_endpoints WHERE id = $1`, id)
	return oneRow(res, err, "delete the webhook endpoint")
}

// InsertWebhookEvent stores an event and its pending deliveries. Called with a context that carries
// a transaction, it is part of it, so the event exists only if the change it tells of commits.
func (s *DB) InsertWebhookEvent(ctx context.Context, e insights.Event, deliveries []insights.Delivery) error {
	if e.ID == "" || len(e.Payload) == 0 {
		return refuse("a webhook event needs an id and a body")
	}
	return s.InTx(ctx, func(ctx context.Context) error {
		q := s.conn(ctx)
		if _, err := q.ExecContext(ctx, `
			INSERT INTO webhook_events (id, type, member_id, payload, created_at) VALUES ($1, $2, $3, $4, $5)`,
			e.ID, string(e.Type), e.MemberID, string(e.Payload), utc(e.CreatedAt)); err != nil {
			return classify(err, "store the webhook event")
		}
		for _, d := range deliveries {
			if _, err := q.ExecContext(ctx, `
				INSERT INTO webhook_deliveries (id, event_id, endpoint_id, status, attempts, created_at, next_attempt_at, give_up_at)
				VALUES ($1, $2, $3, 'pending', 0, $4, $5, $6)`,
				d.ID, e.ID, d.EndpointID, utc(d.CreatedAt), utc(d.NextAttemptAt), utc(d.GiveUpAt)); err != nil {
				return classify(err, "queue the webhook delivery")
			}
		}
		return nil
	})
}

// ClaimWebhookDeliveries leases up to limit pending deliveries to active endpoints, those due
// longest first, to the caller until until under token, and returns them with what sending them
// takes, in that order. One statement chooses and leases them: on PostgreSQL the rows are locked
// while they are chosen and SKIP LOCKED passes over rows another worker is choosing; SQLite runs
// one write at a time. The choice is MATERIALIZED so that it is made once, not again for each
// row the update looks at, which would lease more than limit. The outer conditions repeat the inner ones so that a
// row another worker leased between the choice and the lock is left alone. The lease and the read
// are one transaction, so a worker pays for one commit however many deliveries it takes.
func (s *DB) ClaimWebhookDeliveries(ctx context.Context, now, until time.Time, token string, limit int) ([]insights.Claimed, error) {
	skipLocked := ""
	if s.dialect == DialectPostgres {
		skipLocked = " FOR UPDATE OF d SKIP LOCKED"
	}
	var claimed []insights.Claimed
	err := s.InTx(ctx, func(ctx context.Context) error {
		claimed = nil
		q := s.conn(ctx)
		rows, err := q.QueryContext(ctx, `
			WITH due AS MATERIALIZED (
				SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
				WHERE d.status = 'pending' AND d.next_attempt_at <= $1 AND (d.claimed_until IS NULL OR d.claimed_until <= $1) AND e.active
				ORDER BY d.next_attempt_at, d.created_at, d.id
				LIMIT $4`+skipLocked+`)
			UPDATE webhook_deliveries SET claimed_until = $2, claim_token = $3
			WHERE id IN (SELECT id FROM due) AND status = 'pending' AND (claimed_until IS NULL OR claimed_until <= $1)
			RETURNING id`,
			utc(now), utc(until), token, limit)
		if err != nil {
			return classify(err, "claim webhook deliveries")
		}
		var ids []any
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return classify(err, "claim webhook deliveries")
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil || len(ids) == 0 {
			return classify(err, "claim webhook deliveries")
		}
		rows, err = q.QueryContext(ctx, `
			SELECT d.id, d.event_id, ev.type, ev.member_id, d.endpoint_id, d.attempts, d.created_at, d.next_attempt_at, d.give_up_at,
				ev.payload, e.url, e.secret
			FROM webhook_deliveries d
			JOIN webhook_events ev ON ev.id = d.event_id
			JOIN webhook_endpoints e ON e.id = d.endpoint_id
			WHERE d.id IN (`+placeholders(1, len(ids))+`)
			ORDER BY d.next_attempt_at, d.created_at, d.id`, ids...)
		if err != nil {
			return classify(err, "read the claimed webhook deliveries")
		}
		sealed := map[string][]byte{}
		for rows.Next() {
			var (
				c       insights.Claimed
				payload string
				secret  []byte
				typ     string
			)
			if err := rows.Scan(&c.ID, &c.EventID, &typ, &c.MemberID, &c.EndpointID, &c.Attempts, &c.CreatedAt, &c.NextAttemptAt,
				&c.GiveUpAt, &payload, &c.URL, &secret); err != nil {
				rows.Close()
				return classify(err, "read the claimed webhook deliveries")
			}
			sealed[c.EndpointID] = secret
			c.EventType, c.Status, c.Payload, c.ClaimToken = insights.EventType(typ), insights.DeliveryPending, []byte(payload), token
			c.CreatedAt, c.NextAttemptAt, c.GiveUpAt = c.CreatedAt.UTC(), c.NextAttemptAt.UTC(), c.GiveUpAt.UTC()
			claimed = append(claimed, c)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return classify(err, "read the claimed webhook deliveries")
		}
		// Each endpoint's secret is opened once, after the rows are read: opening may seal it again.
		opened := make(map[string]string, len(sealed))
		for id, stored := range sealed {
			secret, err := s.webhookSecret(ctx, id, stored)
			if err != nil {
				return err
			}
			opened[id] = secret
		}
		for i := range claimed {
			claimed[i].Secret = opened[claimed[i].EndpointID]
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return claimed, nil
}

// webhookSecret opens an endpoint's stored secret, and seals it again with the current key when
// it was stored in the clear or under a previous key, unless it changed meanwhile.
func (s *DB) webhookSecret(ctx context.Context, endpointID string, stored []byte) (string, error) {
	purpose := webhookSecretPurpose(endpointID)
	plain, reseal, err := s.openSecret(stored, purpose)
	if err != nil {
		return "", err
	}
	if reseal {
		if _, err := s.conn(ctx).ExecContext(ctx, `UPDATE webhook_endpoints SET secret = $1 WHERE id = $2 AND secret = $3`,
			s.sealSecret(plain, purpose), endpointID, stored); err != nil {
			return "", classify(err, "seal the webhook secret")
		}
	}
	return string(plain), nil
}

// OpenWebhookSecrets reads every endpoint's secret once, sealing again those stored in the clear
// or under a previous key. The server calls it at start, as it reads its signing keys then, so a
// rotation of the secret key finishes for every secret at the first start with the new key, and a
// secret no key of the server opens stops the start, naming the setting, instead of failing its
// deliveries one by one later.
func (s *DB) OpenWebhookSecrets(ctx context.Context) error {
	rows, err := s.conn(ctx).QueryContext(ctx, `SELECT id, secret FROM webhook_endpoints ORDER BY id`)
	if err != nil {
		return classify(err, "read the webhook secrets")
	}
	type stored struct {
		id     string
		sealed []byte
	}
	var all []stored
	for rows.Next() {
		var st stored
		if err := rows.Scan(&st.id, &st.sealed); err != nil {
			rows.Close()
			return classify(err, "read the webhook secrets")
		}
		all = append(all, st)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return classify(err, "read the webhook secrets")
	}
	for _, st := range all {
		if _, err := s.webhookSecret(ctx, st.id, st.sealed); err != nil {
			return err
		}
	}
	return nil
}

// RecordWebhookAttempts logs attempts and moves their deliveries on, all in one transaction, so
// a worker pays for one commit however many it sent. A delivery the endpoint took is marked
// delivered whoever held its lease (it went out either way); a retry or a give-up changes it only
// while the caller's lease holds, so a worker whose lease ran out and was taken over cannot undo
// the other's work. An attempt at a delivery deleted meanwhile (its endpoint went) is not logged.
func (s *DB) RecordWebhookAttempts(ctx context.Context, records []insights.AttemptRecord) error {
	return s.InTx(ctx, func(ctx context.Context) error {
		q := s.conn(ctx)
		for _, r := range records {
			if err := recordWebhookAttempt(ctx, q, r); err != nil {
				return err
			}
		}
		return nil
	})
}

// recordWebhookAttempt is RecordWebhookAttempts for one attempt, in the caller's transaction.
func recordWebhookAttempt(ctx context.Context, q querier, r insights.AttemptRecord) error {
	a := r.Attempt
	if _, err := q.ExecContext(ctx, `
		INSERT INTO webhook_attempts (delivery_id, attempted_at, status_code, duration_ms, error)
		SELECT id, $2, $3, $4, $5 FROM webhook_deliveries WHERE id = $1`,
		r.DeliveryID, utc(a.At), a.StatusCode, a.Duration.Milliseconds(), a.Error); err != nil {
		return classify(err, "log the webhook attempt")
	}
	var err error
	switch r.Status {
	case insights.DeliveryDelivered:
		_, err = q.ExecContext(ctx, `
			UPDATE webhook_deliveries SET status = 'delivered', attempts = $2, last_status = $3, last_error = '',
				finished_at = $4, claimed_until = NULL, claim_token = NULL
			WHERE id = $1 AND status = 'pending'`,
			r.DeliveryID, r.Attempts, a.StatusCode, utc(a.At.Add(a.Duration)))
	case insights.DeliveryFailed:
		_, err = q.ExecContext(ctx, `
			UPDATE webhook_deliveries SET status = 'failed', attempts = $3, last_status = $4, last_error = $5,
				finished_at = $6, claimed_until = NULL, claim_token = NULL
			WHERE id = $1 AND claim_token = $2 AND status = 'pending'`,
			r.DeliveryID, r.ClaimToken, r.Attempts, a.StatusCode, a.Error, utc(a.At.Add(a.Duration)))
	case insights.DeliveryPending:
		_, err = q.ExecContext(ctx, `
			UPDATE webhook_deliveries SET attempts = $3, last_status = $4, last_error = $5, next_attempt_at = $6,
				claimed_until = NULL, claim_token = NULL
			WHERE id = $1 AND claim_token = $2 AND status = 'pending'`,
			r.DeliveryID, r.ClaimToken, r.Attempts, a.StatusCode, a.Error, utc(r.NextAttemptAt))
	default:
		return refuse("a webhook attempt leaves its delivery delivered, failed or pending")
	}
	return classify(err, "record the webhook attempt")
}

const webhookDeliveryColumns = `d.id, d.event_id, ev.type, ev.member_id, d.endpoint_id, d.status, d.attempts, d.last_status, d.last_error,
	d.created_at, d.next_attempt_at, d.give_up_at, d.finished_at`

// scanWebhookDelivery reads one row of webhookDeliveryColumns.
func scanWebhookDelivery(row scanner) (insights.Delivery, error) {
	var (
		d        insights.Delivery
		typ      string
		status   string
		finished sql.NullTime
	)
	err := row.Scan(&d.ID, &d.EventID, &typ, &d.MemberID, &d.EndpointID, &status, &d.Attempts, &d.LastStatus, &d.LastError,
		&d.CreatedAt, &d.NextAttemptAt, &d.GiveUpAt, &finished)
	if err != nil {
		return insights.Delivery{}, err
	}
	d.EventType, d.Status = insights.EventType(typ), insights.DeliveryStatus(status)
	d.CreatedAt, d.NextAttemptAt, d.GiveUpAt = d.CreatedAt.UTC(), d.NextAttemptAt.UTC(), d.GiveUpAt.UTC()
	if finished.Valid {
		at := finished.Time.UTC()
		d.FinishedAt = &at
	}
	return d, nil
}

// WebhookDeliveries returns an endpoint's newest deliveries, at most limit, newest first, each
// with its attempts, newest first.
func (s *DB) WebhookDeliveries(ctx context.Context, endpointID string, limit int) ([]insights.Delivery, error) {
	q := s.conn(ctx)
	rows, err := q.QueryContext(ctx, `
		SELECT `+webhookDeliveryColumns+`
		FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id
		WHERE d.endpoint_id = $1
		ORDER BY d.created_at DESC, d.id DESC
		LIMIT $2`, endpointID, limit)
	if err != nil {
		return nil, classify(err, "read the webhook deliveries")
	}
	deliveries := []insights.Delivery{}
	index := map[string]int{}
	for rows.Next() {
		d, err := scanWebhookDelivery(rows)
		if err != nil {
			rows.Close()
			return nil, classify(err, "read the webhook deliveries")
		}
		index[d.ID] = len(deliveries)
		deliveries = append(deliveries, d)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(deliveries) == 0 {
		return deliveries, classify(err, "read the webhook deliveries")
	}
	rows, err = q.QueryContext(ctx, `
		SELECT a.delivery_id, a.attempted_at, a.status_code, a.duration_ms, a.error
		FROM webhook_attempts a
		JOIN (SELECT id FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2) d ON d.id = a.delivery_id
		ORDER BY a.attempted_at DESC, a.id DESC`, endpointID, limit)
	if err != nil {
		return nil, classify(err, "read the webhook attempts")
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id string
			a  insights.Attempt
			ms int64
		)
		if err := rows.Scan(&id, &a.At, &a.StatusCode, &ms, &a.Error); err != nil {
			return nil, classify(err, "read the webhook attempts")
		}
		a.At, a.Duration = a.At.UTC(), time.Duration(ms)*time.Millisecond
		if i, ok := index[id]; ok {
			deliveries[i].Log = append(deliveries[i].Log, a)
		}
	}
	return deliveries, classify(rows.Err(), "read the webhook attempts")
}

// WebhookDelivery returns one delivery, without its attempts, or NotFound.
func (s *DB) WebhookDelivery(ctx context.Context, id string) (insights.Delivery, error) {
	d, err := scanWebhookDelivery(s.conn(ctx).QueryRowContext(ctx, `
		SELECT `+webhookDeliveryColumns+`
		FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id
		WHERE d.id = $1`, id))
	return d, classify(err, "read the webhook delivery")
}

// ResendWebhookDelivery makes a delivery pending and due at now again, its attempts counted from
// zero and retried until giveUpAt. A lease it is under stays, so a worker sending it right now is
// not joined by a second. NotFound for an unknown delivery.
func (s *DB) ResendWebhookDelivery(ctx context.Context, id string, now, giveUpAt time.Time) error {
	res, err := s.conn(ctx).ExecContext(ctx, `
		UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = $2, give_up_at = $3, finished_at = NULL
		WHERE id = $1`,
		id, utc(now), utc(giveUpAt))
	return oneRow(res, err, "send the webhook delivery again")
}

// DeleteFinishedWebhooks deletes the deliveries delivered or given up before cutoff, with their
// attempts, then the events older than cutoff that have no delivery left; it returns how many
// deliveries it deleted. Pending deliveries and their events are never touched. The two deletes
// need no transaction between them: an event left behind by the first alone is deleted next time.
func (s *DB) DeleteFinishedWebhooks(ctx context.Context, cutoff time.Time) (int64, error) {
	res, err := s.conn(ctx).ExecContext(ctx, `DELETE FROM webhook_deliveries WHERE finished_at < $1`, utc(cutoff))
	n, err := rowsAffected(res, err, "delete old webhook deliveries")
	if err != nil {
		return 0, err
	}
	_, err = s.conn(ctx).ExecContext(ctx, `
		DELETE FROM webhook_events
		WHERE created_at < $1 AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id)`, utc(cutoff))
	return n, classify(err, "delete old webhook events")
}

// DeleteWebhookEventsOf deletes every webhook event about the member, and through the foreign keys
// their deliveries and attempts, and returns how many events it deleted.
func (s *DB) DeleteWebhookEventsOf(ctx context.Context, memberID string) (int64, error) {
	res, err := s.conn(ctx).ExecContext(ctx, `DELETE FROM webhook_events WHERE member_id = $1`, memberID)
	return rowsAffected(res, err, "delete the member's webhook events")
}

// PendingWebhookCount returns how many webhook deliveries wait to be sent, for the outbox-depth
// metric: a growing figure means a receiver refuses or cannot be reached.
func (s *DB) PendingWebhookCount(ctx context.Context) (int, error) {
	var n int
	err := s.conn(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM webhook_deliveries WHERE status = 'pending'`).Scan(&n)
	return n, classify(err, "count the webhook deliveries waiting")
}

// ReachMilestone records that a member reached a once-only milestone of their journey at at, and
// reports whether this is the first time: two transactions reaching it at once record it once, and
// only one of them hears true.
func (s *DB) ReachMilestone(ctx context.Context, userID, milestone string, at time.Time) (bool, error) {
	res, err := s.conn(ctx).ExecContext(ctx, `
		INSERT INTO member_milestones (user_id, milestone, reached_at) VALUES ($1, $2, $3)
		ON CONFLICT (user_id, milestone) DO NOTHING`,
		userID, milestone, utc(at))
	n, err := rowsAffected(res, err, "record the member's milestone")
	return n == 1, err
}
