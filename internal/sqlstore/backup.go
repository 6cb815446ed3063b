package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrBackupPostgres is BackupTo's answer on PostgreSQL, whose own tools (pg_dump, base backups with
// WAL archiving) already make consistent online backups; docs/deploying.md shows how.
var ErrBackupPostgres = errors.New("PostgreSQL is backed up with its own tools (pg_dump, or a base backup with WAL archiving): see docs/deploying.md")

// BackupTo writes a consistent copy of the SQLite database to path while members go on writing.
// VACUUM INTO reads the database in one read transaction, which in WAL mode blocks no writer, and
// writes a compact copy holding every transaction committed before it began. The copy is made under
// a temporary name in path's folder, synced, and renamed into place, so path never holds half a
// backup; an existing file at path is refused rather than replaced.
func (s *DB) BackupTo(ctx context.Context, path string) error {
	if s.dialect != DialectSQLite {
		return ErrBackupPostgres
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	if _, err := os.Lstat(abs); err == nil {
		return fmt.Errorf("%s already exists; choose a new file, so no backup is overwritten", path)
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(abs), "."+filepath.Base(abs)+".partial-*")
	if err != nil {
		return fmt.Errorf("the backup's folder: %w", err)
	}
	tmpName := tmp.Name()
	tmp.Close()
	// VACUUM INTO needs the file not to exist or to be empty; it is empty.
	defer os.Remove(tmpName)
	if _, err := s.db.ExecContext(ctx, `VACUUM INTO ?`, tmpName); err != nil {
		return fmt.Errorf("copying the database: %w", err)
	}
	if err := syncFile(tmpName); err != nil {
		return err
	}
	// A hard link, unlike a rename, fails if path appeared meanwhile, so nothing is overwritten.
	if err := os.Link(tmpName, abs); err != nil {
		return fmt.Errorf("putting the backup in place: %w", err)
	}
	return syncFile(filepath.Dir(abs))
}

// syncFile flushes a file or a folder's entries to the disk.
func syncFile(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		return fmt.Errorf("syncing %s: %w", name, err)
	}
	return nil
}
