package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"wayfinder/internal/onboarding"
	"wayfinder/internal/privacy"
)

// MemberAnswerHistory returns every distinct state of every answer of a member, oldest first, each
// with the time it was recorded: the answer history of AnswerHistory, for all questions at once.
func (s *DB) MemberAnswerHistory(ctx context.Context, userID string) ([]onboarding.StoredAnswers, error) {
	rows, err := s.conn(ctx).QueryContext(ctx, `
		SELECT question_slug, answers, recorded_at
		FROM survey_answer_history
		WHERE user_id = $1
		ORDER BY recorded_at, id`,
		userID)
	if err != nil {
		return nil, classify(err, "read the answer history")
	}
	return scanStoredAnswers(rows)
}

// DataExportsSince counts the copies of their data a member made after since, and returns when the
// oldest of them was made (the zero time when there is none).
func (s *DB) DataExportsSince(ctx context.Context, userID string, since time.Time) (int, time.Time, error) {
	// An ordered read rather than MIN, whose result SQLite would return as text.
	var (
		n      int
		oldest time.Time
	)
	err := s.conn(ctx).QueryRowContext(ctx, `
		SELECT exported_at, COUNT(*) OVER () FROM data_exports
		WHERE user_id = $1 AND exported_at > $2
		ORDER BY exported_at LIMIT 1`,
		userID, utc(since)).Scan(&oldest, &n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, time.Time{}, nil
	}
	if err != nil {
		return 0, time.Time{}, classify(err, "count the copies of the member's data")
	}
	return n, oldest.UTC(), nil
}

// RecordDataExport records that a member made a copy of their data at at, and forgets their records
// from before forgetBefore, so the table holds no more than a limit's window of each member.
func (s *DB) RecordDataExport(ctx context.Context, userID string, at, forgetBefore time.Time) error {
	if _, err := s.conn(ctx).ExecContext(ctx, `DELETE FROM data_exports WHERE user_id = $1 AND exported_at < $2`,
		userID, utc(forgetBefore)); err != nil {
		return classify(err, "forget old copies of the member's data")
	}
	_, err := s.conn(ctx).ExecContext(ctx, `INSERT INTO data_exports (user_id, exported_at) VALUES ($1, $2)`, userID, utc(at))
	return classify(err, "record the copy of the member's data")
}

// DeleteSubjectOAuthRequests removes every code and token of one identity-provider subject, of
// every kind, used or not, and returns how many there were. Unlike RevokeSubjectTokens it keeps no
// trace of them, for an account that is being erased: a token of an account that no longer exists
// is refused by the API however it is recognized.
func (s *DB) DeleteSubjectOAuthRequests(ctx context.Context, subject string) (int64, error) {
	res, err := s.conn(ctx).ExecContext(ctx, `DELETE FROM oauth_requests WHERE subject = $1`, subject)
	return rowsAffected(res, err, "remove the account's codes and tokens")
}

// DeleteLoginAttempts removes the sign-in attempts recorded under any of keys, whatever their scope,
// and returns how many there were.
func (s *DB) DeleteLoginAttempts(ctx context.Context, keys ...string) (int64, error) {
	var total int64
	for _, key := range keys {
		// Naming every scope lets both databases look the key up in the (scope, key, at) index
		// rather than read the whole table.
		res, err := s.conn(ctx).ExecContext(ctx, `
			DELETE FROM login_attempts
			WHERE scope IN ('account', 'address', 'pair', 'signup', 'reset') AND key = $1`, key)
		n, err := rowsAffected(res, err, "remove the sign-in attempts")
		if err != nil {
			return total, err
		}
		total += n
	}
	return total, nil
}

// DeleteMailTo removes the outbox's messages to recipient, whether waiting, sent or given up, and
// returns how many there were. Addresses are compared without regard to case, as mail servers
// compare them in practice.
func (s *DB) DeleteMailTo(ctx context.Context, recipient string) (int64, error) {
	res, err := s.conn(ctx).ExecContext(ctx, `DELETE FROM mail_outbox WHERE lower(recipient) = lower($1)`, recipient)
	return rowsAffected(res, err, "remove the emails to the member")
}

// MemberSignUp returns what RecordArrival kept of the member's sign-up.
func (s *DB) MemberSignUp(ctx context.Context, userID string) (privacy.SignUp, error) {
	var (
		su      privacy.SignUp
		offered sql.NullBool
	)
	err := s.conn(ctx).QueryRowContext(ctx, `SELECT origin_register, payment_offered FROM users WHERE id = $1`, userID).Scan(&su.Origin, &offered)
	if err != nil {
		return privacy.SignUp{}, classify(err, "read the member's sign-up")
	}
	if offered.Valid {
		su.PaymentOffered = &offered.Bool
	}
	return su, nil
}
