package activity

import (
	"context"
	"testing"
	"time"
)

// waited is how long WaitQuiet(ctx, until) took.
func waited(ctx context.Context, t *Tracker, until time.Time) time.Duration {
	start := time.Now()
	t.WaitQuiet(ctx, until)
	return time.Since(start)
}

func TestWaitQuiet(t *testing.T) {
	long := time.Now().Add(time.Hour)

	var idle Tracker
	if d := waited(context.Background(), &idle, long); d > 100*time.Millisecond {
		t.Errorf("with no request ever, WaitQuiet took %v, want no wait", d)
	}
	if d := waited(context.Background(), nil, long); d > 100*time.Millisecond {
		t.Errorf("a nil Tracker waited %v, want no wait", d)
	}

	// A request under way holds the wait until it ends and a lull has passed.
	var busy Tracker
	busy.Begin()
	go func() {
		time.Sleep(200 * time.Millisecond)
		busy.End()
	}()
	if d := waited(context.Background(), &busy, long); d < 200*time.Millisecond+Lull || d > 5*time.Second {
		t.Errorf("WaitQuiet while a request took 200 ms returned after %v, want after it ended and a lull", d)
	}

	// Requests that never stop: the wait ends at until, or when ctx ends.
	var endless Tracker
	endless.Begin()
	if d := waited(context.Background(), &endless, time.Now().Add(150*time.Millisecond)); d < 150*time.Millisecond || d > 5*time.Second {
		t.Errorf("WaitQuiet under constant load returned after %v, want at until (150 ms)", d)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if d := waited(ctx, &endless, long); d < 100*time.Millisecond || d > 5*time.Second {
		t.Errorf("WaitQuiet returned %v after it began, want when ctx ended (100 ms)", d)
	}
}
