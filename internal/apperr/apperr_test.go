package apperr

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"wayfinder/internal/messages"
)

func TestCodeOf(t *testing.T) {
	cause := errors.New("driver: connection reset")
	tests := []struct {
		name string
		err  error
		want Code
	}{
		{"nil", nil, ""},
		{"plain error is internal", cause, Internal},
		{"coded", E(NotFound, msgNotFound), NotFound},
		{"wrapped by fmt", fmt.Errorf("saving: %w", E(Conflict, msgConflict)), Conflict},
		{"wrap keeps its own code", Wrap(Unavailable, cause, msgUnavailable), Unavailable},
		{"generic keeps its code", Generic(NotFound, cause), NotFound},
		{"validation", InvalidFields(msgInvalid, Field("coachId", msgInvalid)), Invalid},
		{"internal", Internalf("no transaction is open"), Internal},
		{"internal with a cause", WrapInternalf(cause, "could not load the coach"), Internal},
	}
	for _, tt := range tests {
		if got := CodeOf(tt.err); got != tt.want {
			t.Errorf("%s: CodeOf() = %q, want %q", tt.name, got, tt.want)
		}
		if tt.want != "" && !Is(tt.err, tt.want) {
			t.Errorf("%s: Is(%q) = false, want true", tt.name, tt.want)
		}
	}
}

func TestVisibleErrorsCarryKeys(t *testing.T) {
	en := messages.English
	cause := errors.New("sql: no rows in result set")
	tests := []struct {
		name      string
		err       *Error
		wantText  string // what the caller reads
		wantInLog []string
	}{
		{"a key", E(Unauthenticated, msgUnauthenticated), en.T(msgUnauthenticated),
			[]string{"unauthenticated: " + en.T(msgUnauthenticated)}},
		{"a generic message keeps the technical cause for the log only", Generic(NotFound, fmt.Errorf("could not find the member: %w", cause)),
			en.T(msgNotFound), []string{"not_found: could not find the member: sql: no rows"}},
		{"an internal error shows nothing", WrapInternalf(cause, "could not load the coach %s", "c1"), "",
			[]string{"internal: could not load the coach c1: sql: no rows"}},
	}
	for _, tt := range tests {
		if got := tt.err.Text(en); got != tt.wantText {
			t.Errorf("%s: Text() = %q, want %q", tt.name, got, tt.wantText)
		}
		if tt.wantText != "" && strings.Contains(tt.err.Text(en), "sql:") {
			t.Errorf("%s: Text() = %q shows the cause", tt.name, tt.err.Text(en))
		}
		for _, want := range tt.wantInLog {
			if got := tt.err.Error(); !strings.Contains(got, want) {
				t.Errorf("%s: Error() = %q, want it to hold %q", tt.name, got, want)
			}
		}
	}
}

func TestParams(t *testing.T) {
	e := E(RateLimited, msgRateLimited, messages.Params{"minutes": 3}, messages.Params{"name": "Ann"})
	if e.Params["minutes"] != 3 || e.Params["name"] != "Ann" {
		t.Errorf("Params = %v, want both maps merged", e.Params)
	}
	if e := E(NotFound, msgNotFound); e.Params != nil {
		t.Errorf("Params = %v, want nil without parameters", e.Params)
	}
	f := Field("note", msgTooLarge, messages.Params{"max": 2000})
	if f.Field != "note" || f.Key != msgTooLarge || f.Params["max"] != 2000 {
		t.Errorf("Field() = %+v", f)
	}
}

func TestWrapKeepsTheCause(t *testing.T) {
	cause := errors.New("pq: relation does not exist")
	for _, err := range []*Error{Wrap(Unavailable, cause, msgUnavailable), Generic(Conflict, cause), WrapInternalf(cause, "could not load the coach")} {
		if !errors.Is(err, cause) {
			t.Errorf("errors.Is(%v, cause) = false, want the cause reachable for logs", err)
		}
		if strings.Contains(err.Text(messages.English), "relation") {
			t.Errorf("Text() = %q, want the cause kept from the caller", err.Text(messages.English))
		}
	}
}

func TestEveryCodeHasAGenericMessage(t *testing.T) {
	for _, code := range []Code{Invalid, NotFound, Conflict, Unauthenticated, Forbidden, TooLarge, UnsupportedMedia, MethodNotAllowed, RateLimited, Unavailable, Internal} {
		key := GenericKey(code)
		if got := messages.English.T(key); got == string(key) || got == "" {
			t.Errorf("GenericKey(%q) = %q, which has no English text", code, key)
		}
	}
	if got, want := GenericKey("no_such_code"), GenericKey(Internal); got != want {
		t.Errorf("GenericKey(unknown) = %q, want %q", got, want)
	}
}
