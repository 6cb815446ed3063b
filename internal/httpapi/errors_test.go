package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"wayfinder/internal/apperr"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/messages"
)

// TestWriteErrorRendersMessages checks that errors are rendered from their catalog keys when the
// answer is written: parameters filled, each field's message, nothing of an internal error or of a
// generic error's cause, and English for a reader who asks for a language the catalog lacks.
func TestWriteErrorRendersMessages(t *testing.T) {
	en := messages.English
	tests := []struct {
		name       string
		err        error
		language   string
		wantStatus int
		wantDetail string
		wantFields []FieldProblem
		notInBody  []string
	}{
		{"a message with a parameter", apperr.E(apperr.NotFound, msgNothingHere, messages.Params{"path": "/api/nope"}), "",
			404, "There is nothing at /api/nope.", nil, nil},
		{"fields and their messages", apperr.InvalidFields(msgChoosePlan, apperr.Field("planId", msgRequired)), "en-GB, en;q=0.9",
			400, en.T(msgChoosePlan), []FieldProblem{{Field: "planId", Message: en.T(msgRequired)}}, nil},
		{"a language the catalog lacks gets English", backoffice.ErrNoFollowUp, "tlh",
			404, "There is no follow-up with that number.", nil, nil},
		{"a generic message keeps the cause in the log", apperr.Generic(apperr.NotFound, errors.New("could not find the member: sql: no rows")), "",
			404, en.T(apperr.GenericKey(apperr.NotFound)), nil, []string{"sql:", "could not find"}},
		{"an internal error says only that it is ours", apperr.WrapInternalf(errors.New("pq: relation missing"), "could not load the coach"), "",
			500, en.T(apperr.GenericKey(apperr.Internal)), nil, []string{"pq:", "could not load"}},
		{"an error of no kind is internal", fmt.Errorf("boom"), "",
			500, en.T(apperr.GenericKey(apperr.Internal)), nil, []string{"boom"}},
		{"an unavailable dependency says so", apperr.Generic(apperr.Unavailable, errors.New("the database does not answer")), "",
			503, en.T(apperr.GenericKey(apperr.Unavailable)), nil, []string{"database does not answer"}},
	}
	for _, tt := range tests {
		var logs bytes.Buffer
		s := &server{log: slog.New(slog.NewJSONHandler(&logs, nil))}
		r := httptest.NewRequest("GET", "/api/x", nil)
		if tt.language != "" {
			r.Header.Set("Accept-Language", tt.language)
		}
		w := httptest.NewRecorder()
		s.writeError(w, r, tt.err)
		var p Problem
		if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil {
			t.Fatalf("%s: body %q is not a problem: %v", tt.name, w.Body.String(), err)
		}
		if w.Code != tt.wantStatus || p.Status != tt.wantStatus || p.Detail != tt.wantDetail {
			t.Errorf("%s: status %d, detail %q; want %d, %q", tt.name, w.Code, p.Detail, tt.wantStatus, tt.wantDetail)
		}
		if fmt.Sprint(p.Errors) != fmt.Sprint(tt.wantFields) {
			t.Errorf("%s: errors = %v, want %v", tt.name, p.Errors, tt.wantFields)
		}
		if got := w.Header().Get("Content-Language"); got != "en" {
			t.Errorf("%s: Content-Language = %q, want en", tt.name, got)
		}
		for _, not := range tt.notInBody {
			if strings.Contains(w.Body.String(), not) {
				t.Errorf("%s: the body shows %q: %s", tt.name, not, w.Body.String())
			}
		}
		if tt.wantStatus >= 500 && !strings.Contains(logs.String(), tt.err.Error()) {
			t.Errorf("%s: the log lacks the error %q: %s", tt.name, tt.err, logs.String())
		}
	}
}
