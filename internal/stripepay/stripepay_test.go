package stripepay

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v84/webhook"

	"wayfinder/internal/apperr"
	"wayfinder/internal/billing"
	"wayfinder/internal/stripepay/stripemock"
)

const secret = "whsec_test"

func signed(payload string, at time.Time) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: []byte(payload), Secret: secret, Timestamp: at}).Header
}

func TestWebhookEvent(t *testing.T) {
	w := &Webhook{Secret: secret}
	now := time.Now()
	tests := []struct {
		name    string
		payload string
		want    billing.Event
	}{
		{"a checkout session", `{"id":"evt_1","type":"checkout.session.completed","created":1700000000,"data":{"object":{
			"id":"cs_1","object":"checkout.session","client_reference_id":"u1","payment_status":"paid","customer":"cus_1",
			"subscription":"sub_1","metadata":{"user_id":"u1","plan_id":"steady"}}}}`,
			billing.Event{ID: "evt_1", Type: "checkout.session.completed", Created: time.Unix(1700000000, 0).UTC(), UserID: "u1",
				PlanID: "steady", SessionID: "cs_1", CustomerID: "cus_1", SubscriptionID: "sub_1", PaymentStatus: "paid"}},
		{"a subscription, its customer expanded", `{"id":"evt_2","type":"customer.subscription.updated","created":1700000001,"data":{"object":{
			"id":"sub_1","object":"subscription","status":"past_due","customer":{"id":"cus_1","object":"customer"},
			"metadata":{"user_id":"u1","plan_id":"steady"}}}}`,
			billing.Event{ID: "evt_2", Type: "customer.subscription.updated", Created: time.Unix(1700000001, 0).UTC(), UserID: "u1",
				PlanID: "steady", CustomerID: "cus_1", SubscriptionID: "sub_1", SubscriptionStatus: "past_due"}},
		{"an invoice, as today", `{"id":"evt_3","type":"invoice.payment_failed","created":1700000002,"data":{"object":{
			"id":"in_1","object":"invoice","customer":"cus_1","metadata":{},
			"parent":{"type":"subscription_details","subscription_details":{"subscription":"sub_1","metadata":{"user_id":"u1","plan_id":"steady"}}}}}}`,
			billing.Event{ID: "evt_3", Type: "invoice.payment_failed", Created: time.Unix(1700000002, 0).UTC(), UserID: "u1",
				PlanID: "steady", CustomerID: "cus_1", SubscriptionID: "sub_1"}},
		{"an invoice, as before 2025", `{"id":"evt_4","type":"invoice.payment_failed","created":1700000003,"data":{"object":{
			"id":"in_1","object":"invoice","customer":"cus_1","subscription":"sub_1","parent":null}}}`,
			billing.Event{ID: "evt_4", Type: "invoice.payment_failed", Created: time.Unix(1700000003, 0).UTC(), CustomerID: "cus_1", SubscriptionID: "sub_1"}},
	}
	for _, tt := range tests {
		got, err := w.Event([]byte(tt.payload), signed(tt.payload, now))
		if err != nil || got != tt.want {
			t.Errorf("%s: Event() = %+v, %v; want %+v", tt.name, got, err, tt.want)
		}
	}
	payload := tests[0].payload
	for name, header := range map[string]string{
		"unsigned":        "",
		"another secret":  webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: []byte(payload), Secret: "whsec_other"}).Header,
		"stale":           signed(payload, now.Add(-Tolerance-time.Minute)),
		"from the future": signed(payload, now.Add(Tolerance+time.Minute)),
		"garbage":         "t=1,v1=zz",
	} {
		if _, err := w.Event([]byte(payload), header); apperr.CodeOf(err) != apperr.Invalid {
			t.Errorf("%s: Event() error = %v, want Invalid", name, err)
		}
	}
	if _, err := w.Event([]byte(`[1,2]`), signed(`[1,2]`, now)); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("a signed non-event: error = %v, want Invalid", err)
	}
}

func TestTestModeCompletedPassesTheWebhook(t *testing.T) {
	test := NewTestMode(secret)
	w := &Webhook{Secret: secret}
	session := billing.CheckoutSession{ID: "cs_test_local_ABC", UserID: "u1"}
	for _, tt := range []struct {
		plan   billing.Plan
		status string
		sub    bool
	}{
		{billing.Plan{ID: "kickstart", Price: billing.Price{Interval: billing.OneOff}}, "paid", false},
		{billing.Plan{ID: "steady", Price: billing.Price{Interval: billing.Monthly}, TrialDays: 7}, "no_payment_required", true},
		{billing.Plan{ID: "momentum", Price: billing.Price{Interval: billing.Monthly}}, "paid", true},
	} {
		payload, header, err := test.Completed(session, tt.plan, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		e, err := w.Event(payload, header)
		if err != nil {
			t.Fatalf("%s: the webhook refused the test mode's event: %v", tt.plan.ID, err)
		}
		if e.Type != billing.EventCheckoutCompleted || e.UserID != "u1" || e.PlanID != tt.plan.ID || e.SessionID != session.ID ||
			e.PaymentStatus != tt.status || (e.SubscriptionID != "") != tt.sub || !strings.HasPrefix(e.ID, "evt_test_local_") {
			t.Errorf("%s: event = %+v", tt.plan.ID, e)
		}
	}
	got, err := test.CreateCheckout(context.Background(), billing.CheckoutRequest{SuccessURL: "https://pay.example.test/account/payment-response?session_id={CHECKOUT_SESSION_ID}"})
	if err != nil || !strings.HasPrefix(got.URL, "https://pay.example.test/account/checkout?session_id=cs_test_local_") {
		t.Errorf("CreateCheckout() = %+v, %v; want this site's test checkout page", got, err)
	}
	if _, err := test.FindPromotion(context.Background(), "welcome20"); err != nil {
		t.Errorf("FindPromotion(welcome20) = %v", err)
	}
	if _, err := test.FindPromotion(context.Background(), "NOPE"); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("FindPromotion(NOPE) = %v, want NotFound", err)
	}
}

func TestStripeMock(t *testing.T) {
	s := New("sk_test_123", stripemock.Start(t))
	ctx := context.Background()
	// stripe-mock knows one promotion code, FALL20, whatever code is asked for.
	p, err := s.FindPromotion(ctx, "fall20")
	if err != nil || p.Code != "FALL20" || p.PercentOff != 25.5 || p.Duration != "forever" || !strings.HasPrefix(p.ID, "promo_") {
		t.Errorf("FindPromotion(fall20) = %+v, %v", p, err)
	}
	if _, err := s.FindPromotion(ctx, "SPRING"); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("FindPromotion(SPRING) = %v, want NotFound: the answer names another code", err)
	}
	plan := billing.Plan{ID: "steady", StripePriceID: "price_1", Price: billing.Price{Amount: 12900, Currency: "usd", Interval: billing.Monthly}, TrialDays: 7}
	expires := time.Now().Add(30 * time.Minute).Truncate(time.Second)
	c, err := s.CreateCheckout(ctx, billing.CheckoutRequest{UserID: "u1", Email: "a@example.test", Plan: plan, Promotion: &p,
		SuccessURL: "https://x.test/ok?session_id={CHECKOUT_SESSION_ID}", CancelURL: "https://x.test/back", ExpiresAt: expires})
	if err != nil || !strings.HasPrefix(c.ID, "cs_") || !strings.HasPrefix(c.URL, "https://checkout.stripe.com/") || !c.ExpiresAt.Equal(expires) {
		t.Errorf("CreateCheckout() = %+v, %v", c, err)
	}
}

func TestStripeErrors(t *testing.T) {
	for _, tt := range []struct {
		status int
		body   string
		want   apperr.Code
	}{
		{http.StatusServiceUnavailable, `{}`, apperr.Unavailable},
		{http.StatusTooManyRequests, `{"error":{"type":"rate_limit_error","message":"slow down"}}`, apperr.Unavailable},
		{http.StatusBadRequest, `{"error":{"type":"invalid_request_error","code":"resource_missing","message":"No such price: 'price_x'"}}`, apperr.Internal},
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(tt.status)
			_, _ = w.Write([]byte(tt.body))
		}))
		s := New("sk_test_secret_value", srv.URL)
		_, err := s.CreateCheckout(context.Background(), billing.CheckoutRequest{Plan: billing.Plan{StripePriceID: "price_x"}, ExpiresAt: time.Now()})
		srv.Close()
		if apperr.CodeOf(err) != tt.want || strings.Contains(err.Error(), "sk_test_secret_value") {
			t.Errorf("Stripe answering %d: error = %v, want %s without the key", tt.status, err, tt.want)
		}
	}
	// Nobody listening at all.
	s := New("sk_test_123", "http://127.0.0.1:1")
	if _, err := s.FindPromotion(context.Background(), "X"); apperr.CodeOf(err) != apperr.Unavailable {
		t.Errorf("Stripe unreachable: error = %v, want Unavailable", err)
	}
}

// TestCancelSubscription cancels through stripe-mock, and reads Stripe's refusals: a subscription
// Stripe does not know, or has ended already, charges nothing and is no error; Stripe out of reach
// is Unavailable.
func TestCancelSubscription(t *testing.T) {
	if err := New("sk_test_123", stripemock.Start(t)).CancelSubscription(context.Background(), "sub_123"); err != nil {
		t.Errorf("stripe-mock: CancelSubscription() = %v, want nil", err)
	}
	if err := NewTestMode(secret).CancelSubscription(context.Background(), "sub_test_local_1"); err != nil {
		t.Errorf("test mode: CancelSubscription() = %v, want nil", err)
	}

	// What Stripe answers: to the cancellation, and to the read of the subscription that follows a
	// refusal.
	ended := `{"id":"sub_1","object":"subscription","status":"canceled"}`
	live := `{"id":"sub_1","object":"subscription","status":"active"}`
	refused := `{"error":{"type":"invalid_request_error","message":"This subscription can't be canceled."}}`
	tests := []struct {
		name         string
		cancelStatus int
		cancelBody   string
		readBody     string
		want         apperr.Code
	}{
		{"canceled", http.StatusOK, ended, "", ""},
		{"unknown to Stripe", http.StatusNotFound, `{"error":{"type":"invalid_request_error","code":"resource_missing","message":"No such subscription"}}`, "", ""},
		{"ended already", http.StatusBadRequest, refused, ended, ""},
		{"refused while live", http.StatusBadRequest, refused, live, apperr.Internal},
		{"Stripe failing", http.StatusServiceUnavailable, `{}`, "", apperr.Unavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var comment string
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				if r.Method == http.MethodDelete {
					_ = r.ParseForm()
					comment = r.Form.Get("cancellation_details[comment]")
					w.WriteHeader(tt.cancelStatus)
					_, _ = w.Write([]byte(tt.cancelBody))
					return
				}
				_, _ = w.Write([]byte(tt.readBody))
			}))
			defer srv.Close()
			err := New("sk_test_secret_value", srv.URL).CancelSubscription(context.Background(), "sub_1")
			if got := apperr.CodeOf(err); got != tt.want {
				t.Errorf("CancelSubscription() = %v, want code %q", err, tt.want)
			}
			if err != nil && strings.Contains(err.Error(), "sk_test_secret_value") {
				t.Errorf("the error shows the key: %v", err)
			}
			if comment != "The member closed their account." {
				t.Errorf("cancellation comment = %q, want the reason for Stripe's dashboard", comment)
			}
		})
	}
}
