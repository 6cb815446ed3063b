package mail_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"wayfinder/internal/mail"
	"wayfinder/internal/mail/mailtest"
	"wayfinder/internal/sqlstore"
	"wayfinder/internal/sqlstore/sqltest"
	"wayfinder/internal/sqlstore/storetest"
	"wayfinder/internal/syncbuf"
)

// store is one migrated database of one dialect, and the DSN that reaches it again (another
// replica's connection).
type store struct {
	name string
	dsn  string
	db   *sqlstore.DB
}

// stores returns a fresh SQLite database and, when WAYFINDER_TEST_DATABASE_URL is set, a fresh
// PostgreSQL one.
func stores(t *testing.T) []store {
	t.Helper()
	var out []store
	for _, d := range sqltest.Databases(t) {
		out = append(out, store{name: d.Dialect, dsn: d.DSN, db: storetest.Open(t, d.DSN)})
	}
	return out
}

func jsonLogger(w *syncbuf.Buffer) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// countingSender passes messages on to next and counts the outcomes; after, when set, runs after
// each successful send with the number sent so far.
type countingSender struct {
	next  mail.Sender
	after func(sent int)

	mu             sync.Mutex
	sent, failures int
}

func (c *countingSender) Send(ctx context.Context, id string, m mail.Message) error {
	err := c.next.Send(ctx, id, m)
	c.mu.Lock()
	if err != nil {
		c.failures++
	} else {
		c.sent++
	}
	sent := c.sent
	c.mu.Unlock()
	if err == nil && c.after != nil {
		c.after(sent)
	}
	return err
}

func (c *countingSender) counts() (sent, failures int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sent, c.failures
}

// senderFunc makes a function a Sender.
type senderFunc func(ctx context.Context, id string, m mail.Message) error

func (f senderFunc) Send(ctx context.Context, id string, m mail.Message) error { return f(ctx, id, m) }

// run starts w and returns a function that stops it and waits for Run to return.
func run(t *testing.T, w *mail.Worker) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		w.Run(ctx)
	}()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				t.Error("the worker did not stop within 30 s")
			}
		})
	}
	t.Cleanup(stop)
	return stop
}

// waitFor polls cond until it holds, or fails the test after timeout.
func waitFor(t *testing.T, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s did not happen within %v", what, timeout)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// outboxRow is what the outbox table holds of one message.
type outboxRow struct {
	status    string
	attempts  int
	lastError string
	words     int // the length of subject and bodies together
}

func rowsByStatus(t *testing.T, db *sqlstore.DB) map[string][]outboxRow {
	t.Helper()
	rows, err := db.SQL().QueryContext(context.Background(),
		`SELECT status, attempts, last_error, LENGTH(subject) + LENGTH(text_body) + LENGTH(html_body) FROM mail_outbox`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string][]outboxRow{}
	for rows.Next() {
		var r outboxRow
		if err := rows.Scan(&r.status, &r.attempts, &r.lastError, &r.words); err != nil {
			t.Fatal(err)
		}
		out[r.status] = append(out[r.status], r)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// counter reads one series of a counter from reg.
func counter(t *testing.T, reg *prometheus.Registry, name, kind string) float64 {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "kind" && l.GetValue() == kind {
					return m.GetCounter().GetValue()
				}
			}
		}
	}
	t.Fatalf("no series %s{kind=%q}", name, kind)
	return 0
}

const secretToken = "s3cr3t-t0k3n"

func resetMessage(t *testing.T, to string) mail.Message {
	t.Helper()
	m, err := mail.PasswordReset("Wayfinder", to, "https://start.example.com/idp/reset?token="+secretToken)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestOutboxSurvivesSMTPOutage enqueues a message while the mail server is down: the worker fails,
// retries with growing pauses, and once the server is up the message arrives exactly once.
func TestOutboxSurvivesSMTPOutage(t *testing.T) {
	t.Parallel()
	for _, s := range stores(t) {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			port := mailtest.FreePort(t)
			smtp, err := mail.NewSMTPSender(mail.SMTPConfig{URL: fmt.Sprintf("smtp://127.0.0.1:%d", port), From: from, Timeout: 5 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			sender := &countingSender{next: smtp}
			reg := prometheus.NewRegistry()
			logs := &syncbuf.Buffer{}
			outbox := mail.NewOutbox(s.db, mail.OutboxConfig{})
			run(t, mail.NewWorker(outbox, mail.WorkerConfig{Sender: sender, Log: jsonLogger(logs), Metrics: mail.NewMetrics(reg),
				PollInterval: 20 * time.Millisecond, FirstRetry: 20 * time.Millisecond, MaxRetry: 150 * time.Millisecond}))

			ctx := context.Background()
			if err := s.db.InTx(ctx, func(ctx context.Context) error { return outbox.Enqueue(ctx, resetMessage(t, "pat@example.com")) }); err != nil {
				t.Fatalf("Enqueue: %v", err)
			}
			waitFor(t, 10*time.Second, "three failed attempts", func() bool { _, f := sender.counts(); return f >= 3 })
			pending := rowsByStatus(t, s.db)["pending"]
			if len(pending) != 1 || pending[0].attempts < 2 || pending[0].lastError == "" || pending[0].words == 0 {
				t.Fatalf("outbox during the outage = %+v, want one pending message with its attempts and last error", pending)
			}

			srv := mailtest.Start(t, mailtest.Options{SMTPPort: port})
			srv.WaitForMessages(t, 1, 10*time.Second)
			waitFor(t, 10*time.Second, "the message marked sent", func() bool { return len(rowsByStatus(t, s.db)["sent"]) == 1 })
			time.Sleep(200 * time.Millisecond) // several polls: nothing more goes out
			got := srv.Messages(t)
			if len(got) != 1 || got[0].Subject != "Reset your Wayfinder password" || got[0].To[0].Address != "pat@example.com" {
				t.Fatalf("mailpit received %+v, want the one reset email to pat@example.com", got)
			}
			if sent := rowsByStatus(t, s.db)["sent"]; len(sent) != 1 || sent[0].words != 0 || sent[0].lastError != "" {
				t.Errorf("outbox after sending = %+v, want one sent record without its words", sent)
			}

			_, failures := sender.counts()
			if got, want := counter(t, reg, "wayfinder_mail_sent_total", "password-reset"), 1.0; got != want {
				t.Errorf("wayfinder_mail_sent_total = %v, want %v", got, want)
			}
			if got, want := counter(t, reg, "wayfinder_mail_failures_total", "password-reset"), float64(failures); got != want {
				t.Errorf("wayfinder_mail_failures_total = %v, want %v", got, want)
			}
			for _, want := range []string{`"kind":"password-reset"`, `"mail_id":"m_`, `"msg":"email sent"`, "will be retried"} {
				if !strings.Contains(logs.String(), want) {
					t.Errorf("the logs lack %s:\n%s", want, logs.String())
				}
			}
			if strings.Contains(logs.String(), secretToken) || strings.Contains(logs.String(), "pat@example.com") {
				t.Errorf("the logs hold the link or the address:\n%s", logs.String())
			}
		})
	}
}

// TestWorkerRestartLosesNothing stops a worker half-way through the outbox, leaves one message
// leased by a worker that "crashed", and has a new worker on another connection finish: every
// message arrives exactly once.
func TestWorkerRestartLosesNothing(t *testing.T) {
	t.Parallel()
	for _, s := range stores(t) {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			srv := mailtest.Start(t, mailtest.Options{})
			smtp, err := mail.NewSMTPSender(mail.SMTPConfig{URL: fmt.Sprintf("smtp://127.0.0.1:%d", srv.SMTPPort), From: from})
			if err != nil {
				t.Fatal(err)
			}
			outbox := mail.NewOutbox(s.db, mail.OutboxConfig{})
			const total = 6
			for i := range total {
				if err := outbox.Enqueue(ctx, resetMessage(t, fmt.Sprintf("r%d@example.com", i))); err != nil {
					t.Fatal(err)
				}
			}

			// The first worker is stopped as its second message goes out, as at a shutdown: it
			// records that message and claims no other.
			firstCtx, stopFirst := context.WithCancel(ctx)
			defer stopFirst()
			first := &countingSender{next: smtp, after: func(sent int) {
				if sent == 2 {
					stopFirst()
				}
			}}
			stopped := make(chan struct{})
			go func() {
				defer close(stopped)
				mail.NewWorker(outbox, mail.WorkerConfig{Sender: first, PollInterval: 20 * time.Millisecond}).Run(firstCtx)
			}()
			select {
			case <-stopped:
			case <-time.After(15 * time.Second):
				t.Fatal("the first worker did not stop within 15 s")
			}
			if sent, _ := first.counts(); sent != 2 {
				t.Fatalf("the first worker sent %d messages, want 2", sent)
			}
			if got := len(rowsByStatus(t, s.db)["sent"]); got != 2 {
				t.Fatalf("%d messages recorded sent after the first worker stopped, want 2", got)
			}

			// A worker that crashed holding a message leaves a lease that runs out.
			now := time.Now()
			if _, ok, err := s.db.ClaimMail(ctx, now, now.Add(400*time.Millisecond), "crashed"); err != nil || !ok {
				t.Fatalf("claiming for the crashed worker: %v, %v", ok, err)
			}

			// A new process: another connection, a new outbox and worker.
			replica := storetest.Open(t, s.dsn)
			second := &countingSender{next: smtp}
			run(t, mail.NewWorker(mail.NewOutbox(replica, mail.OutboxConfig{}), mail.WorkerConfig{Sender: second, PollInterval: 20 * time.Millisecond}))
			srv.WaitForMessages(t, total, 15*time.Second)
			waitFor(t, 10*time.Second, "every message marked sent", func() bool { return len(rowsByStatus(t, s.db)["sent"]) == total })
			time.Sleep(200 * time.Millisecond)

			perRecipient := map[string]int{}
			for _, m := range srv.Messages(t) {
				perRecipient[m.To[0].Address]++
			}
			for i := range total {
				if got := perRecipient[fmt.Sprintf("r%d@example.com", i)]; got != 1 {
					t.Errorf("r%d@example.com received %d messages, want 1", i, got)
				}
			}
			if got, want := len(perRecipient), total; got != want {
				t.Errorf("%d recipients received mail, want %d", got, want)
			}
		})
	}
}

// TestEnqueueWakesTheWorker checks that a message goes out at once, without waiting for a poll,
// even when the enqueue's transaction commits a while after the enqueue, and that a message whose
// transaction fails is never sent.
func TestEnqueueWakesTheWorker(t *testing.T) {
	t.Parallel()
	for _, s := range stores(t) {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			delivered := make(chan string, 10)
			sender := senderFunc(func(_ context.Context, _ string, m mail.Message) error {
				delivered <- m.To
				return nil
			})
			outbox := mail.NewOutbox(s.db, mail.OutboxConfig{})
			run(t, mail.NewWorker(outbox, mail.WorkerConfig{Sender: sender, PollInterval: time.Hour}))
			time.Sleep(50 * time.Millisecond) // the worker has looked once and found nothing

			failed := errors.New("the sign-up failed")
			err := s.db.InTx(ctx, func(ctx context.Context) error {
				if err := outbox.Enqueue(ctx, resetMessage(t, "never@example.com")); err != nil {
					return err
				}
				return failed
			})
			if !errors.Is(err, failed) {
				t.Fatalf("InTx = %v, want the caller's error", err)
			}
			err = s.db.InTx(ctx, func(ctx context.Context) error {
				if err := outbox.Enqueue(ctx, resetMessage(t, "pat@example.com")); err != nil {
					return err
				}
				time.Sleep(150 * time.Millisecond) // the rest of the caller's transaction
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			select {
			case to := <-delivered:
				if to != "pat@example.com" {
					t.Errorf("the worker sent a message to %s, want pat@example.com", to)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("the enqueued message was not sent within 5 s; the worker polls only hourly here")
			}
			select {
			case to := <-delivered:
				t.Errorf("a second message went out, to %s", to)
			case <-time.After(300 * time.Millisecond):
			}
		})
	}
}

// TestWorkerGivesUp checks both ways a message is given up: after its time runs out, and at once
// on a permanent refusal. Either way its words are deleted and the log says so without them.
func TestWorkerGivesUp(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name         string
		err          error
		wantAttempts func(int) bool
	}{
		{"the time runs out", errors.New("451 try again later"), func(n int) bool { return n >= 2 }},
		{"refused for good", mail.Permanent(errors.New("550 no such user")), func(n int) bool { return n == 1 }},
	}
	for _, s := range stores(t) {
		for _, tt := range tests {
			t.Run(s.name+"/"+tt.name, func(t *testing.T) {
				db := s.db
				if _, err := db.SQL().Exec(`DELETE FROM mail_outbox`); err != nil {
					t.Fatal(err)
				}
				sender := &countingSender{next: senderFunc(func(context.Context, string, mail.Message) error { return tt.err })}
				reg := prometheus.NewRegistry()
				logs := &syncbuf.Buffer{}
				outbox := mail.NewOutbox(db, mail.OutboxConfig{MaxAge: 300 * time.Millisecond})
				run(t, mail.NewWorker(outbox, mail.WorkerConfig{Sender: sender, Log: jsonLogger(logs), Metrics: mail.NewMetrics(reg),
					PollInterval: 20 * time.Millisecond, FirstRetry: 30 * time.Millisecond, MaxRetry: 60 * time.Millisecond}))
				if err := outbox.Enqueue(context.Background(), resetMessage(t, "pat@example.com")); err != nil {
					t.Fatal(err)
				}
				// The worker records the failure, then counts and logs it: wait for the log line too.
				waitFor(t, 10*time.Second, "the message given up", func() bool {
					return len(rowsByStatus(t, db)["failed"]) == 1 && strings.Contains(logs.String(), "given up")
				})
				failed := rowsByStatus(t, db)["failed"][0]
				if !tt.wantAttempts(failed.attempts) || failed.words != 0 || failed.lastError == "" {
					t.Errorf("the given-up record = %+v, want the right attempts, the last error and no words", failed)
				}
				if _, failures := sender.counts(); failures != failed.attempts {
					t.Errorf("the sender failed %d times, the record says %d", failures, failed.attempts)
				}
				if got := counter(t, reg, "wayfinder_mail_given_up_total", "password-reset"); got != 1 {
					t.Errorf("wayfinder_mail_given_up_total = %v, want 1", got)
				}
				if strings.Contains(logs.String(), secretToken) {
					t.Errorf("the logs should not carry the link:\n%s", logs.String())
				}
			})
		}
	}
}

func TestDisabledOutbox(t *testing.T) {
	logs := &syncbuf.Buffer{}
	outbox := mail.NewDisabledOutbox(jsonLogger(logs))
	if outbox.Enabled() {
		t.Error("Enabled() = true for a disabled outbox")
	}
	if err := outbox.Enqueue(context.Background(), resetMessage(t, "pat@example.com")); err != nil {
		t.Errorf("Enqueue() = %v, want nil: a server without mail still works", err)
	}
	if err := outbox.Enqueue(context.Background(), mail.Message{Kind: mail.KindPasswordReset}); err == nil {
		t.Error("Enqueue(an empty message) = nil, want the same checks as with mail on")
	}
	done := make(chan struct{})
	go func() {
		mail.NewWorker(outbox, mail.WorkerConfig{}).Run(context.Background())
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Error("the worker of a disabled outbox did not return at once")
	}
	if strings.Contains(logs.String(), secretToken) {
		t.Errorf("a disabled outbox logged the link:\n%s", logs.String())
	}
}

func TestTerminalSender(t *testing.T) {
	var out bytes.Buffer
	sender := mail.NewTerminalSender(&out)
	for _, m := range threeMessages(t, "Wayfinder") {
		if err := sender.Send(context.Background(), "m_1", m); err != nil {
			t.Fatal(err)
		}
	}
	want := `Email to reset@example.com: Reset your Wayfinder password
  https://start.example.com/idp/reset?token=r1&x=2
Email to verify@example.com: Confirm your email for Wayfinder
  https://start.example.com/idp/verify?token=v1
Email to exists@example.com: You already have an account with Wayfinder
  https://start.example.com/auth/login
  https://start.example.com/idp/reset?token=r2
`
	if got := out.String(); got != want {
		t.Errorf("printed\n%s\nwant\n%s", got, want)
	}
}
