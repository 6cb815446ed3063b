package httpapi

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	json "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"wayfinder/internal/apperr"
	"wayfinder/internal/messages"
)

// decodeJSON reads a request body into dst. Only application/json is accepted, and exactly one
// JSON value. The decoder is encoding/json/v2's (through its module until the standard library
// ships it): field names must match exactly (encoding/json would take "FROMSLUG" for "fromSlug"),
// a field may appear once, strings must be valid UTF-8, and unknown fields are refused. Each
// failure becomes an apperr error whose message tells the caller what to fix and names the field
// as data[0].answers[1].value. The body's size is already capped by limitBody.
func decodeJSON(r *http.Request, dst any) error {
	if err := requireJSON(r); err != nil {
		return err
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return decodeError(err, body)
	}
	dec := jsontext.NewDecoder(bytes.NewReader(body))
	if err := json.UnmarshalDecode(dec, dst, json.RejectUnknownMembers(true)); err != nil {
		return decodeError(err, body)
	}
	if _, err := dec.ReadToken(); !errors.Is(err, io.EOF) {
		return apperr.E(apperr.Invalid, msgBodyOneValue)
	}
	return nil
}

func requireJSON(r *http.Request) error {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		return apperr.E(apperr.UnsupportedMedia, msgBodyNotJSON)
	}
	return nil
}

func decodeError(err error, body []byte) error {
	var (
		tooLarge  *http.MaxBytesError
		syntax    *jsontext.SyntacticError
		semantics *json.SemanticError
	)
	switch {
	case errors.As(err, &tooLarge):
		return apperr.E(apperr.TooLarge, msgBodyTooLarge, messages.Params{"limit": tooLarge.Limit})
	case len(strings.TrimSpace(string(body))) == 0:
		return apperr.E(apperr.Invalid, msgBodyEmpty)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return apperr.E(apperr.Invalid, msgBodyEndsEarly)
	case errors.As(err, &syntax):
		field := fieldOf(syntax.JSONPointer)
		switch {
		case errors.Is(syntax.Err, jsontext.ErrDuplicateName):
			return apperr.InvalidFields(msgBodyFieldTwice, apperr.Field(field, msgFieldTwice))
		case field == "":
			return apperr.E(apperr.Invalid, msgBodyNotValidJSON, messages.Params{"offset": syntax.ByteOffset})
		}
		// Inside a value: most often a string with bytes that are not UTF-8, or an escape that
		// makes no character (a lone surrogate such as \udc00).
		e := apperr.InvalidFields(msgBodyNotValidJSON, apperr.Field(field, msgFieldNotValidText))
		e.Params = messages.Params{"offset": syntax.ByteOffset}
		return e
	case errors.As(err, &semantics):
		field := fieldOf(semantics.JSONPointer)
		switch {
		case errors.Is(semantics.Err, json.ErrUnknownName):
			return apperr.InvalidFields(msgBodyFieldUnknown, apperr.Field(field, msgFieldUnknown))
		case semantics.GoType == nil:
		case field == "":
			return apperr.E(apperr.Invalid, msgBodyWrongType, messages.Params{"want": jsonKind(semantics.GoType.Kind().String())})
		default:
			return apperr.InvalidFields(msgBodyFieldWrongType, apperr.Field(field, msgFieldWrongType,
				messages.Params{"want": jsonKind(semantics.GoType.Kind().String()), "got": semantics.JSONKind}))
		}
	}
	return apperr.Wrap(apperr.Invalid, err, msgBodyUnreadable)
}

// fieldOf writes a JSON pointer (/data/0/answers/1/value) the way the API's field errors name
// fields (data[0].answers[1].value).
func fieldOf(p jsontext.Pointer) string {
	var b strings.Builder
	for token := range p.Tokens() {
		if _, err := strconv.Atoi(token); err == nil {
			b.WriteString("[" + token + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(token)
	}
	return b.String()
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
