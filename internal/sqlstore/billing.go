package sqlstore

import (
	"context"
	"encoding/json"
	"time"

	"wayfinder/internal/billing"
)

const planColumns = `id, name, amount, currency, billing_interval, stripe_price_id, includes, trial_days, support, active, updated_at`

func scanPlan(row scanner) (billing.Plan, error) {
	var (
		p        billing.Plan
		includes string
	)
	err := row.Scan(&p.ID, &p.Name, &p.Price.Amount, &p.Price.Currency, &p.Price.Interval, &p.StripePriceID,
		&includes, &p.TrialDays, &p.Support, &p.Active, &p.UpdatedAt)
	if err != nil {
		return billing.Plan{}, err
	}
	if err := json.Unmarshal([]byte(includes), &p.Includes); err != nil {
		return billing.Plan{}, err
	}
	p.UpdatedAt = p.UpdatedAt.UTC()
	return p, nil
}

// UpsertPlan adds a plan or replaces every field of an existing one.
func (s *DB) UpsertPlan(ctx context.Context, p billing.Plan) error {
	includes, err := json.Marshal(p.Includes)
	if err != nil {
		return err
	}
	_, err = s.conn(ctx).ExecContext(ctx, `
		INSERT INTO plans (id, name, amount, currency, billing_interval, stripe_price_id, includes, trial_days,
			support, active, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)
		ON CONFLICT (id) DO UPDATE SET
			name = excluded.name,
			amount = excluded.amount,
			currency = excluded.currency,
			billing_interval = excluded.billing_interval,
			stripe_price_id = excluded.stripe_price_id,
			includes = excluded.includes,
			trial_days = excluded.trial_days,
			support = excluded.support,
			active = excluded.active,
			updated_at = excluded.updated_at`,
		p.ID, p.Name, p.Price.Amount, p.Price.Currency, string(p.Price.Interval), p.StripePriceID, string(includes),
		p.TrialDays, string(p.Support), p.Active, now())
	return classify(err, "save the plan")
}

// Plans returns the plans, only the active ones when activeOnly, by id.
func (s *DB) Plans(ctx context.Context, activeOnly bool) ([]billing.Plan, error) {
	rows, err := s.conn(ctx).QueryContext(ctx, `SELECT `+planColumns+` FROM plans WHERE active OR NOT $1 ORDER BY id`, activeOnly)
	if err != nil {
		return nil, classify(err, "list the plans")
	}
	defer rows.Close()
	var plans []billing.Plan
	for rows.Next() {
		p, err := scanPlan(rows)
		if err != nil {
			return nil, classify(err, "list the plans")
		}
		plans = append(plans, p)
	}
	return plans, classify(rows.Err(), "list the plans")
}

// PlanByID returns one plan, active or not, or NotFound.
func (s *DB) PlanByID(ctx context.Context, id string) (billing.Plan, error) {
	p, err := scanPlan(s.conn(ctx).QueryRowContext(ctx, `SELECT `+planColumns+` FROM plans WHERE id = $1`, id))
	if err != nil {
		return billing.Plan{}, classify(err, "find the plan")
	}
	return p, nil
}

const subscriptionColumns = `user_id, plan_id, status, stripe_customer_id, stripe_subscription_id, checkout_session_id, event_at, updated_at`

func scanSubscription(row scanner) (billing.Subscription, error) {
	var sub billing.Subscription
	err := row.Scan(&sub.UserID, &sub.PlanID, &sub.Status, &sub.CustomerID, &sub.SubscriptionID, &sub.SessionID, &sub.EventAt, &sub.UpdatedAt)
	sub.EventAt, sub.UpdatedAt = sub.EventAt.UTC(), sub.UpdatedAt.UTC()
	return sub, err
}

// Subscription returns the member's payment state, or NotFound when they have never had one.
func (s *DB) Subscription(ctx context.Context, userID string) (billing.Subscription, error) {
	sub, err := scanSubscription(s.conn(ctx).QueryRowContext(ctx,
		`SELECT `+subscriptionColumns+` FROM subscriptions WHERE user_id = $1`, userID))
	return sub, classify(err, "read the payment state")
}

// SubscriptionByProviderID returns the payment state that holds a payment provider's subscription,
// or NotFound.
func (s *DB) SubscriptionByProviderID(ctx context.Context, subscriptionID string) (billing.Subscription, error) {
	sub, err := scanSubscription(s.conn(ctx).QueryRowContext(ctx,
		`SELECT `+subscriptionColumns+` FROM subscriptions WHERE stripe_subscription_id = $1 AND stripe_subscription_id <> ''`, subscriptionID))
	return sub, classify(err, "read the payment state")
}

// SaveSubscription stores the member's payment state.
func (s *DB) SaveSubscription(ctx context.Context, sub billing.Subscription) error {
	_, err := s.conn(ctx).ExecContext(ctx, `
		INSERT INTO subscriptions (user_id, plan_id, status, stripe_customer_id, stripe_subscription_id,
			checkout_session_id, event_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (user_id) DO UPDATE SET
			plan_id = excluded.plan_id,
			status = excluded.status,
			stripe_customer_id = excluded.stripe_customer_id,
			stripe_subscription_id = excluded.stripe_subscription_id,
			checkout_session_id = excluded.checkout_session_id,
			event_at = excluded.event_at,
			updated_at = excluded.updated_at`,
		sub.UserID, sub.PlanID, string(sub.Status), sub.CustomerID, sub.SubscriptionID, sub.SessionID,
		utc(sub.EventAt), utc(sub.UpdatedAt))
	return classify(err, "save the payment state")
}

// RecordEvent records a payment-provider event by its id and reports whether it is new: a repeated
// id inserts nothing. Inside a transaction on PostgreSQL, a second delivery of the same event waits
// for the first one's transaction, and then finds it recorded.
func (s *DB) RecordEvent(ctx context.Context, id, eventType string, at time.Time) (bool, error) {
	res, err := s.conn(ctx).ExecContext(ctx, `
		INSERT INTO billing_events (id, type, received_at) VALUES ($1, $2, $3)
		ON CONFLICT (id) DO NOTHING`, id, eventType, utc(at))
	if err != nil {
		return false, classify(err, "record the payment event")
	}
	n, err := res.RowsAffected()
	return n == 1, classify(err, "record the payment event")
}

const checkoutColumns = `id, user_id, plan_id, coupon, url, success_url, cancel_url, expires_at, created_at`

func scanCheckout(row scanner) (billing.CheckoutSession, error) {
	var c billing.CheckoutSession
	err := row.Scan(&c.ID, &c.UserID, &c.PlanID, &c.Coupon, &c.URL, &c.SuccessURL, &c.CancelURL, &c.ExpiresAt, &c.CreatedAt)
	c.ExpiresAt, c.CreatedAt = c.ExpiresAt.UTC(), c.CreatedAt.UTC()
	return c, err
}

// SaveCheckout records a checkout session that was started.
func (s *DB) SaveCheckout(ctx context.Context, c billing.CheckoutSession) error {
	_, err := s.conn(ctx).ExecContext(ctx, `
		INSERT INTO checkout_sessions (id, user_id, plan_id, coupon, url, success_url, cancel_url, expires_at, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		c.ID, c.UserID, c.PlanID, c.Coupon, c.URL, c.SuccessURL, c.CancelURL, utc(c.ExpiresAt), utc(c.CreatedAt))
	return classify(err, "save the checkout")
}

// CheckoutByID returns one checkout session, or NotFound.
func (s *DB) CheckoutByID(ctx context.Context, id string) (billing.CheckoutSession, error) {
	c, err := scanCheckout(s.conn(ctx).QueryRowContext(ctx, `SELECT `+checkoutColumns+` FROM checkout_sessions WHERE id = $1`, id))
	return c, classify(err, "find the checkout")
}

// LatestCheckout returns the member's most recent checkout session, or NotFound.
func (s *DB) LatestCheckout(ctx context.Context, userID string) (billing.CheckoutSession, error) {
	c, err := scanCheckout(s.conn(ctx).QueryRowContext(ctx, `
		SELECT `+checkoutColumns+` FROM checkout_sessions WHERE user_id = $1
		ORDER BY created_at DESC, id DESC LIMIT 1`, userID))
	return c, classify(err, "find the checkout")
}
