package billing

import "time"

// Event is one event from the payment provider, with what the payment state needs of it. The
// provider's adapter (internal/stripepay) checks its signature and reads it; only such events
// change a member's payment state.
type Event struct {
	ID      string
	Type    string
	Created time.Time // when the provider created it: events arrive in any order, and this orders them

	UserID         string // the member: the checkout's client_reference_id, or the metadata set at checkout
	PlanID         string // from the metadata set at checkout
	SessionID      string // the checkout session
	CustomerID     string
	SubscriptionID string
	// PaymentStatus is a checkout session's: paid, unpaid (a method that confirms later) or
	// no_payment_required (a free trial).
	PaymentStatus string
	// SubscriptionStatus is a subscription's status, in the provider's words (active, trialing,
	// past_due, unpaid, canceled, incomplete, incomplete_expired, paused).
	SubscriptionStatus string
}

// The event types that change a member's payment state. Every other type is acknowledged and left
// alone.
const (
	EventCheckoutCompleted     = "checkout.session.completed"
	EventAsyncPaymentSucceeded = "checkout.session.async_payment_succeeded"
	EventAsyncPaymentFailed    = "checkout.session.async_payment_failed"
	EventSubscriptionUpdated   = "customer.subscription.updated"
	EventSubscriptionDeleted   = "customer.subscription.deleted"
	EventInvoicePaymentFailed  = "invoice.payment_failed"
)

// Handles tells whether an event of this type can change a member's payment state.
func Handles(eventType string) bool {
	switch eventType {
	case EventCheckoutCompleted, EventAsyncPaymentSucceeded, EventAsyncPaymentFailed,
		EventSubscriptionUpdated, EventSubscriptionDeleted, EventInvoicePaymentFailed:
		return true
	}
	return false
}

// statusOfSubscription maps the provider's subscription status to the member's payment state; ""
// for a status that says nothing new (none today).
func statusOfSubscription(s string) Status {
	switch s {
	case "active", "trialing":
		return StatusActive
	case "past_due", "unpaid", "paused":
		return StatusPastDue
	case "canceled", "incomplete_expired":
		return StatusCanceled
	case "incomplete":
		return StatusPending
	}
	return ""
}

// Transition returns the payment state after event e, and whether e changed it. It is the whole
// state machine, and it makes late and repeated events harmless:
//   - an event created before the one last applied changes nothing;
//   - events about another subscription than the member's current one change nothing, except a
//     completed checkout, which is how a member who ended a plan starts a new one;
//   - a canceled subscription stays canceled;
//   - an asynchronous payment's result applies only to the checkout it belongs to.
func Transition(cur Subscription, e Event) (Subscription, bool) {
	if !cur.EventAt.IsZero() && e.Created.Before(cur.EventAt) {
		return cur, false
	}
	next := cur
	sameSubscription := cur.SubscriptionID == "" || cur.SubscriptionID == e.SubscriptionID
	switch e.Type {
	case EventCheckoutCompleted:
		switch e.PaymentStatus {
		case "paid", "no_payment_required":
			next.Status = StatusActive
		case "unpaid":
			next.Status = StatusPending
		default:
			return cur, false
		}
		next.PlanID, next.SessionID = e.PlanID, e.SessionID
		next.CustomerID, next.SubscriptionID = e.CustomerID, e.SubscriptionID
	case EventAsyncPaymentSucceeded:
		if cur.SessionID != "" && cur.SessionID != e.SessionID {
			return cur, false
		}
		next.Status = StatusActive
		next.PlanID, next.SessionID = e.PlanID, e.SessionID
		next.CustomerID, next.SubscriptionID = e.CustomerID, e.SubscriptionID
	case EventAsyncPaymentFailed:
		if cur.SessionID != e.SessionID || cur.Status != StatusPending {
			return cur, false
		}
		next.Status = StatusNone
	case EventSubscriptionUpdated, EventSubscriptionDeleted:
		if !sameSubscription || e.SubscriptionID == "" || (cur.Status == StatusCanceled && cur.SubscriptionID == e.SubscriptionID) {
			return cur, false
		}
		status := StatusCanceled
		if e.Type == EventSubscriptionUpdated {
			status = statusOfSubscription(e.SubscriptionStatus)
		}
		if status == "" {
			return cur, false
		}
		next.Status, next.SubscriptionID = status, e.SubscriptionID
		if next.PlanID == "" {
			next.PlanID = e.PlanID
		}
		if next.CustomerID == "" {
			next.CustomerID = e.CustomerID
		}
	case EventInvoicePaymentFailed:
		if cur.SubscriptionID == "" || cur.SubscriptionID != e.SubscriptionID || cur.Status != StatusActive {
			return cur, false
		}
		next.Status = StatusPastDue
	default:
		return cur, false
	}
	if next.PlanID == "" {
		// Without a plan the state could not be shown; the provider's metadata always names one
		// for a checkout this server made.
		return cur, false
	}
	next.EventAt = e.Created
	return next, true
}

// Activated reports whether the change from cur to next is a plan becoming paid: next is active
// (paid, or in a free trial), and cur held no paid plan, or held another subscription (or, for a
// plan paid once, another checkout). A payment that confirms later (pending, then active) and a new
// plan after a canceled one are activations; a renewal that succeeds after failing (past due, then
// active), a repeated event, and the checkout's event arriving after its subscription's are not.
func Activated(cur, next Subscription) bool {
	switch {
	case next.Status != StatusActive:
		return false
	case cur.Status != StatusActive && cur.Status != StatusPastDue:
		return true
	case cur.SubscriptionID != "" && next.SubscriptionID != "":
		return cur.SubscriptionID != next.SubscriptionID
	}
	return cur.SessionID != "" && next.SessionID != "" && cur.SessionID != next.SessionID
}
