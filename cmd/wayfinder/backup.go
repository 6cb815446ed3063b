package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"
)

// backup runs `wayfinder backup --to FILE`: a consistent copy of the SQLite database, made while
// the server keeps serving and members keep saving. It never migrates or otherwise changes the
// database it copies. docs/deploying.md has the restore procedure.
func backup(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	flags, rest, err := commandFlags(args, "to")
	if err != nil {
		return err
	}
	to := flags["to"]
	if to == "" {
		return errors.New("usage: wayfinder backup --to FILE [flags] (FILE must not exist yet)")
	}
	cfg, err := loadConfig("backup", rest, getenv, stderr)
	if err != nil {
		return err
	}
	db, err := openDatabase(ctx, cfg, false)
	if err != nil {
		return err
	}
	defer db.Close()
	start := time.Now()
	if err := db.BackupTo(ctx, to); err != nil {
		return err
	}
	info, err := os.Stat(to)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Backed up the database to %s (%.1f MB in %s).\n", to, float64(info.Size())/(1<<20), time.Since(start).Round(time.Millisecond))
	return nil
}
