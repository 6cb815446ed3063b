package mail

import (
	"context"
	"crypto/rand"
	"errors"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"wayfinder/internal/outbox"
)

// Sender delivers one message. id is the message's id in the outbox, the same on every attempt,
// so a sender can use it as the Message-ID and a receiving server can spot a repeat.
type Sender interface {
	Send(ctx context.Context, id string, m Message) error
}

// Permanent marks err as a failure that retrying cannot fix, such as a mail server refusing the
// recipient for good: the worker then gives the message up at once instead of for a day.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return permanentError{err}
}

// permanentError is what Permanent returns; it reads and unwraps as the error it marks.
type permanentError struct{ err error }

func (e permanentError) Error() string { return e.err.Error() }
func (e permanentError) Unwrap() error { return e.err }

// IsPermanent reports whether err was marked with Permanent.
func IsPermanent(err error) bool {
	var p permanentError
	return errors.As(err, &p)
}

// The worker's defaults. A message's first retry comes after DefaultFirstRetry, and each retry
// waits twice as long as the one before, up to DefaultMaxRetry: a short blip costs half a minute,
// and an outage of hours costs at most an hour after the mail server is back, with about thirty
// attempts in a day.
const (
	DefaultFirstRetry   = 30 * time.Second
	DefaultMaxRetry     = time.Hour
	DefaultPollInterval = 10 * time.Second
	DefaultSendTimeout  = time.Minute
	DefaultLease        = 3 * time.Minute
	DefaultRetention    = 30 * 24 * time.Hour
)

// WorkerConfig configures a Worker. The zero value of each duration picks its default.
type WorkerConfig struct {
	Sender  Sender
	Log     *slog.Logger // discarded when nil
	Metrics *Metrics     // none when nil
	Now     func() time.Time

	// PollInterval is how often the worker looks for due messages when nothing wakes it: the
	// retries, and messages enqueued by other replicas (this process's enqueues wake it at once).
	PollInterval time.Duration
	FirstRetry   time.Duration // the pause before the first retry
	MaxRetry     time.Duration // the longest pause between two attempts
	// SendTimeout bounds one attempt. Lease, how long a claimed message is kept from other
	// workers, must be longer, or a slow attempt could overlap another worker's.
	SendTimeout time.Duration
	Lease       time.Duration
	// Retention is how long the record of a sent or given-up message is kept (its recipient, kind
	// and times, never its words), to answer "did you send me the email?".
	Retention time.Duration
}

// Worker sends the outbox's messages. Any number of workers, in any number of processes, may run
// on one database: each message is leased to one worker at a time. Delivery is at least once: a
// worker that stops between handing a message to the mail server and recording it leaves it to be
// sent again when its lease runs out.
type Worker struct {
	outbox *Outbox
	c      WorkerConfig
}

// NewWorker returns a worker for the messages of o's store, woken by o's enqueues.
func NewWorker(o *Outbox, c WorkerConfig) *Worker {
	if c.Log == nil {
		c.Log = slog.New(slog.DiscardHandler)
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	outbox.OrDefault(&c.PollInterval, DefaultPollInterval)
	outbox.OrDefault(&c.FirstRetry, DefaultFirstRetry)
	outbox.OrDefault(&c.MaxRetry, DefaultMaxRetry)
	outbox.OrDefault(&c.SendTimeout, DefaultSendTimeout)
	outbox.OrDefault(&c.Lease, DefaultLease)
	outbox.OrDefault(&c.Retention, DefaultRetention)
	if c.Lease <= c.SendTimeout {
		c.Lease = c.SendTimeout + time.Minute
	}
	return &Worker{outbox: o, c: c}
}

// Run sends due messages until ctx ends. A message being sent when ctx ends is still finished and
// recorded (within SendTimeout), so a shutdown neither cuts a message in half nor sends it twice.
// Run returns at once for an outbox that is off.
func (w *Worker) Run(ctx context.Context) {
	if w.outbox.off {
		return
	}
	outbox.Loop{PollInterval: w.c.PollInterval, Now: w.c.Now, Wake: w.outbox.wake, Drain: w.drain, Cleanup: w.cleanup}.Run(ctx)
}

// drain sends due messages one at a time until none is due, the store fails, or ctx ends.
// Claiming one at a time keeps every other due message free for other replicas' workers, and
// leaves nothing leased when this worker stops.
func (w *Worker) drain(ctx context.Context) {
	for ctx.Err() == nil {
		token := rand.Text()
		now := w.c.Now().UTC()
		q, ok, err := w.outbox.store.ClaimMail(ctx, now, now.Add(w.c.Lease), token)
		if err != nil {
			if ctx.Err() == nil {
				w.c.Log.ErrorContext(ctx, "could not read the mail outbox", "error", err.Error())
			}
			return
		}
		if !ok {
			return
		}
		w.deliver(ctx, q)
	}
}

// deliver makes one attempt at q and records its outcome. Neither the attempt nor the record is
// cut short by ctx ending: both have timeouts of their own.
func (w *Worker) deliver(ctx context.Context, q Queued) {
	calm := context.WithoutCancel(ctx)
	sendCtx, cancel := context.WithTimeout(calm, w.c.SendTimeout)
	err := w.c.Sender.Send(sendCtx, q.ID, q.Message)
	cancel()
	recordCtx, cancel := context.WithTimeout(calm, 30*time.Second)
	defer cancel()
	now := w.c.Now().UTC()
	kind := string(q.Kind)
	attempts := q.Attempts + 1
	if err == nil {
		if err := w.outbox.store.MarkMailSent(recordCtx, q.ID, now); err != nil {
			// The message went out; if this record is lost, it goes out again when the lease ends.
			w.c.Log.ErrorContext(ctx, "an email was sent but could not be marked sent", "kind", kind, "mail_id", q.ID, "error", err.Error())
		}
		w.c.Metrics.sent(q.Kind)
		w.c.Log.InfoContext(ctx, "email sent", "kind", kind, "mail_id", q.ID, "attempts", attempts)
		return
	}
	w.c.Metrics.failed(q.Kind)
	reason := describe(err, q.To)
	if IsPermanent(err) || !now.Before(q.GiveUpAt) {
		if err := w.outbox.store.MarkMailFailed(recordCtx, q.ID, q.ClaimToken, attempts, now, reason); err != nil {
			w.c.Log.ErrorContext(ctx, "could not give an email up", "kind", kind, "mail_id", q.ID, "error", err.Error())
			return
		}
		w.c.Metrics.gaveUp(q.Kind)
		w.c.Log.ErrorContext(ctx, "an email could not be sent and was given up", "kind", kind, "mail_id", q.ID,
			"attempts", attempts, "error", reason)
		return
	}
	next := now.Add(w.backoff(attempts))
	if next.After(q.GiveUpAt) {
		next = q.GiveUpAt
	}
	if err := w.outbox.store.RetryMail(recordCtx, q.ID, q.ClaimToken, attempts, next, reason); err != nil {
		// The lease runs out in a few minutes and the message is tried again then.
		w.c.Log.ErrorContext(ctx, "could not schedule an email's retry", "kind", kind, "mail_id", q.ID, "error", err.Error())
		return
	}
	w.c.Log.WarnContext(ctx, "an email could not be sent yet; it will be retried", "kind", kind, "mail_id", q.ID,
		"attempts", attempts, "retry_at", next.Format(time.RFC3339), "error", reason)
}

// backoff is the pause after the given number of failed attempts: FirstRetry, doubling, at most
// MaxRetry.
func (w *Worker) backoff(attempts int) time.Duration {
	d := w.c.FirstRetry
	for i := 1; i < attempts && d < w.c.MaxRetry; i++ {
		d *= 2
	}
	return min(d, w.c.MaxRetry)
}

// cleanup deletes the records of messages finished longer than Retention ago. Every replica may
// run it: the delete is idempotent.
func (w *Worker) cleanup(ctx context.Context, now time.Time) {
	n, err := w.outbox.store.DeleteFinishedMail(ctx, now.UTC().Add(-w.c.Retention))
	if err != nil {
		if ctx.Err() == nil {
			w.c.Log.ErrorContext(ctx, "could not delete old records of sent emails", "error", err.Error())
		}
		return
	}
	if n > 0 {
		w.c.Log.DebugContext(ctx, "old records of sent emails deleted", "count", n)
	}
}

// maxReason caps the stored and logged reason for a failure.
const maxReason = 500

// describe is err as one line for the log and the outbox, with the recipient's address taken out
// (mail servers like to repeat it) and cut to maxReason bytes.
func describe(err error, to string) string {
	s := strings.Join(strings.Fields(err.Error()), " ")
	if to != "" {
		s = strings.ReplaceAll(s, to, "(recipient)")
	}
	if len(s) > maxReason {
		s = s[:maxReason]
		for !utf8.ValidString(s) {
			s = s[:len(s)-1]
		}
	}
	return s
}
