-- android_waitlist holds the members who asked to be emailed once when the app is on Android: one
-- row per member, with the address they gave (which may differ from the one they sign in with),
-- the version of the consent text they agreed to, and when they agreed. A row goes with the
-- member's account, and leaving the waitlist removes it.
CREATE TABLE android_waitlist (
    user_id         TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    email           TEXT NOT NULL CHECK (email <> ''),
    consent_version TEXT NOT NULL CHECK (consent_version <> ''),
    joined_at       TIMESTAMP NOT NULL
) WITHOUT ROWID;
-- Staff read the list newest first, a page at a time.
CREATE INDEX android_waitlist_joined_idx ON android_waitlist (joined_at, user_id);
