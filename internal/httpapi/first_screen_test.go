package httpapi

import (
	"encoding/json"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/survey"
	"wayfinder/internal/survey/surveytest"
)

// initialDataOf returns the initial data a page carries, and whether it carries any.
func initialDataOf(t *testing.T, page string) (initialData, bool) {
	t.Helper()
	open := `<script id="initial-data" type="application/json">`
	start := strings.Index(page, open)
	if start < 0 {
		return initialData{}, false
	}
	rest := page[start+len(open):]
	end := strings.Index(rest, "</script>")
	var data initialData
	if err := json.Unmarshal([]byte(rest[:end]), &data); err != nil {
		t.Fatalf("the page's initial data is not JSON: %v", err)
	}
	return data, true
}

func TestSurveyStepPageCarriesWhatTheStepNeeds(t *testing.T) {
	ts := newTestServer(t)
	cookie := ts.signedInCookie(t, time.Now().Add(time.Hour))
	member := map[string]string{"Cookie": cookie}
	// The member's name could close a script tag, if anything let it.
	u, err := ts.db.UserBySubject(t.Context(), "auth0|session-member")
	if err != nil {
		t.Fatal(err)
	}
	answers := surveytest.NameAndBirth("1990-04-30")
	for i := range answers {
		if answers[i].Key == "firstName" {
			answers[i].Value = "Ana</script><script>alert(1)</script>"
		}
	}
	ts.saveSurvey(t, ts.member(t, "auth0|session-member"), []survey.QuestionAnswers{{QuestionSlug: "name-and-birth", Answers: answers}})

	w := ts.do(http.MethodGet, "/name-and-birth", nil, member)
	page := w.Body.String()
	if w.Code != http.StatusOK || w.Header().Get("Cache-Control") != "private, no-store" || w.Header().Get("ETag") != "" {
		t.Fatalf("GET /name-and-birth signed in = %d, Cache-Control %q, ETag %q; want 200, private, no-store and no ETag",
			w.Code, w.Header().Get("Cache-Control"), w.Header().Get("ETag"))
	}
	data, ok := initialDataOf(t, page)
	if !ok {
		t.Fatalf("the signed-in step's page has no initial data: %s", page)
	}
	if data.Me.Me.UserID != u.ID || !strings.HasPrefix(data.Me.Me.FirstName, "Ana") {
		t.Errorf("initial profile = %+v, want the member's", data.Me.Me)
	}
	if len(data.Survey.Answers) != 1 || data.Survey.Answers[0].QuestionSlug != "name-and-birth" {
		t.Errorf("initial answers = %+v, want the member's name and birth", data.Survey.Answers)
	}
	var def survey.Definition
	if err := json.Unmarshal(data.Definition, &def); err != nil || def.FirstQuestion != testSurvey.FirstQuestion {
		t.Errorf("initial definition = %v, %v; want the survey's", def.FirstQuestion, err)
	}
	if strings.Contains(page, "</script><script>alert(1)") {
		t.Error("the member's name closed the script tag")
	}
	// The step's code is preloaded: its group's script and stylesheet and its form, never the entry again.
	for _, want := range []string{
		`<link rel="modulepreload" crossorigin href="/assets/survey-step-h4sh.js">`,
		`<link rel="stylesheet" crossorigin href="/assets/survey-step-c55.css">`,
		`<link rel="modulepreload" crossorigin href="/assets/NameAndBirthStep-n4m3.js">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if strings.Contains(page, `href="/assets/index-abc123.js"`) {
		t.Error("the page preloads the entry script, which it loads anyway")
	}
	// Everything goes in <head>, after the runtime config.
	if h := strings.Index(page, "</head>"); strings.Index(page, `id="initial-data"`) > h || strings.Index(page, "modulepreload") > h {
		t.Error("the step's tags are not in <head>")
	}

	// A step without a form of its own preloads the group alone.
	if w := ts.do(http.MethodGet, "/how-you-identify", nil, member); !strings.Contains(w.Body.String(), "survey-step-h4sh.js") ||
		strings.Contains(w.Body.String(), "NameAndBirthStep") {
		t.Errorf("/how-you-identify's tags: %s", w.Body.String())
	}
	// A form that reads through the query client has it preloaded beside it.
	if w := ts.do(http.MethodGet, "/ios-only", nil, member); !strings.Contains(w.Body.String(), `href="/assets/AndroidWaitlistStep-w4t.js"`) ||
		!strings.Contains(w.Body.String(), `<link rel="modulepreload" crossorigin href="/assets/queries-q7e.js">`) {
		t.Errorf("/ios-only's tags: %s", w.Body.String())
	}
	// HEAD answers the same headers without a body.
	if w := ts.do(http.MethodHead, "/name-and-birth", nil, member); w.Code != http.StatusOK || w.Body.Len() != 0 ||
		w.Header().Get("Cache-Control") != "private, no-store" {
		t.Errorf("HEAD = %d, %d bytes, %q", w.Code, w.Body.Len(), w.Header().Get("Cache-Control"))
	}
}

func TestSurveyStepPageWithoutASession(t *testing.T) {
	ts := newTestServer(t)
	expired := ts.signedInCookie(t, time.Now().Add(-time.Minute))
	for name, header := range map[string]map[string]string{
		"no cookie":       nil,
		"expired session": {"Cookie": expired},
		"unknown session": {"Cookie": ts.auth.SessionCookieName() + "=nobody-has-this-session-value"},
		// A page is not an API request: a bearer token does not make it a member's page.
		"bearer token": {"Authorization": ts.bearer(t, "auth0|bearer-member", []string{"member"}, nil)},
	} {
		t.Run(name, func(t *testing.T) {
			w := ts.do(http.MethodGet, "/name-and-birth", nil, header)
			if _, ok := initialDataOf(t, w.Body.String()); ok || w.Code != http.StatusOK || w.Header().Get("Cache-Control") != "no-cache" ||
				strings.Contains(w.Body.String(), "modulepreload") {
				t.Errorf("= %d, Cache-Control %q, body %s; want the plain page", w.Code, w.Header().Get("Cache-Control"), w.Body.String())
			}
		})
	}
	// Other pages never carry a member's data, signed in or not.
	ts = newTestServer(t)
	cookie := ts.signedInCookie(t, time.Now().Add(time.Hour))
	for _, path := range []string{"/", "/account/meet-your-coach", "/not-a-step", "/name-and-birth/"} {
		if w := ts.do(http.MethodGet, path, nil, map[string]string{"Cookie": cookie}); strings.Contains(w.Body.String(), "initial-data") {
			t.Errorf("GET %s carries initial data", path)
		}
	}
}

func TestBuildManifestIsNotServed(t *testing.T) {
	ts := newTestServer(t)
	for _, path := range []string{"/.vite/manifest.json", "/.vite/"} {
		if w := ts.do(http.MethodGet, path, nil, nil); w.Code != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", path, w.Code)
		}
	}
}

// TestFormStepModulesMatchTheApp keeps formStepModules in step with the app's own list of the
// steps that have a form of their own (formSteps in SurveyStepScreen.tsx): a step missing here
// would only lose its head start, so nothing else would notice.
func TestFormStepModulesMatchTheApp(t *testing.T) {
	src, err := os.ReadFile("../../web/src/features/survey/components/SurveyStepScreen.tsx")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	imports := map[string][]string{} // component name → modules
	// A form that reads through the query client loads it alongside (withQueries).
	for _, m := range regexp.MustCompile(`const (\w+) = formStep\((withQueries\()?\(\) => import\('\./steps/(\w+)'\)`).FindAllStringSubmatch(text, -1) {
		imports[m[1]] = []string{"src/features/survey/components/steps/" + m[3] + ".tsx"}
		if m[2] != "" {
			imports[m[1]] = append(imports[m[1]], queriesChunk)
		}
	}
	block := text[strings.Index(text, "const formSteps"):]
	block = block[:strings.Index(block, "};")]
	app := map[string][]string{}
	for _, m := range regexp.MustCompile(`'?([\w-]+)'?: (\w+),`).FindAllStringSubmatch(block, -1) {
		app[m[1]] = imports[m[2]]
	}
	if len(app) == 0 {
		t.Fatal("found no form step in SurveyStepScreen.tsx")
	}
	for slug, module := range app {
		if !slices.Equal(formStepModules[slug], module) {
			t.Errorf("formStepModules[%q] = %q, want %q as the app has it", slug, formStepModules[slug], module)
		}
	}
	for slug := range formStepModules {
		if _, ok := app[slug]; !ok {
			t.Errorf("formStepModules has %q, which the app has no form for", slug)
		}
	}
}
