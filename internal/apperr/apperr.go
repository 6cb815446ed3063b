// Package apperr is the one error vocabulary of Wayfinder. Domain and store code return these
// errors; the HTTP layer maps each Code to a status in one table (internal/httpapi/errors.go), so a
// new kind of failure is added here once and answered the same way everywhere.
package apperr

import (
	"errors"
	"fmt"
)

// Code classifies an error by what the caller can do about it, not by where it happened.
type Code string

// The codes. Anything that is not an *Error is treated as Internal.
const (
	Invalid          Code = "invalid"           // the input is wrong; Fields says where
	NotFound         Code = "not_found"         // the thing does not exist or is not the caller's
	Conflict         Code = "conflict"          // the input is valid but clashes with the current state
	Unauthenticated  Code = "unauthenticated"   // the caller must sign in
	Forbidden        Code = "forbidden"         // the caller is known but may not do this
	TooLarge         Code = "too_large"         // the request body is over its limit
	UnsupportedMedia Code = "unsupported_media" // the request body is not JSON
	MethodNotAllowed Code = "method_not_allowed"
	RateLimited      Code = "rate_limited"
	Unavailable      Code = "unavailable" // a dependency (the database) cannot be reached
	Internal         Code = "internal"
)

// FieldError names one bad field of the input and says, in plain words, what is wrong with it.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// Error is an error the caller may see. Message is written for a person; Err, when set, is the
// underlying cause, which is logged and never shown.
type Error struct {
	Code    Code
	Message string
	Fields  []FieldError
	Err     error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

// E builds an error with a code and a message for a person.
func E(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Wrap builds an error that keeps its cause for the log.
func Wrap(code Code, err error, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...), Err: err}
}

// InvalidFields builds a validation error naming each bad field.
func InvalidFields(message string, fields ...FieldError) *Error {
	return &Error{Code: Invalid, Message: message, Fields: fields}
}

// CodeOf returns the code of err, Internal for any error that is not an *Error, and "" for nil.
func CodeOf(err error) Code {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return Internal
}

// Is reports whether err carries the given code.
func Is(err error, code Code) bool { return err != nil && CodeOf(err) == code }
