// Package stripepay is billing's payment provider on Stripe, through Stripe's own Go library: it
// looks up promotion codes, starts hosted Checkout Sessions, and checks and reads the events
// Stripe sends to the webhook. TestMode stands in for Stripe in a demo without keys: its checkout
// is a page of this server, and paying there sends this server an event signed like Stripe's.
package stripepay

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v84"

	"wayfinder/internal/apperr"
	"wayfinder/internal/billing"
	"wayfinder/internal/messages"
)

// Metadata keys this server sets on every checkout and subscription, so each event names the
// member and the plan even when it arrives before the checkout's own.
const (
	metaUserID = "user_id"
	metaPlanID = "plan_id"
)

// The messages of this package (internal/messages holds their words): msgUnavailable is what a
// member is told when Stripe cannot be reached; the others answer Stripe's own webhook calls.
const (
	msgUnavailable      messages.Key = "api.stripe.unavailable"
	msgSignatureMissing messages.Key = "api.stripe.signatureMissing"
	msgSignatureBad     messages.Key = "api.stripe.signatureBad"
	msgNotAnEvent       messages.Key = "api.stripe.notAnEvent"
	msgObjectUnreadable messages.Key = "api.stripe.objectUnreadable"
)

// Stripe is billing.Payments on Stripe's API.
type Stripe struct {
	client *stripe.Client
}

// New returns Stripe's API with the secret key. apiURL is Stripe's by default; tests point it at
// stripe-mock. The library logs nothing itself: errors reach our log through the caller, without
// the key.
func New(secretKey, apiURL string) *Stripe {
	cfg := &stripe.BackendConfig{
		HTTPClient:        &http.Client{Timeout: 8 * time.Second},
		LeveledLogger:     &stripe.LeveledLogger{Level: stripe.LevelNull},
		MaxNetworkRetries: stripe.Int64(1),
	}
	if apiURL != "" {
		cfg.URL = stripe.String(strings.TrimSuffix(apiURL, "/"))
	}
	return &Stripe{client: stripe.NewClient(secretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(cfg)))}
}

// TestMode is false: this is Stripe.
func (s *Stripe) TestMode() bool { return false }

// FindPromotion returns the active promotion code with this code. Stripe matches codes without
// regard to case; the code is compared again here, so a list that ignored the filter can never
// apply another code's discount.
func (s *Stripe) FindPromotion(ctx context.Context, code string) (billing.Promotion, error) {
	params := &stripe.PromotionCodeListParams{Code: stripe.String(code), Active: stripe.Bool(true)}
	params.AddExpand("data.promotion.coupon")
	params.Limit = stripe.Int64(1)
	for pc, err := range s.client.V1PromotionCodes.List(ctx, params) {
		if err != nil {
			return billing.Promotion{}, providerError(err, "looking up the promotion code")
		}
		if !strings.EqualFold(pc.Code, code) || pc.Promotion == nil || pc.Promotion.Coupon == nil || !pc.Promotion.Coupon.Valid {
			break
		}
		c := pc.Promotion.Coupon
		return billing.Promotion{
			ID: pc.ID, Code: pc.Code, PercentOff: c.PercentOff, AmountOff: c.AmountOff, Currency: string(c.Currency),
			Duration: string(c.Duration), DurationInMonths: int(c.DurationInMonths),
		}, nil
	}
	return billing.Promotion{}, apperr.Generic(apperr.NotFound, fmt.Errorf("Stripe has no active promotion code %q", code))
}

// CreateCheckout starts a hosted Checkout Session: a subscription for a monthly plan (with its
// free trial), a single payment for a one-off one. client_reference_id is the member's userId, and
// the member and plan are in the metadata of the session, the subscription and the payment, so
// every event about it names them.
func (s *Stripe) CreateCheckout(ctx context.Context, req billing.CheckoutRequest) (billing.CheckoutSession, error) {
	metadata := map[string]string{metaUserID: req.UserID, metaPlanID: req.Plan.ID}
	params := &stripe.CheckoutSessionCreateParams{
		ClientReferenceID: stripe.String(req.UserID),
		LineItems:         []*stripe.CheckoutSessionCreateLineItemParams{{Price: stripe.String(req.Plan.StripePriceID), Quantity: stripe.Int64(1)}},
		SuccessURL:        stripe.String(req.SuccessURL),
		CancelURL:         stripe.String(req.CancelURL),
		ExpiresAt:         stripe.Int64(req.ExpiresAt.Unix()),
		Metadata:          metadata,
	}
	if req.Email != "" {
		params.CustomerEmail = stripe.String(req.Email)
	}
	if req.Plan.Price.Interval == billing.Monthly {
		params.Mode = stripe.String(string(stripe.CheckoutSessionModeSubscription))
		params.SubscriptionData = &stripe.CheckoutSessionCreateSubscriptionDataParams{Metadata: metadata}
		if req.Plan.TrialDays > 0 {
			params.SubscriptionData.TrialPeriodDays = stripe.Int64(int64(req.Plan.TrialDays))
		}
	} else {
		params.Mode = stripe.String(string(stripe.CheckoutSessionModePayment))
		params.PaymentIntentData = &stripe.CheckoutSessionCreatePaymentIntentDataParams{Metadata: metadata}
	}
	if req.Promotion != nil {
		params.Discounts = []*stripe.CheckoutSessionCreateDiscountParams{{PromotionCode: stripe.String(req.Promotion.ID)}}
	}
	session, err := s.client.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return billing.CheckoutSession{}, providerError(err, "creating the checkout session")
	}
	return billing.CheckoutSession{ID: session.ID, URL: session.URL, ExpiresAt: req.ExpiresAt}, nil
}

// CancelSubscription cancels a subscription at once, for a member who closes their account: no
// later charge, and no refund of the current period, which stays the operator's call in Stripe's
// dashboard. The reason is noted on the subscription there. A subscription Stripe does not know
// (a test-mode one from a demo, say) or has ended already charges nothing, which is what was
// asked for, so neither is an error.
func (s *Stripe) CancelSubscription(ctx context.Context, subscriptionID string) error {
	params := &stripe.SubscriptionCancelParams{CancellationDetails: &stripe.SubscriptionCancelCancellationDetailsParams{
		Comment: stripe.String("The member closed their account."),
	}}
	_, err := s.client.V1Subscriptions.Cancel(ctx, subscriptionID, params)
	if err == nil {
		return nil
	}
	var se *stripe.Error
	if errors.As(err, &se) && se.HTTPStatusCode == http.StatusNotFound {
		return nil
	}
	if errors.As(err, &se) && se.HTTPStatusCode >= 400 && se.HTTPStatusCode < 500 && se.HTTPStatusCode != http.StatusTooManyRequests {
		// Stripe refuses to cancel a subscription that has ended; whether that is why is read from
		// the subscription itself rather than from the wording of the refusal.
		sub, gerr := s.client.V1Subscriptions.Retrieve(ctx, subscriptionID, nil)
		if gerr == nil && (sub.Status == stripe.SubscriptionStatusCanceled || sub.Status == stripe.SubscriptionStatusIncompleteExpired) {
			return nil
		}
	}
	return providerError(err, "canceling the subscription")
}

// providerError turns a failed Stripe call into the error vocabulary: Stripe unreachable or failing
// is Unavailable, which members are told plainly; anything Stripe refused is the operator's to fix
// (a price id that doesn't exist, say) and is logged as an internal error. Neither carries the key.
func providerError(err error, doing string) error {
	var se *stripe.Error
	if errors.As(err, &se) && se.HTTPStatusCode > 0 && se.HTTPStatusCode < 500 && se.HTTPStatusCode != http.StatusTooManyRequests {
		return apperr.WrapInternalf(err, "Stripe refused %s: %s (%s)", doing, se.Msg, se.Code)
	}
	return apperr.Wrap(apperr.Unavailable, err, msgUnavailable)
}
