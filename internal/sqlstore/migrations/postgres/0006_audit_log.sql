-- audit_log records every staff access to a member's data, reads included: who, when, what, which
-- member, from which address. It never holds answers. It is append-only: the trigger refuses any
-- change or removal, and it has no foreign keys, so it outlives the accounts it names.
CREATE TABLE audit_log (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at            timestamptz NOT NULL,
    staff_user_id text NOT NULL,
    staff_email   text NOT NULL,
    action        text NOT NULL,
    member_id     text NOT NULL DEFAULT '',
    address       text NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_at_idx ON audit_log (at);
CREATE INDEX audit_log_member_idx ON audit_log (member_id, at);
CREATE INDEX audit_log_staff_idx ON audit_log (staff_user_id, at);
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the audit log is append-only';
END;
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

-- Staff search members newest first; the index keeps a page of a large list quick.
CREATE INDEX users_role_created_idx ON users (role, created_at, id);
