-- Where members come from and how far they get, for the staff's insights (the funnel and the
-- campaigns report).
--
-- origin_register is where a member came from when they signed up: the referring site's host, or
-- "direct" (spec §2, /register). payment_offered is whether the site they signed up on offered the
-- plans and payment (the payment variant); NULL when not known, as for members from before.
ALTER TABLE users ADD COLUMN origin_register TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN payment_offered INTEGER CHECK (payment_offered IN (0, 1));

-- to_slug is the step a save took the member to, as the survey's rules say; '' when not known, as
-- for saves from before.
ALTER TABLE progress_events ADD COLUMN to_slug TEXT NOT NULL DEFAULT '';

-- member_funnel holds one row per member with what the funnel counts: when they signed up, the
-- values it filters by, the steps they moved on from (trail: "slug:seconds" for each step's first
-- move, seconds being the time since the move before it, or since signing up), the step they are
-- on, and when they first chose a coach and first paid. The triggers below keep it in step with
-- the tables it summarises, in the same transaction as each write, so it is never stale; reading
-- one narrow row per member is what keeps the funnel fast over millions of progress events. A
-- member's row goes with their account.
CREATE TABLE member_funnel (
    user_id         TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    signed_up_at    TEXT NOT NULL, -- users.created_at, as TEXT so range checks compare text, not numbers
    device          TEXT NOT NULL DEFAULT '',
    payment_offered INTEGER,
    origin          TEXT NOT NULL DEFAULT '',
    utm_source      TEXT NOT NULL DEFAULT '',
    utm_campaign    TEXT NOT NULL DEFAULT '',
    coupon          TEXT NOT NULL DEFAULT '',
    trail           TEXT NOT NULL DEFAULT '',
    at_slug         TEXT NOT NULL DEFAULT '',
    last_move_at    INTEGER NOT NULL, -- Unix seconds of the latest save, or of signing up
    coach_chosen_at TIMESTAMP,
    paid_at         TIMESTAMP
) WITHOUT ROWID;

CREATE TRIGGER member_funnel_signed_up AFTER INSERT ON users WHEN NEW.role = 'member'
BEGIN
    INSERT INTO member_funnel (user_id, signed_up_at, device, payment_offered, origin, last_move_at)
    VALUES (NEW.id, NEW.created_at, NEW.device, NEW.payment_offered, NEW.origin_register, unixepoch(NEW.created_at));
END;

-- A member made staff leaves the funnel; the few staff made members again join it afresh.
CREATE TRIGGER member_funnel_role AFTER UPDATE OF role ON users WHEN NEW.role <> OLD.role
BEGIN
    DELETE FROM member_funnel WHERE user_id = NEW.id AND NEW.role <> 'member';
    INSERT INTO member_funnel (user_id, signed_up_at, device, payment_offered, origin, last_move_at)
    SELECT NEW.id, NEW.created_at, NEW.device, NEW.payment_offered, NEW.origin_register, unixepoch(NEW.created_at)
    WHERE NEW.role = 'member'
    ON CONFLICT (user_id) DO NOTHING;
END;

CREATE TRIGGER member_funnel_profile AFTER UPDATE OF device, payment_offered, origin_register ON users
BEGIN
    UPDATE member_funnel
    SET device = NEW.device, payment_offered = NEW.payment_offered, origin = NEW.origin_register
    WHERE user_id = NEW.id;
END;

-- The campaign is the member's first touch, which utm_records never changes once written.
CREATE TRIGGER member_funnel_campaign AFTER INSERT ON utm_records
BEGIN
    UPDATE member_funnel
    SET utm_source = NEW.first_utm_source, utm_campaign = NEW.first_utm_campaign, coupon = NEW.first_coupon
    WHERE user_id = NEW.user_id;
END;

-- A step joins the trail on the first move from it only, so the trail stays as short as the survey.
-- Every move sets where the member is and when they last moved.
CREATE TRIGGER member_funnel_progress AFTER INSERT ON progress_events
BEGIN
    UPDATE member_funnel
    SET trail = CASE
            WHEN instr(';' || trail, ';' || NEW.from_slug || ':') > 0 THEN trail
            WHEN trail = '' THEN NEW.from_slug || ':' || max(0, unixepoch(NEW.created_at) - last_move_at)
            ELSE trail || ';' || NEW.from_slug || ':' || max(0, unixepoch(NEW.created_at) - last_move_at)
        END,
        at_slug = CASE WHEN NEW.to_slug <> '' THEN NEW.to_slug ELSE at_slug END,
        last_move_at = unixepoch(NEW.created_at)
    WHERE user_id = NEW.user_id;
END;

CREATE TRIGGER member_funnel_coach AFTER INSERT ON coach_assignments
BEGIN
    UPDATE member_funnel SET coach_chosen_at = NEW.assigned_at
    WHERE user_id = NEW.user_id AND coach_chosen_at IS NULL;
END;

-- Paid means the payment state became active (paid, or in a free trial) or past due, once.
CREATE TRIGGER member_funnel_paid AFTER INSERT ON subscriptions WHEN NEW.status IN ('active', 'past_due')
BEGIN
    UPDATE member_funnel SET paid_at = NEW.updated_at
    WHERE user_id = NEW.user_id AND paid_at IS NULL;
END;

CREATE TRIGGER member_funnel_paid_later AFTER UPDATE OF status ON subscriptions WHEN NEW.status IN ('active', 'past_due')
BEGIN
    UPDATE member_funnel SET paid_at = NEW.updated_at
    WHERE user_id = NEW.user_id AND paid_at IS NULL;
END;

-- The members there already: their trails are rebuilt from their progress so far.
INSERT INTO member_funnel (user_id, signed_up_at, device, origin, utm_source, utm_campaign, coupon,
    trail, last_move_at, coach_chosen_at, paid_at)
SELECT u.id, u.created_at, u.device, '',
    COALESCE(t.first_utm_source, ''), COALESCE(t.first_utm_campaign, ''), COALESCE(t.first_coupon, ''),
    COALESCE((
        SELECT group_concat(m.from_slug || ':' || m.seconds, ';' ORDER BY m.created_at, m.id)
        FROM (
            SELECT e.from_slug,
                max(0, unixepoch(e.created_at) - unixepoch(COALESCE(
                    lag(e.created_at) OVER (ORDER BY e.created_at, e.id), u.created_at))) AS seconds,
                row_number() OVER (PARTITION BY e.from_slug ORDER BY e.created_at, e.id) AS visit,
                e.created_at, e.id
            FROM progress_events e
            WHERE e.user_id = u.id
        ) m
        WHERE m.visit = 1
    ), ''),
    COALESCE((SELECT unixepoch(max(e.created_at)) FROM progress_events e WHERE e.user_id = u.id), unixepoch(u.created_at)),
    (SELECT min(a.assigned_at) FROM coach_assignments a WHERE a.user_id = u.id),
    (SELECT s.updated_at FROM subscriptions s WHERE s.user_id = u.id AND s.status IN ('active', 'past_due', 'canceled'))
FROM users u
LEFT JOIN utm_records t ON t.user_id = u.id
WHERE u.role = 'member';
