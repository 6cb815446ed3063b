-- Where members come from and how far they get, for the staff's insights (the funnel and the
-- campaigns report). The SQLite migration of the same number explains each part.
ALTER TABLE users ADD COLUMN origin_register text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN payment_offered boolean;

ALTER TABLE progress_events ADD COLUMN to_slug text NOT NULL DEFAULT '';

CREATE TABLE member_funnel (
    user_id         text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    signed_up_at    timestamptz NOT NULL,
    device          text NOT NULL DEFAULT '',
    payment_offered boolean,
    origin          text NOT NULL DEFAULT '',
    utm_source      text NOT NULL DEFAULT '',
    utm_campaign    text NOT NULL DEFAULT '',
    coupon          text NOT NULL DEFAULT '',
    trail           text NOT NULL DEFAULT '',
    at_slug         text NOT NULL DEFAULT '',
    last_move_at    bigint NOT NULL, -- Unix seconds of the latest save, or of signing up
    coach_chosen_at timestamptz,
    paid_at         timestamptz
) WITH (fillfactor = 70); -- room on each page for the updates of its rows, so they stay on the page (HOT)

CREATE FUNCTION member_funnel_join() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO member_funnel (user_id, signed_up_at, device, payment_offered, origin, last_move_at)
    VALUES (NEW.id, NEW.created_at, NEW.device, NEW.payment_offered, NEW.origin_register,
        floor(extract(epoch FROM NEW.created_at))::bigint)
    ON CONFLICT (user_id) DO NOTHING;
    RETURN NULL;
END $$;

CREATE TRIGGER member_funnel_signed_up AFTER INSERT ON users
    FOR EACH ROW WHEN (NEW.role = 'member') EXECUTE FUNCTION member_funnel_join();

CREATE FUNCTION member_funnel_leave() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM member_funnel WHERE user_id = NEW.id;
    RETURN NULL;
END $$;

-- A member made staff leaves the funnel; the few staff made members again join it afresh.
CREATE TRIGGER member_funnel_role_left AFTER UPDATE OF role ON users
    FOR EACH ROW WHEN (NEW.role <> OLD.role AND NEW.role <> 'member') EXECUTE FUNCTION member_funnel_leave();
CREATE TRIGGER member_funnel_role_joined AFTER UPDATE OF role ON users
    FOR EACH ROW WHEN (NEW.role <> OLD.role AND NEW.role = 'member') EXECUTE FUNCTION member_funnel_join();

CREATE FUNCTION member_funnel_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE member_funnel
    SET device = NEW.device, payment_offered = NEW.payment_offered, origin = NEW.origin_register
    WHERE user_id = NEW.id;
    RETURN NULL;
END $$;

CREATE TRIGGER member_funnel_profile AFTER UPDATE OF device, payment_offered, origin_register ON users
    FOR EACH ROW EXECUTE FUNCTION member_funnel_profile();

CREATE FUNCTION member_funnel_campaign() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE member_funnel
    SET utm_source = NEW.first_utm_source, utm_campaign = NEW.first_utm_campaign, coupon = NEW.first_coupon
    WHERE user_id = NEW.user_id;
    RETURN NULL;
END $$;

CREATE TRIGGER member_funnel_campaign AFTER INSERT ON utm_records
    FOR EACH ROW EXECUTE FUNCTION member_funnel_campaign();

CREATE FUNCTION member_funnel_progress() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    moved bigint := floor(extract(epoch FROM NEW.created_at))::bigint;
BEGIN
    UPDATE member_funnel
    SET trail = CASE
            WHEN strpos(';' || trail, ';' || NEW.from_slug || ':') > 0 THEN trail
            WHEN trail = '' THEN NEW.from_slug || ':' || greatest(0, moved - last_move_at)
            ELSE trail || ';' || NEW.from_slug || ':' || greatest(0, moved - last_move_at)
        END,
        at_slug = CASE WHEN NEW.to_slug <> '' THEN NEW.to_slug ELSE at_slug END,
        last_move_at = moved
    WHERE user_id = NEW.user_id;
    RETURN NULL;
END $$;

CREATE TRIGGER member_funnel_progress AFTER INSERT ON progress_events
    FOR EACH ROW EXECUTE FUNCTION member_funnel_progress();

CREATE FUNCTION member_funnel_coach() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE member_funnel SET coach_chosen_at = NEW.assigned_at
    WHERE user_id = NEW.user_id AND coach_chosen_at IS NULL;
    RETURN NULL;
END $$;

CREATE TRIGGER member_funnel_coach AFTER INSERT ON coach_assignments
    FOR EACH ROW EXECUTE FUNCTION member_funnel_coach();

CREATE FUNCTION member_funnel_paid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE member_funnel SET paid_at = NEW.updated_at
    WHERE user_id = NEW.user_id AND paid_at IS NULL;
    RETURN NULL;
END $$;

CREATE TRIGGER member_funnel_paid AFTER INSERT OR UPDATE OF status ON subscriptions
    FOR EACH ROW WHEN (NEW.status IN ('active', 'past_due')) EXECUTE FUNCTION member_funnel_paid();

INSERT INTO member_funnel (user_id, signed_up_at, device, origin, utm_source, utm_campaign, coupon,
    trail, last_move_at, coach_chosen_at, paid_at)
SELECT u.id, u.created_at, u.device, '',
    COALESCE(t.first_utm_source, ''), COALESCE(t.first_utm_campaign, ''), COALESCE(t.first_coupon, ''),
    COALESCE((
        SELECT string_agg(m.from_slug || ':' || m.seconds, ';' ORDER BY m.created_at, m.id)
        FROM (
            SELECT e.from_slug, e.created_at, e.id,
                greatest(0, floor(extract(epoch FROM e.created_at - COALESCE(
                    lag(e.created_at) OVER (ORDER BY e.created_at, e.id), u.created_at)))::bigint) AS seconds,
                row_number() OVER (PARTITION BY e.from_slug ORDER BY e.created_at, e.id) AS visit
            FROM progress_events e
            WHERE e.user_id = u.id
        ) m
        WHERE m.visit = 1
    ), ''),
    COALESCE((SELECT floor(extract(epoch FROM max(e.created_at)))::bigint FROM progress_events e WHERE e.user_id = u.id),
        floor(extract(epoch FROM u.created_at))::bigint),
    (SELECT min(a.assigned_at) FROM coach_assignments a WHERE a.user_id = u.id),
    (SELECT s.updated_at FROM subscriptions s WHERE s.user_id = u.id AND s.status IN ('active', 'past_due', 'canceled'))
FROM users u
LEFT JOIN utm_records t ON t.user_id = u.id
WHERE u.role = 'member';
