package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stripe/stripe-go/v84/webhook"

	"wayfinder/internal/billing"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/stripepay"
	"wayfinder/internal/stripepay/stripemock"
	"wayfinder/internal/survey"
	"wayfinder/internal/survey/surveytest"
)

const testWebhookSecret = "whsec_test_wayfinder"

// testPlans are one plan of each kind: a one-off, a monthly plan with a free trial, and one without.
var testPlans = []billing.Plan{
	{ID: "kickstart", Name: "Kickstart", Price: billing.Price{Amount: 14900, Currency: "usd", Interval: billing.OneOff},
		StripePriceID: "price_kickstart", Includes: []string{"Three sessions"}, Support: billing.Light, Active: true},
	{ID: "steady", Name: "Steady", Price: billing.Price{Amount: 12900, Currency: "usd", Interval: billing.Monthly},
		StripePriceID: "price_steady", Includes: []string{"Two sessions a month"}, TrialDays: 7, Support: billing.Standard, Active: true},
	{ID: "momentum", Name: "Momentum", Price: billing.Price{Amount: 22900, Currency: "usd", Interval: billing.Monthly},
		StripePriceID: "price_momentum", Includes: []string{"A session every week"}, Support: billing.Intensive, Active: true},
	{ID: "retired", Name: "Retired", Price: billing.Price{Amount: 9900, Currency: "usd", Interval: billing.Monthly},
		StripePriceID: "price_retired", Includes: []string{"Old things"}, Support: billing.Light, Active: false},
}

// withBilling rebuilds the test server with plans and payments: the given provider, this test's
// webhook secret, and the payment variant.
func (ts *testServer) withBilling(t *testing.T, payments billing.Payments, variant billing.Variant) {
	t.Helper()
	for _, p := range testPlans {
		if err := ts.db.UpsertPlan(context.Background(), p); err != nil {
			t.Fatal(err)
		}
	}
	ts.deps.Billing = billing.NewService(ts.db, ts.deps.Onboarding.(*onboarding.Service), payments, time.Now)
	ts.deps.StripeEvents = &stripepay.Webhook{Secret: testWebhookSecret}
	ts.deps.TestCheckouts = nil
	if test, ok := payments.(*stripepay.TestMode); ok {
		ts.deps.TestCheckouts = test
	}
	ts.deps.Payment = variant
	ts.deps.PublicURL, _ = url.Parse("https://start.example.test")
	ts.deps.Registry = prometheus.NewRegistry()
	h, err := NewHandler(ts.deps)
	if err != nil {
		t.Fatal(err)
	}
	ts.handler = h
}

// readyForPlan is a member who finished the survey and chose a coach, arriving with utm.
func (ts *testServer) readyForPlan(t *testing.T, subject string, utm onboarding.UTM) map[string]string {
	t.Helper()
	seedCoaches(t, ts)
	h := ts.member(t, subject)
	body, _ := json.Marshal(surveyRequest{FromSlug: survey.SlugHelpNeeded, Data: surveytest.Complete(testSurvey), UTM: utm})
	if w := ts.do("PUT", "/api/onboarding/survey", bytes.NewReader(body), h); w.Code != 204 {
		t.Fatalf("saving the survey: %d %s", w.Code, w.Body.String())
	}
	if w := ts.do("PUT", "/api/chat/me_switch_coach", strings.NewReader(`{"coachId":"tess"}`), h); w.Code != 200 {
		t.Fatalf("choosing a coach: %d %s", w.Code, w.Body.String())
	}
	return h
}

func (ts *testServer) userID(t *testing.T, subject string) string {
	t.Helper()
	u, err := ts.db.UserBySubject(context.Background(), subject)
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// subscriptionOfMember reads GET /api/user/me's subscription, as the iOS app does.
func (ts *testServer) subscriptionOfMember(t *testing.T, h map[string]string) subscriptionJSON {
	t.Helper()
	w := ts.do("GET", "/api/user/me", nil, h)
	checkOpenAPI(t, "GET", "/api/user/me", "", w)
	var me meResponse
	if err := json.Unmarshal(w.Body.Bytes(), &me); err != nil {
		t.Fatal(err)
	}
	return me.Me.Subscription
}

func TestBillingRefusals(t *testing.T) {
	ts := newTestServer(t)
	ts.withBilling(t, stripepay.NewTestMode(testWebhookSecret), billing.Variant{Enabled: true})
	ready := ts.readyForPlan(t, "ready", onboarding.UTM{})
	finishedNoCoach := finished(t, ts, "no-coach")
	held := disclosed(t, ts, "held")
	tests := []struct {
		name       string
		header     map[string]string
		method     string
		path       string
		body       string
		wantStatus int
		wantBody   string
	}{
		{"plans anonymously", nil, "GET", "/api/billing/plans", "", 401, "sign in"},
		{"checkout anonymously", map[string]string{"Content-Type": "application/json"}, "POST", "/api/billing/checkout", `{"planId":"steady"}`, 401, "sign in"},
		{"plans before the survey", ts.member(t, "fresh"), "GET", "/api/billing/plans", "", 409, "start with your name"},
		{"checkout before the survey", ts.member(t, "fresh"), "POST", "/api/billing/checkout", `{"planId":"steady"}`, 409, "start with your name"},
		{"plans before a coach", finishedNoCoach, "GET", "/api/billing/plans", "", 409, "choose your coach first"},
		{"checkout before a coach", finishedNoCoach, "POST", "/api/billing/checkout", `{"planId":"steady"}`, 409, "choose your coach first"},
		{"plans under a safety hold", held, "GET", "/api/billing/plans", "", 409, "988"},
		{"checkout under a safety hold", held, "POST", "/api/billing/checkout", `{"planId":"steady"}`, 409, "988"},
		{"no plan", ready, "POST", "/api/billing/checkout", `{"planId":""}`, 400, `"field":"planId"`},
		{"an unknown plan", ready, "POST", "/api/billing/checkout", `{"planId":"gold"}`, 400, `"field":"planId"`},
		{"a plan no longer offered", ready, "POST", "/api/billing/checkout", `{"planId":"retired"}`, 400, "isn’t offered any more"},
		{"an unknown field", ready, "POST", "/api/billing/checkout", `{"planId":"steady","amount":1}`, 400, "amount"},
		{"a wrong type", ready, "POST", "/api/billing/checkout", `{"planId":7}`, 400, "planId"},
		{"not JSON", ready, "POST", "/api/billing/checkout", `planId=steady`, 400, ""},
		{"another member's test checkout", ready, "GET", "/api/billing/test-checkout/cs_test_local_nope", "", 404, "couldn't find that checkout"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := ts.do(tt.method, tt.path, strings.NewReader(tt.body), tt.header)
			if w.Code != tt.wantStatus || !strings.Contains(w.Body.String(), tt.wantBody) {
				t.Fatalf("%s %s = %d %s; want %d with %q", tt.method, tt.path, w.Code, w.Body.String(), tt.wantStatus, tt.wantBody)
			}
			if !strings.Contains(tt.path, "test-checkout") {
				checkOpenAPI(t, tt.method, tt.path, tt.body, w)
			}
		})
	}
	if sub := ts.subscriptionOfMember(t, ready); sub.Status != billing.StatusNone || sub.PlanID != nil {
		t.Errorf("after refusals, subscription = %+v, want none", sub)
	}
}

// recordingStripe is stripe-mock behind a proxy that keeps each request's form, so a test can see
// what this server asked Stripe for.
type recordingStripe struct {
	url  string
	mu   sync.Mutex
	sent []url.Values
}

func startRecordingStripe(t *testing.T) *recordingStripe {
	t.Helper()
	target, _ := url.Parse(stripemock.Start(t))
	rec := &recordingStripe{}
	proxy := httputil.NewSingleHostReverseProxy(target)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		form, _ := url.ParseQuery(string(body))
		if r.Method == "GET" {
			form = r.URL.Query()
		}
		form.Set("_path", r.URL.Path)
		rec.mu.Lock()
		rec.sent = append(rec.sent, form)
		rec.mu.Unlock()
		r.Body = io.NopCloser(bytes.NewReader(body))
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	rec.url = srv.URL
	return rec
}

func (rec *recordingStripe) count(path string) int {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	n := 0
	for _, sent := range rec.sent {
		if sent.Get("_path") == path {
			n++
		}
	}
	return n
}

func (rec *recordingStripe) last(path string) url.Values {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	for i := len(rec.sent) - 1; i >= 0; i-- {
		if rec.sent[i].Get("_path") == path {
			return rec.sent[i]
		}
	}
	return nil
}

func TestCheckoutOnStripeMock(t *testing.T) {
	stripe := startRecordingStripe(t)
	ts := newTestServer(t)
	ts.withBilling(t, stripepay.New("sk_test_123", stripe.url), billing.Variant{Enabled: true})
	// stripe-mock knows one promotion code, FALL20: 25.5% off for good.
	h := ts.readyForPlan(t, "payer", onboarding.UTM{Source: "ads", Coupon: "fall20"})

	w, _ := ts.scenario(t, "", "GET", "/api/billing/plans", "", h, 200)
	var plans plansResponse
	if err := json.Unmarshal(w.Body.Bytes(), &plans); err != nil {
		t.Fatal(err)
	}
	if plans.Coupon == nil || plans.Coupon.Status != billing.CouponApplies || plans.Coupon.PercentOff == nil || *plans.Coupon.PercentOff != 25.5 {
		t.Errorf("coupon = %+v, want FALL20 applying 25.5%% off", plans.Coupon)
	}
	if plans.Coach == nil || plans.Coach.CoachID != "tess" || plans.TestMode {
		t.Errorf("coach, test mode = %+v, %v; want tess, false", plans.Coach, plans.TestMode)
	}
	if len(plans.Plans) != 3 || plans.Plans[0].PlanID != plans.Recommendation.PlanID || plans.Recommendation.Reason == "" {
		t.Errorf("plans = %+v, recommendation %+v; want the 3 active ones, the recommended first, with a reason", plans.Plans, plans.Recommendation)
	}
	for _, p := range plans.Plans {
		if p.PlanID == "steady" && (p.Charges.First.Amount != 9610 || p.Charges.Then == nil || *p.Charges.Then != 9610 ||
			p.Charges.First.On != time.Now().UTC().AddDate(0, 0, 7).Format(time.DateOnly)) {
			t.Errorf("steady's charges = %+v, want 96.10 after the 7-day trial and every month (25.5%% off for good)", p.Charges)
		}
	}

	w, _ = ts.scenario(t, "", "POST", "/api/billing/checkout", `{"planId":"steady"}`, h, 200)
	var session checkoutResponse
	if err := json.Unmarshal(w.Body.Bytes(), &session); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(session.URL, "https://checkout.stripe.com/") || !strings.HasPrefix(session.SessionID, "cs_") {
		t.Errorf("checkout = %+v, want a Stripe Checkout address and session", session)
	}
	sent := stripe.last("/v1/checkout/sessions")
	userID := ts.userID(t, "payer")
	for key, want := range map[string]string{
		"client_reference_id":                  userID,
		"success_url":                          "https://start.example.test/account/payment-response?session_id={CHECKOUT_SESSION_ID}",
		"cancel_url":                           "https://start.example.test/account/plan-preview?checkout=canceled",
		"mode":                                 "subscription",
		"line_items[0][price]":                 "price_steady",
		"line_items[0][quantity]":              "1",
		"subscription_data[trial_period_days]": "7",
		"subscription_data[metadata][user_id]": userID,
		"subscription_data[metadata][plan_id]": "steady",
		"metadata[user_id]":                    userID,
		"discounts[0][promotion_code]":         "promo_1Pgc79B7WZ01zgkWNy4mn5NX",
		"customer_email":                       "payer@example.test",
	} {
		if got := sent.Get(key); got != want {
			t.Errorf("checkout sent %s = %q, want %q", key, got, want)
		}
	}

	// Asked again, the open checkout is answered again: no second session.
	before := stripe.count("/v1/checkout/sessions")
	w, _ = ts.scenario(t, "", "POST", "/api/billing/checkout", `{"planId":"steady"}`, h, 200)
	if !strings.Contains(w.Body.String(), session.SessionID) || stripe.count("/v1/checkout/sessions") != before {
		t.Errorf("a second checkout for the same plan = %s after %d more sessions; want the same session", w.Body.String(), stripe.count("/v1/checkout/sessions")-before)
	}
	// A one-off plan is a payment, and another plan a new session.
	ts.scenario(t, "", "POST", "/api/billing/checkout", `{"planId":"kickstart"}`, h, 200)
	if sent := stripe.last("/v1/checkout/sessions"); sent.Get("mode") != "payment" || sent.Get("payment_intent_data[metadata][plan_id]") != "kickstart" {
		t.Errorf("one-off checkout sent mode %q, metadata %q; want payment, kickstart", sent.Get("mode"), sent.Get("payment_intent_data[metadata][plan_id]"))
	}

	// Once paid, never sent to checkout again.
	ts.deliver(t, event(t, "evt_paid", billing.EventCheckoutCompleted, time.Now(), checkoutSession(session.SessionID, userID, "steady", "paid", "sub_1")), 200)
	w, _ = ts.scenario(t, "", "POST", "/api/billing/checkout", `{"planId":"momentum"}`, h, 409)
	assertBodyContains(t, w.Body.String(), []string{"already have a plan"})

	// A coupon Stripe doesn't know: the preview says so, and checkout goes on without it.
	other := ts.readyForPlan(t, "no-coupon", onboarding.UTM{Coupon: "NOPE"})
	w, _ = ts.scenario(t, "", "GET", "/api/billing/plans", "", other, 200)
	assertBodyContains(t, w.Body.String(), []string{`"coupon":{"code":"NOPE","status":"unknown"`})
	ts.scenario(t, "", "POST", "/api/billing/checkout", `{"planId":"steady"}`, other, 200)
	if sent := stripe.last("/v1/checkout/sessions"); sent.Get("discounts[0][promotion_code]") != "" {
		t.Errorf("checkout with an unknown coupon sent a discount %q", sent.Get("discounts[0][promotion_code]"))
	}
	if strings.Contains(ts.logs.String(), "sk_test_123") {
		t.Error("the secret key reached the log")
	}
}

func TestCheckoutWhenStripeIsDown(t *testing.T) {
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	defer down.Close()
	ts := newTestServer(t)
	ts.withBilling(t, stripepay.New("sk_test_123", down.URL), billing.Variant{Enabled: true})
	h := ts.readyForPlan(t, "m", onboarding.UTM{Coupon: "FALL20"})
	w, _ := ts.scenario(t, "", "GET", "/api/billing/plans", "", h, 200)
	assertBodyContains(t, w.Body.String(), []string{`"status":"unchecked"`})
	w, _ = ts.scenario(t, "", "POST", "/api/billing/checkout", `{"planId":"steady"}`, h, 503)
	assertBodyContains(t, w.Body.String(), []string{"nothing was charged"})
	if strings.Contains(w.Body.String()+ts.logs.String(), "sk_test_123") {
		t.Error("the secret key reached the answer or the log")
	}
}

// event returns a Stripe event of the given type about object, created at created.
func event(t *testing.T, id, eventType string, created time.Time, object map[string]any) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{"id": id, "object": "event", "type": eventType, "created": created.Unix(),
		"api_version": "2026-02-25.clover", "data": map[string]any{"object": object}})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func checkoutSession(id, userID, planID, paymentStatus, subscription string) map[string]any {
	return map[string]any{"id": id, "object": "checkout.session", "client_reference_id": userID, "payment_status": paymentStatus,
		"customer": "cus_1", "subscription": subscription, "metadata": map[string]string{"user_id": userID, "plan_id": planID}}
}

func subscriptionObject(id, userID, status string) map[string]any {
	return map[string]any{"id": id, "object": "subscription", "status": status, "customer": "cus_1",
		"metadata": map[string]string{"user_id": userID, "plan_id": "steady"}}
}

// deliver sends payload to the webhook signed as Stripe signs it, now.
func (ts *testServer) deliver(t *testing.T, payload []byte, wantStatus int) *httptest.ResponseRecorder {
	t.Helper()
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: testWebhookSecret})
	return ts.deliverSigned(t, payload, signed.Header, wantStatus)
}

func (ts *testServer) deliverSigned(t *testing.T, payload []byte, header string, wantStatus int) *httptest.ResponseRecorder {
	t.Helper()
	w := ts.do("POST", "/api/billing/stripe-webhook", bytes.NewReader(payload),
		map[string]string{"Content-Type": "application/json; charset=utf-8", "Stripe-Signature": header})
	if w.Code != wantStatus {
		t.Fatalf("webhook = %d %s, want %d", w.Code, w.Body.String(), wantStatus)
	}
	checkOpenAPI(t, "POST", "/api/billing/stripe-webhook", string(payload), w)
	return w
}

func TestStripeWebhook(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, ts *testServer) {
		ts.withBilling(t, stripepay.NewTestMode(testWebhookSecret), billing.Variant{Enabled: true})
		h := ts.readyForPlan(t, "member", onboarding.UTM{})
		userID := ts.userID(t, "member")
		status := func() billing.Status { return ts.subscriptionOfMember(t, h).Status }
		t0 := time.Now().Add(-time.Hour)
		completed := event(t, "evt_1", billing.EventCheckoutCompleted, t0, checkoutSession("cs_1", userID, "steady", "paid", "sub_1"))

		// Unsigned, wrongly signed, stale: 400, and nothing changes.
		ts.deliverSigned(t, completed, "", 400)
		wrong := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: completed, Secret: "whsec_someone_else"})
		ts.deliverSigned(t, completed, wrong.Header, 400)
		stale := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: completed, Secret: testWebhookSecret, Timestamp: time.Now().Add(-10 * time.Minute)})
		ts.deliverSigned(t, completed, stale.Header, 400)
		tampered := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: completed, Secret: testWebhookSecret})
		ts.deliverSigned(t, bytes.Replace(completed, []byte(`"paid"`), []byte(`"unpaid"`), 1), tampered.Header, 400)
		if got := status(); got != billing.StatusNone {
			t.Fatalf("after refused deliveries, status = %s, want none", got)
		}

		// The real thing, delivered five times at once: applied once.
		var wg sync.WaitGroup
		for range 5 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ts.deliver(t, completed, 200)
			}()
		}
		wg.Wait()
		if got := status(); got != billing.StatusActive {
			t.Fatalf("after checkout.session.completed, status = %s, want active", got)
		}
		if n := strings.Count(ts.logs.String(), `"outcome":"applied"`); n != 1 {
			t.Errorf("the event was applied %d times, want once", n)
		}

		steps := []struct {
			name    string
			payload []byte
			want    billing.Status
		}{
			{"a renewal fails", event(t, "evt_2", billing.EventInvoicePaymentFailed, t0.Add(2*time.Minute),
				map[string]any{"id": "in_1", "object": "invoice", "customer": "cus_1",
					"parent": map[string]any{"subscription_details": map[string]any{"subscription": "sub_1", "metadata": map[string]string{"user_id": userID}}}}), billing.StatusPastDue},
			{"the retry works", event(t, "evt_3", billing.EventSubscriptionUpdated, t0.Add(3*time.Minute), subscriptionObject("sub_1", userID, "active")), billing.StatusActive},
			{"the first event again", completed, billing.StatusActive},
			{"canceled", event(t, "evt_5", billing.EventSubscriptionDeleted, t0.Add(5*time.Minute), subscriptionObject("sub_1", userID, "canceled")), billing.StatusCanceled},
			{"an older update arriving late", event(t, "evt_4", billing.EventSubscriptionUpdated, t0.Add(4*time.Minute), subscriptionObject("sub_1", userID, "active")), billing.StatusCanceled},
			{"another subscription's news", event(t, "evt_6", billing.EventSubscriptionUpdated, t0.Add(6*time.Minute), subscriptionObject("sub_other", userID, "active")), billing.StatusCanceled},
			{"an event type that changes nothing", event(t, "evt_7", "customer.created", t0.Add(7*time.Minute), map[string]any{"id": "cus_1", "object": "customer"}), billing.StatusCanceled},
			{"a new plan, paid by a slow method", event(t, "evt_8", billing.EventCheckoutCompleted, t0.Add(8*time.Minute), checkoutSession("cs_2", userID, "momentum", "unpaid", "sub_2")), billing.StatusPending},
			{"its payment fails", event(t, "evt_9", billing.EventAsyncPaymentFailed, t0.Add(9*time.Minute), checkoutSession("cs_2", userID, "momentum", "unpaid", "sub_2")), billing.StatusNone},
			{"paid again, slowly", event(t, "evt_10", billing.EventCheckoutCompleted, t0.Add(10*time.Minute), checkoutSession("cs_3", userID, "momentum", "unpaid", "sub_3")), billing.StatusPending},
			{"another checkout's success", event(t, "evt_11", billing.EventAsyncPaymentSucceeded, t0.Add(11*time.Minute), checkoutSession("cs_2", userID, "momentum", "paid", "sub_2")), billing.StatusPending},
			{"its own success", event(t, "evt_12", billing.EventAsyncPaymentSucceeded, t0.Add(12*time.Minute), checkoutSession("cs_3", userID, "momentum", "paid", "sub_3")), billing.StatusActive},
		}
		for _, step := range steps {
			ts.deliver(t, step.payload, 200)
			if got := status(); got != step.want {
				t.Fatalf("%s: status = %s, want %s", step.name, got, step.want)
			}
		}
		if sub := ts.subscriptionOfMember(t, h); sub.PlanID == nil || *sub.PlanID != "momentum" {
			t.Errorf("plan = %v, want momentum", sub.PlanID)
		}

		// An event about no member of ours is acknowledged, so Stripe stops sending it, and logged.
		ts.deliver(t, event(t, "evt_13", billing.EventCheckoutCompleted, time.Now(), checkoutSession("cs_x", "no-such-member", "steady", "paid", "sub_x")), 200)
		ts.deliver(t, event(t, "evt_14", billing.EventSubscriptionUpdated, time.Now(), map[string]any{"id": "sub_unknown", "object": "subscription", "status": "active"}), 200)
		if n := strings.Count(ts.logs.String(), `"outcome":"unknown_member"`); n != 2 {
			t.Errorf("unknown members logged %d times, want 2", n)
		}
		// Not an event at all.
		ts.deliver(t, []byte(`{"hello":"world"}`), 400)
	})
}

func TestTestModeCheckout(t *testing.T) {
	ts := newTestServer(t)
	ts.withBilling(t, stripepay.NewTestMode(testWebhookSecret), billing.Variant{Enabled: true})
	h := ts.readyForPlan(t, "demo", onboarding.UTM{Coupon: "welcome20"})
	w, _ := ts.scenario(t, "", "GET", "/api/billing/plans", "", h, 200)
	assertBodyContains(t, w.Body.String(), []string{`"testMode":true`, `"code":"welcome20","status":"applies","percentOff":20`})
	w, _ = ts.scenario(t, "", "POST", "/api/billing/checkout", `{"planId":"kickstart"}`, h, 200)
	var session checkoutResponse
	_ = json.Unmarshal(w.Body.Bytes(), &session)
	if want := "https://start.example.test/account/checkout?session_id=" + session.SessionID; session.URL != want {
		t.Fatalf("test checkout URL = %q, want %q", session.URL, want)
	}
	page := "/api/billing/test-checkout/" + session.SessionID
	w = ts.do("GET", page, nil, h)
	if w.Code != 200 {
		t.Fatalf("GET test checkout = %d %s", w.Code, w.Body.String())
	}
	assertBodyContains(t, w.Body.String(), []string{`"planId":"kickstart"`, `"amount":11920`, `"paid":false`, `"cancelUrl":"https://start.example.test/account/plan-preview?checkout=canceled"`})
	if w := ts.do("GET", page, nil, ts.member(t, "someone-else")); w.Code != 404 {
		t.Errorf("another member's test checkout = %d, want 404", w.Code)
	}
	if w := ts.do("POST", page+"/pay", strings.NewReader(`{}`), ts.member(t, "someone-else")); w.Code != 404 {
		t.Errorf("paying another member's test checkout = %d, want 404", w.Code)
	}
	for range 2 {
		w = ts.do("POST", page+"/pay", strings.NewReader(`{}`), h)
		want := fmt.Sprintf(`{"url":"https://start.example.test/account/payment-response?session_id=%s"}`, session.SessionID)
		if w.Code != 200 || strings.TrimSpace(w.Body.String()) != want {
			t.Fatalf("pay = %d %s, want %s", w.Code, w.Body.String(), want)
		}
	}
	if sub := ts.subscriptionOfMember(t, h); sub.Status != billing.StatusActive || sub.PlanID == nil || *sub.PlanID != "kickstart" {
		t.Errorf("after paying in test mode, subscription = %+v, want kickstart active", sub)
	}
	if n := strings.Count(ts.logs.String(), `"outcome":"applied"`); n != 1 {
		t.Errorf("paid %d times, want once", n)
	}
	w, _ = ts.scenario(t, "", "GET", "/api/onboarding/survey", "", h, 200)
	assertBodyContains(t, w.Body.String(), []string{`"resumeAt":"thank-you-page"`, `"paid":true`})
}

func TestPaymentVariantByHostname(t *testing.T) {
	ts := newTestServer(t)
	ts.withBilling(t, stripepay.NewTestMode(testWebhookSecret), billing.Variant{Hostnames: []string{"pay.example.test"}})
	h := ts.readyForPlan(t, "member", onboarding.UTM{})
	on := map[string]string{"Host": "pay.example.test"}
	with := func(a, b map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range a {
			out[k] = v
		}
		for k, v := range b {
			out[k] = v
		}
		return out
	}
	for _, tt := range []struct {
		host        string
		wantPayment bool
	}{{"pay.example.test", true}, {"PAY.example.test:443", true}, {"start.example.test", false}} {
		page := ts.do("GET", "/account/plan-preview", nil, map[string]string{"Host": tt.host})
		if got := strings.Contains(page.Body.String(), `"paymentEnabled":true`); got != tt.wantPayment {
			t.Errorf("%s: runtime config paymentEnabled = %v, want %v", tt.host, got, tt.wantPayment)
		}
		plans := ts.do("GET", "/api/billing/plans", nil, with(h, map[string]string{"Host": tt.host}))
		if (plans.Code == 200) != tt.wantPayment || (!tt.wantPayment && plans.Code != 404) {
			t.Errorf("%s: plans = %d, want payment %v", tt.host, plans.Code, tt.wantPayment)
		}
		state := ts.do("GET", "/api/onboarding/survey", nil, with(h, map[string]string{"Host": tt.host}))
		wantAt := map[bool]string{true: `"resumeAt":"testimonials"`, false: `"resumeAt":"thank-you-page"`}[tt.wantPayment]
		if !strings.Contains(state.Body.String(), wantAt) {
			t.Errorf("%s: survey state %s, want %s", tt.host, state.Body.String(), wantAt)
		}
	}
	w := ts.do("POST", "/api/billing/checkout", strings.NewReader(`{"planId":"steady"}`), with(h, on))
	if w.Code != 200 || !strings.Contains(w.Body.String(), `"url":"https://pay.example.test/account/checkout?session_id=`) {
		t.Errorf("checkout on the payment hostname = %d %s; want its own site", w.Code, w.Body.String())
	}
}
