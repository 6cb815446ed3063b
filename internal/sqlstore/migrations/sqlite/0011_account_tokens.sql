-- account_tokens are the one-use links the embedded provider emails: a password reset, or the
-- confirmation of an email address. Only the hash of the token is kept, so the table cannot be
-- used to follow a link. email is the address the link was sent to: a confirmation counts only
-- while the account still has it.
CREATE TABLE account_tokens (
    token_hash TEXT PRIMARY KEY,
    purpose    TEXT NOT NULL CHECK (purpose IN ('password-reset', 'email-verification')),
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email      TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at    TIMESTAMP
);
CREATE INDEX account_tokens_user_id_idx ON account_tokens (user_id, purpose);
CREATE INDEX account_tokens_expires_at_idx ON account_tokens (expires_at);

-- A new password, or "sign out everywhere", revokes every token of the account at once.
CREATE INDEX oauth_requests_subject_idx ON oauth_requests (subject, kind);
