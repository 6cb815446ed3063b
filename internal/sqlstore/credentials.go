package sqlstore

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
)

// CreateUserWithPassword creates a user of the embedded identity provider together with their
// password hash, in one transaction. The user's subject is their new ID, so the provider's tokens
// name the user the API looks up. email is the sign-in name, already normalized by the caller; an
// email that another account signs in with is a Conflict and creates nothing.
func (s *DB) CreateUserWithPassword(ctx context.Context, email string, role account.Role, passwordHash string, now time.Time) (account.User, error) {
	if email == "" || passwordHash == "" {
		return account.User{}, refuse("an account needs an email and a password")
	}
	if role == "" {
		role = account.RoleMember
	}
	if err := checkUser(role, ""); err != nil {
		return account.User{}, err
	}
	id := uuid.NewString()
	t := utc(now)
	var u account.User
	err := s.InTx(ctx, func(ctx context.Context) error {
		tx := s.conn(ctx)
		var err error
		stored, admin := storedRole(role)
		u, err = scanUser(tx.QueryRowContext(ctx, `
			INSERT INTO users (id, subject, email, role, admin, created_at, updated_at)
			VALUES ($1, $1, $2, $3, $4, $5, $5)
			RETURNING `+userColumns,
			id, email, stored, admin, t))
		if err != nil {
			return classify(err, "create the account")
		}
		_, err = tx.ExecContext(ctx, `
			INSERT INTO credentials (user_id, email, password_hash, updated_at) VALUES ($1, $2, $3, $4)`,
			id, email, passwordHash, t)
		if violationOf(err) == uniqueViolation {
			return apperr.Generic(apperr.Conflict, fmt.Errorf("an account with this email exists already: %w", err))
		}
		return classify(err, "create the account")
	})
	if err != nil {
		return account.User{}, err
	}
	return u, nil
}

// CredentialsByEmail returns the user who signs in with email, and their password hash; NotFound
// when no account signs in with it.
func (s *DB) CredentialsByEmail(ctx context.Context, email string) (account.User, string, error) {
	var hash string
	row := s.conn(ctx).QueryRowContext(ctx, `
		SELECT c.password_hash, u.id, u.subject, u.email, u.first_name, u.last_name, u.date_of_birth,
			u.device, u.picture_version, CASE WHEN u.admin THEN 'admin' ELSE u.role END, u.created_at, u.updated_at,
			u.email_verified_at IS NOT NULL
		FROM credentials c JOIN users u ON u.id = c.user_id
		WHERE c.email = $1`,
		email)
	u, err := scanUser(prefixScanner{row, &hash})
	if err != nil {
		return account.User{}, "", classify(err, "find the account")
	}
	return u, hash, nil
}

// prefixScanner reads leading columns into first before handing the rest to a row scanner, so a
// join can reuse scanUser.
type prefixScanner struct {
	row   scanner
	first *string
}

func (p prefixScanner) Scan(dest ...any) error {
	return p.row.Scan(append([]any{p.first}, dest...)...)
}

// SetPasswordHash replaces the password hash of a user who has a password; NotFound otherwise.
func (s *DB) SetPasswordHash(ctx context.Context, userID, passwordHash string, now time.Time) error {
	if passwordHash == "" {
		return refuse("a password hash is required")
	}
	res, err := s.conn(ctx).ExecContext(ctx, `
		UPDATE credentials SET password_hash = $2, updated_at = $3 WHERE user_id = $1`,
		userID, passwordHash, utc(now))
	return oneRow(res, err, "change the password")
}
