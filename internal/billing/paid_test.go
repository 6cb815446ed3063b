package billing

import (
	"context"
	"slices"
	"testing"
	"time"
)

func TestActivated(t *testing.T) {
	sub := func(status Status, subscriptionID, sessionID string) Subscription {
		return Subscription{Status: status, SubscriptionID: subscriptionID, SessionID: sessionID, PlanID: "steady"}
	}
	tests := []struct {
		name      string
		cur, next Subscription
		want      bool
	}{
		{"first payment", Subscription{}, sub(StatusActive, "sub_1", "cs_1"), true},
		{"a free trial begins", sub(StatusNone, "", ""), sub(StatusActive, "sub_1", "cs_1"), true},
		{"a payment that confirmed later", sub(StatusPending, "sub_1", "cs_1"), sub(StatusActive, "sub_1", "cs_1"), true},
		{"a new plan after a canceled one", sub(StatusCanceled, "sub_1", "cs_1"), sub(StatusActive, "sub_2", "cs_2"), true},
		{"another subscription while one is active", sub(StatusActive, "sub_1", "cs_1"), sub(StatusActive, "sub_2", "cs_2"), true},
		{"another checkout of a plan paid once", sub(StatusActive, "", "cs_1"), sub(StatusActive, "", "cs_2"), true},
		{"the same event again", sub(StatusActive, "sub_1", "cs_1"), sub(StatusActive, "sub_1", "cs_1"), false},
		{"the checkout's event after its subscription's", sub(StatusActive, "sub_1", ""), sub(StatusActive, "sub_1", "cs_1"), false},
		{"a renewal that succeeds after failing", sub(StatusPastDue, "sub_1", "cs_1"), sub(StatusActive, "sub_1", "cs_1"), false},
		{"paid with a method that confirms later", Subscription{}, sub(StatusPending, "sub_1", "cs_1"), false},
		{"a renewal fails", sub(StatusActive, "sub_1", "cs_1"), sub(StatusPastDue, "sub_1", "cs_1"), false},
		{"canceled", sub(StatusActive, "sub_1", "cs_1"), sub(StatusCanceled, "sub_1", "cs_1"), false},
	}
	for _, tt := range tests {
		if got := Activated(tt.cur, tt.next); got != tt.want {
			t.Errorf("%s: Activated = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// ledger is fakeStore keeping the payment state the events leave and the event ids seen.
type ledger struct {
	*fakeStore
	seen map[string]bool
}

func (l *ledger) SaveSubscription(_ context.Context, s Subscription) error {
	l.sub = s
	return nil
}

func (l *ledger) RecordEvent(_ context.Context, id, _ string, _ time.Time) (bool, error) {
	first := !l.seen[id]
	l.seen[id] = true
	return first, nil
}

// paidEvents records the member.paid reports.
type paidEvents struct{ paid []string }

func (p *paidEvents) MemberPaid(_ context.Context, userID, planID string) error {
	p.paid = append(p.paid, userID+" "+planID)
	return nil
}

// TestApplyReportsPaidOncePerSubscription runs a member's subscription through the provider's
// events, in the order Stripe may send them: the plan is reported paid when it first is, and again
// only for a new subscription after the first ended.
func TestApplyReportsPaidOncePerSubscription(t *testing.T) {
	store := &ledger{fakeStore: &fakeStore{}, seen: map[string]bool{}}
	events := &paidEvents{}
	svc := NewService(store, openJourney{}, &fakePayments{}, time.Now)
	svc.ReportTo(events)
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	steps := []struct {
		e        Event
		wantPaid int
	}{
		{Event{ID: "evt_1", Type: EventSubscriptionUpdated, SubscriptionID: "sub_1", SubscriptionStatus: "active"}, 1},
		{Event{ID: "evt_2", Type: EventCheckoutCompleted, SessionID: "cs_1", SubscriptionID: "sub_1", PaymentStatus: "paid"}, 1},
		{Event{ID: "evt_2", Type: EventCheckoutCompleted, SessionID: "cs_1", SubscriptionID: "sub_1", PaymentStatus: "paid"}, 1},
		{Event{ID: "evt_3", Type: EventInvoicePaymentFailed, SubscriptionID: "sub_1"}, 1},
		{Event{ID: "evt_4", Type: EventSubscriptionUpdated, SubscriptionID: "sub_1", SubscriptionStatus: "active"}, 1},
		{Event{ID: "evt_5", Type: EventSubscriptionDeleted, SubscriptionID: "sub_1"}, 1},
		{Event{ID: "evt_6", Type: EventCheckoutCompleted, SessionID: "cs_2", SubscriptionID: "sub_2", PaymentStatus: "paid"}, 2},
	}
	for i, st := range steps {
		st.e.UserID, st.e.PlanID, st.e.Created = "u1", "steady", t0.Add(time.Duration(i)*time.Minute)
		if _, err := svc.Apply(context.Background(), st.e); err != nil {
			t.Fatalf("event %d (%s): %v", i, st.e.Type, err)
		}
		if got := len(events.paid); got != st.wantPaid {
			t.Errorf("after event %d (%s, now %s): %d paid reports, want %d", i, st.e.Type, store.sub.Status, got, st.wantPaid)
		}
	}
	if !slices.Equal(events.paid, []string{"u1 steady", "u1 steady"}) {
		t.Errorf("reports = %q, want the member and plan twice", events.paid)
	}
}
