package sqlstore

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"wayfinder/internal/account"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/billing"
	"wayfinder/internal/onboarding"
)

// AppendAudit adds one entry to the audit log. The log takes no other write: the schema refuses
// updates and deletes.
func (s *DB) AppendAudit(ctx context.Context, e backoffice.Entry) error {
	_, err := s.conn(ctx).ExecContext(ctx, `
		INSERT INTO audit_log (at, staff_user_id, staff_email, action, member_id, target, address)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		utc(e.At), e.StaffUserID, e.StaffEmail, e.Action, e.MemberID, e.Target, e.Address)
	return classify(err, "write the audit log")
}

// AuditEntries returns entries of the audit log, newest first, filtered by member and staff when
// those are given, older than q.Before when it is set.
func (s *DB) AuditEntries(ctx context.Context, q backoffice.AuditQuery) ([]backoffice.Entry, error) {
	rows, err := s.conn(ctx).QueryContext(ctx, `
		SELECT id, at, staff_user_id, staff_email, action, member_id, target, address
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
		if err := rows.Scan(&e.ID, &e.At, &e.StaffUserID, &e.StaffEmail, &e.Action, &e.MemberID, &e.Target, &e.Address); err != nil {
			return nil, classify(err, "read the audit log")
		}
		e.At = e.At.UTC()
		entries = append(entries, e)
	}
	return entries, classify(rows.Err(), "read the audit log")
}

// likeEscaper escapes LIKE's wildcards, so a search for "50%" matches those characters.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// ftsPhrase quotes text as one FTS5 phrase, so none of its characters is read as query syntax.
func ftsPhrase(text string) string {
	return `"` + strings.ReplaceAll(text, `"`, `""`) + `"`
}

// trigramCandidates is how many members a SQLite trigram search gathers before sorting them by
// sign-up time. A search that matches more is better served by walking the members newest first,
// where matches are then common enough to fill a page quickly.
const trigramCandidates = 1000

// SearchMembers returns a page of members, newest first: each with their latest progress, current
// coach, payment state and whether a safety disclosure awaits review. See backoffice.MemberQuery
// for what q.Text matches.
//
// The page's members are found first and their details read after, so the details are read for
// one page only. Finding them takes the quickest way for the search at hand: the sign-up index for
// the whole list and for common text, the name indexes for a short name, and the trigram indexes
// for rare text (migration 0008).
func (s *DB) SearchMembers(ctx context.Context, q backoffice.MemberQuery) ([]backoffice.MemberRow, error) {
	where, args, err := s.memberSearchFilter(ctx, q.Text)
	if err != nil {
		return nil, classify(err, "search the members")
	}
	if q.After != nil {
		where += fmt.Sprintf(" AND (u.created_at, u.id) < ($%d, $%d)", len(args)+1, len(args)+2)
		args = append(args, utc(q.After.SignedUpAt), q.After.UserID)
	}
	args = append(args, q.Limit)
	if s.dialect == DialectPostgres {
		// The filter's text decides which way is quickest, so PostgreSQL plans each search for
		// its own text rather than reusing a plan made for any text.
		if _, err := s.conn(ctx).ExecContext(ctx, `SET LOCAL plan_cache_mode = force_custom_plan`); err != nil {
			return nil, classify(err, "search the members")
		}
	}
	rows, err := s.conn(ctx).QueryContext(ctx, `
		SELECT u.id, u.first_name, u.last_name, u.email, u.created_at,
			COALESCE((SELECT p.from_slug FROM progress_events p WHERE p.user_id = u.id ORDER BY p.created_at DESC, p.id DESC LIMIT 1), ''),
			COALESCE(a.coach_id, ''), COALESCE(c.first_name || ' ' || c.last_name, ''),
			COALESCE(sb.status, 'none'),
			EXISTS (SELECT 1 FROM safety_disclosures d WHERE d.user_id = u.id AND d.reviewed_at IS NULL)
		FROM (
			SELECT u.id FROM users u
			WHERE `+where+`
			ORDER BY u.created_at DESC, u.id DESC
			LIMIT $`+strconv.Itoa(len(args))+`
		) page
		JOIN users u ON u.id = page.id
		LEFT JOIN coach_assignments a ON a.user_id = u.id AND a.ended_at IS NULL
		LEFT JOIN coaches c ON c.id = a.coach_id
		LEFT JOIN subscriptions sb ON sb.user_id = u.id
		ORDER BY u.created_at DESC, u.id DESC`, args...)
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

// memberSearchFilter returns the condition on users u that picks the members text matches, and its
// arguments, numbered from $1.
func (s *DB) memberSearchFilter(ctx context.Context, text string) (string, []any, error) {
	// SQLite has no statistics to weigh the sign-up index, which walks members newest first, against
	// the search indexes, which gather the matches to sort them: it takes the first unless told. The
	// unary + in lookUp keeps it from using the sign-up index over role, so it looks up the matches.
	member, lookUp := `u.role = 'member'`, `u.role = 'member'`
	if s.dialect == DialectSQLite {
		lookUp = `+u.role = 'member'`
	}
	text = strings.ToLower(text)
	switch {
	case text == "":
		return member, nil, nil
	case utf8.RuneCountInString(text) < backoffice.MinSubstringSearch:
		return lookUp + ` AND (lower(u.first_name) = $1 OR lower(u.last_name) = $1)`, []any{text}, nil
	}
	pattern := "%" + likeEscaper.Replace(text) + "%"
	like := member + ` AND (lower(u.email) LIKE $1 ESCAPE '\' OR lower(u.first_name || ' ' || u.last_name) LIKE $1 ESCAPE '\')`
	if s.dialect == DialectPostgres {
		return like, []any{pattern}, nil
	}
	// Text found in more members than trigramCandidates fills a page soonest by walking them.
	var found int
	err := s.conn(ctx).QueryRowContext(ctx, `
		SELECT count(*) FROM (SELECT rowid FROM member_search WHERE member_search MATCH $1 LIMIT $2)`,
		ftsPhrase(text), trigramCandidates+1).Scan(&found)
	if err != nil || found > trigramCandidates {
		return like, []any{pattern}, err
	}
	return lookUp + ` AND u.id IN (
			SELECT t.user_id FROM member_search_text t
			WHERE t.id IN (SELECT rowid FROM member_search WHERE member_search MATCH $1))`, []any{ftsPhrase(text)}, nil
}

// SafetyDisclosures returns every safety disclosure of the member, earliest first, reviewed or not.
func (s *DB) SafetyDisclosures(ctx context.Context, userID string) ([]onboarding.SafetyDisclosure, error) {
	rows, err := s.conn(ctx).QueryContext(ctx, `
		SELECT `+disclosureColumns+`
		FROM safety_disclosures WHERE user_id = $1 ORDER BY disclosed_at, id`, userID)
	if err != nil {
		return nil, classify(err, "read the safety disclosures")
	}
	defer rows.Close()
	out := []onboarding.SafetyDisclosure{}
	for rows.Next() {
		d, err := scanDisclosure(rows)
		if err != nil {
			return nil, classify(err, "read the safety disclosures")
		}
		out = append(out, d)
	}
	return out, classify(rows.Err(), "read the safety disclosures")
}

// followUpColumns are a disclosure's columns (d) and its member's (u), for scanFollowUp.
const followUpColumns = `d.id, d.user_id, d.question_slug, d.disclosed_at, d.reviewed_at, d.reviewed_by, d.review_note,
	d.reopened_at, d.reopened_by, u.email, u.first_name, u.last_name, u.device`

func scanFollowUp(row scanner) (backoffice.FollowUp, error) {
	var f backoffice.FollowUp
	var err error
	f.SafetyDisclosure, err = scanDisclosure(row, &f.Member.Email, &f.Member.FirstName, &f.Member.LastName, &f.Member.Device)
	f.Member.ID = f.UserID
	return f, err
}

// SafetyFollowUps returns disclosures with their members: those awaiting review, oldest first, or
// (reviewed) the latest reviews first; at most limit.
func (s *DB) SafetyFollowUps(ctx context.Context, reviewed bool, limit int) ([]backoffice.FollowUp, error) {
	query := `SELECT ` + followUpColumns + ` FROM safety_disclosures d JOIN users u ON u.id = d.user_id
		WHERE d.reviewed_at IS NULL ORDER BY d.disclosed_at, d.id LIMIT $1`
	if reviewed {
		query = `SELECT ` + followUpColumns + ` FROM safety_disclosures d JOIN users u ON u.id = d.user_id
		WHERE d.reviewed_at IS NOT NULL ORDER BY d.reviewed_at DESC, d.id DESC LIMIT $1`
	}
	rows, err := s.conn(ctx).QueryContext(ctx, query, limit)
	if err != nil {
		return nil, classify(err, "read the safety queue")
	}
	defer rows.Close()
	out := []backoffice.FollowUp{}
	for rows.Next() {
		f, err := scanFollowUp(rows)
		if err != nil {
			return nil, classify(err, "read the safety queue")
		}
		out = append(out, f)
	}
	return out, classify(rows.Err(), "read the safety queue")
}

// LockSafetyDisclosure returns a disclosure with its member, or NotFound. Inside a transaction on
// PostgreSQL it locks the disclosure's row until the transaction ends, so two reviewers cannot
// both record the first review.
func (s *DB) LockSafetyDisclosure(ctx context.Context, id int64) (backoffice.FollowUp, error) {
	lock := ""
	if s.forUpdate() != "" {
		lock = " FOR UPDATE OF d"
	}
	f, err := scanFollowUp(s.conn(ctx).QueryRowContext(ctx, `SELECT `+followUpColumns+`
		FROM safety_disclosures d JOIN users u ON u.id = d.user_id WHERE d.id = $1`+lock, id))
	if err != nil {
		return backoffice.FollowUp{}, classify(err, "read the safety queue")
	}
	return f, nil
}

// SaveSafetyReview writes a disclosure's review and reopening.
func (s *DB) SaveSafetyReview(ctx context.Context, d onboarding.SafetyDisclosure) error {
	res, err := s.conn(ctx).ExecContext(ctx, `
		UPDATE safety_disclosures
		SET reviewed_at = $2, reviewed_by = $3, review_note = $4, reopened_at = $5, reopened_by = $6
		WHERE id = $1`,
		d.ID, optionalTime(d.ReviewedAt), d.ReviewedBy, d.ReviewNote, optionalTime(d.ReopenedAt), d.ReopenedBy)
	return oneRow(res, err, "save the review")
}

// SetMemberPicture makes jpeg the member's profile picture, replacing any other, and names it
// version on the member.
func (s *DB) SetMemberPicture(ctx context.Context, userID string, jpeg []byte, version string, at time.Time) error {
	return s.InTx(ctx, func(ctx context.Context) error {
		res, err := s.conn(ctx).ExecContext(ctx, `UPDATE users SET picture_version = $2, updated_at = $3 WHERE id = $1`, userID, version, utc(at))
		if err := oneRow(res, err, "save the picture"); err != nil {
			return err
		}
		_, err = s.conn(ctx).ExecContext(ctx, `
			INSERT INTO member_pictures (user_id, data, created_at) VALUES ($1, $2, $3)
			ON CONFLICT (user_id) DO UPDATE SET data = excluded.data, created_at = excluded.created_at`,
			userID, jpeg, utc(at))
		return classify(err, "save the picture")
	})
}

// RemoveMemberPicture removes the member's profile picture; a member without one is left as is.
func (s *DB) RemoveMemberPicture(ctx context.Context, userID string) error {
	return s.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.conn(ctx).ExecContext(ctx, `DELETE FROM member_pictures WHERE user_id = $1`, userID); err != nil {
			return classify(err, "remove the picture")
		}
		_, err := s.conn(ctx).ExecContext(ctx, `UPDATE users SET picture_version = '' WHERE id = $1`, userID)
		return classify(err, "remove the picture")
	})
}

// MemberPicture returns the member's profile picture, or NotFound.
func (s *DB) MemberPicture(ctx context.Context, userID string) ([]byte, error) {
	var data []byte
	err := s.conn(ctx).QueryRowContext(ctx, `SELECT data FROM member_pictures WHERE user_id = $1`, userID).Scan(&data)
	return data, classify(err, "read the picture")
}

// SavePortrait stores a coach's portrait under id.
func (s *DB) SavePortrait(ctx context.Context, id string, jpeg []byte, at time.Time) error {
	_, err := s.conn(ctx).ExecContext(ctx, `INSERT INTO portraits (id, data, created_at) VALUES ($1, $2, $3)`, id, jpeg, utc(at))
	return classify(err, "save the portrait")
}

// DeletePortrait removes a portrait no coach uses any more; one already gone is left as is.
func (s *DB) DeletePortrait(ctx context.Context, id string) error {
	_, err := s.conn(ctx).ExecContext(ctx, `DELETE FROM portraits WHERE id = $1`, id)
	return classify(err, "remove the portrait")
}

// Portrait returns a coach's portrait, or NotFound.
func (s *DB) Portrait(ctx context.Context, id string) ([]byte, error) {
	var data []byte
	err := s.conn(ctx).QueryRowContext(ctx, `SELECT data FROM portraits WHERE id = $1`, id).Scan(&data)
	return data, classify(err, "read the portrait")
}

// StaffUsers returns the staff and admins, by email.
func (s *DB) StaffUsers(ctx context.Context) ([]account.User, error) {
	rows, err := s.conn(ctx).QueryContext(ctx, `SELECT `+userColumns+` FROM users WHERE role = 'staff' ORDER BY email, id`)
	if err != nil {
		return nil, classify(err, "list the staff")
	}
	defer rows.Close()
	out := []account.User{}
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return nil, classify(err, "list the staff")
		}
		out = append(out, u)
	}
	return out, classify(rows.Err(), "list the staff")
}

// UserByEmail returns the user with that email, without regard to case, or NotFound.
func (s *DB) UserByEmail(ctx context.Context, email string) (account.User, error) {
	u, err := scanUser(s.conn(ctx).QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE lower(email) = lower($1) ORDER BY created_at LIMIT 1`, email))
	if err != nil {
		return account.User{}, classify(err, "find the user")
	}
	return u, nil
}
