package httpapi

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"wayfinder/internal/survey"
)

// stepPageChunks are the chunks of the app (see spa.preloadTags) that every survey step's first
// screen runs besides the main script: the survey-step group of vite.config.ts, which holds the
// step's page, its screen and the sign-in guard.
var stepPageChunks = []string{"survey-step"}

// formStepModules are the forms of the steps that have one of their own, by slug: formSteps in
// web/src/features/survey/components/SurveyStepScreen.tsx, which a test keeps this in step with.
// A form that reads through the query client loads its chunk alongside (withQueries), so its step
// preloads that too, rather than asking for it once the app's code has run.
var formStepModules = map[string][]string{
	"name-and-birth": {"src/features/survey/components/steps/NameAndBirthStep.tsx"},
	"live-state":     {"src/features/survey/components/steps/LiveStateStep.tsx"},
	"score-screen":   {"src/features/survey/components/steps/ScoreStep.tsx"},
	"account":        {"src/features/survey/components/steps/AccountStep.tsx"},
	"testimonials":   {"src/features/survey/components/steps/TestimonialsStep.tsx"},
	"ios-only":       {"src/features/survey/components/steps/AndroidWaitlistStep.tsx", queriesChunk},
}

// queriesChunk is the query client's chunk: the queries group of web/vite.config.ts.
const queriesChunk = "queries"

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

// stepChunks are the chunks of a step's first screen.
func stepChunks(slug string) []string {
	if form, ok := formStepModules[slug]; ok {
		return append(append([]string(nil), stepPageChunks...), form...)
	}
	return stepPageChunks
}

// stepHeadsOf returns, for each step of the survey, the tags that preload its first screen's code.
func stepHeadsOf(app *spa, slugs map[string]bool) map[string]string {
	heads := make(map[string]string, len(slugs))
	for slug := range slugs {
		heads[slug] = app.preloadTags(stepChunks(slug)...)
	}
	return heads
}

// startWithElementID is the id of the JSON list of scripts that a first frame's start script
// imports with the app's entry, once the frame has painted (web/scripts/first-frame.mjs).
const startWithElementID = "start-with"

// frameHeadsOf returns, for each step with a first frame, what its page adds to its head: the
// stylesheets of the step's code, which the frame needs to paint as the app does, and the list
// of the step's scripts, which start only once the frame has painted. None is preloaded: a
// script the browser fetches before the first paint delays it.
func frameHeadsOf(app *spa) map[string]string {
	if app.steps == nil {
		return nil
	}
	heads := make(map[string]string, len(app.steps.pages))
	for slug := range app.steps.pages {
		scripts, styles := app.chunkFiles(stepChunks(slug)...)
		// json.Marshal escapes <, > and &, so no name can close the script tag early.
		list, _ := json.Marshal(scripts)
		heads[slug] = stylesheetLinks(styles) + `<script id="` + startWithElementID + `" type="application/json">` + string(list) + `</script>`
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
	dataTag := `<script id="` + initialDataElementID + `" type="application/json">` + string(data) + `</script>`
	if page, member, ok := s.stepFrameFor(r, slug, me, st); ok {
		s.serveStepFrame(w, r, page, member, s.frameHeads[slug]+dataTag)
		return
	}
	s.spa.serveIndexWith(w, r, s.stepHeads[slug]+dataTag)
}

// stepFrameFor returns the first frame of the step at slug for this member, when the build has
// one and it shows what the app will: the member stands at the step for the first time, is on no
// hold and has no coach yet, and has a name if the copy calls them by it. An address with the
// native shell's token gets none: the token may be another account's, whose page the app shows.
func (s *server) stepFrameFor(r *http.Request, slug string, me meResponse, st surveyState) (framePage, frameMember, bool) {
	if s.spa.steps == nil || st.SafetyHold || st.CoachID != nil || r.URL.Query().Has("token") {
		return framePage{}, frameMember{}, false
	}
	pages, ok := s.spa.steps.pages[slug]
	if !ok {
		return framePage{}, frameMember{}, false
	}
	answers := make(map[string][]survey.Answer, len(st.Answers))
	for _, a := range st.Answers {
		answers[a.QuestionSlug] = a.Answers
	}
	now := time.Now()
	if !s.def.FirstVisit(answers, slug, now) {
		return framePage{}, frameMember{}, false
	}
	m := frameMember{firstName: me.Me.FirstName, profileFirstName: me.Me.FirstName, profileLastName: me.Me.LastName, today: now}
	for _, a := range answers[survey.SlugNameAndBirth] {
		if a.Key == survey.KeyFirstName && a.Value != "" {
			m.firstName = a.Value
		}
	}
	m.firstName = strings.TrimSpace(m.firstName)
	page := pages[s.spa.variant(r)]
	if page.namesMember && m.firstName == "" {
		return framePage{}, frameMember{}, false
	}
	return page, m, true
}

// serveStepFrame answers with a step's frame page for one member, with head added to it (see
// serveIndexWith, whose caching it shares), and allows the page's style attributes.
func (s *server) serveStepFrame(w http.ResponseWriter, r *http.Request, page framePage, m frameMember, head string) {
	body := page.fill(m, s.spa.steps.months, head)
	h := w.Header()
	h.Set("Content-Security-Policy", allowStyleAttributes(h.Get("Content-Security-Policy"), page.styleHashes))
	writeMemberPage(w, r, body)
}
