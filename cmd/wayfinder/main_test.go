package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"wayfinder/internal/sqlstore"
	"wayfinder/internal/syncbuf"
)

func noEnv(string) string { return "" }

// startServe runs `wayfinder serve` in-process on a free port and returns its URL, its logs and
// a stop function that cancels it like SIGTERM and returns run's error.
func startServe(t *testing.T, args ...string) (url string, logs *syncbuf.Buffer, stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stdout, stderr := &syncbuf.Buffer{}, &syncbuf.Buffer{}
	done := make(chan error, 1)
	all := append([]string{"serve", "--listen", "127.0.0.1:0", "--database-url", filepath.Join(t.TempDir(), "w.db")}, args...)
	go func() { done <- run(ctx, all, noEnv, strings.NewReader(""), stdout, stderr) }()
	re := regexp.MustCompile(`running at (http://\S+)`)
	deadline := time.Now().Add(10 * time.Second)
	for {
		if m := re.FindStringSubmatch(stdout.String()); m != nil {
			url = m[1]
			break
		}
		select {
		case err := <-done:
			cancel()
			t.Fatalf("serve stopped before it started: %v\n%s", err, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("serve did not start in 10 s:\n%s", stderr.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	var once sync.Once
	var stopErr error
	stop = func() error {
		once.Do(func() {
			cancel()
			select {
			case stopErr = <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("serve did not stop within 20 s of cancellation")
			}
		})
		return stopErr
	}
	t.Cleanup(func() { _ = stop() })
	return url, stderr, stop
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

func TestServeStartsAndStops(t *testing.T) {
	url, logs, stop := startServe(t)
	tests := []struct {
		path       string
		wantStatus int
		wantBody   string
	}{
		{"/healthz", 200, `"status":"ok"`},
		{"/readyz", 200, `"status":"ready"`},
		{"/metrics", 200, "wayfinder_build_info"},
		{"/metrics", 200, `go_sql_open_connections{db_name="wayfinder"}`},
		{"/api/nope", 404, `"status":404`},
		{"/account/meet-your-coach", 200, "<html"},
	}
	for _, tt := range tests {
		status, body := get(t, url+tt.path)
		if status != tt.wantStatus || !strings.Contains(body, tt.wantBody) {
			t.Errorf("GET %s = %d %q, want %d containing %q", tt.path, status, body, tt.wantStatus, tt.wantBody)
		}
	}
	if err := stop(); err != nil {
		t.Errorf("run() after cancel = %v, want nil", err)
	}
	for _, want := range []string{`"msg":"server started"`, `"msg":"shutting down"`, `"msg":"stopped"`, `"request_id":`} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("logs do not contain %s:\n%s", want, logs.String())
		}
	}
}

// TestGracefulShutdown checks that a request under way when the server is told to stop still
// gets its answer, and that one slower than the timeout makes shutdown report it.
func TestGracefulShutdown(t *testing.T) {
	tests := []struct {
		name    string
		work    time.Duration
		timeout time.Duration
		wantErr string
	}{
		{name: "in-flight request finishes", work: 300 * time.Millisecond, timeout: 5 * time.Second},
		{name: "request slower than the timeout", work: 3 * time.Second, timeout: 200 * time.Millisecond, wantErr: "did not finish within 200ms"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			started := make(chan struct{})
			srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				close(started)
				time.Sleep(tt.work)
				_, _ = io.WriteString(w, "done")
			})}
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			stopped := make(chan error, 1)
			go func() { stopped <- serveUntilDone(ctx, slog.New(slog.DiscardHandler), srv, ln, tt.timeout) }()
			type reply struct {
				status int
				body   string
				err    error
			}
			replied := make(chan reply, 1)
			go func() {
				res, err := http.Get("http://" + ln.Addr().String() + "/")
				if err != nil {
					replied <- reply{err: err}
					return
				}
				b, _ := io.ReadAll(res.Body)
				res.Body.Close()
				replied <- reply{status: res.StatusCode, body: string(b)}
			}()
			<-started
			cancel()
			err = <-stopped
			if tt.wantErr == "" {
				if err != nil {
					t.Errorf("serveUntilDone() = %v, want nil", err)
				}
				if r := <-replied; r.err != nil || r.status != 200 || r.body != "done" {
					t.Errorf("in-flight request got %d %q (%v), want 200 done", r.status, r.body, r.err)
				}
			} else if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("serveUntilDone() = %v, want an error containing %q", err, tt.wantErr)
			}
			if _, err := net.Dial("tcp", ln.Addr().String()); err == nil {
				t.Error("the listener still accepts connections after shutdown")
			}
		})
	}
}

func TestStartUpErrorsNameTheSetting(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	dir := t.TempDir()
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown driver", []string{"serve", "--database-url", "mysql://root@localhost/x"}, `WAYFINDER_DATABASE_URL (--database-url): unsupported database "mysql"`},
		{"unreachable database", []string{"serve", "--database-url", "postgres://postgres:hunter2@127.0.0.1:1/x?connect_timeout=2"}, "WAYFINDER_DATABASE_URL (--database-url):"},
		{"port in use", []string{"serve", "--database-url", filepath.Join(dir, "a.db"), "--listen", busy.Addr().String()}, "WAYFINDER_LISTEN (--listen): " + busy.Addr().String() + " is already in use"},
		{"malformed URL", []string{"serve", "--public-url", "not a url"}, "WAYFINDER_PUBLIC_URL (--public-url)"},
		{"stray argument", []string{"serve", "--database-url", filepath.Join(dir, "b.db"), "extra"}, `unexpected argument "extra"`},
		{"bad SMTP URL", []string{"serve", "--smtp-url", "smtps://mailer:hunter2@mail.example.com:0", "--mail-from", "hello@example.com"}, "WAYFINDER_SMTP_URL (--smtp-url): has no valid port"},
		{"SMTP without a sender", []string{"serve", "--smtp-url", "smtp://mailer:hunter2@mail.example.com"}, "WAYFINDER_MAIL_FROM (--mail-from): must be set"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := run(context.Background(), tt.args, noEnv, strings.NewReader(""), io.Discard, io.Discard)
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("run(%v) = %v, want an error starting %q", tt.args, err, tt.want)
			}
			if strings.Contains(err.Error(), "hunter2") {
				t.Errorf("the error %q shows the database password", err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("the error %q is more than one line", err)
			}
		})
	}
}

func TestCommands(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args    []string
		wantErr bool
		wantOut string
	}{
		{args: []string{"version"}, wantOut: "wayfinder dev"},
		{args: []string{"--help"}, wantOut: "wayfinder serve"},
		{args: []string{"help"}, wantOut: "wayfinder migrate"},
		{args: []string{"migrate", "--database-url", filepath.Join(dir, "m.db")}, wantOut: "The sqlite database is at schema version"},
		{args: []string{"migrate", "--database-url", filepath.Join(dir, "m.db")}, wantOut: "The sqlite database is at schema version"},
		{args: []string{"frobnicate"}, wantErr: true},
		{args: nil, wantErr: true},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		err := run(context.Background(), tt.args, noEnv, strings.NewReader(""), &out, io.Discard)
		if (err != nil) != tt.wantErr {
			t.Errorf("run(%v) error = %v, want error %v", tt.args, err, tt.wantErr)
		}
		if !strings.Contains(out.String(), tt.wantOut) {
			t.Errorf("run(%v) printed %q, want %q", tt.args, out.String(), tt.wantOut)
		}
	}
}

func TestUsersCreate(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	tests := []struct {
		name    string
		args    []string
		stdin   string
		wantErr string
		wantOut string
	}{
		{name: "staff account", args: []string{"--email", "Ops@Example.com", "--role", "staff"}, stdin: "a calm long passphrase\n", wantOut: "Created the staff account ops@example.com"},
		{name: "same email again", args: []string{"--email", "ops@example.com", "--role", "member"}, stdin: "another long passphrase\n", wantErr: "exists already"},
		{name: "weak password", args: []string{"--email=new@example.com", "--role=member"}, stdin: "short\n", wantErr: "at least"},
		{name: "no password", args: []string{"--email", "new@example.com", "--role", "member"}, stdin: "", wantErr: "no password on standard input"},
		{name: "unknown role", args: []string{"--email", "new@example.com", "--role", "owner"}, stdin: "a calm long passphrase\n", wantErr: `--role must be member, staff or admin, not "owner"`},
		{name: "no email", args: []string{"--role", "member"}, stdin: "a calm long passphrase\n", wantErr: "--email is required"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			args := append([]string{"users", "create", "--database-url", db}, tt.args...)
			err := run(context.Background(), args, noEnv, strings.NewReader(tt.stdin), &out, io.Discard)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("run(%v) = %v, want an error containing %q", tt.args, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("run(%v) = %v", tt.args, err)
			}
			if !strings.Contains(out.String(), tt.wantOut) {
				t.Errorf("printed %q, want %q", out.String(), tt.wantOut)
			}
		})
	}
}

// serveDemoOnce starts `serve --demo` on dbPath, stops it as soon as it is running, and returns what
// it printed.
func serveDemoOnce(t *testing.T, dbPath string) string {
	t.Helper()
	stdout := &syncbuf.Buffer{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--demo", "--listen", "127.0.0.1:0", "--database-url", dbPath},
			noEnv, strings.NewReader(""), stdout, io.Discard)
	}()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(stdout.String(), "running at") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("run() = %v", err)
	}
	return stdout.String()
}

func TestServeDemoPrintsCredentials(t *testing.T) {
	stdout := serveDemoOnce(t, filepath.Join(t.TempDir(), "d.db"))
	for _, a := range demoAccounts {
		if !strings.Contains(stdout, a.email) || !strings.Contains(stdout, a.password) {
			t.Errorf("stdout %q does not show the demo account %s and its password", stdout, a.email)
		}
	}
}

// TestServeDemoSeedsCoaches starts in demo mode twice on one database: the six demo coaches are there
// once each, with media addresses under the public URL, and every media file they name ships with the
// app.
func TestServeDemoSeedsCoaches(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "d.db")
	serveDemoOnce(t, dbPath)
	serveDemoOnce(t, dbPath)
	db, err := sqlstore.Open(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	coaches, err := db.ListCoaches(context.Background(), true)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(coaches), len(demoCoaches); got != want {
		t.Fatalf("%d active coaches, want %d", got, want)
	}
	if plans, err := db.Plans(context.Background(), true); err != nil || len(plans) != len(demoPlans) {
		t.Errorf("%d active plans (%v), want the %d demo plans", len(plans), err, len(demoPlans))
	}
	videos, vimeo := 0, 0
	for _, c := range coaches {
		for _, u := range []string{c.Coach.AvatarURL, c.Coach.IntroVideoURL, c.Coach.CaptionsURL} {
			if strings.HasPrefix(u, "https://vimeo.com/") {
				vimeo++
				continue
			}
			if u == "" {
				continue
			}
			if !strings.HasPrefix(u, "http://127.0.0.1:") {
				t.Errorf("%s: media address %q is not under the public URL", c.Coach.ID, u)
			}
			file := filepath.Join("..", "..", "web", "public", filepath.FromSlash(u[strings.Index(u, "/media/"):]))
			if _, err := os.Stat(file); err != nil {
				t.Errorf("%s: %s does not ship with the app: %v", c.Coach.ID, u, err)
			}
		}
		if c.Coach.IntroVideoURL != "" {
			videos++
		}
	}
	if videos < 2 || vimeo != 1 {
		t.Errorf("%d coaches with videos, %d on Vimeo; want a file and a Vimeo video", videos, vimeo)
	}
}

func TestCoachesImport(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "d.db")
	env := func(k string) string {
		return map[string]string{"WAYFINDER_PUBLIC_URL": "https://start.example.com"}[k]
	}
	importFile := func(body string) (string, error) {
		var out bytes.Buffer
		err := run(context.Background(), []string{"coaches", "import", "--database-url", dbPath}, env, strings.NewReader(body), &out, io.Discard)
		return out.String(), err
	}
	good := `{"coaches":[
		{"coachId":"rae","firstName":"Rae","lastName":"Lin","tags":"Focus, Calm","timezone":"America/Denver",
		 "avatarUrl":"/media/coaches/rae.png","introVideoUrl":"https://vimeo.com/1","active":true,"capacity":12},
		{"coachId":"ola","firstName":"Ola","lastName":"Berg","active":false,"capacity":0}]}`
	tests := []importCase{
		{"two coaches", good, "", "Stored Rae Lin (coachId rae): takes new members, up to 12."},
		{"the same file again updates them", good, "", "Stored Rae Lin"},
		{"a coach without a last name", `{"coaches":[{"coachId":"al","firstName":"Al","active":true,"capacity":1},{"coachId":"rae","firstName":"Rae","lastName":"Lin","active":true,"capacity":99}]}`,
			"coach 1 (al): The coach Al  needs another look. lastName: is required", ""},
		{"a coach without an id", `{"coaches":[{"firstName":"Al","lastName":"Bo","active":true,"capacity":1}]}`, `give a "coachId", such as "al"`, ""},
		{"capacity left out", `{"coaches":[{"coachId":"al","firstName":"Al","lastName":"Bo","active":true}]}`, `give "active" and "capacity"`, ""},
		{"an unknown field", `{"coaches":[{"firstName":"Al","lastName":"Bo","active":true,"capacity":1,"salary":9}]}`, "unknown field", ""},
		{"not JSON", `coaches: []`, "reading the coaches", ""},
	}
	checkImports(t, importFile, tests)

	db, err := sqlstore.Open(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	all, err := db.ListCoaches(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 2 {
		t.Fatalf("%d coaches stored, want 2 (Rae and Ola, once each)", len(all))
	}
	rae, err := db.CoachByID(context.Background(), "rae")
	if err != nil {
		t.Fatal(err)
	}
	if rae.Capacity != 12 || rae.AvatarURL != "https://start.example.com/media/coaches/rae.png" || rae.IntroVideoURL != "https://vimeo.com/1" {
		t.Errorf("rae = %+v: the refused file changed her, or the media addresses are wrong", rae)
	}
}

func TestPlansImport(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "d.db")
	importFile := func(body string) (string, error) {
		var out bytes.Buffer
		err := run(context.Background(), []string{"plans", "import", "--database-url", dbPath}, noEnv, strings.NewReader(body), &out, io.Discard)
		return out.String(), err
	}
	steady := `{"id":"steady","name":"Steady","price":{"amount":12900,"currency":"usd","interval":"month"},"stripePriceId":"price_1",
		"includes":["Two sessions a month"],"trialDays":7,"support":"standard","active":true}`
	good := `{"plans":[` + steady + `,
		{"id":"kickstart","name":"Kickstart","price":{"amount":14900,"currency":"usd","interval":"once"},"stripePriceId":"price_2",
		 "includes":["Three sessions"],"trialDays":0,"support":"light","active":false}]}`
	tests := []importCase{
		{"two plans", good, "", "Stored Steady (id steady, 129.00 USD a month): offered."},
		{"the same file again", good, "", "Stored Kickstart (id kickstart, 149.00 USD once): not offered to new members."},
		{"one bad plan changes nothing", `{"plans":[{"id":"steady","name":"Changed","price":{"amount":1,"currency":"usd","interval":"month"},"stripePriceId":"price_1",
			"includes":["x"],"trialDays":0,"support":"standard","active":true},
			{"id":"bad","name":"Bad","price":{"amount":100,"currency":"usd","interval":"once"},"stripePriceId":"price_3",
			"includes":["x"],"trialDays":7,"support":"light","active":true}]}`, "plan 2 (bad):", ""},
		{"the same id twice", `{"plans":[` + steady + `,` + steady + `]}`, "already used by an earlier plan", ""},
		{"a field left out", `{"plans":[{"id":"x","name":"X","price":{"amount":1,"currency":"usd","interval":"month"},"stripePriceId":"p","includes":["x"],"support":"light","active":true}]}`,
			"give every field", ""},
		{"an unknown field", `{"plans":[{"id":"x","discount":5}]}`, "unknown field", ""},
		{"no plans", `{"plans":[]}`, "lists no plans", ""},
		{"not JSON", `plans: []`, "reading the plans", ""},
	}
	checkImports(t, importFile, tests)
	db, err := sqlstore.Open(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	plans, err := db.Plans(context.Background(), false)
	if err != nil || len(plans) != 2 {
		t.Fatalf("%d plans stored (%v), want 2", len(plans), err)
	}
	if p, _ := db.PlanByID(context.Background(), "steady"); p.Name != "Steady" || p.Price.Amount != 12900 {
		t.Errorf("steady = %+v: the refused file changed it", p)
	}
}

func TestPaymentsNeedStripeOutsideDemo(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"serve", "--payment-enabled", "--database-url", filepath.Join(dir, "a.db")},
		{"serve", "--payment-hostnames", "pay.example.com", "--database-url", filepath.Join(dir, "a.db")},
		{"serve", "--payment-enabled", "--stripe-secret-key", "sk_test_1", "--database-url", filepath.Join(dir, "a.db")},
	} {
		err := run(context.Background(), args, noEnv, strings.NewReader(""), io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "WAYFINDER_STRIPE_WEBHOOK_SECRET") || strings.Contains(err.Error(), "sk_test_1") {
			t.Errorf("run(%v) = %v, want a refusal naming what to set, without the key", args, err)
		}
	}
}

// importCase is one file given to an import command, and what it must answer.
type importCase struct {
	name, body string
	wantErr    string // "" for success
	wantOut    string
}

// checkImports runs each case through importFile, in order, and checks its error and output.
func checkImports(t *testing.T, importFile func(body string) (string, error), tests []importCase) {
	t.Helper()
	for _, tt := range tests {
		out, err := importFile(tt.body)
		if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("%s: error = %v, want %q", tt.name, err, tt.wantErr)
		}
		if !strings.Contains(out, tt.wantOut) {
			t.Errorf("%s: output %q does not contain %q", tt.name, out, tt.wantOut)
		}
	}
}

// TestServeMail checks how serve sends email in each set-up: through SMTP (its password never
// logged), printed in a demo without SMTP, or not at all, said once. In every case the mail
// metrics are on /metrics and serve stops cleanly.
func TestServeMail(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		wantLogs []string
		noLogs   []string
	}{
		{"SMTP", []string{"--smtp-url", "smtp://mailer:hunter2@127.0.0.1:1", "--mail-from", "Wayfinder <hello@example.com>"},
			[]string{`"msg":"emails are sent through SMTP"`, `"server":"smtp://mailer:xxxxx@127.0.0.1:1"`}, []string{"hunter2", "email is off"}},
		{"demo without SMTP", []string{"--demo"}, []string{"printed to standard output"}, []string{"email is off"}},
		{"neither", nil, []string{`"level":"WARN","msg":"email is off`}, []string{"printed to standard output"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url, logs, stop := startServe(t, tt.args...)
			if status, body := get(t, url+"/metrics"); status != 200 || !strings.Contains(body, `wayfinder_mail_sent_total{kind="password-reset"} 0`) {
				t.Errorf("GET /metrics = %d without the mail counters:\n%s", status, body)
			}
			if err := stop(); err != nil {
				t.Errorf("run() after cancel = %v, want nil", err)
			}
			for _, want := range tt.wantLogs {
				if !strings.Contains(logs.String(), want) {
					t.Errorf("the logs lack %s:\n%s", want, logs.String())
				}
			}
			for _, unwanted := range tt.noLogs {
				if strings.Contains(logs.String(), unwanted) {
					t.Errorf("the logs contain %s:\n%s", unwanted, logs.String())
				}
			}
		})
	}
}

// TestVersionNamesTheBuild wants the version to name the commit and its time that the build
// stamped in, as `make build` does.
func TestVersionNamesTheBuild(t *testing.T) {
	oldRev, oldTime := buildRevision, buildTime
	t.Cleanup(func() { buildRevision, buildTime = oldRev, oldTime })
	buildRevision, buildTime = "0123456789abcdef0123456789abcdef01234567", "2026-11-24T07:57:15Z"
	got := versionString()
	for _, want := range []string{"0123456789ab", "committed 2026-11-24T07:57:15Z", "go1."} {
		if !strings.Contains(got, want) {
			t.Errorf("versionString() = %q, want it to contain %q", got, want)
		}
	}
	if strings.Contains(got, "0123456789abc") {
		t.Errorf("versionString() = %q, want the commit cut to 12 characters", got)
	}
}

// TestAdminAddress wants /metrics on the operators' address and off the members' one, the
// profiler only when turned on, and health probes kept out of the log at its default level.
func TestAdminAddress(t *testing.T) {
	for _, pprofOn := range []bool{false, true} {
		t.Run(fmt.Sprintf("pprof %v", pprofOn), func(t *testing.T) {
			admin := "127.0.0.1:" + freePorts(t, 1)[0]
			args := []string{"--admin-listen", admin}
			if pprofOn {
				args = append(args, "--admin-pprof")
			}
			base, logs, _ := startServe(t, args...)
			if code, _ := get(t, base+"/metrics"); code != http.StatusNotFound {
				t.Errorf("GET /metrics on the members' address = %d, want 404", code)
			}
			get(t, base+"/readyz")
			code, body := get(t, "http://"+admin+"/metrics")
			if code != http.StatusOK || !strings.Contains(body, "wayfinder_signups_total 0") || !strings.Contains(body, "wayfinder_build_info") ||
				!strings.Contains(body, "wayfinder_mail_outbox_depth 0") {
				t.Errorf("GET /metrics on the admin address = %d, want 200 with the sign-up counter, the outbox depth and the build", code)
			}
			// A sign-up on the embedded provider's page is counted.
			var failures failureLog
			newMember(t, base, 0).signUp(&failures)
			failures.check(t, "signing up")
			if _, body := get(t, "http://"+admin+"/metrics"); !strings.Contains(body, "wayfinder_signups_total 1") {
				t.Errorf("the metrics after one sign-up lack wayfinder_signups_total 1")
			}
			wantPprof := http.StatusNotFound
			if pprofOn {
				wantPprof = http.StatusOK
			}
			if code, _ := get(t, "http://"+admin+"/debug/pprof/"); code != wantPprof {
				t.Errorf("GET /debug/pprof/ on the admin address = %d, want %d", code, wantPprof)
			}
			if strings.Contains(logs.String(), `"route":"GET /readyz"`) {
				t.Errorf("a health probe was logged at the default level:\n%s", logs.String())
			}
		})
	}
}
