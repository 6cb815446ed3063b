-- The sign-in limits count attempts in two more scopes: an account tried from one address (a
-- "pair", which is locked after a few failures, and whose successes make the address a known one
-- for that account), and sign-ups from one address. SQLite cannot change a CHECK constraint, so
-- the table is made anew with its rows.
CREATE TABLE login_attempts_new (
    id        INTEGER PRIMARY KEY,
    scope     TEXT NOT NULL CHECK (scope IN ('account', 'address', 'pair', 'signup')),
    key       TEXT NOT NULL,
    succeeded INTEGER NOT NULL CHECK (succeeded IN (0, 1)),
    at        TIMESTAMP NOT NULL
);
INSERT INTO login_attempts_new (id, scope, key, succeeded, at) SELECT id, scope, key, succeeded, at FROM login_attempts;
DROP TABLE login_attempts;
ALTER TABLE login_attempts_new RENAME TO login_attempts;
CREATE INDEX login_attempts_scope_key_at_idx ON login_attempts (scope, key, at);
CREATE INDEX login_attempts_at_idx ON login_attempts (at);
