package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"wayfinder/internal/billing"
)

// demoPlans are the plans --demo (make run) keeps in the database, so the plan steps have something
// to recommend on a fresh machine. Their Stripe price ids are placeholders: in a demo without
// Stripe keys checkout runs in test mode and never asks Stripe for them.
var demoPlans = []billing.Plan{
	{
		ID: "kickstart", Name: "Kickstart", Price: billing.Price{Amount: 14900, Currency: "usd", Interval: billing.OneOff},
		StripePriceID: "price_demo_kickstart", Support: billing.Light, Active: true,
		Includes: []string{
			"Three 45-minute video sessions over six weeks",
			"Chat with your coach between sessions",
			"A written plan to keep",
		},
	},
	{
		ID: "steady", Name: "Steady", Price: billing.Price{Amount: 12900, Currency: "usd", Interval: billing.Monthly},
		StripePriceID: "price_demo_steady", Support: billing.Standard, TrialDays: 7, Active: true,
		Includes: []string{
			"Two 30-minute video sessions a month",
			"Chat with your coach on weekdays",
			"Goals and reminders in the app",
		},
	},
	{
		ID: "momentum", Name: "Momentum", Price: billing.Price{Amount: 22900, Currency: "usd", Interval: billing.Monthly},
		StripePriceID: "price_demo_momentum", Support: billing.Intensive, TrialDays: 7, Active: true,
		Includes: []string{
			"A 30-minute video session every week",
			"Daily check-ins from your coach",
			"Chat with your coach on weekdays",
			"Goals and reminders in the app",
		},
	},
}

// planStore is what storing plans needs of the database (sqlstore.DB).
type planStore interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	UpsertPlan(ctx context.Context, p billing.Plan) error
}

// storePlans checks every plan first, then adds or updates them all in one transaction: a file
// with one mistake, or a database that fails half-way, changes nothing.
func storePlans(ctx context.Context, store planStore, plans []billing.Plan) error {
	var problems []string
	seen := map[string]bool{}
	for i, p := range plans {
		if err := p.Check(); err != nil {
			problems = append(problems, fmt.Sprintf("plan %d (%s): %s", i+1, p.ID, describe(err)))
		}
		if seen[p.ID] {
			problems = append(problems, fmt.Sprintf("plan %d (%s): this id is already used by an earlier plan in the file", i+1, p.ID))
		}
		seen[p.ID] = true
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "\n"))
	}
	return store.InTx(ctx, func(ctx context.Context) error {
		for _, p := range plans {
			if err := store.UpsertPlan(ctx, p); err != nil {
				return fmt.Errorf("storing the plan %s: %s", p.ID, describe(err))
			}
		}
		return nil
	})
}

// planFile is the JSON `wayfinder plans import` reads. Every field is required, so a plan is never
// imported half-described; README.md ("Plans") shows an example.
type planFile struct {
	Plans []struct {
		ID    *string `json:"id"`
		Name  *string `json:"name"`
		Price *struct {
			Amount   int64            `json:"amount"`
			Currency string           `json:"currency"`
			Interval billing.Interval `json:"interval"`
		} `json:"price"`
		StripePriceID *string          `json:"stripePriceId"`
		Includes      []string         `json:"includes"`
		TrialDays     *int             `json:"trialDays"`
		Support       *billing.Support `json:"support"`
		Active        *bool            `json:"active"`
	} `json:"plans"`
}

// plansCommand runs `wayfinder plans import`: an operator's way to add plans, or change them, from
// a JSON file on standard input. A plan with an existing id is updated; importing the same file
// again changes nothing. Plans are never deleted: mark one "active": false to stop offering it,
// and members who hold it keep it.
func plansCommand(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "import" {
		return errors.New("usage: wayfinder plans import [flags] < plans.json (the Plans section of README.md shows the format)")
	}
	cfg, err := loadConfig("plans import", args[1:], getenv, stderr)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(io.LimitReader(stdin, 1<<20))
	dec.DisallowUnknownFields()
	var file planFile
	if err := dec.Decode(&file); err != nil {
		return fmt.Errorf("reading the plans from standard input: %w", err)
	}
	if len(file.Plans) == 0 {
		return errors.New(`the file lists no plans; give {"plans": [...]}`)
	}
	plans := make([]billing.Plan, len(file.Plans))
	for i, f := range file.Plans {
		if f.ID == nil || f.Name == nil || f.Price == nil || f.StripePriceID == nil || f.Includes == nil ||
			f.TrialDays == nil || f.Support == nil || f.Active == nil {
			return fmt.Errorf("plan %d: give every field: id, name, price, stripePriceId, includes, trialDays, support and active", i+1)
		}
		plans[i] = billing.Plan{
			ID: *f.ID, Name: *f.Name, Price: billing.Price{Amount: f.Price.Amount, Currency: f.Price.Currency, Interval: f.Price.Interval},
			StripePriceID: *f.StripePriceID, Includes: f.Includes, TrialDays: *f.TrialDays, Support: *f.Support, Active: *f.Active,
		}
	}
	db, err := openDatabase(ctx, cfg, true)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := storePlans(ctx, db, plans); err != nil {
		return err
	}
	for _, p := range plans {
		state := "offered"
		if !p.Active {
			state = "not offered to new members"
		}
		fmt.Fprintf(stdout, "Stored %s (id %s, %s): %s.\n", p.Name, p.ID, priceText(p.Price), state)
	}
	return nil
}

// priceText writes a price for the operator, such as "129.00 USD a month".
func priceText(p billing.Price) string {
	text := fmt.Sprintf("%d.%02d %s", p.Amount/100, p.Amount%100, strings.ToUpper(p.Currency))
	if p.Interval == billing.Monthly {
		return text + " a month"
	}
	return text + " once"
}
