-- Requests for a password reset link are counted in a scope of their own, per email and per
-- address, so that nobody can fill a member's inbox with links.
ALTER TABLE login_attempts DROP CONSTRAINT login_attempts_scope_check;
ALTER TABLE login_attempts ADD CONSTRAINT login_attempts_scope_check
    CHECK (scope IN ('account', 'address', 'pair', 'signup', 'reset'));
