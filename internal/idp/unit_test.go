package idp

import (
	"strings"
	"testing"
	"time"

	"wayfinder/internal/messages"
)

func TestFlowSeal(t *testing.T) {
	p := &Provider{flowKey: []byte("0123456789abcdef0123456789abcdef")}
	other := &Provider{flowKey: []byte("another key, another provider...")}
	f := flow{Query: "client_id=wayfinder-web&state=abcdefgh", RequestedAt: 1_700_000_000}
	sealed := p.sealFlow(f)
	enc, mac, _ := strings.Cut(sealed, ".")
	tests := []struct {
		name   string
		sealed string
		want   bool
	}{
		{"as sealed", sealed, true},
		{"empty", "", false},
		{"no mac", enc, false},
		{"another provider's", other.sealFlow(f), false},
		{"body swapped", strings.SplitN(p.sealFlow(flow{Query: "client_id=x", RequestedAt: 1}), ".", 2)[0] + "." + mac, false},
		{"mac changed", enc + "." + strings.Repeat("A", len(mac)), false},
		{"too long", enc + strings.Repeat("a", maxFlowLength) + "." + mac, false},
	}
	for _, tt := range tests {
		got, ok := p.openFlow(tt.sealed)
		if ok != tt.want || (ok && got != f) {
			t.Errorf("openFlow(%s) = %+v, %v; want ok %v", tt.name, got, ok, tt.want)
		}
	}
	if got := f.requestedAt(); !got.Equal(time.Unix(1_700_000_000, 0)) {
		t.Errorf("requestedAt = %v", got)
	}
}

func TestMaxAgeExceeded(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		maxAge   string
		authTime time.Time
		want     bool
	}{
		{"", now.Add(-24 * time.Hour), false},
		{"3600", now.Add(-time.Minute), false},
		{"3600", now.Add(-2 * time.Hour), true},
		{"0", now.Add(-time.Second), true},
		{"not a number", now.Add(-24 * time.Hour), false},
		{"-5", now.Add(-24 * time.Hour), false},
	}
	for _, tt := range tests {
		if got := maxAgeExceeded(tt.maxAge, tt.authTime, now); got != tt.want {
			t.Errorf("maxAgeExceeded(%q, %v ago) = %v, want %v", tt.maxAge, now.Sub(tt.authTime), got, tt.want)
		}
	}
}

func TestTooManyAttemptsMinutes(t *testing.T) {
	tests := []struct {
		wait time.Duration
		want int
	}{
		{0, 1},
		{10 * time.Second, 1},
		{time.Minute, 1},
		{time.Minute + time.Second, 2},
		{15 * time.Minute, 15},
	}
	for _, tt := range tests {
		if got := (tooManyAttempts{wait: tt.wait}).minutes(); got != tt.want {
			t.Errorf("minutes(%v) = %d, want %d", tt.wait, got, tt.want)
		}
	}
}

func TestCatalog(t *testing.T) {
	c := catalog{lang: messages.English, brand: "Wayfinder"}
	tests := []struct {
		key    messages.Key
		params messages.Params
		want   string
	}{
		{msgSignInLead, nil, "Sign in to pick up where you left off with Wayfinder."},
		{msgTooManyAttempts, messages.Params{"minutes": 12}, "Too many attempts. Please take a breather and try again in 12 minutes."},
		{msgWrongCredentials, nil, "Wrong email or password"},
		{msgAccountLead, messages.Params{"email": "ann@example.com"}, "You're signed in as ann@example.com."},
		{"no.such.key", nil, "no.such.key"},
	}
	for _, tt := range tests {
		if got := c.T(tt.key, tt.params); got != tt.want {
			t.Errorf("T(%q) = %q, want %q", tt.key, got, tt.want)
		}
	}
	// Every page message renders whole with the parameters the pages give.
	all := messages.Params{"email": "ann@example.com", "minutes": 3, "days": 7}
	for _, key := range messages.English.Keys() {
		if !strings.HasPrefix(string(key), "idp.") {
			continue
		}
		if got := c.T(key, all); strings.ContainsAny(got, "{}%") {
			t.Errorf("message %q renders badly: %q", key, got)
		}
	}
}
