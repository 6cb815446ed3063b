// Command surveyload measures the budget of PUT /api/onboarding/survey (ARCHITECTURE.md section 6):
// the real binary, signed-in members, validated and durable saves, compared like with like with raw
// saves measured in the same run: the same rows a save writes (answers, their history, a progress
// event), one transaction each, written straight to the server's own database by as many writers
// as there are saving members, and by one writer against one member saving alone. Then, with the same
// members, it measures GET /api/chat/list_coaches at a fixed rate (the chooser's budget: p99 ≤ 10 ms
// at 500 requests a second on SQLite).
//
//	go run ./tools/surveyload --binary bin/wayfinder                      # SQLite in a temp dir
//	go run ./tools/surveyload --binary bin/wayfinder --postgres URL       # a throw-away PostgreSQL database
//	go run ./tools/surveyload --binary bin/wayfinder --search-only        # the staff member search only
//
// On PostgreSQL it then starts two more replicas on the same database and sends the same saves
// through HAProxy in front of all three (--replicas), against the single replica's rate. On SQLite
// it grows the database to 1 GB and saves while `wayfinder backup` copies it (--backup-mb).
//
// It starts `wayfinder serve --demo`, signs members in through the embedded provider's pages (and
// times 200 whole sign-ins, two at a time: budget p99 ≤ 300 ms with the password hash), then
// sends saves from several clients at once for a few seconds and prints throughput, latency and
// the server's peak memory against the budgets. On SQLite it also measures the payment budgets:
// POST /api/billing/checkout against stripe-mock (Stripe's own mock of its API), and Stripe's
// signed events through POST /api/billing/stripe-webhook. Last, on a database of its own seeded with
// 100,000 members (tools/seedmembers), it measures the staff member list and search, GET
// /api/staff/members, as the demo staff account (budget: p99 ≤ 50 ms), and the staff's reports over
// the same members' million progress events, GET /api/staff/insights/funnel and campaigns (budget:
// p95 ≤ 300 ms); --search-members 0 skips both, --search-only runs nothing else. It exits non-zero only when the measurement cannot be made; a
// missed budget is printed as FAIL, so `make bench` still prints every other figure.
package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"html"
	"io"
	"math"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/stripe/stripe-go/v84/webhook"

	"wayfinder/internal/stripepay/stripemock"
	"wayfinder/internal/survey"
	"wayfinder/internal/survey/surveytest"
)

// The budgets of ARCHITECTURE.md section 6 that this program checks.
const (
	budgetRatio       = 0.5
	budgetP99         = 20 * time.Millisecond
	budgetRSS         = 200 << 20
	budgetCoachesP99  = 10 * time.Millisecond
	budgetCheckoutP99 = 50 * time.Millisecond
	budgetWebhookP99  = 20 * time.Millisecond
)

// The Stripe settings of a measured server: stripe-mock takes any key, and the webhook events are
// signed here with the secret the server is given.
const (
	loadStripeKey     = "sk_test_load"
	loadWebhookSecret = "whsec_load"
)

// defaultClients is how many members save at once. The server needs a few requests in flight so
// that one request's decoding, validation and session check overlap another's wait for the disk,
// and PostgreSQL needs several connections busy before its commits share flushes (measured here:
// its throughput rises up to about eight clients and no further). Past that point more clients only
// queue and lengthen every latency: by Little's law, p50 is about clients divided by throughput.
// Eight is also four per core, the concurrency of the store's Parallel benchmarks.
const defaultClients = 8

// rawWindow is how long each raw-commit measurement runs. The raw rate is measured before and
// after the load and the two are averaged, because a shared disk's flush rate drifts over seconds.
const rawWindow = 3 * time.Second

func main() {
	binary := flag.String("binary", "bin/wayfinder", "the wayfinder binary to measure")
	pgURL := flag.String("postgres", "", "a PostgreSQL server URL; empty measures SQLite")
	duration := flag.Duration("duration", 5*time.Second, "how long to send saves")
	clients := flag.Int("clients", defaultClients, "how many members save at once")
	coachRate := flag.Int("coach-rate", 500, "requests a second to GET /api/chat/list_coaches; 0 skips it")
	members := flag.Int("search-members", 100000, "members to seed for GET /api/staff/members; 0 skips it")
	searchOnly := flag.Bool("search-only", false, "measure GET /api/staff/members only")
	replicas := flag.Int("replicas", 3, "on PostgreSQL, also save through HAProxy in front of this many replicas; 1 skips it")
	backupMB := flag.Int("backup-mb", 1024, "on SQLite, grow the database to this many MB and save while `wayfinder backup` copies it; 0 skips it")
	flag.Parse()
	if *clients < 1 || *duration <= 0 || *members < 0 || *replicas < 1 || *backupMB < 0 || *searchOnly && *members == 0 {
		fmt.Fprintln(os.Stderr, "surveyload: --clients, --duration and --replicas must be positive, --search-members too with --search-only")
		os.Exit(2)
	}
	// An interrupt cancels the run instead of killing it, so the server, the temp directory and
	// the throw-away database are still cleaned up.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	var err error
	if !*searchOnly {
		err = run(ctx, *binary, *pgURL, *duration, *clients, *coachRate, *replicas, *backupMB)
	}
	if err == nil && *members > 0 {
		err = searchMembers(ctx, *binary, *pgURL, *members)
	}
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "surveyload:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, binary, pgURL string, duration time.Duration, clients, coachRate, replicas, backupMB int) error {
	dir, err := os.MkdirTemp("", "wayfinder-load-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)

	name := "SQLite"
	dsn := filepath.Join(dir, "wayfinder.db")
	if pgURL != "" {
		name = "PostgreSQL"
		db, drop, err := throwAwayDatabase(ctx, pgURL)
		if err != nil {
			return err
		}
		defer drop()
		dsn = db
	}

	// On SQLite the server takes payments, against stripe-mock, for the payment budgets below.
	var stripeArgs []string
	if pgURL == "" && coachRate > 0 {
		mockURL, stopMock, err := stripemock.Run()
		if err != nil {
			return err
		}
		defer stopMock()
		stripeArgs = []string{"--payment-enabled", "--stripe-api-url", mockURL,
			"--stripe-secret-key", loadStripeKey, "--stripe-webhook-secret", loadWebhookSecret}
	}
	srv, err := start(ctx, binary, dsn, nil, stripeArgs...)
	if err != nil {
		return err
	}
	defer srv.stop()
	members, err := signInMembers(ctx, srv.url, clients)
	if err != nil {
		return fmt.Errorf("signing in: %w", err)
	}
	sr, err := signInMeasure(ctx, srv.url, 20, 200)
	if err != nil {
		return fmt.Errorf("measuring sign-in: %w", err)
	}
	fmt.Printf("  sign-in on %s, %d whole web sign-ins, two at a time (password hash, code exchange, session):\n", name, sr.n)
	fmt.Printf("    latency               p50 %.1f ms, p99 %.1f ms, max %.1f ms (budget p99 ≤ %.0f ms) %s\n",
		ms(sr.p50), ms(sr.p99), ms(sr.max), ms(budgetSignInP99), verdict(sr.p99 <= budgetSignInP99))

	// The raw ceiling: the same rows written straight to the server's database by as many writers
	// as there are clients, and by one, measured before and after the load and averaged, because a
	// shared disk's flush rate drifts over seconds.
	userIDs, err := memberIDs(ctx, srv, members)
	if err != nil {
		return err
	}
	rawOneBefore, rawManyBefore, err := rawBoth(ctx, dsn, userIDs, clients, rawWindow)
	if err != nil {
		return err
	}

	// A short warm-up fills the server's pools and prepared statements, then the measured run. The
	// memory high-water mark is reset between them, so the peak is the load's, not the sign-ins'.
	if _, err := load(ctx, srv, members, time.Second); err != nil {
		return err
	}
	resetPeakRSS := srv.resetPeakRSS()
	cpuBefore, selfBefore, machineBefore := srv.cpuTime(), processCPU(os.Getpid()), machineCPU()
	res, err := load(ctx, srv, members, duration)
	if err != nil {
		return err
	}
	cpu := srv.cpuTime() - cpuBefore
	self := processCPU(os.Getpid()) - selfBefore
	machine := machineCPU()
	peak := srv.peakRSS()
	if !resetPeakRSS {
		peak = max(peak, res.sampledRSS)
	}

	// One member saving alone, against one raw writer.
	one, err := load(ctx, srv, members[:1], duration)
	if err != nil {
		return err
	}
	rawOneAfter, rawManyAfter, err := rawBoth(ctx, dsn, userIDs, clients, rawWindow)
	if err != nil {
		return err
	}
	rawMany := (rawManyBefore.rate + rawManyAfter.rate) / 2
	rawOne := (rawOneBefore.rate + rawOneAfter.rate) / 2
	ratio, ratioOne := res.rate/rawMany, one.rate/rawOne

	fmt.Printf("  PUT survey on %s, %d members saving at once for %s, then one alone:\n", name, clients, duration)
	fmt.Printf("    raw saves             the same rows in one transaction each, straight to the database:\n")
	fmt.Printf("                          %d writers %.0f/s (before %.0f/s, after %.0f/s; p50 %.2f ms, p99 %.2f ms)\n",
		clients, rawMany, rawManyBefore.rate, rawManyAfter.rate, ms(rawManyAfter.p50), ms(rawManyAfter.p99))
	fmt.Printf("                          1 writer %.0f/s (before %.0f/s, after %.0f/s; p50 %.2f ms, p99 %.2f ms)\n",
		rawOne, rawOneBefore.rate, rawOneAfter.rate, ms(rawOneAfter.p50), ms(rawOneAfter.p99))
	fmt.Printf("    saves, %d at once      %.0f/s, %d in all; ratio to %d raw writers %.2f (budget ≥ %.1f) %s\n",
		clients, res.rate, res.n, clients, ratio, budgetRatio, verdict(ratio >= budgetRatio))
	fmt.Printf("    saves, one alone      %.0f/s, %d in all; ratio to 1 raw writer %.2f; p50 %.1f ms, p99 %.1f ms\n",
		one.rate, one.n, ratioOne, ms(one.p50), ms(one.p99))
	fmt.Printf("    latency, %d at once    p50 %.1f ms, p99 %.1f ms, max %.1f ms (budget p99 ≤ %.0f ms) %s\n",
		clients, ms(res.p50), ms(res.p99), ms(res.max), ms(budgetP99), verdict(res.p99 <= budgetP99))
	fmt.Printf("    server                peak RSS %.1f MB under load (budget ≤ %d MB) %s; CPU %.2f ms per save\n",
		float64(peak)/(1<<20), budgetRSS>>20, verdict(peak <= budgetRSS), ms(cpu)/float64(res.n))
	// The cores are shared by the server, the database and this program; how busy they were tells a
	// run limited by the processors from one limited by the disk.
	cores := runtime.NumCPU()
	share := func(d time.Duration) float64 { return 100 * d.Seconds() / res.elapsed.Seconds() / float64(cores) }
	busy := 100 * machine.busySince(machineBefore)
	fmt.Printf("    CPU                   %.0f%% of %d cores busy: server %.0f%%, this load generator %.0f%%, the rest %.0f%% (the database and anything else)\n",
		busy, cores, share(cpu), share(self), busy-share(cpu)-share(self))
	if cores != 2 {
		fmt.Printf("    note                  the budget is stated for 2 cores; this machine has %d\n", cores)
	}
	if pgURL != "" && replicas > 1 {
		if err := balancedLoad(ctx, binary, dsn, srv, members, duration, replicas); err != nil {
			return fmt.Errorf("through HAProxy: %w", err)
		}
	}
	if pgURL == "" && backupMB > 0 {
		if err := backupLoad(ctx, binary, dsn, srv, members, backupMB, max(duration, 15*time.Second)); err != nil {
			return fmt.Errorf("saving during a backup: %w", err)
		}
	}
	if coachRate <= 0 {
		return nil
	}

	// The coaches open to a member once their survey is complete.
	if err := completeSurveys(ctx, srv, members); err != nil {
		return err
	}
	if _, err := listLoad(ctx, srv, members, coachRate, time.Second); err != nil {
		return err
	}
	lr, err := listLoad(ctx, srv, members, coachRate, duration)
	if err != nil {
		return err
	}
	fmt.Printf("  GET list_coaches on %s, %d requests a second for %s (members with answers, six coaches):\n", name, coachRate, duration)
	fmt.Printf("    served                %.0f/s, %d in all\n", lr.rate, lr.n)
	budget := ""
	if pgURL == "" {
		budget = fmt.Sprintf(" (budget p99 ≤ %.0f ms) %s", ms(budgetCoachesP99), verdict(lr.p99 <= budgetCoachesP99 && lr.rate >= 0.98*float64(coachRate)))
	}
	fmt.Printf("    latency               p50 %.1f ms, p99 %.1f ms, max %.1f ms%s\n", ms(lr.p50), ms(lr.p99), ms(lr.max), budget)
	if err := webhookLatency(ctx, srv, name, members); err != nil {
		return fmt.Errorf("coach choices with a webhook: %w", err)
	}
	if stripeArgs == nil {
		return nil
	}

	// Payments: each member chooses a coach, then starts checkouts, one after another, alternating
	// plans so that every one is a new Stripe Checkout Session; then Stripe's events arrive.
	if err := chooseCoaches(ctx, srv, members); err != nil {
		return err
	}
	cr, err := sequential(ctx, 300, func(i int) (*http.Request, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, srv.url+"/api/billing/checkout",
			strings.NewReader(fmt.Sprintf(`{"planId":%q}`, []string{"steady", "momentum", "kickstart"}[i%3])))
		if err == nil {
			sameOrigin(req, srv.url, members[i%len(members)])
		}
		return req, err
	})
	if err != nil {
		return err
	}
	fmt.Printf("  POST checkout on %s against stripe-mock, %d one after another:\n", name, cr.n)
	fmt.Printf("    latency               p50 %.1f ms, p99 %.1f ms, max %.1f ms (budget p99 ≤ %.0f ms) %s\n",
		ms(cr.p50), ms(cr.p99), ms(cr.max), ms(budgetCheckoutP99), verdict(cr.p99 <= budgetCheckoutP99))
	wr, err := sequential(ctx, 1000, func(i int) (*http.Request, error) {
		return stripeEvent(ctx, srv.url, i, userIDs[i%len(userIDs)])
	})
	if err != nil {
		return err
	}
	fmt.Printf("  POST stripe-webhook on %s, %d signed events one after another (each applied in its own transaction):\n", name, wr.n)
	fmt.Printf("    latency               p50 %.1f ms, p99 %.1f ms, max %.1f ms (budget p99 ≤ %.0f ms) %s\n",
		ms(wr.p50), ms(wr.p99), ms(wr.max), ms(budgetWebhookP99), verdict(wr.p99 <= budgetWebhookP99))
	return nil
}

// verdict is how a figure stands against its budget.
func verdict(ok bool) string {
	if ok {
		return "ok"
	}
	return "FAIL"
}

// sameOrigin makes req a member's same-origin JSON request, as the app sends it.
func sameOrigin(req *http.Request, origin, cookie string) {
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", origin)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Cookie", cookie)
}

// chooseCoaches has every member choose a coach, which opens the plan to them.
func chooseCoaches(ctx context.Context, s *server, members []string) error {
	for _, cookie := range members {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, s.url+"/api/chat/me_switch_coach", strings.NewReader(`{"coachId":"maya"}`))
		if err != nil {
			return err
		}
		sameOrigin(req, s.url, cookie)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			return fmt.Errorf("choosing a coach: PUT /api/chat/me_switch_coach answered %d", res.StatusCode)
		}
	}
	return nil
}

// memberIDs returns each member's userId, which Stripe's events name.
func memberIDs(ctx context.Context, s *server, members []string) ([]string, error) {
	ids := make([]string, len(members))
	for i, cookie := range members {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.url+"/api/user/me", nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Cookie", cookie)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		var me struct {
			Me struct {
				UserID string `json:"userId"`
			} `json:"me"`
		}
		err = json.NewDecoder(res.Body).Decode(&me)
		res.Body.Close()
		if err != nil {
			return nil, err
		}
		ids[i] = me.Me.UserID
	}
	return ids, nil
}

// stripeEvent returns the i-th event Stripe would send about the member's subscription, signed as
// Stripe signs it: its status goes back and forth between active and past_due, so every event
// changes the state and is written.
func stripeEvent(ctx context.Context, base string, i int, userID string) (*http.Request, error) {
	status := []string{"active", "past_due"}[i%2]
	payload := fmt.Sprintf(`{"id":"evt_load_%d","object":"event","type":"customer.subscription.updated","created":%d,`+
		`"data":{"object":{"id":"sub_load_%s","object":"subscription","status":%q,"customer":"cus_load",`+
		`"metadata":{"user_id":%q,"plan_id":"steady"}}}}`, i, time.Now().Unix()+int64(i), userID, status, userID)
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: []byte(payload), Secret: loadWebhookSecret})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/billing/stripe-webhook", strings.NewReader(payload))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Stripe-Signature", signed.Header)
	return req, nil
}

// sequential sends n requests one after another (after 20 unmeasured ones to warm up) and collects
// their latencies. Any answer but 200 stops the run.
func sequential(ctx context.Context, n int, request func(i int) (*http.Request, error)) (result, error) {
	client := &http.Client{Timeout: 10 * time.Second}
	latencies := make([]time.Duration, 0, n)
	start := time.Now()
	for i := range n + 20 {
		req, err := request(i)
		if err != nil {
			return result{}, err
		}
		t0 := time.Now()
		res, err := client.Do(req)
		if err != nil {
			return result{}, err
		}
		msg, _ := io.ReadAll(io.LimitReader(res.Body, 1024))
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			return result{}, fmt.Errorf("%s %s answered %d: %s", req.Method, req.URL.Path, res.StatusCode, msg)
		}
		if i >= 20 {
			latencies = append(latencies, time.Since(t0))
		}
	}
	slices.Sort(latencies)
	elapsed := time.Since(start)
	return result{n: n, elapsed: elapsed, rate: float64(n) / elapsed.Seconds(),
		p50: percentile(latencies, 0.50), p99: percentile(latencies, 0.99), max: latencies[len(latencies)-1], latencies: latencies}, nil
}

// listLoad sends GET /api/chat/list_coaches at a fixed rate for d, each request as a member in turn,
// whether or not earlier ones have been answered. Each latency runs from the moment the request was
// due, so a server that falls behind shows it in the figures instead of slowing the sender down.
func listLoad(ctx context.Context, s *server, members []string, rate int, d time.Duration) (result, error) {
	transport := &http.Transport{MaxIdleConnsPerHost: 64}
	defer transport.CloseIdleConnections()
	client := &http.Client{Transport: transport, Timeout: 10 * time.Second}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	total := int(float64(rate) * d.Seconds())
	latencies := make([]time.Duration, total)
	interval := time.Second / time.Duration(rate)
	start := time.Now()
	var wg sync.WaitGroup
	for i := range total {
		due := start.Add(time.Duration(i) * interval)
		if wait := time.Until(due); wait > 0 {
			time.Sleep(wait)
		}
		if ctx.Err() != nil {
			break
		}
		wg.Go(func() {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.url+"/api/chat/list_coaches", nil)
			if err != nil {
				cancel(err)
				return
			}
			req.Header.Set("Cookie", members[i%len(members)])
			res, err := client.Do(req)
			if err != nil {
				cancel(err)
				return
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				cancel(fmt.Errorf("GET /api/chat/list_coaches answered %d", res.StatusCode))
				return
			}
			latencies[i] = time.Since(due)
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	if failure := context.Cause(ctx); failure != nil {
		return result{}, failure
	}
	slices.Sort(latencies)
	return result{
		n:       total,
		elapsed: elapsed,
		rate:    float64(total) / elapsed.Seconds(),
		p50:     percentile(latencies, 0.50),
		p99:     percentile(latencies, 0.99),
		max:     latencies[len(latencies)-1],
	}, nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// percentile returns the nearest-rank q-quantile of sorted durations.
func percentile(sorted []time.Duration, q float64) time.Duration {
	i := int(math.Ceil(q*float64(len(sorted)))) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

// throwAwayDatabase creates an empty database on the server and returns its URL and a way to drop it.
func throwAwayDatabase(ctx context.Context, serverURL string) (string, func(), error) {
	u, err := url.Parse(serverURL)
	if err != nil {
		return "", nil, fmt.Errorf("the PostgreSQL URL: %w", err)
	}
	admin, err := sql.Open("pgx", serverURL)
	if err != nil {
		return "", nil, err
	}
	name := "wayfinder_load_" + randomHex(6)
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		admin.Close()
		return "", nil, fmt.Errorf("creating a database: %w", err)
	}
	u.Path = "/" + name
	drop := func() {
		// The drop runs even when the run was interrupted, so it must not use the cancelled context;
		// FORCE ends the server's connections if it is still running.
		dctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := admin.ExecContext(dctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			fmt.Fprintf(os.Stderr, "surveyload: could not drop the database %s: %v\n", name, err)
		}
		admin.Close()
	}
	return u.String(), drop, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never fails; it crashes the program instead
	return hex.EncodeToString(b)
}

type server struct {
	cmd  *exec.Cmd
	url  string
	done chan struct{}
}

// start runs `wayfinder serve --demo` on a free port, with any extra environment variables and
// flags, and waits until it is ready.
func start(ctx context.Context, binary, dsn string, env []string, extra ...string) (*server, error) {
	// Every member here signs up from this machine's one address, so its sign-up limit is raised,
	// and the webhooks' receiver listens on it too, so webhooks may reach it.
	cmd := exec.Command(binary, append([]string{"serve", "--demo", "--listen", "127.0.0.1:0", "--database-url", dsn,
		"--log-level", "warn", "--signups-per-hour", "100000", "--app-store-url", "https://apps.apple.com/app/id1234567890",
		"--webhook-private-networks", "127.0.0.1"}, extra...)...)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, done: make(chan struct{})}
	found := make(chan string, 1)
	go func() {
		// Reading stdout to its end also keeps the server from blocking on a full pipe.
		sc := bufio.NewScanner(out)
		re := regexp.MustCompile(`running at (http://\S+)`)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
		}
		_ = cmd.Wait()
		close(s.done)
	}()
	select {
	case s.url = <-found:
	case <-s.done:
		return nil, fmt.Errorf("the server exited before it started: %v", cmd.ProcessState)
	case <-ctx.Done():
		s.stop()
		return nil, ctx.Err()
	case <-time.After(30 * time.Second):
		s.stop()
		return nil, errors.New("the server did not start within 30 s")
	}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline) && ctx.Err() == nil; time.Sleep(10 * time.Millisecond) {
		if res, err := http.Get(s.url + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return s, nil
			}
		}
	}
	s.stop()
	return nil, errors.New("the server never became ready")
}

// stop asks the server to shut down gracefully and kills it if it has not within 10 s.
func (s *server) stop() {
	_ = s.cmd.Process.Signal(os.Interrupt)
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.done
	}
}

// status reads one "Name: value kB" line of the server's /proc status, in bytes.
func (s *server) status(field string) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	m := regexp.MustCompile(field + `:\s+(\d+) kB`).FindSubmatch(b)
	if m == nil {
		return 0
	}
	kb, _ := strconv.ParseInt(string(m[1]), 10, 64)
	return kb << 10
}

// peakRSS is the server's high-water mark of resident memory since start or the last reset.
func (s *server) peakRSS() int64 { return s.status("VmHWM") }

// resetPeakRSS sets the high-water mark back to the current resident set (Linux 4.0+), and
// reports whether it could; when it cannot, the peak is taken from samples during the load.
func (s *server) resetPeakRSS() bool {
	return os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", s.cmd.Process.Pid), []byte("5"), 0) == nil
}

// cpuTime is the CPU time the server has used, user and system.
func (s *server) cpuTime() time.Duration { return processCPU(s.cmd.Process.Pid) }

// processCPU is the CPU time a process has used, user and system, from /proc/<pid>/stat.
func processCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The command name in parentheses may hold spaces; the fields after it are fixed. utime and
	// stime are the 14th and 15th fields, in clock ticks of 1/100 s on Linux.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// cpuTimes are the machine's busy and total CPU clock ticks since boot, from /proc/stat.
type cpuTimes struct{ busy, total int64 }

func machineCPU() cpuTimes {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return cpuTimes{}
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	var t cpuTimes
	for i, v := range f[1:] {
		n, _ := strconv.ParseInt(v, 10, 64)
		t.total += n
		// idle and iowait are the 4th and 5th values; the rest is work.
		if i != 3 && i != 4 {
			t.busy += n
		}
	}
	return t
}

// busySince is the share of the machine's CPU time that was busy between before and t.
func (t cpuTimes) busySince(before cpuTimes) float64 {
	total := t.total - before.total
	if total <= 0 {
		return 0
	}
	return float64(t.busy-before.busy) / float64(total)
}

var (
	formAction = regexp.MustCompile(`<form[^>]*method="post"[^>]*action="([^"]+)"`)
	hiddenFlow = regexp.MustCompile(`name="flow" value="([^"]*)"`)
	// continueAction is the Continue button's form on "check your inbox" after a sign-up.
	continueAction = regexp.MustCompile(`<form[^>]*method="get"[^>]*action="([^"]+/continue)"`)
)

// browser carries one visitor's cookies by hand, because the session cookie is __Host- and Secure,
// which Go's cookie jar keeps from plain-HTTP loopback addresses. It does not follow redirects
// itself, so every cookie set along the way is kept.
type browser struct {
	jar    map[string]string
	client *http.Client
	origin string
}

func newBrowser(origin string) *browser {
	return &browser{
		jar:    map[string]string{},
		client: &http.Client{Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }},
		origin: origin,
	}
}

// do sends one request and keeps the cookies of its answer; it follows up to ten redirects after
// a GET or a form post, as a browser would, and returns the final answer, its body and its URL.
func (b *browser) do(ctx context.Context, method, target string, form url.Values) (*http.Response, []byte, string, error) {
	for range 10 {
		var body io.Reader
		if form != nil {
			body = strings.NewReader(form.Encode())
		}
		req, err := http.NewRequestWithContext(ctx, method, target, body)
		if err != nil {
			return nil, nil, "", err
		}
		if form != nil {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Origin", b.origin)
			req.Header.Set("Sec-Fetch-Site", "same-origin")
		}
		var pairs []string
		for k, v := range b.jar {
			pairs = append(pairs, k+"="+v)
		}
		slices.Sort(pairs)
		if len(pairs) > 0 {
			req.Header.Set("Cookie", strings.Join(pairs, "; "))
		}
		res, err := b.client.Do(req)
		if err != nil {
			return nil, nil, "", err
		}
		data, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			return nil, nil, "", err
		}
		for _, c := range res.Cookies() {
			if c.MaxAge < 0 || c.Value == "" {
				delete(b.jar, c.Name)
			} else {
				b.jar[c.Name] = c.Value
			}
		}
		if res.StatusCode/100 != 3 {
			return res, data, target, nil
		}
		next, err := req.URL.Parse(res.Header.Get("Location"))
		if err != nil {
			return nil, nil, "", err
		}
		method, target, form = http.MethodGet, next.String(), nil
	}
	return nil, nil, "", fmt.Errorf("too many redirects from %s", target)
}

// signIn walks the web sign-in as a browser does: /auth/login, the provider's sign-in (or, with
// signup, sign-up) form, the callback; it returns the Cookie header that carries the session.
func signIn(ctx context.Context, base, email, password string, signup bool) (string, error) {
	b := newBrowser(base)
	start := base + "/auth/login?returnTo=/name-and-birth"
	if signup {
		start += "&signup=1"
	}
	res, body, page, err := b.do(ctx, http.MethodGet, start, nil)
	if err != nil {
		return "", err
	}
	m := formAction.FindSubmatch(body)
	if res.StatusCode != http.StatusOK || m == nil {
		return "", fmt.Errorf("no sign-in form at %s (status %d)", page, res.StatusCode)
	}
	action, err := url.Parse(page)
	if err != nil {
		return "", err
	}
	if action, err = action.Parse(html.UnescapeString(string(m[1]))); err != nil {
		return "", err
	}
	form := url.Values{"email": {email}, "password": {password}}
	if f := hiddenFlow.FindSubmatch(body); f != nil {
		form.Set("flow", html.UnescapeString(string(f[1])))
	}
	if res, body, page, err = b.do(ctx, http.MethodPost, action.String(), form); err != nil {
		return "", err
	}
	// A sign-up stops at "check your inbox", whose Continue button carries the flow on.
	if m := continueAction.FindSubmatch(body); m != nil {
		next, err := url.Parse(page)
		if err == nil {
			next, err = next.Parse(html.UnescapeString(string(m[1])))
		}
		if err != nil {
			return "", err
		}
		q := url.Values{}
		if f := hiddenFlow.FindSubmatch(body); f != nil {
			q.Set("flow", html.UnescapeString(string(f[1])))
		}
		next.RawQuery = q.Encode()
		if res, _, page, err = b.do(ctx, http.MethodGet, next.String(), nil); err != nil {
			return "", err
		}
	}
	for name, value := range b.jar {
		if strings.HasSuffix(name, "wayfinder_session") {
			return name + "=" + value, nil
		}
	}
	return "", fmt.Errorf("no session cookie after signing in as %s (ended at %s, status %d)", email, page, res.StatusCode)
}

// signInMembers returns one session per client: the demo member's, and new members signed up for
// the others. Each client is its own member, as real saves are: one member's saves come one after
// another from their browser, and on PostgreSQL many clients saving one member's answers would
// queue on that member's rows, which no real load does.
func signInMembers(ctx context.Context, base string, n int) ([]string, error) {
	cookie, err := signIn(ctx, base, "member@demo.example.com", "demo-member-password", false)
	if err != nil {
		return nil, err
	}
	cookies := []string{cookie}
	run := randomHex(4)
	for i := 1; i < n; i++ {
		email := fmt.Sprintf("load-%s-%d@example.com", run, i)
		cookie, err := signIn(ctx, base, email, "steady-harbor-"+randomHex(6), true)
		if err != nil {
			return nil, err
		}
		cookies = append(cookies, cookie)
	}
	return cookies, nil
}

// steps are valid bodies of the kind members send, one step each, in two versions: a client
// alternates them, so every save changes the stored answers and takes the full write path (the
// latest answers, a history entry and a progress event), as a member's first answer to a step does.
var steps = [][2]string{
	{
		`{"fromSlug":"how-you-identify","data":[{"questionSlug":"how-you-identify","answers":[{"key":"female","value":""}]}],"utm":{}}`,
		`{"fromSlug":"how-you-identify","data":[{"questionSlug":"how-you-identify","answers":[{"key":"non-binary","value":""}]}],"utm":{}}`,
	},
	{
		`{"fromSlug":"live-state","data":[{"questionSlug":"live-state","answers":[{"key":"CO","value":""}]}],"utm":{}}`,
		`{"fromSlug":"live-state","data":[{"questionSlug":"live-state","answers":[{"key":"AZ","value":""}]}],"utm":{}}`,
	},
	{
		`{"fromSlug":"your-challenge-is","data":[{"questionSlug":"your-challenge-is","answers":[{"key":"staying-focused","value":""},{"key":"time-management","value":""}]}],"utm":{}}`,
		`{"fromSlug":"your-challenge-is","data":[{"questionSlug":"your-challenge-is","answers":[{"key":"procrastination","value":""}]}],"utm":{}}`,
	},
	{
		`{"fromSlug":"trouble-order","data":[{"questionSlug":"trouble-order","answers":[{"key":"often","value":""}]}],"utm":{}}`,
		`{"fromSlug":"trouble-order","data":[{"questionSlug":"trouble-order","answers":[{"key":"sometimes","value":""}]}],"utm":{}}`,
	},
	{
		`{"fromSlug":"did-you-know-cbt","data":[],"utm":{}}`,
		`{"fromSlug":"did-you-know-cbt","data":[],"utm":{}}`,
	},
}

// completeSurveys answers every required step of the survey for each member, in one save each.
func completeSurveys(ctx context.Context, s *server, members []string) error {
	def, err := survey.Load()
	if err != nil {
		return err
	}
	data := surveytest.Complete(def)
	b, err := json.Marshal(map[string]any{"fromSlug": data[len(data)-1].QuestionSlug, "data": data})
	if err != nil {
		return err
	}
	for _, cookie := range members {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, s.url+"/api/onboarding/survey", bytes.NewReader(b))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Cookie", cookie)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		msg, _ := io.ReadAll(io.LimitReader(res.Body, 1024))
		res.Body.Close()
		if res.StatusCode != http.StatusNoContent {
			return fmt.Errorf("completing a survey: PUT /api/onboarding/survey answered %d: %s", res.StatusCode, msg)
		}
	}
	return nil
}

// body returns a client's i-th save: the steps in turn, each time in the other version.
func body(i int) []byte {
	s := steps[i%len(steps)]
	return []byte(s[(i/len(steps))%2])
}

type result struct {
	n             int
	elapsed       time.Duration
	rate          float64
	p50, p99, max time.Duration
	sampledRSS    int64
	latencies     []time.Duration // sequential's, sorted
}

// load has every member save, one request after another, for d, and collects each save's latency.
// Any answer but 204 stops the run: the figures are only worth something if every save was stored.
func load(ctx context.Context, s *server, members []string, d time.Duration) (result, error) {
	transport := &http.Transport{MaxIdleConnsPerHost: len(members)}
	defer transport.CloseIdleConnections()
	client := &http.Client{Transport: transport, Timeout: 10 * time.Second}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	// The resident set is sampled while the load runs, for kernels that cannot reset the peak.
	var sampled atomic.Int64
	sampling := make(chan struct{})
	go func() {
		defer close(sampling)
		for t := time.NewTicker(50 * time.Millisecond); ; {
			select {
			case <-ctx.Done():
				t.Stop()
				return
			case <-t.C:
				if rss := s.status("VmRSS"); rss > sampled.Load() {
					sampled.Store(rss)
				}
			}
		}
	}()

	perClient := make([][]time.Duration, len(members))
	start := time.Now()
	deadline := start.Add(d)
	var wg sync.WaitGroup
	for c, cookie := range members {
		wg.Go(func() {
			mine := make([]time.Duration, 0, 4096)
			for i := c; time.Now().Before(deadline) && ctx.Err() == nil; i++ {
				req, err := http.NewRequestWithContext(ctx, http.MethodPut, s.url+"/api/onboarding/survey", bytes.NewReader(body(i)))
				if err != nil {
					cancel(err)
					return
				}
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Origin", s.url)
				req.Header.Set("Sec-Fetch-Site", "same-origin")
				req.Header.Set("Cookie", cookie)
				t0 := time.Now()
				res, err := client.Do(req)
				if err != nil {
					cancel(err)
					return
				}
				msg, _ := io.ReadAll(io.LimitReader(res.Body, 1024))
				res.Body.Close()
				if res.StatusCode != http.StatusNoContent {
					cancel(fmt.Errorf("PUT /api/onboarding/survey answered %d: %s", res.StatusCode, msg))
					return
				}
				mine = append(mine, time.Since(t0))
			}
			perClient[c] = mine
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	failure := context.Cause(ctx)
	cancel(nil)
	<-sampling
	if failure != nil {
		return result{}, failure
	}
	latencies := slices.Concat(perClient...)
	if len(latencies) == 0 {
		return result{}, errors.New("no save completed")
	}
	slices.Sort(latencies)
	return result{
		n:          len(latencies),
		elapsed:    elapsed,
		rate:       float64(len(latencies)) / elapsed.Seconds(),
		p50:        percentile(latencies, 0.50),
		p99:        percentile(latencies, 0.99),
		max:        latencies[len(latencies)-1],
		sampledRSS: sampled.Load(),
	}, nil
}
