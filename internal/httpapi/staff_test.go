package httpapi

import (
	"context"
	"encoding/json"
	"github.com/prometheus/client_golang/prometheus"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"wayfinder/internal/backoffice"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/survey"
	"wayfinder/internal/survey/surveytest"
)

// staffRoutes are every route under /api/staff/, with whether only admins may use it. The sweep
// below fails when routes.go has a staff route this list lacks.
var staffRoutes = []struct {
	method, path string
	adminOnly    bool
}{
	{"GET", "/api/staff/members", false},
	{"GET", "/api/staff/members/{userId}", false},
	{"GET", "/api/staff/audit", true},
}

// TestStaffRoutesAuthorization sends every staff route as every kind of caller: anonymous callers
// get 401, members 403, staff 403 on the admins' routes, and staff and admins get in.
func TestStaffRoutesAuthorization(t *testing.T) {
	ts := newTestServer(t)
	member := ts.member(t, "sweep-member")
	ts.completeSurvey(t, member)
	memberID := ts.userID(t, "sweep-member")
	actors := []struct {
		name   string
		header map[string]string
		staff  bool
		admin  bool
	}{
		{"anonymous", nil, false, false},
		{"member", member, false, false},
		{"member claiming staff by email", map[string]string{"Authorization": ts.bearer(t, "staff-lookalike", []string{"member"}, nil)}, false, false},
		{"staff", map[string]string{"Authorization": ts.bearer(t, "sweep-staff", []string{"staff"}, nil)}, true, false},
		{"admin", map[string]string{"Authorization": ts.bearer(t, "sweep-admin", []string{"staff", "admin"}, nil)}, true, true},
	}
	deps := ts.deps
	deps.Registry = prometheus.NewRegistry() // the test server's handler has registered its metrics there
	_, rt, err := newServer(deps)
	if err != nil {
		t.Fatal(err)
	} else {
		for path, methods := range rt.methods {
			if !strings.HasPrefix(path, "/api/staff/") {
				continue
			}
			for _, m := range methods {
				found := m == http.MethodHead
				for _, r := range staffRoutes {
					found = found || (r.method == m && r.path == path)
				}
				if !found {
					t.Errorf("%s %s is not in staffRoutes: add it to the sweep", m, path)
				}
			}
		}
	}
	for _, route := range staffRoutes {
		path := strings.ReplaceAll(route.path, "{userId}", memberID)
		for _, a := range actors {
			want := http.StatusOK
			switch {
			case a.header == nil:
				want = http.StatusUnauthorized
			case !a.staff, route.adminOnly && !a.admin:
				want = http.StatusForbidden
			}
			w := ts.do(route.method, path, nil, a.header)
			if w.Code != want {
				t.Errorf("%s %s as %s = %d, want %d: %s", route.method, route.path, a.name, w.Code, want, w.Body.String())
			}
			if w.Code >= 400 && w.Header().Get("Content-Type") != "application/problem+json" {
				t.Errorf("%s %s as %s: Content-Type %q, want problem+json", route.method, route.path, a.name, w.Header().Get("Content-Type"))
			}
			checkOpenAPI(t, route.method, path, "", w)
		}
	}
}

func TestStaffFindAndReadMembersAudited(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, ts *testServer) {
		staff := map[string]string{"Authorization": ts.bearer(t, "ops", []string{"staff"}, nil)}
		admin := map[string]string{"Authorization": ts.bearer(t, "boss", []string{"admin"}, nil)}
		ada := ts.readyForPlan(t, "ada", onboarding.UTM{Source: "ads"})
		ts.saveSurvey(t, ada, []survey.QuestionAnswers{{QuestionSlug: survey.SlugNameAndBirth, Answers: surveytest.NameAndBirth(surveytest.DateOfBirth)}})
		for _, s := range []string{"m1", "m2", "m3"} {
			ts.completeSurvey(t, ts.member(t, s))
		}
		disclosed(t, ts, "held")
		adaID, heldID := ts.userID(t, "ada"), ts.userID(t, "held")

		// The list: newest first, the staff not in it, each with where they stand.
		w := ts.do("GET", "/api/staff/members", nil, staff)
		var page staffMembersResponse
		if err := json.Unmarshal(w.Body.Bytes(), &page); err != nil || w.Code != 200 {
			t.Fatalf("GET members = %d %s", w.Code, w.Body.String())
		}
		if len(page.Members) != 5 || page.Next != nil {
			t.Fatalf("members = %d (next %v), want the 5 members and no more pages", len(page.Members), page.Next)
		}
		byID := map[string]staffMemberRow{}
		for _, m := range page.Members {
			byID[m.UserID] = m
		}
		if a := byID[adaID]; a.Coach == nil || a.Coach.Name != "Tess Time" || a.Payment != "none" || a.SafetyFlag || a.StepReached == nil {
			t.Errorf("ada's row = %+v, want coach Tess Time, no payment, no flag, a step", a)
		}
		if !byID[heldID].SafetyFlag {
			t.Errorf("held's row has no safety flag")
		}
		// A search by email, and one with LIKE's wildcards in it, which match only themselves.
		for q, want := range map[string]int{"ADA@": 1, "%": 0, "_": 0, "example.test": 5} {
			w := ts.do("GET", "/api/staff/members?q="+url.QueryEscape(q), nil, staff)
			_ = json.Unmarshal(w.Body.Bytes(), &page)
			if len(page.Members) != want {
				t.Errorf("search %q found %d, want %d", q, len(page.Members), want)
			}
		}
		if w := ts.do("GET", "/api/staff/members?after=nonsense", nil, staff); w.Code != 400 {
			t.Errorf("a made-up page marker = %d, want 400", w.Code)
		}

		// One member's page, in readable words, and nothing of a staff account.
		w = ts.do("GET", "/api/staff/members/"+adaID, nil, staff)
		if w.Code != 200 {
			t.Fatalf("GET member = %d %s", w.Code, w.Body.String())
		}
		checkOpenAPI(t, "GET", "/api/staff/members/"+adaID, "", w)
		assertBodyContains(t, w.Body.String(), []string{`"firstName":"Sam"`, `"question":"`, `"score":`, `"utm":{"first":{"utm_source":"ads"`,
			`"coaches":[{"coachId":"tess","name":"Tess Time"`, `"subscription":{"planId":null,"status":"none"}`})
		if w := ts.do("GET", "/api/staff/members/"+ts.userID(t, "ops"), nil, staff); w.Code != 404 {
			t.Errorf("a staff account as a member = %d, want 404", w.Code)
		}
		if w := ts.do("GET", "/api/staff/members/nobody", nil, staff); w.Code != 404 || !strings.Contains(w.Body.String(), "Unable to fetch user") {
			t.Errorf("an unknown member = %d %s, want 404 with the spec's words", w.Code, w.Body.String())
		}

		// The audit log has every access, and the admin reads it by member.
		w = ts.do("GET", "/api/staff/audit?memberId="+adaID, nil, admin)
		var log struct{ Entries []auditEntryJSON }
		if err := json.Unmarshal(w.Body.Bytes(), &log); err != nil || len(log.Entries) != 1 {
			t.Fatalf("audit of ada = %s, want one view", w.Body.String())
		}
		if e := log.Entries[0]; e.Action != backoffice.ActionViewMember || e.StaffEmail != "ops@example.test" || e.Address == "" {
			t.Errorf("the entry = %+v, want ops viewing ada, with an address", e)
		}
		w = ts.do("GET", "/api/staff/audit?staffId="+ts.userID(t, "ops"), nil, admin)
		_ = json.Unmarshal(w.Body.Bytes(), &log)
		// The list and four searches, and one member read: a refused request reads nothing and is
		// not an access.
		if got := len(log.Entries); got != 6 {
			t.Errorf("ops's entries = %d, want 6", got)
		}
		if strings.Contains(w.Body.String(), "Sam") || strings.Contains(w.Body.String(), "none") {
			t.Errorf("the audit log holds member data: %s", w.Body.String())
		}

		// Append-only: the database refuses to change or remove an entry.
		for _, q := range []string{`UPDATE audit_log SET action = 'nothing'`, `DELETE FROM audit_log`} {
			if _, err := ts.db.SQL().ExecContext(context.Background(), q); err == nil || !strings.Contains(err.Error(), "append-only") {
				t.Errorf("%s: error = %v, want the append-only refusal", q, err)
			}
		}
	})
}
