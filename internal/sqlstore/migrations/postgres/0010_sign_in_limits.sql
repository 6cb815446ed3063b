-- The sign-in limits count attempts in two more scopes: an account tried from one address (a
-- "pair", which is locked after a few failures, and whose successes make the address a known one
-- for that account), and sign-ups from one address.
ALTER TABLE login_attempts DROP CONSTRAINT login_attempts_scope_check;
ALTER TABLE login_attempts ADD CONSTRAINT login_attempts_scope_check
    CHECK (scope IN ('account', 'address', 'pair', 'signup'));
