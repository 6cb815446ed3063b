package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"wayfinder/internal/apperr"
)

// decodeJSON reads a request body into dst. Only application/json is accepted, unknown fields
// are refused, and exactly one JSON value may be sent; each failure becomes an apperr error whose
// message tells the caller what to fix. The body's size is already capped by limitBody.
func decodeJSON(r *http.Request, dst any) error {
	if err := requireJSON(r); err != nil {
		return err
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return decodeError(err)
	}
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		return apperr.E(apperr.Invalid, "The request body must hold a single JSON value.")
	}
	return nil
}

func requireJSON(r *http.Request) error {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		return apperr.E(apperr.UnsupportedMedia, "Send the request body as JSON (Content-Type: application/json).")
	}
	return nil
}

func decodeError(err error) error {
	var syntax *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return apperr.E(apperr.TooLarge, "The request body is larger than %d bytes.", tooLarge.Limit)
	case errors.As(err, &syntax):
		return apperr.E(apperr.Invalid, "The request body is not valid JSON (at byte %d).", syntax.Offset)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return apperr.E(apperr.Invalid, "The request body is not valid JSON: it ends too early.")
	case errors.Is(err, io.EOF):
		return apperr.E(apperr.Invalid, "The request body is empty; send a JSON object.")
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			return apperr.E(apperr.Invalid, "The request body must be a JSON %s.", typeErr.Type.Kind())
		}
		return apperr.InvalidFields("The request body has a field of the wrong type.",
			apperr.FieldError{Field: field, Message: fmt.Sprintf("must be a %s, not a JSON %s", jsonKind(typeErr.Type.Kind().String()), typeErr.Value)})
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return apperr.InvalidFields("The request body has a field we don't know.",
			apperr.FieldError{Field: field, Message: "is not a known field"})
	}
	return apperr.Wrap(apperr.Invalid, err, "The request body could not be read.")
}

// jsonKind names a Go kind the way a JSON client thinks of it.
func jsonKind(kind string) string {
	switch kind {
	case "string":
		return "string"
	case "bool":
		return "boolean"
	case "slice", "array":
		return "list"
	case "struct", "map":
		return "object"
	}
	return "number"
}
