package sqlstore

import (
	"context"
	"database/sql"
	"errors"
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

// classify turns a driver error into an apperr error. what says, in a few words, what the store was
// doing ("save the survey"); it becomes part of the message, and the SQL never does. A unique clash
// is a Conflict, a missing referenced row is NotFound, a broken check is Invalid, an unreachable
// database is Unavailable, and anything else is Internal with the cause kept for the log.
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
		return apperr.Wrap(apperr.NotFound, err, "could not %s: not found", what)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return apperr.Wrap(apperr.Unavailable, err, "could not %s in time", what)
	}
	switch violationOf(err) {
	case uniqueViolation:
		return apperr.Wrap(apperr.Conflict, err, "could not %s: it already exists", what)
	case foreignKeyViolation:
		return apperr.Wrap(apperr.NotFound, err, "could not %s: something it refers to does not exist", what)
	case checkViolation:
		return apperr.Wrap(apperr.Invalid, err, "could not %s: a value is not allowed", what)
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	if errors.As(err, &ce) || errors.As(err, &ne) || errors.Is(err, sql.ErrConnDone) {
		return apperr.Wrap(apperr.Unavailable, err, "could not %s: the database cannot be reached", what)
	}
	var se *sqlite.Error
	if errors.As(err, &se) && (se.Code()&0xff == sqlite3.SQLITE_BUSY || se.Code()&0xff == sqlite3.SQLITE_LOCKED) {
		return apperr.Wrap(apperr.Unavailable, err, "could not %s: the database is busy", what)
	}
	return apperr.Wrap(apperr.Internal, err, "could not %s", what)
}
