package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"wayfinder/internal/haproxytest"
	"wayfinder/internal/sealed"
	"wayfinder/internal/sqlstore/sqltest"
	"wayfinder/internal/survey"
	"wayfinder/internal/survey/surveytest"
	"wayfinder/internal/syncbuf"
)

// serveInChild, when set in the environment, makes the test binary run as the wayfinder command
// with its arguments: the multi-replica test starts its replicas this way, as processes it can kill,
// without building a second binary.
const serveInChild = "WAYFINDER_TEST_RUN_AS_COMMAND"

func TestMain(m *testing.M) {
	if os.Getenv(serveInChild) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestReplicasBehindHAProxy runs three replicas on one PostgreSQL behind HAProxy, as operators do,
// and walks members through sign-up and the survey with every request going round-robin through the
// balancer. Midway one replica is killed outright and another is restarted, as a rolling deploy
// does. No member request may fail and no answer may be lost; sessions, sign-in limits and the
// identity provider's state must hold whichever replica answers; two replicas refreshing one session
// at once must not sign the member out; and the three, started at once on an empty database, must
// migrate it together without harm.
func TestReplicasBehindHAProxy(t *testing.T) {
	pg := sqltest.Postgres(t)
	if pg == "" {
		t.Fatalf("this test needs PostgreSQL: set %s (make test sets it)", sqltest.EnvDatabaseURL)
	}
	if _, err := haproxytest.Binary(); err != nil {
		t.Fatal(err)
	}
	// The replicas' public address is the balancer's, which must be known before they start.
	ports := freePorts(t, 4)
	lb := "http://127.0.0.1:" + ports[3]

	// All three start at once on the empty database: migrations and the provider's first keys must
	// be made once, whoever gets there first, and sealed with the key they share.
	secretKey := sealed.NewKey()
	replicas := make([]*replica, 3)
	for i := range replicas {
		replicas[i] = &replica{name: fmt.Sprintf("r%d", i), port: ports[i], args: []string{
			"serve", "--listen", "127.0.0.1:" + ports[i], "--database-url", pg, "--public-url", lb,
			"--trusted-proxies", "127.0.0.1", "--log-level", "warn", "--secret-key", secretKey,
		}}
	}
	var wg sync.WaitGroup
	for _, r := range replicas {
		wg.Go(func() { r.start(t) })
	}
	wg.Wait()
	for _, r := range replicas {
		r.waitReady(t)
	}
	startHAProxy(t, ports[3], ports[:3])

	def, err := survey.Load()
	if err != nil {
		t.Fatal(err)
	}
	walk := surveytest.Complete(def)

	const nMembers = 6
	members := make([]*member, nMembers)
	for i := range members {
		members[i] = newMember(t, lb, i)
	}
	var failures failureLog
	for _, m := range members {
		wg.Go(func() { m.signUp(&failures) })
	}
	wg.Wait()
	failures.check(t, "signing up")

	// The walk: every member saves every step, one after another, with a pause a person would take,
	// and walks again until the replicas have been disrupted and one more walk has been made after
	// that. Each walk gives a new first name, so the last one read back proves the latest saves held.
	// The replicas are stopped and started on a schedule set by how many saves have been made.
	var saved atomic.Int64
	perWalk := int64(nMembers * len(walk))
	disrupted := make(chan struct{})
	var happened []string
	go func() {
		defer close(disrupted)
		waitFor(func() bool { return saved.Load() >= perWalk/3 })
		replicas[0].kill(t)
		happened = append(happened, "r0 killed")
		waitFor(func() bool { return saved.Load() >= perWalk*2/3 })
		replicas[1].stop(t)
		replicas[1].start(t)
		replicas[1].waitReady(t)
		happened = append(happened, "r1 restarted")
	}()
	lastWalk := make([][]survey.QuestionAnswers, nMembers)
	for i, m := range members {
		wg.Go(func() {
			for n, after := 1, false; !after; n++ {
				select {
				case <-disrupted:
					after = true // this walk starts after the disruptions: it is the last
				default:
				}
				lastWalk[i] = walkNamed(walk, fmt.Sprintf("Sam %d", n))
				for _, step := range lastWalk[i] {
					m.save(&failures, step)
					saved.Add(1)
					time.Sleep(30 * time.Millisecond)
				}
			}
		})
	}
	wg.Wait()
	if !slices.Equal(happened, []string{"r0 killed", "r1 restarted"}) {
		t.Errorf("disruptions during the walk = %v, want r0 killed, then r1 restarted", happened)
	}
	failures.check(t, "the walk")

	// Every answer is there, read back through the balancer from whichever replica answers.
	for i, m := range members {
		m.checkAnswers(t, lastWalk[i])
	}

	db, err := sql.Open("pgx", pg)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()

	t.Run("bearer tokens from any replica work on every replica", func(t *testing.T) {
		var token string
		if err := db.QueryRow(`SELECT access_token FROM web_sessions WHERE user_id = $1`, members[0].userID).Scan(&token); err != nil {
			t.Fatal(err)
		}
		for _, r := range []*replica{replicas[1], replicas[2]} {
			req, _ := http.NewRequest(http.MethodGet, "http://127.0.0.1:"+r.port+"/api/user/me", nil)
			req.Header.Set("Authorization", "Bearer "+token)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				t.Errorf("%s: GET /api/user/me with the session's bearer token = %d, want 200", r.name, res.StatusCode)
			}
		}
	})

	t.Run("two replicas refreshing one session at once keep the member signed in", func(t *testing.T) {
		m := members[1]
		if _, err := db.Exec(`UPDATE web_sessions SET access_token_expires_at = now() - interval '1 minute' WHERE user_id = $1`, m.userID); err != nil {
			t.Fatal(err)
		}
		var got [2]int
		var wg sync.WaitGroup
		for i := range got {
			wg.Go(func() { got[i] = m.status(http.MethodGet, "/api/user/me", nil) })
		}
		wg.Wait()
		after := m.status(http.MethodGet, "/api/user/me", nil)
		if got != [2]int{200, 200} || after != 200 {
			t.Errorf("GET /api/user/me twice at once as the access token expired = %v, then %d; want 200s", got, after)
		}
		var sessions int
		var expires time.Time
		if err := db.QueryRow(`SELECT count(*), max(access_token_expires_at) FROM web_sessions WHERE user_id = $1`, m.userID).Scan(&sessions, &expires); err != nil {
			t.Fatal(err)
		}
		if sessions != 1 || !expires.After(time.Now()) {
			t.Errorf("after the refresh: %d sessions, access token good until %v; want 1, in the future", sessions, expires)
		}
	})

	t.Run("sign-in limits hold across replicas", func(t *testing.T) {
		m := members[2]
		var codes []int
		for range 6 {
			codes = append(codes, m.signIn("not-the-password"))
		}
		// Five wrong passwords from one address are told so (pairAttemptLimit); the sixth is refused
		// without a check, though each attempt went to the next replica.
		want := []int{401, 401, 401, 401, 401, 429}
		if !slices.Equal(codes, want) {
			t.Errorf("six wrong passwords in a row answered %v, want %v", codes, want)
		}
	})

	t.Run("the three replicas migrated once", func(t *testing.T) {
		var versions, distinct int
		if err := db.QueryRow(`SELECT count(*), count(DISTINCT version) FROM schema_migrations`).Scan(&versions, &distinct); err != nil {
			t.Fatal(err)
		}
		if versions == 0 || versions != distinct {
			t.Errorf("schema_migrations holds %d rows for %d versions, want one per version", versions, distinct)
		}
	})
}

// walkNamed returns the walk with the member's first name set to name.
func walkNamed(walk []survey.QuestionAnswers, name string) []survey.QuestionAnswers {
	answers := surveytest.BySlug(walk)[survey.SlugNameAndBirth]
	renamed := slices.Clone(answers)
	for i := range renamed {
		if renamed[i].Key == survey.KeyFirstName {
			renamed[i].Value = name
		}
	}
	out := slices.Clone(walk)
	for i := range out {
		if out[i].QuestionSlug == survey.SlugNameAndBirth {
			out[i].Answers = renamed
		}
	}
	return out
}

// replica is one `wayfinder serve` process of the test binary.
type replica struct {
	name string
	port string
	args []string
	// bin is the program to run, the test binary itself by default; prepare, when set, adjusts
	// the command before it starts (its user, directory and environment).
	bin     string
	prepare func(*exec.Cmd)
	cmd     *exec.Cmd
	logs    *syncbuf.Buffer
	done    chan struct{}
}

func (r *replica) start(t *testing.T) {
	t.Helper()
	r.logs = &syncbuf.Buffer{}
	bin := r.bin
	if bin == "" {
		bin = os.Args[0]
	}
	r.cmd = exec.Command(bin, r.args...)
	r.cmd.Env = append(os.Environ(), serveInChild+"=1")
	if r.prepare != nil {
		r.prepare(r.cmd)
	}
	r.cmd.Stdout, r.cmd.Stderr = r.logs, r.logs
	if err := r.cmd.Start(); err != nil {
		t.Fatalf("%s: %v", r.name, err)
	}
	r.done = make(chan struct{})
	go func(cmd *exec.Cmd, done chan struct{}) { _ = cmd.Wait(); close(done) }(r.cmd, r.done)
	t.Cleanup(func() { r.kill(t) })
}

func (r *replica) waitReady(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		res, err := http.Get("http://127.0.0.1:" + r.port + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		select {
		case <-r.done:
			t.Fatalf("%s stopped before it was ready:\n%s", r.name, r.logs.String())
		case <-time.After(50 * time.Millisecond):
		}
	}
	t.Fatalf("%s not ready within 30 s:\n%s", r.name, r.logs.String())
}

// kill stops the replica at once, as a crash or an out-of-memory kill does.
func (r *replica) kill(t *testing.T) {
	t.Helper()
	select {
	case <-r.done:
		return
	default:
	}
	_ = r.cmd.Process.Kill()
	<-r.done
}

// stop asks the replica to finish its requests and stop, as a deploy does.
func (r *replica) stop(t *testing.T) {
	t.Helper()
	_ = r.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-r.done:
	case <-time.After(20 * time.Second):
		t.Fatalf("%s did not stop within 20 s of SIGTERM", r.name)
	}
	if code := r.cmd.ProcessState.ExitCode(); code != 0 {
		t.Errorf("%s exited with %d after SIGTERM, want 0:\n%s", r.name, code, r.logs.String())
	}
}

// startHAProxy runs the balancer on port, in front of the replicas on replicaPorts.
func startHAProxy(t *testing.T, port string, replicaPorts []string) {
	t.Helper()
	var servers []string
	for _, p := range replicaPorts {
		servers = append(servers, "127.0.0.1:"+p)
	}
	haproxytest.Start(t, "127.0.0.1:"+port, servers)
}

// member is one person in their own browser: a cookie jar, and an address of their own, which the
// balancer passes on in X-Forwarded-For.
type member struct {
	t        *testing.T
	lb       string
	email    string
	password string
	address  string
	client   *http.Client
	userID   string
}

func newMember(t *testing.T, lb string, i int) *member {
	jar, _ := cookiejar.New(nil)
	return &member{
		t: t, lb: lb,
		email:    fmt.Sprintf("replica-member-%d@example.com", i),
		password: "steady-harbour-" + strconv.Itoa(1000+i),
		address:  fmt.Sprintf("203.0.113.%d", 10+i),
		client:   &http.Client{Jar: jar, Timeout: 20 * time.Second},
	}
}

var (
	signInForm   = regexp.MustCompile(`<form[^>]*method="post"[^>]*action="([^"]+)"`)
	flowField    = regexp.MustCompile(`name="flow" value="([^"]*)"`)
	continueForm = regexp.MustCompile(`<form[^>]*method="get"[^>]*action="([^"]+/continue)"`)
)

// do sends one request as the member, through the balancer.
func (m *member) do(method, target string, body io.Reader, contentType string) (*http.Response, []byte, error) {
	if !strings.HasPrefix(target, "http") {
		target = m.lb + target
	}
	req, err := http.NewRequest(method, target, body)
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("X-Forwarded-For", m.address)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := m.client.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res, b, err
}

func (m *member) status(method, path string, body []byte) int {
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	res, _, err := m.do(method, path, r, "application/json")
	if err != nil {
		m.t.Errorf("%s %s: %v", method, path, err)
		return 0
	}
	return res.StatusCode
}

// signUp makes the member's account through the embedded provider's pages and starts their web
// session: /auth/login, the sign-up form, "check your inbox" and its Continue, each request on the
// next replica.
func (m *member) signUp(failures *failureLog) {
	res, body, err := m.do(http.MethodGet, "/auth/login?returnTo=/name-and-birth&signup=1", nil, "")
	if err != nil || res.StatusCode != http.StatusOK {
		failures.add("%s: open sign-up: %v %v", m.email, statusOf(res), err)
		return
	}
	res, body, err = m.postForm(res, body, m.password)
	if err != nil || res.StatusCode != http.StatusOK {
		failures.add("%s: sign up: %v %v", m.email, statusOf(res), err)
		return
	}
	if c := continueForm.FindSubmatch(body); c != nil {
		next, _ := res.Request.URL.Parse(html.UnescapeString(string(c[1])))
		q := url.Values{}
		if f := flowField.FindSubmatch(body); f != nil {
			q.Set("flow", html.UnescapeString(string(f[1])))
		}
		next.RawQuery = q.Encode()
		if res, _, err = m.do(http.MethodGet, next.String(), nil, ""); err != nil || res.StatusCode != http.StatusOK {
			failures.add("%s: continue after sign-up: %v %v", m.email, statusOf(res), err)
			return
		}
	}
	if res.Request.URL.Path != "/name-and-birth" {
		failures.add("%s: sign-up ended at %s, want /name-and-birth", m.email, res.Request.URL.Path)
		return
	}
	_, me, err := m.do(http.MethodGet, "/api/user/me", nil, "")
	var profile struct {
		Me struct {
			UserID string `json:"userId"`
		} `json:"me"`
	}
	if err != nil || json.Unmarshal(me, &profile) != nil || profile.Me.UserID == "" {
		failures.add("%s: GET /api/user/me after sign-up: %v %s", m.email, err, me)
		return
	}
	m.userID = profile.Me.UserID
}

// signIn posts the sign-in form with password, from a browser with no session, and returns the
// status of the answer to the form.
func (m *member) signIn(password string) int {
	jar, _ := cookiejar.New(nil)
	fresh := *m
	fresh.client = &http.Client{Jar: jar, Timeout: 20 * time.Second}
	res, body, err := fresh.do(http.MethodGet, "/auth/login?returnTo=/name-and-birth", nil, "")
	if err != nil || res.StatusCode != http.StatusOK {
		m.t.Fatalf("open sign-in: %v %v", statusOf(res), err)
	}
	res, _, err = fresh.postForm(res, body, password)
	if err != nil {
		m.t.Fatalf("sign in: %v", err)
	}
	return res.StatusCode
}

// postForm fills the sign-in or sign-up form on the page res and body hold, and posts it.
func (m *member) postForm(res *http.Response, body []byte, password string) (*http.Response, []byte, error) {
	f := signInForm.FindSubmatch(body)
	if f == nil {
		return nil, nil, fmt.Errorf("no form on %s", res.Request.URL)
	}
	action, err := res.Request.URL.Parse(html.UnescapeString(string(f[1])))
	if err != nil {
		return nil, nil, err
	}
	form := url.Values{"email": {m.email}, "password": {password}}
	if flow := flowField.FindSubmatch(body); flow != nil {
		form.Set("flow", html.UnescapeString(string(flow[1])))
	}
	return m.do(http.MethodPost, action.String(), strings.NewReader(form.Encode()), "application/x-www-form-urlencoded")
}

// save sends one step's answers, as the app does when the member presses Next.
func (m *member) save(failures *failureLog, step survey.QuestionAnswers) {
	body, _ := json.Marshal(map[string]any{"fromSlug": step.QuestionSlug, "data": []survey.QuestionAnswers{step}, "utm": map[string]string{}})
	res, b, err := m.do(http.MethodPut, "/api/onboarding/survey", bytes.NewReader(body), "application/json")
	if err != nil || res.StatusCode/100 != 2 {
		failures.add("%s: save %s: %v %v %s", m.email, step.QuestionSlug, statusOf(res), err, b)
	}
}

// checkAnswers reads the member's saved answers back and wants every step of the walk, as sent.
func (m *member) checkAnswers(t *testing.T, walk []survey.QuestionAnswers) {
	t.Helper()
	res, b, err := m.do(http.MethodGet, "/api/onboarding/survey", nil, "")
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("%s: GET /api/onboarding/survey: %v %v", m.email, statusOf(res), err)
	}
	var state struct {
		Answers []survey.QuestionAnswers `json:"answers"`
	}
	if err := json.Unmarshal(b, &state); err != nil {
		t.Fatalf("%s: %v in %s", m.email, err, b)
	}
	got := surveytest.BySlug(state.Answers)
	for slug, want := range surveytest.BySlug(walk) {
		if fmt.Sprint(got[slug]) != fmt.Sprint(want) {
			t.Errorf("%s: answers to %s = %v, want %v", m.email, slug, got[slug], want)
		}
	}
}

// failureLog collects failed requests from many members at once.
type failureLog struct {
	mu   sync.Mutex
	list []string
}

func (f *failureLog) add(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.list = append(f.list, fmt.Sprintf(format, args...))
}

func (f *failureLog) check(t *testing.T, during string) {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.list) > 0 {
		t.Fatalf("%d requests failed during %s, want none:\n%s", len(f.list), during, strings.Join(f.list, "\n"))
	}
}

func statusOf(res *http.Response) any {
	if res == nil {
		return "no answer"
	}
	return res.StatusCode
}

// freePorts returns n ports that were free a moment ago.
func freePorts(t *testing.T, n int) []string {
	t.Helper()
	var ports []string
	var listeners []net.Listener
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		listeners = append(listeners, l)
		ports = append(ports, strconv.Itoa(l.Addr().(*net.TCPAddr).Port))
	}
	for _, l := range listeners {
		l.Close()
	}
	return ports
}

// waitFor polls cond until it holds, for at most a minute.
func waitFor(cond func() bool) {
	for deadline := time.Now().Add(time.Minute); !cond() && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
}
