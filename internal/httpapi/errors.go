package httpapi

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/messages"
)

// statusOf is the one table from the error vocabulary to HTTP status codes.
var statusOf = map[apperr.Code]int{
	apperr.Invalid:          http.StatusBadRequest,
	apperr.NotFound:         http.StatusNotFound,
	apperr.Conflict:         http.StatusConflict,
	apperr.Unauthenticated:  http.StatusUnauthorized,
	apperr.Forbidden:        http.StatusForbidden,
	apperr.TooLarge:         http.StatusRequestEntityTooLarge,
	apperr.UnsupportedMedia: http.StatusUnsupportedMediaType,
	apperr.MethodNotAllowed: http.StatusMethodNotAllowed,
	apperr.RateLimited:      http.StatusTooManyRequests,
	apperr.Unavailable:      http.StatusServiceUnavailable,
	apperr.Internal:         http.StatusInternalServerError,
}

// Problem is an RFC 9457 problem details body, with a per-field list for validation errors and
// the request id a member can quote to support.
type Problem struct {
	Type      string         `json:"type"`
	Title     string         `json:"title"`
	Status    int            `json:"status"`
	Detail    string         `json:"detail,omitempty"`
	Errors    []FieldProblem `json:"errors,omitempty"`
	RequestID string         `json:"requestId,omitempty"`
}

// FieldProblem is one bad field of a request, with what is wrong with it in the reader's words.
type FieldProblem struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// ErrorWriter returns the function that answers errors for the HTTP layer, for parts wired
// outside it (the sign-in middleware) to answer in the same format.
func ErrorWriter(log *slog.Logger) func(http.ResponseWriter, *http.Request, error) {
	return (&server{log: log}).writeError
}

// writeError answers err as problem+json. Errors the caller cannot act on are logged with their
// cause and answered without detail, so no stack, SQL or internal message ever reaches a response.
// The messages are rendered here, from their catalog keys, in the language the request asks for
// (Accept-Language), so domain code never picks a language.
func (s *server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	lang := messages.Negotiate(r.Header.Get("Accept-Language"))
	code := apperr.CodeOf(err)
	status, ok := statusOf[code]
	if !ok {
		status = http.StatusInternalServerError
	}
	p := Problem{Type: "about:blank", Title: http.StatusText(status), Status: status, RequestID: RequestID(r.Context())}
	// A refusal that knows when to come back (a rate limit) says so in Retry-After too, which
	// clients read without parsing the message.
	var later interface{ RetryAfter() time.Duration }
	if errors.As(err, &later) {
		secs := int((later.RetryAfter() + time.Second - 1) / time.Second)
		w.Header().Set("Retry-After", strconv.Itoa(max(secs, 1)))
	}
	var e *apperr.Error
	if status >= 500 {
		s.log.ErrorContext(r.Context(), "request failed", "error", err.Error(), "status", status)
		p.Detail = lang.T(apperr.GenericKey(apperr.Internal))
		if code == apperr.Unavailable && errors.As(err, &e) && e.Key != "" {
			p.Detail = e.Text(lang)
		}
	} else if errors.As(err, &e) {
		p.Detail = e.Text(lang)
		for _, f := range e.Fields {
			p.Errors = append(p.Errors, FieldProblem{Field: f.Field, Message: f.Text(lang)})
		}
	}
	w.Header().Set("Content-Language", lang.Language())
	writeProblem(w, p)
}

func writeProblem(w http.ResponseWriter, p Problem) {
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(p.Status)
	_ = json.NewEncoder(w).Encode(p)
}

// writeJSON answers v as JSON with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
