package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"wayfinder/internal/onboarding"
)

// RecordSafetyDisclosure records that the member disclosed thoughts of self-harm on questionSlug
// at at, and reports whether it did. A member has at most one disclosure awaiting review: while one
// does, saving the answer again records nothing new, so the first time stays the one a reviewer
// sees.
func (s *DB) RecordSafetyDisclosure(ctx context.Context, userID, questionSlug string, at time.Time) (bool, error) {
	res, err := s.conn(ctx).ExecContext(ctx, `
		INSERT INTO safety_disclosures (user_id, question_slug, disclosed_at) VALUES ($1, $2, $3)
		ON CONFLICT (user_id) WHERE reviewed_at IS NULL DO NOTHING`,
		userID, questionSlug, utc(at))
	if err != nil {
		// The words of an error reach the log, so they name the save, never what it holds.
		return false, classify(err, "save the survey")
	}
	n, err := res.RowsAffected()
	return n == 1, classify(err, "save the survey")
}

const disclosureColumns = `id, user_id, question_slug, disclosed_at, reviewed_at, reviewed_by, review_note, reopened_at, reopened_by`

// scanDisclosure reads disclosureColumns and then any extra destinations, with times in UTC.
func scanDisclosure(row scanner, extra ...any) (onboarding.SafetyDisclosure, error) {
	var (
		d                  onboarding.SafetyDisclosure
		reviewed, reopened sql.NullTime
	)
	dest := []any{&d.ID, &d.UserID, &d.QuestionSlug, &d.DisclosedAt, &reviewed, &d.ReviewedBy, &d.ReviewNote, &reopened, &d.ReopenedBy}
	if err := row.Scan(append(dest, extra...)...); err != nil {
		return onboarding.SafetyDisclosure{}, err
	}
	d.DisclosedAt = d.DisclosedAt.UTC()
	d.ReviewedAt, d.ReopenedAt = utcTime(reviewed), utcTime(reopened)
	return d, nil
}

// utcTime returns a nullable time as a pointer in UTC, nil for NULL.
func utcTime(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

// PausingSafetyDisclosure returns the member's earliest disclosure whose journey no one has
// reopened yet, or NotFound.
func (s *DB) PausingSafetyDisclosure(ctx context.Context, userID string) (onboarding.SafetyDisclosure, error) {
	d, err := scanDisclosure(s.conn(ctx).QueryRowContext(ctx, `
		SELECT `+disclosureColumns+`
		FROM safety_disclosures
		WHERE user_id = $1 AND reopened_at IS NULL
		ORDER BY disclosed_at, id
		LIMIT 1`,
		userID))
	if err != nil {
		return onboarding.SafetyDisclosure{}, classify(err, "read the survey")
	}
	return d, nil
}
