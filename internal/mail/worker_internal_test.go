package mail

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestBackoff(t *testing.T) {
	w := NewWorker(NewDisabledOutbox(nil), WorkerConfig{})
	tests := []struct {
		attempts int
		want     time.Duration
	}{
		{1, 30 * time.Second},
		{2, time.Minute},
		{3, 2 * time.Minute},
		{7, 32 * time.Minute},
		{8, time.Hour},
		{30, time.Hour},
		{1000, time.Hour},
	}
	for _, tt := range tests {
		if got := w.backoff(tt.attempts); got != tt.want {
			t.Errorf("backoff(%d) = %v, want %v", tt.attempts, got, tt.want)
		}
	}
	// About thirty attempts fit in the day a message is retried.
	n, elapsed := 0, time.Duration(0)
	for elapsed < DefaultMaxAge {
		n++
		elapsed += w.backoff(n)
	}
	if n < 25 || n > 35 {
		t.Errorf("%d attempts in %v, want about thirty", n, DefaultMaxAge)
	}
}

func TestWorkerDefaults(t *testing.T) {
	w := NewWorker(NewDisabledOutbox(nil), WorkerConfig{SendTimeout: 10 * time.Minute})
	if w.c.Lease <= w.c.SendTimeout {
		t.Errorf("Lease = %v with SendTimeout %v, want it longer, so a slow attempt never overlaps another worker's", w.c.Lease, w.c.SendTimeout)
	}
	if w.c.PollInterval != DefaultPollInterval || w.c.FirstRetry != DefaultFirstRetry || w.c.MaxRetry != DefaultMaxRetry || w.c.Retention != DefaultRetention {
		t.Errorf("defaults = %+v", w.c)
	}
}

func TestDescribe(t *testing.T) {
	tests := []struct {
		err  error
		to   string
		want string
	}{
		{errors.New("dial failed: connection refused"), "pat@example.com", "dial failed: connection refused"},
		{errors.New("550 5.1.1 <pat@example.com>: user\r\nunknown"), "pat@example.com", "550 5.1.1 <(recipient)>: user unknown"},
		{errors.New(strings.Repeat("é", 400)), "", strings.Repeat("é", 250)},
	}
	for _, tt := range tests {
		if got := describe(tt.err, tt.to); got != tt.want {
			t.Errorf("describe(%q) = %q, want %q", tt.err, got, tt.want)
		}
	}
}
