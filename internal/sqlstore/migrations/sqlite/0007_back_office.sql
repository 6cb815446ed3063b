-- member_pictures holds members' profile pictures and portraits holds coaches' portraits, each
-- re-encoded on upload as a JPEG, so that only pixels are kept. A portrait is public, served at
-- /media/{id}.jpg; a member's picture is served only to the member and to staff, and goes with
-- the member. users.picture_version names the member's current picture, for addresses that
-- change when it does.
CREATE TABLE member_pictures (
    user_id    TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    data       BLOB NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE TABLE portraits (
    id         TEXT PRIMARY KEY,
    data       BLOB NOT NULL,
    created_at TIMESTAMP NOT NULL
);
ALTER TABLE users ADD COLUMN picture_version TEXT NOT NULL DEFAULT '';

-- A safety disclosure is reviewed by a person, who leaves a note, and the member's journey stays
-- paused until someone reopens it, at the review or later. Disclosures reviewed before this
-- migration reopened the journey when they were reviewed. (SQLite cannot add a check to a table
-- in place; the store writes reopened_at only together with or after reviewed_at.)
ALTER TABLE safety_disclosures ADD COLUMN reviewed_by TEXT NOT NULL DEFAULT '';
ALTER TABLE safety_disclosures ADD COLUMN review_note TEXT NOT NULL DEFAULT '';
ALTER TABLE safety_disclosures ADD COLUMN reopened_at TIMESTAMP;
ALTER TABLE safety_disclosures ADD COLUMN reopened_by TEXT NOT NULL DEFAULT '';
UPDATE safety_disclosures SET reopened_at = reviewed_at WHERE reviewed_at IS NOT NULL;
-- The journey is paused while any disclosure of the member has not been reopened.
CREATE INDEX safety_disclosures_paused_idx ON safety_disclosures (user_id) WHERE reopened_at IS NULL;
CREATE INDEX safety_disclosures_queue_idx ON safety_disclosures (disclosed_at) WHERE reviewed_at IS NULL;
CREATE INDEX safety_disclosures_reviewed_idx ON safety_disclosures (reviewed_at) WHERE reviewed_at IS NOT NULL;

-- target names what an entry acted on besides a member: a coach, a plan, a safety follow-up.
ALTER TABLE audit_log ADD COLUMN target TEXT NOT NULL DEFAULT '';
