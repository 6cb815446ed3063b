package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/messages"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/survey"
	"wayfinder/internal/survey/surveytest"
)

// Answers to what-apply-to-you, as the app sends them.
var (
	selfHarm = []survey.Answer{{Key: "anxiety"}, {Key: "self-harm"}}
	noneOf   = []survey.Answer{{Key: "none"}}
)

// journeyMember sets up one member of the gate scenarios and returns their request headers.
type journeyMember func(t *testing.T, ts *testServer, subject string) map[string]string

var (
	// fresh has just signed up and answered nothing.
	fresh journeyMember = func(t *testing.T, ts *testServer, subject string) map[string]string {
		return ts.member(t, subject)
	}
	// finished has answered every required step.
	finished journeyMember = func(t *testing.T, ts *testServer, subject string) map[string]string {
		h := ts.member(t, subject)
		ts.completeSurvey(t, h)
		return h
	}
	// halfway has given only their name and date of birth.
	halfway journeyMember = func(t *testing.T, ts *testServer, subject string) map[string]string {
		h := ts.member(t, subject)
		ts.saveSurvey(t, h, []survey.QuestionAnswers{{QuestionSlug: survey.SlugNameAndBirth, Answers: surveytest.NameAndBirth(surveytest.DateOfBirth)}})
		return h
	}
	// skippedSafety answered everything but what-apply-to-you, as a client skipping steps would.
	skippedSafety journeyMember = func(t *testing.T, ts *testServer, subject string) map[string]string {
		h := ts.member(t, subject)
		ts.saveSurvey(t, h, surveytest.With(surveytest.Complete(testSurvey), "what-apply-to-you", nil))
		return h
	}
	// minor finished the survey, but their stored date of birth says they are 14 today: answers
	// the API would refuse now, as from an older client or a change of the rules.
	minor = storedNameAndBirth(func(a []survey.Answer) { a[2].Value = time.Now().AddDate(-14, 0, 0).Format(time.DateOnly) })
	// noTerms finished the survey, but their stored answers do not accept the terms.
	noTerms = storedNameAndBirth(func(a []survey.Answer) { a[3].Value = "false" })
	// disclosed finished the survey and then told us of thoughts of self-harm.
	disclosed journeyMember = func(t *testing.T, ts *testServer, subject string) map[string]string {
		h := finished(t, ts, subject)
		ts.saveSurvey(t, h, []survey.QuestionAnswers{{QuestionSlug: "what-apply-to-you", Answers: selfHarm}})
		return h
	}
	// retracted disclosed, then went back and chose "None of these" instead.
	retracted journeyMember = func(t *testing.T, ts *testServer, subject string) map[string]string {
		h := disclosed(t, ts, subject)
		ts.saveSurvey(t, h, []survey.QuestionAnswers{{QuestionSlug: "what-apply-to-you", Answers: noneOf}})
		return h
	}
)

// storedNameAndBirth is a finished member whose stored name-and-birth answers change writes
// straight into the store, past the API's checks.
func storedNameAndBirth(change func([]survey.Answer)) journeyMember {
	return func(t *testing.T, ts *testServer, subject string) map[string]string {
		h := finished(t, ts, subject)
		u, err := ts.db.UserBySubject(context.Background(), subject)
		if err != nil {
			t.Fatal(err)
		}
		answers := surveytest.NameAndBirth(surveytest.DateOfBirth)
		change(answers)
		if err := ts.db.SaveSurvey(context.Background(), u.ID, survey.SlugNameAndBirth, "",
			[]survey.QuestionAnswers{{QuestionSlug: survey.SlugNameAndBirth, Answers: answers}}, onboarding.UTM{}, time.Now()); err != nil {
			t.Fatal(err)
		}
		return h
	}
}

// TestJourneyGates checks on each database that nothing past the survey opens before the survey
// says so: the coach calls answer 409 with a plain detail and change nothing, and the member's
// state tells the app where to go instead.
func TestJourneyGates(t *testing.T) {
	tests := []struct {
		name         string
		member       journeyMember
		wantStatus   int    // of choosing a coach and of listing the coaches
		wantDetail   string // a fragment of the 409's detail
		wantResumeAt string
		wantHold     bool
	}{
		{"a fresh member", fresh, 409, "start with your name and date of birth", "name-and-birth", false},
		{"a member who stopped after the first step", halfway, 409, "questions still need an answer", "how-you-identify", false},
		{"a member who skipped what applies to them", skippedSafety, 409, "one question still needs an answer", "what-apply-to-you", false},
		{"a member under 18", minor, 409, "adults aged 18 or older", "name-and-birth", false},
		{"a member who did not accept the terms", noTerms, 409, "accept the terms", "name-and-birth", false},
		{"a member who disclosed self-harm", disclosed, 409, messages.English.T(onboarding.MsgSafetyHold), "we-are-sorry-no-go", true},
		{"a member who disclosed and then changed the answer", retracted, 409, messages.English.T(onboarding.MsgSafetyHold), "we-are-sorry-no-go", true},
		{"a member who finished the survey", finished, 200, "", "pre-account", false},
	}
	forEachDatabase(t, func(t *testing.T, ts *testServer) {
		seedCoaches(t, ts)
		for i, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				subject := fmt.Sprintf("gate-%d", i)
				h := tt.member(t, ts, subject)
				before := ts.do("GET", "/api/onboarding/survey", nil, h).Body.String()

				list, _ := ts.scenario(t, subject, "GET", "/api/chat/list_coaches", "", nil, tt.wantStatus)
				choose, _ := ts.scenario(t, subject, "PUT", "/api/chat/me_switch_coach", `{"coachId":"tess"}`, nil, tt.wantStatus)
				if tt.wantStatus == 409 {
					for _, w := range []string{list.Body.String(), choose.Body.String()} {
						var p Problem
						if err := json.Unmarshal([]byte(w), &p); err != nil || !strings.Contains(p.Detail, tt.wantDetail) {
							t.Errorf("409 body %s, want a detail saying %q", w, tt.wantDetail)
						}
					}
					after := ts.do("GET", "/api/onboarding/survey", nil, h).Body.String()
					if after != before {
						t.Errorf("a refused call changed the member's state:\nbefore %s\nafter  %s", before, after)
					}
				}
				var st surveyState
				if err := json.Unmarshal([]byte(before), &st); err != nil {
					t.Fatal(err)
				}
				if st.ResumeAt != tt.wantResumeAt || st.SafetyHold != tt.wantHold || st.CoachID != nil {
					t.Errorf("state = resumeAt %q, safetyHold %v, coachId %v; want %q, %v, null",
						st.ResumeAt, st.SafetyHold, st.CoachID, tt.wantResumeAt, tt.wantHold)
				}
			})
		}
	})
}

// TestSafetyDisclosureClosesTheJourney follows a member who chose a coach and later told us of
// thoughts of self-harm: the disclosure is kept apart from the answers, survives a changed answer,
// and closes every call past the survey, while the crisis page is where the state sends them.
func TestSafetyDisclosureClosesTheJourney(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, ts *testServer) {
		seedCoaches(t, ts)
		h := finished(t, ts, "safety")
		if w := ts.do("PUT", "/api/chat/me_switch_coach", strings.NewReader(`{"coachId":"tess"}`), h); w.Code != 200 {
			t.Fatalf("choosing before the disclosure: %d %s", w.Code, w.Body.String())
		}
		state := func() surveyState {
			t.Helper()
			var st surveyState
			if err := json.Unmarshal(ts.do("GET", "/api/onboarding/survey", nil, h).Body.Bytes(), &st); err != nil {
				t.Fatal(err)
			}
			return st
		}
		if st := state(); st.ResumeAt != "thank-you-page" || st.CoachID == nil || *st.CoachID != "tess" {
			t.Errorf("a finished member's state = %+v, want the done step and their coach", st)
		}

		ts.saveSurvey(t, h, []survey.QuestionAnswers{{QuestionSlug: "what-apply-to-you", Answers: selfHarm}})
		u, err := ts.db.UserBySubject(context.Background(), "safety")
		if err != nil {
			t.Fatal(err)
		}
		first, err := ts.db.PausingSafetyDisclosure(context.Background(), u.ID)
		if err != nil || first.QuestionSlug != "what-apply-to-you" {
			t.Fatalf("PausingSafetyDisclosure = %+v, %v; want the disclosure on what-apply-to-you", first, err)
		}
		// Saving it again, or changing the answer, keeps the first disclosure as it was.
		ts.saveSurvey(t, h, []survey.QuestionAnswers{{QuestionSlug: "what-apply-to-you", Answers: selfHarm[1:]}})
		ts.saveSurvey(t, h, []survey.QuestionAnswers{{QuestionSlug: "what-apply-to-you", Answers: noneOf}})
		if again, err := ts.db.PausingSafetyDisclosure(context.Background(), u.ID); err != nil || again != first {
			t.Errorf("after changing the answer the disclosure is %+v, %v; want it unchanged %+v", again, err, first)
		}

		for _, call := range []struct{ method, path, body string }{
			{"PUT", "/api/chat/me_switch_coach", `{"coachId":"fred"}`},
			{"PUT", "/api/chat/me_switch_coach", `{"coachId":"tess"}`},
			{"GET", "/api/chat/list_coaches", ""},
		} {
			w, _ := ts.scenario(t, "safety", call.method, call.path, call.body, nil, 409)
			assertBodyContains(t, w.Body.String(), []string{"988"})
		}
		st := state()
		if st.ResumeAt != "we-are-sorry-no-go" || !st.SafetyHold || st.CoachID == nil || *st.CoachID != "tess" {
			t.Errorf("state after the disclosure = %+v, want the crisis page, the hold, and the coach unchanged", st)
		}
		if logs := ts.logs.String(); strings.Contains(logs, "self-harm") || strings.Contains(logs, "paused") {
			t.Errorf("the disclosure reached the log: %s", logs)
		}
	})
}

// TestExclusiveAndUncleanAnswers sends, on each database, answers the survey refuses: "None of
// these" with another option, and text with control characters, invalid UTF-8, bidi overrides or
// field names in another case. Each is a 400 naming the field, never a 5xx, and changes nothing.
func TestExclusiveAndUncleanAnswers(t *testing.T) {
	nameAndBirth := func(first string) string {
		return `{"fromSlug":"name-and-birth","data":[{"questionSlug":"name-and-birth","answers":[{"key":"firstName","value":"` + first +
			`"},{"key":"lastName","value":"Rivera"},{"key":"dateOfBirth","value":"1990-04-30"},{"key":"termsOfService","value":"true"}]}]}`
	}
	applies := func(keys ...string) string {
		var answers []string
		for _, k := range keys {
			answers = append(answers, `{"key":"`+k+`","value":""}`)
		}
		return surveyBody("what-apply-to-you", `{"questionSlug":"what-apply-to-you","answers":[`+strings.Join(answers, ",")+`]}`)
	}
	tests := []struct {
		name      string
		body      string
		wantField string
	}{
		{"none with another answer", applies("anxiety", "none"), "data[0].answers"},
		{"none with self-harm", applies("self-harm", "none"), "data[0].answers"},
		{"a NUL in a first name", nameAndBirth(`Sam\u0000`), "data[0].answers[0].value"},
		{"a line break in a first name", nameAndBirth(`Sam\r\nRivera`), "data[0].answers[0].value"},
		{"a right-to-left override in a first name", nameAndBirth(`\u202eSam`), "data[0].answers[0].value"},
		{"an invisible first name", nameAndBirth(`\u200b\u200b`), "data[0].answers[0].value"},
		{"a lone surrogate in a first name", nameAndBirth(`\udc00`), "data[0].answers[0].value"},
		{"invalid UTF-8 in a first name", nameAndBirth("Sam\xff"), "data[0].answers[0].value"},
		{"a NUL in a campaign value", `{"fromSlug":"how-you-identify","data":[],"utm":{"utm_campaign":"spring\u0000"}}`, "utm.utm_campaign"},
		{"a NUL in a step's name", `{"fromSlug":"how-you-identify\u0000","data":[]}`, "fromSlug"},
		{"a NUL in an answer key", surveyBody("how-you-identify", `{"questionSlug":"how-you-identify","answers":[{"key":"female\u0000","value":""}]}`), "data[0].answers[0].key"},
		{"a field name in capitals", `{"FROMSLUG":"how-you-identify","data":[]}`, "FROMSLUG"},
		{"a field name in lower case", `{"fromslug":"how-you-identify","data":[]}`, "fromslug"},
		{"a nested field name in another case", surveyBody("how-you-identify", `{"questionSlug":"how-you-identify","answers":[{"Key":"female","value":""}]}`), "data[0].answers[0].Key"},
		{"a field twice", `{"fromSlug":"how-you-identify","fromSlug":"fidget","data":[]}`, "fromSlug"},
	}
	forEachDatabase(t, func(t *testing.T, ts *testServer) {
		for i, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				subject := fmt.Sprintf("unclean-%d", i)
				w, authorization := ts.scenario(t, subject, "PUT", "/api/onboarding/survey", tt.body, nil, 400)
				assertBodyContains(t, w.Body.String(), []string{`"field":"` + tt.wantField + `"`})
				got := ts.do("GET", "/api/onboarding/survey", nil, map[string]string{"Authorization": authorization}).Body.String()
				if !strings.Contains(got, `"answers":[]`) || !strings.Contains(got, `"safetyHold":false`) {
					t.Errorf("after a refused save the survey is %s, want nothing stored", got)
				}
				if logs := ts.logs.String(); strings.Contains(logs, `"level":"ERROR"`) {
					t.Errorf("bad input was logged as a server error: %s", logs)
				}
			})
		}
	})
}
