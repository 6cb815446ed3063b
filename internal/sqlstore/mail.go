package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"wayfinder/internal/mail"
)

// InsertMail stores a new pending message of the outbox. Called with a context that carries a
// transaction, it is part of it, so the message exists only if the caller's change commits.
func (s *DB) InsertMail(ctx context.Context, q mail.Queued) error {
	if q.ID == "" {
		return refuse("a queued email needs its id")
	}
	_, err := s.conn(ctx).ExecContext(ctx, `
		INSERT INTO mail_outbox (id, kind, recipient, subject, text_body, html_body, status, attempts,
			created_at, next_attempt_at, give_up_at)
		VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $10)`,
		q.ID, string(q.Kind), q.To, q.Subject, q.Text, q.HTML, q.Attempts,
		utc(q.CreatedAt), utc(q.NextAttemptAt), utc(q.GiveUpAt))
	return classify(err, "queue the email")
}

// ClaimMail leases the pending message that has been due longest to the caller until until, under
// token. One statement finds and leases it, so two workers cannot both take it: on PostgreSQL the
// row is locked while it is chosen, and SKIP LOCKED lets another worker pass over it to the next
// one instead of waiting; SQLite runs one write at a time. The outer conditions repeat the inner
// ones so that a row another worker leased between the choice and the lock is left alone.
func (s *DB) ClaimMail(ctx context.Context, now, until time.Time, token string) (mail.Queued, bool, error) {
	skipLocked := ""
	if s.dialect == DialectPostgres {
		skipLocked = " FOR UPDATE SKIP LOCKED"
	}
	var (
		q    mail.Queued
		kind string
	)
	err := s.conn(ctx).QueryRowContext(ctx, `
		UPDATE mail_outbox SET claimed_until = $2, claim_token = $3
		WHERE id = (
			SELECT id FROM mail_outbox
			WHERE status = 'pending' AND next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
			ORDER BY next_attempt_at, created_at, id
			LIMIT 1`+skipLocked+`)
		AND status = 'pending' AND (claimed_until IS NULL OR claimed_until <= $1)
		RETURNING id, kind, recipient, subject, text_body, html_body, attempts, created_at, next_attempt_at, give_up_at`,
		utc(now), utc(until), token,
	).Scan(&q.ID, &kind, &q.To, &q.Subject, &q.Text, &q.HTML, &q.Attempts, &q.CreatedAt, &q.NextAttemptAt, &q.GiveUpAt)
	if errors.Is(err, sql.ErrNoRows) {
		return mail.Queued{}, false, nil
	}
	if err != nil {
		return mail.Queued{}, false, classify(err, "claim an email to send")
	}
	q.Kind = mail.Kind(kind)
	q.CreatedAt, q.NextAttemptAt, q.GiveUpAt = q.CreatedAt.UTC(), q.NextAttemptAt.UTC(), q.GiveUpAt.UTC()
	q.ClaimToken = token
	return q, true, nil
}

// MarkMailSent records that a message went out at at. Its subject and bodies are emptied, since
// they hold single-use links; the row stays as the record of what was sent to whom and when,
// until DeleteFinishedMail. It does not check the lease: the message went out whoever held it.
func (s *DB) MarkMailSent(ctx context.Context, id string, at time.Time) error {
	_, err := s.conn(ctx).ExecContext(ctx, `
		UPDATE mail_outbox SET status = 'sent', finished_at = $2, attempts = attempts + 1, last_error = '',
			subject = '', text_body = '', html_body = '', claimed_until = NULL, claim_token = NULL
		WHERE id = $1 AND status = 'pending'`,
		id, utc(at))
	return classify(err, "record the email as sent")
}

// RetryMail ends a lease after a failed attempt and makes the message due again at next. A worker
// whose lease ran out and was taken over changes nothing, so it cannot undo the other's work.
func (s *DB) RetryMail(ctx context.Context, id, token string, attempts int, next time.Time, lastError string) error {
	_, err := s.conn(ctx).ExecContext(ctx, `
		UPDATE mail_outbox SET attempts = $3, next_attempt_at = $4, last_error = $5,
			claimed_until = NULL, claim_token = NULL
		WHERE id = $1 AND claim_token = $2 AND status = 'pending'`,
		id, token, attempts, utc(next), lastError)
	return classify(err, "schedule the email's retry")
}

// MarkMailFailed gives a message up at at, under the same lease check as RetryMail, and empties
// its subject and bodies as MarkMailSent does.
func (s *DB) MarkMailFailed(ctx context.Context, id, token string, attempts int, at time.Time, lastError string) error {
	_, err := s.conn(ctx).ExecContext(ctx, `
		UPDATE mail_outbox SET status = 'failed', finished_at = $4, attempts = $3, last_error = $5,
			subject = '', text_body = '', html_body = '', claimed_until = NULL, claim_token = NULL
		WHERE id = $1 AND claim_token = $2 AND status = 'pending'`,
		id, token, attempts, utc(at), lastError)
	return classify(err, "give the email up")
}

// DeleteFinishedMail deletes the records of messages sent or given up before cutoff, and returns
// how many it deleted. Pending messages are never touched.
func (s *DB) DeleteFinishedMail(ctx context.Context, cutoff time.Time) (int64, error) {
	res, err := s.conn(ctx).ExecContext(ctx, `DELETE FROM mail_outbox WHERE finished_at < $1`, utc(cutoff))
	return rowsAffected(res, err, "delete old records of sent emails")
}

// PendingMailCount returns how many emails wait in the outbox, for the outbox-depth metric: a
// growing figure means the mail server refuses or cannot be reached.
func (s *DB) PendingMailCount(ctx context.Context) (int, error) {
	var n int
	err := s.conn(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM mail_outbox WHERE status = 'pending'`).Scan(&n)
	return n, classify(err, "count the emails waiting")
}
