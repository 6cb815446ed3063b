package httpapi

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"wayfinder/internal/backoffice"
	"wayfinder/internal/onboarding"
)

// auditActions returns the actions of the audit log about a member, newest first, read as an admin.
func auditActions(t *testing.T, ts *testServer, memberID string) []string {
	t.Helper()
	admin := map[string]string{"Authorization": ts.bearer(t, "auditor", []string{"admin"}, nil)}
	w := ts.do("GET", "/api/staff/audit?memberId="+memberID, nil, admin)
	var log struct{ Entries []auditEntryJSON }
	if err := json.Unmarshal(w.Body.Bytes(), &log); err != nil {
		t.Fatalf("audit: %d %s", w.Code, w.Body.String())
	}
	var out []string
	for _, e := range log.Entries {
		out = append(out, e.Action)
	}
	return out
}

func TestStaffEditsAMemberAudited(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, ts *testServer) {
		staff := map[string]string{"Authorization": ts.bearer(t, "ops", []string{"staff"}, nil), "Content-Type": "application/json"}
		member := ts.readyForPlan(t, "ada", backofficeUTM)
		adaID := ts.userID(t, "ada")
		base := "/api/staff/members/" + adaID

		// A refused edit changes nothing and records nothing.
		for _, body := range []string{
			`{"firstName":"","lastName":"Lovelace","dateOfBirth":null,"device":""}`,
			`{"firstName":"Ada","lastName":"Lovelace","dateOfBirth":"2020-01-01","device":""}`,
			`{"firstName":"Ada","lastName":"Lovelace","dateOfBirth":null,"device":"nokia"}`,
			`{"firstName":"Ada\u0000","lastName":"Lovelace","dateOfBirth":null,"device":""}`,
			`{"firstName":"Ada","lastName":"Lovelace","dateOfBirth":null,"device":"","email":"x@example.test"}`,
		} {
			w := ts.do("PUT", base+"/profile", strings.NewReader(body), staff)
			if w.Code != 400 {
				t.Errorf("PUT profile %s = %d, want 400", body, w.Code)
			}
		}
		if got := auditActions(t, ts, adaID); len(got) != 0 {
			t.Errorf("refused edits were audited: %v", got)
		}
		body := `{"firstName":"Ada","lastName":"Lovelace","dateOfBirth":"1990-12-10","device":"android"}`
		w := ts.do("PUT", base+"/profile", strings.NewReader(body), staff)
		if w.Code != 200 {
			t.Fatalf("PUT profile = %d %s", w.Code, w.Body.String())
		}
		checkOpenAPI(t, "PUT", base+"/profile", body, w)
		me := ts.do("GET", "/api/user/me", nil, member)
		assertBodyContains(t, me.Body.String(), []string{`"firstName":"Ada"`, `"lastName":"Lovelace"`, `"dateOfBirth":"1990-12-10"`, `"pictureUrl":null`})

		// A picture: re-encoded, served to the member and to staff, and recorded.
		img := image.NewNRGBA(image.Rect(0, 0, 1200, 900))
		img.Set(0, 0, color.NRGBA{R: 255, A: 255})
		var buf bytes.Buffer
		_ = png.Encode(&buf, img)
		upload := map[string]string{"Authorization": staff["Authorization"], "Content-Type": "image/png"}
		w = ts.do("PUT", base+"/picture", bytes.NewReader(buf.Bytes()), upload)
		if w.Code != 200 || !strings.Contains(w.Body.String(), `"pictureUrl":"/api/staff/members/`+adaID+`/picture?v=`) {
			t.Fatalf("PUT picture = %d %s", w.Code, w.Body.String())
		}
		checkOpenAPI(t, "PUT", base+"/picture", "", w)
		me = ts.do("GET", "/api/user/me", nil, member)
		assertBodyContains(t, me.Body.String(), []string{`"pictureUrl":"/api/user/picture?v=`})
		for _, who := range []map[string]string{member, staff} {
			path := "/api/user/picture"
			if who["Authorization"] == staff["Authorization"] {
				path = base + "/picture"
			}
			w := ts.do("GET", path, nil, who)
			got, _, err := image.DecodeConfig(bytes.NewReader(w.Body.Bytes()))
			if w.Code != 200 || err != nil || w.Header().Get("Content-Type") != "image/jpeg" || got.Width != 800 || got.Height != 600 {
				t.Errorf("GET %s = %d %s %+v %v, want an 800×600 JPEG", path, w.Code, w.Header().Get("Content-Type"), got, err)
			}
			if cc := w.Header().Get("Cache-Control"); cc != "no-store" {
				t.Errorf("GET %s Cache-Control = %q, want no-store", path, cc)
			}
		}
		// Another member never gets it.
		if w := ts.do("GET", base+"/picture", nil, ts.member(t, "nosy")); w.Code != 403 {
			t.Errorf("another member reading the picture = %d, want 403", w.Code)
		}

		// Uploads that are not one plain image are refused, whatever they claim to be.
		polyglot := append(append([]byte{}, smallPNG(t)...), []byte("<script>alert(1)</script>")...)
		bomb := smallPNG(t)
		for _, tt := range []struct {
			name, contentType string
			body              []byte
			want              int
		}{
			{"a polyglot", "image/png", polyglot, 400},
			{"a 20 MB image", "image/png", append(smallPNG(t), make([]byte, 20<<20)...), 413},
			{"a decompression bomb", "image/png", pngClaiming(bomb, 100000, 100000), 400},
			{"an SVG", "image/svg+xml", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), 415},
			{"JSON", "application/json", []byte(`{}`), 415},
		} {
			w := ts.do("PUT", base+"/picture", bytes.NewReader(tt.body), map[string]string{"Authorization": staff["Authorization"], "Content-Type": tt.contentType})
			if w.Code != tt.want || w.Header().Get("Content-Type") != "application/problem+json" {
				t.Errorf("%s: PUT picture = %d %s, want %d", tt.name, w.Code, w.Body.String(), tt.want)
			}
			checkOpenAPI(t, "PUT", base+"/picture", "", w)
		}

		// Switching the coach: the member's chooser shows it, and a resting coach is refused.
		w = ts.do("PUT", base+"/coach", strings.NewReader(`{"coachId":"fred"}`), staff)
		if w.Code != 200 || !strings.Contains(w.Body.String(), `"name":"Fred Focus"`) {
			t.Fatalf("switch coach = %d %s", w.Code, w.Body.String())
		}
		if w := ts.do("GET", "/api/chat/list_coaches", nil, member); !strings.Contains(w.Body.String(), `"coachId":"fred"`) ||
			!regexpCurrent("fred").MatchString(w.Body.String()) {
			t.Errorf("the member's coaches do not show Fred as theirs: %s", w.Body.String())
		}
		if w := ts.do("PUT", base+"/coach", strings.NewReader(`{"coachId":"ivy"}`), staff); w.Code != 409 {
			t.Errorf("switching to a resting coach = %d, want 409", w.Code)
		}
		if w := ts.do("PUT", base+"/picture", nil, map[string]string{"Authorization": staff["Authorization"]}); w.Code != 415 {
			t.Errorf("an upload without a type = %d, want 415", w.Code)
		}
		if w := ts.do("DELETE", base+"/picture", nil, staff); w.Code != 204 {
			t.Errorf("DELETE picture = %d", w.Code)
		}
		if w := ts.do("GET", "/api/user/picture", nil, member); w.Code != 404 {
			t.Errorf("the member's picture after removal = %d, want 404", w.Code)
		}

		want := []string{backoffice.ActionRemovePicture, backoffice.ActionSwitchCoach, backoffice.ActionViewPicture,
			backoffice.ActionUploadPicture, backoffice.ActionEditProfile}
		if got := auditActions(t, ts, adaID); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("audit = %v, want %v", got, want)
		}
	})
}

func TestStaffSafetyFollowUp(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, ts *testServer) {
		seedCoaches(t, ts)
		staff := map[string]string{"Authorization": ts.bearer(t, "ops", []string{"staff"}, nil), "Content-Type": "application/json"}
		held := disclosed(t, ts, "held")
		heldID := ts.userID(t, "held")
		queue := func(status string) []safetyFollowUpJSON {
			w := ts.do("GET", "/api/staff/safety?status="+status, nil, staff)
			checkOpenAPI(t, "GET", "/api/staff/safety", "", w)
			var q struct{ FollowUps []safetyFollowUpJSON }
			if err := json.Unmarshal(w.Body.Bytes(), &q); err != nil {
				t.Fatalf("queue: %d %s", w.Code, w.Body.String())
			}
			return q.FollowUps
		}
		open := queue("open")
		if len(open) != 1 || open[0].UserID != heldID || !open[0].JourneyPaused || open[0].Email != "held@example.test" {
			t.Fatalf("open queue = %+v, want held, paused", open)
		}
		if w := ts.do("GET", "/api/staff/safety?status=everything", nil, staff); w.Code != 400 {
			t.Errorf("an unknown list = %d, want 400", w.Code)
		}
		path := "/api/staff/safety/" + strconv.FormatInt(open[0].ID, 10)
		// Reopening before a review, and a review without a note, are refused.
		if w := ts.do("POST", path+"/reopen", nil, staff); w.Code != 409 {
			t.Errorf("reopen before review = %d, want 409", w.Code)
		}
		if w := ts.do("POST", path+"/review", strings.NewReader(`{"note":"  ","reopenJourney":true}`), staff); w.Code != 400 {
			t.Errorf("a review without a note = %d, want 400", w.Code)
		}
		// Reviewed, the journey stays paused until someone reopens it.
		w := ts.do("POST", path+"/review", strings.NewReader(`{"note":"Called; safe, has support.","reopenJourney":false}`), staff)
		if w.Code != 200 || !strings.Contains(w.Body.String(), `"journeyPaused":true`) || !strings.Contains(w.Body.String(), `"reviewedBy":"ops@example.test"`) {
			t.Fatalf("review = %d %s", w.Code, w.Body.String())
		}
		if w := ts.do("POST", path+"/review", strings.NewReader(`{"note":"again","reopenJourney":true}`), staff); w.Code != 409 {
			t.Errorf("a second review = %d, want 409", w.Code)
		}
		if len(queue("open")) != 0 || len(queue("reviewed")) != 1 {
			t.Errorf("after the review the queues are %v / %v", queue("open"), queue("reviewed"))
		}
		if w := ts.do("GET", "/api/chat/list_coaches", nil, held); w.Code != 409 {
			t.Errorf("a reviewed member still paused reached the coaches: %d", w.Code)
		}
		if w := ts.do("POST", path+"/reopen", nil, staff); w.Code != 200 || !strings.Contains(w.Body.String(), `"journeyPaused":false`) {
			t.Fatalf("reopen = %d %s", w.Code, w.Body.String())
		}
		if w := ts.do("GET", "/api/chat/list_coaches", nil, held); w.Code != 200 {
			t.Errorf("a reopened member's coaches = %d %s, want 200", w.Code, w.Body.String())
		}
		if w := ts.do("POST", "/api/staff/safety/999999/review", strings.NewReader(`{"note":"x","reopenJourney":false}`), staff); w.Code != 404 {
			t.Errorf("an unknown follow-up = %d, want 404", w.Code)
		}
		want := []string{backoffice.ActionSafetyReopen, backoffice.ActionSafetyReview}
		if got := auditActions(t, ts, heldID); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("audit = %v, want %v", got, want)
		}
		if strings.Contains(queueBody(t, ts, staff), "self-harm") {
			t.Error("the queue shows the answer")
		}
	})
}

func queueBody(t *testing.T, ts *testServer, staff map[string]string) string {
	return ts.do("GET", "/api/staff/safety?status=reviewed", nil, staff).Body.String()
}

func TestAdminManagesCoachesAndRoles(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, ts *testServer) {
		admin := map[string]string{"Authorization": ts.bearer(t, "boss", []string{"admin"}, nil), "Content-Type": "application/json"}
		w := ts.do("POST", "/api/staff/coaches", strings.NewReader(strings.Replace(coachInputJSON, `"America/Chicago"`, `"Mars/Olympus"`, 1)), admin)
		if w.Code != 400 || !strings.Contains(w.Body.String(), `"field":"timezone"`) {
			t.Errorf("a coach with an unknown time zone = %d %s, want 400 naming timezone", w.Code, w.Body.String())
		}
		w = ts.do("POST", "/api/staff/coaches", strings.NewReader(coachInputJSON), admin)
		if w.Code != 201 {
			t.Fatalf("create coach = %d %s", w.Code, w.Body.String())
		}
		checkOpenAPI(t, "POST", "/api/staff/coaches", coachInputJSON, w)
		var c staffCoachJSON
		_ = json.Unmarshal(w.Body.Bytes(), &c)
		upload := map[string]string{"Authorization": admin["Authorization"], "Content-Type": "image/png"}
		w = ts.do("PUT", "/api/staff/coaches/"+c.CoachID+"/portrait", bytes.NewReader(smallPNG(t)), upload)
		_ = json.Unmarshal(w.Body.Bytes(), &c)
		if w.Code != 200 || !strings.HasPrefix(c.AvatarURL, "/media/") {
			t.Fatalf("portrait = %d %s", w.Code, w.Body.String())
		}
		first := c.AvatarURL
		// The portrait is public, cached for good, and gone once replaced.
		pub := ts.do("GET", first, nil, nil)
		if pub.Code != 200 || pub.Header().Get("Content-Type") != "image/jpeg" || !strings.Contains(pub.Header().Get("Cache-Control"), "immutable") {
			t.Errorf("GET %s = %d %v", first, pub.Code, pub.Header())
		}
		w = ts.do("PUT", "/api/staff/coaches/"+c.CoachID+"/portrait", bytes.NewReader(smallPNG(t)), upload)
		_ = json.Unmarshal(w.Body.Bytes(), &c)
		if w := ts.do("GET", first, nil, nil); w.Code != 404 || c.AvatarURL == first {
			t.Errorf("a replaced portrait = %d, want 404", w.Code)
		}
		for _, p := range []string{"/media/../etc/passwd", "/media/0123.jpg", "/media/coaches/tess.svg"} {
			if w := ts.do("GET", p, nil, nil); w.Code == 200 && w.Header().Get("Content-Type") == "image/jpeg" {
				t.Errorf("GET %s served a portrait", p)
			}
		}
		// Resting the coach keeps the portrait.
		rest := strings.Replace(coachInputJSON, `"active":true`, `"active":false`, 1)
		rest = strings.Replace(rest, `"avatarUrl":""`, `"avatarUrl":"`+c.AvatarURL+`"`, 1)
		w = ts.do("PUT", "/api/staff/coaches/"+c.CoachID, strings.NewReader(rest), admin)
		if w.Code != 200 || !strings.Contains(w.Body.String(), `"active":false`) {
			t.Errorf("rest the coach = %d %s", w.Code, w.Body.String())
		}
		if w := ts.do("GET", c.AvatarURL, nil, nil); w.Code != 200 {
			t.Errorf("the rested coach's portrait = %d", w.Code)
		}

		// Roles: only someone who signed up, never one's own.
		ts.member(t, "newhire")
		ts.do("GET", "/api/user/me", nil, ts.member(t, "newhire")) // signs them up
		for body, want := range map[string]int{
			`{"email":"newhire@example.test","role":"staff"}`: 200,
			`{"email":"nobody@example.test","role":"staff"}`:  404,
			`{"email":"boss@example.test","role":"member"}`:   409,
			`{"email":"newhire@example.test","role":"root"}`:  400,
		} {
			if w := ts.do("PUT", "/api/staff/accounts", strings.NewReader(body), admin); w.Code != want {
				t.Errorf("PUT accounts %s = %d %s, want %d", body, w.Code, w.Body.String(), want)
			}
		}
		w = ts.do("GET", "/api/staff/accounts", nil, admin)
		if !strings.Contains(w.Body.String(), `"email":"newhire@example.test"`) {
			t.Errorf("accounts = %s, want the new hire", w.Body.String())
		}
	})
}

var backofficeUTM = onboarding.UTM{Source: "ads", Campaign: "spring"}

// regexpCurrent matches a coach of the chooser's list that is the member's current coach.
func regexpCurrent(coachID string) *regexp.Regexp {
	return regexp.MustCompile(`"coachId":"` + coachID + `"[^{}]*"current":true`)
}

// pngClaiming returns a copy of a PNG whose header claims w×h pixels, with a valid checksum: the
// header of a decompression bomb.
func pngClaiming(data []byte, w, h uint32) []byte {
	out := append([]byte{}, data...)
	binary.BigEndian.PutUint32(out[16:20], w)
	binary.BigEndian.PutUint32(out[20:24], h)
	binary.BigEndian.PutUint32(out[29:33], crc32.ChecksumIEEE(out[12:29]))
	return out
}
