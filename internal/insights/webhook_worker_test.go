package insights_test

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"wayfinder/internal/account"
	"wayfinder/internal/activity"
	"wayfinder/internal/insights"
	"wayfinder/internal/sqlstore"
	"wayfinder/internal/syncbuf"
	"wayfinder/internal/webhook"
)

// received is one request a test's receiver got.
type received struct {
	header http.Header
	body   []byte
	at     time.Time
}

// receiver is an HTTP server standing in for the operator's system: it keeps every request and
// answers with what answer says for the nth one (counting from 1).
type receiver struct {
	*httptest.Server
	mu     sync.Mutex
	got    []received
	answer func(n int, w http.ResponseWriter, r *http.Request)
}

func newReceiver(t *testing.T, answer func(n int, w http.ResponseWriter, r *http.Request)) *receiver {
	t.Helper()
	rc := &receiver{answer: answer}
	rc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		rc.mu.Lock()
		rc.got = append(rc.got, received{header: r.Header.Clone(), body: body, at: time.Now()})
		n := len(rc.got)
		rc.mu.Unlock()
		rc.answer(n, w, r)
	}))
	t.Cleanup(rc.Close)
	return rc
}

func (rc *receiver) requests() []received {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return slices.Clone(rc.got)
}

// status answers every request with code.
func status(code int) func(int, http.ResponseWriter, *http.Request) {
	return func(_ int, w http.ResponseWriter, _ *http.Request) { w.WriteHeader(code) }
}

// verify fails the test unless a delivery's signature checks out (checkSignature).
func verify(t *testing.T, secret string, r received) {
	t.Helper()
	if err := checkSignature(secret, r); err != nil {
		t.Error(err)
	}
}

// checkSignature checks a delivery's signature as docs/webhooks.md tells a receiver to, written
// here afresh rather than with insights.Sign: the header is "t=<unix seconds>,v1=<hex>", the
// HMAC-SHA256 is keyed with the whole secret and taken over "<t>.<body>", and t is within five
// minutes of when the request arrived.
func checkSignature(secret string, r received) error {
	var ts, sig string
	for _, part := range strings.Split(r.header.Get("Wayfinder-Signature"), ",") {
		k, v, _ := strings.Cut(part, "=")
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return fmt.Errorf("the signature header %q has no timestamp", r.header.Get("Wayfinder-Signature"))
	}
	if d := r.at.Sub(time.Unix(unix, 0)); d < -5*time.Minute || d > 5*time.Minute {
		return fmt.Errorf("the signature's time is %v away from the delivery's", d)
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "." + string(r.body)))
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(sig), []byte(want)) {
		return fmt.Errorf("signature v1=%s, want v1=%s over %s", sig, want, r.body)
	}
	return nil
}

// setUp is a store, webhooks over it, and a member.
type setUp struct {
	db     *sqlstore.DB
	hooks  *insights.Webhooks
	member account.User
}

// loopback lets the tests' receivers, which listen on the loopback interface, have deliveries.
var loopback = insights.Reach{Private: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}}

func newSetUp(t *testing.T, db *sqlstore.DB, maxAge time.Duration) setUp {
	t.Helper()
	hooks := insights.NewWebhooks(db, insights.WebhooksConfig{MaxAge: maxAge, Reach: loopback})
	u, _, err := db.EnsureUser(context.Background(), "member-"+strconv.FormatInt(time.Now().UnixNano(), 36), "", account.RoleMember)
	if err != nil {
		t.Fatal(err)
	}
	return setUp{db: db, hooks: hooks, member: u}
}

// run runs a worker until the test ends, and returns its metrics. Without a Poster it has the real
// HTTP client, which reaches the loopback interface.
func (s setUp) run(t *testing.T, c insights.WebhookWorkerConfig) *prometheus.Registry {
	t.Helper()
	reg := prometheus.NewRegistry()
	if c.Poster == nil {
		c.Poster = webhook.New(loopback)
	}
	c.Metrics = insights.NewWebhookMetrics(reg)
	if c.PollInterval == 0 {
		c.PollInterval = 20 * time.Millisecond
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		insights.NewWebhookWorker(s.hooks, c).Run(ctx)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return reg
}

// waitForDelivery waits until the endpoint's one delivery is no longer pending, and returns it.
func (s setUp) waitForDelivery(t *testing.T, endpointID string, wantStatus insights.DeliveryStatus) insights.Delivery {
	t.Helper()
	return s.waitForDeliveries(t, endpointID, "one "+string(wantStatus), func(ds []insights.Delivery) bool {
		return len(ds) == 1 && ds[0].Status == wantStatus
	})[0]
}

// waitForRetry waits until the endpoint's one delivery has failed its first attempt and waits for
// the next, and returns it.
func (s setUp) waitForRetry(t *testing.T, endpointID string) insights.Delivery {
	t.Helper()
	return s.waitForDeliveries(t, endpointID, "one pending after an attempt", func(ds []insights.Delivery) bool {
		return len(ds) == 1 && ds[0].Status == insights.DeliveryPending && ds[0].Attempts > 0
	})[0]
}

// waitForAllDelivered waits until the endpoint's n deliveries are all delivered, and returns them.
func (s setUp) waitForAllDelivered(t *testing.T, endpointID string, n int) []insights.Delivery {
	t.Helper()
	return s.waitForDeliveries(t, endpointID, fmt.Sprintf("%d delivered", n), func(ds []insights.Delivery) bool {
		done := 0
		for _, d := range ds {
			if d.Status == insights.DeliveryDelivered {
				done++
			}
		}
		return done == n
	})
}

// waitForDeliveries waits until the endpoint's deliveries are as done wants them (want says so in
// words), and returns them.
func (s setUp) waitForDeliveries(t *testing.T, endpointID, want string, done func([]insights.Delivery) bool) []insights.Delivery {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		ds, err := s.db.WebhookDeliveries(context.Background(), endpointID, 50)
		if err != nil {
			t.Fatal(err)
		}
		if done(ds) {
			return ds
		}
		if time.Now().After(deadline) {
			t.Fatalf("the deliveries are %+v, want %s", ds, want)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// logOf is a delivery's attempts, oldest first, as "status error".
func logOf(d insights.Delivery) []string {
	var out []string
	for i := len(d.Log) - 1; i >= 0; i-- {
		out = append(out, strings.TrimSpace(fmt.Sprintf("%d %s", d.Log[i].StatusCode, d.Log[i].Error)))
	}
	return out
}

func outcomes(t *testing.T, reg *prometheus.Registry) string {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var parts []string
	for _, f := range families {
		for _, m := range f.GetMetric() {
			parts = append(parts, fmt.Sprintf("%s=%v", m.GetLabel()[0].GetValue(), m.GetCounter().GetValue()))
		}
	}
	slices.Sort(parts)
	return strings.Join(parts, " ")
}

// TestDeliveryIsSignedAndDescribed: a delivery arrives as the docs say: a POST of the event's JSON
// with its id and type in headers, signed with the endpoint's secret, which a receiver can check
// with the docs' recipe.
func TestDeliveryIsSignedAndDescribed(t *testing.T) {
	for name, db := range stores(t) {
		t.Run(name, func(t *testing.T) {
			s := newSetUp(t, db, 0)
			rc := newReceiver(t, status(http.StatusNoContent))
			e, secret := addEndpoint(t, s.hooks, rc.URL+"/hooks?token=abc", true, insights.EventCoachChosen)
			reg := s.run(t, insights.WebhookWorkerConfig{})
			if err := s.hooks.CoachChosen(context.Background(), s.member.ID, "tess", true); err != nil {
				t.Fatal(err)
			}
			d := s.waitForDelivery(t, e.ID, insights.DeliveryDelivered)
			got := rc.requests()
			if len(got) != 1 {
				t.Fatalf("the receiver got %d requests, want 1", len(got))
			}
			r := got[0]
			verify(t, secret, r)
			var body struct {
				ID   string `json:"id"`
				Type string `json:"type"`
			}
			if err := json.Unmarshal(r.body, &body); err != nil {
				t.Fatal(err)
			}
			for k, want := range map[string]string{"Content-Type": "application/json", "User-Agent": webhook.UserAgent,
				"Wayfinder-Event-Id": d.EventID, "Wayfinder-Event-Type": "member.coach_chosen"} {
				if got := r.header.Get(k); got != want {
					t.Errorf("%s = %q, want %q", k, got, want)
				}
			}
			if body.ID != d.EventID || body.Type != "member.coach_chosen" {
				t.Errorf("body %s, want the event's id %s and type", r.body, d.EventID)
			}
			if got, want := logOf(d), []string{"204"}; !slices.Equal(got, want) || d.Attempts != 1 || d.LastStatus != 204 {
				t.Errorf("delivery %+v, log %v; want delivered at the first attempt", d, got)
			}
			if got, want := outcomes(t, reg), "delivered=1 given_up=0 retrying=0"; got != want {
				t.Errorf("metrics %s, want %s", got, want)
			}
			// A body changed on the way no longer matches.
			tampered := r
			tampered.body = bytes.Replace(r.body, []byte("tess"), []byte("tom"), 1)
			if checkSignature(secret, tampered) == nil {
				t.Error("a changed body still verified")
			}
			if checkSignature("whsec_another", r) == nil {
				t.Error("the delivery verified with another secret")
			}
		})
	}
}

// TestRetriesAfterServerErrors: an endpoint that answers 500 is tried again after a pause until it
// takes the event, always the same event with the same id, each attempt signed afresh and logged.
func TestRetriesAfterServerErrors(t *testing.T) {
	for name, db := range stores(t) {
		t.Run(name, func(t *testing.T) {
			s := newSetUp(t, db, 0)
			rc := newReceiver(t, func(n int, w http.ResponseWriter, _ *http.Request) {
				if n <= 2 {
					http.Error(w, "we are down", http.StatusInternalServerError)
					return
				}
				w.WriteHeader(http.StatusOK)
			})
			e, secret := addEndpoint(t, s.hooks, rc.URL, true, insights.EventPaid)
			reg := s.run(t, insights.WebhookWorkerConfig{Retries: []time.Duration{100 * time.Millisecond}})
			if err := s.hooks.MemberPaid(context.Background(), s.member.ID, "steady"); err != nil {
				t.Fatal(err)
			}
			d := s.waitForDelivery(t, e.ID, insights.DeliveryDelivered)
			got := rc.requests()
			if len(got) != 3 {
				t.Fatalf("the receiver got %d requests, want 3", len(got))
			}
			for i, r := range got {
				verify(t, secret, r)
				if r.header.Get("Wayfinder-Event-Id") != d.EventID || !bytes.Equal(r.body, got[0].body) {
					t.Errorf("attempt %d sent event %s, want the same event %s each time", i+1, r.header.Get("Wayfinder-Event-Id"), d.EventID)
				}
				if i > 0 && r.at.Sub(got[i-1].at) < 100*time.Millisecond {
					t.Errorf("attempt %d came %v after the one before, want a pause of 100 ms at least", i+1, r.at.Sub(got[i-1].at))
				}
			}
			want := []string{"500 answered with status 500", "500 answered with status 500", "200"}
			if got := logOf(d); !slices.Equal(got, want) || d.Attempts != 3 {
				t.Errorf("log %v (%d attempts), want %v", got, d.Attempts, want)
			}
			if got, want := outcomes(t, reg), "delivered=1 given_up=0 retrying=2"; got != want {
				t.Errorf("metrics %s, want %s", got, want)
			}
		})
	}
}

// TestRetriesAfterTimeouts: an endpoint that does not answer in time is tried again, and the log
// says it gave no answer.
func TestRetriesAfterTimeouts(t *testing.T) {
	for name, db := range stores(t) {
		t.Run(name, func(t *testing.T) {
			s := newSetUp(t, db, 0)
			release := make(chan struct{})
			t.Cleanup(func() { close(release) })
			rc := newReceiver(t, func(n int, w http.ResponseWriter, r *http.Request) {
				if n == 1 {
					select {
					case <-release:
					case <-r.Context().Done():
					}
					return
				}
				w.WriteHeader(http.StatusAccepted)
			})
			e, _ := addEndpoint(t, s.hooks, rc.URL, true, insights.EventSignedUp)
			s.run(t, insights.WebhookWorkerConfig{Timeout: 200 * time.Millisecond, Retries: []time.Duration{50 * time.Millisecond}})
			if err := s.hooks.MemberSignedUp(context.Background(), s.member); err != nil {
				t.Fatal(err)
			}
			d := s.waitForDelivery(t, e.ID, insights.DeliveryDelivered)
			if got, want := logOf(d), []string{"0 no answer within 200ms", "202"}; !slices.Equal(got, want) {
				t.Errorf("log %v, want %v", got, want)
			}
			if first := d.Log[len(d.Log)-1]; first.Duration < 200*time.Millisecond || first.Duration > 5*time.Second {
				t.Errorf("the timed-out attempt took %v, want about 200 ms", first.Duration)
			}
		})
	}
}

// TestGivesUpAfterMaxAge: a delivery that keeps failing is given up once MaxAge has passed, and
// counted so.
func TestGivesUpAfterMaxAge(t *testing.T) {
	for name, db := range stores(t) {
		t.Run(name, func(t *testing.T) {
			s := newSetUp(t, db, 400*time.Millisecond)
			rc := newReceiver(t, status(http.StatusServiceUnavailable))
			e, _ := addEndpoint(t, s.hooks, rc.URL, true, insights.EventSignedUp)
			reg := s.run(t, insights.WebhookWorkerConfig{Retries: []time.Duration{100 * time.Millisecond}})
			if err := s.hooks.MemberSignedUp(context.Background(), s.member); err != nil {
				t.Fatal(err)
			}
			d := s.waitForDelivery(t, e.ID, insights.DeliveryFailed)
			if d.LastStatus != 503 || d.FinishedAt == nil || d.Attempts < 2 || d.Attempts != len(rc.requests()) {
				t.Errorf("delivery %+v after %d requests, want given up after several 503s", d, len(rc.requests()))
			}
			if got := outcomes(t, reg); !strings.Contains(got, "given_up=1") || !strings.Contains(got, "delivered=0") {
				t.Errorf("metrics %s, want one given up", got)
			}
		})
	}
}

// TestRedirectsAreNotFollowed: the event goes to the address the admin gave and nowhere else.
func TestRedirectsAreNotFollowed(t *testing.T) {
	for name, db := range stores(t) {
		t.Run(name, func(t *testing.T) {
			s := newSetUp(t, db, 0)
			elsewhere := newReceiver(t, status(http.StatusOK))
			rc := newReceiver(t, func(_ int, w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, elsewhere.URL, http.StatusTemporaryRedirect)
			})
			e, _ := addEndpoint(t, s.hooks, rc.URL, true, insights.EventSignedUp)
			s.run(t, insights.WebhookWorkerConfig{})
			if err := s.hooks.MemberSignedUp(context.Background(), s.member); err != nil {
				t.Fatal(err)
			}
			d := s.waitForRetry(t, e.ID)
			if n := len(elsewhere.requests()); n != 0 {
				t.Errorf("the redirect's target got %d requests, want none", n)
			}
			if d.LastStatus != http.StatusTemporaryRedirect || !strings.Contains(d.LastError, "redirect") {
				t.Errorf("delivery %+v, want a 307 that waits for a retry", d)
			}
		})
	}
}

// TestFailuresKeepTheAddressOut: the reason a delivery failed, in the log and in the store, never
// shows the endpoint's address, whose query may hold a token.
func TestFailuresKeepTheAddressOut(t *testing.T) {
	for name, db := range stores(t) {
		t.Run(name, func(t *testing.T) {
			s := newSetUp(t, db, 0)
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			closed := ln.Addr().String()
			ln.Close()
			e, _ := addEndpoint(t, s.hooks, "http://"+closed+"/hooks/in?token=s3cret-token", true, insights.EventSignedUp)
			var logs syncbuf.Buffer
			s.run(t, insights.WebhookWorkerConfig{Log: slog.New(slog.NewJSONHandler(&logs, nil))})
			if err := s.hooks.MemberSignedUp(context.Background(), s.member); err != nil {
				t.Fatal(err)
			}
			d := s.waitForRetry(t, e.ID)
			if d.LastError == "" || d.LastStatus != 0 {
				t.Fatalf("delivery %+v, want a failure without an answer", d)
			}
			for where, text := range map[string]string{"the stored reason": d.LastError, "the log": logs.String()} {
				if strings.Contains(text, "s3cret-token") || strings.Contains(text, "/hooks/in") {
					t.Errorf("%s shows the address: %s", where, text)
				}
			}
		})
	}
}

// TestPrivateAddressesAreNotReached: a delivery whose address leads to a private network the
// server does not allow is never sent there, however the address was saved (here, as a name that
// resolves to loopback, checked only when the worker connects), and the failure says why.
func TestPrivateAddressesAreNotReached(t *testing.T) {
	for name, db := range stores(t) {
		t.Run(name, func(t *testing.T) {
			s := newSetUp(t, db, 0)
			rc := newReceiver(t, status(http.StatusNoContent))
			e, _ := addEndpoint(t, s.hooks, strings.Replace(rc.URL, "127.0.0.1", "localhost", 1), true, insights.EventSignedUp)
			s.run(t, insights.WebhookWorkerConfig{Poster: webhook.New(insights.Reach{})})
			if err := s.hooks.MemberSignedUp(context.Background(), s.member); err != nil {
				t.Fatal(err)
			}
			d := s.waitForRetry(t, e.ID)
			if d.LastStatus != 0 || d.LastError != webhook.ErrNotReachable.Error() {
				t.Errorf("delivery %+v, want a failure that says the address is private", d)
			}
			if n := len(rc.requests()); n != 0 {
				t.Errorf("the receiver got %d requests, want none", n)
			}
		})
	}
}

// TestWorkersDeliverEachOnce: several workers, as on several replicas, send each event once.
func TestWorkersDeliverEachOnce(t *testing.T) {
	for name, db := range stores(t) {
		t.Run(name, func(t *testing.T) {
			s := newSetUp(t, db, 0)
			rc := newReceiver(t, status(http.StatusOK))
			e, _ := addEndpoint(t, s.hooks, rc.URL, true, insights.EventCoachChosen)
			const events = 20
			for i := range events {
				if err := s.hooks.CoachChosen(context.Background(), s.member.ID, fmt.Sprintf("coach-%d", i), false); err != nil {
					t.Fatal(err)
				}
			}
			for range 3 {
				s.run(t, insights.WebhookWorkerConfig{})
			}
			s.waitForAllDelivered(t, e.ID, events)
			seen := map[string]int{}
			for _, r := range rc.requests() {
				seen[r.header.Get("Wayfinder-Event-Id")]++
			}
			if len(seen) != events {
				t.Errorf("the receiver saw %d events, want %d", len(seen), events)
			}
			for id, n := range seen {
				if n != 1 {
					t.Errorf("event %s arrived %d times, want once", id, n)
				}
			}
		})
	}
}

// TestABatchIsSentSideBySide: the deliveries a worker claims together go out at once, so a slow
// receiver holds the batch for one Timeout, not one for each delivery. The receiver here answers
// only once it holds every request of the burst at the same time, and fails them otherwise.
func TestABatchIsSentSideBySide(t *testing.T) {
	for name, db := range stores(t) {
		t.Run(name, func(t *testing.T) {
			s := newSetUp(t, db, 0)
			const events = 4
			var (
				mu       sync.Mutex
				inFlight int
				together = make(chan struct{})
			)
			rc := newReceiver(t, func(_ int, w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				if inFlight++; inFlight == events {
					close(together)
				}
				mu.Unlock()
				select {
				case <-together:
					w.WriteHeader(http.StatusNoContent)
				case <-time.After(3 * time.Second):
					w.WriteHeader(http.StatusServiceUnavailable)
				case <-r.Context().Done():
				}
			})
			e, _ := addEndpoint(t, s.hooks, rc.URL, true, insights.EventCoachChosen)
			for i := range events {
				if err := s.hooks.CoachChosen(context.Background(), s.member.ID, fmt.Sprintf("coach-%d", i), false); err != nil {
					t.Fatal(err)
				}
			}
			s.run(t, insights.WebhookWorkerConfig{Retries: []time.Duration{time.Hour}})
			for _, d := range s.waitForAllDelivered(t, e.ID, events) {
				if got := logOf(d); !slices.Equal(got, []string{"204"}) {
					t.Errorf("delivery %s's log = %v, want it delivered at the first attempt", d.ID, got)
				}
			}
		})
	}
}

// TestDeliveriesWaitForALull: while a member's request is under way the worker holds its
// deliveries, and sends them once the requests pause; under requests that never pause, it sends
// them after MaxLullWait.
func TestDeliveriesWaitForALull(t *testing.T) {
	for name, db := range stores(t) {
		t.Run(name, func(t *testing.T) {
			for _, endless := range []bool{false, true} {
				// A subtest each, so the first worker has stopped before the second case begins.
				t.Run(fmt.Sprintf("endless=%t", endless), func(t *testing.T) {
					rc := newReceiver(t, status(http.StatusNoContent))
					s := newSetUp(t, db, 0)
					e, _ := addEndpoint(t, s.hooks, rc.URL, true, insights.EventSignedUp)
					t.Cleanup(func() { _ = s.hooks.DeleteEndpoint(context.Background(), admin, e.ID) })
					var requests activity.Tracker
					requests.Begin()
					maxWait := time.Hour
					if endless {
						maxWait = 200 * time.Millisecond
					}
					s.run(t, insights.WebhookWorkerConfig{Activity: &requests, MaxLullWait: maxWait})
					if err := s.hooks.MemberSignedUp(context.Background(), s.member); err != nil {
						t.Fatal(err)
					}
					if !endless {
						time.Sleep(300 * time.Millisecond)
						if n := len(rc.requests()); n != 0 {
							t.Fatalf("%d deliveries sent while a request was under way, want none", n)
						}
						requests.End()
					}
					s.waitForDelivery(t, e.ID, insights.DeliveryDelivered)
				})
			}
		})
	}
}
