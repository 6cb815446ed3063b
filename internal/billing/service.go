package billing

import (
	"context"
	"errors"
	"strings"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/coaching"
	"wayfinder/internal/messages"
)

// Store is what the Service needs of the database. Its signatures are those of sqlstore.DB.
type Store interface {
	// InTx runs fn in one transaction; the store calls fn makes with its ctx are part of it.
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	// LockUser holds the member's row until the transaction ends; NotFound for an unknown member.
	LockUser(ctx context.Context, userID string) error
	// UserByID returns the member, whose email checkout may need confirmed; NotFound if unknown.
	UserByID(ctx context.Context, id string) (account.User, error)
	Plans(ctx context.Context, activeOnly bool) ([]Plan, error)
	PlanByID(ctx context.Context, id string) (Plan, error)
	// Subscription returns the member's payment state, or NotFound when they have never had one.
	Subscription(ctx context.Context, userID string) (Subscription, error)
	// SubscriptionByProviderID returns the payment state holding a provider's subscription, or NotFound.
	SubscriptionByProviderID(ctx context.Context, subscriptionID string) (Subscription, error)
	SaveSubscription(ctx context.Context, s Subscription) error
	// RecordEvent records that a provider event was received, and reports whether this is the first
	// time; a repeated id changes nothing.
	RecordEvent(ctx context.Context, id, eventType string, at time.Time) (bool, error)
	SaveCheckout(ctx context.Context, c CheckoutSession) error
	CheckoutByID(ctx context.Context, id string) (CheckoutSession, error)
	// LatestCheckout returns the member's most recent checkout session, or NotFound.
	LatestCheckout(ctx context.Context, userID string) (CheckoutSession, error)
	CurrentAssignment(ctx context.Context, userID string) (coaching.Assignment, error)
	CoachByID(ctx context.Context, id string) (coaching.Coach, error)
}

// Journey is what the Service needs of the member's onboarding (onboarding.Service).
type Journey interface {
	// RequireOpen returns nil when the member may go past the survey, and otherwise a Conflict
	// saying in plain words what is missing.
	RequireOpen(ctx context.Context, userID string) error
	// PlanNeeds returns what the member's answers say about the support they want.
	PlanNeeds(ctx context.Context, userID string) (Needs, error)
	// Coupon returns the coupon the member arrived with, or "".
	Coupon(ctx context.Context, userID string) (string, error)
}

// Payments is the payment provider: Stripe (internal/stripepay), or this server's own test mode,
// which needs no network and moves no money.
type Payments interface {
	// TestMode tells whether checkout is this server's own test-mode page.
	TestMode() bool
	// FindPromotion returns the active promotion code with this code: NotFound when the provider
	// doesn't know it, Unavailable when the provider could not be asked.
	FindPromotion(ctx context.Context, code string) (Promotion, error)
	// CreateCheckout starts a hosted checkout and returns its id and address.
	CreateCheckout(ctx context.Context, req CheckoutRequest) (CheckoutSession, error)
	// CancelSubscription ends a subscription at once, so it charges nothing more: for a member who
	// closes their account. A subscription the provider has ended already, or does not know, is
	// no error. Unavailable when the provider could not be asked.
	CancelSubscription(ctx context.Context, subscriptionID string) error
}

// CheckoutRequest is what a checkout is made from.
type CheckoutRequest struct {
	UserID     string
	Email      string
	Plan       Plan
	Promotion  *Promotion // the coupon to apply, if the provider knows it
	SuccessURL string     // where the provider sends the member after paying
	CancelURL  string     // and after canceling
	ExpiresAt  time.Time
}

// CheckoutSession is a checkout this server started.
type CheckoutSession struct {
	ID         string
	UserID     string
	PlanID     string
	Coupon     string // the coupon code applied, or ""
	URL        string // where the member pays
	SuccessURL string
	CancelURL  string
	ExpiresAt  time.Time
	CreatedAt  time.Time
}

// checkoutLifetime is how long a checkout stays open: the provider's shortest, so a member who
// comes back later starts afresh with today's plans and prices.
const checkoutLifetime = 30 * time.Minute

// Events is what the Service tells the operator's systems (insights.Webhooks), in the transaction
// of the payment event that calls for it.
type Events interface {
	// MemberPaid records that a plan of the member's became paid.
	MemberPaid(ctx context.Context, userID, planID string) error
}

// Service offers plans, starts checkouts and keeps each member's payment state.
type Service struct {
	store    Store
	journey  Journey
	payments Payments
	now      func() time.Time
	// verifiedEmailToPay says checkout needs the member's email confirmed (RequireVerifiedEmail).
	verifiedEmailToPay bool
	events             Events // nil tells no one
}

// NewService returns a Service. now is the clock used for charges' dates and stored times.
func NewService(store Store, journey Journey, payments Payments, now func() time.Time) *Service {
	return &Service{store: store, journey: journey, payments: payments, now: now}
}

// RequireVerifiedEmail makes checkout refuse a member whose email address is not confirmed. The
// receipts and any payment dispute go to that address, and nobody may pay in the name of an
// address that is not theirs. A server turns it on only where members can confirm their address:
// where it emails the confirmation link itself. Without mail, nobody could, and paying would be
// out of reach for everyone.
func (s *Service) RequireVerifiedEmail() { s.verifiedEmailToPay = true }

// ReportTo has the Service tell e when a member's plan becomes paid: once for each subscription
// (see Activated), however many of the provider's events say so.
func (s *Service) ReportTo(e Events) { s.events = e }

// ErrEmailNotVerified is checkout's answer to a member who must confirm their email address first.
var ErrEmailNotVerified = apperr.E(apperr.Forbidden, msgConfirmEmailFirst)

// Offer is what a member sees on the plan steps.
type Offer struct {
	Plans        []Plan       // active plans, the recommended one first
	Recommended  string       // the recommended plan's id
	Reason       messages.Key // why, in one plain sentence
	Charges      map[string]Charges
	Coupon       *Coupon // nil when the member arrived without one
	Coach        coaching.Coach
	Subscription Subscription
	TestMode     bool
	// EmailVerificationRequired says checkout will refuse this member until they confirm their
	// email address (RequireVerifiedEmail), so the plan can say so before they try.
	EmailVerificationRequired bool
}

// Offer returns the plans for a member whose journey has reached them: the survey complete, no
// safety disclosure waiting, and a coach chosen.
func (s *Service) Offer(ctx context.Context, userID string) (Offer, error) {
	coach, err := s.requireJourney(ctx, userID)
	if err != nil {
		return Offer{}, err
	}
	plans, err := s.store.Plans(ctx, true)
	if err != nil {
		return Offer{}, err
	}
	needs, err := s.journey.PlanNeeds(ctx, userID)
	if err != nil {
		return Offer{}, err
	}
	recommended, reason, ok := Recommend(needs, plans)
	if !ok {
		return Offer{}, apperr.E(apperr.Unavailable, msgNoPlans)
	}
	sub, err := s.Subscription(ctx, userID)
	if err != nil {
		return Offer{}, err
	}
	coupon, err := s.coupon(ctx, userID)
	if err != nil {
		return Offer{}, err
	}
	unverified, err := s.emailUnverified(ctx, userID)
	if err != nil {
		return Offer{}, err
	}
	today := s.now().UTC()
	charges := make(map[string]Charges, len(plans))
	for _, p := range plans {
		charges[p.ID] = ChargesFor(p, couponOrNone(coupon), today)
	}
	return Offer{
		Plans: Ordered(plans, recommended.ID), Recommended: recommended.ID, Reason: reason, Charges: charges,
		Coupon: coupon, Coach: coach, Subscription: sub, TestMode: s.payments.TestMode(),
		EmailVerificationRequired: unverified && !sub.Status.HoldsPlan(),
	}, nil
}

// Subscription returns the member's payment state; StatusNone when they have never paid.
func (s *Service) Subscription(ctx context.Context, userID string) (Subscription, error) {
	sub, err := s.store.Subscription(ctx, userID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Subscription{UserID: userID, Status: StatusNone}, nil
	}
	return sub, err
}

// CheckoutURLs are the addresses the provider sends the member back to.
type CheckoutURLs struct {
	Success string // must hold {CHECKOUT_SESSION_ID}, which the provider fills in
	Cancel  string
}

// Checkout starts paying for a plan. The member's journey must have reached the plan; a member who
// holds a plan already is never sent to pay again; a member whose email must be confirmed first
// (RequireVerifiedEmail) gets ErrEmailNotVerified; and a checkout the member left open for the
// same plan and coupon is answered again rather than a second one made. The coupon the member
// arrived with is applied when the provider knows it; otherwise checkout goes on without it.
//
// The provider is called outside any transaction, so a slow provider holds no lock: two checkouts
// started at once make two sessions, and at most one of them is ever paid for by a member who
// closes the other.
func (s *Service) Checkout(ctx context.Context, userID, email, planID string, urls CheckoutURLs) (CheckoutSession, error) {
	plan, err := s.store.PlanByID(ctx, planID)
	if apperr.CodeOf(err) == apperr.NotFound || (err == nil && !plan.Active) {
		return CheckoutSession{}, apperr.InvalidFields(msgPlanWithdrawn, apperr.Field("planId", msgChooseShownPlan))
	}
	if err != nil {
		return CheckoutSession{}, err
	}
	if _, err := s.requireJourney(ctx, userID); err != nil {
		return CheckoutSession{}, err
	}
	sub, err := s.Subscription(ctx, userID)
	if err != nil {
		return CheckoutSession{}, err
	}
	if sub.Status.HoldsPlan() {
		return CheckoutSession{}, apperr.E(apperr.Conflict, msgHoldsPlan)
	}
	if unverified, err := s.emailUnverified(ctx, userID); err != nil {
		return CheckoutSession{}, err
	} else if unverified {
		return CheckoutSession{}, ErrEmailNotVerified
	}
	coupon, err := s.coupon(ctx, userID)
	if err != nil {
		return CheckoutSession{}, err
	}
	var promotion *Promotion
	if coupon != nil && coupon.Status == CouponApplies && coupon.Promotion.fitsPlan(plan) {
		promotion = &coupon.Promotion
	}
	now := s.now().UTC()
	if open, err := s.store.LatestCheckout(ctx, userID); err == nil && open.PlanID == plan.ID &&
		open.Coupon == promotionCode(promotion) && open.ExpiresAt.After(now.Add(5*time.Minute)) {
		return open, nil
	} else if err != nil && apperr.CodeOf(err) != apperr.NotFound {
		return CheckoutSession{}, err
	}
	session, err := s.payments.CreateCheckout(ctx, CheckoutRequest{
		UserID: userID, Email: email, Plan: plan, Promotion: promotion,
		SuccessURL: urls.Success, CancelURL: urls.Cancel, ExpiresAt: now.Add(checkoutLifetime),
	})
	if err != nil {
		return CheckoutSession{}, err
	}
	session.UserID, session.PlanID, session.Coupon = userID, plan.ID, promotionCode(promotion)
	session.SuccessURL, session.CancelURL, session.CreatedAt = urls.Success, urls.Cancel, now
	if session.ExpiresAt.IsZero() {
		session.ExpiresAt = now.Add(checkoutLifetime)
	}
	if err := s.store.SaveCheckout(ctx, session); err != nil {
		return CheckoutSession{}, err
	}
	return session, nil
}

func promotionCode(p *Promotion) string {
	if p == nil {
		return ""
	}
	return p.Code
}

// MemberCheckout is one of a member's checkouts, with its plan and whether it has been paid.
type MemberCheckout struct {
	Session CheckoutSession
	Plan    Plan
	Paid    bool // the member's plan was paid through this checkout
}

// MemberCheckout returns one of the member's own checkout sessions: NotFound for a session that is
// not theirs, so no one learns of another member's.
func (s *Service) MemberCheckout(ctx context.Context, userID, sessionID string) (MemberCheckout, error) {
	session, err := s.store.CheckoutByID(ctx, sessionID)
	if err == nil && session.UserID != userID {
		err = apperr.Generic(apperr.NotFound, errors.New("not this member's checkout"))
	}
	if apperr.CodeOf(err) == apperr.NotFound {
		return MemberCheckout{}, apperr.E(apperr.NotFound, msgCheckoutNotFound)
	}
	if err != nil {
		return MemberCheckout{}, err
	}
	plan, err := s.store.PlanByID(ctx, session.PlanID)
	if err != nil {
		return MemberCheckout{}, err
	}
	sub, err := s.Subscription(ctx, userID)
	if err != nil {
		return MemberCheckout{}, err
	}
	return MemberCheckout{Session: session, Plan: plan, Paid: sub.SessionID == session.ID && sub.Status.HoldsPlan()}, nil
}

// Outcome says what an event did.
type Outcome string

const (
	Applied       Outcome = "applied"        // the payment state changed
	Unchanged     Outcome = "unchanged"      // the event was late or said nothing new
	Replayed      Outcome = "replayed"       // this event id was processed before
	NotHandled    Outcome = "not_handled"    // a type that changes nothing
	UnknownMember Outcome = "unknown_member" // no member of ours matches it
)

// Apply processes one verified event from the payment provider: once per event id, in one
// transaction with its effect, so a replay changes nothing and a crash leaves either both or
// neither. Events arrive in any order; Transition keeps a late one from undoing a newer state.
func (s *Service) Apply(ctx context.Context, e Event) (Outcome, error) {
	if !Handles(e.Type) {
		return NotHandled, nil
	}
	var outcome Outcome
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		first, err := s.store.RecordEvent(ctx, e.ID, e.Type, s.now().UTC())
		if err != nil {
			return err
		}
		if !first {
			outcome = Replayed
			return nil
		}
		userID := e.UserID
		if userID == "" && e.SubscriptionID != "" {
			held, err := s.store.SubscriptionByProviderID(ctx, e.SubscriptionID)
			if err != nil && apperr.CodeOf(err) != apperr.NotFound {
				return err
			}
			userID = held.UserID
		}
		if userID == "" {
			outcome = UnknownMember
			return nil
		}
		if err := s.store.LockUser(ctx, userID); apperr.CodeOf(err) == apperr.NotFound {
			outcome = UnknownMember
			return nil
		} else if err != nil {
			return err
		}
		cur, err := s.Subscription(ctx, userID)
		if err != nil {
			return err
		}
		next, changed := Transition(cur, e)
		if !changed {
			outcome = Unchanged
			return nil
		}
		next.UpdatedAt = s.now().UTC()
		outcome = Applied
		if err := s.store.SaveSubscription(ctx, next); err != nil {
			return err
		}
		if s.events != nil && Activated(cur, next) {
			return s.events.MemberPaid(ctx, userID, next.PlanID)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return outcome, nil
}

// emailUnverified reports whether checkout needs the member to confirm their email address first.
func (s *Service) emailUnverified(ctx context.Context, userID string) (bool, error) {
	if !s.verifiedEmailToPay {
		return false, nil
	}
	u, err := s.store.UserByID(ctx, userID)
	if err != nil {
		return false, err
	}
	return !u.EmailVerified, nil
}

// requireJourney returns the member's coach when their journey has reached the plan: the survey
// open to them (Journey.RequireOpen) and a coach chosen.
func (s *Service) requireJourney(ctx context.Context, userID string) (coaching.Coach, error) {
	if err := s.journey.RequireOpen(ctx, userID); err != nil {
		return coaching.Coach{}, err
	}
	current, err := s.store.CurrentAssignment(ctx, userID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return coaching.Coach{}, apperr.E(apperr.Conflict, msgChooseCoachFirst)
	}
	if err != nil {
		return coaching.Coach{}, err
	}
	return s.store.CoachByID(ctx, current.CoachID)
}

// coupon returns the coupon the member arrived with and whether the provider knows it, or nil when
// they arrived without one. A provider that cannot be asked leaves it unchecked: the member still
// sees their plans, and checkout asks again.
func (s *Service) coupon(ctx context.Context, userID string) (*Coupon, error) {
	code, err := s.journey.Coupon(ctx, userID)
	if err != nil || strings.TrimSpace(code) == "" {
		return nil, err
	}
	c := &Coupon{Code: code, Status: CouponUnknown}
	promotion, err := s.payments.FindPromotion(ctx, code)
	switch apperr.CodeOf(err) {
	case "":
		c.Status, c.Promotion = CouponApplies, promotion
	case apperr.NotFound:
	default:
		c.Status, c.Problem = CouponUnchecked, err
	}
	return c, nil
}

func couponOrNone(c *Coupon) Coupon {
	if c == nil {
		return Coupon{}
	}
	return *c
}
