-- audit_log records every staff access to a member's data, reads included: who, when, what, which
-- member, from which address. It never holds answers. It is append-only: the triggers refuse any
-- change or removal, and it has no foreign keys, so it outlives the accounts it names.
CREATE TABLE audit_log (
    id            INTEGER PRIMARY KEY,
    at            TIMESTAMP NOT NULL,
    staff_user_id TEXT NOT NULL,
    staff_email   TEXT NOT NULL,
    action        TEXT NOT NULL,
    member_id     TEXT NOT NULL DEFAULT '',
    address       TEXT NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_at_idx ON audit_log (at);
CREATE INDEX audit_log_member_idx ON audit_log (member_id, at);
CREATE INDEX audit_log_staff_idx ON audit_log (staff_user_id, at);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only');
END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only');
END;

-- Staff search members newest first; the index keeps a page of a large list quick.
CREATE INDEX users_role_created_idx ON users (role, created_at, id);
