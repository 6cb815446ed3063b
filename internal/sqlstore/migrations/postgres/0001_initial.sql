-- The first schema of Wayfinder on PostgreSQL. It has the same tables and columns as the SQLite
-- schema, in PostgreSQL's own types.

CREATE TABLE users (
    id            text PRIMARY KEY,
    subject       text NOT NULL UNIQUE,
    email         text NOT NULL DEFAULT '',
    first_name    text NOT NULL DEFAULT '',
    last_name     text NOT NULL DEFAULT '',
    date_of_birth date,
    device        text NOT NULL DEFAULT '' CHECK (device IN ('', 'iphone', 'android')),
    role          text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'staff')),
    created_at    timestamptz NOT NULL,
    updated_at    timestamptz NOT NULL
);

CREATE TABLE web_sessions (
    id_hash                 text PRIMARY KEY,
    user_id                 text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at              timestamptz NOT NULL,
    last_seen_at            timestamptz NOT NULL,
    idle_expires_at         timestamptz NOT NULL,
    absolute_expires_at     timestamptz NOT NULL,
    id_token                text NOT NULL DEFAULT '',
    access_token            text NOT NULL DEFAULT '',
    refresh_token           text NOT NULL DEFAULT '',
    access_token_expires_at timestamptz
);
CREATE INDEX web_sessions_user_id_idx ON web_sessions (user_id);
CREATE INDEX web_sessions_idle_expires_at_idx ON web_sessions (idle_expires_at);
CREATE INDEX web_sessions_absolute_expires_at_idx ON web_sessions (absolute_expires_at);

CREATE TABLE survey_answers (
    user_id       text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    question_slug text NOT NULL,
    answers       text NOT NULL,
    updated_at    timestamptz NOT NULL,
    PRIMARY KEY (user_id, question_slug)
);

CREATE TABLE survey_answer_history (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id       text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    question_slug text NOT NULL,
    answers       text NOT NULL,
    recorded_at   timestamptz NOT NULL
);
CREATE INDEX survey_answer_history_user_slug_idx ON survey_answer_history (user_id, question_slug, recorded_at);

CREATE TABLE progress_events (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    from_slug  text NOT NULL,
    created_at timestamptz NOT NULL
);
CREATE INDEX progress_events_user_id_idx ON progress_events (user_id, created_at);

CREATE TABLE utm_records (
    user_id             text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    first_utm_source    text NOT NULL,
    first_utm_medium    text NOT NULL,
    first_utm_campaign  text NOT NULL,
    first_utm_adid      text NOT NULL,
    first_utm_adgroup   text NOT NULL,
    first_utm_term      text NOT NULL,
    first_utm_content   text NOT NULL,
    first_gclid         text NOT NULL,
    first_coupon        text NOT NULL,
    first_at            timestamptz NOT NULL,
    latest_utm_source   text NOT NULL,
    latest_utm_medium   text NOT NULL,
    latest_utm_campaign text NOT NULL,
    latest_utm_adid     text NOT NULL,
    latest_utm_adgroup  text NOT NULL,
    latest_utm_term     text NOT NULL,
    latest_utm_content  text NOT NULL,
    latest_gclid        text NOT NULL,
    latest_coupon       text NOT NULL,
    latest_at           timestamptz NOT NULL
);

CREATE TABLE coaches (
    id              text PRIMARY KEY,
    user_id         text REFERENCES users (id) ON DELETE SET NULL,
    first_name      text NOT NULL DEFAULT '',
    last_name       text NOT NULL DEFAULT '',
    nickname        text NOT NULL DEFAULT '',
    avatar_url      text NOT NULL DEFAULT '',
    one_liner       text NOT NULL DEFAULT '',
    tags            text NOT NULL DEFAULT '',
    timezone        text NOT NULL DEFAULT '',
    description     text NOT NULL DEFAULT '',
    intro_video_url text NOT NULL DEFAULT '',
    captions_url    text NOT NULL DEFAULT '',
    active          boolean NOT NULL DEFAULT true,
    capacity        integer NOT NULL DEFAULT 0 CHECK (capacity >= 0),
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL
);
CREATE UNIQUE INDEX coaches_user_id_idx ON coaches (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX coaches_active_idx ON coaches (active);

CREATE TABLE coach_assignments (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    coach_id    text NOT NULL REFERENCES coaches (id),
    assigned_at timestamptz NOT NULL,
    ended_at    timestamptz,
    CHECK (ended_at IS NULL OR ended_at >= assigned_at)
);
CREATE UNIQUE INDEX coach_assignments_current_idx ON coach_assignments (user_id) WHERE ended_at IS NULL;
CREATE INDEX coach_assignments_user_id_idx ON coach_assignments (user_id, assigned_at);
CREATE INDEX coach_assignments_coach_current_idx ON coach_assignments (coach_id) WHERE ended_at IS NULL;
