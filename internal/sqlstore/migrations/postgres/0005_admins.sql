-- admin marks the staff who also manage coaches, plans and staff accounts and read the audit log.
-- An admin's role stays 'staff', as on SQLite, where the role column's check cannot change in
-- place; the store reads the role as 'admin' when the flag is set.
ALTER TABLE users ADD COLUMN admin boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD CONSTRAINT users_admin_is_staff CHECK (NOT admin OR role = 'staff');
