package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"time"
)

// Coach choices are timed in webhookRounds rounds of webhookRoundSize, with the webhook on and off
// in turn, so that a drift of the machine over the run falls on both alike.
const (
	webhookRounds    = 6
	webhookRoundSize = 100
)

// webhookLatency measures what webhooks cost a member's request: PUT /api/chat/me_switch_coach,
// which tells the operator's systems of each new coach, one after another, in rounds with an
// admin's webhook for member.coach_chosen turned on and off in turn. Its receiver answers 500 at
// once, so while the webhook is on the worker delivers, fails and schedules retries alongside the
// requests. The request only writes the outbox rows in its own transaction; the delivery should
// add nothing.
func webhookLatency(ctx context.Context, s *server, name string, members []string) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	var received atomic.Int64
	receiver := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		received.Add(1)
		w.WriteHeader(http.StatusInternalServerError)
	})}
	go func() { _ = receiver.Serve(ln) }()
	defer receiver.Close()

	admin, err := signIn(ctx, s.url, demoAdminEmail, demoAdminPassword, false)
	if err != nil {
		return fmt.Errorf("signing in as the demo admin: %w", err)
	}
	endpoint := func(method, path string, active bool) ([]byte, error) {
		req, err := http.NewRequestWithContext(ctx, method, s.url+path, strings.NewReader(
			fmt.Sprintf(`{"url":"http://%s/hook","description":"a failing receiver","events":["member.coach_chosen"],"active":%t}`, ln.Addr(), active)))
		if err != nil {
			return nil, err
		}
		sameOrigin(req, s.url, admin)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode/100 != 2 {
			return nil, fmt.Errorf("%s %s answered %d: %s", method, path, res.StatusCode, body)
		}
		return body, nil
	}
	created, err := endpoint(http.MethodPost, "/api/staff/webhooks", false)
	if err != nil {
		return err
	}
	var hook struct {
		Endpoint struct {
			EndpointID string `json:"endpointId"`
		} `json:"endpoint"`
		EndpointID string `json:"endpointId"`
	}
	if err := json.Unmarshal(created, &hook); err != nil {
		return err
	}
	id := hook.EndpointID + hook.Endpoint.EndpointID

	var off, on []time.Duration
	turn := 0
	for round := range 2 * webhookRounds {
		active := round%2 == 1
		if _, err := endpoint(http.MethodPut, "/api/staff/webhooks/"+id, active); err != nil {
			return err
		}
		res, err := sequential(ctx, webhookRoundSize, func(i int) (*http.Request, error) {
			// Every member in turn, all to one coach and then all to another, so each choice is new.
			coach := []string{"dev", "lena"}[(turn/len(members))%2]
			member := members[turn%len(members)]
			turn++
			req, err := http.NewRequestWithContext(ctx, http.MethodPut, s.url+"/api/chat/me_switch_coach", strings.NewReader(`{"coachId":"`+coach+`"}`))
			if err == nil {
				sameOrigin(req, s.url, member)
			}
			return req, err
		})
		if err != nil {
			return err
		}
		if active {
			on = append(on, res.latencies...)
		} else {
			off = append(off, res.latencies...)
		}
	}
	if _, err := endpoint(http.MethodPut, "/api/staff/webhooks/"+id, false); err != nil {
		return err
	}
	if received.Load() == 0 {
		return fmt.Errorf("the webhook received nothing while members chose coaches")
	}
	slices.Sort(off)
	slices.Sort(on)
	p50, p99 := func(l []time.Duration) time.Duration { return percentile(l, 0.50) }, func(l []time.Duration) time.Duration { return percentile(l, 0.99) }
	fmt.Printf("  PUT me_switch_coach on %s, %d one after another in %d rounds, a webhook (whose receiver fails at once) off and on in turn:\n",
		name, 2*webhookRounds*webhookRoundSize, 2*webhookRounds)
	fmt.Printf("    webhook off           p50 %.1f ms, p99 %.1f ms\n", ms(p50(off)), ms(p99(off)))
	fmt.Printf("    webhook on            p50 %.1f ms, p99 %.1f ms; %d deliveries tried meanwhile; p99 ratio %.2f (budget: delivery adds nothing; within noise, ≤ 1.25) %s\n",
		ms(p50(on)), ms(p99(on)), received.Load(), float64(p99(on))/float64(p99(off)), verdict(float64(p99(on)) <= 1.25*float64(p99(off))))
	return nil
}
