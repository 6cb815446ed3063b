-- A refresh token that was rotated, not revoked, may be used once more for a short while, so that
-- two replicas (or a retry over a slow network) refreshing with the same token both succeed instead
-- of looking like a stolen token. rotated_at is when it was first rotated; revoking a token clears
-- it, so a revoked token never revives. It is NULL for everything else.
ALTER TABLE oauth_requests ADD COLUMN rotated_at timestamptz;
