package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/survey"
)

// SaveSurvey stores one survey submission in one transaction, so a member's answers, progress and
// campaign values never disagree. For each question it keeps the latest answers and appends to the
// history only when they differ from what was stored, so sending the same body twice leaves the same
// state. A non-empty fromSlug appends a progress event, with toSlug as the step it led to ("" when
// not known). A non-empty utm is recorded: the first touch
// is kept for good once set, the latest is replaced. Writing anything for an unknown user is NotFound.
// It returns once the submission is durably stored.
func (s *DB) SaveSurvey(ctx context.Context, userID, fromSlug, toSlug string, data []survey.QuestionAnswers, utm onboarding.UTM, now time.Time) error {
	if userID == "" {
		return refuse("the survey needs its member")
	}
	sv := surveySave{userID: userID, fromSlug: fromSlug, toSlug: toSlug, utm: utm, now: utc(now), rows: make([]encodedAnswers, 0, len(data))}
	for _, qa := range data {
		answers := qa.Answers
		if answers == nil {
			answers = []survey.Answer{}
		}
		b, err := json.Marshal(answers)
		if err != nil {
			return apperr.WrapInternalf(err, "could not encode the answers")
		}
		sv.rows = append(sv.rows, encodedAnswers{qa.QuestionSlug, string(b)})
	}
	if s.dialect == DialectPostgres && !sv.repeatsQuestion() {
		return s.saveSurveyPostgres(ctx, sv)
	}
	return s.InTx(ctx, func(ctx context.Context) error { return s.writeSurvey(ctx, sv) })
}

// repeatsQuestion reports whether the submission names a question more than once. The API refuses
// such a body, but the store takes it as the statements always have, one answer after the other,
// which the one-statement save on PostgreSQL cannot: one statement may change a row only once.
func (sv surveySave) repeatsQuestion() bool {
	seen := make(map[string]bool, len(sv.rows))
	for _, r := range sv.rows {
		if seen[r.slug] {
			return true
		}
		seen[r.slug] = true
	}
	return false
}

// saveSurveyPostgres makes the whole save in one statement, which PostgreSQL runs as one
// transaction: one round trip instead of one per statement plus the transaction's two. Each round
// trip costs the server and the database processor time, and on a busy server that time, not the
// disk, limits how many saves go through.
func (s *DB) saveSurveyPostgres(ctx context.Context, sv surveySave) error {
	st, err := s.stmt(ctx, saveSurveyPostgresSQL)
	if err != nil {
		return classify(err, "save the survey")
	}
	slugs, answers := make([]string, len(sv.rows)), make([]string, len(sv.rows))
	for i, r := range sv.rows {
		slugs[i], answers[i] = r.slug, r.answers
	}
	u := sv.utm
	_, err = st.ExecContext(ctx, sv.userID, slugs, answers, sv.now, sv.fromSlug,
		u.Source, u.Medium, u.Campaign, u.AdID, u.AdGroup, u.Term, u.Content, u.GCLID, u.Coupon, !u.IsZero(), sv.toSlug)
	return classify(err, "save the survey")
}

// saveSurveyPostgresSQL is SaveSurvey's transaction as one statement: the same upsert, history entry
// for each changed answer, progress event and campaign values as the statements below, chained with
// data-modifying WITH clauses. The history is written from what the upsert returned, so it gets an
// entry only for answers that changed. Parameters: user, question slugs, answers (JSON), time, the
// step moved on from, the nine campaign values, whether there are any, and the step moved on to.
const saveSurveyPostgresSQL = `
	WITH input AS (
		SELECT question_slug, answers FROM unnest($2::text[], $3::text[]) AS t (question_slug, answers)
	), changed AS (
		INSERT INTO survey_answers (user_id, question_slug, answers, updated_at)
		SELECT $1::text, question_slug, answers, $4::timestamptz FROM input
		ON CONFLICT (user_id, question_slug) DO UPDATE
			SET answers = excluded.answers, updated_at = excluded.updated_at
			WHERE survey_answers.answers <> excluded.answers
		RETURNING question_slug, answers
	), history AS (
		INSERT INTO survey_answer_history (user_id, question_slug, answers, recorded_at)
		SELECT $1::text, question_slug, answers, $4::timestamptz FROM changed
	), progress AS (
		INSERT INTO progress_events (user_id, from_slug, to_slug, created_at)
		SELECT $1::text, $5::text, $16::text, $4::timestamptz WHERE $5::text <> ''
	)
	INSERT INTO utm_records (user_id,
		first_utm_source, first_utm_medium, first_utm_campaign, first_utm_adid, first_utm_adgroup,
		first_utm_term, first_utm_content, first_gclid, first_coupon, first_at,
		latest_utm_source, latest_utm_medium, latest_utm_campaign, latest_utm_adid, latest_utm_adgroup,
		latest_utm_term, latest_utm_content, latest_gclid, latest_coupon, latest_at)
	SELECT $1::text, $6::text, $7::text, $8::text, $9::text, $10::text, $11::text, $12::text, $13::text, $14::text, $4::timestamptz,
		$6::text, $7::text, $8::text, $9::text, $10::text, $11::text, $12::text, $13::text, $14::text, $4::timestamptz
	WHERE $15::boolean
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

// surveySave is one submission, encoded and ready to write.
type surveySave struct {
	userID, fromSlug, toSlug string
	rows                     []encodedAnswers
	utm                      onboarding.UTM
	now                      time.Time
}

type encodedAnswers struct{ slug, answers string }

// writeSurvey makes one submission's changes; SaveSurvey runs it in a transaction.
func (s *DB) writeSurvey(ctx context.Context, sv surveySave) error {
	upsertAnswers, err := s.stmt(ctx, upsertAnswersSQL)
	if err != nil {
		return classify(err, "save the answers")
	}
	for _, r := range sv.rows {
		// The upsert returns a row only when it inserted or changed something; that is when the
		// history gets a new entry.
		var slug string
		err := upsertAnswers.QueryRowContext(ctx, sv.userID, r.slug, r.answers, sv.now).Scan(&slug)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return classify(err, "save the answers")
		}
		if err := s.execStmt(ctx, insertAnswerHistorySQL, "save the answers", sv.userID, r.slug, r.answers, sv.now); err != nil {
			return err
		}
	}
	if sv.fromSlug != "" {
		if err := s.execStmt(ctx, insertProgressSQL, "save the progress", sv.userID, sv.fromSlug, sv.toSlug, sv.now); err != nil {
			return err
		}
	}
	if u := sv.utm; !u.IsZero() {
		if err := s.execStmt(ctx, upsertUTMSQL, "save the campaign values", sv.userID, u.Source, u.Medium, u.Campaign,
			u.AdID, u.AdGroup, u.Term, u.Content, u.GCLID, u.Coupon, sv.now); err != nil {
			return err
		}
	}
	return nil
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
	INSERT INTO progress_events (user_id, from_slug, to_slug, created_at) VALUES ($1, $2, $3, $4)`

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
	rows, err := s.conn(ctx).QueryContext(ctx, `
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
	rows, err := s.conn(ctx).QueryContext(ctx, `
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
			return nil, apperr.WrapInternalf(err, "could not read the stored answers")
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
	rows, err := s.conn(ctx).QueryContext(ctx, `
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
	err := s.conn(ctx).QueryRowContext(ctx, `
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
