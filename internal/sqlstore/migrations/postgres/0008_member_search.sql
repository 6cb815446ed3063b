-- Staff search members by any part of their email or full name. A LIKE '%…%' reads every member,
-- which at 100k members takes a quarter of a second, so trigram indexes (pg_trgm, a trusted
-- extension that ships with PostgreSQL) find the members holding a run of three or more characters
-- by looking up its trigrams.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX users_member_email_trgm_idx ON users USING gin (lower(email) gin_trgm_ops)
    WHERE role = 'member';
CREATE INDEX users_member_name_trgm_idx ON users USING gin (lower(first_name || ' ' || last_name) gin_trgm_ops)
    WHERE role = 'member';
-- A search of one or two characters is too short for trigrams: it finds a whole first or last
-- name, such as "Li", through these.
CREATE INDEX users_member_first_name_idx ON users (lower(first_name)) WHERE role = 'member';
CREATE INDEX users_member_last_name_idx ON users (lower(last_name)) WHERE role = 'member';

-- Walking members newest first reads the searched columns from this index alone rather than
-- fetching each row from the table.
CREATE INDEX users_member_list_idx ON users (created_at, id) INCLUDE (email, first_name, last_name)
    WHERE role = 'member';

-- Which way to search is the planner's call: walk members newest first until a page is full (a
-- common name) or gather the few that match from the indexes (a rare one). Statistics on the
-- searched text give it the frequencies it needs to choose well.
CREATE STATISTICS users_member_search_stats
    ON (lower(email)), (lower(first_name || ' ' || last_name)), (lower(first_name)), (lower(last_name)) FROM users;
ALTER STATISTICS users_member_search_stats SET STATISTICS 1000;
ANALYZE users;
