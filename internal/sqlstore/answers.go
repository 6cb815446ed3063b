package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/onboarding"
)

// SaveSurvey stores one survey submission in one transaction, so a member's answers, progress and
// campaign values never disagree. For each question it keeps the latest answers and appends to the
// history only when they differ from what was stored, so sending the same body twice leaves the same
// state. A non-empty fromSlug appends a progress event. A non-empty utm is recorded: the first touch
// is kept for good once set, the latest is replaced. Writing anything for an unknown user is NotFound.
func (s *DB) SaveSurvey(ctx context.Context, userID, fromSlug string, data []onboarding.QuestionAnswers, utm onboarding.UTM, now time.Time) error {
	if userID == "" {
		return apperr.E(apperr.Invalid, "the survey needs its member")
	}
	now = utc(now)
	type encoded struct{ slug, answers string }
	rows := make([]encoded, 0, len(data))
	for _, qa := range data {
		answers := qa.Answers
		if answers == nil {
			answers = []onboarding.Answer{}
		}
		b, err := json.Marshal(answers)
		if err != nil {
			return apperr.Wrap(apperr.Internal, err, "could not encode the answers")
		}
		rows = append(rows, encoded{qa.QuestionSlug, string(b)})
	}
	// The four statements are prepared once per store and reused, which on SQLite saves parsing them
	// on every save; they are fetched before the transaction takes SQLite's one connection.
	var st [4]*sql.Stmt
	for i, q := range []string{upsertAnswersSQL, insertAnswerHistorySQL, insertProgressSQL, upsertUTMSQL} {
		var err error
		if st[i], err = s.prepared(ctx, q); err != nil {
			return classify(err, "save the survey")
		}
	}
	upsertAnswers, insertHistory, insertProgress, upsertUTM := st[0], st[1], st[2], st[3]
	return s.inTx(ctx, func(tx *sql.Tx) error {
		for _, r := range rows {
			// The upsert returns a row only when it inserted or changed something; that is when the
			// history gets a new entry.
			var slug string
			err := tx.StmtContext(ctx, upsertAnswers).QueryRowContext(ctx, userID, r.slug, r.answers, now).Scan(&slug)
			if errors.Is(err, sql.ErrNoRows) {
				continue
			}
			if err != nil {
				return classify(err, "save the answers")
			}
			if _, err := tx.StmtContext(ctx, insertHistory).ExecContext(ctx, userID, r.slug, r.answers, now); err != nil {
				return classify(err, "save the answers")
			}
		}
		if fromSlug != "" {
			if _, err := tx.StmtContext(ctx, insertProgress).ExecContext(ctx, userID, fromSlug, now); err != nil {
				return classify(err, "save the progress")
			}
		}
		if !utm.IsZero() {
			if _, err := tx.StmtContext(ctx, upsertUTM).ExecContext(ctx, userID, utm.Source, utm.Medium, utm.Campaign,
				utm.AdID, utm.AdGroup, utm.Term, utm.Content, utm.GCLID, utm.Coupon, now); err != nil {
				return classify(err, "save the campaign values")
			}
		}
		return nil
	})
}

// upsertAnswersSQL keeps the latest answers of one question. The WHERE skips an update that would
// change nothing, and then RETURNING returns no row, which tells SaveSurvey the answers are unchanged.
const upsertAnswersSQL = `
	INSERT INTO survey_answers (user_id, question_slug, answers, updated_at)
	VALUES ($1, $2, $3, $4)
	ON CONFLICT (user_id, question_slug) DO UPDATE
		SET answers = excluded.answers, updated_at = excluded.updated_at
		WHERE survey_answers.answers <> excluded.answers
	RETURNING question_slug`

const insertAnswerHistorySQL = `
	INSERT INTO survey_answer_history (user_id, question_slug, answers, recorded_at)
	VALUES ($1, $2, $3, $4)`

const insertProgressSQL = `
	INSERT INTO progress_events (user_id, from_slug, created_at) VALUES ($1, $2, $3)`

// upsertUTMSQL writes the same values as first and latest touch; on a later touch only the latest
// columns are replaced, so the first touch stays as it was.
const upsertUTMSQL = `
	INSERT INTO utm_records (user_id,
		first_utm_source, first_utm_medium, first_utm_campaign, first_utm_adid, first_utm_adgroup,
		first_utm_term, first_utm_content, first_gclid, first_coupon, first_at,
		latest_utm_source, latest_utm_medium, latest_utm_campaign, latest_utm_adid, latest_utm_adgroup,
		latest_utm_term, latest_utm_content, latest_gclid, latest_coupon, latest_at)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
	ON CONFLICT (user_id) DO UPDATE SET
		latest_utm_source = excluded.latest_utm_source,
		latest_utm_medium = excluded.latest_utm_medium,
		latest_utm_campaign = excluded.latest_utm_campaign,
		latest_utm_adid = excluded.latest_utm_adid,
		latest_utm_adgroup = excluded.latest_utm_adgroup,
		latest_utm_term = excluded.latest_utm_term,
		latest_utm_content = excluded.latest_utm_content,
		latest_gclid = excluded.latest_gclid,
		latest_coupon = excluded.latest_coupon,
		latest_at = excluded.latest_at`

// SurveyAnswers returns a member's latest answers, one record per question, ordered by slug. A member
// who has answered nothing gets an empty list.
func (s *DB) SurveyAnswers(ctx context.Context, userID string) ([]onboarding.StoredAnswers, error) {
	rows, err := s.db.QueryContext(ctx, `
		SELECT question_slug, answers, updated_at
		FROM survey_answers
		WHERE user_id = $1
		ORDER BY question_slug`,
		userID)
	if err != nil {
		return nil, classify(err, "read the answers")
	}
	return scanStoredAnswers(rows)
}

// AnswerHistory returns every distinct state a member's answers to one question have had, oldest
// first, each with the time it was recorded.
func (s *DB) AnswerHistory(ctx context.Context, userID, slug string) ([]onboarding.StoredAnswers, error) {
	rows, err := s.db.QueryContext(ctx, `
		SELECT question_slug, answers, recorded_at
		FROM survey_answer_history
		WHERE user_id = $1 AND question_slug = $2
		ORDER BY recorded_at, id`,
		userID, slug)
	if err != nil {
		return nil, classify(err, "read the answer history")
	}
	return scanStoredAnswers(rows)
}

// scanStoredAnswers reads rows of slug, answers JSON and time, and closes them. It returns an empty
// list, not nil, when there are none, so the app receives [] rather than null.
func scanStoredAnswers(rows *sql.Rows) ([]onboarding.StoredAnswers, error) {
	defer rows.Close()
	list := []onboarding.StoredAnswers{}
	for rows.Next() {
		var (
			sa      onboarding.StoredAnswers
			answers string
		)
		if err := rows.Scan(&sa.QuestionSlug, &answers, &sa.UpdatedAt); err != nil {
			return nil, classify(err, "read the answers")
		}
		if err := json.Unmarshal([]byte(answers), &sa.Answers); err != nil {
			return nil, apperr.Wrap(apperr.Internal, err, "could not read the stored answers")
		}
		sa.UpdatedAt = sa.UpdatedAt.UTC()
		list = append(list, sa)
	}
	if err := rows.Err(); err != nil {
		return nil, classify(err, "read the answers")
	}
	return list, nil
}

// ProgressEvents returns the steps a member has moved on from, oldest first.
func (s *DB) ProgressEvents(ctx context.Context, userID string) ([]onboarding.ProgressEvent, error) {
	rows, err := s.db.QueryContext(ctx, `
		SELECT user_id, from_slug, created_at
		FROM progress_events
		WHERE user_id = $1
		ORDER BY created_at, id`,
		userID)
	if err != nil {
		return nil, classify(err, "read the progress")
	}
	defer rows.Close()
	events := []onboarding.ProgressEvent{}
	for rows.Next() {
		var e onboarding.ProgressEvent
		if err := rows.Scan(&e.UserID, &e.FromSlug, &e.At); err != nil {
			return nil, classify(err, "read the progress")
		}
		e.At = e.At.UTC()
		events = append(events, e)
	}
	if err := rows.Err(); err != nil {
		return nil, classify(err, "read the progress")
	}
	return events, nil
}

// UTMRecord returns a member's first and latest campaign values, or NotFound when none were recorded.
func (s *DB) UTMRecord(ctx context.Context, userID string) (onboarding.UTMRecord, error) {
	var r onboarding.UTMRecord
	f, l := &r.First, &r.Latest
	err := s.db.QueryRowContext(ctx, `
		SELECT first_utm_source, first_utm_medium, first_utm_campaign, first_utm_adid, first_utm_adgroup,
			first_utm_term, first_utm_content, first_gclid, first_coupon, first_at,
			latest_utm_source, latest_utm_medium, latest_utm_campaign, latest_utm_adid, latest_utm_adgroup,
			latest_utm_term, latest_utm_content, latest_gclid, latest_coupon, latest_at
		FROM utm_records
		WHERE user_id = $1`,
		userID).Scan(
		&f.Source, &f.Medium, &f.Campaign, &f.AdID, &f.AdGroup, &f.Term, &f.Content, &f.GCLID, &f.Coupon, &r.FirstAt,
		&l.Source, &l.Medium, &l.Campaign, &l.AdID, &l.AdGroup, &l.Term, &l.Content, &l.GCLID, &l.Coupon, &r.LatestAt)
	if err != nil {
		return onboarding.UTMRecord{}, classify(err, "read the campaign values")
	}
	r.FirstAt, r.LatestAt = r.FirstAt.UTC(), r.LatestAt.UTC()
	return r, nil
}
