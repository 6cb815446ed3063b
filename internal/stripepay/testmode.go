package stripepay

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v84"
	"github.com/stripe/stripe-go/v84/webhook"

	"wayfinder/internal/apperr"
	"wayfinder/internal/billing"
)

// TestMode stands in for Stripe in a demo without Stripe keys, so `make run` shows the whole plan
// flow with no network and no money. Its checkout is a page of this server (/account/checkout),
// labelled as test mode; paying there makes the event Stripe would send, signed with the webhook
// secret, and it goes through the same signature check and state machine as Stripe's own.
type TestMode struct {
	Secret     string                       // the webhook secret its events are signed with
	Promotions map[string]billing.Promotion // the promotion codes it knows, by upper-case code
}

// NewTestMode returns a test mode whose events are signed with secret, knowing the demo promotion
// codes (docs/configuration.md lists them).
func NewTestMode(secret string) *TestMode {
	return &TestMode{Secret: secret, Promotions: map[string]billing.Promotion{
		"WELCOME20": {ID: "promo_test_welcome20", Code: "WELCOME20", PercentOff: 20, Duration: "once"},
		"FRIEND10":  {ID: "promo_test_friend10", Code: "FRIEND10", AmountOff: 1000, Currency: "usd", Duration: "forever"},
	}}
}

// TestMode is true.
func (t *TestMode) TestMode() bool { return true }

// FindPromotion returns one of the demo promotion codes, or NotFound.
func (t *TestMode) FindPromotion(_ context.Context, code string) (billing.Promotion, error) {
	if p, ok := t.Promotions[strings.ToUpper(code)]; ok {
		return p, nil
	}
	return billing.Promotion{}, apperr.Generic(apperr.NotFound, fmt.Errorf("test mode has no promotion code %q", code))
}

// CreateCheckout starts a test-mode checkout: its page is /account/checkout on the success URL's
// own site, which shows the plan, says plainly that no money moves, and pays or cancels.
func (t *TestMode) CreateCheckout(_ context.Context, req billing.CheckoutRequest) (billing.CheckoutSession, error) {
	id := "cs_test_local_" + rand.Text()
	success, err := url.Parse(req.SuccessURL)
	if err != nil {
		return billing.CheckoutSession{}, err
	}
	page := url.URL{Scheme: success.Scheme, Host: success.Host, Path: "/account/checkout", RawQuery: url.Values{"session_id": {id}}.Encode()}
	return billing.CheckoutSession{ID: id, URL: page.String(), ExpiresAt: req.ExpiresAt}, nil
}

// CancelSubscription does nothing: a test-mode subscription lives only in this server's records,
// which the caller changes itself, and never charges anyone.
func (t *TestMode) CancelSubscription(context.Context, string) error { return nil }

// Completed returns the checkout.session.completed event Stripe would send once the member has paid
// for the session, signed with the webhook secret as Stripe signs it: the payload and the
// Stripe-Signature header.
func (t *TestMode) Completed(session billing.CheckoutSession, plan billing.Plan, now time.Time) ([]byte, string, error) {
	object := map[string]any{
		"id": session.ID, "object": "checkout.session", "client_reference_id": session.UserID,
		"metadata":       map[string]string{metaUserID: session.UserID, metaPlanID: plan.ID},
		"payment_status": "paid", "mode": "payment", "customer": "cus_test_local_" + session.UserID, "subscription": nil,
	}
	if plan.Price.Interval == billing.Monthly {
		object["mode"] = "subscription"
		object["subscription"] = "sub_test_local_" + strings.TrimPrefix(session.ID, "cs_test_local_")
		if plan.TrialDays > 0 {
			object["payment_status"] = "no_payment_required"
		}
	}
	payload, err := json.Marshal(map[string]any{
		"id": "evt_test_local_" + rand.Text(), "object": "event", "api_version": stripe.APIVersion,
		"created": now.Unix(), "type": billing.EventCheckoutCompleted, "livemode": false,
		"data": map[string]any{"object": object},
	})
	if err != nil {
		return nil, "", err
	}
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: t.Secret, Timestamp: now})
	return signed.Payload, signed.Header, nil
}
