package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// Survey bodies used by the scenarios below.
const (
	identifyBody = `{"fromSlug":"how-you-identify","data":[{"questionSlug":"how-you-identify","answers":[{"key":"female","value":""}]}],"utm":{"utm_source":"newsletter"}}`
	firstBody    = `{"fromSlug":"name-and-birth","data":[` +
		`{"questionSlug":"name-and-birth","answers":[{"key":"firstName","value":"Sam"},{"key":"lastName","value":"Rivera"},{"key":"dateOfBirth","value":"1990-04-30"},{"key":"termsOfService","value":"true"},{"key":"device","value":"iphone"}]},` +
		`{"questionSlug":"how-you-identify","answers":[{"key":"female","value":""}]}],"utm":{"utm_campaign":"spring"}}`
)

func surveyBody(fromSlug, data string) string {
	return `{"fromSlug":"` + fromSlug + `","data":[` + data + `]}`
}

func nameAndBirthData(dob string) string {
	return `{"questionSlug":"name-and-birth","answers":[{"key":"firstName","value":"Sam"},{"key":"lastName","value":"Rivera"},{"key":"dateOfBirth","value":"` + dob + `"},{"key":"termsOfService","value":"true"}]}`
}

func TestOnboardingScenarios(t *testing.T) {
	def, err := definitionDocument(testSurvey)
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("x", 201)
	tests := []struct {
		name        string
		actor       string // bearer subject; "" is anonymous
		method      string
		path        string
		body        string
		header      map[string]string
		wantStatus  int
		wantHeader  map[string]string
		wantBody    []string
		wantNothing bool // the actor has no stored answers afterwards
	}{
		{name: "definition", method: "GET", path: "/api/onboarding/definition", wantStatus: 200,
			wantHeader: map[string]string{"ETag": def.etag, "Cache-Control": "private, max-age=600", "Content-Type": "application/json"},
			wantBody:   []string{`"firstQuestion":"name-and-birth"`, `"we-are-sorry-no-go"`}},
		{name: "definition revalidated", method: "GET", path: "/api/onboarding/definition", header: map[string]string{"If-None-Match": def.etag},
			wantStatus: 304, wantHeader: map[string]string{"ETag": def.etag, "Cache-Control": "private, max-age=600"}},
		{name: "definition with a stale tag", method: "GET", path: "/api/onboarding/definition", header: map[string]string{"If-None-Match": `"old"`},
			wantStatus: 200, wantBody: []string{`"firstQuestion"`}},
		{name: "save", actor: "m1", method: "PUT", path: "/api/onboarding/survey", body: identifyBody, wantStatus: 204},
		{name: "read with nothing saved", actor: "m1", method: "GET", path: "/api/onboarding/survey", wantStatus: 200,
			wantHeader: map[string]string{"Cache-Control": "no-store"},
			wantBody:   []string{`"answers":[]`, `"resumeAt":"name-and-birth"`, `"score":null`, `"highLikelihood":false`}},
		{name: "anonymous save", method: "PUT", path: "/api/onboarding/survey", body: identifyBody, wantStatus: 401},
		{name: "anonymous read", method: "GET", path: "/api/onboarding/survey", wantStatus: 401},
		{name: "malformed JSON", actor: "m1", method: "PUT", path: "/api/onboarding/survey", body: `{"fromSlug":`, wantStatus: 400,
			wantBody: []string{"not valid JSON"}, wantNothing: true},
		{name: "not JSON", actor: "m1", method: "PUT", path: "/api/onboarding/survey", body: identifyBody, header: map[string]string{"Content-Type": "text/plain"},
			wantStatus: 415, wantBody: []string{"application/json"}, wantNothing: true},
		{name: "unknown top-level field", actor: "m1", method: "PUT", path: "/api/onboarding/survey",
			body: `{"fromSlug":"how-you-identify","data":[],"score":6}`, wantStatus: 400, wantBody: []string{`"field":"score"`}, wantNothing: true},
		{name: "unknown utm key", actor: "m1", method: "PUT", path: "/api/onboarding/survey",
			body:       `{"fromSlug":"how-you-identify","data":[{"questionSlug":"how-you-identify","answers":[{"key":"female","value":""}]}],"utm":{"utm_source":"a","fbclid":"b"}}`,
			wantStatus: 400, wantBody: []string{`"field":"utm.fbclid"`}, wantNothing: true},
		{name: "unknown from slug", actor: "m1", method: "PUT", path: "/api/onboarding/survey",
			body: surveyBody("nowhere", `{"questionSlug":"how-you-identify","answers":[{"key":"female","value":""}]}`), wantStatus: 400,
			wantBody: []string{`"field":"fromSlug"`}, wantNothing: true},
		{name: "unknown question slug", actor: "m1", method: "PUT", path: "/api/onboarding/survey",
			body:       surveyBody("how-you-identify", `{"questionSlug":"how-you-identify","answers":[{"key":"female","value":""}]},{"questionSlug":"favourite-colour","answers":[]}`),
			wantStatus: 400, wantBody: []string{`"field":"data[1].questionSlug"`}, wantNothing: true},
		{name: "unknown key", actor: "m1", method: "PUT", path: "/api/onboarding/survey",
			body:       surveyBody("how-you-identify", `{"questionSlug":"how-you-identify","answers":[{"key":"robot","value":""}]}`),
			wantStatus: 400, wantBody: []string{`"field":"data[0].answers[0].key"`}, wantNothing: true},
		{name: "four challenges", actor: "m1", method: "PUT", path: "/api/onboarding/survey",
			body:       surveyBody("your-challenge-is", `{"questionSlug":"your-challenge-is","answers":[{"key":"staying-focused","value":""},{"key":"procrastination","value":""},{"key":"time-management","value":""},{"key":"forgetfulness","value":""}]}`),
			wantStatus: 400, wantBody: []string{`"field":"data[0].answers"`, "up to 3"}, wantNothing: true},
		{name: "under 18", actor: "m1", method: "PUT", path: "/api/onboarding/survey", body: surveyBody("name-and-birth", nameAndBirthData("2015-06-01")),
			wantStatus: 400, wantBody: []string{`"field":"data[0].answers[2].value"`, "adults"}, wantNothing: true},
		{name: "31 April", actor: "m1", method: "PUT", path: "/api/onboarding/survey", body: surveyBody("name-and-birth", nameAndBirthData("1990-04-31")),
			wantStatus: 400, wantBody: []string{`"field":"data[0].answers[2].value"`, "real date"}, wantNothing: true},
		{name: "unknown state", actor: "m1", method: "PUT", path: "/api/onboarding/survey",
			body:       surveyBody("live-state", `{"questionSlug":"live-state","answers":[{"key":"ZZ","value":""}]}`),
			wantStatus: 400, wantBody: []string{`"field":"data[0].answers[0].key"`, "state"}, wantNothing: true},
		{name: "over-long value", actor: "m1", method: "PUT", path: "/api/onboarding/survey",
			body:       surveyBody("whats-your-motivation", `{"questionSlug":"whats-your-motivation","answers":[{"key":"other","value":"`+long+`"}]}`),
			wantStatus: 400, wantBody: []string{`"field":"data[0].answers[0].value"`, "200 characters"}, wantNothing: true},
		{name: "over-long utm value", actor: "m1", method: "PUT", path: "/api/onboarding/survey",
			body:       `{"fromSlug":"how-you-identify","data":[{"questionSlug":"how-you-identify","answers":[{"key":"female","value":""}]}],"utm":{"utm_term":"` + long + `"}}`,
			wantStatus: 400, wantBody: []string{`"field":"utm.utm_term"`}, wantNothing: true},
		{name: "wrong method", actor: "m1", method: "POST", path: "/api/onboarding/survey", body: identifyBody, wantStatus: 405},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestServer(t)
			w, authorization := ts.scenario(t, tt.actor, tt.method, tt.path, tt.body, tt.header, tt.wantStatus)
			for k, want := range tt.wantHeader {
				if got := w.Header().Get(k); got != want {
					t.Errorf("%s = %q, want %q", k, got, want)
				}
			}
			assertBodyContains(t, w.Body.String(), tt.wantBody)
			if tt.wantNothing {
				got := ts.do("GET", "/api/onboarding/survey", nil, map[string]string{"Authorization": authorization}).Body.String()
				if want := `"answers":[]`; !strings.Contains(got, want) {
					t.Errorf("after a refused save the survey is %s, want %s", got, want)
				}
			}
			if strings.Contains(ts.logs.String(), "Rivera") || strings.Contains(ts.logs.String(), "female") {
				t.Errorf("an answer reached the log: %s", ts.logs.String())
			}
		})
	}
}

// TestOnboardingSaveResumeAndIsolation follows two members: one saves, reads back, saves the same
// body again without creating a second state; the other never sees the first one's answers.
func TestOnboardingSaveResumeAndIsolation(t *testing.T) {
	ts := newTestServer(t)
	m1 := map[string]string{"Authorization": ts.bearer(t, "auth0|m1", []string{"member"}, nil), "Content-Type": "application/json"}
	m2 := map[string]string{"Authorization": ts.bearer(t, "auth0|m2", []string{"member"}, nil), "Content-Type": "application/json"}

	put := func(h map[string]string, body string) {
		t.Helper()
		if w := ts.do("PUT", "/api/onboarding/survey", strings.NewReader(body), h); w.Code != http.StatusNoContent {
			t.Fatalf("PUT status = %d, want 204; body %s", w.Code, w.Body.String())
		}
	}
	get := func(h map[string]string) (string, surveyState) {
		t.Helper()
		w := ts.do("GET", "/api/onboarding/survey", nil, h)
		var st surveyState
		if err := json.Unmarshal(w.Body.Bytes(), &st); err != nil || w.Code != 200 {
			t.Fatalf("GET status = %d, body %s, err %v", w.Code, w.Body.String(), err)
		}
		return w.Body.String(), st
	}

	put(m1, firstBody)
	first, st := get(m1)
	if got, want := st.ResumeAt, "live-state"; got != want {
		t.Errorf("resumeAt = %q, want %q", got, want)
	}
	if got, want := len(st.Answers), 2; got != want {
		t.Errorf("answers = %d, want %d: %s", got, want, first)
	}
	if st.Score != nil {
		t.Errorf("score = %d, want null before the screening items", *st.Score)
	}
	var me meResponse
	if err := json.Unmarshal(ts.do("GET", "/api/user/me", nil, m1).Body.Bytes(), &me); err != nil {
		t.Fatal(err)
	}
	if got, want := me.Me.FirstName+" "+me.Me.LastName+" "+deref(me.Me.DateOfBirth)+" "+me.Me.Device, "Sam Rivera 1990-04-30 iphone"; got != want {
		t.Errorf("profile = %q, want %q", got, want)
	}

	put(m1, firstBody)
	if again, _ := get(m1); again != first {
		t.Errorf("after the same body twice the survey is\n%s\nwant it unchanged\n%s", again, first)
	}
	for _, slug := range []string{"name-and-birth", "how-you-identify"} {
		hist, err := ts.db.AnswerHistory(context.Background(), me.Me.UserID, slug)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := len(hist), 1; got != want {
			t.Errorf("%s history = %d states, want %d", slug, got, want)
		}
	}

	other, st2 := get(m2)
	if got, want := len(st2.Answers), 0; got != want || strings.Contains(other, "Rivera") {
		t.Errorf("another member sees %s, want no answers", other)
	}
	put(m2, identifyBody)
	if got, _ := get(m1); got != first {
		t.Errorf("another member's save changed the first's survey to %s", got)
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
