-- plans are what the service offers, imported by operators (`wayfinder plans import`). includes is
-- a JSON array of short lines. amount is in the currency's smallest unit.
CREATE TABLE plans (
    id               text PRIMARY KEY,
    name             text NOT NULL,
    amount           bigint NOT NULL CHECK (amount > 0),
    currency         text NOT NULL,
    billing_interval text NOT NULL CHECK (billing_interval IN ('month', 'once')),
    stripe_price_id  text NOT NULL,
    includes         text NOT NULL,
    trial_days       integer NOT NULL DEFAULT 0 CHECK (trial_days >= 0),
    support          text NOT NULL CHECK (support IN ('light', 'standard', 'intensive')),
    active           boolean NOT NULL DEFAULT true,
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL
);

-- subscriptions holds each member's plan and payment state, as the payment provider's signed events
-- left it; a member without a row has never paid. event_at is when the provider created the latest
-- event applied, so a late event cannot undo a newer state.
CREATE TABLE subscriptions (
    user_id                text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    plan_id                text NOT NULL REFERENCES plans (id),
    status                 text NOT NULL CHECK (status IN ('none', 'pending', 'active', 'past_due', 'canceled')),
    stripe_customer_id     text NOT NULL DEFAULT '',
    stripe_subscription_id text NOT NULL DEFAULT '',
    checkout_session_id    text NOT NULL DEFAULT '',
    event_at               timestamptz NOT NULL,
    updated_at             timestamptz NOT NULL
);
CREATE INDEX subscriptions_stripe_subscription_idx ON subscriptions (stripe_subscription_id) WHERE stripe_subscription_id <> '';

-- checkout_sessions are the checkouts started, so one left open is offered again rather than a
-- second one made, and a test-mode checkout can be shown and paid.
CREATE TABLE checkout_sessions (
    id          text PRIMARY KEY,
    user_id     text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    plan_id     text NOT NULL REFERENCES plans (id),
    coupon      text NOT NULL DEFAULT '',
    url         text NOT NULL,
    success_url text NOT NULL,
    cancel_url  text NOT NULL,
    expires_at  timestamptz NOT NULL,
    created_at  timestamptz NOT NULL
);
CREATE INDEX checkout_sessions_user_idx ON checkout_sessions (user_id, created_at);

-- billing_events records every payment-provider event processed, by its id, so each is processed
-- once however often it is delivered.
CREATE TABLE billing_events (
    id          text PRIMARY KEY,
    type        text NOT NULL,
    received_at timestamptz NOT NULL
);
