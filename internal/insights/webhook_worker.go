package insights

import (
	"context"
	"crypto/rand"
	"errors"
	"log/slog"
	"math/big"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"wayfinder/internal/activity"
	"wayfinder/internal/outbox"
)

// Outgoing is one attempt at a delivery, as a Poster sends it: a POST of Body to URL with the
// event's headers and the signature made for this attempt.
type Outgoing struct {
	URL       string
	EventID   string
	EventType EventType
	Body      []byte
	Signature string // the value of HeaderSignature
}

// Result is what came of an attempt: the endpoint's HTTP status, or the reason there was none.
type Result struct {
	StatusCode int
	Err        error
}

// Poster sends one attempt over HTTP (internal/webhook). It follows no redirect, keeps nothing of
// the answer but its status, and gives up when ctx ends.
type Poster interface {
	Post(ctx context.Context, o Outgoing) Result
}

// DefaultRetries are the pauses after each failed attempt, the last repeated until the delivery is
// given up at MaxAge: a blip costs half a minute, an outage of hours costs at most six after the
// receiver is back, and three days bring about fifteen attempts.
var DefaultRetries = []time.Duration{30 * time.Second, 2 * time.Minute, 10 * time.Minute, time.Hour, 6 * time.Hour}

// The worker's other defaults.
const (
	DefaultPollInterval = 10 * time.Second
	// DefaultTimeout bounds one attempt: a receiver should answer at once and do its work later.
	DefaultTimeout   = 10 * time.Second
	DefaultLease     = time.Minute
	DefaultRetention = 30 * 24 * time.Hour
	// DefaultMaxLullWait bounds how late a lull in members' requests makes a delivery: a receiver
	// does not notice a second, and a backlog under constant load still goes at full speed after it.
	DefaultMaxLullWait = time.Second
)

// WebhookWorkerConfig configures a WebhookWorker. The zero value of each field picks its default.
type WebhookWorkerConfig struct {
	Poster  Poster
	Log     *slog.Logger    // discarded when nil
	Metrics *WebhookMetrics // none when nil
	Now     func() time.Time

	// PollInterval is how often the worker looks for due deliveries when nothing wakes it: the
	// retries, and events written by other replicas (this process's events wake it at once).
	PollInterval time.Duration
	// Retries are the pauses after each failed attempt; each gets up to a fifth more at random, so
	// the deliveries that failed together during an outage do not all come back at one moment.
	Retries []time.Duration
	// Timeout bounds one attempt. Lease, how long a claimed delivery is kept from other workers,
	// must be longer, or a slow attempt could overlap another worker's.
	Timeout time.Duration
	Lease   time.Duration
	// Retention is how long finished deliveries, their log and their events are kept, for the
	// admins to look into and send again.
	Retention time.Duration
	// Activity counts the server's requests under way (nil: none are counted). Before each batch
	// the worker waits for a lull in them, for MaxLullWait at most in each drain, so that the
	// deliveries go out between members' requests and add nothing to their latency.
	Activity    *activity.Tracker
	MaxLullWait time.Duration
}

// WebhookWorker sends the webhook outbox's deliveries. Any number of workers, in any number of
// processes, may run on one database: each delivery is leased to one worker at a time. Delivery is
// at least once: a worker that stops between the endpoint's answer and its record leaves the
// delivery to be sent again when its lease runs out, which is why every event has an id.
type WebhookWorker struct {
	hooks *Webhooks
	c     WebhookWorkerConfig
}

// NewWebhookWorker returns a worker for the deliveries of w's store, woken by w's events.
func NewWebhookWorker(w *Webhooks, c WebhookWorkerConfig) *WebhookWorker {
	if c.Log == nil {
		c.Log = slog.New(slog.DiscardHandler)
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	outbox.OrDefault(&c.PollInterval, DefaultPollInterval)
	outbox.OrDefault(&c.Timeout, DefaultTimeout)
	outbox.OrDefault(&c.Lease, DefaultLease)
	outbox.OrDefault(&c.Retention, DefaultRetention)
	outbox.OrDefault(&c.MaxLullWait, DefaultMaxLullWait)
	if len(c.Retries) == 0 {
		c.Retries = DefaultRetries
	}
	if c.Lease <= c.Timeout {
		c.Lease = c.Timeout + time.Minute
	}
	return &WebhookWorker{hooks: w, c: c}
}

// Run sends due deliveries until ctx ends. An attempt under way when ctx ends is still finished
// and recorded (within Timeout), so a shutdown neither cuts a delivery short nor sends it twice.
func (ww *WebhookWorker) Run(ctx context.Context) {
	outbox.Loop{PollInterval: ww.c.PollInterval, Now: ww.c.Now, Wake: ww.hooks.wake, Drain: ww.drain, Cleanup: ww.cleanup}.Run(ctx)
}

// ClaimBatch is how many due deliveries a worker takes at once. They are sent side by side, so
// the whole batch is done within one Timeout and the lease covers it, and they are leased and
// recorded with one commit each way: a burst of events costs the database two transactions per
// batch, not two per delivery, which keeps the deliveries out of the way of members' requests.
const ClaimBatch = 8

// drain sends due deliveries, a batch at a time, until none is due, the store fails, or ctx ends.
// A batch short of ClaimBatch is the last: the rest, if any, are leased to other replicas' workers.
// Each batch waits for a lull in members' requests, until MaxLullWait after the drain began at most.
func (ww *WebhookWorker) drain(ctx context.Context) {
	lullUntil := time.Now().Add(ww.c.MaxLullWait)
	for ctx.Err() == nil {
		ww.c.Activity.WaitQuiet(ctx, lullUntil)
		now := ww.c.Now().UTC()
		batch, err := ww.hooks.store.ClaimWebhookDeliveries(ctx, now, now.Add(ww.c.Lease), rand.Text(), ClaimBatch)
		if err != nil {
			if ctx.Err() == nil {
				ww.c.Log.ErrorContext(ctx, "could not read the webhook outbox", "error", err.Error())
			}
			return
		}
		if len(batch) > 0 {
			ww.deliver(ctx, batch)
		}
		if len(batch) < ClaimBatch {
			return
		}
	}
}

// deliver makes one attempt at each delivery of batch, side by side, and records them together.
// Neither the attempts nor the record is cut short by ctx ending: both have timeouts of their own.
func (ww *WebhookWorker) deliver(ctx context.Context, batch []Claimed) {
	calm := context.WithoutCancel(ctx)
	records := make([]AttemptRecord, len(batch))
	var wg sync.WaitGroup
	for i, d := range batch {
		wg.Go(func() { records[i] = ww.attempt(calm, d) })
	}
	wg.Wait()
	recordCtx, cancelRecord := context.WithTimeout(calm, 30*time.Second)
	defer cancelRecord()
	recordErr := ww.hooks.store.RecordWebhookAttempts(recordCtx, records)
	for i, d := range batch {
		rec := records[i]
		logArgs := []any{"delivery_id", d.ID, "endpoint_id", d.EndpointID, "event_id", d.EventID, "event_type", string(d.EventType),
			"attempts", rec.Attempts, "status", rec.Attempt.StatusCode}
		if recordErr != nil {
			// A delivery that went out and is not recorded goes out again when its lease ends; one
			// that failed is tried again then.
			ww.c.Log.ErrorContext(ctx, "could not record a webhook attempt", append(logArgs, "error", recordErr.Error())...)
		}
		ww.c.Metrics.count(rec.Status)
		switch rec.Status {
		case DeliveryDelivered:
			ww.c.Log.InfoContext(ctx, "webhook delivered", logArgs...)
		case DeliveryFailed:
			ww.c.Log.ErrorContext(ctx, "a webhook delivery failed and was given up", append(logArgs, "error", rec.Attempt.Error)...)
		default:
			ww.c.Log.WarnContext(ctx, "a webhook delivery failed; it will be retried", append(logArgs,
				"retry_at", rec.NextAttemptAt.Format(time.RFC3339), "error", rec.Attempt.Error)...)
		}
	}
}

// attempt sends d once, within Timeout, and returns what to record of it.
func (ww *WebhookWorker) attempt(ctx context.Context, d Claimed) AttemptRecord {
	sendCtx, cancel := context.WithTimeout(ctx, ww.c.Timeout)
	started := ww.c.Now()
	res := ww.c.Poster.Post(sendCtx, Outgoing{URL: d.URL, EventID: d.EventID, EventType: d.EventType, Body: d.Payload,
		Signature: Sign(d.Secret, started, d.Payload)})
	timedOut := sendCtx.Err() != nil
	cancel()
	now := ww.c.Now().UTC()
	rec := AttemptRecord{DeliveryID: d.ID, ClaimToken: d.ClaimToken, Attempts: d.Attempts + 1,
		Attempt: Attempt{At: started.UTC(), StatusCode: res.StatusCode, Duration: now.Sub(started)}}
	switch {
	case res.Err == nil && res.StatusCode >= 200 && res.StatusCode < 300:
		rec.Status = DeliveryDelivered
	case !now.Before(d.GiveUpAt):
		rec.Status, rec.Attempt.Error = DeliveryFailed, reason(res, timedOut, ww.c.Timeout)
	default:
		// The last retry comes at the give-up time at the latest, so a delivery is never given up
		// sooner than MaxAge after it was written.
		rec.Status, rec.Attempt.Error = DeliveryPending, reason(res, timedOut, ww.c.Timeout)
		rec.NextAttemptAt = now.Add(ww.backoff(rec.Attempts))
		if rec.NextAttemptAt.After(d.GiveUpAt) {
			rec.NextAttemptAt = d.GiveUpAt
		}
	}
	return rec
}

// backoff is the pause after the given number of failed attempts: the Retries in turn, then the
// last one again, each with up to a fifth more at random.
func (ww *WebhookWorker) backoff(attempts int) time.Duration {
	d := ww.c.Retries[min(attempts, len(ww.c.Retries))-1]
	if fifth := int64(d / 5); fifth > 0 {
		n, _ := rand.Int(rand.Reader, big.NewInt(fifth))
		d += time.Duration(n.Int64())
	}
	return d
}

// cleanup deletes the deliveries finished longer than Retention ago. Every replica may run it:
// the delete is idempotent.
func (ww *WebhookWorker) cleanup(ctx context.Context, now time.Time) {
	n, err := ww.hooks.store.DeleteFinishedWebhooks(ctx, now.UTC().Add(-ww.c.Retention))
	if err != nil {
		if ctx.Err() == nil {
			ww.c.Log.ErrorContext(ctx, "could not delete old webhook deliveries", "error", err.Error())
		}
		return
	}
	if n > 0 {
		ww.c.Log.DebugContext(ctx, "old webhook deliveries deleted", "count", n)
	}
}

// maxReason caps the stored and logged reason for a failed attempt, in bytes.
const maxReason = 300

// reason says in one short line why an attempt failed: the status the endpoint answered with, or
// why it gave none. The Poster keeps the address out of its errors, which may carry a token in
// its query.
func reason(res Result, timedOut bool, timeout time.Duration) string {
	var s string
	switch {
	case res.Err != nil && (timedOut || errors.Is(res.Err, context.DeadlineExceeded)):
		s = "no answer within " + timeout.String()
	case res.Err != nil:
		s = strings.Join(strings.Fields(res.Err.Error()), " ")
	case res.StatusCode >= 300 && res.StatusCode < 400:
		s = "answered with status " + strconv.Itoa(res.StatusCode) + ", a redirect, which is not followed"
	default:
		s = "answered with status " + strconv.Itoa(res.StatusCode)
	}
	if len(s) > maxReason {
		s = s[:maxReason]
		for !utf8.ValidString(s) {
			s = s[:len(s)-1]
		}
	}
	return s
}
