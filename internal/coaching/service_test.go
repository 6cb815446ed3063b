package coaching

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/apperr"
)

type fakeStore struct {
	coaches  []CoachLoad
	current  *Assignment
	assigned []string
	err      error
}

func (f *fakeStore) ListCoaches(context.Context, bool) ([]CoachLoad, error) {
	return append([]CoachLoad(nil), f.coaches...), f.err
}

func (f *fakeStore) AssignCoach(_ context.Context, userID, coachID string, now time.Time) (Assignment, error) {
	f.assigned = append(f.assigned, coachID)
	return Assignment{UserID: userID, CoachID: coachID, AssignedAt: now}, f.err
}

func (f *fakeStore) CurrentAssignment(context.Context, string) (Assignment, error) {
	if f.current == nil {
		return Assignment{}, apperr.E(apperr.NotFound, "no coach")
	}
	return *f.current, nil
}

type fixedNeeds struct {
	needs Needs
	err   error
}

func (f fixedNeeds) CoachingNeeds(context.Context, string) (Needs, error) { return f.needs, f.err }

var testNow = time.Date(2026, 5, 15, 12, 0, 0, 0, time.UTC)

func TestChoices(t *testing.T) {
	coaches := []CoachLoad{
		load("open", "Ann", "Open", "Focus", "", 3, 1),
		load("full", "Fay", "Full", "Focus", "", 2, 2),
		load("mine", "Mo", "Mine", "", "", 1, 1),
	}
	tests := []struct {
		name    string
		current *Assignment
		want    string // ids in order, with * for the current coach
	}{
		{"full coaches are left out", nil, "open"},
		{"the member's own coach stays even when full", &Assignment{CoachID: "mine"}, "open,mine*"},
	}
	for _, tt := range tests {
		s := NewService(&fakeStore{coaches: coaches, current: tt.current}, fixedNeeds{needs: Needs{Challenges: []string{"staying-focused"}}}, func() time.Time { return testNow })
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
		"store":   NewService(&fakeStore{err: errors.New("disk")}, fixedNeeds{}, time.Now),
		"answers": NewService(&fakeStore{}, fixedNeeds{err: errors.New("disk")}, time.Now),
	} {
		if _, err := s.Choices(context.Background(), "u1"); err == nil {
			t.Errorf("a %s error was not returned", name)
		}
	}
}

func TestChoose(t *testing.T) {
	tests := []struct {
		name       string
		coachID    string
		wantCode   apperr.Code
		wantStored bool
	}{
		{"a coach", "maya", "", true},
		{"no coach", "", apperr.Invalid, false},
		{"an id far too long", strings.Repeat("x", 65), apperr.Invalid, false},
	}
	for _, tt := range tests {
		store := &fakeStore{}
		a, err := NewService(store, fixedNeeds{}, func() time.Time { return testNow }).Choose(context.Background(), "u1", tt.coachID)
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
