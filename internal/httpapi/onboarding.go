package httpapi

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"wayfinder/internal/auth"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/survey"
)

// Onboarding is what the survey API needs of the onboarding service (onboarding.Service).
type Onboarding interface {
	Save(ctx context.Context, userID, fromSlug string, data []onboarding.QuestionAnswers, utm onboarding.UTM) error
	State(ctx context.Context, userID string) (onboarding.State, error)
}

// definitionCache is how long the app may keep the definition before revalidating (spec §9).
const definitionCache = "private, max-age=600"

// encodedDefinition is the survey definition as served: encoded once, since it never changes while
// the binary runs, with a strong ETag so the app revalidates it for the price of a 304.
type encodedDefinition struct {
	body []byte
	etag string
}

func encodeDefinition(def *survey.Definition) (*encodedDefinition, error) {
	body, err := json.Marshal(def)
	if err != nil {
		return nil, fmt.Errorf("encoding the survey definition: %w", err)
	}
	sum := sha256.Sum256(body)
	return &encodedDefinition{body: body, etag: `"` + hex.EncodeToString(sum[:16]) + `"`}, nil
}

// definition answers GET /api/onboarding/definition. It is public: the first steps are shown
// before sign-up. Cache-Control is set here, after securityHeaders has set no-store on /api, so
// this one API response may be kept by the app.
func (s *server) definition(w http.ResponseWriter, r *http.Request) {
	d := s.surveyDef
	h := w.Header()
	h.Set("ETag", d.etag)
	h.Set("Cache-Control", definitionCache)
	if etagMatches(r.Header.Get("If-None-Match"), d.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(d.body)
	}
}

// etagMatches applies If-None-Match's weak comparison (RFC 9110 §13.1.2): any listed tag, with or
// without W/, or *.
func etagMatches(header, etag string) bool {
	for _, tag := range strings.Split(header, ",") {
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		if tag == "*" || tag == etag {
			return true
		}
	}
	return false
}

// surveyRequest is the body of PUT /api/onboarding/survey (spec §7). UTM is a struct, so decodeJSON
// refuses any campaign key other than the nine the spec lists.
type surveyRequest struct {
	FromSlug string                       `json:"fromSlug"`
	Data     []onboarding.QuestionAnswers `json:"data"`
	UTM      onboarding.UTM               `json:"utm"`
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
	w.WriteHeader(http.StatusNoContent)
}

// surveyState is the body of GET /api/onboarding/survey. Score is null until all six screening
// items are answered.
type surveyState struct {
	Answers        []storedAnswers `json:"answers"`
	ResumeAt       string          `json:"resumeAt"`
	Score          *int            `json:"score"`
	HighLikelihood bool            `json:"highLikelihood"`
}

type storedAnswers struct {
	QuestionSlug string              `json:"questionSlug"`
	Answers      []onboarding.Answer `json:"answers"`
	UpdatedAt    time.Time           `json:"updatedAt"`
}

// surveyAnswers answers GET /api/onboarding/survey with the caller's own answers and where to
// resume; the caller is always the signed-in member, never one named in the request.
func (s *server) surveyAnswers(w http.ResponseWriter, r *http.Request) {
	p, _ := auth.FromContext(r.Context())
	st, err := s.onboarding.State(r.Context(), p.User.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := surveyState{Answers: make([]storedAnswers, 0, len(st.Answers)), ResumeAt: st.ResumeAt, Score: st.Score, HighLikelihood: st.HighLikelihood}
	for _, a := range st.Answers {
		answers := a.Answers
		if answers == nil {
			answers = []onboarding.Answer{}
		}
		out.Answers = append(out.Answers, storedAnswers{QuestionSlug: a.QuestionSlug, Answers: answers, UpdatedAt: a.UpdatedAt.UTC()})
	}
	writeJSON(w, http.StatusOK, out)
}
