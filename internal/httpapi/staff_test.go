package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"maps"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"wayfinder/internal/backoffice"
	"wayfinder/internal/clientaddr"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/survey"
	"wayfinder/internal/survey/surveytest"
)

// staffRoutes are every route under /api/staff/, with whether only admins may use it and a body
// that a permitted caller could send. The sweep below fails when routes.go has a staff route this
// list lacks.
var staffRoutes = []struct {
	method, path string
	adminOnly    bool
	contentType  string
	body         string
}{
	{"GET", "/api/staff/members", false, "", ""},
	{"GET", "/api/staff/members/{userId}", false, "", ""},
	{"PUT", "/api/staff/members/{userId}/profile", false, "application/json", `{"firstName":"Sam","lastName":"Sweep","dateOfBirth":"1990-04-30","device":"iphone"}`},
	{"PUT", "/api/staff/members/{userId}/picture", false, "image/png", "png"},
	{"GET", "/api/staff/members/{userId}/picture", false, "", ""},
	{"DELETE", "/api/staff/members/{userId}/picture", false, "", ""},
	{"PUT", "/api/staff/members/{userId}/coach", false, "application/json", `{"coachId":"tess"}`},
	{"GET", "/api/staff/safety", false, "", ""},
	{"POST", "/api/staff/safety/{followUpId}/review", false, "application/json", `{"note":"Called them; they are safe and have support.","reopenJourney":false}`},
	{"POST", "/api/staff/safety/{followUpId}/reopen", false, "", ""},
	{"GET", "/api/staff/coaches", false, "", ""},
	{"POST", "/api/staff/coaches", true, "application/json", coachInputJSON},
	{"PUT", "/api/staff/coaches/{coachId}", true, "application/json", coachInputJSON},
	{"PUT", "/api/staff/coaches/{coachId}/portrait", true, "image/png", "png"},
	{"GET", "/api/staff/audit", true, "", ""},
	{"GET", "/api/staff/accounts", true, "", ""},
	{"PUT", "/api/staff/accounts", true, "application/json", `{"email":"sweep-member@example.test","role":"member"}`},
	{"GET", "/api/staff/plans", true, "", ""},
	{"PATCH", "/api/staff/plans/{planId}", true, "application/json", `{"active":true}`},
	{"GET", "/api/staff/android-waitlist", false, "", ""},
	{"GET", "/api/staff/android-waitlist/export", false, "", ""},
	{"GET", "/api/staff/insights/funnel", false, "", ""},
	{"GET", "/api/staff/insights/funnel/export", false, "", ""},
	{"GET", "/api/staff/insights/campaigns", false, "", ""},
	{"GET", "/api/staff/insights/campaigns/export", false, "", ""},
	{"GET", "/api/staff/insights/members/export", true, "", ""},
	{"GET", "/api/staff/webhooks", true, "", ""},
	{"POST", "/api/staff/webhooks", true, "application/json", `{"url":"https://crm.example.com/in","description":"","events":["member.paid"],"active":true}`},
	{"PUT", "/api/staff/webhooks/{endpointId}", true, "application/json", `{"url":"https://crm.example.com/in","description":"","events":["member.paid"],"active":false}`},
	{"POST", "/api/staff/webhooks/{endpointId}/secret", true, "", ""},
	{"GET", "/api/staff/webhooks/{endpointId}/deliveries", true, "", ""},
	{"POST", "/api/staff/webhooks/{endpointId}/deliveries/{deliveryId}/resend", true, "", ""},
	{"DELETE", "/api/staff/webhooks/{endpointId}", true, "", ""},
}

// coachInputJSON is a coach as an admin writes them.
const coachInputJSON = `{"firstName":"Tess","lastName":"Time","nickname":"","avatarUrl":"","oneLiner":"Small steps.",
	"tags":"focus","timezone":"America/Chicago","description":"","introVideoUrl":"","captionsUrl":"","active":true,"capacity":10}`

// smallPNG is a 2×2 PNG, for uploads.
func smallPNG(t testing.TB) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 2, 2))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestStaffRoutesAuthorization sends every staff route as every kind of caller: anonymous callers
// get 401, members 403, staff 403 on the admins' routes, and staff and admins get in.
func TestStaffRoutesAuthorization(t *testing.T) {
	ts := newTestServer(t)
	seedCoaches(t, ts)
	member := ts.member(t, "sweep-member")
	ts.completeSurvey(t, member)
	memberID := ts.userID(t, "sweep-member")
	disclosed(t, ts, "sweep-disclosed")
	followUp, err := ts.db.PausingSafetyDisclosure(t.Context(), ts.userID(t, "sweep-disclosed"))
	if err != nil {
		t.Fatal(err)
	}
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
		path := strings.NewReplacer("{userId}", memberID, "{coachId}", "tess", "{planId}", "steady",
			"{followUpId}", strconv.FormatInt(followUp.ID, 10), "{endpointId}", "sweep-endpoint", "{deliveryId}", "sweep-delivery").Replace(route.path)
		for _, a := range actors {
			header := maps.Clone(a.header)
			var body io.Reader
			if route.body != "" {
				if header == nil {
					header = map[string]string{}
				}
				header["Content-Type"] = route.contentType
				body = strings.NewReader(route.body)
				if route.body == "png" {
					body = bytes.NewReader(smallPNG(t))
				}
			}
			w := ts.do(route.method, path, body, header)
			// A permitted caller gets in: what they then get depends on the route and the data (the
			// second review of one disclosure is a conflict, an unknown plan is not found), never a
			// refusal of who they are.
			switch {
			case a.header == nil:
				if w.Code != http.StatusUnauthorized {
					t.Errorf("%s %s as %s = %d, want 401", route.method, route.path, a.name, w.Code)
				}
			case !a.staff, route.adminOnly && !a.admin:
				if w.Code != http.StatusForbidden {
					t.Errorf("%s %s as %s = %d, want 403", route.method, route.path, a.name, w.Code)
				}
			case w.Code == http.StatusUnauthorized, w.Code == http.StatusForbidden, w.Code >= 500:
				t.Errorf("%s %s as %s = %d, want them let in: %s", route.method, route.path, a.name, w.Code, w.Body.String())
			}
			if w.Code >= 400 && w.Header().Get("Content-Type") != "application/problem+json" {
				t.Errorf("%s %s as %s: Content-Type %q, want problem+json", route.method, route.path, a.name, w.Header().Get("Content-Type"))
			}
			jsonBody := ""
			if route.contentType == "application/json" {
				jsonBody = route.body
			}
			checkOpenAPI(t, route.method, path, jsonBody, w)
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

// TestAuditRecordsTheClientBehindTrustedProxies checks the address the audit log keeps: the
// client the trusted load balancer names, and never what a client says of itself.
func TestAuditRecordsTheClientBehindTrustedProxies(t *testing.T) {
	for _, tt := range []struct {
		name    string
		trusted []netip.Prefix
		want    string
	}{
		{"behind a trusted balancer", []netip.Prefix{netip.MustParsePrefix("192.0.2.0/24")}, "203.0.113.5"},
		{"with no proxy trusted", nil, "192.0.2.1"}, // httptest's peer address
	} {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestServer(t)
			ts.deps.ClientAddresses = clientaddr.New(tt.trusted)
			ts.deps.Registry = prometheus.NewRegistry()
			h, err := NewHandler(ts.deps)
			if err != nil {
				t.Fatal(err)
			}
			ts.handler = h
			staff := map[string]string{"Authorization": ts.bearer(t, "ops", []string{"staff"}, nil),
				"X-Forwarded-For": "198.51.100.1, 203.0.113.5"}
			if w := ts.do("GET", "/api/staff/members", nil, staff); w.Code != 200 {
				t.Fatalf("GET members = %d", w.Code)
			}
			entries, err := ts.db.AuditEntries(context.Background(), backoffice.AuditQuery{Limit: 10})
			if err != nil || len(entries) != 1 || entries[0].Address != tt.want {
				t.Errorf("audit entries = %+v, %v; want one from %s", entries, err, tt.want)
			}
		})
	}
}
