package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"wayfinder/internal/backoffice"
	"wayfinder/internal/insights"
)

const webhooksPath = "/api/staff/webhooks"

// TestWebhookRoutesAreForAdmins: every webhook route answers 401 to anonymous callers and 403 to
// members and staff who are not admins, with nothing written and nothing audited.
func TestWebhookRoutesAreForAdmins(t *testing.T) {
	ts := newTestServer(t)
	member := map[string]string{"Authorization": ts.bearer(t, "wh-member", []string{"member"}, nil), "Content-Type": "application/json"}
	staff := map[string]string{"Authorization": ts.bearer(t, "wh-staff", []string{"staff"}, nil), "Content-Type": "application/json"}
	body := `{"url":"https://crm.example.com/hooks","description":"CRM","events":["member.signed_up"],"active":true}`
	routes := []struct{ method, path, body string }{
		{"GET", webhooksPath, ""},
		{"POST", webhooksPath, body},
		{"PUT", webhooksPath + "/x", body},
		{"DELETE", webhooksPath + "/x", ""},
		{"POST", webhooksPath + "/x/secret", ""},
		{"GET", webhooksPath + "/x/deliveries", ""},
		{"POST", webhooksPath + "/x/deliveries/y/resend", ""},
	}
	for _, r := range routes {
		ts.scenario(t, "", r.method, r.path, r.body, nil, http.StatusUnauthorized)
		for _, who := range []map[string]string{member, staff} {
			ts.scenario(t, "", r.method, r.path, r.body, who, http.StatusForbidden)
		}
	}
	if endpoints, err := ts.db.WebhookEndpoints(t.Context()); err != nil || len(endpoints) != 0 {
		t.Errorf("endpoints = %+v, %v; want none from refused requests", endpoints, err)
	}
	if entries, err := ts.db.AuditEntries(t.Context(), backoffice.AuditQuery{Limit: 10}); err != nil || len(entries) != 0 {
		t.Errorf("audit log = %+v, %v; want nothing from refused requests", entries, err)
	}
}

// TestWebhookAdmin walks an admin through the set-up: refused inputs change nothing, a new endpoint
// comes with its secret once, the list never shows it, a change and a new secret take, an event
// shows up among the deliveries and can be sent again, and deleting ends it all. Every change is
// audited.
func TestWebhookAdmin(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, ts *testServer) {
		ctx := t.Context()
		admin := map[string]string{"Authorization": ts.bearer(t, "wh-admin", []string{"staff", "admin"}, nil), "Content-Type": "application/json"}

		refused := []struct {
			name, body string
			wantBody   []string
		}{
			{"no address", `{"url":"","events":["member.paid"],"active":true}`, []string{`"field":"url"`, "Please give the address"}},
			{"not a web address", `{"url":"ftp://crm.example.com/x","events":["member.paid"],"active":true}`, []string{`"field":"url"`, "https://"}},
			{"a relative address", `{"url":"/hooks","events":["member.paid"],"active":true}`, []string{`"field":"url"`}},
			{"a password in the address", `{"url":"https://user:pw@crm.example.com/x","events":["member.paid"],"active":true}`, []string{`"field":"url"`, "user name and password"}},
			{"no events", `{"url":"https://crm.example.com/x","events":[],"active":true}`, []string{`"field":"events"`, "at least one event"}},
			{"an unknown event", `{"url":"https://crm.example.com/x","events":["member.answered"],"active":true}`, []string{`"field":"events"`, "member.answered"}},
			{"a line break in the description", `{"url":"https://crm.example.com/x","description":"a\nb","events":["member.paid"],"active":true}`, []string{`"field":"description"`}},
			{"on or off left out", `{"url":"https://crm.example.com/x","events":["member.paid"]}`, []string{`"field":"active"`}},
			{"an unknown field", `{"url":"https://crm.example.com/x","events":["member.paid"],"active":true,"secret":"mine"}`, []string{`"field":"secret"`}},
		}
		for _, tt := range refused {
			t.Run(tt.name, func(t *testing.T) {
				w := ts.do("POST", webhooksPath, strings.NewReader(tt.body), admin)
				if w.Code != http.StatusBadRequest {
					t.Fatalf("status = %d, want 400; body %s", w.Code, w.Body.String())
				}
				assertBodyContains(t, w.Body.String(), tt.wantBody)
				checkOpenAPI(t, "POST", webhooksPath, tt.body, w)
			})
		}
		if endpoints, _ := ts.db.WebhookEndpoints(ctx); len(endpoints) != 0 {
			t.Fatalf("refused requests stored %+v", endpoints)
		}

		w, _ := ts.scenario(t, "", "POST", webhooksPath,
			`{"url":" https://crm.example.com/hooks?token=abc ","description":"Our CRM","events":["member.coach_chosen","member.signed_up","member.signed_up"],"active":true}`,
			admin, http.StatusCreated)
		var created webhookSecretJSON
		if err := json.Unmarshal(w.Body.Bytes(), &created); err != nil {
			t.Fatal(err)
		}
		id := created.Endpoint.EndpointID
		if !strings.HasPrefix(created.Secret, insights.SecretPrefix) || len(created.Secret) < 40 {
			t.Errorf("secret = %q, want a long one starting %s", created.Secret, insights.SecretPrefix)
		}
		if got, want := created.Endpoint.Events, []string{"member.signed_up", "member.coach_chosen"}; !slices.Equal(got, want) {
			t.Errorf("events = %v, want %v: each once, in the journey's order", got, want)
		}
		if created.Endpoint.URL != "https://crm.example.com/hooks?token=abc" {
			t.Errorf("url = %q, want it trimmed", created.Endpoint.URL)
		}

		w, _ = ts.scenario(t, "", "GET", webhooksPath, "", admin, http.StatusOK)
		if strings.Contains(w.Body.String(), created.Secret) || strings.Contains(w.Body.String(), "secret") {
			t.Errorf("the list shows a secret: %s", w.Body.String())
		}
		assertBodyContains(t, w.Body.String(), []string{`"endpointId":"` + id + `"`, `"description":"Our CRM"`, `"active":true`})

		w, _ = ts.scenario(t, "", "PUT", webhooksPath+"/"+id,
			`{"url":"https://crm.example.com/v2","description":"","events":["member.coach_chosen"],"active":false}`, admin, http.StatusOK)
		assertBodyContains(t, w.Body.String(), []string{`"url":"https://crm.example.com/v2"`, `"events":["member.coach_chosen"]`, `"active":false`})
		ts.scenario(t, "", "PUT", webhooksPath+"/nope", `{"url":"https://crm.example.com/v2","events":["member.paid"],"active":true}`, admin, http.StatusNotFound)

		w, _ = ts.scenario(t, "", "POST", webhooksPath+"/"+id+"/secret", "", admin, http.StatusOK)
		var rotated webhookSecretJSON
		_ = json.Unmarshal(w.Body.Bytes(), &rotated)
		if rotated.Secret == created.Secret || !strings.HasPrefix(rotated.Secret, insights.SecretPrefix) {
			t.Errorf("the new secret %q, want a new one", rotated.Secret)
		}

		// An event for the endpoint (on again), as a member's coach choice writes it.
		ts.scenario(t, "", "PUT", webhooksPath+"/"+id,
			`{"url":"https://crm.example.com/v2","events":["member.coach_chosen"],"active":true}`, admin, http.StatusOK)
		ts.known(t, "wh-member", "member")
		memberID := ts.userID(t, "wh-member")
		if err := ts.db.InTx(ctx, func(ctx context.Context) error { return ts.hooks.CoachChosen(ctx, memberID, "tess", false) }); err != nil {
			t.Fatal(err)
		}
		w, _ = ts.scenario(t, "", "GET", webhooksPath+"/"+id+"/deliveries", "", admin, http.StatusOK)
		var list struct {
			Deliveries []webhookDeliveryJSON `json:"deliveries"`
		}
		_ = json.Unmarshal(w.Body.Bytes(), &list)
		if len(list.Deliveries) != 1 || list.Deliveries[0].EventType != "member.coach_chosen" || list.Deliveries[0].Status != "pending" ||
			list.Deliveries[0].NextAttemptAt == nil || list.Deliveries[0].EventID == "" {
			t.Fatalf("deliveries = %+v, want the pending coach choice", list.Deliveries)
		}
		if strings.Contains(w.Body.String(), "wh-member@example.test") {
			t.Errorf("the deliveries show the member's email: %s", w.Body.String())
		}
		d := list.Deliveries[0]
		ts.scenario(t, "", "GET", webhooksPath+"/nope/deliveries", "", admin, http.StatusNotFound)
		w, _ = ts.scenario(t, "", "POST", webhooksPath+"/"+id+"/deliveries/"+d.DeliveryID+"/resend", "", admin, http.StatusOK)
		assertBodyContains(t, w.Body.String(), []string{`"status":"pending"`, `"eventId":"` + d.EventID + `"`})
		other, _, err := ts.hooks.CreateEndpoint(ctx, backoffice.Actor{UserID: "x", Admin: true},
			insights.EndpointInput{URL: "https://other.example.com", Events: []insights.EventType{insights.EventPaid}, Active: true})
		if err != nil {
			t.Fatal(err)
		}
		ts.scenario(t, "", "POST", webhooksPath+"/"+other.ID+"/deliveries/"+d.DeliveryID+"/resend", "", admin, http.StatusNotFound)

		ts.scenario(t, "", "DELETE", webhooksPath+"/"+id, "", admin, http.StatusNoContent)
		ts.scenario(t, "", "DELETE", webhooksPath+"/"+id, "", admin, http.StatusNotFound)
		ts.scenario(t, "", "GET", webhooksPath+"/"+id+"/deliveries", "", admin, http.StatusNotFound)

		entries, err := ts.db.AuditEntries(ctx, backoffice.AuditQuery{StaffUserID: ts.userID(t, "wh-admin"), Limit: 20})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range entries {
			got = append(got, e.Action+" "+e.Target)
			if e.Action == insights.ActionWebhookResend && e.MemberID != memberID {
				t.Errorf("the resend's audit entry names member %q, want the event's, %q", e.MemberID, memberID)
			}
		}
		want := []string{"webhook.delete " + id, "webhook.resend " + d.DeliveryID, "webhook.update " + id, "webhook.rotate_secret " + id,
			"webhook.update " + id, "webhook.create " + id}
		if !slices.Equal(got, want) {
			t.Errorf("audit log = %v, want %v", got, want)
		}
	})
}
