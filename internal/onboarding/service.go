package onboarding

import (
	"context"
	"time"
	"unicode/utf8"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/billing"
	"wayfinder/internal/cleantext"
	"wayfinder/internal/coaching"
	"wayfinder/internal/messages"
	"wayfinder/internal/survey"
)

// Store is what the Service needs of the database. Its signatures are those of sqlstore.DB, which
// cmd/wayfinder passes in.
type Store interface {
	// InTx runs fn in one transaction; the store calls fn makes with its ctx are part of it.
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	SaveSurvey(ctx context.Context, userID, fromSlug, toSlug string, data []survey.QuestionAnswers, utm UTM, now time.Time) error
	SurveyAnswers(ctx context.Context, userID string) ([]StoredAnswers, error)
	UpdateUserProfile(ctx context.Context, userID, firstName, lastName string, dob *time.Time, device string) (account.User, error)
	// RecordSafetyDisclosure records a disclosure at at, unless the member has one awaiting review
	// already, and reports whether it recorded one.
	RecordSafetyDisclosure(ctx context.Context, userID, questionSlug string, at time.Time) (bool, error)
	// PausingSafetyDisclosure returns the member's earliest disclosure whose journey no one has
	// reopened yet, or NotFound.
	PausingSafetyDisclosure(ctx context.Context, userID string) (SafetyDisclosure, error)
	CurrentAssignment(ctx context.Context, userID string) (coaching.Assignment, error)
	UTMRecord(ctx context.Context, userID string) (UTMRecord, error)
	// Subscription returns the member's payment state, or NotFound when they have never paid.
	Subscription(ctx context.Context, userID string) (billing.Subscription, error)
}

// Events is what the Service tells the operator's systems (insights.Webhooks), in the transaction
// of the change that calls for it.
type Events interface {
	// SurveyCompleted records, once per member, that their survey is complete and their journey
	// open; later calls for the same member do nothing.
	SurveyCompleted(ctx context.Context, userID string) error
}

// MaxUTMValueLength caps one campaign value, in characters; anything longer is refused, not cut.
const MaxUTMValueLength = 200

// Service saves a member's survey answers, tells them where they stand, and keeps the journey's
// rules: nothing after the survey opens until the survey says so, and a safety disclosure closes
// the journey until a person at the service has reviewed it and reopened it.
type Service struct {
	store Store
	def   *survey.Definition
	now   func() time.Time
	// disclosed is called once for each new safety disclosure, after it is committed.
	disclosed func()
	// events hears of a completed survey; nil tells no one.
	events Events
}

// NewService returns a Service. now is the clock used for age checks and stored times.
func NewService(store Store, def *survey.Definition, now func() time.Time) *Service {
	return &Service{store: store, def: def, now: now}
}

// OnSafetyDisclosure has fn called once for each new safety disclosure, after it is stored: to
// count it, or to tell staff that a member needs follow-up. fn is told nothing of the answers.
func (s *Service) OnSafetyDisclosure(fn func()) { s.disclosed = fn }

// ReportTo has the Service tell e when a member's survey is complete. Whether it is takes a read of
// every answer, so it is asked only on a save of the step that leads to the coach chooser, the one
// that completes the survey for a member who walks it in order; coaching asks again when a member
// chooses a coach, for one whose last gap closed on another step.
func (s *Service) ReportTo(e Events) { s.events = e }

// MsgSafetyHold is the message a member whose journey is closed by a safety disclosure is told when
// they try to go on: plainly why, and where to get help now.
const MsgSafetyHold messages.Key = "api.journey.safetyHold"

// The messages of a survey save (internal/messages holds their words).
const (
	msgNeedsLook  messages.Key = "api.journey.needsLook"
	msgNotAStep   messages.Key = "api.journey.notAStep"
	msgUTMTooLong messages.Key = "api.journey.utmTooLong"
)

// State is where a member's journey stands.
type State struct {
	Answers        []StoredAnswers
	ResumeAt       string // the step to continue at (see State)
	Score          *int   // nil until all six screening items are answered, so a partial score is never shown
	HighLikelihood bool
	SafetyHold     bool   // a safety disclosure awaits review: the journey stays on the crisis page
	CoachID        string // the member's current coach, "" before they choose one
	HoldsPlan      bool   // the member has a plan, paid or being paid (billing.Status.HoldsPlan)
}

// Save validates one survey submission and stores it. Every check runs before anything is written,
// so a refused submission changes nothing, and everything it changes commits in one transaction:
// the answers, the progress event, the campaign values, the profile fields of name-and-birth (where
// greetings and the coach read the member's name from) and, for an answer that leads to the crisis
// page, a safety disclosure that no later edit of the answers erases.
func (s *Service) Save(ctx context.Context, userID, fromSlug string, data []survey.QuestionAnswers, utm UTM) error {
	now := s.now()
	var bad []apperr.FieldError
	if s.def.Question(fromSlug) == nil {
		bad = append(bad, apperr.Field("fromSlug", msgNotAStep))
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
		return apperr.InvalidFields(msgNeedsLook, bad...)
	}
	profile, hasProfile := profileOf(data)
	disclosedOn, discloses := s.def.SafetyDisclosure(data)
	completes := s.events != nil && !discloses && fromSlug == s.def.Questions[survey.SlugMeetYourCoach].PrevStep
	recorded := false
	write := func(ctx context.Context) error {
		if err := s.store.SaveSurvey(ctx, userID, fromSlug, s.def.StepAfterSave(fromSlug, data), data, utm, now); err != nil {
			return err
		}
		if hasProfile {
			if _, err := s.store.UpdateUserProfile(ctx, userID, profile.firstName, profile.lastName, profile.dob, profile.device); err != nil {
				return err
			}
		}
		if discloses {
			var err error
			recorded, err = s.store.RecordSafetyDisclosure(ctx, userID, disclosedOn, now)
			return err
		}
		if completes {
			return s.reportCompletion(ctx, userID)
		}
		return nil
	}
	// Each store call is a transaction of its own, so most saves, which answer a step and no more,
	// need no other: on PostgreSQL that spares every such save two round trips (BEGIN and COMMIT).
	if !hasProfile && !discloses && !completes {
		return write(ctx)
	}
	if err := s.store.InTx(ctx, write); err != nil {
		return err
	}
	if recorded && s.disclosed != nil {
		s.disclosed()
	}
	return nil
}

// reportCompletion tells events that the member's survey is complete, when it is and their journey
// is open: a member whose journey a safety disclosure has paused is not announced to anyone.
func (s *Service) reportCompletion(ctx context.Context, userID string) error {
	err := s.RequireOpen(ctx, userID)
	switch apperr.CodeOf(err) {
	case "":
		return s.events.SurveyCompleted(ctx, userID)
	case apperr.Conflict:
		return nil
	}
	return err
}

// profile is what name-and-birth's answers put on the member's profile.
type profile struct {
	firstName, lastName, device string
	dob                         *time.Time
}

// profileOf returns the profile fields of a submission that answers name-and-birth.
func profileOf(data []survey.QuestionAnswers) (profile, bool) {
	for _, qa := range data {
		if qa.QuestionSlug != survey.SlugNameAndBirth {
			continue
		}
		values := map[string]string{}
		for _, a := range qa.Answers {
			values[a.Key] = a.Value
		}
		p := profile{firstName: values[survey.KeyFirstName], lastName: values[survey.KeyLastName], device: values[survey.KeyDevice]}
		if d, ok := survey.ParseDateOfBirth(values[survey.KeyDateOfBirth]); ok {
			p.dob = &d
		}
		return p, true
	}
	return profile{}, false
}

// invalidFields returns the field list of a validation error, so Save can report it together with
// its own findings in one answer.
func invalidFields(err error) ([]apperr.FieldError, bool) {
	e, ok := err.(*apperr.Error)
	if !ok || e.Code != apperr.Invalid {
		return nil, false
	}
	if len(e.Fields) == 0 {
		return []apperr.FieldError{{Field: "data", Key: e.Key, Params: e.Params}}, true
	}
	return e.Fields, true
}

// utmProblems names every campaign value over its length cap or with characters no campaign value
// has. They are refused rather than cut or cleaned, so a broken landing link shows up instead of
// being stored half.
func utmProblems(u UTM) []apperr.FieldError {
	var bad []apperr.FieldError
	for _, kv := range []struct{ key, value string }{
		{"utm_source", u.Source}, {"utm_medium", u.Medium}, {"utm_campaign", u.Campaign},
		{"utm_adid", u.AdID}, {"utm_adgroup", u.AdGroup}, {"utm_term", u.Term},
		{"utm_content", u.Content}, {"gclid", u.GCLID}, {"coupon", u.Coupon},
	} {
		field := "utm." + kv.key
		switch problem := cleantext.Problem(kv.value); {
		case problem != "":
			bad = append(bad, apperr.Field(field, problem))
		case utf8.RuneCountInString(kv.value) > MaxUTMValueLength:
			bad = append(bad, apperr.Field(field, msgUTMTooLong, messages.Params{"max": MaxUTMValueLength}))
		}
	}
	return bad
}

// State returns where a member's journey stands: their latest answers, the screening score, and
// the step to continue at, which is, in order:
//   - the crisis page while a safety disclosure awaits review, on every device and every return;
//   - the first required step without a valid answer;
//   - once a coach is chosen, what follows the choice (the done step, or with payment on the steps
//     toward the plan until the member holds one);
//   - otherwise the step after the last one answered.
//
// payment says whether this request is offered the plan and payment (billing.Variant), which may
// differ between the hostnames one server answers.
func (s *Service) State(ctx context.Context, userID string, payment bool) (State, error) {
	stored, err := s.store.SurveyAnswers(ctx, userID)
	if err != nil {
		return State{}, err
	}
	hold, err := s.safetyHold(ctx, userID)
	if err != nil {
		return State{}, err
	}
	current, err := s.store.CurrentAssignment(ctx, userID)
	if err != nil && apperr.CodeOf(err) != apperr.NotFound {
		return State{}, err
	}
	sub, err := s.store.Subscription(ctx, userID)
	if err != nil && apperr.CodeOf(err) != apperr.NotFound {
		return State{}, err
	}
	answers := bySlug(stored)
	now := s.now()
	st := State{Answers: stored, SafetyHold: hold, CoachID: current.CoachID, HoldsPlan: sub.Status.HoldsPlan()}
	switch {
	case hold:
		st.ResumeAt = survey.SlugNoGo
	case st.CoachID != "" && len(s.def.Gaps(answers, now)) == 0:
		st.ResumeAt = s.def.AfterCoachChoice(payment, st.HoldsPlan)
	default:
		st.ResumeAt = s.def.ResumeAt(answers, now)
	}
	if score, answered := survey.Score(answers); answered == len(survey.ScreeningItems) {
		st.Score = &score
		st.HighLikelihood = survey.HighLikelihood(score)
	}
	return st, nil
}

// RequireOpen returns nil when the member may go past the survey (to the coaches, and later the
// plan and payment), and otherwise a Conflict that says in plain words what is missing. Every call
// beyond the survey asks it first; a call that writes asks it inside its own transaction, so a
// survey save cannot slip in between the check and the write.
func (s *Service) RequireOpen(ctx context.Context, userID string) error {
	hold, err := s.safetyHold(ctx, userID)
	if err != nil {
		return err
	}
	if hold {
		return apperr.E(apperr.Conflict, MsgSafetyHold)
	}
	stored, err := s.store.SurveyAnswers(ctx, userID)
	if err != nil {
		return err
	}
	return s.def.Gate(bySlug(stored), s.now())
}

// safetyHold reports whether a safety disclosure pauses the member's journey: until a person has
// reviewed it and reopened the journey.
func (s *Service) safetyHold(ctx context.Context, userID string) (bool, error) {
	_, err := s.store.PausingSafetyDisclosure(ctx, userID)
	switch apperr.CodeOf(err) {
	case "":
		return true, nil
	case apperr.NotFound:
		return false, nil
	}
	return false, err
}

func bySlug(stored []StoredAnswers) map[string][]survey.Answer {
	m := make(map[string][]survey.Answer, len(stored))
	for _, sa := range stored {
		m[sa.QuestionSlug] = sa.Answers
	}
	return m
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

// PlanNeeds returns what the member's answers say about the support they want, for the plan we
// recommend: the kinds of help they asked a coach for, how they manage ADHD today, and the
// screening score once all six items are answered.
func (s *Service) PlanNeeds(ctx context.Context, userID string) (billing.Needs, error) {
	stored, err := s.store.SurveyAnswers(ctx, userID)
	if err != nil {
		return billing.Needs{}, err
	}
	answers := bySlug(stored)
	var needs billing.Needs
	for _, a := range answers[survey.SlugHelpNeeded] {
		needs.Help = append(needs.Help, a.Key)
	}
	for _, a := range answers[survey.SlugManageADHD] {
		needs.Manage = append(needs.Manage, a.Key)
	}
	if score, answered := survey.Score(answers); answered == len(survey.ScreeningItems) {
		needs.Score = &score
	}
	return needs, nil
}

// Coupon returns the coupon the member arrived with: the latest campaign touch's, or else the first
// one's; "" when neither carried one.
func (s *Service) Coupon(ctx context.Context, userID string) (string, error) {
	rec, err := s.store.UTMRecord(ctx, userID)
	switch {
	case apperr.CodeOf(err) == apperr.NotFound:
		return "", nil
	case err != nil:
		return "", err
	case rec.Latest.Coupon != "":
		return rec.Latest.Coupon, nil
	}
	return rec.First.Coupon, nil
}
