// Command surveyload measures the budget of PUT /api/onboarding/survey (ARCHITECTURE.md section 6):
// the real binary, a signed-in member, validated and durable saves, compared with the raw rate of
// one-row commits on the same database and disk, measured in the same run.
//
//	go run ./tools/surveyload --binary bin/wayfinder                      # SQLite in a temp dir
//	go run ./tools/surveyload --binary bin/wayfinder --postgres URL       # a throw-away PostgreSQL database
//
// It starts `wayfinder serve --demo`, signs in as the demo member through the embedded provider's
// pages, then sends saves from several clients at once for a few seconds and prints throughput,
// latency and the server's peak memory against the budgets.
package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"wayfinder/internal/sqlstore"
)

// clients is how many members' browsers send saves at once: on 2 cores, enough to keep the server
// busy while each request's latency still means something.
const clients = 8

func main() {
	binary := flag.String("binary", "bin/wayfinder", "the wayfinder binary to measure")
	pgURL := flag.String("postgres", "", "a PostgreSQL server URL; empty measures SQLite")
	duration := flag.Duration("duration", 5*time.Second, "how long to send saves")
	flag.Parse()
	if err := run(*binary, *pgURL, *duration); err != nil {
		fmt.Fprintln(os.Stderr, "surveyload:", err)
		os.Exit(1)
	}
}

func run(binary, pgURL string, duration time.Duration) error {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "wayfinder-load-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)

	name := "SQLite"
	dsn := filepath.Join(dir, "wayfinder.db")
	rawDSN := filepath.Join(dir, "raw.db")
	if pgURL != "" {
		name = "PostgreSQL"
		db, drop, err := throwAwayDatabase(ctx, pgURL)
		if err != nil {
			return err
		}
		defer drop()
		dsn, rawDSN = db, db
	}

	raw, err := rawCommitRate(ctx, rawDSN, 3*time.Second)
	if err != nil {
		return fmt.Errorf("raw commits: %w", err)
	}

	srv, err := start(binary, dsn)
	if err != nil {
		return err
	}
	defer srv.stop()
	cookie, err := signIn(srv.url)
	if err != nil {
		return fmt.Errorf("signing in: %w", err)
	}

	// A short warm-up, then the measured run.
	if _, err := load(srv, cookie, time.Second); err != nil {
		return err
	}
	res, err := load(srv, cookie, duration)
	if err != nil {
		return err
	}

	ratio := res.rate / raw
	fmt.Printf("  PUT survey on %-10s %.0f saves/s with %d clients, p50 %.1f ms, p99 %.1f ms (budget 20 ms); "+
		"raw one-row commits %.0f/s; ratio %.2f (budget 0.5); peak RSS %.1f MB (budget 200 MB)\n",
		name, res.rate, clients, ms(res.p50), ms(res.p99), raw, ratio, float64(res.peakRSS)/1024/1024)
	return nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// rawCommitRate inserts one small row per transaction, one after another, for the given time: the
// floor cost of a durable write on this database and disk. SQLite gets the store's own settings
// (WAL, synchronous=FULL) by opening it through sqlstore.
func rawCommitRate(ctx context.Context, dsn string, d time.Duration) (float64, error) {
	store, err := sqlstore.Open(ctx, dsn)
	if err != nil {
		return 0, err
	}
	defer store.Close()
	db := store.SQL()
	if _, err := db.ExecContext(ctx, `CREATE TABLE load_raw_commits (id bigint PRIMARY KEY, payload text NOT NULL)`); err != nil {
		return 0, err
	}
	defer db.ExecContext(ctx, `DROP TABLE load_raw_commits`) //nolint:errcheck // best effort in a throw-away database
	n := 0
	start := time.Now()
	for time.Since(start) < d {
		n++
		if _, err := db.ExecContext(ctx, `INSERT INTO load_raw_commits (id, payload) VALUES ($1, $2)`, n, "x"); err != nil {
			return 0, err
		}
	}
	return float64(n) / time.Since(start).Seconds(), nil
}

// throwAwayDatabase creates an empty database on the server and returns its URL and a way to drop it.
func throwAwayDatabase(ctx context.Context, serverURL string) (string, func(), error) {
	admin, err := sql.Open("pgx", serverURL)
	if err != nil {
		return "", nil, err
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "wayfinder_load_" + hex.EncodeToString(b)
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		admin.Close()
		return "", nil, fmt.Errorf("creating a database: %w", err)
	}
	u, err := url.Parse(serverURL)
	if err != nil {
		return "", nil, err
	}
	u.Path = "/" + name
	drop := func() {
		_, _ = admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
		admin.Close()
	}
	return u.String(), drop, nil
}

type server struct {
	cmd *exec.Cmd
	url string
}

// start runs `wayfinder serve --demo` on a free port and waits until it is ready.
func start(binary, dsn string) (*server, error) {
	cmd := exec.Command(binary, "serve", "--demo", "--listen", "127.0.0.1:0", "--database-url", dsn, "--log-level", "warn")
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd}
	found := make(chan string, 1)
	go func() {
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
	}()
	select {
	case s.url = <-found:
	case <-time.After(30 * time.Second):
		s.stop()
		return nil, errors.New("the server did not start within 30 s")
	}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
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

func (s *server) stop() {
	_ = s.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
	}
}

// peakRSS reads the server's high-water mark of resident memory.
func (s *server) peakRSS() int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	m := regexp.MustCompile(`VmHWM:\s+(\d+) kB`).FindSubmatch(b)
	if m == nil {
		return 0
	}
	kb, _ := strconv.ParseInt(string(m[1]), 10, 64)
	return kb * 1024
}

var (
	formAction = regexp.MustCompile(`<form[^>]*method="post"[^>]*action="([^"]+)"`)
	hiddenFlow = regexp.MustCompile(`name="flow" value="([^"]*)"`)
)

// signIn walks the web sign-in as a browser does: /auth/login, the provider's sign-in form, the
// callback, and returns the session cookie. Cookies are carried by hand because the session cookie
// is __Host- and Secure, which Go's cookie jar keeps from plain-HTTP loopback addresses.
func signIn(base string) (string, error) {
	jar := map[string]string{}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	do := func(method, target string, form url.Values) (*http.Response, []byte, error) {
		var body io.Reader
		if form != nil {
			body = strings.NewReader(form.Encode())
		}
		req, err := http.NewRequest(method, target, body)
		if err != nil {
			return nil, nil, err
		}
		if form != nil {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Origin", base)
		}
		var pairs []string
		for k, v := range jar {
			pairs = append(pairs, k+"="+v)
		}
		slices.Sort(pairs)
		req.Header.Set("Cookie", strings.Join(pairs, "; "))
		res, err := client.Do(req)
		if err != nil {
			return nil, nil, err
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		for _, c := range res.Cookies() {
			if c.MaxAge < 0 {
				delete(jar, c.Name)
			} else {
				jar[c.Name] = c.Value
			}
		}
		return res, b, err
	}
	follow := func(res *http.Response, body []byte, from string) (*http.Response, []byte, string, error) {
		for i := 0; i < 10 && res.StatusCode/100 == 3; i++ {
			next, err := url.Parse(from)
			if err != nil {
				return nil, nil, "", err
			}
			if next, err = next.Parse(res.Header.Get("Location")); err != nil {
				return nil, nil, "", err
			}
			from = next.String()
			if res, body, err = do(http.MethodGet, from, nil); err != nil {
				return nil, nil, "", err
			}
		}
		return res, body, from, nil
	}

	res, body, err := do(http.MethodGet, base+"/auth/login?returnTo=/name-and-birth", nil)
	if err != nil {
		return "", err
	}
	res, body, page, err := follow(res, body, base+"/auth/login")
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
	form := url.Values{"email": {"member@demo.example.com"}, "password": {"demo-member-password"}}
	if f := hiddenFlow.FindSubmatch(body); f != nil {
		form.Set("flow", html.UnescapeString(string(f[1])))
	}
	res, body, err = do(http.MethodPost, action.String(), form)
	if err != nil {
		return "", err
	}
	if _, _, _, err = follow(res, body, action.String()); err != nil {
		return "", err
	}
	for name, value := range jar {
		if strings.HasSuffix(name, "wayfinder_session") {
			return name + "=" + value, nil
		}
	}
	return "", errors.New("no session cookie after signing in")
}

// saves are valid bodies of the kind members send, one step each.
var saves = [][]byte{
	[]byte(`{"fromSlug":"how-you-identify","data":[{"questionSlug":"how-you-identify","answers":[{"key":"female","value":""}]}],"utm":{}}`),
	[]byte(`{"fromSlug":"live-state","data":[{"questionSlug":"live-state","answers":[{"key":"CO","value":""}]}],"utm":{}}`),
	[]byte(`{"fromSlug":"your-challenge-is","data":[{"questionSlug":"your-challenge-is","answers":[{"key":"staying-focused","value":""},{"key":"time-management","value":""}]}],"utm":{}}`),
	[]byte(`{"fromSlug":"trouble-order","data":[{"questionSlug":"trouble-order","answers":[{"key":"often","value":""}]}],"utm":{}}`),
	[]byte(`{"fromSlug":"did-you-know-cbt","data":[],"utm":{}}`),
}

type result struct {
	rate     float64
	p50, p99 time.Duration
	peakRSS  int64
}

// load sends saves from every client for d and collects each one's latency.
func load(s *server, cookie string, d time.Duration) (result, error) {
	transport := &http.Transport{MaxIdleConnsPerHost: clients}
	client := &http.Client{Transport: transport, Timeout: 10 * time.Second}
	defer transport.CloseIdleConnections()
	var (
		mu        sync.Mutex
		latencies []time.Duration
		failed    atomic.Value
		n         atomic.Int64
	)
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	for c := range clients {
		wg.Go(func() {
			var mine []time.Duration
			for i := c; time.Now().Before(deadline); i++ {
				req, _ := http.NewRequest(http.MethodPut, s.url+"/api/onboarding/survey", bytes.NewReader(saves[i%len(saves)]))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Origin", s.url)
				req.Header.Set("Cookie", cookie)
				t0 := time.Now()
				res, err := client.Do(req)
				if err != nil {
					failed.Store(err)
					return
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusNoContent {
					failed.Store(fmt.Errorf("PUT answered %d", res.StatusCode))
					return
				}
				mine = append(mine, time.Since(t0))
				n.Add(1)
			}
			mu.Lock()
			latencies = append(latencies, mine...)
			mu.Unlock()
		})
	}
	start := time.Now()
	wg.Wait()
	elapsed := time.Since(start)
	if err, ok := failed.Load().(error); ok {
		return result{}, err
	}
	if len(latencies) == 0 {
		return result{}, errors.New("no save completed")
	}
	slices.Sort(latencies)
	at := func(q float64) time.Duration { return latencies[min(len(latencies)-1, int(q*float64(len(latencies))))] }
	return result{rate: float64(n.Load()) / elapsed.Seconds(), p50: at(0.50), p99: at(0.99), peakRSS: s.peakRSS()}, nil
}
