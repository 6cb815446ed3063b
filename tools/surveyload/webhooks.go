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
	"sync"
	"sync/atomic"
	"time"
)

// Coach choices are timed in webhookRounds rounds of each mode, webhookRoundSize choices a round,
// the modes in turn, so that a drift of the machine over the run falls on all alike. Each mode's
// p99 rests on its slowest hundredth: 12 choices of 1200. With 400 it rested on 4, and the ratio
// of two such figures read 1.15 to 1.30 on SQLite over runs of one build; with 1200, 0.93 to 1.10.
const (
	webhookRounds    = 12
	webhookRoundSize = 100
)

// The modes of a round: no webhook; a webhook whose receiver holds the worker's first attempts
// open, so the requests write their outbox rows and nothing is delivered; and a webhook whose
// receiver fails at once, so the worker delivers, fails and schedules retries alongside them.
// Each mode with a webhook has an endpoint of its own, active only in its rounds, so a round's
// deliveries are those of its own requests: the held endpoint's backlog is never sent in a
// delivering round, and the failures' retries come due after the run.
const (
	webhookOff = iota
	webhookWaiting
	webhookDelivering
	webhookModes
)

// webhookLatency measures what webhooks cost a member's request: PUT /api/chat/me_switch_coach,
// which tells the operator's systems of each new coach, one after another, in rounds of each mode.
// Waiting against off is the cost of writing the outbox rows in the request's transaction;
// delivering against waiting is what the deliveries add, which should be nothing. Each delivering
// round's deliveries must all be tried before the next round starts, and how long after the
// round's end the last one was is reported.
func webhookLatency(ctx context.Context, s *server, name string, members []string) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	var (
		received atomic.Int64
		mu       sync.Mutex
		release  = make(chan struct{}) // closed to let a held attempt go; replaced for each waiting round
	)
	receiver := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		received.Add(1)
		if r.URL.Path == "/held" {
			mu.Lock()
			held := release
			mu.Unlock()
			select {
			case <-held:
			case <-r.Context().Done():
			}
		}
		w.WriteHeader(http.StatusInternalServerError)
	})}
	go func() { _ = receiver.Serve(ln) }()
	defer receiver.Close()
	setHold := func(hold bool) {
		mu.Lock()
		defer mu.Unlock()
		select {
		case <-release:
		default:
			close(release)
		}
		if hold {
			release = make(chan struct{})
		}
	}
	setHold(false)
	defer setHold(false)
	admin, err := signIn(ctx, s.url, demoAdminEmail, demoAdminPassword, false)
	if err != nil {
		return fmt.Errorf("signing in as the demo admin: %w", err)
	}
	endpoint := func(method, path, hook string, active bool) ([]byte, error) {
		req, err := http.NewRequestWithContext(ctx, method, s.url+path, strings.NewReader(
			fmt.Sprintf(`{"url":"http://%s/%s","description":"the bench's %s receiver","events":["member.coach_chosen"],"active":%t}`, ln.Addr(), hook, hook, active)))
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
	// hooks are the endpoints of the waiting and delivering modes, by mode: their receivers' paths.
	hooks := map[int]string{webhookWaiting: "held", webhookDelivering: "fail"}
	ids := map[int]string{}
	for mode, hook := range hooks {
		created, err := endpoint(http.MethodPost, "/api/staff/webhooks", hook, false)
		if err != nil {
			return err
		}
		var e struct {
			Endpoint struct {
				EndpointID string `json:"endpointId"`
			} `json:"endpoint"`
			EndpointID string `json:"endpointId"`
		}
		if err := json.Unmarshal(created, &e); err != nil {
			return err
		}
		ids[mode] = e.EndpointID + e.Endpoint.EndpointID
	}
	// activate makes mode's endpoint, if any, the only active one.
	activate := func(mode int) error {
		for m, hook := range hooks {
			if _, err := endpoint(http.MethodPut, "/api/staff/webhooks/"+ids[m], hook, m == mode); err != nil {
				return err
			}
		}
		return nil
	}

	var (
		byMode         [webhookModes][]time.Duration
		deliveredWhile int64         // deliveries tried while a delivering round's requests ran
		worstLag       time.Duration // the longest a delivering round's last delivery came after its end
	)
	turn := 0
	for round := range webhookModes * webhookRounds {
		mode := round % webhookModes
		setHold(mode == webhookWaiting)
		if err := activate(mode); err != nil {
			return err
		}
		// The attempts the last round's end let go are recorded before this round starts.
		time.Sleep(100 * time.Millisecond)
		before := received.Load()
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
		byMode[mode] = append(byMode[mode], res.latencies...)
		if mode != webhookDelivering {
			continue
		}
		// Every choice of the round is tried, during it or soon after, before the next round starts.
		ended := time.Now()
		deliveredWhile += received.Load() - before
		for received.Load()-before < webhookRoundSize {
			if time.Since(ended) > 10*time.Second {
				return fmt.Errorf("%d of a round's %d deliveries were tried within 10 s of its end", received.Load()-before, webhookRoundSize)
			}
			time.Sleep(time.Millisecond)
		}
		worstLag = max(worstLag, time.Since(ended))
	}
	if err := activate(webhookOff); err != nil {
		return err
	}
	for _, l := range byMode {
		slices.Sort(l)
	}
	p50 := func(m int) float64 { return ms(percentile(byMode[m], 0.50)) }
	p99 := func(m int) float64 { return ms(percentile(byMode[m], 0.99)) }
	ratio := p99(webhookDelivering) / p99(webhookWaiting)
	fmt.Printf("  PUT me_switch_coach on %s, one after another, %d rounds of %d in each mode in turn:\n", name, webhookRounds, webhookRoundSize)
	fmt.Printf("    no webhook            p50 %.1f ms, p99 %.1f ms\n", p50(webhookOff), p99(webhookOff))
	fmt.Printf("    webhook, not sending  p50 %.1f ms, p99 %.1f ms (the outbox rows the request writes)\n", p50(webhookWaiting), p99(webhookWaiting))
	fmt.Printf("    webhook, delivering   p50 %.1f ms, p99 %.1f ms; p99 ratio to not sending %.2f (budget: delivery adds nothing; within noise, ≤ 1.25) %s\n",
		p50(webhookDelivering), p99(webhookDelivering), ratio, verdict(ratio <= 1.25))
	fmt.Printf("    deliveries            %d of %d tried while the requests ran (the worker waits for a lull, 1 s at most); every round's last within %.0f ms of the round's end\n",
		deliveredWhile, webhookRounds*webhookRoundSize, ms(worstLag))
	return nil
}
