// Package apperr is the one error vocabulary of Wayfinder. Domain and store code return these
// errors; the HTTP layer maps each Code to a status in one table (internal/httpapi/errors.go), so a
// new kind of failure is added here once and answered the same way everywhere.
//
// An error is one of two kinds, and the constructors keep them apart. A visible error (E, Wrap,
// InvalidFields, Generic) is one the caller may read: it carries a key of the message catalog
// (internal/messages) and its parameters, never a sentence, and the HTTP layer renders it in the
// reader's language when it writes the answer. An internal error (Internalf, WrapInternalf) is
// never shown: it carries plain text for developers, which goes to the log with its cause, and the
// caller is told only that something went wrong on our side. Code that has nothing to say to a
// person but the kind of failure (the store) uses Generic, whose words are its code's, and keeps
// the technical detail in the logged cause.
package apperr

import (
	"errors"
	"fmt"

	"wayfinder/internal/messages"
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

// FieldError names one bad field of the input and, by a catalog key, says in plain words what is
// wrong with it.
type FieldError struct {
	Field  string
	Key    messages.Key
	Params messages.Params
}

// Field builds the FieldError of one field.
func Field(field string, key messages.Key, params ...messages.Params) FieldError {
	return FieldError{Field: field, Key: key, Params: merge(params)}
}

// Text renders the field's message in the language of c.
func (f FieldError) Text(c *messages.Catalog) string { return c.T(f.Key, f.Params) }

// Error is an error of the vocabulary. A visible error has Key (and Params): the message the caller
// reads. An internal one has Note instead: what went wrong, for the log only. Err, when set, is the
// underlying cause, which is logged and never shown.
type Error struct {
	Code   Code
	Key    messages.Key
	Params messages.Params
	Fields []FieldError
	Note   string
	Err    error
}

// Error is the error as the log reads it: the code, the message in English (or the note of an
// internal error) and the cause. A generic message (Generic) says nothing its code does not, so the
// cause alone follows the code.
func (e *Error) Error() string {
	text := e.Note
	if e.Key != "" {
		text = e.Text(messages.English)
	}
	switch {
	case e.Err != nil && e.Key != "" && e.Key == GenericKey(e.Code):
		return fmt.Sprintf("%s: %v", e.Code, e.Err)
	case e.Err != nil:
		return fmt.Sprintf("%s: %s: %v", e.Code, text, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, text)
}

func (e *Error) Unwrap() error { return e.Err }

// Text renders the message the caller reads in the language of c, or "" for an internal error,
// which has none.
func (e *Error) Text(c *messages.Catalog) string {
	if e.Key == "" {
		return ""
	}
	return c.T(e.Key, e.Params)
}

// E builds a visible error: a code and the catalog key of the message the caller reads. Errors the
// caller can do nothing about are Internalf instead.
func E(code Code, key messages.Key, params ...messages.Params) *Error {
	return &Error{Code: code, Key: key, Params: merge(params)}
}

// Wrap builds a visible error that keeps its cause for the log.
func Wrap(code Code, err error, key messages.Key, params ...messages.Params) *Error {
	return &Error{Code: code, Key: key, Params: merge(params), Err: err}
}

// InvalidFields builds a validation error: key is the message of the whole, and each field says
// what is wrong with it.
func InvalidFields(key messages.Key, fields ...FieldError) *Error {
	return &Error{Code: Invalid, Key: key, Fields: fields}
}

// Generic builds a visible error whose message is the plain one every error of its code may have
// (GenericKey), for callers whose own words would be technical, such as the store: cause says what
// was being done and why it failed, and goes to the log only.
func Generic(code Code, cause error) *Error {
	return &Error{Code: code, Key: GenericKey(code), Err: cause}
}

// The plain messages of the codes, for errors that have nothing more specific to say.
const (
	msgInvalid          messages.Key = "api.error.invalid"
	msgNotFound         messages.Key = "api.error.notFound"
	msgConflict         messages.Key = "api.error.conflict"
	msgUnauthenticated  messages.Key = "api.error.unauthenticated"
	msgForbidden        messages.Key = "api.error.forbidden"
	msgTooLarge         messages.Key = "api.error.tooLarge"
	msgUnsupportedMedia messages.Key = "api.error.unsupportedMedia"
	msgMethodNotAllowed messages.Key = "api.error.methodNotAllowed"
	msgRateLimited      messages.Key = "api.error.rateLimited"
	msgUnavailable      messages.Key = "api.error.unavailable"
	msgInternal         messages.Key = "api.error.internal"
)

var genericKeys = map[Code]messages.Key{
	Invalid:          msgInvalid,
	NotFound:         msgNotFound,
	Conflict:         msgConflict,
	Unauthenticated:  msgUnauthenticated,
	Forbidden:        msgForbidden,
	TooLarge:         msgTooLarge,
	UnsupportedMedia: msgUnsupportedMedia,
	MethodNotAllowed: msgMethodNotAllowed,
	RateLimited:      msgRateLimited,
	Unavailable:      msgUnavailable,
	Internal:         msgInternal,
}

// GenericKey returns the key of the plain message of code: for Internal, the one every answer
// without detail gives ("Something went wrong on our side…"); for a code it does not know, that too.
func GenericKey(code Code) messages.Key {
	if k, ok := genericKeys[code]; ok {
		return k
	}
	return msgInternal
}

// Internalf builds an internal error: the text is for developers and goes to the log only.
func Internalf(format string, args ...any) *Error {
	return &Error{Code: Internal, Note: fmt.Sprintf(format, args...)}
}

// WrapInternalf builds an internal error that keeps its cause for the log.
func WrapInternalf(err error, format string, args ...any) *Error {
	return &Error{Code: Internal, Note: fmt.Sprintf(format, args...), Err: err}
}

// merge makes one Params of the constructors' optional ones, nil when there are none.
func merge(params []messages.Params) messages.Params {
	switch len(params) {
	case 0:
		return nil
	case 1:
		return params[0]
	}
	out := messages.Params{}
	for _, p := range params {
		for k, v := range p {
			out[k] = v
		}
	}
	return out
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
