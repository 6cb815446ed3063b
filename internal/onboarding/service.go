package onboarding

import (
	"context"
	"fmt"
	"time"
	"unicode/utf8"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/coaching"
	"wayfinder/internal/survey"
)

// Store is what the Service needs of the database. Its signatures are those of sqlstore.DB, which
// cmd/wayfinder passes in.
type Store interface {
	SaveSurvey(ctx context.Context, userID, fromSlug string, data []survey.QuestionAnswers, utm UTM, now time.Time) error
	SurveyAnswers(ctx context.Context, userID string) ([]StoredAnswers, error)
	UpdateUserProfile(ctx context.Context, userID, firstName, lastName string, dob *time.Time, device string) (account.User, error)
}

// MaxUTMValueLength caps one campaign value, in characters; anything longer is refused, not cut.
const MaxUTMValueLength = 200

// Service saves a member's survey answers and tells them where they stand.
type Service struct {
	store Store
	def   *survey.Definition
	now   func() time.Time
}

// NewService returns a Service. now is the clock used for age checks and stored times.
func NewService(store Store, def *survey.Definition, now func() time.Time) *Service {
	return &Service{store: store, def: def, now: now}
}

// State is what a member's stored answers add up to.
type State struct {
	Answers        []StoredAnswers
	ResumeAt       string
	Score          *int // nil until all six screening items are answered, so a partial score is never shown
	HighLikelihood bool
}

// Save validates one survey submission and stores it. Every check runs before anything is written,
// so a refused submission changes nothing. The answers, progress event and campaign values go to the
// store in one call (one transaction); the profile fields of name-and-birth follow, because the
// profile is where greetings and the coach read the member's name from.
func (s *Service) Save(ctx context.Context, userID, fromSlug string, data []survey.QuestionAnswers, utm UTM) error {
	now := s.now()
	var bad []apperr.FieldError
	if s.def.Question(fromSlug) == nil {
		bad = append(bad, apperr.FieldError{Field: "fromSlug", Message: "This step isn't part of the survey."})
	}
	if err := s.def.Validate(data, now); err != nil {
		fields, ok := invalidFields(err)
		if !ok {
			return err
		}
		bad = append(bad, fields...)
	}
	bad = append(bad, utmProblems(utm)...)
	if len(bad) > 0 {
		return apperr.InvalidFields("Some answers need another look.", bad...)
	}
	if err := s.store.SaveSurvey(ctx, userID, fromSlug, data, utm, now); err != nil {
		return err
	}
	for _, qa := range data {
		if qa.QuestionSlug != survey.SlugNameAndBirth {
			continue
		}
		values := map[string]string{}
		for _, a := range qa.Answers {
			values[a.Key] = a.Value
		}
		var dob *time.Time
		if d, ok := survey.ParseDateOfBirth(values[survey.KeyDateOfBirth]); ok {
			dob = &d
		}
		if _, err := s.store.UpdateUserProfile(ctx, userID, values[survey.KeyFirstName], values[survey.KeyLastName], dob, values[survey.KeyDevice]); err != nil {
			return err
		}
	}
	return nil
}

// invalidFields returns the field list of a validation error, so Save can report it together with
// its own findings in one answer.
func invalidFields(err error) ([]apperr.FieldError, bool) {
	e, ok := err.(*apperr.Error)
	if !ok || e.Code != apperr.Invalid {
		return nil, false
	}
	if len(e.Fields) == 0 {
		return []apperr.FieldError{{Field: "data", Message: e.Message}}, true
	}
	return e.Fields, true
}

// utmProblems names every campaign value over its length cap. They are refused rather than cut so
// a broken landing link shows up instead of being stored half.
func utmProblems(u UTM) []apperr.FieldError {
	var bad []apperr.FieldError
	for _, kv := range []struct{ key, value string }{
		{"utm_source", u.Source}, {"utm_medium", u.Medium}, {"utm_campaign", u.Campaign},
		{"utm_adid", u.AdID}, {"utm_adgroup", u.AdGroup}, {"utm_term", u.Term},
		{"utm_content", u.Content}, {"gclid", u.GCLID}, {"coupon", u.Coupon},
	} {
		if utf8.RuneCountInString(kv.value) > MaxUTMValueLength {
			bad = append(bad, apperr.FieldError{Field: "utm." + kv.key,
				Message: fmt.Sprintf("Please keep this to %d characters or fewer.", MaxUTMValueLength)})
		}
	}
	return bad
}

// State returns a member's latest answers, the step to resume at and the screening score. A member
// whose answers lead to the crisis page resumes there, on every device, so the crisis resources are
// never skipped by signing in again.
func (s *Service) State(ctx context.Context, userID string) (State, error) {
	stored, err := s.store.SurveyAnswers(ctx, userID)
	if err != nil {
		return State{}, err
	}
	st := State{Answers: stored}
	answered := make(map[string]bool, len(stored))
	bySlug := make(map[string][]survey.Answer, len(stored))
	for _, sa := range stored {
		answered[sa.QuestionSlug] = true
		bySlug[sa.QuestionSlug] = sa.Answers
		if s.def.Next(sa.QuestionSlug, sa.Answers, true) == survey.SlugNoGo {
			st.ResumeAt = survey.SlugNoGo
		}
	}
	if st.ResumeAt == "" {
		st.ResumeAt = s.def.ResumeAt(answered)
	}
	if score, answered := survey.Score(bySlug); answered == len(survey.ScreeningItems) {
		st.Score = &score
		st.HighLikelihood = survey.HighLikelihood(score)
	}
	return st, nil
}

// CoachingNeeds returns what the member's answers ask of a coach: the challenges and kinds of help they
// chose, and their time zone, taken from the account step or else from their state.
func (s *Service) CoachingNeeds(ctx context.Context, userID string) (coaching.Needs, error) {
	stored, err := s.store.SurveyAnswers(ctx, userID)
	if err != nil {
		return coaching.Needs{}, err
	}
	var needs coaching.Needs
	stateZone := ""
	for _, sa := range stored {
		for _, a := range sa.Answers {
			switch {
			case sa.QuestionSlug == survey.SlugChallenges:
				needs.Challenges = append(needs.Challenges, a.Key)
			case sa.QuestionSlug == survey.SlugHelpNeeded:
				needs.Help = append(needs.Help, a.Key)
			case sa.QuestionSlug == survey.SlugAccount && a.Key == survey.KeyTimeZone:
				needs.TimeZone = a.Value
			case sa.QuestionSlug == survey.SlugLiveState:
				stateZone = s.def.StateTimeZone(a.Key)
			}
		}
	}
	if needs.TimeZone == "" {
		needs.TimeZone = stateZone
	}
	return needs, nil
}
