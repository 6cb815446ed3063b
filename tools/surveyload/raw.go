package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"

	"wayfinder/internal/sqlstore"
)

type rawResult struct {
	writers  int
	rate     float64
	p50, p99 time.Duration
}

// rawStep is what one save of the load writes for a step: the step moved on from, and the two
// answers the load alternates between, as JSON, so every raw save changes the answer, as every load
// save does. A step with nothing to answer has no answers: its save writes only the progress event.
type rawStep struct {
	slug    string
	answers [2]string
}

// rawSteps reads the load's bodies into what a raw save writes.
func rawSteps() ([]rawStep, error) {
	out := make([]rawStep, len(steps))
	for i, pair := range steps {
		for j, b := range pair {
			var body struct {
				FromSlug string `json:"fromSlug"`
				Data     []struct {
					QuestionSlug string `json:"questionSlug"`
					Answers      []any  `json:"answers"`
				} `json:"data"`
			}
			if err := json.Unmarshal([]byte(b), &body); err != nil || len(body.Data) > 1 ||
				len(body.Data) == 1 && body.Data[0].QuestionSlug != body.FromSlug {
				return nil, fmt.Errorf("the load's step %d is not one step's answers (%v)", i, err)
			}
			out[i].slug = body.FromSlug
			if len(body.Data) == 1 {
				a, _ := json.Marshal(body.Data[0].Answers)
				out[i].answers[j] = string(a)
			}
		}
	}
	return out, nil
}

// The statements of a raw save: the same rows a survey save writes (the step's latest answers,
// an entry in their history, a progress event, whose trigger updates the member's funnel row as a
// save's does), and nothing a save reads or checks.
const (
	rawUpsertAnswers = `
		INSERT INTO survey_answers (user_id, question_slug, answers, updated_at) VALUES ($1, $2, $3, $4)
		ON CONFLICT (user_id, question_slug) DO UPDATE SET answers = excluded.answers, updated_at = excluded.updated_at`
	rawInsertHistory  = `INSERT INTO survey_answer_history (user_id, question_slug, answers, recorded_at) VALUES ($1, $2, $3, $4)`
	rawInsertProgress = `INSERT INTO progress_events (user_id, from_slug, created_at) VALUES ($1, $2, $3)`
)

// rawSaves writes saves straight to the server's own database for d, with writers writing at once,
// each as a member of its own (userIDs, as the load's clients are): one transaction per save with
// prepared statements, no HTTP, no sign-in check, no validation. It is the ceiling the server's
// saves are held against: same database, disk and durability settings (the store's own, as the
// database is opened through sqlstore), same rows, same concurrency, in the same run.
func rawSaves(ctx context.Context, dsn string, userIDs []string, writers int, d time.Duration) (rawResult, error) {
	plan, err := rawSteps()
	if err != nil {
		return rawResult{}, err
	}
	store, err := sqlstore.Open(ctx, dsn)
	if err != nil {
		return rawResult{}, err
	}
	defer store.Close()
	db := store.SQL()
	var stmts [3]*sql.Stmt
	for i, q := range []string{rawUpsertAnswers, rawInsertHistory, rawInsertProgress} {
		if stmts[i], err = db.PrepareContext(ctx, q); err != nil {
			return rawResult{}, err
		}
		defer stmts[i].Close()
	}
	save := func(user string, i int) error {
		step := plan[i%len(plan)]
		answers := step.answers[(i/len(plan))%2]
		now := time.Now().UTC().Truncate(time.Microsecond)
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback() //nolint:errcheck // a no-op after Commit
		if answers != "" {
			if _, err := tx.StmtContext(ctx, stmts[0]).ExecContext(ctx, user, step.slug, answers, now); err != nil {
				return err
			}
			if _, err := tx.StmtContext(ctx, stmts[1]).ExecContext(ctx, user, step.slug, answers, now); err != nil {
				return err
			}
		}
		if _, err := tx.StmtContext(ctx, stmts[2]).ExecContext(ctx, user, step.slug, now); err != nil {
			return err
		}
		return tx.Commit()
	}

	perWriter := make([][]time.Duration, writers)
	errs := make([]error, writers)
	start := time.Now()
	deadline := start.Add(d)
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			user := userIDs[w%len(userIDs)]
			for i := w; time.Now().Before(deadline) && ctx.Err() == nil; i++ {
				t0 := time.Now()
				if err := save(user, i); err != nil {
					errs[w] = fmt.Errorf("raw save: %w", err)
					return
				}
				perWriter[w] = append(perWriter[w], time.Since(t0))
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	for _, err := range errs {
		if err != nil {
			return rawResult{}, err
		}
	}
	latencies := slices.Concat(perWriter...)
	if len(latencies) == 0 {
		return rawResult{}, fmt.Errorf("no raw save completed")
	}
	slices.Sort(latencies)
	return rawResult{
		writers: writers,
		rate:    float64(len(latencies)) / elapsed.Seconds(),
		p50:     percentile(latencies, 0.50),
		p99:     percentile(latencies, 0.99),
	}, nil
}

// rawBoth measures raw saves with one writer and with writers, so the load with the same numbers
// of clients has a like-for-like ceiling for each.
func rawBoth(ctx context.Context, dsn string, userIDs []string, writers int, d time.Duration) (one, many rawResult, err error) {
	if one, err = rawSaves(ctx, dsn, userIDs, 1, d); err != nil {
		return one, many, err
	}
	many, err = rawSaves(ctx, dsn, userIDs, writers, d)
	return one, many, err
}
