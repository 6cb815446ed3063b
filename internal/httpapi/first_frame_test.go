package httpapi

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"wayfinder/internal/billing"
	"wayfinder/internal/survey"
	"wayfinder/internal/survey/surveytest"
)

// testFramePage is a step's frame page as web/scripts/first-frame.mjs writes it: the app's page
// with the start script, the step's markup in its root, every marker and a progress bar's share.
func testFramePage(title, words string) string {
	return `<!doctype html><html><head><title>` + title + ` · ` + brandMarker + `</title>` +
		`<script type="module">import('/assets/index-abc123.js')</script></head><body><div id="root">` +
		`<ol><li aria-current="step" style="--fill:0.5">Getting to know you</li></ol>` +
		`<h1>` + title + `</h1><p>` + words + `</p>` +
		`<input value="` + profileFirstNameMarker + `"><input value="` + profileLastNameMarker + `">` +
		`<select><option value="0" selected="">` + birthMonthMarker + `</option></select>` +
		`<select><option value="0" selected="">` + birthDayMarker + `</option></select>` +
		`<select><option value="0" selected="">` + birthYearMarker + `</option></select>` +
		`</div></body></html>`
}

// withStepFrames gives the test server's build the first frames of name-and-birth and
// how-you-identify, rendered from definition.
func (ts *testServer) withStepFrames(t *testing.T, definition []byte) {
	t.Helper()
	files := testFiles()
	sum := sha256.Sum256(definition)
	manifest, _ := json.Marshal(stepFramesManifest{
		DefinitionSHA256: hex.EncodeToString(sum[:]),
		Months:           []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
		Steps:            []string{"name-and-birth", "how-you-identify"},
	})
	files[stepFramesManifestFile] = &fstest.MapFile{Data: manifest}
	for slug, title := range map[string]string{"name-and-birth": "Nice to meet you", "how-you-identify": "How do you identify, " + firstNameMarker + "?"} {
		files[stepFramesDir+"/"+slug+".html"] = &fstest.MapFile{Data: []byte(testFramePage(title, "Without payment"))}
		files[stepFramesDir+"/"+slug+".payment.html"] = &fstest.MapFile{Data: []byte(testFramePage(title, "With payment"))}
	}
	ts.deps.Web = files
	ts.rebuild(t)
}

func TestSurveyStepFrame(t *testing.T) {
	ts := newTestServer(t)
	served, _ := json.Marshal(testSurvey)
	ts.withStepFrames(t, served)
	member := map[string]string{"Cookie": ts.signedInCookie(t, time.Now().Add(time.Hour))}
	u, err := ts.db.UserBySubject(t.Context(), "auth0|session-member")
	if err != nil {
		t.Fatal(err)
	}
	// The provider's names start name-and-birth's fields; they could break out of an attribute.
	if _, err := ts.db.UpdateUserProfile(t.Context(), u.ID, `Ana "<b>`, `O'Hara & Co`, nil, ""); err != nil {
		t.Fatal(err)
	}

	// A new member at name-and-birth: the frame, with their names, today's starting date and the
	// step's scripts to start after the paint; none preloaded.
	w := ts.do(http.MethodGet, "/name-and-birth", nil, member)
	page := w.Body.String()
	birth := survey.DefaultDateOfBirth(time.Now())
	for _, want := range []string{
		`<title>Nice to meet you · Wayfinder &lt;/script&gt;&lt;b&gt;</title>`,
		`<input value="Ana &#34;&lt;b&gt;">`, `<input value="O&#39;Hara &amp; Co">`,
		`>` + birth.Month().String() + `</option>`, `>` + strconv.Itoa(birth.Day()) + `</option>`, `>` + strconv.Itoa(birth.Year()) + `</option>`,
		`<p>Without payment</p>`,
		`<link rel="stylesheet" crossorigin href="/assets/survey-step-c55.css">`,
		`<script id="start-with" type="application/json">["/assets/survey-step-h4sh.js","/assets/NameAndBirthStep-n4m3.js"]</script>`,
		`<script id="initial-data" type="application/json">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("name-and-birth's frame lacks %s", want)
		}
	}
	if strings.Contains(page, "\u2060") || strings.Contains(page, "modulepreload") {
		t.Errorf("name-and-birth's frame kept a marker or preloads a script: %s", page)
	}
	if h := strings.Index(page, "</head>"); strings.Index(page, `id="start-with"`) > h || strings.Index(page, `id="initial-data"`) > h {
		t.Error("the frame's tags are not in <head>")
	}
	fill := sha256.Sum256([]byte("--fill:0.5"))
	csp := w.Header().Get("Content-Security-Policy")
	if !strings.Contains(csp, "style-src 'self' 'unsafe-hashes' 'sha256-"+base64.StdEncoding.EncodeToString(fill[:])+"';") || strings.Contains(csp, "unsafe-inline") {
		t.Errorf("the frame's CSP = %q, want its style attribute allowed by its hash alone", csp)
	}
	if w.Header().Get("Cache-Control") != "private, no-store" {
		t.Errorf("the frame's Cache-Control = %q, want private, no-store", w.Header().Get("Cache-Control"))
	}
	// The native shell's token may be another account's: the app, not the cookie's frame, decides.
	if body := ts.do(http.MethodGet, "/name-and-birth?token=abc", nil, member).Body.String(); strings.Contains(body, `id="start-with"`) {
		t.Error("an address with the native shell's token got the cookie member's frame")
	}

	// Once name-and-birth is answered, the next step's frame calls the member by the name they
	// gave, escaped; name-and-birth itself, answered, is the app's to draw.
	answers := surveytest.NameAndBirth("1990-04-30")
	for i := range answers {
		if answers[i].Key == survey.KeyFirstName {
			answers[i].Value = "Ana</title><script>alert(1)</script>"
		}
	}
	api := ts.member(t, "auth0|session-member")
	ts.saveSurvey(t, api, []survey.QuestionAnswers{{QuestionSlug: survey.SlugNameAndBirth, Answers: answers}})
	page = ts.do(http.MethodGet, "/how-you-identify", nil, member).Body.String()
	if want := "<h1>How do you identify, Ana&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;?</h1>"; !strings.Contains(page, want) {
		t.Errorf("how-you-identify's frame lacks %s: %s", want, page)
	}
	for path, why := range map[string]string{
		"/name-and-birth":    "a step answered already",
		"/live-state":        "a step without a frame",
		"/no-go-anywhere":    "not a step",
		"/how-you-identify/": "not a step's address",
	} {
		if body := ts.do(http.MethodGet, path, nil, member).Body.String(); strings.Contains(body, `id="start-with"`) {
			t.Errorf("GET %s (%s) got a frame", path, why)
		}
	}

	// A member who has answered a later step, and so could see it otherwise, gets the app's page.
	ts.saveSurvey(t, api, []survey.QuestionAnswers{{QuestionSlug: "how-you-identify", Answers: []survey.Answer{{Key: "female"}}}})
	ts.saveSurvey(t, api, []survey.QuestionAnswers{{QuestionSlug: "live-state", Answers: []survey.Answer{{Key: "CA"}}}})
	if body := ts.do(http.MethodGet, "/how-you-identify", nil, member).Body.String(); strings.Contains(body, `id="start-with"`) ||
		!strings.Contains(body, "modulepreload") {
		t.Errorf("a step answered before got a frame: %s", body)
	}

	// Nobody signed in gets the plain page, without any member's words.
	if body := ts.do(http.MethodGet, "/name-and-birth", nil, nil).Body.String(); strings.Contains(body, `id="start-with"`) || strings.Contains(body, "Ana") {
		t.Errorf("a visitor got a frame: %s", body)
	}
}

func TestSurveyStepFrameOnThePaymentHost(t *testing.T) {
	ts := newTestServer(t)
	ts.deps.Payment = billing.Variant{Enabled: true}
	served, _ := json.Marshal(testSurvey)
	ts.withStepFrames(t, served)
	member := map[string]string{"Cookie": ts.signedInCookie(t, time.Now().Add(time.Hour))}
	if body := ts.do(http.MethodGet, "/name-and-birth", nil, member).Body.String(); !strings.Contains(body, "<p>With payment</p>") {
		t.Errorf("the payment host's frame = %s, want the copy with payment", body)
	}
}

func TestStaleStepFramesAreLeftOut(t *testing.T) {
	ts := newTestServer(t)
	ts.withStepFrames(t, []byte(`{"firstQuestion":"an-older-survey"}`))
	member := map[string]string{"Cookie": ts.signedInCookie(t, time.Now().Add(time.Hour))}
	if body := ts.do(http.MethodGet, "/name-and-birth", nil, member).Body.String(); strings.Contains(body, `id="start-with"`) ||
		!strings.Contains(body, `id="initial-data"`) {
		t.Errorf("frames from another definition were served: %s", body)
	}
	if !strings.Contains(ts.logs.String(), "rendered from another survey definition") {
		t.Errorf("the logs do not say why the frames are left out: %s", ts.logs.String())
	}
}
