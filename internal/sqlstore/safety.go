package sqlstore

import (
	"context"
	"time"

	"wayfinder/internal/onboarding"
)

// RecordSafetyDisclosure records that the member disclosed thoughts of self-harm on questionSlug
// at at. A member has at most one open disclosure: while one awaits review, saving the answer again
// records nothing new, so the first time stays the one a reviewer sees.
func (s *DB) RecordSafetyDisclosure(ctx context.Context, userID, questionSlug string, at time.Time) error {
	_, err := s.conn(ctx).ExecContext(ctx, `
		INSERT INTO safety_disclosures (user_id, question_slug, disclosed_at) VALUES ($1, $2, $3)
		ON CONFLICT (user_id) WHERE reviewed_at IS NULL DO NOTHING`,
		userID, questionSlug, utc(at))
	// The words of an error reach the log, so they name the save, never what it holds.
	return classify(err, "save the survey")
}

// OpenSafetyDisclosure returns the member's disclosure that no one has reviewed yet, or NotFound.
func (s *DB) OpenSafetyDisclosure(ctx context.Context, userID string) (onboarding.SafetyDisclosure, error) {
	var d onboarding.SafetyDisclosure
	err := s.conn(ctx).QueryRowContext(ctx, `
		SELECT id, user_id, question_slug, disclosed_at
		FROM safety_disclosures
		WHERE user_id = $1 AND reviewed_at IS NULL`,
		userID).Scan(&d.ID, &d.UserID, &d.QuestionSlug, &d.DisclosedAt)
	if err != nil {
		return onboarding.SafetyDisclosure{}, classify(err, "read the survey")
	}
	d.DisclosedAt = d.DisclosedAt.UTC()
	return d, nil
}
