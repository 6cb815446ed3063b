package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"wayfinder/internal/mail"
)

// queued makes a pending message created at t0 + after, due at once.
func queued(id string, after time.Duration) mail.Queued {
	at := t0.Add(after)
	return mail.Queued{
		ID: id,
		Message: mail.Message{Kind: mail.KindPasswordReset, To: id + "@example.com", Subject: "Reset " + id,
			Text: "text " + id, HTML: "<p>html " + id + "</p>"},
		CreatedAt: at, NextAttemptAt: at, GiveUpAt: at.Add(24 * time.Hour),
	}
}

// mailRow is what the outbox holds of one message, read straight from the table.
type mailRow struct {
	status, subject, text, html, lastError string
	attempts                               int
	finished                               bool
}

func readMailRow(t *testing.T, db *DB, id string) mailRow {
	t.Helper()
	var (
		r        mailRow
		finished *time.Time
	)
	err := db.SQL().QueryRowContext(ctx, `SELECT status, subject, text_body, html_body, last_error, attempts, finished_at
		FROM mail_outbox WHERE id = $1`, id).Scan(&r.status, &r.subject, &r.text, &r.html, &r.lastError, &r.attempts, &finished)
	if err != nil {
		t.Fatalf("read the outbox row %s: %v", id, err)
	}
	r.finished = finished != nil
	return r
}

func TestMailOutboxLifecycle(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			// A message enqueued in a transaction that fails is never there; one that commits is.
			refused := errors.New("the caller's change failed")
			err := db.InTx(ctx, func(ctx context.Context) error {
				if err := db.InsertMail(ctx, queued("rolled-back", 0)); err != nil {
					return err
				}
				return refused
			})
			if !errors.Is(err, refused) {
				t.Fatalf("InTx = %v, want the caller's error", err)
			}
			if err := db.InTx(ctx, func(ctx context.Context) error { return db.InsertMail(ctx, queued("b", time.Second)) }); err != nil {
				t.Fatal(err)
			}
			for _, q := range []mail.Queued{queued("a", 0), queued("later", time.Hour)} {
				if err := db.InsertMail(ctx, q); err != nil {
					t.Fatal(err)
				}
			}
			if err := db.InsertMail(ctx, queued("a", 0)); codeOf(err) != "conflict" {
				t.Errorf("InsertMail with an id in use = %v, want a conflict", err)
			}
			if n, err := db.PendingMailCount(ctx); err != nil || n != 3 {
				t.Errorf("PendingMailCount = %d, %v; want the 3 waiting (not the rolled-back one)", n, err)
			}

			now := t0.Add(time.Minute)
			lease := now.Add(3 * time.Minute)
			claim := func(at time.Time, token string) (string, mail.Queued) {
				t.Helper()
				q, ok, err := db.ClaimMail(ctx, at, at.Add(3*time.Minute), token)
				if err != nil {
					t.Fatalf("ClaimMail: %v", err)
				}
				if !ok {
					return "", q
				}
				return q.ID, q
			}

			// Due messages come oldest first, each to one claimer; one not due yet stays.
			gotID, got := claim(now, "w1")
			if want := queued("a", 0); gotID != "a" || got.To != want.To || got.Subject != want.Subject || got.Text != want.Text ||
				got.HTML != want.HTML || got.Kind != want.Kind || !got.CreatedAt.Equal(want.CreatedAt) ||
				!got.GiveUpAt.Equal(want.GiveUpAt) || got.ClaimToken != "w1" {
				t.Errorf("first claim = %+v, want the message %+v under w1", got, want)
			}
			if gotID, _ := claim(now, "w2"); gotID != "b" {
				t.Errorf("second claim = %q, want b (a is leased)", gotID)
			}
			if gotID, _ := claim(now, "w3"); gotID != "" {
				t.Errorf("third claim = %q, want none (a and b are leased, later is not due)", gotID)
			}

			// A failed attempt frees the lease and sets the next attempt.
			if err := db.RetryMail(ctx, "a", "w1", 1, now.Add(30*time.Second), "connection refused"); err != nil {
				t.Fatal(err)
			}
			if gotID, _ := claim(now.Add(29*time.Second), "w4"); gotID != "" {
				t.Errorf("claim before the retry is due = %q, want none", gotID)
			}
			gotID, got = claim(now.Add(30*time.Second), "w4")
			if gotID != "a" || got.Attempts != 1 {
				t.Errorf("claim when the retry is due = %q with %d attempts, want a with 1", gotID, got.Attempts)
			}

			// b's lease runs out: another worker takes it over, and the first can no longer reschedule
			// or give it up.
			gotID, _ = claim(lease, "w5")
			if gotID != "b" {
				t.Fatalf("claim after b's lease ended = %q, want b", gotID)
			}
			if err := db.RetryMail(ctx, "b", "w2", 1, lease.Add(time.Hour), "late"); err != nil {
				t.Fatal(err)
			}
			if err := db.MarkMailFailed(ctx, "b", "w2", 1, lease, "late"); err != nil {
				t.Fatal(err)
			}
			if r := readMailRow(t, db, "b"); r.status != "pending" || r.attempts != 0 {
				t.Errorf("b after the old lease's writes = %+v, want pending with 0 attempts", r)
			}

			// Sent: the words are gone, the record stays, and marking it again changes nothing.
			sentAt := now.Add(time.Minute)
			for range 2 {
				if err := db.MarkMailSent(ctx, "a", sentAt); err != nil {
					t.Fatal(err)
				}
			}
			if got, want := readMailRow(t, db, "a"), (mailRow{status: "sent", attempts: 2, finished: true}); got != want {
				t.Errorf("a after sending = %+v, want %+v", got, want)
			}
			// Given up, by the worker holding the lease: the same.
			if err := db.MarkMailFailed(ctx, "b", "w5", 30, lease, "550 no such user"); err != nil {
				t.Fatal(err)
			}
			if got, want := readMailRow(t, db, "b"), (mailRow{status: "failed", attempts: 30, lastError: "550 no such user", finished: true}); got != want {
				t.Errorf("b after giving up = %+v, want %+v", got, want)
			}
			if err := db.RetryMail(ctx, "b", "w5", 31, lease, "again"); err != nil {
				t.Fatal(err)
			}
			if r := readMailRow(t, db, "b"); r.status != "failed" {
				t.Errorf("b after a retry of a given-up message = %+v, want it still failed", r)
			}
			if gotID, _ := claim(t0.Add(48*time.Hour), "w6"); gotID != "later" {
				t.Errorf("claim much later = %q, want later (sent and failed messages are never claimed)", gotID)
			}

			// Clean-up deletes finished records older than the cut-off, never pending messages.
			tests := []struct {
				cutoff      time.Time
				wantDeleted int64
			}{
				{sentAt, 0},                  // a was sent at the cut-off, not before it
				{sentAt.Add(time.Second), 1}, // a
				{lease.Add(time.Second), 1},  // b, given up at lease
				{t0.Add(1000 * time.Hour), 0},
			}
			for _, tt := range tests {
				if got, err := db.DeleteFinishedMail(ctx, tt.cutoff); err != nil || got != tt.wantDeleted {
					t.Errorf("DeleteFinishedMail(%v) = %d, %v; want %d", tt.cutoff, got, err, tt.wantDeleted)
				}
			}
			if r := readMailRow(t, db, "later"); r.status != "pending" || r.text == "" {
				t.Errorf("the pending message after clean-up = %+v, want it untouched", r)
			}
		})
	}
}

// TestClaimMailConcurrently has several replicas' workers claim at once: every message is claimed
// exactly once.
func TestClaimMailConcurrently(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			const messages, replicas, workersEach = 40, 3, 3
			for i := range messages {
				if err := s.db.InsertMail(ctx, queued(fmt.Sprintf("m%02d", i), time.Duration(i)*time.Millisecond)); err != nil {
					t.Fatal(err)
				}
			}
			var (
				mu     sync.Mutex
				claims = map[string]int{}
				wg     sync.WaitGroup
			)
			now := t0.Add(time.Minute)
			for r := range replicas {
				db := openTestDB(t, s.dsn)
				for w := range workersEach {
					wg.Go(func() {
						for {
							q, ok, err := db.ClaimMail(ctx, now, now.Add(time.Minute), fmt.Sprintf("r%dw%d", r, w))
							if err != nil {
								t.Errorf("ClaimMail: %v", err)
								return
							}
							if !ok {
								return
							}
							mu.Lock()
							claims[q.ID]++
							mu.Unlock()
						}
					})
				}
			}
			wg.Wait()
			if got, want := len(claims), messages; got != want {
				t.Errorf("%d messages claimed, want %d", got, want)
			}
			for id, n := range claims {
				if n != 1 {
					t.Errorf("message %s claimed %d times, want once", id, n)
				}
			}
		})
	}
}
