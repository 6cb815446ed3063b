-- data_exports records each time a member downloaded a copy of their own data, so that the
-- downloads can be limited per hour on every replica alike. A row holds the member and the moment
-- only, goes with the member's account, and is forgotten once it is older than the limit's window.
CREATE TABLE data_exports (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    exported_at timestamptz NOT NULL
);
CREATE INDEX data_exports_user_idx ON data_exports (user_id, exported_at);
