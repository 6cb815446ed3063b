package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"wayfinder/internal/sqlstore"
	"wayfinder/internal/survey"
	"wayfinder/internal/survey/surveytest"
)

// TestBackupWhileSavingThenRestore backs the SQLite database up while the demo member keeps saving,
// then restores the backup as docs/deploying.md says (the file in place of the database, started
// with no write-ahead log beside it) and starts a server on it: every save acknowledged before the
// backup began must be there, through the API and in the answers' history.
func TestBackupWhileSavingThenRestore(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "live.db")
	base, _, stop := startServe(t, "--demo", "--database-url", dbPath)
	member := demoAccounts[0]
	browser := signInBrowser(t, base, member.email, member.password)

	// One writer renames the member on every save, so each save is a new, numbered answer; three
	// more keep other steps busy, as other members would.
	var (
		acked   atomic.Int64 // the highest numbered save acknowledged so far
		halt    = make(chan struct{})
		wg      sync.WaitGroup
		failure atomic.Value
	)
	save := func(step survey.QuestionAnswers) {
		body, _ := json.Marshal(map[string]any{"fromSlug": step.QuestionSlug, "data": []survey.QuestionAnswers{step}, "utm": map[string]string{}})
		req, _ := http.NewRequest(http.MethodPut, base+"/api/onboarding/survey", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		res, err := browser.Do(req)
		if err != nil {
			failure.Store(err.Error())
			return
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusNoContent {
			failure.Store(fmt.Sprintf("save %s: %d %s", step.QuestionSlug, res.StatusCode, b))
		}
	}
	wg.Go(func() {
		for n := int64(1); ; n++ {
			select {
			case <-halt:
				return
			default:
			}
			save(survey.QuestionAnswers{QuestionSlug: survey.SlugNameAndBirth, Answers: numbered(n)})
			if failure.Load() == nil {
				acked.Store(n)
			}
		}
	})
	for w := range 3 {
		wg.Go(func() {
			options := []string{"often", "sometimes"}
			for i := 0; ; i++ {
				select {
				case <-halt:
					return
				default:
				}
				slug := []string{"trouble-order", "trouble-appointment", "fidget"}[w]
				save(survey.QuestionAnswers{QuestionSlug: slug, Answers: []survey.Answer{{Key: options[i%2]}}})
			}
		})
	}
	for acked.Load() < 20 && failure.Load() == nil {
		time.Sleep(5 * time.Millisecond)
	}
	before := acked.Load()
	backupFile := filepath.Join(dir, "backup.db")
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"backup", "--to", backupFile, "--database-url", dbPath}, noEnv, strings.NewReader(""), &out, &errOut); err != nil {
		t.Fatalf("wayfinder backup: %v\n%s", err, errOut.String())
	}
	// The members kept saving during the backup, and go on a little after it.
	for acked.Load() < before+20 && failure.Load() == nil {
		time.Sleep(5 * time.Millisecond)
	}
	close(halt)
	wg.Wait()
	if f := failure.Load(); f != nil {
		t.Fatalf("a save failed while the backup ran: %v", f)
	}
	if !strings.HasPrefix(out.String(), "Backed up the database to "+backupFile) {
		t.Errorf("wayfinder backup said %q, want it to name the file", out.String())
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}

	// The restore: the backup becomes the database of a new server, in the same folder, where the
	// demo's secret key is: the backup's secrets are sealed with it.
	restored := filepath.Join(dir, "restored.db")
	copyFile(t, backupFile, restored)
	base, _, _ = startServe(t, "--demo", "--database-url", restored)
	browser = signInBrowser(t, base, member.email, member.password)
	res, err := browser.Get(base + "/api/onboarding/survey")
	if err != nil {
		t.Fatal(err)
	}
	var state struct {
		Answers []survey.QuestionAnswers `json:"answers"`
	}
	err = json.NewDecoder(res.Body).Decode(&state)
	res.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	var firstName string
	for _, a := range surveytest.BySlug(state.Answers)[survey.SlugNameAndBirth] {
		if a.Key == survey.KeyFirstName {
			firstName = a.Value
		}
	}
	var got int64
	if _, err := fmt.Sscanf(firstName, "Sam %d", &got); err != nil || got < before {
		t.Errorf("the restored member's first name is %q, want save %d or a later one", firstName, before)
	}

	db, err := sqlstore.Open(context.Background(), restored)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for n := int64(1); n <= before; n++ {
		var found int
		if err := db.SQL().QueryRow(`SELECT count(*) FROM survey_answer_history WHERE question_slug = ? AND answers LIKE ?`,
			survey.SlugNameAndBirth, fmt.Sprintf(`%%"Sam %d"%%`, n)).Scan(&found); err != nil {
			t.Fatal(err)
		}
		if found != 1 {
			t.Errorf("save %d, acknowledged before the backup began, is in the restored history %d times, want once", n, found)
		}
	}
}

// TestBackupRefuses wants the backup command to refuse what it must not do, saying why.
func TestBackupRefuses(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "w.db")
	existing := filepath.Join(dir, "existing.db")
	if err := os.WriteFile(existing, []byte("an earlier backup"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no file named", []string{"backup", "--database-url", dbPath}, "usage: wayfinder backup --to FILE"},
		{"an existing file", []string{"backup", "--to", existing, "--database-url", dbPath}, "already exists"},
		{"a folder that isn't there", []string{"backup", "--to", filepath.Join(dir, "nowhere", "b.db"), "--database-url", dbPath}, "the backup's folder"},
	}
	if pg := os.Getenv("WAYFINDER_TEST_DATABASE_URL"); pg != "" {
		tests = append(tests, struct {
			name string
			args []string
			want string
		}{"PostgreSQL", []string{"backup", "--to", filepath.Join(dir, "pg.db"), "--database-url", pg}, "pg_dump"})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := run(context.Background(), tt.args, noEnv, strings.NewReader(""), &out, &errOut)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("wayfinder %s: error %v, want one containing %q", strings.Join(tt.args, " "), err, tt.want)
			}
		})
	}
	if b, err := os.ReadFile(existing); err != nil || string(b) != "an earlier backup" {
		t.Errorf("the existing file now holds %q (%v), want it untouched", b, err)
	}
}

// numbered is the demo member's name-and-birth answers with the first name "Sam n".
func numbered(n int64) []survey.Answer {
	answers := surveytest.NameAndBirth(surveytest.DateOfBirth)
	for i := range answers {
		if answers[i].Key == survey.KeyFirstName {
			answers[i].Value = fmt.Sprintf("Sam %d", n)
		}
	}
	return answers
}

// signInBrowser signs in on the web through the running server, as a browser does, and returns
// the browser: a client with the session cookie in its jar.
func signInBrowser(t *testing.T, base, email, password string) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	if resp := signInAs(t, browser, base, email, password); resp.StatusCode != http.StatusOK || resp.Request.URL.Path != "/name-and-birth" {
		t.Fatalf("signing in ended at %d %s, want the app's first step", resp.StatusCode, resp.Request.URL.Path)
	}
	return browser
}

// signInAs opens the embedded provider's sign-in page in browser and sends its form with email and
// password, returning the answer the browser ends on, whether the sign-in worked or not.
func signInAs(t *testing.T, browser *http.Client, base, email, password string) *http.Response {
	t.Helper()
	resp := send(t, browser, http.MethodGet, base+"/auth/login?returnTo=/name-and-birth", nil, "")
	if resp.StatusCode != http.StatusOK || resp.Request.URL.Path != "/idp/login" {
		t.Fatalf("GET /auth/login ended at %d %s, want the sign-in page", resp.StatusCode, resp.Request.URL.Path)
	}
	form := url.Values{"flow": {resp.Request.URL.Query().Get("flow")}, "email": {email}, "password": {password}}
	return send(t, browser, http.MethodPost, base+"/idp/login", strings.NewReader(form.Encode()), "application/x-www-form-urlencoded")
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o600); err != nil {
		t.Fatal(err)
	}
}
