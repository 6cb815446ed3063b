-- plans are what the service offers, imported by operators (`wayfinder plans import`). includes is
-- a JSON array of short lines. amount is in the currency's smallest unit.
CREATE TABLE plans (
    id               TEXT PRIMARY KEY,
    name             TEXT NOT NULL,
    amount           INTEGER NOT NULL CHECK (amount > 0),
    currency         TEXT NOT NULL,
    billing_interval TEXT NOT NULL CHECK (billing_interval IN ('month', 'once')),
    stripe_price_id  TEXT NOT NULL,
    includes         TEXT NOT NULL,
    trial_days       INTEGER NOT NULL DEFAULT 0 CHECK (trial_days >= 0),
    support          TEXT NOT NULL CHECK (support IN ('light', 'standard', 'intensive')),
    active           INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL
);

-- subscriptions holds each member's plan and payment state, as the payment provider's signed events
-- left it; a member without a row has never paid. event_at is when the provider created the latest
-- event applied, so a late event cannot undo a newer state.
CREATE TABLE subscriptions (
    user_id                TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    plan_id                TEXT NOT NULL REFERENCES plans (id),
    status                 TEXT NOT NULL CHECK (status IN ('none', 'pending', 'active', 'past_due', 'canceled')),
    stripe_customer_id     TEXT NOT NULL DEFAULT '',
    stripe_subscription_id TEXT NOT NULL DEFAULT '',
    checkout_session_id    TEXT NOT NULL DEFAULT '',
    event_at               TIMESTAMP NOT NULL,
    updated_at             TIMESTAMP NOT NULL
);
CREATE INDEX subscriptions_stripe_subscription_idx ON subscriptions (stripe_subscription_id) WHERE stripe_subscription_id <> '';

-- checkout_sessions are the checkouts started, so one left open is offered again rather than a
-- second one made, and a test-mode checkout can be shown and paid.
CREATE TABLE checkout_sessions (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    plan_id     TEXT NOT NULL REFERENCES plans (id),
    coupon      TEXT NOT NULL DEFAULT '',
    url         TEXT NOT NULL,
    success_url TEXT NOT NULL,
    cancel_url  TEXT NOT NULL,
    expires_at  TIMESTAMP NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX checkout_sessions_user_idx ON checkout_sessions (user_id, created_at);

-- billing_events records every payment-provider event processed, by its id, so each is processed
-- once however often it is delivered.
CREATE TABLE billing_events (
    id          TEXT PRIMARY KEY,
    type        TEXT NOT NULL,
    received_at TIMESTAMP NOT NULL
);
