// Package activity keeps count of the HTTP requests under way, so that background work that can
// wait a moment (the webhook deliveries) waits for a lull instead of competing with members'
// requests for the CPU and the database.
package activity

import (
	"context"
	"sync/atomic"
	"time"
)

// Lull is how long no request must have been under way for a moment to count as quiet: longer than
// the gap between the requests of one page, or of one member clicking on, shorter than anything a
// person notices.
const Lull = 5 * time.Millisecond

// Tracker counts the requests under way and notes when one last began or ended. The zero value is
// ready for use; its methods are safe for concurrent use.
type Tracker struct {
	busy atomic.Int64
	last atomic.Int64 // unix nanoseconds
}

// Begin notes that a request began; End, called once for each Begin, that it ended.
func (t *Tracker) Begin() {
	t.busy.Add(1)
	t.last.Store(time.Now().UnixNano())
}

// End notes that a request ended.
func (t *Tracker) End() {
	t.last.Store(time.Now().UnixNano())
	t.busy.Add(-1)
}

// WaitQuiet returns once no request has been under way for Lull, at until at the latest, or when
// ctx ends. A nil Tracker never waits.
func (t *Tracker) WaitQuiet(ctx context.Context, until time.Time) {
	if t == nil {
		return
	}
	timer := time.NewTimer(0)
	defer timer.Stop()
	<-timer.C
	for {
		now := time.Now()
		if !now.Before(until) {
			return
		}
		wait := Lull
		if t.busy.Load() == 0 {
			quiet := now.Sub(time.Unix(0, t.last.Load()))
			if quiet >= Lull {
				return
			}
			wait = Lull - quiet
		}
		timer.Reset(min(wait, until.Sub(now)))
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
		}
	}
}
