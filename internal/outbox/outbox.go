// Package outbox runs the loop of Wayfinder's durable outboxes (the mail and the webhooks): rows
// written in the transaction of the change that calls for them, and sent later by a worker that
// polls for due rows, looks again soon after a nudge, and now and then deletes old finished ones.
package outbox

import (
	"context"
	"time"
)

// After a nudge the loop looks again after firstChase, then twice as long each time up to
// maxChase, whatever it found: the write that nudged it may belong to a transaction that has not
// committed yet (and nudges that come together are one), and its row should still go out within a
// second or so of the commit, not at the next poll.
const (
	firstChase = 20 * time.Millisecond
	maxChase   = 800 * time.Millisecond
)

// cleanupEvery is how often the loop deletes old finished rows.
const cleanupEvery = time.Hour

// Loop is one worker's polling loop.
type Loop struct {
	PollInterval time.Duration
	Now          func() time.Time
	// Wake nudges the loop: a row was just written.
	Wake <-chan struct{}
	// Drain sends due rows until none is due, the store fails, or ctx ends.
	Drain func(ctx context.Context)
	// Cleanup deletes the finished rows old enough to go; it runs at the start and hourly.
	Cleanup func(ctx context.Context, now time.Time)
}

// Run drains the outbox, then waits for the next poll or nudge, until ctx ends.
func (l Loop) Run(ctx context.Context) {
	var chase time.Duration
	var cleaned time.Time
	for {
		l.Drain(ctx)
		if ctx.Err() != nil {
			return
		}
		if now := l.Now(); now.Sub(cleaned) >= cleanupEvery {
			l.Cleanup(ctx, now)
			cleaned = now
		}
		wait := l.PollInterval
		if chase > 0 && chase <= maxChase {
			wait, chase = min(chase, wait), chase*2
		} else {
			chase = 0
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-l.Wake:
			t.Stop()
			chase = firstChase
		case <-t.C:
		}
	}
}

// OrDefault sets *d to v when it is left at zero (or below): a worker's setting its caller did
// not give.
func OrDefault(d *time.Duration, v time.Duration) {
	if *d <= 0 {
		*d = v
	}
}
