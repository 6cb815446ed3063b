// Command seedmembers fills a Wayfinder database with made-up members, for trying the staff member
// list and search at the size the budgets name (ARCHITECTURE.md section 6: 100k members) and for
// measuring it (`make bench` seeds its own throw-away databases with the same code).
//
//	go run ./tools/seedmembers --database-url data/seeded.db --members 100000
//	go run ./tools/seedmembers --database-url 'postgres://postgres@127.0.0.1:5432/test?sslmode=disable'
//
// It migrates the database, adds six coaches and a retired plan, then the members: each with a
// progress event for every step they moved on from (about eleven on average, so 100,000 members
// make about a million, the funnel's budget); a quarter with a coach, a tenth with a subscription,
// about one in five hundred with a safety disclosure awaiting review, two in five with campaign (UTM)
// records, and each with the site they came from and the payment variant they signed up on. The
// same --seed gives the same members. A database that already has seeded members is refused.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"wayfinder/internal/sqlstore"
	"wayfinder/tools/seedmembers/seed"
)

func main() {
	dsn := flag.String("database-url", os.Getenv("WAYFINDER_DATABASE_URL"), "a SQLite file path or a postgres:// URL (default $WAYFINDER_DATABASE_URL)")
	members := flag.Int("members", 100000, "how many members to add")
	seedValue := flag.Uint64("seed", 1, "the seed of the made-up data: the same seed gives the same members")
	flag.Parse()
	if *dsn == "" {
		fmt.Fprintln(os.Stderr, "seedmembers: give --database-url, a SQLite file path or a postgres:// URL")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, *dsn, *members, *seedValue); err != nil {
		fmt.Fprintln(os.Stderr, "seedmembers:", err)
		if errors.Is(err, seed.ErrSeeded) {
			os.Exit(3)
		}
		os.Exit(1)
	}
}

func run(ctx context.Context, dsn string, members int, seedValue uint64) error {
	store, err := sqlstore.Open(ctx, dsn)
	if err != nil {
		return err
	}
	defer store.Close()
	res, err := seed.Members(ctx, store, seed.Options{Members: members, Seed: seedValue})
	if err != nil {
		return err
	}
	fmt.Printf("Seeded the %s database: %s (%.0f members a second).\n", res.Dialect, res, float64(res.Members)/res.Elapsed.Seconds())
	return nil
}
