package coaching

import (
	"context"
	"time"

	"wayfinder/internal/apperr"
)

// Store is what the Service needs of the database. Its signatures are those of sqlstore.DB.
type Store interface {
	// InTx runs fn in one transaction; the store calls fn makes with its ctx are part of it.
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	// LockUser holds the member's row until the transaction ends, so that two transactions about
	// one member (a choice and a survey save, say) take turns; NotFound for an unknown member.
	LockUser(ctx context.Context, userID string) error
	ListCoaches(ctx context.Context, activeOnly bool) ([]CoachLoad, error)
	// LockCoach returns a coach with their current member count, holding the coach's row until the
	// transaction ends, so that two members cannot both take a coach's last place.
	LockCoach(ctx context.Context, coachID string) (CoachLoad, error)
	CurrentAssignment(ctx context.Context, userID string) (Assignment, error)
	EndAssignment(ctx context.Context, id int64, at time.Time) error
	CreateAssignment(ctx context.Context, userID, coachID string, at time.Time) (Assignment, error)
}

// Journey is what the Service needs of the member's onboarding (onboarding.Service): what their
// answers ask of a coach, and whether their journey has reached the coaches at all.
type Journey interface {
	CoachingNeeds(ctx context.Context, userID string) (Needs, error)
	// RequireOpen returns nil when the member may go past the survey, and otherwise a Conflict
	// saying in plain words what is missing.
	RequireOpen(ctx context.Context, userID string) error
}

// Events is what the Service tells the operator's systems (insights.Webhooks), in the transaction
// of the choice.
type Events interface {
	// SurveyCompleted records, once per member, that their survey is complete and their journey
	// open; later calls for the same member do nothing.
	SurveyCompleted(ctx context.Context, userID string) error
	// CoachChosen records that the member has a new coach, chosen by them or, byStaff, switched by
	// staff.
	CoachChosen(ctx context.Context, userID, coachID string, byStaff bool) error
}

// Service lets members see the coaches who can take them and choose one.
type Service struct {
	store   Store
	journey Journey
	now     func() time.Time
	events  Events // nil tells no one
}

// NewService returns a Service. now is the clock assignments are recorded with.
func NewService(store Store, journey Journey, now func() time.Time) *Service {
	return &Service{store: store, journey: journey, now: now}
}

// ReportTo has the Service tell e of every new coach, whether the member chose them or staff
// switched to them: the operator's systems follow who coaches whom, whoever decided it. A member's
// own choice also reports their survey complete, which it must be for the choice to be allowed,
// in case the save that completed it was not the one that reports it (onboarding.Service.ReportTo).
// Choosing one's coach again is no new coach and reports nothing.
func (s *Service) ReportTo(e Events) { s.events = e }

// Choice is a coach as a member sees them in the chooser.
type Choice struct {
	Ranked
	Current bool // the member's coach now
}

// Choices returns the active coaches with room for the member, best match first. The member's current
// coach is listed even when full or no longer taking new members, since they hold one of that
// coach's places themselves. A member whose journey has not reached the coaches gets the Conflict of
// Journey.RequireOpen.
func (s *Service) Choices(ctx context.Context, userID string) ([]Choice, error) {
	if err := s.journey.RequireOpen(ctx, userID); err != nil {
		return nil, err
	}
	coaches, err := s.store.ListCoaches(ctx, false)
	if err != nil {
		return nil, err
	}
	current, err := s.store.CurrentAssignment(ctx, userID)
	if err != nil && apperr.CodeOf(err) != apperr.NotFound {
		return nil, err
	}
	open := coaches[:0]
	for _, c := range coaches {
		if c.Coach.ID == current.CoachID || c.TakesNewMembers() {
			open = append(open, c)
		}
	}
	needs, err := s.journey.CoachingNeeds(ctx, userID)
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

// Choose makes coachID the member's coach, ending the previous assignment, in one transaction. The
// member's journey must have reached the coaches (Journey.RequireOpen), even to choose their coach
// again: a safety hold closes every call past the survey. Then choosing one's current coach again
// changes nothing, even when that coach is now full or resting; an unknown coach is NotFound; and a
// coach who is not taking new members or has no room is a Conflict. When anything refuses, nothing
// changes.
func (s *Service) Choose(ctx context.Context, userID, coachID string) (Assignment, error) {
	return s.assign(ctx, userID, coachID, true)
}

// Assign is Choose for staff, who may switch a member's coach at any point of their journey: the
// journey is not consulted, and every other rule of Choose holds.
func (s *Service) Assign(ctx context.Context, userID, coachID string) (Assignment, error) {
	return s.assign(ctx, userID, coachID, false)
}

func (s *Service) assign(ctx context.Context, userID, coachID string, byMember bool) (Assignment, error) {
	if err := CheckCoachID(coachID); err != nil {
		return Assignment{}, err
	}
	now := s.now().UTC()
	var chosen Assignment
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.LockUser(ctx, userID); err != nil {
			return err
		}
		if byMember {
			if err := s.journey.RequireOpen(ctx, userID); err != nil {
				return err
			}
		}
		current, err := s.store.CurrentAssignment(ctx, userID)
		hasCurrent := err == nil
		if err != nil && apperr.CodeOf(err) != apperr.NotFound {
			return err
		}
		if hasCurrent && current.CoachID == coachID {
			chosen = current
			return nil
		}
		coach, err := s.store.LockCoach(ctx, coachID)
		switch {
		case apperr.CodeOf(err) == apperr.NotFound:
			return apperr.E(apperr.NotFound, msgCoachNotFound)
		case err != nil:
			return err
		case !coach.Coach.Active:
			return apperr.E(apperr.Conflict, msgCoachInactive)
		case coach.Full():
			return apperr.E(apperr.Conflict, msgCoachFull)
		}
		if hasCurrent {
			// A replica whose clock runs behind must not end an assignment before it began.
			if err := s.store.EndAssignment(ctx, current.ID, latest(now, current.AssignedAt)); err != nil {
				return err
			}
		}
		if chosen, err = s.store.CreateAssignment(ctx, userID, coachID, now); err != nil || s.events == nil {
			return err
		}
		if byMember {
			if err := s.events.SurveyCompleted(ctx, userID); err != nil {
				return err
			}
		}
		return s.events.CoachChosen(ctx, userID, coachID, !byMember)
	})
	if err != nil {
		return Assignment{}, err
	}
	return chosen, nil
}

func latest(a, b time.Time) time.Time {
	if a.Before(b) {
		return b
	}
	return a
}
