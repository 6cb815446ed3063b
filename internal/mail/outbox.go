package mail

import (
	"context"
	"crypto/rand"
	"log/slog"
	"time"
)

// Store is what the outbox and its worker need of the database. Its signatures are those of
// sqlstore.DB, which cmd/wayfinder passes in. Every method joins the transaction its ctx carries,
// which is how a caller enqueues a message in its own transaction.
type Store interface {
	// InsertMail stores a new pending message.
	InsertMail(ctx context.Context, q Queued) error
	// ClaimMail leases the oldest pending message due at now to the caller until until, marking it
	// with token, and returns it; it reports false when none is due. A message leased to someone
	// else is not due until its lease runs out, so two workers never hold one message at once.
	ClaimMail(ctx context.Context, now, until time.Time, token string) (Queued, bool, error)
	// MarkMailSent records that the message went out at at and empties its subject and bodies.
	// It is idempotent: a message marked sent or given up already stays as it is.
	MarkMailSent(ctx context.Context, id string, at time.Time) error
	// RetryMail ends the caller's lease on a pending message, records attempts and lastError, and
	// makes it due again at next. It does nothing unless the message is still leased under token.
	RetryMail(ctx context.Context, id, token string, attempts int, next time.Time, lastError string) error
	// MarkMailFailed gives a pending message up at at, under the same condition as RetryMail, and
	// empties its subject and bodies.
	MarkMailFailed(ctx context.Context, id, token string, attempts int, at time.Time, lastError string) error
	// DeleteFinishedMail deletes the records of messages sent or given up before cutoff.
	DeleteFinishedMail(ctx context.Context, cutoff time.Time) (int64, error)
}

// Queued is a message in the outbox.
type Queued struct {
	ID string
	Message
	Attempts  int // attempts made so far
	CreatedAt time.Time
	// NextAttemptAt is when the message is due; GiveUpAt is when the worker stops retrying it.
	NextAttemptAt time.Time
	GiveUpAt      time.Time
	// ClaimToken marks the lease of the worker that claimed it ("" when not claimed).
	ClaimToken string
}

// DefaultMaxAge is how long the worker keeps retrying a message before giving it up: long enough
// to ride out a mail server's bad day, short enough that nobody gets a day-old surprise.
const DefaultMaxAge = 24 * time.Hour

// OutboxConfig configures an Outbox. The zero value of each field picks its default.
type OutboxConfig struct {
	MaxAge time.Duration    // how long a message is retried; DefaultMaxAge
	Now    func() time.Time // the clock; time.Now
	Log    *slog.Logger     // where an outbox that is off says so; discarded when nil
}

// Outbox takes messages to send. Enqueue only writes to the database; a Worker sends.
type Outbox struct {
	store  Store
	maxAge time.Duration
	now    func() time.Time
	log    *slog.Logger
	off    bool
	// wake nudges the worker of this process after an enqueue, so a message goes out within a
	// second instead of at the next poll. It holds one nudge: more would say nothing new.
	wake chan struct{}
}

// NewOutbox returns an outbox that keeps its messages in store.
func NewOutbox(store Store, c OutboxConfig) *Outbox {
	if c.MaxAge <= 0 {
		c.MaxAge = DefaultMaxAge
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Log == nil {
		c.Log = slog.New(slog.DiscardHandler)
	}
	return &Outbox{store: store, maxAge: c.MaxAge, now: c.Now, log: c.Log, wake: make(chan struct{}, 1)}
}

// NewDisabledOutbox returns the outbox of a server that has no way to send mail: Enqueue checks
// the message and drops it. Nothing is kept for later, since the links in it would be stale by
// the time mail is set up, and nothing is printed, since the links are secrets.
func NewDisabledOutbox(log *slog.Logger) *Outbox {
	o := NewOutbox(nil, OutboxConfig{Log: log})
	o.off = true
	return o
}

// Enabled reports whether enqueued messages are sent. A flow may tell the person plainly that no
// email is coming when they are not.
func (o *Outbox) Enabled() bool { return !o.off }

// Enqueue stores m to be sent. Called with a context that carries a transaction of the store, it
// joins that transaction, so the message is sent if and only if the transaction commits. It never
// talks to the mail server. A message that could never be sent (an unknown kind, an address that
// does not parse, an empty part) is refused with an Invalid error.
func (o *Outbox) Enqueue(ctx context.Context, m Message) error {
	if err := m.validate(); err != nil {
		return err
	}
	if o.off {
		o.log.DebugContext(ctx, "an email was not sent: mail is off", "kind", string(m.Kind))
		return nil
	}
	now := o.now().UTC()
	q := Queued{
		ID:            "m_" + rand.Text(),
		Message:       m,
		CreatedAt:     now,
		NextAttemptAt: now,
		GiveUpAt:      now.Add(o.maxAge),
	}
	if err := o.store.InsertMail(ctx, q); err != nil {
		return err
	}
	o.nudge()
	return nil
}

// nudge wakes this process's worker without ever waiting.
func (o *Outbox) nudge() {
	select {
	case o.wake <- struct{}{}:
	default:
	}
}
