package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/google/uuid"

	"wayfinder/internal/coaching"
)

const coachColumns = `id, user_id, first_name, last_name, nickname, avatar_url, one_liner, tags,
	timezone, description, intro_video_url, captions_url, active, capacity, created_at, updated_at`

// scanCoach reads coachColumns and then any extra destinations, such as a count.
func scanCoach(row scanner, extra ...any) (coaching.Coach, error) {
	var (
		c      coaching.Coach
		userID sql.NullString
	)
	dest := []any{&c.ID, &userID, &c.FirstName, &c.LastName, &c.Nickname, &c.AvatarURL, &c.OneLiner, &c.Tags,
		&c.Timezone, &c.Description, &c.IntroVideoURL, &c.CaptionsURL, &c.Active, &c.Capacity, &c.CreatedAt, &c.UpdatedAt}
	if err := row.Scan(append(dest, extra...)...); err != nil {
		return coaching.Coach{}, err
	}
	c.UserID = userID.String
	c.CreatedAt, c.UpdatedAt = c.CreatedAt.UTC(), c.UpdatedAt.UTC()
	return c, nil
}

// UpsertCoach adds a coach or replaces every field of an existing one, keeping its CreatedAt, and
// returns the stored coach. An empty ID gets a fresh UUID. A UserID must name an existing user who is
// not already another coach.
func (s *DB) UpsertCoach(ctx context.Context, c coaching.Coach) (coaching.Coach, error) {
	if c.Capacity < 0 {
		return coaching.Coach{}, refuse("a coach's capacity must be zero or more")
	}
	if c.ID == "" {
		c.ID = uuid.NewString()
	}
	t := now()
	row := s.conn(ctx).QueryRowContext(ctx, `
		INSERT INTO coaches (id, user_id, first_name, last_name, nickname, avatar_url, one_liner, tags,
			timezone, description, intro_video_url, captions_url, active, capacity, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)
		ON CONFLICT (id) DO UPDATE SET
			user_id = excluded.user_id,
			first_name = excluded.first_name,
			last_name = excluded.last_name,
			nickname = excluded.nickname,
			avatar_url = excluded.avatar_url,
			one_liner = excluded.one_liner,
			tags = excluded.tags,
			timezone = excluded.timezone,
			description = excluded.description,
			intro_video_url = excluded.intro_video_url,
			captions_url = excluded.captions_url,
			active = excluded.active,
			capacity = excluded.capacity,
			updated_at = excluded.updated_at
		RETURNING `+coachColumns,
		c.ID, nullString(c.UserID), c.FirstName, c.LastName, c.Nickname, c.AvatarURL, c.OneLiner, c.Tags,
		c.Timezone, c.Description, c.IntroVideoURL, c.CaptionsURL, c.Active, c.Capacity, t)
	stored, err := scanCoach(row)
	if err != nil {
		return coaching.Coach{}, classify(err, "save the coach")
	}
	return stored, nil
}

// CoachByID returns one coach, active or not, or NotFound.
func (s *DB) CoachByID(ctx context.Context, id string) (coaching.Coach, error) {
	c, err := scanCoach(s.conn(ctx).QueryRowContext(ctx, `SELECT `+coachColumns+` FROM coaches WHERE id = $1`, id))
	if err != nil {
		return coaching.Coach{}, classify(err, "find the coach")
	}
	return c, nil
}

// ListCoaches returns the coaches, only the active ones when activeOnly is set, each with the number of
// members currently assigned to them, ordered by name.
func (s *DB) ListCoaches(ctx context.Context, activeOnly bool) ([]coaching.CoachLoad, error) {
	rows, err := s.conn(ctx).QueryContext(ctx, `
		SELECT `+coachColumns+`,
			(SELECT COUNT(*) FROM coach_assignments a WHERE a.coach_id = c.id AND a.ended_at IS NULL)
		FROM coaches c
		WHERE ($1 = false OR c.active = true)
		ORDER BY c.first_name, c.last_name, c.id`,
		activeOnly)
	if err != nil {
		return nil, classify(err, "list the coaches")
	}
	defer rows.Close()
	list := []coaching.CoachLoad{}
	for rows.Next() {
		var l coaching.CoachLoad
		if l.Coach, err = scanCoach(rows, &l.Assigned); err != nil {
			return nil, classify(err, "list the coaches")
		}
		list = append(list, l)
	}
	if err := rows.Err(); err != nil {
		return nil, classify(err, "list the coaches")
	}
	return list, nil
}

const assignmentColumns = `id, user_id, coach_id, assigned_at, ended_at`

// scanAssignment reads one row of assignmentColumns; a NULL end means the assignment is current.
func scanAssignment(row scanner) (coaching.Assignment, error) {
	var (
		a     coaching.Assignment
		ended sql.NullTime
	)
	if err := row.Scan(&a.ID, &a.UserID, &a.CoachID, &a.AssignedAt, &ended); err != nil {
		return coaching.Assignment{}, err
	}
	a.AssignedAt = a.AssignedAt.UTC()
	if ended.Valid {
		t := ended.Time.UTC()
		a.EndedAt = &t
	}
	return a, nil
}

// LockCoach returns one coach, active or not, with the number of members currently assigned to
// them, or NotFound. Inside a transaction on PostgreSQL it locks the coach's row until the
// transaction ends, so that two replicas cannot both give a coach's last place away; SQLite needs no
// row lock, because a write transaction already holds the database's single write lock.
func (s *DB) LockCoach(ctx context.Context, coachID string) (coaching.CoachLoad, error) {
	var l coaching.CoachLoad
	var err error
	l.Coach, err = scanCoach(s.conn(ctx).QueryRowContext(ctx, `SELECT `+coachColumns+` FROM coaches WHERE id = $1`+s.forUpdate(), coachID))
	if err != nil {
		return coaching.CoachLoad{}, classify(err, "find the coach")
	}
	err = s.conn(ctx).QueryRowContext(ctx, `
		SELECT COUNT(*) FROM coach_assignments WHERE coach_id = $1 AND ended_at IS NULL`, coachID).Scan(&l.Assigned)
	if err != nil {
		return coaching.CoachLoad{}, classify(err, "count the coach's members")
	}
	return l, nil
}

// CreateAssignment makes coachID the member's current coach from at. A member has at most one
// current assignment: end the previous one first (EndAssignment), or this is a Conflict. An unknown
// member or coach is NotFound.
func (s *DB) CreateAssignment(ctx context.Context, userID, coachID string, at time.Time) (coaching.Assignment, error) {
	a, err := scanAssignment(s.conn(ctx).QueryRowContext(ctx, `
		INSERT INTO coach_assignments (user_id, coach_id, assigned_at) VALUES ($1, $2, $3)
		RETURNING `+assignmentColumns,
		userID, coachID, utc(at)))
	if err != nil {
		return coaching.Assignment{}, classify(err, "assign the coach")
	}
	return a, nil
}

// EndAssignment ends a current assignment at at; NotFound when there is no current assignment with
// that id. at may not be before the assignment began (the schema refuses it).
func (s *DB) EndAssignment(ctx context.Context, id int64, at time.Time) error {
	res, err := s.conn(ctx).ExecContext(ctx, `UPDATE coach_assignments SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL`, id, utc(at))
	return oneRow(res, err, "end the assignment")
}

// CurrentAssignment returns the member's current coach assignment, or NotFound when they have none.
func (s *DB) CurrentAssignment(ctx context.Context, userID string) (coaching.Assignment, error) {
	a, err := scanAssignment(s.conn(ctx).QueryRowContext(ctx, `
		SELECT `+assignmentColumns+` FROM coach_assignments WHERE user_id = $1 AND ended_at IS NULL`, userID))
	if err != nil {
		return coaching.Assignment{}, classify(err, "find the current coach")
	}
	return a, nil
}

// AssignmentHistory returns all of a member's coach assignments, newest first, the current one included.
func (s *DB) AssignmentHistory(ctx context.Context, userID string) ([]coaching.Assignment, error) {
	rows, err := s.conn(ctx).QueryContext(ctx, `
		SELECT `+assignmentColumns+`
		FROM coach_assignments
		WHERE user_id = $1
		ORDER BY assigned_at DESC, id DESC`,
		userID)
	if err != nil {
		return nil, classify(err, "read the coach history")
	}
	defer rows.Close()
	list := []coaching.Assignment{}
	for rows.Next() {
		a, err := scanAssignment(rows)
		if err != nil {
			return nil, classify(err, "read the coach history")
		}
		list = append(list, a)
	}
	if err := rows.Err(); err != nil {
		return nil, classify(err, "read the coach history")
	}
	return list, nil
}
