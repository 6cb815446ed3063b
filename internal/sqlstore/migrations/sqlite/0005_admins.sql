-- admin marks the staff who also manage coaches, plans and staff accounts and read the audit log.
-- An admin's role stays 'staff', which the role column's check allows (SQLite cannot change a check
-- in place); the store reads the role as 'admin' when the flag is set.
ALTER TABLE users ADD COLUMN admin INTEGER NOT NULL DEFAULT 0 CHECK (admin IN (0, 1) AND (admin = 0 OR role = 'staff'));
