package billing

import (
	"testing"
	"time"
)

func TestTransition(t *testing.T) {
	t0 := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	at := func(minutes int) time.Time { return t0.Add(time.Duration(minutes) * time.Minute) }
	none := Subscription{UserID: "u", Status: StatusNone}
	active := Subscription{UserID: "u", PlanID: "steady", Status: StatusActive, SessionID: "cs_1", SubscriptionID: "sub_1", EventAt: at(0)}
	pending := Subscription{UserID: "u", PlanID: "steady", Status: StatusPending, SessionID: "cs_1", SubscriptionID: "sub_1", EventAt: at(0)}
	canceled := Subscription{UserID: "u", PlanID: "steady", Status: StatusCanceled, SessionID: "cs_1", SubscriptionID: "sub_1", EventAt: at(5)}
	completed := func(status string, minute int) Event {
		return Event{Type: EventCheckoutCompleted, Created: at(minute), PlanID: "steady", SessionID: "cs_1", SubscriptionID: "sub_1", PaymentStatus: status}
	}
	sub := func(eventType, id, status string, minute int) Event {
		return Event{Type: eventType, Created: at(minute), PlanID: "steady", SubscriptionID: id, SubscriptionStatus: status}
	}
	tests := []struct {
		name    string
		cur     Subscription
		e       Event
		want    Status
		changed bool
	}{
		{"paid", none, completed("paid", 1), StatusActive, true},
		{"a free trial", none, completed("no_payment_required", 1), StatusActive, true},
		{"a slow method", none, completed("unpaid", 1), StatusPending, true},
		{"an unknown payment status", none, completed("mystery", 1), StatusNone, false},
		{"no plan named", none, Event{Type: EventCheckoutCompleted, Created: at(1), PaymentStatus: "paid"}, StatusNone, false},
		{"the slow method succeeds", pending, Event{Type: EventAsyncPaymentSucceeded, Created: at(1), PlanID: "steady", SessionID: "cs_1"}, StatusActive, true},
		{"the slow method fails", pending, Event{Type: EventAsyncPaymentFailed, Created: at(1), SessionID: "cs_1"}, StatusNone, true},
		{"another checkout's failure", pending, Event{Type: EventAsyncPaymentFailed, Created: at(1), SessionID: "cs_9"}, StatusPending, false},
		{"a failure after success", active, Event{Type: EventAsyncPaymentFailed, Created: at(1), SessionID: "cs_1"}, StatusActive, false},
		{"trialing is active", none, sub(EventSubscriptionUpdated, "sub_1", "trialing", 1), StatusActive, true},
		{"past due", active, sub(EventSubscriptionUpdated, "sub_1", "past_due", 1), StatusPastDue, true},
		{"unpaid is past due", active, sub(EventSubscriptionUpdated, "sub_1", "unpaid", 1), StatusPastDue, true},
		{"incomplete is pending", none, sub(EventSubscriptionUpdated, "sub_1", "incomplete", 1), StatusPending, true},
		{"expired is canceled", pending, sub(EventSubscriptionUpdated, "sub_1", "incomplete_expired", 1), StatusCanceled, true},
		{"an unknown subscription status", active, sub(EventSubscriptionUpdated, "sub_1", "mystery", 1), StatusActive, false},
		{"deleted", active, sub(EventSubscriptionDeleted, "sub_1", "canceled", 1), StatusCanceled, true},
		{"another subscription's update", active, sub(EventSubscriptionUpdated, "sub_2", "past_due", 1), StatusActive, false},
		{"canceled stays canceled", canceled, sub(EventSubscriptionUpdated, "sub_1", "active", 6), StatusCanceled, false},
		{"a late event", canceled, sub(EventSubscriptionUpdated, "sub_1", "active", 4), StatusCanceled, false},
		{"a new checkout after canceling", canceled, Event{Type: EventCheckoutCompleted, Created: at(6), PlanID: "momentum", SessionID: "cs_2", SubscriptionID: "sub_2", PaymentStatus: "paid"}, StatusActive, true},
		{"a failed renewal", active, Event{Type: EventInvoicePaymentFailed, Created: at(1), SubscriptionID: "sub_1"}, StatusPastDue, true},
		{"another subscription's invoice", active, Event{Type: EventInvoicePaymentFailed, Created: at(1), SubscriptionID: "sub_2"}, StatusActive, false},
		{"an invoice of no subscription", none, Event{Type: EventInvoicePaymentFailed, Created: at(1)}, StatusNone, false},
		{"an event of another kind", active, Event{Type: "customer.created", Created: at(1)}, StatusActive, false},
	}
	for _, tt := range tests {
		got, changed := Transition(tt.cur, tt.e)
		if got.Status != tt.want || changed != tt.changed {
			t.Errorf("%s: Transition() = %s, changed %v; want %s, %v", tt.name, got.Status, changed, tt.want, tt.changed)
		}
		if changed && !got.EventAt.Equal(tt.e.Created) {
			t.Errorf("%s: EventAt = %v, want the event's time %v", tt.name, got.EventAt, tt.e.Created)
		}
		if !changed && got != tt.cur {
			t.Errorf("%s: unchanged, yet the state moved from %+v to %+v", tt.name, tt.cur, got)
		}
	}
}
