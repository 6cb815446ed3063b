-- Webhooks tell the operator's own systems (a CRM, a mailing tool) what members do: they sign up,
-- complete the survey, choose a coach, pay, and close their account. An admin sets up each endpoint;
-- nothing is sent anywhere until one exists.
--
-- webhook_endpoints are the addresses events are sent to, the events each one wants, and the secret
-- each delivery is signed with, sealed like the server's other secrets (internal/sealed). events is
-- the event types, separated by spaces.
CREATE TABLE webhook_endpoints (
    id          TEXT PRIMARY KEY,
    url         TEXT NOT NULL CHECK (url <> ''),
    description TEXT NOT NULL DEFAULT '',
    events      TEXT NOT NULL CHECK (events <> ''),
    secret      BLOB NOT NULL,
    active      BOOLEAN NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);

-- webhook_events are what happened, written in the same transaction as the change itself, with the
-- JSON body every endpoint is sent (ids, times, the member's email and name; never an answer, a score
-- or a safety flag). An event is written only when an endpoint wants it, together with one delivery
-- per such endpoint. It names the member without a foreign key: member.deleted is written just
-- before the member's rows go, and must outlive them.
CREATE TABLE webhook_events (
    id         TEXT PRIMARY KEY,
    type       TEXT NOT NULL,
    member_id  TEXT NOT NULL,
    payload    TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

-- webhook_deliveries is the outbox: one event to one endpoint. A worker leases a pending delivery
-- (claimed_until, claim_token), as the mail outbox does, so replicas never send one at the same time;
-- it retries with growing pauses until give_up_at. last_status is the endpoint's last HTTP status (0
-- when it gave none). Once delivered or given up, finished_at says how old the record is, for the
-- clean-up.
CREATE TABLE webhook_deliveries (
    id              TEXT PRIMARY KEY,
    event_id        TEXT NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
    endpoint_id     TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    status          TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_status     INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMP NOT NULL,
    next_attempt_at TIMESTAMP NOT NULL,
    give_up_at      TIMESTAMP NOT NULL,
    claimed_until   TIMESTAMP,
    claim_token     TEXT,
    finished_at     TIMESTAMP,
    UNIQUE (event_id, endpoint_id)
);
-- Workers look for pending deliveries that are due; the finished ones stay out of that index.
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at);
CREATE INDEX webhook_deliveries_finished_at_idx ON webhook_deliveries (finished_at) WHERE finished_at IS NOT NULL;

-- webhook_attempts logs every try of a delivery: when, how long it took, the HTTP status (0 for
-- none) and, for a failure, a short reason. The endpoint's answer itself is never kept.
CREATE TABLE webhook_attempts (
    id           INTEGER PRIMARY KEY,
    delivery_id  TEXT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempted_at TIMESTAMP NOT NULL,
    status_code  INTEGER NOT NULL,
    duration_ms  INTEGER NOT NULL,
    error        TEXT NOT NULL DEFAULT ''
);
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, attempted_at);

-- member_milestones records the once-only steps of a member's journey (their survey completed), so
-- that the event saying so is written once, whether or not an endpoint wanted it at the time. It goes
-- with the member.
CREATE TABLE member_milestones (
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    milestone  TEXT NOT NULL,
    reached_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, milestone)
) WITHOUT ROWID;
