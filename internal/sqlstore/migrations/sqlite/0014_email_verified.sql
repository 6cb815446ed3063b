-- email_verified_at is when the user showed that their email address is theirs: by following the
-- link the embedded provider emailed, or by signing in through an identity provider that says so.
-- It is NULL until then, and again whenever the address changes: a confirmation counts only for
-- the address it was made for.
ALTER TABLE users ADD COLUMN email_verified_at TIMESTAMP;
