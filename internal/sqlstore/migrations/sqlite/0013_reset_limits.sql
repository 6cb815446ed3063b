-- Requests for a password reset link are counted in a scope of their own, per email and per
-- address, so that nobody can fill a member's inbox with links. SQLite cannot change a CHECK
-- constraint, so the table is made anew with its rows.
CREATE TABLE login_attempts_new (
    id        INTEGER PRIMARY KEY,
    scope     TEXT NOT NULL CHECK (scope IN ('account', 'address', 'pair', 'signup', 'reset')),
    key       TEXT NOT NULL,
    succeeded INTEGER NOT NULL CHECK (succeeded IN (0, 1)),
    at        TIMESTAMP NOT NULL
);
INSERT INTO login_attempts_new (id, scope, key, succeeded, at) SELECT id, scope, key, succeeded, at FROM login_attempts;
DROP TABLE login_attempts;
ALTER TABLE login_attempts_new RENAME TO login_attempts;
CREATE INDEX login_attempts_scope_key_at_idx ON login_attempts (scope, key, at);
CREATE INDEX login_attempts_at_idx ON login_attempts (at);
