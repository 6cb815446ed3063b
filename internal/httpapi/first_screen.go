package httpapi

import (
	"encoding/json"
	"net/http"
)

// stepPageChunks are the chunks of the app (see spa.preloadTags) that every survey step's first
// screen runs besides the main script: the survey-step group of vite.config.ts, which holds the
// step's page, its screen and the sign-in guard.
var stepPageChunks = []string{"survey-step"}

// formStepModules are the forms of the steps that have one of their own, by slug: formSteps in
// web/src/features/survey/components/SurveyStepScreen.tsx, which a test keeps this in step with.
var formStepModules = map[string]string{
	"name-and-birth": "src/features/survey/components/steps/NameAndBirthStep.tsx",
	"live-state":     "src/features/survey/components/steps/LiveStateStep.tsx",
	"score-screen":   "src/features/survey/components/steps/ScoreStep.tsx",
	"account":        "src/features/survey/components/steps/AccountStep.tsx",
	"testimonials":   "src/features/survey/components/steps/TestimonialsStep.tsx",
	"ios-only":       "src/features/survey/components/steps/AndroidWaitlistStep.tsx",
}

// initialData is what a signed-in member's survey step needs, put into its page so the question
// paints as soon as the app's code has run, with no request in between: the answers of
// GET /api/user/me, GET /api/onboarding/survey and GET /api/onboarding/definition, by these names.
type initialData struct {
	Me         meResponse      `json:"me"`
	Survey     surveyState     `json:"survey"`
	Definition json.RawMessage `json:"definition"`
}

// initialDataElementID is the id of the script tag that carries initialData (web/src/lib/initial-data.ts).
const initialDataElementID = "initial-data"

// stepHeadsOf returns, for each step of the survey, the tags that preload its first screen's code.
func stepHeadsOf(app *spa, slugs map[string]bool) map[string]string {
	heads := make(map[string]string, len(slugs))
	for slug := range slugs {
		chunks := stepPageChunks
		if form, ok := formStepModules[slug]; ok {
			chunks = append(append([]string(nil), stepPageChunks...), form)
		}
		heads[slug] = app.preloadTags(chunks...)
	}
	return heads
}

// surveyStepPage answers a survey step's address. A signed-in member gets the app's page with the
// step's code preloaded and initialData in it; anyone else gets the plain page, whose guard takes
// them to sign-in. When the member's data can't be read, the plain page is the answer too: the
// app then asks for it itself, and says what went wrong.
//
// Such a page holds the member's data, so no cache may keep it (serveIndexWith). It is compressed
// like the API's answers, and as safely: it reflects nothing from the request (see compressed).
func (s *server) surveyStepPage(w http.ResponseWriter, r *http.Request, slug string) {
	p, ok := s.auth.PagePrincipal(w, r)
	if !ok {
		s.spa.ServeHTTP(w, r)
		return
	}
	ctx := r.Context()
	me, err := s.meOf(ctx, p)
	if err != nil {
		s.log.WarnContext(ctx, "could not read the profile for a survey step's page", "error", err.Error())
		s.spa.ServeHTTP(w, r)
		return
	}
	st, err := s.surveyStateOf(ctx, p.User.ID, s.paymentOn(r))
	if err != nil {
		s.log.WarnContext(ctx, "could not read the answers for a survey step's page", "error", err.Error())
		s.spa.ServeHTTP(w, r)
		return
	}
	// json.Marshal escapes <, > and &, so no value can close the script tag early.
	data, err := json.Marshal(initialData{Me: me, Survey: st, Definition: s.surveyDef.body})
	if err != nil {
		s.log.ErrorContext(ctx, "could not encode a survey step's data", "error", err.Error())
		s.spa.ServeHTTP(w, r)
		return
	}
	s.spa.serveIndexWith(w, r, s.stepHeads[slug]+`<script id="`+initialDataElementID+`" type="application/json">`+string(data)+`</script>`)
}
