-- Staff search members by any part of their email or full name. A LIKE '%…%' reads every member,
-- which at 100k members takes half a second, so each account's searchable text is kept in
-- member_search_text and indexed by member_search, an FTS5 trigram index: it finds any run of three
-- or more characters, without regard to case, by looking up its trigrams. The triggers keep both in
-- step with users; staff accounts are indexed too and left out by the query, so a change of role
-- needs nothing here.
CREATE TABLE member_search_text (
    id        INTEGER PRIMARY KEY,
    user_id   TEXT NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    email     TEXT NOT NULL,
    full_name TEXT NOT NULL
);

CREATE VIRTUAL TABLE member_search USING fts5 (
    email, full_name,
    content = 'member_search_text', content_rowid = 'id', tokenize = 'trigram'
);

CREATE TRIGGER member_search_text_ai AFTER INSERT ON member_search_text BEGIN
    INSERT INTO member_search (rowid, email, full_name) VALUES (new.id, new.email, new.full_name);
END;
CREATE TRIGGER member_search_text_ad AFTER DELETE ON member_search_text BEGIN
    INSERT INTO member_search (member_search, rowid, email, full_name) VALUES ('delete', old.id, old.email, old.full_name);
END;
CREATE TRIGGER member_search_text_au AFTER UPDATE ON member_search_text BEGIN
    INSERT INTO member_search (member_search, rowid, email, full_name) VALUES ('delete', old.id, old.email, old.full_name);
    INSERT INTO member_search (rowid, email, full_name) VALUES (new.id, new.email, new.full_name);
END;

CREATE TRIGGER users_search_ai AFTER INSERT ON users BEGIN
    INSERT INTO member_search_text (user_id, email, full_name)
    VALUES (new.id, new.email, new.first_name || ' ' || new.last_name);
END;
CREATE TRIGGER users_search_au AFTER UPDATE OF email, first_name, last_name ON users
WHEN old.email <> new.email OR old.first_name <> new.first_name OR old.last_name <> new.last_name BEGIN
    UPDATE member_search_text SET email = new.email, full_name = new.first_name || ' ' || new.last_name
    WHERE user_id = new.id;
END;

INSERT INTO member_search_text (user_id, email, full_name)
SELECT id, email, first_name || ' ' || last_name FROM users;

-- A search of one or two characters is too short for trigrams: it finds a whole first or last
-- name, such as "Li", through these. They are not partial indexes, as the query's role condition
-- is written so that SQLite looks up names rather than walking every member.
CREATE INDEX users_first_name_idx ON users (lower(first_name));
CREATE INDEX users_last_name_idx ON users (lower(last_name));
