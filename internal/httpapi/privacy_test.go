package httpapi

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/auth"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/billing"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/privacy"
	"wayfinder/internal/stripepay"
	"wayfinder/internal/survey"
	"wayfinder/internal/survey/surveytest"
	"wayfinder/internal/waitlist"
)

// withPrivacy rebuilds the test server with members' data rights whose subscriptions are canceled
// through payments (nil: payments are off).
func (ts *testServer) withPrivacy(t *testing.T, payments billing.Payments) {
	t.Helper()
	cfg := privacy.Config{Survey: testSurvey}
	if payments != nil {
		cfg.Payments = payments
	}
	ts.deps.Privacy = privacy.NewService(ts.db, cfg)
	ts.rebuild(t)
}

// withEmbeddedSignIn rebuilds the test server's sign-in as the embedded provider's: every member
// exists before their first token (see known), so the token of a closed account is refused.
func (ts *testServer) withEmbeddedSignIn(t *testing.T) {
	t.Helper()
	a, err := auth.New(auth.Config{
		Issuer: testIssuer, AuthURL: testIssuer + "authorize", TokenURL: testIssuer + "token",
		ClientID: "wayfinder-web", ClientSecret: "secret", Audience: testAudience,
		RedirectURL: "http://127.0.0.1:8080/auth/callback", PostLogoutURL: "http://127.0.0.1:8080/",
		RolesClaim: "roles", CookieSecure: true, Logger: ts.deps.Log, OnError: ErrorWriter(ts.deps.Log),
		Keyfunc: testKeyfunc, ExistingUsersOnly: true,
	}, ts.db)
	if err != nil {
		t.Fatal(err)
	}
	ts.auth, ts.deps.Auth = a, a
	ts.rebuild(t)
}

func (ts *testServer) rebuild(t *testing.T) {
	t.Helper()
	ts.deps.Registry = prometheus.NewRegistry()
	h, err := NewHandler(ts.deps)
	if err != nil {
		t.Fatal(err)
	}
	ts.handler = h
}

// known makes the account of subject with role, as the embedded provider does at sign-up, and
// returns the headers of a JSON request with its bearer token.
func (ts *testServer) known(t *testing.T, subject string, role account.Role) map[string]string {
	t.Helper()
	if _, _, err := ts.db.EnsureUser(t.Context(), subject, subject+"@example.test", role); err != nil {
		t.Fatal(err)
	}
	roles := []string{string(role)}
	return map[string]string{"Authorization": ts.bearer(t, subject, roles, nil), "Content-Type": "application/json"}
}

// sessionCookie stores a web session for the user and returns the Cookie header a browser sends.
func (ts *testServer) sessionCookie(t *testing.T, userID string) string {
	t.Helper()
	raw := "session-of-" + userID + "-" + strings.Repeat("x", 16)
	now := time.Now().UTC()
	if err := ts.db.CreateSession(t.Context(), account.Session{IDHash: account.HashSessionID(raw), UserID: userID, CreatedAt: now,
		LastSeenAt: now, IdleExpiresAt: now.Add(time.Hour), AbsoluteExpiresAt: now.Add(24 * time.Hour)}); err != nil {
		t.Fatal(err)
	}
	return ts.auth.SessionCookieName() + "=" + raw
}

// exportOf reads the caller's copy of their data through the API, checking what every copy
// shares: the download's headers and the document's shape.
func exportOf(t *testing.T, ts *testServer, header map[string]string) (myDataJSON, string) {
	t.Helper()
	w, _ := ts.scenario(t, "", "GET", "/api/user/me/export", "", header, http.StatusOK)
	if got, want := w.Header().Get("Cache-Control"), "no-store"; got != want {
		t.Errorf("Cache-Control = %q, want %q", got, want)
	}
	cd := w.Header().Get("Content-Disposition")
	if !regexp.MustCompile(`^attachment; filename="wayfinder-script-b-my-data-\d{4}-\d{2}-\d{2}\.json"$`).MatchString(cd) {
		t.Errorf("Content-Disposition = %q, want an attachment named after the brand and the day, in plain ASCII", cd)
	}
	var e myDataJSON
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(cd, "-my-data-"+e.ExportedAt.UTC().Format("2006-01-02")+".json") {
		t.Errorf("Content-Disposition = %q, want the day the copy was made", cd)
	}
	return e, w.Body.String()
}

// TestExportMyData saves a member's data through the API (and, for what no member route writes,
// straight into the store) and checks that the copy holds exactly what was saved, for a bearer
// caller and a session caller, with no trace of the other; and the limit of copies an hour.
func TestExportMyData(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, ts *testServer) {
		ctx := t.Context()
		// Ann: the whole survey with campaign values, a coach, a second visit that changes an answer
		// and brings new campaign values, a plan, and a safety disclosure.
		ann := ts.readyForPlan(t, "export-ann", onboarding.UTM{Source: "newsletter", Campaign: "spring", Coupon: "WELCOME20"})
		annID := ts.userID(t, "export-ann")
		later := surveytest.With(surveytest.Complete(testSurvey), survey.SlugHowYouIdentify, []survey.Answer{{Key: "non-binary"}})
		body, _ := json.Marshal(surveyRequest{FromSlug: survey.SlugHowYouIdentify, Data: later, UTM: onboarding.UTM{Source: "podcast", GCLID: "g-1"}})
		if w := ts.do("PUT", "/api/onboarding/survey", strings.NewReader(string(body)), ann); w.Code != http.StatusNoContent {
			t.Fatalf("saving again: %d %s", w.Code, w.Body.String())
		}
		if err := ts.db.UpsertPlan(ctx, testPlans[1]); err != nil {
			t.Fatal(err)
		}
		paidAt := time.Date(2026, 11, 2, 9, 30, 0, 123456000, time.UTC)
		if err := ts.db.SaveSubscription(ctx, billing.Subscription{UserID: annID, PlanID: "steady", Status: billing.StatusActive,
			CustomerID: "cus_1", SubscriptionID: "sub_1", EventAt: paidAt, UpdatedAt: paidAt}); err != nil {
			t.Fatal(err)
		}
		disclosedAt := time.Date(2026, 11, 3, 22, 15, 0, 654321000, time.UTC)
		if _, err := ts.db.RecordSafetyDisclosure(ctx, annID, "what-apply-to-you", disclosedAt); err != nil {
			t.Fatal(err)
		}

		// Ann joins the Android waitlist, at an address of her own.
		if w := ts.do("PUT", "/api/user/me/android-waitlist", strings.NewReader(`{"email":"ann.news@example.test","consent":true}`), ann); w.Code != http.StatusOK {
			t.Fatalf("joining the waitlist: %d %s", w.Code, w.Body.String())
		}

		// Bea signs in on the web and answers name-and-birth only, under her own name.
		bea, _, err := ts.db.EnsureUser(ctx, "export-bea", "bea@example.test", account.RoleMember)
		if err != nil {
			t.Fatal(err)
		}
		beaHeader := map[string]string{"Cookie": ts.sessionCookie(t, bea.ID), "Content-Type": "application/json"}
		beaAnswers := surveytest.NameAndBirth("1985-02-03")
		beaAnswers[0].Value, beaAnswers[1].Value = "Beatrix", "Quorndon"
		ts.saveSurvey(t, beaHeader, []survey.QuestionAnswers{{QuestionSlug: survey.SlugNameAndBirth, Answers: beaAnswers}})

		got, raw := exportOf(t, ts, map[string]string{"Authorization": ann["Authorization"]})

		// The profile, as the account holds it.
		u, err := ts.db.UserByID(ctx, annID)
		if err != nil {
			t.Fatal(err)
		}
		wantProfile := myProfileJSON{UserID: annID, Email: "export-ann@example.test", FirstName: "Sam", LastName: "Rivera",
			DateOfBirth: got.Profile.DateOfBirth, Device: "iphone", SignedUpAt: u.CreatedAt}
		if got.Profile != wantProfile || got.Profile.DateOfBirth == nil || *got.Profile.DateOfBirth != surveytest.DateOfBirth {
			t.Errorf("profile = %+v, want %+v born %s", got.Profile, wantProfile, surveytest.DateOfBirth)
		}

		// The answers: what the store holds, in the survey's order.
		stored, err := ts.db.SurveyAnswers(ctx, annID)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Answers) != len(stored) {
			t.Fatalf("%d answers, want the %d stored", len(got.Answers), len(stored))
		}
		bySlug := map[string]onboarding.StoredAnswers{}
		for _, s := range stored {
			bySlug[s.QuestionSlug] = s
		}
		for _, a := range got.Answers {
			s := bySlug[a.QuestionSlug]
			if !a.AnsweredAt.Equal(s.UpdatedAt) || answersText(a.Answers) != answersText(s.Answers) {
				t.Errorf("answer %s = %s at %v, want %s at %v", a.QuestionSlug, answersText(a.Answers), a.AnsweredAt, answersText(s.Answers), s.UpdatedAt)
			}
		}
		if got.Answers[0].QuestionSlug != survey.SlugNameAndBirth || got.Answers[1].QuestionSlug != testSurvey.Flow()[indexOfAfter(testSurvey.Flow(), survey.SlugNameAndBirth, bySlug)] {
			t.Errorf("answers begin %s, %s; want the survey's order", got.Answers[0].QuestionSlug, got.Answers[1].QuestionSlug)
		}

		// Every version, oldest first.
		history, err := ts.db.MemberAnswerHistory(ctx, annID)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.AnswerHistory) != len(history) || len(history) != len(stored)+1 {
			t.Fatalf("%d versions, want the %d stored (the answers and one change)", len(got.AnswerHistory), len(history))
		}
		for i, h := range history {
			g := got.AnswerHistory[i]
			if g.QuestionSlug != h.QuestionSlug || !g.RecordedAt.Equal(h.UpdatedAt) || answersText(g.Answers) != answersText(h.Answers) {
				t.Errorf("version %d = %+v, want %+v", i, g, h)
			}
		}

		// Progress, campaign values, coach, payment, consent and the safety disclosure's time.
		progress, _ := ts.db.ProgressEvents(ctx, annID)
		if len(got.Progress) != len(progress) || len(progress) < 2 {
			t.Errorf("progress = %+v, want %+v", got.Progress, progress)
		}
		for i := range min(len(got.Progress), len(progress)) {
			if got.Progress[i].FromSlug != progress[i].FromSlug || !got.Progress[i].At.Equal(progress[i].At) {
				t.Errorf("progress %d = %+v, want %+v", i, got.Progress[i], progress[i])
			}
		}
		utm, err := ts.db.UTMRecord(ctx, annID)
		if err != nil {
			t.Fatal(err)
		}
		if got.UTM == nil || got.UTM.First.UTM != utm.First || got.UTM.Latest.UTM != utm.Latest || !got.UTM.First.At.Equal(utm.FirstAt) ||
			!got.UTM.Latest.At.Equal(utm.LatestAt) || utm.First.Source != "newsletter" || utm.Latest.Source != "podcast" {
			t.Errorf("utm = %+v, want %+v", got.UTM, utm)
		}
		for _, key := range []string{`"utm_source": "newsletter"`, `"utm_campaign": "spring"`, `"coupon": "WELCOME20"`, `"gclid": "g-1"`} {
			if !strings.Contains(raw, key) {
				t.Errorf("the file lacks %s: the campaign values keep the spec's keys", key)
			}
		}
		spells, _ := ts.db.AssignmentHistory(ctx, annID)
		if len(got.Coaches) != 1 || got.Coaches[0].CoachID != "tess" || got.Coaches[0].CoachName != "Tess Time" ||
			!got.Coaches[0].AssignedAt.Equal(spells[0].AssignedAt) || got.Coaches[0].EndedAt != nil {
			t.Errorf("coaches = %+v, want Tess since %v", got.Coaches, spells[0].AssignedAt)
		}
		if p := got.Payment; p.Status != "active" || p.PlanID == nil || *p.PlanID != "steady" || p.PlanName == nil || *p.PlanName != "Steady" ||
			p.UpdatedAt == nil || !p.UpdatedAt.Equal(paidAt) {
			t.Errorf("payment = %+v, want Steady, active since %v", p, paidAt)
		}
		var termsAt time.Time
		for _, h := range history {
			if h.QuestionSlug == survey.SlugNameAndBirth {
				termsAt = h.UpdatedAt
				break
			}
		}
		if len(got.Consents) != 1 || got.Consents[0].Name != "termsOfService" || !got.Consents[0].Given || got.Consents[0].At == nil ||
			!got.Consents[0].At.Equal(termsAt) {
			t.Errorf("consents = %+v, want the terms accepted at %v", got.Consents, termsAt)
		}
		if len(got.SafetyDisclosures) != 1 || !got.SafetyDisclosures[0].DisclosedAt.Equal(disclosedAt) {
			t.Errorf("safety disclosures = %+v, want one at %v", got.SafetyDisclosures, disclosedAt)
		}
		joined, err := ts.db.AndroidWaitlistEntry(ctx, annID)
		if err != nil {
			t.Fatal(err)
		}
		if w := got.AndroidWaitlist; w == nil || w.Email != "ann.news@example.test" || w.ConsentVersion != waitlist.ConsentVersion || !w.JoinedAt.Equal(joined.JoinedAt) {
			t.Errorf("androidWaitlist = %+v, want ann.news@example.test, consent %s, at %v", w, waitlist.ConsentVersion, joined.JoinedAt)
		}
		for _, not := range []string{"review", "note", "score"} {
			if strings.Contains(strings.ToLower(raw), `"`+not) {
				t.Errorf("the file has a %q field: it holds the member's data, not our reading of it", not)
			}
		}

		// Bea's copy, through her web session, is hers alone, and Ann's has nothing of Bea's.
		gotBea, rawBea := exportOf(t, ts, map[string]string{"Cookie": beaHeader["Cookie"]})
		if gotBea.Profile.UserID != bea.ID || gotBea.Profile.FirstName != "Beatrix" || len(gotBea.Answers) != 1 || gotBea.UTM != nil ||
			len(gotBea.Coaches) != 0 || gotBea.Payment.Status != "none" || gotBea.Payment.PlanID != nil || len(gotBea.SafetyDisclosures) != 0 ||
			gotBea.AndroidWaitlist != nil {
			t.Errorf("Bea's copy = %+v", gotBea)
		}
		for _, pair := range []struct{ file, other string }{{raw, bea.ID}, {raw, "Quorndon"}, {raw, "bea@example.test"}, {rawBea, annID},
			{rawBea, "export-ann"}, {rawBea, "Rivera"}, {rawBea, "newsletter"}, {rawBea, "ann.news@example.test"}} {
			if strings.Contains(pair.file, pair.other) {
				t.Errorf("a member's copy holds %q of the other member", pair.other)
			}
		}

		if !strings.Contains(rawBea, `"androidWaitlist": null`) {
			t.Error("Bea's copy lacks \"androidWaitlist\": null: a member not on the waitlist has it null, not missing")
		}

		// Anonymous callers get nothing.
		ts.scenario(t, "", "GET", "/api/user/me/export", "", nil, http.StatusUnauthorized)

		// Five copies an hour: Ann has made one, four more are fine, the sixth waits. Bea is not held up.
		for range privacy.ExportsPerWindow - 1 {
			ts.scenario(t, "", "GET", "/api/user/me/export", "", map[string]string{"Authorization": ann["Authorization"]}, http.StatusOK)
		}
		w, _ := ts.scenario(t, "", "GET", "/api/user/me/export", "", map[string]string{"Authorization": ann["Authorization"]}, http.StatusTooManyRequests)
		assertBodyContains(t, w.Body.String(), []string{"You've downloaded your data several times in the last hour.", "Please try again in"})
		if secs, err := strconv.Atoi(w.Header().Get("Retry-After")); err != nil || secs < 1 || secs > 3600 {
			t.Errorf("Retry-After = %q, want the seconds until the oldest copy is an hour old", w.Header().Get("Retry-After"))
		}
		ts.scenario(t, "", "GET", "/api/user/me/export", "", map[string]string{"Cookie": beaHeader["Cookie"]}, http.StatusOK)
	})
}

// indexOfAfter returns the index in flow of the first step after slug that the member answered.
func indexOfAfter(flow []string, slug string, answered map[string]onboarding.StoredAnswers) int {
	seen := false
	for i, s := range flow {
		if s == slug {
			seen = true
			continue
		}
		if _, ok := answered[s]; seen && ok {
			return i
		}
	}
	return 0
}

// answersText writes answers as key=value pairs, for comparing them.
func answersText(answers []survey.Answer) string {
	var parts []string
	for _, a := range answers {
		parts = append(parts, a.Key+"="+a.Value)
	}
	return strings.Join(parts, "&")
}

// TestDeleteMyAccount closes accounts through the API with the embedded provider's sign-in, and
// checks what is left: the caller's session and token are refused, their data is gone, the other
// member's is not, and the audit log names the closing.
func TestDeleteMyAccount(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, ts *testServer) {
		ctx := t.Context()
		ts.withEmbeddedSignIn(t)
		admin := map[string]string{"Authorization": ts.known(t, "auditor", account.RoleAdmin)["Authorization"]}

		for _, tt := range []struct {
			name  string
			via   string // how the member closes their account
			other string // the member who stays
		}{
			{"through the web session", auth.ViaSession, "stays-1"},
			{"through a bearer token", auth.ViaBearer, "stays-2"},
		} {
			t.Run(tt.name, func(t *testing.T) {
				subject := "closes-" + tt.via
				ts.known(t, subject, account.RoleMember)
				ts.known(t, tt.other, account.RoleMember)
				bearer := ts.readyForPlan(t, subject, onboarding.UTM{Source: "ads"})
				other := ts.readyForPlan(t, tt.other, onboarding.UTM{Source: "ads"})
				id, otherID := ts.userID(t, subject), ts.userID(t, tt.other)
				cookie := ts.sessionCookie(t, id)
				byBearer := map[string]string{"Authorization": bearer["Authorization"]}
				bySession := map[string]string{"Cookie": cookie}
				ts.scenario(t, "", "GET", "/api/user/me/export", "", byBearer, http.StatusOK)
				ts.scenario(t, "", "GET", "/api/user/me", "", bySession, http.StatusOK)

				caller := bySession
				if tt.via == auth.ViaBearer {
					caller = byBearer
				}
				w, _ := ts.scenario(t, "", "DELETE", "/api/user/me", "", caller, http.StatusNoContent)
				if c := w.Header().Get("Set-Cookie"); !strings.HasPrefix(c, ts.auth.SessionCookieName()+"=;") || !strings.Contains(c, "Max-Age=0") {
					t.Errorf("Set-Cookie = %q, want the session cookie cleared", c)
				}

				// The same session and the same, still unexpired, token are refused at once.
				ts.scenario(t, "", "GET", "/api/user/me", "", bySession, http.StatusUnauthorized)
				w, _ = ts.scenario(t, "", "GET", "/api/user/me", "", byBearer, http.StatusUnauthorized)
				if got := w.Header().Get("WWW-Authenticate"); got != `Bearer error="invalid_token"` {
					t.Errorf("WWW-Authenticate = %q", got)
				}
				ts.scenario(t, "", "GET", "/api/user/me/export", "", byBearer, http.StatusUnauthorized)
				ts.scenario(t, "", "DELETE", "/api/user/me", "", byBearer, http.StatusUnauthorized)
				if _, err := ts.db.UserBySubject(ctx, subject); apperr.CodeOf(err) != apperr.NotFound {
					t.Errorf("UserBySubject after closing = %v, want NotFound: no empty account comes back", err)
				}
				if answers, err := ts.db.SurveyAnswers(ctx, id); err != nil || len(answers) != 0 {
					t.Errorf("answers after closing = %d, %v; want none", len(answers), err)
				}

				// The other member goes on as before.
				w, _ = ts.scenario(t, "", "GET", "/api/user/me", "", map[string]string{"Authorization": other["Authorization"]}, http.StatusOK)
				assertBodyContains(t, w.Body.String(), []string{otherID})
				if answers, err := ts.db.SurveyAnswers(ctx, otherID); err != nil || len(answers) == 0 {
					t.Errorf("the other member's answers = %d, %v; want them kept", len(answers), err)
				}

				// The audit log says the member closed their account, and nothing else about them.
				w, _ = ts.scenario(t, "", "GET", "/api/staff/audit?memberId="+id, "", admin, http.StatusOK)
				var log struct{ Entries []auditEntryJSON }
				if err := json.Unmarshal(w.Body.Bytes(), &log); err != nil {
					t.Fatal(err)
				}
				want := auditEntryJSON{StaffUserID: id, Action: backoffice.ActionAccountDeleted, MemberID: id}
				if len(log.Entries) != 1 {
					t.Fatalf("audit entries of the member = %+v, want the closing alone", log.Entries)
				}
				got := log.Entries[0]
				got.ID, got.At = 0, ""
				if got != want {
					t.Errorf("audit entry = %+v, want %+v", got, want)
				}
			})
		}

		t.Run("staff keep their accounts", func(t *testing.T) {
			for _, role := range []account.Role{account.RoleStaff, account.RoleAdmin} {
				subject := "closing-" + string(role)
				h := ts.known(t, subject, role)
				w, _ := ts.scenario(t, "", "DELETE", "/api/user/me", "", map[string]string{"Authorization": h["Authorization"]}, http.StatusForbidden)
				assertBodyContains(t, w.Body.String(), []string{"Staff accounts are closed by an admin."})
				ts.scenario(t, "", "GET", "/api/user/me", "", map[string]string{"Authorization": h["Authorization"]}, http.StatusOK)
			}
		})

		t.Run("anonymous", func(t *testing.T) {
			ts.scenario(t, "", "DELETE", "/api/user/me", "", nil, http.StatusUnauthorized)
		})
	})
}

// TestDeleteMyAccountCancelsTheSubscription closes the accounts of members who pay monthly:
// through the real stripe-mock, the subscription is canceled at Stripe first; with Stripe out of
// reach, nothing at all is deleted and the member is told so plainly.
func TestDeleteMyAccountCancelsTheSubscription(t *testing.T) {
	stripeAPI := startRecordingStripe(t)
	tests := []struct {
		name       string
		stripeURL  string
		wantStatus int
		wantBody   string
		wantCancel int
	}{
		{"Stripe cancels the subscription", stripeAPI.url, http.StatusNoContent, "", 1},
		{"Stripe cannot be reached", "http://127.0.0.1:1", http.StatusServiceUnavailable,
			"We couldn't cancel your subscription just now, so nothing was deleted. Please try again in a few minutes.", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestServer(t)
			ts.withEmbeddedSignIn(t)
			payments := stripepay.New("sk_test_123", tt.stripeURL)
			ts.withBilling(t, payments, billing.Variant{Enabled: true})
			ts.withPrivacy(t, payments)
			ctx := t.Context()
			subject := "payer-" + strconv.Itoa(tt.wantStatus)
			ts.known(t, subject, account.RoleMember)
			h := ts.readyForPlan(t, subject, onboarding.UTM{})
			id := ts.userID(t, subject)
			subscriptionID := "sub_" + strings.ReplaceAll(id, "-", "")
			if err := ts.db.SaveSubscription(ctx, billing.Subscription{UserID: id, PlanID: "steady", Status: billing.StatusActive,
				CustomerID: "cus_1", SubscriptionID: subscriptionID, EventAt: time.Now(), UpdatedAt: time.Now()}); err != nil {
				t.Fatal(err)
			}
			before := stripeAPI.count("/v1/subscriptions/" + subscriptionID)

			w, _ := ts.scenario(t, "", "DELETE", "/api/user/me", "", map[string]string{"Authorization": h["Authorization"]}, tt.wantStatus)
			if tt.wantBody != "" {
				assertBodyContains(t, w.Body.String(), []string{tt.wantBody})
			}
			if got := stripeAPI.count("/v1/subscriptions/"+subscriptionID) - before; got != tt.wantCancel {
				t.Errorf("cancellations sent to Stripe = %d, want %d", got, tt.wantCancel)
			}
			_, err := ts.db.UserByID(ctx, id)
			sub, subErr := ts.db.Subscription(ctx, id)
			answers, _ := ts.db.SurveyAnswers(ctx, id)
			if tt.wantStatus == http.StatusNoContent {
				if apperr.CodeOf(err) != apperr.NotFound || apperr.CodeOf(subErr) != apperr.NotFound || len(answers) != 0 {
					t.Errorf("after closing: user %v, subscription %v, %d answers; want all gone", err, subErr, len(answers))
				}
				return
			}
			if err != nil || subErr != nil || sub.Status != billing.StatusActive || len(answers) == 0 {
				t.Errorf("after a refusal: user %v, subscription %+v %v, %d answers; want everything as it was", err, sub, subErr, len(answers))
			}
			ts.scenario(t, "", "GET", "/api/user/me", "", map[string]string{"Authorization": h["Authorization"]}, http.StatusOK)
		})
	}
}

// TestDeleteMyAccountWithAnExternalProvider pins what closing an account means with an external
// identity provider, which keeps its own sign-in account: the data here is gone, and a token the
// provider still honours starts a new, empty account rather than finding the old one.
func TestDeleteMyAccountWithAnExternalProvider(t *testing.T) {
	ts := newTestServer(t)
	h := ts.readyForPlan(t, "auth0|leaving", onboarding.UTM{Source: "ads"})
	before := ts.userID(t, "auth0|leaving")
	ts.scenario(t, "", "DELETE", "/api/user/me", "", map[string]string{"Authorization": h["Authorization"]}, http.StatusNoContent)
	w, _ := ts.scenario(t, "", "GET", "/api/user/me", "", map[string]string{"Authorization": h["Authorization"]}, http.StatusOK)
	var me meResponse
	if err := json.Unmarshal(w.Body.Bytes(), &me); err != nil {
		t.Fatal(err)
	}
	if me.Me.UserID == before || me.Me.FirstName != "" {
		t.Errorf("after closing, me = %+v; want a new, empty account, not %s", me.Me, before)
	}
	if answers, err := ts.db.SurveyAnswers(t.Context(), me.Me.UserID); err != nil || len(answers) != 0 {
		t.Errorf("the new account's answers = %d, %v; want none", len(answers), err)
	}
}

func TestExportFileName(t *testing.T) {
	day := time.Date(2026, 11, 24, 23, 30, 0, 0, time.FixedZone("PST", -8*3600))
	tests := []struct{ brand, want string }{
		{"Wayfinder", "wayfinder-my-data-2026-11-25.json"},
		{"Bright Path Coaching", "bright-path-coaching-my-data-2026-11-25.json"},
		{`Ünïcode "Coach" & Co.`, "n-code-coach-co-my-data-2026-11-25.json"},
		{"", "wayfinder-my-data-2026-11-25.json"},
		{"💡", "wayfinder-my-data-2026-11-25.json"},
		{strings.Repeat("a", 80), strings.Repeat("a", 40) + "-my-data-2026-11-25.json"},
	}
	for _, tt := range tests {
		if got := exportFileName(tt.brand, day); got != tt.want {
			t.Errorf("exportFileName(%q) = %q, want %q", tt.brand, got, tt.want)
		}
	}
}
