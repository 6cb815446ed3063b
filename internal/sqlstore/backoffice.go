package sqlstore

import (
	"context"
	"database/sql"
	"strings"

	"wayfinder/internal/backoffice"
	"wayfinder/internal/billing"
	"wayfinder/internal/onboarding"
)

// AppendAudit adds one entry to the audit log. The log takes no other write: the schema refuses
// updates and deletes.
func (s *DB) AppendAudit(ctx context.Context, e backoffice.Entry) error {
	_, err := s.conn(ctx).ExecContext(ctx, `
		INSERT INTO audit_log (at, staff_user_id, staff_email, action, member_id, address)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		utc(e.At), e.StaffUserID, e.StaffEmail, e.Action, e.MemberID, e.Address)
	return classify(err, "write the audit log")
}

// AuditEntries returns entries of the audit log, newest first, filtered by member and staff when
// those are given, older than q.Before when it is set.
func (s *DB) AuditEntries(ctx context.Context, q backoffice.AuditQuery) ([]backoffice.Entry, error) {
	rows, err := s.conn(ctx).QueryContext(ctx, `
		SELECT id, at, staff_user_id, staff_email, action, member_id, address
		FROM audit_log
		WHERE ($1 = '' OR member_id = $1) AND ($2 = '' OR staff_user_id = $2) AND ($3 = 0 OR id < $3)
		ORDER BY id DESC
		LIMIT $4`,
		q.MemberID, q.StaffUserID, q.Before, q.Limit)
	if err != nil {
		return nil, classify(err, "read the audit log")
	}
	defer rows.Close()
	entries := []backoffice.Entry{}
	for rows.Next() {
		var e backoffice.Entry
		if err := rows.Scan(&e.ID, &e.At, &e.StaffUserID, &e.StaffEmail, &e.Action, &e.MemberID, &e.Address); err != nil {
			return nil, classify(err, "read the audit log")
		}
		e.At = e.At.UTC()
		entries = append(entries, e)
	}
	return entries, classify(rows.Err(), "read the audit log")
}

// likeEscaper escapes LIKE's wildcards, so a search for "50%" matches those characters.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// SearchMembers returns a page of members, newest first: each with their latest progress, current
// coach, payment state and whether a safety disclosure awaits review. q.Text matches within the
// email or the full name, without regard to case.
func (s *DB) SearchMembers(ctx context.Context, q backoffice.MemberQuery) ([]backoffice.MemberRow, error) {
	pattern := "%" + likeEscaper.Replace(strings.ToLower(q.Text)) + "%"
	var after backoffice.Cursor
	if q.After != nil {
		after = *q.After
	}
	rows, err := s.conn(ctx).QueryContext(ctx, `
		SELECT u.id, u.first_name, u.last_name, u.email, u.created_at,
			COALESCE((SELECT p.from_slug FROM progress_events p WHERE p.user_id = u.id ORDER BY p.created_at DESC, p.id DESC LIMIT 1), ''),
			COALESCE(a.coach_id, ''), COALESCE(c.first_name || ' ' || c.last_name, ''),
			COALESCE(sb.status, 'none'),
			EXISTS (SELECT 1 FROM safety_disclosures d WHERE d.user_id = u.id AND d.reviewed_at IS NULL)
		FROM users u
		LEFT JOIN coach_assignments a ON a.user_id = u.id AND a.ended_at IS NULL
		LEFT JOIN coaches c ON c.id = a.coach_id
		LEFT JOIN subscriptions sb ON sb.user_id = u.id
		WHERE u.role = 'member'
			AND ($1 = '' OR lower(u.email) LIKE $2 ESCAPE '\' OR lower(u.first_name || ' ' || u.last_name) LIKE $2 ESCAPE '\')
			AND ($3 = '' OR u.created_at < $4 OR (u.created_at = $4 AND u.id < $3))
		ORDER BY u.created_at DESC, u.id DESC
		LIMIT $5`,
		q.Text, pattern, after.UserID, utc(after.SignedUpAt), q.Limit)
	if err != nil {
		return nil, classify(err, "search the members")
	}
	defer rows.Close()
	members := []backoffice.MemberRow{}
	for rows.Next() {
		var m backoffice.MemberRow
		var payment string
		if err := rows.Scan(&m.UserID, &m.FirstName, &m.LastName, &m.Email, &m.SignedUpAt, &m.StepReached,
			&m.CoachID, &m.CoachName, &payment, &m.SafetyFlag); err != nil {
			return nil, classify(err, "search the members")
		}
		m.SignedUpAt, m.Payment = m.SignedUpAt.UTC(), billing.Status(payment)
		m.CoachName = strings.TrimSpace(m.CoachName)
		members = append(members, m)
	}
	return members, classify(rows.Err(), "search the members")
}

// SafetyDisclosures returns every safety disclosure of the member, earliest first, reviewed or not.
func (s *DB) SafetyDisclosures(ctx context.Context, userID string) ([]onboarding.SafetyDisclosure, error) {
	rows, err := s.conn(ctx).QueryContext(ctx, `
		SELECT id, user_id, question_slug, disclosed_at, reviewed_at
		FROM safety_disclosures WHERE user_id = $1 ORDER BY disclosed_at, id`, userID)
	if err != nil {
		return nil, classify(err, "read the safety disclosures")
	}
	defer rows.Close()
	out := []onboarding.SafetyDisclosure{}
	for rows.Next() {
		var d onboarding.SafetyDisclosure
		var reviewed sql.NullTime
		if err := rows.Scan(&d.ID, &d.UserID, &d.QuestionSlug, &d.DisclosedAt, &reviewed); err != nil {
			return nil, classify(err, "read the safety disclosures")
		}
		d.DisclosedAt = d.DisclosedAt.UTC()
		if reviewed.Valid {
			t := reviewed.Time.UTC()
			d.ReviewedAt = &t
		}
		out = append(out, d)
	}
	return out, classify(rows.Err(), "read the safety disclosures")
}
