package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"

	"wayfinder/internal/apperr"
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
		return coaching.Coach{}, apperr.InvalidFields("The coach's details are not valid.",
			apperr.FieldError{Field: "capacity", Message: "must be zero or more"})
	}
	if c.ID == "" {
		c.ID = uuid.NewString()
	}
	t := now()
	row := s.db.QueryRowContext(ctx, `
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
	c, err := scanCoach(s.db.QueryRowContext(ctx, `SELECT `+coachColumns+` FROM coaches WHERE id = $1`, id))
	if err != nil {
		return coaching.Coach{}, classify(err, "find the coach")
	}
	return c, nil
}

// ListCoaches returns the coaches, only the active ones when activeOnly is set, each with the number of
// members currently assigned to them, ordered by name.
func (s *DB) ListCoaches(ctx context.Context, activeOnly bool) ([]coaching.CoachLoad, error) {
	rows, err := s.db.QueryContext(ctx, `
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

// AssignCoach makes coachID the member's current coach at now, ending the previous assignment, all in
// one transaction. Choosing the coach one already has changes nothing and returns that assignment. An
// unknown member or coach is NotFound; a coach who is inactive or has as many current members as their
// capacity is a Conflict. On PostgreSQL the member's and the coach's rows are locked first, so two
// replicas cannot both give a coach's last place away.
func (s *DB) AssignCoach(ctx context.Context, userID, coachID string, now time.Time) (coaching.Assignment, error) {
	now = utc(now)
	var result coaching.Assignment
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var id string
		err := tx.QueryRowContext(ctx, `SELECT id FROM users WHERE id = $1`+s.forUpdate(), userID).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return apperr.E(apperr.NotFound, "could not assign the coach: the member was not found")
		} else if err != nil {
			return classify(err, "assign the coach")
		}
		var (
			active   bool
			capacity int
		)
		err = tx.QueryRowContext(ctx, `SELECT active, capacity FROM coaches WHERE id = $1`+s.forUpdate(), coachID).Scan(&active, &capacity)
		if errors.Is(err, sql.ErrNoRows) {
			return apperr.E(apperr.NotFound, "We couldn't find that coach. Please choose another.")
		} else if err != nil {
			return classify(err, "assign the coach")
		}

		current, err := scanAssignment(tx.QueryRowContext(ctx, `
			SELECT `+assignmentColumns+` FROM coach_assignments WHERE user_id = $1 AND ended_at IS NULL`, userID))
		hasCurrent := err == nil
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return classify(err, "assign the coach")
		}
		if hasCurrent && current.CoachID == coachID {
			result = current
			return nil
		}

		if !active {
			return apperr.E(apperr.Conflict, "This coach is not taking new members right now.")
		}
		var assigned int
		if err := tx.QueryRowContext(ctx, `
			SELECT COUNT(*) FROM coach_assignments WHERE coach_id = $1 AND ended_at IS NULL`, coachID).Scan(&assigned); err != nil {
			return classify(err, "assign the coach")
		}
		if assigned >= capacity {
			return apperr.E(apperr.Conflict, "This coach has no room for another member right now.")
		}

		if hasCurrent {
			// A replica whose clock runs behind must not end an assignment before it began.
			ended := now
			if ended.Before(current.AssignedAt) {
				ended = current.AssignedAt
			}
			if _, err := tx.ExecContext(ctx, `UPDATE coach_assignments SET ended_at = $2 WHERE id = $1`, current.ID, ended); err != nil {
				return classify(err, "assign the coach")
			}
		}
		result, err = scanAssignment(tx.QueryRowContext(ctx, `
			INSERT INTO coach_assignments (user_id, coach_id, assigned_at) VALUES ($1, $2, $3)
			RETURNING `+assignmentColumns,
			userID, coachID, now))
		return classify(err, "assign the coach")
	})
	if err != nil {
		return coaching.Assignment{}, err
	}
	return result, nil
}

// CurrentAssignment returns the member's current coach assignment, or NotFound when they have none.
func (s *DB) CurrentAssignment(ctx context.Context, userID string) (coaching.Assignment, error) {
	a, err := scanAssignment(s.db.QueryRowContext(ctx, `
		SELECT `+assignmentColumns+` FROM coach_assignments WHERE user_id = $1 AND ended_at IS NULL`, userID))
	if err != nil {
		return coaching.Assignment{}, classify(err, "find the current coach")
	}
	return a, nil
}

// AssignmentHistory returns all of a member's coach assignments, newest first, the current one included.
func (s *DB) AssignmentHistory(ctx context.Context, userID string) ([]coaching.Assignment, error) {
	rows, err := s.db.QueryContext(ctx, `
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
