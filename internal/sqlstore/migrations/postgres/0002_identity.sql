-- Sign-in on PostgreSQL: the same tables and columns as the SQLite migration, in PostgreSQL's own
-- types. The embedded identity provider's secrets, signing keys, passwords, attempt log, its own
-- sign-in sessions and OAuth requests, and the web client's short-lived login states.

-- server_secrets holds random values every replica must share, made once by whichever starts first.
CREATE TABLE server_secrets (
    name       text PRIMARY KEY,
    value      bytea NOT NULL,
    created_at timestamptz NOT NULL
);

-- signing_keys are the provider's RSA keys. A key is published from created_at, signs from
-- signs_from, stops signing at retired_at and leaves the key set at removed_at.
CREATE TABLE signing_keys (
    kid             text PRIMARY KEY,
    private_key_pem text NOT NULL,
    created_at      timestamptz NOT NULL,
    signs_from      timestamptz NOT NULL,
    retired_at      timestamptz,
    removed_at      timestamptz
);
CREATE INDEX signing_keys_signs_from_idx ON signing_keys (signs_from);

-- credentials are the passwords of the embedded provider's accounts. email is the sign-in name,
-- lower-cased, and unique so two sign-ups with one address cannot both succeed.
CREATE TABLE credentials (
    user_id       text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    email         text NOT NULL UNIQUE,
    password_hash text NOT NULL,
    updated_at    timestamptz NOT NULL
);

-- login_attempts feed the rate limits; key is a hash of the account's email or the client address.
CREATE TABLE login_attempts (
    id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    scope     text NOT NULL CHECK (scope IN ('account', 'address')),
    key       text NOT NULL,
    succeeded boolean NOT NULL,
    at        timestamptz NOT NULL
);
CREATE INDEX login_attempts_scope_key_at_idx ON login_attempts (scope, key, at);
CREATE INDEX login_attempts_at_idx ON login_attempts (at);

-- idp_sessions are the provider's own sign-in sessions, keyed by the hash of the cookie value.
CREATE TABLE idp_sessions (
    id_hash    text PRIMARY KEY,
    user_id    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    auth_time  timestamptz NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
);
CREATE INDEX idp_sessions_user_id_idx ON idp_sessions (user_id);
CREATE INDEX idp_sessions_expires_at_idx ON idp_sessions (expires_at);

-- oauth_requests are the authorization codes, PKCE and OpenID records, access and refresh tokens
-- of the provider, keyed by kind and the hash of the token's signature. request_id is shared by
-- every token of one sign-in, so a whole family can be revoked at once.
CREATE TABLE oauth_requests (
    kind                  text NOT NULL CHECK (kind IN ('code', 'pkce', 'oidc', 'access', 'refresh')),
    signature_hash        text NOT NULL,
    request_id            text NOT NULL,
    client_id             text NOT NULL,
    subject               text NOT NULL,
    requested_at          timestamptz NOT NULL,
    expires_at            timestamptz NOT NULL,
    active                boolean NOT NULL DEFAULT true,
    requested_scopes      text NOT NULL,
    granted_scopes        text NOT NULL,
    requested_audience    text NOT NULL,
    granted_audience      text NOT NULL,
    form_data             text NOT NULL,
    session_data          text NOT NULL,
    access_signature_hash text NOT NULL DEFAULT '',
    PRIMARY KEY (kind, signature_hash)
);
CREATE INDEX oauth_requests_request_id_idx ON oauth_requests (request_id, kind);
CREATE INDEX oauth_requests_expires_at_idx ON oauth_requests (expires_at);

-- login_states bridge the web client's trip to the provider and back: one use, minutes long.
CREATE TABLE login_states (
    state_hash    text PRIMARY KEY,
    nonce         text NOT NULL,
    code_verifier text NOT NULL,
    return_to     text NOT NULL,
    signup        boolean NOT NULL,
    created_at    timestamptz NOT NULL,
    expires_at    timestamptz NOT NULL
);
CREATE INDEX login_states_expires_at_idx ON login_states (expires_at);
