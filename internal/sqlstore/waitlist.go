package sqlstore

import (
	"context"
	"fmt"

	"wayfinder/internal/waitlist"
)

const waitlistColumns = `user_id, email, consent_version, joined_at`

// AndroidWaitlistEntry returns the member's entry on the Android waitlist, or NotFound when they
// are not on it.
func (s *DB) AndroidWaitlistEntry(ctx context.Context, userID string) (waitlist.Entry, error) {
	row := s.conn(ctx).QueryRowContext(ctx, `SELECT `+waitlistColumns+` FROM android_waitlist WHERE user_id = $1`, userID)
	e, err := scanWaitlistEntry(row)
	return e, classify(err, "read the member's waitlist entry")
}

// SaveAndroidWaitlistEntry puts the member on the Android waitlist, or changes their entry, and
// returns it as stored. An entry whose address and consent version are those it has already keeps
// the time it was made, so sending the same request again changes nothing. NotFound when the
// member does not exist.
func (s *DB) SaveAndroidWaitlistEntry(ctx context.Context, e waitlist.Entry) (waitlist.Entry, error) {
	row := s.conn(ctx).QueryRowContext(ctx, `
		INSERT INTO android_waitlist (`+waitlistColumns+`)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (user_id) DO UPDATE SET
			joined_at = CASE
				WHEN android_waitlist.email = excluded.email AND android_waitlist.consent_version = excluded.consent_version
				THEN android_waitlist.joined_at ELSE excluded.joined_at END,
			email = excluded.email,
			consent_version = excluded.consent_version
		RETURNING `+waitlistColumns,
		e.UserID, e.Email, e.ConsentVersion, utc(e.JoinedAt))
	saved, err := scanWaitlistEntry(row)
	return saved, classify(err, "save the member's waitlist entry")
}

// DeleteAndroidWaitlistEntry removes the member's entry and tells whether there was one.
func (s *DB) DeleteAndroidWaitlistEntry(ctx context.Context, userID string) (bool, error) {
	res, err := s.conn(ctx).ExecContext(ctx, `DELETE FROM android_waitlist WHERE user_id = $1`, userID)
	n, err := rowsAffected(res, err, "remove the member's waitlist entry")
	return n > 0, err
}

// CountAndroidWaitlist counts the members on the Android waitlist.
func (s *DB) CountAndroidWaitlist(ctx context.Context) (int, error) {
	var n int
	err := s.conn(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM android_waitlist`).Scan(&n)
	return n, classify(err, "count the waitlist")
}

// AndroidWaitlistEntries returns up to limit entries of the Android waitlist, newest first (by time,
// then member id), after the cursor when it is set; limit 0 returns every one.
func (s *DB) AndroidWaitlistEntries(ctx context.Context, after *waitlist.Cursor, limit int) ([]waitlist.Entry, error) {
	query := `SELECT ` + waitlistColumns + ` FROM android_waitlist`
	var args []any
	if after != nil {
		query += ` WHERE (joined_at, user_id) < ($1, $2)`
		args = append(args, utc(after.JoinedAt), after.UserID)
	}
	query += ` ORDER BY joined_at DESC, user_id DESC`
	if limit > 0 {
		args = append(args, limit)
		query += fmt.Sprintf(" LIMIT $%d", len(args))
	}
	rows, err := s.conn(ctx).QueryContext(ctx, query, args...)
	if err != nil {
		return nil, classify(err, "read the waitlist")
	}
	defer rows.Close()
	entries := []waitlist.Entry{}
	for rows.Next() {
		e, err := scanWaitlistEntry(rows)
		if err != nil {
			return nil, classify(err, "read the waitlist")
		}
		entries = append(entries, e)
	}
	return entries, classify(rows.Err(), "read the waitlist")
}

// scanWaitlistEntry reads one row of waitlistColumns.
func scanWaitlistEntry(row interface{ Scan(...any) error }) (waitlist.Entry, error) {
	var e waitlist.Entry
	if err := row.Scan(&e.UserID, &e.Email, &e.ConsentVersion, &e.JoinedAt); err != nil {
		return waitlist.Entry{}, err
	}
	e.JoinedAt = e.JoinedAt.UTC()
	return e, nil
}
