package sqlstore

import (
	"context"
	"reflect"
	"testing"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/billing"
)

func TestPlans(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			steady := billing.Plan{ID: "steady", Name: "Steady", Price: billing.Price{Amount: 12900, Currency: "usd", Interval: billing.Monthly},
				StripePriceID: "price_1", Includes: []string{"Two sessions", "Chat"}, TrialDays: 7, Support: billing.Standard, Active: true}
			once := billing.Plan{ID: "once", Name: "Once", Price: billing.Price{Amount: 14900, Currency: "usd", Interval: billing.OneOff},
				StripePriceID: "price_2", Includes: []string{"Three sessions"}, Support: billing.Light, Active: false}
			for _, p := range []billing.Plan{steady, once} {
				if err := db.UpsertPlan(ctx, p); err != nil {
					t.Fatal(err)
				}
			}
			steady.Name, steady.Price.Amount = "Steady plus", 13900
			if err := db.UpsertPlan(ctx, steady); err != nil {
				t.Fatal(err)
			}
			got, err := db.PlanByID(ctx, "steady")
			got.UpdatedAt = time.Time{}
			if err != nil || !reflect.DeepEqual(got, steady) {
				t.Errorf("PlanByID(steady) = %+v, %v; want %+v", got, err, steady)
			}
			if _, err := db.PlanByID(ctx, "gold"); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("PlanByID(gold) error = %v, want NotFound", err)
			}
			active, err := db.Plans(ctx, true)
			all, err2 := db.Plans(ctx, false)
			if err != nil || err2 != nil || len(active) != 1 || active[0].ID != "steady" || len(all) != 2 {
				t.Errorf("Plans(active) = %d plans, Plans(all) = %d; want 1 and 2 (%v, %v)", len(active), len(all), err, err2)
			}
			// A transaction that fails stores none of its plans.
			failed := db.InTx(ctx, func(ctx context.Context) error {
				if err := db.UpsertPlan(ctx, billing.Plan{ID: "new", Name: "New", Price: steady.Price, StripePriceID: "p",
					Includes: []string{"x"}, Support: billing.Light, Active: true}); err != nil {
					return err
				}
				return db.UpsertPlan(ctx, billing.Plan{ID: "bad", Name: "Bad", Price: billing.Price{Amount: 0, Currency: "usd", Interval: billing.Monthly},
					StripePriceID: "p", Includes: []string{"x"}, Support: billing.Light})
			})
			if _, err := db.PlanByID(ctx, "new"); failed == nil || apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("a failed import: error %v, and its first plan is %v; want an error and nothing stored", failed, err)
			}
		})
	}
}

func TestSubscriptionsAndEvents(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			u := mustUser(t, db, "payer")
			if err := db.UpsertPlan(ctx, billing.Plan{ID: "steady", Name: "Steady", Price: billing.Price{Amount: 1, Currency: "usd", Interval: billing.Monthly},
				StripePriceID: "p", Includes: []string{"x"}, Support: billing.Standard, Active: true}); err != nil {
				t.Fatal(err)
			}
			if _, err := db.Subscription(ctx, u.ID); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("Subscription() before any = %v, want NotFound", err)
			}
			at := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
			sub := billing.Subscription{UserID: u.ID, PlanID: "steady", Status: billing.StatusActive, CustomerID: "cus_1",
				SubscriptionID: "sub_1", SessionID: "cs_1", EventAt: at, UpdatedAt: at.Add(time.Second)}
			for _, status := range []billing.Status{billing.StatusPending, billing.StatusActive} {
				sub.Status = status
				if err := db.SaveSubscription(ctx, sub); err != nil {
					t.Fatal(err)
				}
			}
			got, err := db.Subscription(ctx, u.ID)
			if err != nil || got != sub {
				t.Errorf("Subscription() = %+v, %v; want %+v", got, err, sub)
			}
			if got, err := db.SubscriptionByProviderID(ctx, "sub_1"); err != nil || got.UserID != u.ID {
				t.Errorf("SubscriptionByProviderID(sub_1) = %+v, %v", got, err)
			}
			for _, id := range []string{"sub_2", ""} {
				if _, err := db.SubscriptionByProviderID(ctx, id); apperr.CodeOf(err) != apperr.NotFound {
					t.Errorf("SubscriptionByProviderID(%q) error = %v, want NotFound", id, err)
				}
			}
			for i, want := range []bool{true, false} {
				if first, err := db.RecordEvent(ctx, "evt_1", "checkout.session.completed", at); err != nil || first != want {
					t.Errorf("RecordEvent #%d = %v, %v; want %v", i+1, first, err, want)
				}
			}

			if _, err := db.LatestCheckout(ctx, u.ID); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("LatestCheckout() before any = %v, want NotFound", err)
			}
			older := billing.CheckoutSession{ID: "cs_1", UserID: u.ID, PlanID: "steady", URL: "https://checkout.stripe.com/1",
				SuccessURL: "https://x/ok", CancelURL: "https://x/back", ExpiresAt: at.Add(30 * time.Minute), CreatedAt: at}
			newer := older
			newer.ID, newer.Coupon, newer.CreatedAt = "cs_2", "FALL20", at.Add(time.Minute)
			for _, c := range []billing.CheckoutSession{older, newer} {
				if err := db.SaveCheckout(ctx, c); err != nil {
					t.Fatal(err)
				}
			}
			if got, err := db.LatestCheckout(ctx, u.ID); err != nil || got != newer {
				t.Errorf("LatestCheckout() = %+v, %v; want %+v", got, err, newer)
			}
			if got, err := db.CheckoutByID(ctx, "cs_1"); err != nil || got != older {
				t.Errorf("CheckoutByID(cs_1) = %+v, %v; want %+v", got, err, older)
			}
			if err := db.SaveCheckout(ctx, older); err == nil {
				t.Error("saving the same checkout twice succeeded")
			}
		})
	}
}
