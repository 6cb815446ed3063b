package apperr

import (
	"errors"
	"fmt"
	"testing"
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
		{"coded", E(NotFound, "no coach %s", "c1"), NotFound},
		{"wrapped by fmt", fmt.Errorf("saving: %w", E(Conflict, "full")), Conflict},
		{"wrap keeps its own code", Wrap(Unavailable, cause, "database down"), Unavailable},
		{"validation", InvalidFields("bad", FieldError{Field: "coachId", Message: "is required"}), Invalid},
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

func TestWrapKeepsTheCause(t *testing.T) {
	cause := errors.New("pq: relation does not exist")
	err := Wrap(Internal, cause, "Could not load the coach.")
	if !errors.Is(err, cause) {
		t.Error("errors.Is(err, cause) = false, want the cause reachable for logs")
	}
	if got, want := err.Message, "Could not load the coach."; got != want {
		t.Errorf("Message = %q, want %q (the cause must not reach the caller's message)", got, want)
	}
}
