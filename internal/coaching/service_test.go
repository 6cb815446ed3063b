package coaching

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/apperr"
)

// fakeStore keeps coaches and one member's assignments in memory. The rules of choosing are tested
// against the real stores in choose_test.go; this fake checks what the Service asks of its store.
type fakeStore struct {
	coaches  []CoachLoad
	current  *Assignment
	assigned []string
	err      error
}

func (f *fakeStore) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	return fn(ctx)
}

func (f *fakeStore) LockUser(context.Context, string) error { return f.err }

func (f *fakeStore) ListCoaches(context.Context, bool) ([]CoachLoad, error) {
	return append([]CoachLoad(nil), f.coaches...), f.err
}

func (f *fakeStore) LockCoach(_ context.Context, coachID string) (CoachLoad, error) {
	for _, c := range f.coaches {
		if c.Coach.ID == coachID {
			return c, f.err
		}
	}
	return CoachLoad{}, apperr.Generic(apperr.NotFound, errors.New("no such coach"))
}

func (f *fakeStore) EndAssignment(context.Context, int64, time.Time) error { return f.err }

func (f *fakeStore) CreateAssignment(_ context.Context, userID, coachID string, at time.Time) (Assignment, error) {
	f.assigned = append(f.assigned, coachID)
	return Assignment{UserID: userID, CoachID: coachID, AssignedAt: at}, f.err
}

func (f *fakeStore) CurrentAssignment(context.Context, string) (Assignment, error) {
	if f.current == nil {
		return Assignment{}, apperr.Generic(apperr.NotFound, errors.New("no coach"))
	}
	return *f.current, nil
}

// fakeJourney answers for the member's onboarding: their needs, and closed when the journey has not
// reached the coaches.
type fakeJourney struct {
	needs  Needs
	err    error
	closed error
}

func (f fakeJourney) CoachingNeeds(context.Context, string) (Needs, error) { return f.needs, f.err }

func (f fakeJourney) RequireOpen(context.Context, string) error { return f.closed }

var closedJourney = fakeJourney{closed: apperr.Generic(apperr.Conflict, errors.New("Please finish the survey first."))}

var testNow = time.Date(2026, 5, 15, 12, 0, 0, 0, time.UTC)

func TestChoices(t *testing.T) {
	resting := load("resting", "Rae", "Resting", "Focus", "", 3, 1)
	resting.Coach.Active = false
	coaches := []CoachLoad{
		load("open", "Ann", "Open", "Focus", "", 3, 1),
		load("full", "Fay", "Full", "Focus", "", 2, 2),
		load("mine", "Mo", "Mine", "", "", 1, 1),
		resting,
	}
	tests := []struct {
		name    string
		current *Assignment
		want    string // ids in order, with * for the current coach
	}{
		{"full and resting coaches are left out", nil, "open"},
		{"the member's own coach stays even when full", &Assignment{CoachID: "mine"}, "open,mine*"},
		{"the member's own coach stays even when resting", &Assignment{CoachID: "resting"}, "open,resting*"},
	}
	for _, tt := range tests {
		s := NewService(&fakeStore{coaches: coaches, current: tt.current}, fakeJourney{needs: Needs{Challenges: []string{"staying-focused"}}}, func() time.Time { return testNow })
		got, err := s.Choices(context.Background(), "u1")
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var ids []string
		for _, c := range got {
			id := c.Coach.ID
			if c.Current {
				id += "*"
			}
			ids = append(ids, id)
		}
		if strings.Join(ids, ",") != tt.want {
			t.Errorf("%s: choices = %v, want %s", tt.name, ids, tt.want)
		}
		if !got[0].Recommended {
			t.Errorf("%s: the best fit is not recommended", tt.name)
		}
	}

	for name, s := range map[string]*Service{
		"store":   NewService(&fakeStore{err: errors.New("disk")}, fakeJourney{}, time.Now),
		"answers": NewService(&fakeStore{}, fakeJourney{err: errors.New("disk")}, time.Now),
	} {
		if _, err := s.Choices(context.Background(), "u1"); err == nil {
			t.Errorf("a %s error was not returned", name)
		}
	}
	if _, err := NewService(&fakeStore{coaches: coaches}, closedJourney, time.Now).Choices(context.Background(), "u1"); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("a member who has not finished the survey: err = %v, want the journey's Conflict", err)
	}
}

func TestChoose(t *testing.T) {
	coaches := []CoachLoad{load("maya", "Maya", "Reyes", "", "", 3, 0)}
	tests := []struct {
		name       string
		coachID    string
		journey    fakeJourney
		wantCode   apperr.Code
		wantStored bool
	}{
		{"a coach", "maya", fakeJourney{}, "", true},
		{"no coach", "", fakeJourney{}, apperr.Invalid, false},
		{"an id far too long", strings.Repeat("x", 65), fakeJourney{}, apperr.Invalid, false},
		{"an id with a NUL", "maya\x00", fakeJourney{}, apperr.Invalid, false},
		{"an id with a line break", "maya\n", fakeJourney{}, apperr.Invalid, false},
		{"a journey that has not reached the coaches", "maya", closedJourney, apperr.Conflict, false},
	}
	for _, tt := range tests {
		store := &fakeStore{coaches: coaches}
		a, err := NewService(store, tt.journey, func() time.Time { return testNow }).Choose(context.Background(), "u1", tt.coachID)
		if got := apperr.CodeOf(err); got != tt.wantCode {
			t.Errorf("%s: code = %q, want %q", tt.name, got, tt.wantCode)
		}
		if got := len(store.assigned) == 1; got != tt.wantStored {
			t.Errorf("%s: stored = %v, want %v", tt.name, got, tt.wantStored)
		}
		if tt.wantStored && (a.CoachID != tt.coachID || !a.AssignedAt.Equal(testNow)) {
			t.Errorf("%s: assignment = %+v", tt.name, a)
		}
	}
}
