package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"wayfinder/internal/sqlstore"
)

// budgetBackupP99 is the operations issue's budget: saves while `wayfinder backup` copies a 1 GB
// SQLite database keep their p99 at or under this.
const budgetBackupP99 = 50 * time.Millisecond

// backupLoad grows the server's SQLite database to about sizeMB with filler rows (random bytes,
// which nothing can shrink), then sends the members' saves for window while `wayfinder backup`
// copies the database, started a second into it, and reports the saves' latency and the backup's
// time.
func backupLoad(ctx context.Context, binary, dsn string, srv *server, members []string, sizeMB int, window time.Duration) error {
	if err := fill(ctx, dsn, sizeMB); err != nil {
		return fmt.Errorf("filling the database: %w", err)
	}
	info, err := os.Stat(dsn)
	if err != nil {
		return err
	}
	to := filepath.Join(filepath.Dir(dsn), "backup.db")
	defer os.Remove(to)
	type outcome struct {
		took time.Duration
		err  error
	}
	done := make(chan outcome, 1)
	go func() {
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			done <- outcome{err: ctx.Err()}
			return
		}
		start := time.Now()
		out, err := exec.CommandContext(ctx, binary, "backup", "--to", to, "--database-url", dsn).CombinedOutput()
		if err != nil {
			err = fmt.Errorf("wayfinder backup: %v: %s", err, out)
		}
		done <- outcome{time.Since(start), err}
	}()
	res, err := load(ctx, srv, members, window)
	if err != nil {
		return err
	}
	b := <-done
	if b.err != nil {
		return b.err
	}
	within := "the whole backup ran inside the window"
	if b.took+time.Second > window {
		within = "the backup outlasted the window: raise --duration"
	}
	fmt.Printf("  PUT survey on SQLite while `wayfinder backup` copies the %.0f MB database (%d members saving, %s):\n",
		float64(info.Size())/(1<<20), len(members), window)
	fmt.Printf("    backup                %.1f s; %s\n", b.took.Seconds(), within)
	fmt.Printf("    saves                 %.0f/s, %d in all; p50 %.1f ms, p99 %.1f ms, max %.1f ms (budget p99 ≤ %.0f ms) %s\n",
		res.rate, res.n, ms(res.p50), ms(res.p99), ms(res.max), ms(budgetBackupP99), verdict(res.p99 <= budgetBackupP99))
	return nil
}

// fill adds sizeMB rows of 1 MiB of random bytes to a table of their own, in transactions of 64.
func fill(ctx context.Context, dsn string, sizeMB int) error {
	store, err := sqlstore.Open(ctx, dsn)
	if err != nil {
		return err
	}
	defer store.Close()
	db := store.SQL()
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS load_filler (id INTEGER PRIMARY KEY, data BLOB NOT NULL)`); err != nil {
		return err
	}
	row := make([]byte, 1<<20)
	for done := 0; done < sizeMB; {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		for i := 0; i < 64 && done < sizeMB; i, done = i+1, done+1 {
			_, _ = rand.Read(row)
			if _, err := tx.ExecContext(ctx, `INSERT INTO load_filler (data) VALUES (?)`, row); err != nil {
				tx.Rollback() //nolint:errcheck // the insert's error is the one to report
				return err
			}
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	_, err = db.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`)
	return err
}
