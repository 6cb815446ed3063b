package sqlstore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"wayfinder/internal/insights"
	"wayfinder/internal/sealed"
)

// endpoint makes an endpoint with the given id and events, created at t0.
func endpoint(id string, active bool, events ...insights.EventType) insights.Endpoint {
	return insights.Endpoint{ID: id, URL: "https://" + id + ".example.com/hooks", Description: "the " + id, Events: events,
		Active: active, CreatedAt: t0, UpdatedAt: t0}
}

// event makes an event about the member created at t0 + after, with one pending delivery, due at
// once, to each endpoint.
func event(id, memberID string, after time.Duration, endpointIDs ...string) (insights.Event, []insights.Delivery) {
	at := t0.Add(after)
	e := insights.Event{ID: id, Type: insights.EventSignedUp, MemberID: memberID, Payload: []byte(`{"id":"` + id + `"}`), CreatedAt: at}
	var ds []insights.Delivery
	for _, ep := range endpointIDs {
		ds = append(ds, insights.Delivery{ID: id + "-" + ep, EventID: id, EndpointID: ep, Status: insights.DeliveryPending,
			CreatedAt: at, NextAttemptAt: at, GiveUpAt: at.Add(72 * time.Hour)})
	}
	return e, ds
}

// mustInsertEvent stores event(id, memberID, after, endpointIDs...) or fails the test.
func mustInsertEvent(t *testing.T, db *DB, id, memberID string, after time.Duration, endpointIDs ...string) {
	t.Helper()
	e, ds := event(id, memberID, after, endpointIDs...)
	if err := db.InsertWebhookEvent(ctx, e, ds); err != nil {
		t.Fatalf("InsertWebhookEvent(%s): %v", e.ID, err)
	}
}

func TestWebhookEndpoints(t *testing.T) {
	t.Parallel()
	key, _ := sealed.ParseKey(sealed.NewKey())
	keyring, err := sealed.NewKeyring(key)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			db.SetSecretKeyring(keyring)
			a := endpoint("a", true, insights.EventSignedUp, insights.EventPaid)
			b := endpoint("b", false, insights.EventDeleted)
			b.CreatedAt = t0.Add(time.Second)
			for _, e := range []insights.Endpoint{a, b} {
				if err := db.CreateWebhookEndpoint(ctx, e, "whsec_"+e.ID+"-secret"); err != nil {
					t.Fatal(err)
				}
			}
			if err := db.CreateWebhookEndpoint(ctx, a, "whsec_other"); codeOf(err) != "conflict" {
				t.Errorf("CreateWebhookEndpoint with an id in use = %v, want a conflict", err)
			}
			all, err := db.WebhookEndpoints(ctx)
			if err != nil || len(all) != 2 || all[0].ID != "a" || all[1].ID != "b" {
				t.Fatalf("WebhookEndpoints = %+v, %v; want a then b", all, err)
			}
			if got := all[0]; got.URL != a.URL || got.Description != a.Description || !slices.Equal(got.Events, a.Events) ||
				!got.Active || !got.CreatedAt.Equal(t0) || !got.UpdatedAt.Equal(t0) {
				t.Errorf("a as stored = %+v, want %+v", got, a)
			}
			if got, err := db.WebhookEndpoint(ctx, "b"); err != nil || got.Active || !slices.Equal(got.Events, b.Events) {
				t.Errorf("WebhookEndpoint(b) = %+v, %v; want b, off", got, err)
			}
			if _, err := db.WebhookEndpoint(ctx, "nope"); codeOf(err) != "not_found" {
				t.Errorf("WebhookEndpoint(nope) = %v, want not found", err)
			}

			// The secret is sealed at rest, bound to its row: the column holds no trace of it.
			var stored []byte
			if err := db.SQL().QueryRowContext(ctx, `SELECT secret FROM webhook_endpoints WHERE id = 'a'`).Scan(&stored); err != nil {
				t.Fatal(err)
			}
			if !sealed.IsSealed(stored) || bytes.Contains(stored, []byte("a-secret")) {
				t.Errorf("the stored secret %q is not sealed", stored)
			}
			if _, _, err := keyring.Open(stored, webhookSecretPurpose("b")); err == nil {
				t.Error("a's sealed secret opens as b's")
			}

			a.URL, a.Description, a.Events, a.Active, a.UpdatedAt = "https://new.example.com", "", []insights.EventType{insights.EventDeleted}, false, t0.Add(time.Hour)
			if err := db.UpdateWebhookEndpoint(ctx, a); err != nil {
				t.Fatal(err)
			}
			if got, _ := db.WebhookEndpoint(ctx, "a"); got.URL != a.URL || got.Active || !slices.Equal(got.Events, a.Events) || !got.UpdatedAt.Equal(a.UpdatedAt) {
				t.Errorf("a after the update = %+v, want %+v", got, a)
			}
			for name, err := range map[string]error{
				"UpdateWebhookEndpoint": db.UpdateWebhookEndpoint(ctx, endpoint("nope", true, insights.EventPaid)),
				"SetWebhookSecret":      db.SetWebhookSecret(ctx, "nope", "whsec_x", t0),
				"DeleteWebhookEndpoint": db.DeleteWebhookEndpoint(ctx, "nope"),
			} {
				if codeOf(err) != "not_found" {
					t.Errorf("%s of an unknown endpoint = %v, want not found", name, err)
				}
			}

			// The worker gets the secret opened, and the newest one after a rotation.
			a.Active = true
			if err := db.UpdateWebhookEndpoint(ctx, a); err != nil {
				t.Fatal(err)
			}
			if err := db.SetWebhookSecret(ctx, "a", "whsec_rotated", t0.Add(2*time.Hour)); err != nil {
				t.Fatal(err)
			}
			u := mustUser(t, db, "endpoint-member")
			mustInsertEvent(t, db, "e1", u.ID, 0, "a")
			c, err := db.ClaimWebhookDeliveries(ctx, t0.Add(time.Minute), t0.Add(2*time.Minute), "w1", 1)
			if err != nil || len(c) != 1 || c[0].Secret != "whsec_rotated" || c[0].URL != a.URL {
				t.Errorf("claim = %+v, %v; want the delivery with a's new address and secret", c, err)
			}

			// Deleting an endpoint takes its deliveries along.
			if err := db.DeleteWebhookEndpoint(ctx, "a"); err != nil {
				t.Fatal(err)
			}
			if _, err := db.WebhookDelivery(ctx, "e1-a"); codeOf(err) != "not_found" {
				t.Errorf("the delivery after its endpoint went = %v, want not found", err)
			}
		})
	}
}

func TestWebhookOutboxLifecycle(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			for _, e := range []insights.Endpoint{endpoint("on", true, insights.EventSignedUp), endpoint("off", false, insights.EventSignedUp)} {
				if err := db.CreateWebhookEndpoint(ctx, e, "whsec_"+e.ID); err != nil {
					t.Fatal(err)
				}
			}
			u := mustUser(t, db, "outbox-member")

			// An event written in a transaction that fails is never there; one that commits is.
			refused := errors.New("the caller's change failed")
			err := db.InTx(ctx, func(ctx context.Context) error {
				e, ds := event("rolled-back", u.ID, 0, "on")
				if err := db.InsertWebhookEvent(ctx, e, ds); err != nil {
					return err
				}
				return refused
			})
			if !errors.Is(err, refused) {
				t.Fatalf("InTx = %v, want the caller's error", err)
			}
			mustInsertEvent(t, db, "a", u.ID, 0, "on", "off")
			mustInsertEvent(t, db, "b", u.ID, time.Second, "on")
			mustInsertEvent(t, db, "later", u.ID, time.Hour, "on")
			if e, ds := event("a", u.ID, 0, "on"); codeOf(db.InsertWebhookEvent(ctx, e, ds)) != "conflict" {
				t.Error("InsertWebhookEvent with an id in use is no conflict")
			}
			if n, err := db.PendingWebhookCount(ctx); err != nil || n != 4 {
				t.Errorf("PendingWebhookCount = %d, %v; want 4 (not the rolled-back one)", n, err)
			}

			now := t0.Add(time.Minute)
			lease := now.Add(time.Minute)
			claim := func(at time.Time, token string) insights.Claimed {
				t.Helper()
				c, err := db.ClaimWebhookDeliveries(ctx, at, at.Add(time.Minute), token, 1)
				if err != nil {
					t.Fatalf("ClaimWebhookDeliveries: %v", err)
				}
				if len(c) == 0 {
					return insights.Claimed{}
				}
				return c[0]
			}
			// Due deliveries to active endpoints come oldest first, each to one claimer; the paused
			// endpoint's delivery and the one not due yet stay.
			got := claim(now, "w1")
			if got.ID != "a-on" || got.EventID != "a" || got.EventType != insights.EventSignedUp || got.MemberID != u.ID ||
				string(got.Payload) != `{"id":"a"}` || got.Secret != "whsec_on" || got.ClaimToken != "w1" || !got.GiveUpAt.Equal(t0.Add(72*time.Hour)) {
				t.Errorf("first claim = %+v, want a-on under w1", got)
			}
			if got := claim(now, "w2"); got.ID != "b-on" {
				t.Errorf("second claim = %q, want b-on (a-on is leased)", got.ID)
			}
			if got := claim(now, "w3"); got.ID != "" {
				t.Errorf("third claim = %q, want none (the rest are leased, paused or not due)", got.ID)
			}

			// A failed attempt is logged, frees the lease and sets the next attempt.
			attempt := func(at time.Time, code int, reason string) insights.Attempt {
				return insights.Attempt{At: at, StatusCode: code, Duration: 120 * time.Millisecond, Error: reason}
			}
			record := func(r insights.AttemptRecord) {
				t.Helper()
				if err := db.RecordWebhookAttempts(ctx, []insights.AttemptRecord{r}); err != nil {
					t.Fatal(err)
				}
			}
			record(insights.AttemptRecord{DeliveryID: "a-on", ClaimToken: "w1", Attempt: attempt(now, 500, "answered with status 500"),
				Status: insights.DeliveryPending, Attempts: 1, NextAttemptAt: now.Add(30 * time.Second)})
			if got := claim(now.Add(29*time.Second), "w4"); got.ID != "" {
				t.Errorf("claim before the retry is due = %q, want none", got.ID)
			}
			if got := claim(now.Add(30*time.Second), "w4"); got.ID != "a-on" || got.Attempts != 1 {
				t.Errorf("claim when the retry is due = %q with %d attempts, want a-on with 1", got.ID, got.Attempts)
			}

			// b-on's lease runs out: another worker takes it over, and the first can no longer
			// reschedule it or give it up (its attempt is still logged).
			if got := claim(lease, "w5"); got.ID != "b-on" {
				t.Fatalf("claim after b-on's lease ended = %q, want b-on", got.ID)
			}
			record(insights.AttemptRecord{DeliveryID: "b-on", ClaimToken: "w2", Attempt: attempt(now, 0, "no answer within 10s"),
				Status: insights.DeliveryFailed, Attempts: 9})
			if d, _ := db.WebhookDelivery(ctx, "b-on"); d.Status != insights.DeliveryPending || d.Attempts != 0 {
				t.Errorf("b-on after the old lease's give-up = %+v, want pending with 0 attempts", d)
			}

			// Delivered, whoever held it; recording it again changes nothing.
			deliveredAt := now.Add(31 * time.Second)
			for range 2 {
				record(insights.AttemptRecord{DeliveryID: "a-on", ClaimToken: "w4", Attempt: attempt(deliveredAt, 204, ""),
					Status: insights.DeliveryDelivered, Attempts: 2})
			}
			d, err := db.WebhookDelivery(ctx, "a-on")
			if err != nil || d.Status != insights.DeliveryDelivered || d.Attempts != 2 || d.LastStatus != 204 || d.LastError != "" ||
				d.FinishedAt == nil || !d.FinishedAt.Equal(deliveredAt.Add(120*time.Millisecond)) {
				t.Errorf("a-on after delivery = %+v, %v; want delivered in 2 attempts", d, err)
			}
			// Given up, by the worker holding the lease.
			record(insights.AttemptRecord{DeliveryID: "b-on", ClaimToken: "w5", Attempt: attempt(lease, 503, "answered with status 503"),
				Status: insights.DeliveryFailed, Attempts: 15})
			if d, _ := db.WebhookDelivery(ctx, "b-on"); d.Status != insights.DeliveryFailed || d.LastStatus != 503 || d.Attempts != 15 || d.FinishedAt == nil {
				t.Errorf("b-on after giving up = %+v, want failed", d)
			}

			// The endpoint's deliveries, newest first, with their attempts, newest first.
			ds, err := db.WebhookDeliveries(ctx, "on", 10)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, d := range ds {
				ids = append(ids, fmt.Sprintf("%s:%d", d.ID, len(d.Log)))
			}
			if want := []string{"later-on:0", "b-on:2", "a-on:3"}; !slices.Equal(ids, want) {
				t.Errorf("WebhookDeliveries = %v, want %v (id:attempts logged)", ids, want)
			}
			if log := ds[2].Log; log[0].StatusCode != 204 || log[2].StatusCode != 500 || log[2].Error != "answered with status 500" ||
				log[2].Duration != 120*time.Millisecond || !log[2].At.Equal(now) {
				t.Errorf("a-on's log = %+v, want the 204 first and the 500 last", log)
			}
			if ds, _ := db.WebhookDeliveries(ctx, "on", 1); len(ds) != 1 || ds[0].ID != "later-on" {
				t.Errorf("WebhookDeliveries limited to 1 = %+v, want later-on", ds)
			}

			// Sending again makes a finished delivery pending and due, with its log kept.
			resent := lease.Add(time.Minute)
			if err := db.ResendWebhookDelivery(ctx, "b-on", resent, resent.Add(72*time.Hour)); err != nil {
				t.Fatal(err)
			}
			if err := db.ResendWebhookDelivery(ctx, "nope", resent, resent); codeOf(err) != "not_found" {
				t.Errorf("ResendWebhookDelivery(nope) = %v, want not found", err)
			}
			if got := claim(resent, "w6"); got.ID != "b-on" || got.Attempts != 0 || got.EventID != "b" || !got.GiveUpAt.Equal(resent.Add(72*time.Hour)) {
				t.Errorf("claim after the resend = %+v, want b-on afresh", got)
			}

			// The member's account goes; their events stay, for the receivers to hear of.
			if err := db.DeleteUser(ctx, u.ID); err != nil {
				t.Fatal(err)
			}
			if d, err := db.WebhookDelivery(ctx, "later-on"); err != nil || d.MemberID != u.ID {
				t.Errorf("a delivery after its member was deleted = %+v, %v; want it kept", d, err)
			}

			// Clean-up deletes finished deliveries older than the cut-off, and events left with no
			// delivery; never a pending one.
			tests := []struct {
				cutoff      time.Time
				wantDeleted int64
			}{
				{deliveredAt, 0},
				{deliveredAt.Add(time.Second), 1}, // a-on
				{t0.Add(1000 * time.Hour), 0},     // a-off is pending, b-on pending again, later-on pending
			}
			for _, tt := range tests {
				if got, err := db.DeleteFinishedWebhooks(ctx, tt.cutoff); err != nil || got != tt.wantDeleted {
					t.Errorf("DeleteFinishedWebhooks(%v) = %d, %v; want %d", tt.cutoff, got, err, tt.wantDeleted)
				}
			}
			var events int
			if err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM webhook_events`).Scan(&events); err != nil || events != 3 {
				t.Errorf("%d events after clean-up (%v), want 3 (a kept for a-off)", events, err)
			}
			if err := db.DeleteWebhookEndpoint(ctx, "off"); err != nil {
				t.Fatal(err)
			}
			if _, err := db.DeleteFinishedWebhooks(ctx, t0.Add(1000*time.Hour)); err != nil {
				t.Fatal(err)
			}
			if err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM webhook_events`).Scan(&events); err != nil || events != 2 {
				t.Errorf("%d events once a-off went, want 2 (a has no delivery left)", events)
			}

			// Closing an account takes the member's events along, sent or waiting, with their
			// deliveries and log; another member's stay.
			mustInsertEvent(t, db, "other", "someone-else", 0, "on")
			if n, err := db.DeleteWebhookEventsOf(ctx, u.ID); err != nil || n != 2 {
				t.Errorf("DeleteWebhookEventsOf = %d, %v; want b and later", n, err)
			}
			if ds, _ := db.WebhookDeliveries(ctx, "on", 10); len(ds) != 1 || ds[0].ID != "other-on" {
				t.Errorf("deliveries after the member's events went = %+v, want only other-on", ds)
			}
			var attempts int
			if err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM webhook_attempts`).Scan(&attempts); err != nil || attempts != 0 {
				t.Errorf("%d attempts logged after the member's events went (%v), want 0", attempts, err)
			}
		})
	}
}

// TestWebhookBatches claims deliveries a batch at a time, oldest first and no more than asked, and
// records a batch's attempts together.
func TestWebhookBatches(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			if err := db.CreateWebhookEndpoint(ctx, endpoint("on", true, insights.EventSignedUp), "whsec_on"); err != nil {
				t.Fatal(err)
			}
			for i := range 5 {
				mustInsertEvent(t, db, fmt.Sprintf("e%d", i), "m", time.Duration(i)*time.Second, "on")
			}
			now := t0.Add(time.Minute)
			ids := func(batch []insights.Claimed) []string {
				var out []string
				for _, c := range batch {
					if c.Secret != "whsec_on" || c.ClaimToken == "" {
						t.Errorf("claimed %+v, want it with its secret and token", c)
					}
					out = append(out, c.ID)
				}
				return out
			}
			first, err := db.ClaimWebhookDeliveries(ctx, now, now.Add(time.Minute), "w1", 3)
			if got, want := ids(first), []string{"e0-on", "e1-on", "e2-on"}; err != nil || !slices.Equal(got, want) {
				t.Errorf("first batch = %v, %v; want %v", got, err, want)
			}
			second, err := db.ClaimWebhookDeliveries(ctx, now, now.Add(time.Hour), "w2", 3)
			if got, want := ids(second), []string{"e3-on", "e4-on"}; err != nil || !slices.Equal(got, want) {
				t.Errorf("second batch = %v, %v; want %v", got, err, want)
			}
			if none, err := db.ClaimWebhookDeliveries(ctx, now, now.Add(time.Minute), "w3", 3); err != nil || len(none) != 0 {
				t.Errorf("third batch = %v, %v; want none", ids(none), err)
			}

			at := insights.Attempt{At: now, StatusCode: 500, Duration: time.Millisecond, Error: "answered with status 500"}
			err = db.RecordWebhookAttempts(ctx, []insights.AttemptRecord{
				{DeliveryID: "e0-on", ClaimToken: "w1", Attempt: insights.Attempt{At: now, StatusCode: 204}, Status: insights.DeliveryDelivered, Attempts: 1},
				{DeliveryID: "e1-on", ClaimToken: "w1", Attempt: at, Status: insights.DeliveryPending, Attempts: 1, NextAttemptAt: now.Add(time.Minute)},
				{DeliveryID: "e2-on", ClaimToken: "w1", Attempt: at, Status: insights.DeliveryFailed, Attempts: 1},
			})
			if err != nil {
				t.Fatal(err)
			}
			for id, want := range map[string]insights.DeliveryStatus{"e0-on": insights.DeliveryDelivered, "e1-on": insights.DeliveryPending,
				"e2-on": insights.DeliveryFailed, "e3-on": insights.DeliveryPending} {
				if d, err := db.WebhookDelivery(ctx, id); err != nil || d.Status != want || (id != "e3-on") != (d.Attempts == 1) {
					t.Errorf("%s after the batch's record = %+v, %v; want %s", id, d, err, want)
				}
			}
			// e1 is due again after its pause; e3 and e4 stay leased to w2.
			later, err := db.ClaimWebhookDeliveries(ctx, now.Add(time.Minute), now.Add(2*time.Minute), "w4", 3)
			if got, want := ids(later), []string{"e1-on"}; err != nil || !slices.Equal(got, want) {
				t.Errorf("batch after the pause = %v, %v; want %v", got, err, want)
			}
		})
	}
}

// TestClaimWebhookDeliveriesConcurrently has several replicas' workers claim batches at once:
// every delivery is claimed exactly once.
func TestClaimWebhookDeliveriesConcurrently(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			const events, replicas, workersEach = 30, 3, 3
			for _, ep := range []string{"x", "y"} {
				if err := s.db.CreateWebhookEndpoint(ctx, endpoint(ep, true, insights.EventSignedUp), "whsec_"+ep); err != nil {
					t.Fatal(err)
				}
			}
			for i := range events {
				mustInsertEvent(t, s.db, fmt.Sprintf("e%02d", i), "m", time.Duration(i)*time.Millisecond, "x", "y")
			}
			var (
				mu     sync.Mutex
				claims = map[string]int{}
				wg     sync.WaitGroup
			)
			now := t0.Add(time.Minute)
			for r := range replicas {
				db := openTestDB(t, s.dsn)
				for w := range workersEach {
					wg.Go(func() {
						for {
							batch, err := db.ClaimWebhookDeliveries(ctx, now, now.Add(time.Minute), fmt.Sprintf("r%dw%d", r, w), 4)
							if err != nil {
								t.Errorf("ClaimWebhookDeliveries: %v", err)
								return
							}
							if len(batch) == 0 {
								return
							}
							mu.Lock()
							for _, c := range batch {
								claims[c.ID]++
							}
							mu.Unlock()
						}
					})
				}
			}
			wg.Wait()
			if got, want := len(claims), 2*events; got != want {
				t.Errorf("%d deliveries claimed, want %d", got, want)
			}
			for id, n := range claims {
				if n != 1 {
					t.Errorf("delivery %s claimed %d times, want once", id, n)
				}
			}
		})
	}
}

func TestReachMilestone(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			u := mustUser(t, s.db, "milestone-member")
			var (
				wg     sync.WaitGroup
				mu     sync.Mutex
				firsts int
			)
			for range 5 {
				wg.Go(func() {
					first, err := s.db.ReachMilestone(ctx, u.ID, "survey_completed", t0)
					if err != nil {
						t.Errorf("ReachMilestone: %v", err)
					}
					if first {
						mu.Lock()
						firsts++
						mu.Unlock()
					}
				})
			}
			wg.Wait()
			if firsts != 1 {
				t.Errorf("%d calls heard it was the first time, want 1", firsts)
			}
			if first, err := s.db.ReachMilestone(ctx, u.ID, "another", t0); err != nil || !first {
				t.Errorf("another milestone = %v, %v; want the first time", first, err)
			}
			if _, err := s.db.ReachMilestone(ctx, "nobody", "survey_completed", t0); err == nil {
				t.Error("a milestone of nobody was recorded")
			}
			// The milestones go with the member.
			if err := s.db.DeleteUser(ctx, u.ID); err != nil {
				t.Fatal(err)
			}
			var n int
			if err := s.db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM member_milestones`).Scan(&n); err != nil || n != 0 {
				t.Errorf("%d milestones after the member went (%v), want 0", n, err)
			}
		})
	}
}

// TestOpenWebhookSecrets: a secret stored before a key was set, or under a previous key, is
// sealed again with the current key at start; one no key opens is an error.
func TestOpenWebhookSecrets(t *testing.T) {
	t.Parallel()
	oldKey, _ := sealed.ParseKey(sealed.NewKey())
	newKey, _ := sealed.ParseKey(sealed.NewKey())
	before, _ := sealed.NewKeyring(oldKey)
	rotating, _ := sealed.NewKeyring(newKey, oldKey)
	after, _ := sealed.NewKeyring(newKey)
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			stored := func() []byte {
				t.Helper()
				var b []byte
				if err := db.SQL().QueryRowContext(ctx, `SELECT secret FROM webhook_endpoints WHERE id = 'a'`).Scan(&b); err != nil {
					t.Fatal(err)
				}
				return b
			}
			if err := db.CreateWebhookEndpoint(ctx, endpoint("a", true, insights.EventPaid), "whsec_plain"); err != nil {
				t.Fatal(err)
			}
			if got := stored(); string(got) != "whsec_plain" {
				t.Fatalf("without a key the secret is stored as %q, want it in the clear", got)
			}
			steps := []struct {
				name    string
				keyring *sealed.Keyring
				opens   *sealed.Keyring // a keyring with only the key the secret must now be sealed with
			}{
				{"a key is set", before, before},
				{"the key rotates", rotating, after},
				{"the old key is gone", after, after},
			}
			for _, st := range steps {
				db.SetSecretKeyring(st.keyring)
				if err := db.OpenWebhookSecrets(ctx); err != nil {
					t.Fatalf("%s: OpenWebhookSecrets = %v", st.name, err)
				}
				if plain, stale, err := st.opens.Open(stored(), webhookSecretPurpose("a")); err != nil || stale || string(plain) != "whsec_plain" {
					t.Errorf("%s: the stored secret opens as %q (stale %v, %v), want whsec_plain under the current key", st.name, plain, stale, err)
				}
			}
			db.SetSecretKeyring(before)
			if err := db.OpenWebhookSecrets(ctx); err == nil {
				t.Error("OpenWebhookSecrets with a key that opens nothing = nil, want an error")
			}
		})
	}
}
