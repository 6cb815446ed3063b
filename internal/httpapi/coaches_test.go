package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"wayfinder/internal/coaching"
)

// seedCoaches stores coaches of every kind the chooser must tell apart.
func seedCoaches(t *testing.T, ts *testServer) {
	t.Helper()
	for _, c := range []coaching.Coach{
		{ID: "tess", FirstName: "Tess", LastName: "Time", Tags: "Time management, Warm", Timezone: "America/Chicago",
			OneLiner: "One thing at a time.", AvatarURL: "/media/coaches/tess.svg", Active: true, Capacity: 5},
		{ID: "fred", FirstName: "Fred", LastName: "Focus", Tags: "Focus", Timezone: "America/Los_Angeles", Active: true, Capacity: 9},
		{ID: "ivy", FirstName: "Ivy", LastName: "Idle", Tags: "Time management", Active: false, Capacity: 5},
		{ID: "fay", FirstName: "Fay", LastName: "Full", Tags: "Time management", Active: true, Capacity: 0},
	} {
		if _, err := ts.db.UpsertCoach(context.Background(), c); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCoachScenarios runs the coach API's scenarios on each database. Every row's actor is a member
// of their own who has finished the survey, so a row's choice never changes another row's outcome.
func TestCoachScenarios(t *testing.T) {
	tests := []struct {
		name       string
		actor      string
		method     string
		path       string
		body       string
		header     map[string]string
		wantStatus int
		wantBody   []string
		notInBody  []string
	}{
		{name: "list", actor: "m1", method: "GET", path: "/api/chat/list_coaches", wantStatus: 200,
			wantBody: []string{`{"coaches":[{"coachId":"fred"`, `"coachId":"tess"`, `"userId":null`, `"firstName":"Tess"`,
				`"lastName":"Time"`, `"nickname":""`, `"avatarUrl":"/media/coaches/tess.svg"`, `"oneLiner":"One thing at a time."`,
				`"tags":"Time management, Warm"`, `"timezone":"America/Chicago"`, `"description":""`, `"introVideoUrl":""`,
				`"captionsUrl":""`, `"current":false`, `"recommended":true`, `"match":{"topics":["Focus"]`},
			notInBody: []string{"ivy", "fay"}},
		{name: "list anonymously", method: "GET", path: "/api/chat/list_coaches", wantStatus: 401},
		{name: "choose", actor: "m1", method: "PUT", path: "/api/chat/me_switch_coach", body: `{"coachId":"tess"}`, wantStatus: 200,
			wantBody: []string{`"coachId":"tess"`, `"assignedAt":"`}},
		{name: "choose anonymously", method: "PUT", path: "/api/chat/me_switch_coach", body: `{"coachId":"tess"}`, wantStatus: 401},
		{name: "unknown coach", actor: "m1", method: "PUT", path: "/api/chat/me_switch_coach", body: `{"coachId":"nobody"}`,
			wantStatus: 404, wantBody: []string{"couldn't find that coach"}},
		{name: "inactive coach", actor: "m1", method: "PUT", path: "/api/chat/me_switch_coach", body: `{"coachId":"ivy"}`,
			wantStatus: 409, wantBody: []string{"not taking new members"}},
		{name: "full coach", actor: "m1", method: "PUT", path: "/api/chat/me_switch_coach", body: `{"coachId":"fay"}`,
			wantStatus: 409, wantBody: []string{"no room"}},
		{name: "no coach", actor: "m1", method: "PUT", path: "/api/chat/me_switch_coach", body: `{"coachId":""}`,
			wantStatus: 400, wantBody: []string{`"field":"coachId"`}},
		{name: "empty body object", actor: "m1", method: "PUT", path: "/api/chat/me_switch_coach", body: `{}`,
			wantStatus: 400, wantBody: []string{`"field":"coachId"`}},
		{name: "null body", actor: "m1", method: "PUT", path: "/api/chat/me_switch_coach", body: `null`,
			wantStatus: 400, wantBody: []string{`"field":"coachId"`}},
		{name: "over-long id", actor: "m1", method: "PUT", path: "/api/chat/me_switch_coach", body: `{"coachId":"` + strings.Repeat("x", 65) + `"}`,
			wantStatus: 400, wantBody: []string{`"field":"coachId"`}},
		{name: "a NUL in the id", actor: "m1", method: "PUT", path: "/api/chat/me_switch_coach", body: `{"coachId":"tess\u0000"}`,
			wantStatus: 400, wantBody: []string{`"field":"coachId"`}},
		{name: "a line break in the id", actor: "m1", method: "PUT", path: "/api/chat/me_switch_coach", body: `{"coachId":"tess\r\n"}`,
			wantStatus: 400, wantBody: []string{`"field":"coachId"`}},
		{name: "invalid UTF-8 in the id", actor: "m1", method: "PUT", path: "/api/chat/me_switch_coach", body: "{\"coachId\":\"tess\xff\"}",
			wantStatus: 400, wantBody: []string{`"field":"coachId"`}},
		{name: "a field name in capitals", actor: "m1", method: "PUT", path: "/api/chat/me_switch_coach", body: `{"COACHID":"tess"}`,
			wantStatus: 400, wantBody: []string{`"field":"COACHID"`}},
		{name: "the id twice", actor: "m1", method: "PUT", path: "/api/chat/me_switch_coach", body: `{"coachId":"fay","coachId":"tess"}`,
			wantStatus: 400, wantBody: []string{`"field":"coachId"`}},
		{name: "wrong type", actor: "m1", method: "PUT", path: "/api/chat/me_switch_coach", body: `{"coachId":7}`,
			wantStatus: 400, wantBody: []string{"coachId"}},
		{name: "another member's id", actor: "m1", method: "PUT", path: "/api/chat/me_switch_coach", body: `{"coachId":"tess","userId":"m2"}`,
			wantStatus: 400, wantBody: []string{`"field":"userId"`}},
		{name: "malformed JSON", actor: "m1", method: "PUT", path: "/api/chat/me_switch_coach", body: `{"coachId":`,
			wantStatus: 400, wantBody: []string{"not valid JSON"}},
		{name: "not JSON", actor: "m1", method: "PUT", path: "/api/chat/me_switch_coach", body: `{"coachId":"tess"}`,
			header: map[string]string{"Content-Type": "text/plain"}, wantStatus: 415},
		{name: "wrong method", actor: "m1", method: "POST", path: "/api/chat/me_switch_coach", body: `{"coachId":"tess"}`, wantStatus: 405},
	}
	forEachDatabase(t, func(t *testing.T, ts *testServer) {
		seedCoaches(t, ts)
		for i, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				actor := ""
				if tt.actor != "" {
					actor = fmt.Sprintf("%s-%d", tt.actor, i)
					ts.completeSurvey(t, ts.member(t, actor))
				}
				w, authorization := ts.scenario(t, actor, tt.method, tt.path, tt.body, tt.header, tt.wantStatus)
				if got := w.Header().Get("Cache-Control"); got != "no-store" {
					t.Errorf("Cache-Control = %q, want no-store", got)
				}
				assertBodyContains(t, w.Body.String(), tt.wantBody)
				for _, unwanted := range tt.notInBody {
					if strings.Contains(w.Body.String(), unwanted) {
						t.Errorf("body %s contains %q", w.Body.String(), unwanted)
					}
				}
				// A refused choice leaves the member without a coach.
				if actor != "" && w.Code >= 400 {
					list := ts.do("GET", "/api/chat/list_coaches", nil, map[string]string{"Authorization": authorization}).Body.String()
					if strings.Contains(list, `"current":true`) {
						t.Errorf("after a refused choice the member has a coach: %s", list)
					}
				}
				if logs := ts.logs.String(); strings.Contains(logs, `"level":"ERROR"`) {
					t.Errorf("bad input was logged as a server error: %s", logs)
				}
			})
		}
	})
}

// TestCoachChoiceAndMatching follows two members: the first, whose answers fit Tess, sees her first
// and recommended, chooses her and then another coach; the second, whose answers fit Fred, is never
// affected.
func TestCoachChoiceAndMatching(t *testing.T) {
	ts := newTestServer(t)
	seedCoaches(t, ts)
	m1, m2 := ts.member(t, "auth0|m1"), ts.member(t, "auth0|m2")
	ts.completeSurvey(t, m1)
	ts.completeSurvey(t, m2)
	list := func(h map[string]string) coachesResponse {
		t.Helper()
		w := ts.do("GET", "/api/chat/list_coaches", nil, h)
		var resp coachesResponse
		if err := json.Unmarshal(w.Body.Bytes(), &resp); err != nil || w.Code != 200 {
			t.Fatalf("list status = %d, body %s, err %v", w.Code, w.Body.String(), err)
		}
		return resp
	}
	choose := func(h map[string]string, id string) {
		t.Helper()
		if w := ts.do("PUT", "/api/chat/me_switch_coach", strings.NewReader(`{"coachId":"`+id+`"}`), h); w.Code != 200 {
			t.Fatalf("choose %s: status = %d, body %s", id, w.Code, w.Body.String())
		}
	}

	answers := surveyBody("live-state", `{"questionSlug":"live-state","answers":[{"key":"TX","value":""}]},`+
		`{"questionSlug":"your-challenge-is","answers":[{"key":"time-management","value":""}]}`)
	if w := ts.do("PUT", "/api/onboarding/survey", strings.NewReader(answers), m1); w.Code != 204 {
		t.Fatalf("saving answers: %d %s", w.Code, w.Body.String())
	}
	got := list(m1).Coaches
	if len(got) != 2 || got[0].CoachID != "tess" || !got[0].Recommended || got[1].Recommended {
		t.Fatalf("coaches = %+v, want tess first and recommended, then fred", got)
	}
	if m := got[0].Match; len(m.Topics) != 1 || m.Topics[0] != "Time management" || !m.SameTimeZone {
		t.Errorf("tess's match = %+v, want Time management in the same time zone", m)
	}
	if other := list(m2).Coaches; other[0].CoachID != "fred" || !other[0].Recommended {
		t.Errorf("a member who finds focus hardest sees %+v first, want fred, recommended", other[0])
	}

	choose(m1, "tess")
	choose(m1, "tess") // choosing the same coach again changes nothing
	choose(m1, "fred")
	if got := list(m1).Coaches; !got[1].Current || got[1].CoachID != "fred" || got[0].Current {
		t.Errorf("after choosing fred the list is %+v, want fred current", got)
	}
	u1, err := ts.db.UserBySubject(context.Background(), "auth0|m1")
	if err != nil {
		t.Fatal(err)
	}
	hist, err := ts.db.AssignmentHistory(context.Background(), u1.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(hist) != 2 || hist[0].CoachID != "fred" || hist[1].CoachID != "tess" || hist[1].EndedAt == nil || hist[0].EndedAt != nil {
		t.Errorf("history = %+v, want fred (current) then tess (ended)", hist)
	}
	for _, c := range list(m2).Coaches {
		if c.Current {
			t.Errorf("the second member has coach %s after the first chose", c.CoachID)
		}
	}
}
