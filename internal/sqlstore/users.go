package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"wayfinder/internal/account"
)

const userColumns = `id, subject, email, first_name, last_name, date_of_birth, device, picture_version, ` + roleColumn + `, created_at, updated_at, ` + emailVerifiedColumn

// emailVerifiedColumn reads whether the user's email is confirmed: the time it was is kept, and the
// account only needs to know whether there is one.
const emailVerifiedColumn = `email_verified_at IS NOT NULL`

// roleColumn reads a user's role. An admin is stored as staff with the admin flag (the role column's
// check predates admins, and SQLite cannot change a check in place), so every read of the role
// goes through this expression and every write through storedRole.
const roleColumn = `CASE WHEN admin THEN 'admin' ELSE role END`

// storedRole returns the role column's value and the admin flag for a role.
func storedRole(r account.Role) (string, bool) {
	if r == account.RoleAdmin {
		return string(account.RoleStaff), true
	}
	return string(r), false
}

// scanner is what *sql.Row and *sql.Rows have in common.
type scanner interface {
	Scan(dest ...any) error
}

// scanUser reads one row of userColumns, with every time in UTC.
func scanUser(row scanner) (account.User, error) {
	var (
		u   account.User
		dob sql.NullTime
	)
	err := row.Scan(&u.ID, &u.Subject, &u.Email, &u.FirstName, &u.LastName, &dob, &u.Device, &u.PictureVersion, &u.Role, &u.CreatedAt, &u.UpdatedAt,
		&u.EmailVerified)
	if err != nil {
		return account.User{}, err
	}
	u.DateOfBirth = dateOnly(dob)
	u.CreatedAt, u.UpdatedAt = u.CreatedAt.UTC(), u.UpdatedAt.UTC()
	return u, nil
}

// dateOnly reads a stored date as midnight UTC, whatever zone the driver attached to it.
func dateOnly(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	y, m, d := t.Time.Date()
	day := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	return &day
}

// dateParam stores a date of birth as midnight UTC of its UTC calendar day, or NULL.
func dateParam(t *time.Time) sql.NullTime {
	if t == nil {
		return sql.NullTime{}
	}
	y, m, d := t.UTC().Date()
	return sql.NullTime{Time: time.Date(y, m, d, 0, 0, 0, 0, time.UTC), Valid: true}
}

// CreateUser stores a new user. An empty ID gets a fresh UUID and an empty role becomes member; the
// timestamps are set to now. A subject or ID that is already taken is a Conflict.
func (s *DB) CreateUser(ctx context.Context, u account.User) (account.User, error) {
	if u.ID == "" {
		u.ID = uuid.NewString()
	}
	if u.Role == "" {
		u.Role = account.RoleMember
	}
	if err := checkUser(u.Role, u.Device); err != nil {
		return account.User{}, err
	}
	if u.Subject == "" {
		return account.User{}, refuse("a user needs an identity-provider subject")
	}
	t := now()
	role, admin := storedRole(u.Role)
	row := s.conn(ctx).QueryRowContext(ctx, `
		INSERT INTO users (id, subject, email, first_name, last_name, date_of_birth, device, role, admin, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
		RETURNING `+userColumns,
		u.ID, u.Subject, u.Email, u.FirstName, u.LastName, dateParam(u.DateOfBirth), u.Device, role, admin, t)
	created, err := scanUser(row)
	if err != nil {
		return account.User{}, classify(err, "create the user")
	}
	return created, nil
}

// checkUser refuses a role or device the schema would refuse.
func checkUser(role account.Role, device string) error {
	switch {
	case !role.Valid():
		return refuse(fmt.Sprintf("a user's role must be member, staff or admin, not %q", role))
	case !account.ValidDevice(device):
		return refuse(fmt.Sprintf("a user's device must be iphone, android or empty, not %q", device))
	}
	return nil
}

// UserByID returns the user with the given userId, or NotFound.
func (s *DB) UserByID(ctx context.Context, id string) (account.User, error) {
	u, err := scanUser(s.conn(ctx).QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id))
	if err != nil {
		return account.User{}, classify(err, "find the user")
	}
	return u, nil
}

// LockUser holds the user's row until the transaction ctx carries ends, so that two transactions
// about one member take turns; NotFound for an unknown user. On PostgreSQL it takes the row lock
// (FOR UPDATE), which also waits for any transaction that is writing rows that refer to the user
// (their foreign-key checks hold a share lock on it). On SQLite a write transaction already holds
// the database's single write lock, and this only checks that the user exists.
func (s *DB) LockUser(ctx context.Context, userID string) error {
	var id string
	err := s.conn(ctx).QueryRowContext(ctx, `SELECT id FROM users WHERE id = $1`+s.forUpdate(), userID).Scan(&id)
	return classify(err, "find the member")
}

// UserBySubject returns the user signed in with the given identity-provider subject, or NotFound.
func (s *DB) UserBySubject(ctx context.Context, subject string) (account.User, error) {
	u, err := scanUser(s.conn(ctx).QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE subject = $1`, subject))
	if err != nil {
		return account.User{}, classify(err, "find the user")
	}
	return u, nil
}

// EnsureUser returns the user of an identity-provider subject, creating them on their first sign-in;
// created says which happened. It is one statement, so two first sign-ins at the same moment make one
// user. role applies only to a new user, empty meaning member: signing in never changes a role. A non-empty email that
// differs from the stored one replaces it, because the identity provider is the source of truth for it; the new
// email is not confirmed until the provider says so again (see MarkEmailVerified).
func (s *DB) EnsureUser(ctx context.Context, subject, email string, role account.Role) (account.User, bool, error) {
	if subject == "" {
		return account.User{}, false, refuse("a user needs an identity-provider subject")
	}
	if role == "" {
		role = account.RoleMember
	}
	if err := checkUser(role, ""); err != nil {
		return account.User{}, false, err
	}
	// The new ID tells the two outcomes apart portably: the row returned carries it only if it was
	// inserted. When the user exists and nothing changes, the update is skipped and no row returns.
	newID := uuid.NewString()
	t := now()
	stored, admin := storedRole(role)
	row := s.conn(ctx).QueryRowContext(ctx, `
		INSERT INTO users (id, subject, email, role, admin, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $6)
		ON CONFLICT (subject) DO UPDATE
			SET email = excluded.email, email_verified_at = NULL, updated_at = excluded.updated_at
			WHERE excluded.email <> '' AND users.email <> excluded.email
		RETURNING `+userColumns,
		newID, subject, email, stored, admin, t)
	u, err := scanUser(row)
	if errors.Is(err, sql.ErrNoRows) {
		u, err = s.UserBySubject(ctx, subject)
		return u, false, err
	}
	if err != nil {
		return account.User{}, false, classify(err, "sign the user in")
	}
	return u, u.ID == newID, nil
}

// UpdateUserProfile replaces the profile fields a member gives on the name-and-birth step and returns
// the updated user. A date of birth is kept as a date only.
func (s *DB) UpdateUserProfile(ctx context.Context, userID, firstName, lastName string, dob *time.Time, device string) (account.User, error) {
	if !account.ValidDevice(device) {
		return account.User{}, refuse(fmt.Sprintf("a user's device must be iphone, android or empty, not %q", device))
	}
	row := s.conn(ctx).QueryRowContext(ctx, `
		UPDATE users
		SET first_name = $2, last_name = $3, date_of_birth = $4, device = $5, updated_at = $6
		WHERE id = $1
		RETURNING `+userColumns,
		userID, firstName, lastName, dateParam(dob), device, now())
	u, err := scanUser(row)
	if err != nil {
		return account.User{}, classify(err, "update the profile")
	}
	return u, nil
}

// SetUserRole gives a user a role and returns the updated user.
func (s *DB) SetUserRole(ctx context.Context, userID string, role account.Role) (account.User, error) {
	if err := checkUser(role, ""); err != nil {
		return account.User{}, err
	}
	stored, admin := storedRole(role)
	row := s.conn(ctx).QueryRowContext(ctx, `
		UPDATE users SET role = $2, admin = $3, updated_at = $4 WHERE id = $1
		RETURNING `+userColumns,
		userID, stored, admin, now())
	u, err := scanUser(row)
	if err != nil {
		return account.User{}, classify(err, "change the role")
	}
	return u, nil
}

// DeleteUser removes a user and, through the foreign keys, everything that is theirs: sessions,
// answers, progress, campaign values and coach assignments. A coach account of theirs stays, unlinked.
func (s *DB) DeleteUser(ctx context.Context, userID string) error {
	res, err := s.conn(ctx).ExecContext(ctx, `DELETE FROM users WHERE id = $1`, userID)
	return oneRow(res, err, "delete the user")
}

// MarkEmailVerified records at now that the user showed email is theirs, and reports whether the
// user's email is now confirmed. It does so only while the user's email is still email: a link
// sent to an address the account no longer has confirms nothing, and answers false. Confirming an
// address that is confirmed already keeps the first time and answers true.
func (s *DB) MarkEmailVerified(ctx context.Context, userID, email string, now time.Time) (bool, error) {
	if email == "" {
		return false, nil
	}
	var verified bool
	err := s.InTx(ctx, func(ctx context.Context) error {
		verified = false
		res, err := s.conn(ctx).ExecContext(ctx, `
			UPDATE users SET email_verified_at = $3, updated_at = $3
			WHERE id = $1 AND email = $2 AND email_verified_at IS NULL`,
			userID, email, utc(now))
		n, err := rowsAffected(res, err, "confirm the email address")
		if err != nil || n == 1 {
			verified = n == 1
			return err
		}
		var already int
		err = s.conn(ctx).QueryRowContext(ctx, `
			SELECT COUNT(*) FROM users WHERE id = $1 AND email = $2 AND email_verified_at IS NOT NULL`,
			userID, email).Scan(&already)
		verified = already == 1
		return classify(err, "confirm the email address")
	})
	return verified, err
}

// RecordArrival keeps where a member came from when they signed up. The first origin and variant
// recorded stay: a later sign-in from elsewhere changes neither, and an empty origin records none.
// Staff have no arrival.
func (s *DB) RecordArrival(ctx context.Context, userID string, a account.Arrival) error {
	_, err := s.conn(ctx).ExecContext(ctx, `
		UPDATE users
		SET origin_register = CASE WHEN origin_register = '' THEN $2 ELSE origin_register END,
			payment_offered = COALESCE(payment_offered, $3)
		WHERE id = $1 AND role = 'member' AND ((origin_register = '' AND $2 <> '') OR payment_offered IS NULL)`,
		userID, a.Origin, a.PaymentOffered)
	return classify(err, "record where the member came from")
}
