package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"wayfinder/internal/auth"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/survey"
)

// Onboarding is what the survey API needs of the onboarding service (onboarding.Service).
type Onboarding interface {
	Save(ctx context.Context, userID, fromSlug string, data []survey.QuestionAnswers, utm onboarding.UTM) error
	// State says where the member's journey stands; payment says whether this request is offered
	// the plan and payment.
	State(ctx context.Context, userID string, payment bool) (onboarding.State, error)
}

// definitionCache is how long the app may keep the definition before revalidating (spec §9).
const definitionCache = "private, max-age=600"

// definitionDocument is the survey definition as GET /api/onboarding/definition serves it. The
// route is public: the first steps are shown before sign-up.
func definitionDocument(def *survey.Definition) (*document, error) {
	body, err := json.Marshal(def)
	if err != nil {
		return nil, fmt.Errorf("encoding the survey definition: %w", err)
	}
	return newDocument(body, definitionCache), nil
}

// surveyRequest is the body of PUT /api/onboarding/survey (spec §7). UTM is a struct, so decodeJSON
// refuses any campaign key other than the nine the spec lists.
type surveyRequest struct {
	FromSlug string                   `json:"fromSlug"`
	Data     []survey.QuestionAnswers `json:"data"`
	UTM      onboarding.UTM           `json:"utm"`
}

// saveSurvey answers PUT /api/onboarding/survey: the caller's own answers, validated against the
// definition; nothing is stored unless all of it is valid.
func (s *server) saveSurvey(w http.ResponseWriter, r *http.Request) {
	var req surveyRequest
	if err := decodeJSON(r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	p, _ := auth.FromContext(r.Context())
	if err := s.onboarding.Save(r.Context(), p.User.ID, req.FromSlug, req.Data, req.UTM); err != nil {
		s.writeError(w, r, err)
		return
	}
	// The slug is a label only when it is a step of the definition, so the series stay a fixed set.
	if s.steps[req.FromSlug] {
		s.metrics.surveySteps.WithLabelValues(req.FromSlug).Inc()
	}
	w.WriteHeader(http.StatusNoContent)
}

// surveyState is the body of GET /api/onboarding/survey: the caller's answers and where their
// journey stands. Score is null until all six screening items are answered; CoachID is null until
// the caller chooses a coach.
type surveyState struct {
	Answers        []storedAnswers `json:"answers"`
	ResumeAt       string          `json:"resumeAt"`
	Score          *int            `json:"score"`
	HighLikelihood bool            `json:"highLikelihood"`
	SafetyHold     bool            `json:"safetyHold"`
	CoachID        *string         `json:"coachId"`
	Paid           bool            `json:"paid"`
}

type storedAnswers struct {
	QuestionSlug string          `json:"questionSlug"`
	Answers      []survey.Answer `json:"answers"`
	UpdatedAt    time.Time       `json:"updatedAt"`
}

// surveyAnswers answers GET /api/onboarding/survey with the caller's own answers and where to
// resume; the caller is always the signed-in member, never one named in the request.
func (s *server) surveyAnswers(w http.ResponseWriter, r *http.Request) {
	p, _ := auth.FromContext(r.Context())
	out, err := s.surveyStateOf(r.Context(), p.User.ID, s.paymentOn(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// surveyStateOf is what GET /api/onboarding/survey answers the member userID, with or without
// the plan and payment on their journey.
func (s *server) surveyStateOf(ctx context.Context, userID string, payment bool) (surveyState, error) {
	st, err := s.onboarding.State(ctx, userID, payment)
	if err != nil {
		return surveyState{}, err
	}
	out := surveyState{Answers: make([]storedAnswers, 0, len(st.Answers)), ResumeAt: st.ResumeAt, Score: st.Score,
		HighLikelihood: st.HighLikelihood, SafetyHold: st.SafetyHold, Paid: st.HoldsPlan}
	if st.CoachID != "" {
		out.CoachID = &st.CoachID
	}
	for _, a := range st.Answers {
		answers := a.Answers
		if answers == nil {
			answers = []survey.Answer{}
		}
		out.Answers = append(out.Answers, storedAnswers{QuestionSlug: a.QuestionSlug, Answers: answers, UpdatedAt: a.UpdatedAt.UTC()})
	}
	return out, nil
}
