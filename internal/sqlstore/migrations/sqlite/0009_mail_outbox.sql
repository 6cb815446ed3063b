-- mail_outbox holds the emails the server has to send (password resets, email verifications,
-- "you already have an account"). A message is written in the same transaction as the change that
-- calls for it, so it is sent only if that change commits, and a mail server that is down
-- loses nothing: a worker sends it later, retrying with growing pauses until give_up_at.
--
-- A worker claims a pending message by setting claimed_until (a lease) and claim_token, so that
-- replicas sharing the database never send one message at the same time; a worker that dies
-- mid-send leaves a lease that runs out, and another worker takes the message up again.
--
-- Once a message is sent, or given up, its subject and bodies are emptied: they hold single-use
-- links. The row stays, as the record of what was sent to whom and when, until the worker's
-- clean-up deletes it (finished_at tells how old it is).
CREATE TABLE mail_outbox (
    id              TEXT PRIMARY KEY,
    kind            TEXT NOT NULL,
    recipient       TEXT NOT NULL,
    subject         TEXT NOT NULL,
    text_body       TEXT NOT NULL,
    html_body       TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMP NOT NULL,
    next_attempt_at TIMESTAMP NOT NULL,
    give_up_at      TIMESTAMP NOT NULL,
    claimed_until   TIMESTAMP,
    claim_token     TEXT,
    finished_at     TIMESTAMP
);
-- Workers look for pending messages that are due; the sent and failed ones stay out of that index.
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX mail_outbox_finished_at_idx ON mail_outbox (finished_at) WHERE finished_at IS NOT NULL;
