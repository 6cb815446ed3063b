-- Sign-in: the embedded identity provider's secrets, signing keys, passwords, attempt log, its own
-- sign-in sessions and OAuth requests, and the web client's short-lived login states.

-- server_secrets holds random values every replica must share, made once by whichever starts first.
CREATE TABLE server_secrets (
    name       TEXT PRIMARY KEY,
    value      BLOB NOT NULL,
    created_at TIMESTAMP NOT NULL
);

-- signing_keys are the provider's RSA keys. A key is published from created_at, signs from
-- signs_from, stops signing at retired_at and leaves the key set at removed_at.
CREATE TABLE signing_keys (
    kid             TEXT PRIMARY KEY,
    private_key_pem TEXT NOT NULL,
    created_at      TIMESTAMP NOT NULL,
    signs_from      TIMESTAMP NOT NULL,
    retired_at      TIMESTAMP,
    removed_at      TIMESTAMP
);
CREATE INDEX signing_keys_signs_from_idx ON signing_keys (signs_from);

-- credentials are the passwords of the embedded provider's accounts. email is the sign-in name,
-- lower-cased, and unique so two sign-ups with one address cannot both succeed.
CREATE TABLE credentials (
    user_id       TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    email         TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);

-- login_attempts feed the rate limits; key is a hash of the account's email or the client address.
CREATE TABLE login_attempts (
    id        INTEGER PRIMARY KEY,
    scope     TEXT NOT NULL CHECK (scope IN ('account', 'address')),
    key       TEXT NOT NULL,
    succeeded INTEGER NOT NULL CHECK (succeeded IN (0, 1)),
    at        TIMESTAMP NOT NULL
);
CREATE INDEX login_attempts_scope_key_at_idx ON login_attempts (scope, key, at);
CREATE INDEX login_attempts_at_idx ON login_attempts (at);

-- idp_sessions are the provider's own sign-in sessions, keyed by the hash of the cookie value.
CREATE TABLE idp_sessions (
    id_hash    TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    auth_time  TIMESTAMP NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX idp_sessions_user_id_idx ON idp_sessions (user_id);
CREATE INDEX idp_sessions_expires_at_idx ON idp_sessions (expires_at);

-- oauth_requests are the authorization codes, PKCE and OpenID records, access and refresh tokens
-- of the provider, keyed by kind and the hash of the token's signature. request_id is shared by
-- every token of one sign-in, so a whole family can be revoked at once.
CREATE TABLE oauth_requests (
    kind                  TEXT NOT NULL CHECK (kind IN ('code', 'pkce', 'oidc', 'access', 'refresh')),
    signature_hash        TEXT NOT NULL,
    request_id            TEXT NOT NULL,
    client_id             TEXT NOT NULL,
    subject               TEXT NOT NULL,
    requested_at          TIMESTAMP NOT NULL,
    expires_at            TIMESTAMP NOT NULL,
    active                INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    requested_scopes      TEXT NOT NULL,
    granted_scopes        TEXT NOT NULL,
    requested_audience    TEXT NOT NULL,
    granted_audience      TEXT NOT NULL,
    form_data             TEXT NOT NULL,
    session_data          TEXT NOT NULL,
    access_signature_hash TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (kind, signature_hash)
) WITHOUT ROWID;
CREATE INDEX oauth_requests_request_id_idx ON oauth_requests (request_id, kind);
CREATE INDEX oauth_requests_expires_at_idx ON oauth_requests (expires_at);

-- login_states bridge the web client's trip to the provider and back: one use, minutes long.
CREATE TABLE login_states (
    state_hash    TEXT PRIMARY KEY,
    nonce         TEXT NOT NULL,
    code_verifier TEXT NOT NULL,
    return_to     TEXT NOT NULL,
    signup        INTEGER NOT NULL CHECK (signup IN (0, 1)),
    created_at    TIMESTAMP NOT NULL,
    expires_at    TIMESTAMP NOT NULL
);
CREATE INDEX login_states_expires_at_idx ON login_states (expires_at);
