package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"wayfinder/internal/apperr"
)

// violation is the kind of constraint a write broke, the same on both databases.
type violation int

const (
	noViolation violation = iota
	uniqueViolation
	foreignKeyViolation
	checkViolation
)

// violationOf reads the constraint a driver error reports, so the rest of the package needs no
// driver types.
func violationOf(err error) violation {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "23505":
			return uniqueViolation
		case "23503":
			return foreignKeyViolation
		case "23514", "23502":
			return checkViolation
		}
		return noViolation
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() {
		case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
			return uniqueViolation
		case sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY:
			return foreignKeyViolation
		case sqlite3.SQLITE_CONSTRAINT_CHECK, sqlite3.SQLITE_CONSTRAINT_NOTNULL:
			return checkViolation
		}
	}
	return noViolation
}

// The store writes no sentences for people: the errors a caller may see carry the plain message of
// their code (apperr.Generic), and what the store was doing, and why it failed, goes to the log as
// the cause. The domain packages, which know what the member asked for, say more where it helps.

// classify turns a driver error into an apperr error. what says, in a few words, what the store was
// doing ("save the survey"); it becomes part of the logged cause, and the SQL never reaches the
// message. A unique clash is a Conflict, a missing referenced row is NotFound, a broken check is
// Invalid, an unreachable or busy database is Unavailable, and anything else is Internal.
func classify(err error, what string) error {
	if err == nil {
		return nil
	}
	var ae *apperr.Error
	if errors.As(err, &ae) {
		return err
	}
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return apperr.Generic(apperr.NotFound, fmt.Errorf("could not %s: not found: %w", what, err))
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return apperr.Generic(apperr.Unavailable, fmt.Errorf("could not %s in time: %w", what, err))
	}
	switch violationOf(err) {
	case uniqueViolation:
		return apperr.Generic(apperr.Conflict, fmt.Errorf("could not %s: it already exists: %w", what, err))
	case foreignKeyViolation:
		return apperr.Generic(apperr.NotFound, fmt.Errorf("could not %s: something it refers to does not exist: %w", what, err))
	case checkViolation:
		return apperr.Generic(apperr.Invalid, fmt.Errorf("could not %s: a value is not allowed: %w", what, err))
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	if errors.As(err, &ce) || errors.As(err, &ne) || errors.Is(err, sql.ErrConnDone) {
		return apperr.Generic(apperr.Unavailable, fmt.Errorf("could not %s: the database cannot be reached: %w", what, err))
	}
	var se *sqlite.Error
	if errors.As(err, &se) && (se.Code()&0xff == sqlite3.SQLITE_BUSY || se.Code()&0xff == sqlite3.SQLITE_LOCKED) {
		return apperr.Generic(apperr.Unavailable, fmt.Errorf("could not %s: the database is busy: %w", what, err))
	}
	return apperr.WrapInternalf(err, "could not %s", what)
}

// refuse is the store's answer to a value its schema would not take: Invalid, with what is wrong
// in developer words as the logged cause. The domain packages check what members send before it
// gets here, so this only stops a caller's mistake from reaching the database.
func refuse(what string) error {
	return apperr.Generic(apperr.Invalid, errors.New(what))
}
