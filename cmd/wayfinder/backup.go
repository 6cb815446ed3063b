package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
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

// commandFlags takes a command's own flags (--name value or --name=value) out of args and leaves
// the server's settings, which config.Load reads, in rest.
func commandFlags(args []string, names ...string) (values map[string]string, rest []string, err error) {
	values = map[string]string{}
	for i := 0; i < len(args); i++ {
		name, value, hasValue := strings.Cut(strings.TrimLeft(args[i], "-"), "=")
		if !strings.HasPrefix(args[i], "-") || !slices.Contains(names, name) {
			rest = append(rest, args[i])
			continue
		}
		if !hasValue {
			if i+1 >= len(args) {
				return nil, nil, fmt.Errorf("--%s needs a value", name)
			}
			i++
			value = args[i]
		}
		values[name] = value
	}
	return values, rest, nil
}
