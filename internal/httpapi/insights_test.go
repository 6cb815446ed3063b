package httpapi

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/backoffice"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/survey"
)

// TestStaffInsights reads the funnel and the campaigns as staff over members who walked part of the
// survey through the API: who may read them, the counts and the privacy floor, the filters and
// their refusals, and the CSV downloads with their guard against formulas.
func TestStaffInsights(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, ts *testServer) {
		staff := map[string]string{"Authorization": ts.bearer(t, "ops", []string{"staff"}, nil)}
		member := map[string]string{"Authorization": ts.bearer(t, "insight-member", []string{"member"}, nil)}
		paths := []string{"/api/staff/insights/funnel", "/api/staff/insights/funnel/export",
			"/api/staff/insights/campaigns", "/api/staff/insights/campaigns/export"}
		for _, p := range paths {
			ts.scenario(t, "", "GET", p, "", nil, http.StatusUnauthorized)
			ts.scenario(t, "", "GET", p, "", member, http.StatusForbidden)
		}

		// Six members answer name-and-birth on an iPhone, and three of them the step after; the
		// sources of the last two are formulas a spreadsheet would run.
		sources := []string{"ads", "ads", "ads", "ads", "=HYPERLINK(\"http://evil.example\")", "@SUM(A1)"}
		for i, source := range sources {
			h := map[string]string{"Authorization": ts.bearer(t, fmt.Sprintf("walker-%d", i), []string{"member"}, nil),
				"Content-Type": "application/json"}
			body, _ := json.Marshal(map[string]any{"fromSlug": survey.SlugNameAndBirth, "data": []survey.QuestionAnswers{{
				QuestionSlug: survey.SlugNameAndBirth, Answers: []survey.Answer{
					{Key: survey.KeyFirstName, Value: "Sam"}, {Key: survey.KeyLastName, Value: "Lee"},
					{Key: survey.KeyDateOfBirth, Value: "1990-01-01T00:00:00.000Z"}, {Key: survey.KeyTermsOfService, Value: "true"},
					{Key: survey.KeyDevice, Value: "iphone"}}}}, "utm": onboarding.UTM{Source: source, Campaign: "spring"}})
			ts.scenario(t, "", "PUT", "/api/onboarding/survey", string(body), h, http.StatusNoContent)
			if i < 3 {
				body := `{"fromSlug":"how-you-identify","data":[{"questionSlug":"how-you-identify","answers":[{"key":"female","value":"Female"}]}],"utm":{}}`
				ts.scenario(t, "", "PUT", "/api/onboarding/survey", body, h, http.StatusNoContent)
			}
		}

		w, _ := ts.scenario(t, "", "GET", "/api/staff/insights/funnel", "", staff, http.StatusOK)
		var fu struct {
			From, To string
			Members  map[string]int
			Steps    []struct {
				Slug          string
				Reached       map[string]int
				DropOff       map[string]int
				MedianSeconds *int64
			}
		}
		if err := json.Unmarshal(w.Body.Bytes(), &fu); err != nil {
			t.Fatal(err)
		}
		today := time.Now().UTC().Format(time.DateOnly)
		if fu.To != today || fu.From != time.Now().UTC().AddDate(0, 0, -29).Format(time.DateOnly) {
			t.Errorf("range %s to %s, want the last 30 days to %s", fu.From, fu.To, today)
		}
		// The two who made a member (the bearer calls above) without saving count as signed up too.
		reached := map[string]map[string]int{}
		for _, st := range fu.Steps {
			reached[st.Slug] = st.Reached
		}
		if fu.Members["value"] != 7 || reached[survey.SlugNameAndBirth]["value"] != 7 ||
			reached["how-you-identify"]["value"] != 6 || reached["live-state"]["fewerThan"] != 5 {
			t.Errorf("members %v, reached %v", fu.Members, reached)
		}
		if strings.Contains(w.Body.String(), "Sam") || strings.Contains(w.Body.String(), "female") {
			t.Errorf("the funnel carries a member's data: %s", w.Body.String())
		}

		// Narrowed to the iPhone members who came from ads, each count is under the floor.
		w, _ = ts.scenario(t, "", "GET", "/api/staff/insights/funnel?utm_source=ads&device=iphone&payment=not-offered&from=2020-01-01&to="+today, "", staff, http.StatusOK)
		assertBodyContains(t, w.Body.String(), []string{`"members":{"value":0}`, `"from":"2020-01-01"`})
		w, _ = ts.scenario(t, "", "GET", "/api/staff/insights/funnel?utm_source=ads&device=iphone", "", staff, http.StatusOK)
		assertBodyContains(t, w.Body.String(), []string{`"members":{"fewerThan":5}`, `"reachedShare":null`, `"medianSeconds":null`})

		for _, bad := range []struct{ query, field string }{
			{"from=yesterday", "from"}, {"to=2026-02-30", "to"}, {"from=2026-03-01&to=2026-02-01", "from"},
			{"device=nokia", "device"}, {"payment=maybe", "payment"}, {"utm_source=" + strings.Repeat("x", 201), "utm_source"},
		} {
			w, _ := ts.scenario(t, "", "GET", "/api/staff/insights/funnel?"+bad.query, "", staff, http.StatusBadRequest)
			assertBodyContains(t, w.Body.String(), []string{`"field":"` + bad.field + `"`})
		}
		ts.scenario(t, "", "GET", "/api/staff/insights/campaigns?to=soon", "", staff, http.StatusBadRequest)

		w, _ = ts.scenario(t, "", "GET", "/api/staff/insights/campaigns", "", staff, http.StatusOK)
		assertBodyContains(t, w.Body.String(), []string{`{"utmSource":"","utmCampaign":"","coupon":"","members":{"fewerThan":5}`,
			`{"utmSource":"ads","utmCampaign":"spring","coupon":"","members":{"fewerThan":5}`, `"origins":[{"origin":"","members":{"value":7}`})

		// The downloads.
		w, _ = ts.scenario(t, "", "GET", "/api/staff/insights/funnel/export", "", staff, http.StatusOK)
		records := csvRecords(t, w.Body.String())
		if !slices.Equal(records[0], funnelCSVHeader) || !slices.Equal(records[1][:3], []string{survey.SlugNameAndBirth, "false", "7"}) {
			t.Errorf("funnel file begins %v", records[:2])
		}
		if last := records[len(records)-1]; !slices.Equal(last[:3], []string{"paid", "false", "0"}) {
			t.Errorf("funnel file ends %v, want the paid row", last)
		}
		if !slices.ContainsFunc(records, func(r []string) bool { return r[0] == "live-state" && r[2] == "fewer than 5" }) {
			t.Errorf("funnel file %v, want live-state under the floor", records)
		}
		if cd := w.Header().Get("Content-Disposition"); !regexp.MustCompile(`^attachment; filename="wayfinder-script-b-funnel-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$`).MatchString(cd) {
			t.Errorf("Content-Disposition = %q", cd)
		}
		w, _ = ts.scenario(t, "", "GET", "/api/staff/insights/campaigns/export", "", staff, http.StatusOK)
		records = csvRecords(t, w.Body.String())
		var cells []string
		for _, r := range records[1:] {
			cells = append(cells, r[0])
		}
		for _, want := range []string{`'=HYPERLINK("http://evil.example")`, "'@SUM(A1)", "ads"} {
			if !slices.Contains(cells, want) {
				t.Errorf("campaign sources %q, want %q among them", cells, want)
			}
		}
	})
}

// TestStaffMembersExport downloads every member as an admin: staff may not, the columns hold no
// survey answer, names that are formulas are guarded, and the download is in the audit log.
func TestStaffMembersExport(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, ts *testServer) {
		admin := map[string]string{"Authorization": ts.bearer(t, "export-admin", []string{"admin"}, nil)}
		staff := map[string]string{"Authorization": ts.bearer(t, "export-staff", []string{"staff"}, nil)}
		ts.scenario(t, "", "GET", "/api/staff/insights/members/export", "", nil, http.StatusUnauthorized)
		ts.scenario(t, "", "GET", "/api/staff/insights/members/export", "", staff, http.StatusForbidden)

		h := map[string]string{"Authorization": ts.bearer(t, "export-member", []string{"member"}, nil), "Content-Type": "application/json"}
		body, _ := json.Marshal(map[string]any{"fromSlug": survey.SlugNameAndBirth, "data": []survey.QuestionAnswers{{
			QuestionSlug: survey.SlugNameAndBirth, Answers: []survey.Answer{
				{Key: survey.KeyFirstName, Value: "=cmd|' /C calc'!A0"}, {Key: survey.KeyLastName, Value: "+Lee"},
				{Key: survey.KeyDateOfBirth, Value: "1990-01-01T00:00:00.000Z"}, {Key: survey.KeyTermsOfService, Value: "true"},
				{Key: survey.KeyDevice, Value: "iphone"}}}}, "utm": onboarding.UTM{Source: "-2+3", Campaign: "spring", Coupon: "WELCOME10"}})
		ts.scenario(t, "", "PUT", "/api/onboarding/survey", string(body), h, http.StatusNoContent)
		answer := `{"fromSlug":"how-you-identify","data":[{"questionSlug":"how-you-identify","answers":[{"key":"non-binary","value":"Non-Binary"}]}],"utm":{}}`
		ts.scenario(t, "", "PUT", "/api/onboarding/survey", answer, h, http.StatusNoContent)

		w, _ := ts.scenario(t, "", "GET", "/api/staff/insights/members/export", "", admin, http.StatusOK)
		records := csvRecords(t, w.Body.String())
		if !slices.Equal(records[0], membersCSVHeader) || len(records) != 2 {
			t.Fatalf("file = %v, want the header and the one member", records)
		}
		row := map[string]string{}
		for i, name := range records[0] {
			row[name] = records[1][i]
		}
		want := map[string]string{"first_name": "'=cmd|' /C calc'!A0", "last_name": "'+Lee", "email": "export-member@example.test",
			"step_reached": "live-state", "payment": "none", "utm_source": "'-2+3", "utm_campaign": "spring", "coupon": "WELCOME10", "coach": ""}
		for k, v := range want {
			if row[k] != v {
				t.Errorf("%s = %q, want %q", k, row[k], v)
			}
		}
		if strings.Contains(strings.ToLower(w.Body.String()), "non-binary") || strings.Contains(w.Body.String(), "1990") {
			t.Errorf("the export carries a survey answer:\n%s", w.Body.String())
		}
		entries, err := ts.db.AuditEntries(t.Context(), backoffice.AuditQuery{Limit: 10})
		if err != nil || len(entries) != 1 || entries[0].Action != "members.export" || entries[0].StaffEmail != "export-admin@example.test" {
			t.Errorf("audit log = %+v, %v; want one members.export by the admin", entries, err)
		}
	})
}

// csvRecords parses a downloaded CSV file or fails the test.
func csvRecords(t *testing.T, raw string) [][]string {
	t.Helper()
	records, err := csv.NewReader(strings.NewReader(raw)).ReadAll()
	if err != nil || len(records) < 2 {
		t.Fatalf("the file is not CSV with rows (%v):\n%s", err, raw)
	}
	return records
}
