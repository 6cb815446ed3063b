package billing

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/coaching"
)

// fakeStore is the part of the store checkout and the offer read, in memory: one member at the
// plan, with a coach, and one plan.
type fakeStore struct {
	user      account.User
	sub       Subscription
	checkouts []CheckoutSession
}

var steady = Plan{ID: "steady", Name: "Steady", Price: Price{Amount: 12900, Currency: "usd", Interval: Monthly},
	StripePriceID: "price_steady", Includes: []string{"Two sessions a month"}, Support: Standard, Active: true}

func (f *fakeStore) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	return fn(ctx)
}
func (f *fakeStore) LockUser(context.Context, string) error { return nil }
func (f *fakeStore) UserByID(_ context.Context, id string) (account.User, error) {
	if id != f.user.ID {
		return account.User{}, apperr.Generic(apperr.NotFound, errors.New("no such user"))
	}
	return f.user, nil
}
func (f *fakeStore) Plans(context.Context, bool) ([]Plan, error) { return []Plan{steady}, nil }
func (f *fakeStore) PlanByID(_ context.Context, id string) (Plan, error) {
	if id != steady.ID {
		return Plan{}, apperr.Generic(apperr.NotFound, errors.New("no such plan"))
	}
	return steady, nil
}
func (f *fakeStore) Subscription(context.Context, string) (Subscription, error) {
	if f.sub.Status == "" {
		return Subscription{}, apperr.Generic(apperr.NotFound, errors.New("none"))
	}
	return f.sub, nil
}
func (f *fakeStore) SubscriptionByProviderID(context.Context, string) (Subscription, error) {
	return Subscription{}, apperr.Generic(apperr.NotFound, errors.New("none"))
}
func (f *fakeStore) SaveSubscription(context.Context, Subscription) error { return nil }
func (f *fakeStore) RecordEvent(context.Context, string, string, time.Time) (bool, error) {
	return true, nil
}
func (f *fakeStore) SaveCheckout(_ context.Context, c CheckoutSession) error {
	f.checkouts = append(f.checkouts, c)
	return nil
}
func (f *fakeStore) CheckoutByID(context.Context, string) (CheckoutSession, error) {
	return CheckoutSession{}, apperr.Generic(apperr.NotFound, errors.New("none"))
}
func (f *fakeStore) LatestCheckout(context.Context, string) (CheckoutSession, error) {
	return CheckoutSession{}, apperr.Generic(apperr.NotFound, errors.New("none"))
}
func (f *fakeStore) CurrentAssignment(_ context.Context, userID string) (coaching.Assignment, error) {
	return coaching.Assignment{UserID: userID, CoachID: "tess"}, nil
}
func (f *fakeStore) CoachByID(_ context.Context, id string) (coaching.Coach, error) {
	return coaching.Coach{ID: id, FirstName: "Tess"}, nil
}

// openJourney is a member whose journey has reached the plan, without a coupon.
type openJourney struct{}

func (openJourney) RequireOpen(context.Context, string) error        { return nil }
func (openJourney) PlanNeeds(context.Context, string) (Needs, error) { return Needs{}, nil }
func (openJourney) Coupon(context.Context, string) (string, error)   { return "", nil }

// fakePayments starts checkouts without a network and counts them.
type fakePayments struct{ started int }

func (p *fakePayments) TestMode() bool { return true }
func (p *fakePayments) FindPromotion(context.Context, string) (Promotion, error) {
	return Promotion{}, apperr.Generic(apperr.NotFound, errors.New("none"))
}
func (p *fakePayments) CreateCheckout(_ context.Context, req CheckoutRequest) (CheckoutSession, error) {
	p.started++
	return CheckoutSession{ID: "cs_test_1", URL: "https://pay.example/cs_test_1", ExpiresAt: req.ExpiresAt}, nil
}
func (p *fakePayments) CancelSubscription(context.Context, string) error { return nil }

// TestCheckoutNeedsVerifiedEmail checks the rule that paying needs a confirmed email where the
// server requires it (RequireVerifiedEmail), and only there.
func TestCheckoutNeedsVerifiedEmail(t *testing.T) {
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name         string
		required     bool
		verified     bool
		status       Status // the member's payment state; "" for none
		wantCode     apperr.Code
		wantRequired bool // the offer says checkout waits for a confirmed email
	}{
		{"required, not confirmed", true, false, "", apperr.Forbidden, true},
		{"required, confirmed", true, true, "", "", false},
		{"not required, not confirmed", false, false, "", "", false},
		{"not required, confirmed", false, true, "", "", false},
		{"required, not confirmed, holds a plan", true, false, StatusActive, apperr.Conflict, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			store := &fakeStore{user: account.User{ID: "u1", Email: "sam@example.com", EmailVerified: tt.verified}}
			if tt.status != "" {
				store.sub = Subscription{UserID: "u1", PlanID: steady.ID, Status: tt.status}
			}
			payments := &fakePayments{}
			s := NewService(store, openJourney{}, payments, func() time.Time { return now })
			if tt.required {
				s.RequireVerifiedEmail()
			}

			offer, err := s.Offer(t.Context(), "u1")
			if err != nil {
				t.Fatalf("Offer() error = %v", err)
			}
			if got, want := offer.EmailVerificationRequired, tt.wantRequired; got != want {
				t.Errorf("Offer().EmailVerificationRequired = %v, want %v", got, want)
			}

			_, err = s.Checkout(t.Context(), "u1", "sam@example.com", steady.ID, CheckoutURLs{Success: "https://x/ok", Cancel: "https://x/no"})
			if got, want := apperr.CodeOf(err), tt.wantCode; got != want {
				t.Fatalf("Checkout() code = %q, want %q (err %v)", got, want, err)
			}
			if tt.wantCode == apperr.Forbidden && !strings.Contains(err.Error(), "Please confirm your email address before paying.") {
				t.Errorf("Checkout() = %q, want it to ask the member to confirm their email", err.Error())
			}
			wantStarted := 0
			if tt.wantCode == "" {
				wantStarted = 1
			}
			if got := payments.started; got != wantStarted {
				t.Errorf("checkouts started with the provider = %d, want %d", got, wantStarted)
			}
		})
	}
}
