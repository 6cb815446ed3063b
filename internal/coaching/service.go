package coaching

import (
	"context"
	"time"

	"wayfinder/internal/apperr"
)

// Store is what the Service needs of the database. Its signatures are those of sqlstore.DB.
type Store interface {
	ListCoaches(ctx context.Context, activeOnly bool) ([]CoachLoad, error)
	AssignCoach(ctx context.Context, userID, coachID string, now time.Time) (Assignment, error)
	CurrentAssignment(ctx context.Context, userID string) (Assignment, error)
}

// NeedsReader tells what a member's survey answers ask of a coach (onboarding.Service).
type NeedsReader interface {
	CoachingNeeds(ctx context.Context, userID string) (Needs, error)
}

// Service lets members see the coaches who can take them and choose one.
type Service struct {
	store Store
	needs NeedsReader
	now   func() time.Time
}

// NewService returns a Service. now is the clock assignments are recorded with.
func NewService(store Store, needs NeedsReader, now func() time.Time) *Service {
	return &Service{store: store, needs: needs, now: now}
}

// Choice is a coach as a member sees them in the chooser.
type Choice struct {
	Ranked
	Current bool // the member's coach now
}

// Choices returns the active coaches with room for the member, best match first. The member's current
// coach is listed even when full, since they hold one of that coach's places themselves.
func (s *Service) Choices(ctx context.Context, userID string) ([]Choice, error) {
	coaches, err := s.store.ListCoaches(ctx, true)
	if err != nil {
		return nil, err
	}
	current, err := s.store.CurrentAssignment(ctx, userID)
	if err != nil && apperr.CodeOf(err) != apperr.NotFound {
		return nil, err
	}
	open := coaches[:0]
	for _, c := range coaches {
		if !c.Full() || c.Coach.ID == current.CoachID {
			open = append(open, c)
		}
	}
	needs, err := s.needs.CoachingNeeds(ctx, userID)
	if err != nil {
		return nil, err
	}
	ranked := Rank(open, needs)
	choices := make([]Choice, len(ranked))
	for i, r := range ranked {
		choices[i] = Choice{Ranked: r, Current: r.Coach.ID == current.CoachID}
	}
	return choices, nil
}

// Choose makes coachID the member's coach. An unknown coach is NotFound; an inactive or full one is a
// Conflict; either way nothing changes. Choosing one's current coach again changes nothing.
func (s *Service) Choose(ctx context.Context, userID, coachID string) (Assignment, error) {
	switch {
	case coachID == "":
		return Assignment{}, apperr.InvalidFields("Please choose a coach.",
			apperr.FieldError{Field: "coachId", Message: "Choose a coach."})
	case len(coachID) > maxCoachIDLength:
		return Assignment{}, apperr.InvalidFields("That coach is not one we know.",
			apperr.FieldError{Field: "coachId", Message: "This is not a coach's id."})
	}
	return s.store.AssignCoach(ctx, userID, coachID, s.now())
}
