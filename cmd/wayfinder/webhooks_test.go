package main

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"wayfinder/internal/sqlstore"
	"wayfinder/internal/survey"
	"wayfinder/internal/survey/surveytest"
	"wayfinder/internal/syncbuf"
)

// operatorSystem is the operator's CRM as the webhooks reach it: an HTTP server that takes each
// event it is sent, or answers 503 while it is down, and keeps what it took.
type operatorSystem struct {
	*httptest.Server
	down     atomic.Bool
	attempts atomic.Int32
	mu       sync.Mutex
	taken    []takenEvent
}

// takenEvent is one event the operator's system took.
type takenEvent struct {
	header http.Header
	body   []byte
}

func newOperatorSystem(t *testing.T) *operatorSystem {
	t.Helper()
	o := &operatorSystem{}
	o.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		o.attempts.Add(1)
		if o.down.Load() {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		o.mu.Lock()
		o.taken = append(o.taken, takenEvent{header: r.Header.Clone(), body: body})
		o.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(o.Close)
	return o
}

// waitForEvent waits until the system has taken an event of the type, and returns the first.
func (o *operatorSystem) waitForEvent(t *testing.T, eventType string) takenEvent {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		o.mu.Lock()
		for _, e := range o.taken {
			if e.header.Get("Wayfinder-Event-Type") == eventType {
				o.mu.Unlock()
				return e
			}
		}
		o.mu.Unlock()
		if time.Now().After(deadline) {
			t.Fatalf("no %s arrived within 20 s", eventType)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// checkEvent checks an event as a receiver following docs/webhooks.md would, with its own HMAC:
// the signature over "<t>.<body>" with the endpoint's secret, the id in the header and the body
// alike, and the body's keys exactly the event type's allow-list. It returns the body.
func checkEvent(t *testing.T, secret string, e takenEvent) map[string]any {
	t.Helper()
	var ts, sig string
	for _, part := range strings.Split(e.header.Get("Wayfinder-Signature"), ",") {
		if k, v, ok := strings.Cut(part, "="); ok && k == "t" {
			ts = v
		} else if ok && k == "v1" {
			sig = v
		}
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "." + string(e.body)))
	if want := hex.EncodeToString(mac.Sum(nil)); ts == "" || !hmac.Equal([]byte(sig), []byte(want)) {
		t.Errorf("%s: the signature %q does not verify", e.header.Get("Wayfinder-Event-Type"), e.header.Get("Wayfinder-Signature"))
	}
	var body map[string]any
	if err := json.Unmarshal(e.body, &body); err != nil {
		t.Fatalf("the event is not JSON: %v\n%s", err, e.body)
	}
	if body["id"] != e.header.Get("Wayfinder-Event-Id") || body["type"] != e.header.Get("Wayfinder-Event-Type") {
		t.Errorf("the body %s does not match its headers %v", e.body, e.header)
	}
	var keys []string
	var walk func(prefix string, m map[string]any)
	walk = func(prefix string, m map[string]any) {
		for k, v := range m {
			keys = append(keys, prefix+k)
			if child, ok := v.(map[string]any); ok {
				walk(prefix+k+".", child)
			}
		}
	}
	walk("", body)
	sort.Strings(keys)
	allowed := []string{"created_at", "data", "data.member", "data.member.email", "data.member.first_name", "data.member.id",
		"data.member.last_name", "data.member.signed_up_at", "id", "type"}
	switch body["type"] {
	case "member.coach_chosen":
		allowed = append(allowed, "data.coach", "data.coach.id", "data.chosen_by")
	case "member.paid":
		allowed = append(allowed, "data.plan", "data.plan.id")
	}
	sort.Strings(allowed)
	if !slices.Equal(keys, allowed) {
		t.Errorf("%s has the keys %v, want exactly %v", body["type"], keys, allowed)
	}
	return body
}

// TestWebhooksReachTheOperator runs the real server with an admin's webhook pointing at the
// operator's system, which is down at first. A member signs up; the delivery fails, and the server
// is stopped with it still pending. Started again, the server delivers it, signed, with the id of
// the first attempt. The member then answers the survey, chooses a coach, pays and closes their
// account, and each of those events arrives too, none with an answer in it.
func TestWebhooksReachTheOperator(t *testing.T) {
	before := webhookRetries
	webhookRetries = []time.Duration{200 * time.Millisecond}
	t.Cleanup(func() { webhookRetries = before })
	crm := newOperatorSystem(t)
	crm.down.Store(true)
	dbPath := filepath.Join(t.TempDir(), "webhooks.db")
	// The operator's system listens on the loopback interface, a private network webhooks reach
	// only when the operator allows it.
	args := []string{"--demo", "--payment-enabled", "--database-url", dbPath, "--webhook-private-networks", "127.0.0.1"}
	base, logs, stop := startServe(t, args...)

	jar, _ := cookiejar.New(nil)
	admin := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	if resp := signInAs(t, admin, base, "admin@demo.example.com", "demo-admin-password"); resp.StatusCode != http.StatusOK {
		t.Fatalf("the admin's sign-in ended at %d %s", resp.StatusCode, resp.Request.URL.Path)
	}
	setUp := `{"url":"` + crm.URL + `/wayfinder?token=crm-token","description":"The CRM","active":true,
		"events":["member.signed_up","member.survey_completed","member.coach_chosen","member.paid","member.deleted"]}`
	res := sendJSON(t, admin, http.MethodPost, base+"/api/staff/webhooks", setUp)
	if res.status != http.StatusCreated {
		t.Fatalf("POST /api/staff/webhooks: %d %s", res.status, res.body)
	}
	var created struct {
		Secret string `json:"secret"`
	}
	if err := json.Unmarshal(res.body, &created); err != nil || created.Secret == "" {
		t.Fatalf("no secret in %s", res.body)
	}

	var failures failureLog
	m := newMember(t, base, 0)
	m.signUp(&failures)
	failures.check(t, "signing up")
	waitFor(func() bool { return crm.attempts.Load() > 0 })
	if crm.attempts.Load() == 0 {
		t.Fatal("the sign-up was never sent")
	}
	if err := stop(); err != nil {
		t.Fatalf("stopping the server: %v", err)
	}
	db, err := sqlstore.Open(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	pending, err := db.PendingWebhookCount(context.Background())
	db.Close()
	if err != nil || pending != 1 {
		t.Fatalf("%d deliveries pending once the server stopped (%v), want the sign-up", pending, err)
	}

	crm.down.Store(false)
	base, logs2, _ := startServe(t, args...)
	m.lb = base
	signedUp := checkEvent(t, created.Secret, crm.waitForEvent(t, "member.signed_up"))
	if member := signedUp["data"].(map[string]any)["member"].(map[string]any); member["id"] != m.userID || member["email"] != m.email {
		t.Errorf("member.signed_up names %v, want %s <%s>", member, m.userID, m.email)
	}

	// The survey, to its last step before the coaches, then a coach, a plan, and goodbye.
	def, err := survey.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range surveytest.Complete(def) {
		m.save(&failures, step)
	}
	m.save(&failures, survey.QuestionAnswers{QuestionSlug: survey.SlugAccount, Answers: []survey.Answer{{Key: survey.KeyTimeZone, Value: "America/Denver"}}})
	failures.check(t, "answering the survey")
	completed := checkEvent(t, created.Secret, crm.waitForEvent(t, "member.survey_completed"))
	if member := completed["data"].(map[string]any)["member"].(map[string]any); member["first_name"] != "Sam" || member["last_name"] != "Rivera" {
		t.Errorf("member.survey_completed names %v, want Sam Rivera from the survey's first step", member)
	}
	for _, call := range []struct{ method, path, body string }{
		{http.MethodPut, "/api/chat/me_switch_coach", `{"coachId":"maya"}`},
		{http.MethodPost, "/api/billing/checkout", `{"planId":"steady"}`},
	} {
		res, body, err := m.do(call.method, call.path, strings.NewReader(call.body), "application/json")
		if err != nil || res.StatusCode/100 != 2 {
			t.Fatalf("%s %s: %v %v %s", call.method, call.path, statusOf(res), err, body)
		}
		if call.path == "/api/billing/checkout" {
			var checkout struct {
				SessionID string `json:"sessionId"`
			}
			_ = json.Unmarshal(body, &checkout)
			if res, body, err := m.do(http.MethodPost, "/api/billing/test-checkout/"+checkout.SessionID+"/pay", nil, ""); err != nil || res.StatusCode != http.StatusOK {
				t.Fatalf("paying: %v %v %s", statusOf(res), err, body)
			}
		}
	}
	chosen := checkEvent(t, created.Secret, crm.waitForEvent(t, "member.coach_chosen"))
	if data := chosen["data"].(map[string]any); data["coach"].(map[string]any)["id"] != "maya" || data["chosen_by"] != "member" {
		t.Errorf("member.coach_chosen = %v, want maya, chosen by the member", data)
	}
	paid := checkEvent(t, created.Secret, crm.waitForEvent(t, "member.paid"))
	if plan := paid["data"].(map[string]any)["plan"].(map[string]any); plan["id"] != "steady" {
		t.Errorf("member.paid's plan = %v, want steady", plan)
	}
	if res, body, err := m.do(http.MethodDelete, "/api/user/me", nil, ""); err != nil || res.StatusCode != http.StatusNoContent {
		t.Fatalf("closing the account: %v %v %s", statusOf(res), err, body)
	}
	deleted := checkEvent(t, created.Secret, crm.waitForEvent(t, "member.deleted"))
	if member := deleted["data"].(map[string]any)["member"].(map[string]any); member["id"] != m.userID || member["email"] != m.email {
		t.Errorf("member.deleted names %v, want %s <%s>", member, m.userID, m.email)
	}

	// Each event arrived once (the receiver took each at its first try after the restart), and no
	// log line shows the secret or the receiver's token.
	crm.mu.Lock()
	seen := map[string]int{}
	for _, e := range crm.taken {
		seen[e.header.Get("Wayfinder-Event-Type")]++
	}
	crm.mu.Unlock()
	for _, typ := range []string{"member.signed_up", "member.survey_completed", "member.coach_chosen", "member.paid", "member.deleted"} {
		if seen[typ] != 1 {
			t.Errorf("%s arrived %d times, want once", typ, seen[typ])
		}
	}
	for _, l := range []*syncbuf.Buffer{logs, logs2} {
		if strings.Contains(l.String(), created.Secret) || strings.Contains(l.String(), "crm-token") {
			t.Error("the log shows the webhook's secret or the receiver's token")
		}
	}
}

// jsonReply is an answer read in full.
type jsonReply struct {
	status int
	body   []byte
}

// sendJSON sends a JSON body with the client and reads the answer.
func sendJSON(t *testing.T, c *http.Client, method, target, body string) jsonReply {
	t.Helper()
	req, err := http.NewRequest(method, target, bytes.NewReader([]byte(body)))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, target, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return jsonReply{status: res.StatusCode, body: b}
}
