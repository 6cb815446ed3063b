package httpapi

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/auth"
	"wayfinder/internal/billing"
	"wayfinder/internal/messages"
)

// Billing is what the plan and payment API needs of the billing service (billing.Service).
type Billing interface {
	Offer(ctx context.Context, userID string) (billing.Offer, error)
	Checkout(ctx context.Context, userID, email, planID string, urls billing.CheckoutURLs) (billing.CheckoutSession, error)
	Subscription(ctx context.Context, userID string) (billing.Subscription, error)
	MemberCheckout(ctx context.Context, userID, sessionID string) (billing.MemberCheckout, error)
	Apply(ctx context.Context, e billing.Event) (billing.Outcome, error)
}

// StripeEvents checks the signature of an event Stripe sent and reads it (stripepay.Webhook).
type StripeEvents interface {
	Event(payload []byte, header string) (billing.Event, error)
}

// TestCheckouts makes the signed event Stripe would send once a test-mode checkout is paid
// (stripepay.TestMode). It is set only in test mode.
type TestCheckouts interface {
	Completed(session billing.CheckoutSession, plan billing.Plan, now time.Time) (payload []byte, header string, err error)
}

// paymentOn tells whether this request is offered the plan and payment (the payment variant).
func (s *server) paymentOn(r *http.Request) bool { return s.payment.On(r.Host) }

// siteURL is the address members reach this request's site at: the public URL, or, on one of the
// payment hostnames, that hostname, so Stripe sends the member back to the site (and the session
// cookie) they paid from.
func (s *server) siteURL(r *http.Request) *url.URL {
	site := *s.publicURL
	if host := r.Host; host != "" && !s.payment.Enabled && s.payment.On(host) {
		site.Host = host
	}
	return &site
}

// requirePayment answers NotFound when the request's site offers no plans.
func (s *server) requirePayment(r *http.Request) error {
	if !s.paymentOn(r) {
		return apperr.E(apperr.NotFound, msgNoPlansHere)
	}
	return nil
}

type subscriptionJSON struct {
	PlanID *string        `json:"planId"`
	Status billing.Status `json:"status"`
}

func subscriptionOf(sub billing.Subscription) subscriptionJSON {
	out := subscriptionJSON{Status: sub.Status}
	if sub.Status == "" {
		out.Status = billing.StatusNone
	}
	if sub.PlanID != "" && out.Status != billing.StatusNone {
		out.PlanID = &sub.PlanID
	}
	return out
}

type priceJSON struct {
	Amount   int64            `json:"amount"`
	Currency string           `json:"currency"`
	Interval billing.Interval `json:"interval"`
}

func priceOf(p billing.Price) priceJSON { return priceJSON{p.Amount, p.Currency, p.Interval} }

type planJSON struct {
	PlanID    string          `json:"planId"`
	Name      string          `json:"name"`
	Price     priceJSON       `json:"price"`
	Includes  []string        `json:"includes"`
	TrialDays int             `json:"trialDays"`
	Support   billing.Support `json:"support"`
	Charges   chargesJSON     `json:"charges"`
}

type chargesJSON struct {
	First struct {
		Amount int64  `json:"amount"`
		On     string `json:"on"`
	} `json:"first"`
	Then *int64 `json:"then"`
}

func planOf(p billing.Plan, c billing.Charges) planJSON {
	out := planJSON{PlanID: p.ID, Name: p.Name, Price: priceOf(p.Price),
		Includes: p.Includes, TrialDays: p.TrialDays, Support: p.Support}
	out.Charges.First.Amount, out.Charges.First.On, out.Charges.Then = c.First.Amount, c.First.On.Format(time.DateOnly), c.Then
	return out
}

type couponJSON struct {
	Code             string               `json:"code"`
	Status           billing.CouponStatus `json:"status"`
	PercentOff       *float64             `json:"percentOff"`
	AmountOff        *int64               `json:"amountOff"`
	Duration         *string              `json:"duration"`
	DurationInMonths *int                 `json:"durationInMonths"`
}

func couponOf(c *billing.Coupon) *couponJSON {
	if c == nil {
		return nil
	}
	out := &couponJSON{Code: c.Code, Status: c.Status}
	if c.Status == billing.CouponApplies {
		p := c.Promotion
		if p.PercentOff > 0 {
			out.PercentOff = &p.PercentOff
		}
		if p.AmountOff > 0 {
			out.AmountOff = &p.AmountOff
		}
		if p.Duration != "" {
			out.Duration = &p.Duration
		}
		if p.Duration == "repeating" {
			out.DurationInMonths = &p.DurationInMonths
		}
	}
	return out
}

type plansResponse struct {
	Plans          []planJSON `json:"plans"`
	Recommendation struct {
		PlanID string `json:"planId"`
		Reason string `json:"reason"`
	} `json:"recommendation"`
	Coupon       *couponJSON      `json:"coupon"`
	Coach        *planCoachJSON   `json:"coach"`
	Subscription subscriptionJSON `json:"subscription"`
	TestMode     bool             `json:"testMode"`
	// EmailVerificationRequired says checkout waits for the caller to confirm their email.
	EmailVerificationRequired bool `json:"emailVerificationRequired"`
}

type planCoachJSON struct {
	CoachID   string `json:"coachId"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	AvatarURL string `json:"avatarUrl"`
}

// plans answers GET /api/billing/plans: the plans, the one recommended for the caller and why, what
// each will cost them and when, and their coach.
func (s *server) plans(w http.ResponseWriter, r *http.Request) {
	if err := s.requirePayment(r); err != nil {
		s.writeError(w, r, err)
		return
	}
	p, _ := auth.FromContext(r.Context())
	offer, err := s.billing.Offer(r.Context(), p.User.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if c := offer.Coupon; c != nil && c.Problem != nil {
		s.log.WarnContext(r.Context(), "the coupon could not be checked with the payment provider", "error", c.Problem.Error())
	}
	out := plansResponse{Plans: make([]planJSON, 0, len(offer.Plans)), Coupon: couponOf(offer.Coupon),
		Subscription: subscriptionOf(offer.Subscription), TestMode: offer.TestMode, EmailVerificationRequired: offer.EmailVerificationRequired}
	for _, plan := range offer.Plans {
		out.Plans = append(out.Plans, planOf(plan, offer.Charges[plan.ID]))
	}
	// The reason is rendered here, like an error's message, in the language the request asks for.
	out.Recommendation.PlanID = offer.Recommended
	out.Recommendation.Reason = messages.Negotiate(r.Header.Get("Accept-Language")).T(offer.Reason)
	if c := offer.Coach; c.ID != "" {
		out.Coach = &planCoachJSON{CoachID: c.ID, FirstName: c.FirstName, LastName: c.LastName, AvatarURL: c.AvatarURL}
	}
	writeJSON(w, http.StatusOK, out)
}

type checkoutRequest struct {
	PlanID string `json:"planId"`
}

type checkoutResponse struct {
	SessionID string `json:"sessionId"`
	URL       string `json:"url"`
}

// checkout answers POST /api/billing/checkout: it starts paying for a plan and answers where to
// send the browser. Stripe sends the member back to payment-response, or to the preview on cancel.
func (s *server) checkout(w http.ResponseWriter, r *http.Request) {
	if err := s.requirePayment(r); err != nil {
		s.writeError(w, r, err)
		return
	}
	var req checkoutRequest
	if err := decodeJSON(r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if strings.TrimSpace(req.PlanID) == "" {
		s.writeError(w, r, apperr.InvalidFields(msgChoosePlan, apperr.Field("planId", msgRequired)))
		return
	}
	p, _ := auth.FromContext(r.Context())
	site := s.siteURL(r)
	// Stripe fills in {CHECKOUT_SESSION_ID}; its braces must stay as they are, unescaped.
	urls := billing.CheckoutURLs{
		Success: site.JoinPath("/account/payment-response").String() + "?session_id={CHECKOUT_SESSION_ID}",
		Cancel:  site.JoinPath("/account/plan-preview").String() + "?checkout=canceled",
	}
	session, err := s.billing.Checkout(r.Context(), p.User.ID, p.User.Email, req.PlanID, urls)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.metrics.checkouts.Inc()
	writeJSON(w, http.StatusOK, checkoutResponse{SessionID: session.ID, URL: session.URL})
}

// maxStripeEvent bounds a webhook body. Stripe's events are a few kilobytes; the largest carry
// long invoices.
const maxStripeEvent = 512 << 10

// stripeWebhook answers POST /api/billing/stripe-webhook: an event from Stripe, applied once. A
// 2xx tells Stripe the event is safely recorded; anything else makes Stripe send it again later.
func (s *server) stripeWebhook(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, maxStripeEvent+1))
	switch {
	case err != nil:
		s.writeError(w, r, apperr.Wrap(apperr.Invalid, err, msgEventUnreadable))
		return
	case len(payload) > maxStripeEvent:
		s.writeError(w, r, apperr.E(apperr.TooLarge, msgEventTooLarge))
		return
	}
	if err := s.receiveStripeEvent(r.Context(), payload, r.Header.Get("Stripe-Signature")); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"received": true})
}

// receiveStripeEvent checks an event's signature and applies it: the one way into the payment
// state, for Stripe's events and the test mode's alike.
func (s *server) receiveStripeEvent(ctx context.Context, payload []byte, signature string) error {
	e, err := s.stripeEvents.Event(payload, signature)
	if err != nil {
		return err
	}
	outcome, err := s.billing.Apply(ctx, e)
	if err != nil {
		return err
	}
	s.metrics.paymentEvents.WithLabelValues(string(outcome)).Inc()
	level := s.log.Info
	if outcome == billing.UnknownMember {
		level = s.log.Warn
	}
	level("payment event", "event", e.ID, "type", e.Type, "outcome", string(outcome))
	return nil
}

type testCheckoutResponse struct {
	SessionID  string      `json:"sessionId"`
	Plan       planJSON    `json:"plan"`
	Coupon     *couponJSON `json:"coupon"`
	SuccessURL string      `json:"successUrl"`
	CancelURL  string      `json:"cancelUrl"`
	Paid       bool        `json:"paid"`
}

// testCheckout answers GET /api/billing/test-checkout/{sessionId} in test mode: what the caller's
// own test checkout is for, to show on the test-mode checkout page.
func (s *server) testCheckout(w http.ResponseWriter, r *http.Request) {
	p, _ := auth.FromContext(r.Context())
	c, err := s.billing.MemberCheckout(r.Context(), p.User.ID, r.PathValue("sessionId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	offer, err := s.billing.Offer(r.Context(), p.User.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := testCheckoutResponse{SessionID: c.Session.ID, Plan: planOf(c.Plan, offer.Charges[c.Plan.ID]),
		SuccessURL: successURL(c.Session), CancelURL: c.Session.CancelURL, Paid: c.Paid}
	if c.Session.Coupon != "" {
		out.Coupon = couponOf(offer.Coupon)
	}
	writeJSON(w, http.StatusOK, out)
}

// payTestCheckout answers POST /api/billing/test-checkout/{sessionId}/pay in test mode: the
// checkout.session.completed event Stripe would send goes through the webhook's own signature
// check and state machine, and the answer is the success URL. Paying twice changes nothing.
func (s *server) payTestCheckout(w http.ResponseWriter, r *http.Request) {
	p, _ := auth.FromContext(r.Context())
	c, err := s.billing.MemberCheckout(r.Context(), p.User.ID, r.PathValue("sessionId"))
	if err == nil && !c.Paid {
		var payload []byte
		var signature string
		if payload, signature, err = s.testCheckouts.Completed(c.Session, c.Plan, time.Now()); err == nil {
			err = s.receiveStripeEvent(r.Context(), payload, signature)
		}
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"url": successURL(c.Session)})
}

// successURL is a checkout's success URL with its session id filled in, as Stripe fills it.
func successURL(c billing.CheckoutSession) string {
	return strings.ReplaceAll(c.SuccessURL, "{CHECKOUT_SESSION_ID}", url.QueryEscape(c.ID))
}
