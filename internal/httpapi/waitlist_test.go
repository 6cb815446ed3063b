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
	"wayfinder/internal/waitlist"
)

const waitlistPath = "/api/user/me/android-waitlist"

// myWaitlistOfMember reads the caller's place on the waitlist through the API.
func myWaitlistOfMember(t *testing.T, ts *testServer, header map[string]string) myWaitlistJSON {
	t.Helper()
	w, _ := ts.scenario(t, "", "GET", waitlistPath, "", header, http.StatusOK)
	var got myWaitlistJSON
	if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	return got
}

// TestAndroidWaitlistMember joins, changes, reads and leaves the waitlist as a member, with a bearer
// token and with a web session: each sees their own place only.
func TestAndroidWaitlistMember(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, ts *testServer) {
		bearer := map[string]string{"Authorization": ts.bearer(t, "wl-ann", []string{"member"}, nil)}
		if got := myWaitlistOfMember(t, ts, bearer); got.Joined || got.Email != "" || got.JoinedAt != nil {
			t.Fatalf("before joining = %+v, want joined false and nothing else", got)
		}
		w, _ := ts.scenario(t, "", "GET", waitlistPath, "", bearer, http.StatusOK)
		if got := strings.TrimSpace(w.Body.String()); got != `{"joined":false}` {
			t.Errorf("body = %s, want {\"joined\":false}", got)
		}

		before := time.Now().UTC().Add(-time.Second)
		w, _ = ts.scenario(t, "", "PUT", waitlistPath, `{"email":"  ann.news@example.test ","consent":true}`, bearer, http.StatusOK)
		var joined myWaitlistJSON
		if err := json.Unmarshal(w.Body.Bytes(), &joined); err != nil {
			t.Fatal(err)
		}
		if !joined.Joined || joined.Email != "ann.news@example.test" || joined.JoinedAt == nil || joined.JoinedAt.Before(before) {
			t.Fatalf("PUT = %+v, want joined at the trimmed address, now", joined)
		}
		if got := myWaitlistOfMember(t, ts, bearer); !got.Joined || got.Email != joined.Email || !got.JoinedAt.Equal(*joined.JoinedAt) {
			t.Errorf("GET after joining = %+v, want %+v", got, joined)
		}
		// A retry is the same place; a new address is a new one.
		w, _ = ts.scenario(t, "", "PUT", waitlistPath, `{"email":"ann.news@example.test","consent":true}`, bearer, http.StatusOK)
		var again myWaitlistJSON
		_ = json.Unmarshal(w.Body.Bytes(), &again)
		if !again.JoinedAt.Equal(*joined.JoinedAt) {
			t.Errorf("joining again with the same address moved the time from %v to %v", joined.JoinedAt, again.JoinedAt)
		}
		ts.scenario(t, "", "PUT", waitlistPath, `{"email":"ann@elsewhere.example","consent":true}`, bearer, http.StatusOK)
		if got := myWaitlistOfMember(t, ts, bearer); got.Email != "ann@elsewhere.example" {
			t.Errorf("after changing the address, GET = %+v", got)
		}

		// Bea, on the web, has her own place, and doesn't see Ann's.
		bea, _, err := ts.db.EnsureUser(t.Context(), "wl-bea", "bea@example.test", "member")
		if err != nil {
			t.Fatal(err)
		}
		session := map[string]string{"Cookie": ts.sessionCookie(t, bea.ID)}
		if got := myWaitlistOfMember(t, ts, session); got.Joined {
			t.Errorf("Bea sees %+v, want not joined", got)
		}
		ts.scenario(t, "", "PUT", waitlistPath, `{"email":"bea@example.test","consent":true}`, session, http.StatusOK)
		if got := myWaitlistOfMember(t, ts, session); got.Email != "bea@example.test" {
			t.Errorf("Bea's place = %+v", got)
		}

		// Leaving is 204, and again 204.
		for range 2 {
			w, _ := ts.scenario(t, "", "DELETE", waitlistPath, "", bearer, http.StatusNoContent)
			if w.Body.Len() != 0 {
				t.Errorf("DELETE body = %q, want none", w.Body.String())
			}
		}
		if got := myWaitlistOfMember(t, ts, bearer); got.Joined {
			t.Errorf("after leaving = %+v, want not joined", got)
		}
		if got := myWaitlistOfMember(t, ts, session); !got.Joined {
			t.Error("Ann's leaving took Bea off the list too")
		}
		if strings.Contains(ts.logs.String(), "ann.news@example.test") || strings.Contains(ts.logs.String(), "bea@example.test") {
			t.Error("an address on the waitlist was written to the log")
		}
	})
}

// TestAndroidWaitlistRefusals sends what the API must refuse: each answer is a problem with words a
// member can act on, and nothing is stored.
func TestAndroidWaitlistRefusals(t *testing.T) {
	ts := newTestServer(t)
	header := map[string]string{"Authorization": ts.bearer(t, "wl-refused", []string{"member"}, nil)}
	tests := []struct {
		name       string
		body       string
		extra      map[string]string
		wantStatus int
		wantBody   []string
	}{
		{"no consent", `{"email":"ann@example.com","consent":false}`, nil, 400,
			[]string{`"detail":"Please tick the box so we may email you when the app is on Android."`, `"field":"consent"`}},
		{"consent left out", `{"email":"ann@example.com"}`, nil, 400, []string{`"field":"consent"`}},
		{"no address", `{"email":"","consent":true}`, nil, 400,
			[]string{`"field":"email"`, "Please give the email address we should write to."}},
		{"not an address", `{"email":"ann at example","consent":true}`, nil, 400,
			[]string{`"field":"email"`, "Please give an email address like name@example.com."}},
		{"a display name", `{"email":"Ann <ann@example.com>","consent":true}`, nil, 400, []string{"name@example.com"}},
		{"a NUL", `{"email":"ann\u0000@example.com","consent":true}`, nil, 400,
			[]string{`"field":"email"`, "without tabs or line breaks"}},
		{"a header smuggled after a line break", `{"email":"ann@example.com\r\nBcc: eve@example.com","consent":true}`, nil, 400,
			[]string{`"field":"email"`, "without tabs or line breaks"}},
		{"a right-to-left override", `{"email":"ann\u202e@example.com","consent":true}`, nil, 400, []string{"hidden characters"}},
		{"too long", `{"email":"` + strings.Repeat("a", 250) + `@example.com","consent":true}`, nil, 400, []string{"too long"}},
		{"both wrong", `{"email":"","consent":false}`, nil, 400, []string{`"field":"email"`, `"field":"consent"`}},
		{"consent as a string", `{"email":"ann@example.com","consent":"yes"}`, nil, 400,
			[]string{`"field":"consent"`, "must be a boolean"}},
		{"email as a number", `{"email":5,"consent":true}`, nil, 400, []string{`"field":"email"`, "must be a string"}},
		{"a list instead of an object", `[]`, nil, 400, []string{"must be a JSON object"}},
		{"a field we don't know", `{"email":"ann@example.com","consent":true,"consentVersion":"v9"}`, nil, 400,
			[]string{`"field":"consentVersion"`, "not a known field"}},
		{"malformed JSON", `{"email":"ann@example.com","consent":tru`, nil, 400, []string{"not valid JSON"}},
		{"an empty body", ``, nil, 400, []string{"empty"}},
		{"not JSON", `email=ann@example.com&consent=true`, map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415,
			[]string{"application/json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := map[string]string{"Authorization": header["Authorization"], "Content-Type": "application/json"}
			for k, v := range tt.extra {
				h[k] = v
			}
			w := ts.do("PUT", waitlistPath, strings.NewReader(tt.body), h)
			if w.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d; body %s", w.Code, tt.wantStatus, w.Body.String())
			}
			if got := w.Header().Get("Content-Type"); got != "application/problem+json" {
				t.Errorf("Content-Type = %q, want application/problem+json", got)
			}
			assertBodyContains(t, w.Body.String(), tt.wantBody)
			checkOpenAPI(t, "PUT", waitlistPath, tt.body, w)
			if got := myWaitlistOfMember(t, ts, header); got.Joined {
				t.Errorf("a refused request stored %+v", got)
			}
		})
	}
}

// TestAndroidWaitlistNeedsSignIn: every waitlist route answers 401 to anonymous callers, and the
// staff routes 403 to members, with nothing read or written.
func TestAndroidWaitlistNeedsSignIn(t *testing.T) {
	ts := newTestServer(t)
	member := map[string]string{"Authorization": ts.bearer(t, "wl-member", []string{"member"}, nil)}
	ts.scenario(t, "", "PUT", waitlistPath, `{"email":"m@example.com","consent":true}`, member, http.StatusOK)
	routes := []struct{ method, path, body string }{
		{"GET", waitlistPath, ""},
		{"PUT", waitlistPath, `{"email":"ann@example.com","consent":true}`},
		{"DELETE", waitlistPath, ""},
		{"GET", "/api/staff/android-waitlist", ""},
		{"GET", "/api/staff/android-waitlist/export", ""},
	}
	for _, r := range routes {
		w, _ := ts.scenario(t, "", r.method, r.path, r.body, nil, http.StatusUnauthorized)
		if strings.Contains(w.Body.String(), "example.com") {
			t.Errorf("%s %s as nobody answered %s", r.method, r.path, w.Body.String())
		}
		if strings.HasPrefix(r.path, "/api/staff/") {
			w, _ := ts.scenario(t, "", r.method, r.path, "", member, http.StatusForbidden)
			if strings.Contains(w.Body.String(), "m@example.com") {
				t.Errorf("%s %s as a member answered %s", r.method, r.path, w.Body.String())
			}
		}
	}
	entries, err := ts.db.AuditEntries(t.Context(), backoffice.AuditQuery{Limit: 10})
	if err != nil || len(entries) != 0 {
		t.Errorf("audit log = %+v, %v; want nothing from refused requests", entries, err)
	}
}

// TestStaffAndroidWaitlist reads the waitlist as staff, a page at a time, and downloads it: newest
// first, the count, the CSV's columns and its guard against formulas, never a survey answer, and an
// audit entry for each read.
func TestStaffAndroidWaitlist(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, ts *testServer) {
		ctx := t.Context()
		staff := map[string]string{"Authorization": ts.bearer(t, "wl-staff", []string{"staff"}, nil)}
		admin := map[string]string{"Authorization": ts.bearer(t, "wl-admin", []string{"staff", "admin"}, nil)}

		// A member who answered the whole survey joins through the API, with an address a
		// spreadsheet would take for a formula.
		seedCoaches(t, ts)
		answered := ts.member(t, "wl-answered")
		ts.completeSurvey(t, answered)
		ts.scenario(t, "", "PUT", waitlistPath, `{"email":"=1+2@example.com","consent":true}`, answered, http.StatusOK)
		// More members than a page holds, straight into the store, a minute apart.
		start := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		for i := range waitlist.PageSize + 2 {
			u, _, err := ts.db.EnsureUser(ctx, fmt.Sprintf("wl-%02d", i), fmt.Sprintf("wl-%02d@example.test", i), "member")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := ts.db.SaveAndroidWaitlistEntry(ctx, waitlist.Entry{UserID: u.ID, Email: fmt.Sprintf("%s-%02d@example.test", []string{"+plus", "-dash", "plain"}[i%3], i),
				ConsentVersion: waitlist.ConsentVersion, JoinedAt: start.Add(time.Duration(i) * time.Minute)}); err != nil {
				t.Fatal(err)
			}
		}
		total := waitlist.PageSize + 3

		w, _ := ts.scenario(t, "", "GET", "/api/staff/android-waitlist", "", staff, http.StatusOK)
		var first staffWaitlistJSON
		if err := json.Unmarshal(w.Body.Bytes(), &first); err != nil {
			t.Fatal(err)
		}
		if first.Count != total || len(first.Entries) != waitlist.PageSize || first.Next == nil {
			t.Fatalf("first page: count %d, %d entries, next %v; want %d, %d and more", first.Count, len(first.Entries), first.Next, total, waitlist.PageSize)
		}
		if got := first.Entries[0].Email; got != "=1+2@example.com" {
			t.Errorf("first entry = %s, want the newest, who joined just now", got)
		}
		if got, want := first.Entries[1], (staffWaitlistEntryJSON{Email: "+plus-51@example.test", JoinedAt: "2026-01-02T03:55:05Z"}); got != want {
			t.Errorf("second entry = %+v, want %+v", got, want)
		}
		w, _ = ts.scenario(t, "", "GET", "/api/staff/android-waitlist?after="+*first.Next, "", admin, http.StatusOK)
		var second staffWaitlistJSON
		_ = json.Unmarshal(w.Body.Bytes(), &second)
		var emails []string
		for _, e := range second.Entries {
			emails = append(emails, e.Email)
		}
		if want := []string{"plain-02@example.test", "-dash-01@example.test", "+plus-00@example.test"}; !slices.Equal(emails, want) || second.Next != nil || second.Count != total {
			t.Errorf("second page = %v (next %v, count %d), want %v and no more", emails, second.Next, second.Count, want)
		}
		w, _ = ts.scenario(t, "", "GET", "/api/staff/android-waitlist?after=bogus", "", staff, http.StatusBadRequest)
		assertBodyContains(t, w.Body.String(), []string{`"field":"after"`})

		// The download.
		w, _ = ts.scenario(t, "", "GET", "/api/staff/android-waitlist/export", "", staff, http.StatusOK)
		if got := w.Header().Get("Content-Type"); got != "text/csv; charset=utf-8" {
			t.Errorf("Content-Type = %q, want text/csv; charset=utf-8", got)
		}
		if cd := w.Header().Get("Content-Disposition"); !regexp.MustCompile(`^attachment; filename="wayfinder-script-b-android-waitlist-\d{4}-\d{2}-\d{2}\.csv"$`).MatchString(cd) {
			t.Errorf("Content-Disposition = %q, want an attachment named after the brand and the day", cd)
		}
		if got := w.Header().Get("Cache-Control"); got != "no-store" {
			t.Errorf("Cache-Control = %q, want no-store", got)
		}
		raw := w.Body.String()
		records, err := csv.NewReader(strings.NewReader(raw)).ReadAll()
		if err != nil {
			t.Fatalf("the file is not CSV: %v\n%s", err, raw)
		}
		if len(records) != total+1 || !slices.Equal(records[0], []string{"email", "joined_at", "consent_version"}) {
			t.Fatalf("the file has %d records beginning %v; want a header and %d members", len(records), records[0], total)
		}
		if got := records[1]; got[0] != "'=1+2@example.com" || got[2] != waitlist.ConsentVersion {
			t.Errorf("the formula-like address's record = %q, want it guarded with a leading '", got)
		}
		wantLines := []string{
			"\n'-dash-49@example.test,2026-01-02T03:53:05Z," + waitlist.ConsentVersion + "\n",
			"\n'+plus-00@example.test,2026-01-02T03:04:05Z," + waitlist.ConsentVersion + "\n",
			"\nplain-50@example.test,2026-01-02T03:54:05Z," + waitlist.ConsentVersion + "\n",
		}
		assertBodyContains(t, raw, wantLines)
		for _, r := range records[1:] {
			if len(r) != 3 || strings.ContainsAny(r[0][:1], "=+-@\t\r") {
				t.Errorf("record %q is not three cells with a guarded address", r)
			}
		}
		// Nothing the members answered: the answered member's name and answers are not there.
		for _, not := range []string{"Sam", "Rivera", "female", "very-often", "CA"} {
			if strings.Contains(raw, not) {
				t.Errorf("the download holds %q, an answer of the survey", not)
			}
		}

		// Each read is audited as the staff user's, with no member named.
		entries, err := ts.db.AuditEntries(ctx, backoffice.AuditQuery{Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range entries {
			got = append(got, e.Action+" by "+e.StaffEmail)
			if e.MemberID != "" || e.StaffUserID == "" || e.At.IsZero() {
				t.Errorf("audit entry %+v, want the staff user and the time, and no member", e)
			}
		}
		want := []string{"android_waitlist.export by wl-staff@example.test", "android_waitlist.view by wl-admin@example.test", "android_waitlist.view by wl-staff@example.test"}
		if !slices.Equal(got, want) {
			t.Errorf("audit log = %v, want %v (newest first; a refused page marker reads nothing)", got, want)
		}
	})
}
