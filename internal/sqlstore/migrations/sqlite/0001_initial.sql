-- The first schema of Wayfinder on SQLite. Times are written in UTC by the driver, so TIMESTAMP
-- text compares and sorts in time order. Booleans are 0 or 1.

CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    subject       TEXT NOT NULL UNIQUE,
    email         TEXT NOT NULL DEFAULT '',
    first_name    TEXT NOT NULL DEFAULT '',
    last_name     TEXT NOT NULL DEFAULT '',
    date_of_birth DATE,
    device        TEXT NOT NULL DEFAULT '' CHECK (device IN ('', 'iphone', 'android')),
    role          TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'staff')),
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);

CREATE TABLE web_sessions (
    id_hash                 TEXT PRIMARY KEY,
    user_id                 TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at              TIMESTAMP NOT NULL,
    last_seen_at            TIMESTAMP NOT NULL,
    idle_expires_at         TIMESTAMP NOT NULL,
    absolute_expires_at     TIMESTAMP NOT NULL,
    id_token                TEXT NOT NULL DEFAULT '',
    access_token            TEXT NOT NULL DEFAULT '',
    refresh_token           TEXT NOT NULL DEFAULT '',
    access_token_expires_at TIMESTAMP
);
CREATE INDEX web_sessions_user_id_idx ON web_sessions (user_id);
CREATE INDEX web_sessions_idle_expires_at_idx ON web_sessions (idle_expires_at);
CREATE INDEX web_sessions_absolute_expires_at_idx ON web_sessions (absolute_expires_at);

CREATE TABLE survey_answers (
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    question_slug TEXT NOT NULL,
    answers       TEXT NOT NULL,
    updated_at    TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, question_slug)
) WITHOUT ROWID;

CREATE TABLE survey_answer_history (
    id            INTEGER PRIMARY KEY,
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    question_slug TEXT NOT NULL,
    answers       TEXT NOT NULL,
    recorded_at   TIMESTAMP NOT NULL
);
CREATE INDEX survey_answer_history_user_slug_idx ON survey_answer_history (user_id, question_slug, recorded_at);

CREATE TABLE progress_events (
    id         INTEGER PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    from_slug  TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX progress_events_user_id_idx ON progress_events (user_id, created_at);

CREATE TABLE utm_records (
    user_id             TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    first_utm_source    TEXT NOT NULL,
    first_utm_medium    TEXT NOT NULL,
    first_utm_campaign  TEXT NOT NULL,
    first_utm_adid      TEXT NOT NULL,
    first_utm_adgroup   TEXT NOT NULL,
    first_utm_term      TEXT NOT NULL,
    first_utm_content   TEXT NOT NULL,
    first_gclid         TEXT NOT NULL,
    first_coupon        TEXT NOT NULL,
    first_at            TIMESTAMP NOT NULL,
    latest_utm_source   TEXT NOT NULL,
    latest_utm_medium   TEXT NOT NULL,
    latest_utm_campaign TEXT NOT NULL,
    latest_utm_adid     TEXT NOT NULL,
    latest_utm_adgroup  TEXT NOT NULL,
    latest_utm_term     TEXT NOT NULL,
    latest_utm_content  TEXT NOT NULL,
    latest_gclid        TEXT NOT NULL,
    latest_coupon       TEXT NOT NULL,
    latest_at           TIMESTAMP NOT NULL
);

CREATE TABLE coaches (
    id              TEXT PRIMARY KEY,
    user_id         TEXT REFERENCES users (id) ON DELETE SET NULL,
    first_name      TEXT NOT NULL DEFAULT '',
    last_name       TEXT NOT NULL DEFAULT '',
    nickname        TEXT NOT NULL DEFAULT '',
    avatar_url      TEXT NOT NULL DEFAULT '',
    one_liner       TEXT NOT NULL DEFAULT '',
    tags            TEXT NOT NULL DEFAULT '',
    timezone        TEXT NOT NULL DEFAULT '',
    description     TEXT NOT NULL DEFAULT '',
    intro_video_url TEXT NOT NULL DEFAULT '',
    captions_url    TEXT NOT NULL DEFAULT '',
    active          INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    capacity        INTEGER NOT NULL DEFAULT 0 CHECK (capacity >= 0),
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX coaches_user_id_idx ON coaches (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX coaches_active_idx ON coaches (active);

CREATE TABLE coach_assignments (
    id          INTEGER PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    coach_id    TEXT NOT NULL REFERENCES coaches (id),
    assigned_at TIMESTAMP NOT NULL,
    ended_at    TIMESTAMP,
    CHECK (ended_at IS NULL OR ended_at >= assigned_at)
);
CREATE UNIQUE INDEX coach_assignments_current_idx ON coach_assignments (user_id) WHERE ended_at IS NULL;
CREATE INDEX coach_assignments_user_id_idx ON coach_assignments (user_id, assigned_at);
CREATE INDEX coach_assignments_coach_current_idx ON coach_assignments (coach_id) WHERE ended_at IS NULL;
