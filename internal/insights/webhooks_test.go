package insights_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/netip"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/insights"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/sqlstore"
	"wayfinder/internal/sqlstore/storetest"
	"wayfinder/internal/survey"
)

var t0 = time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)

// admin is the admin every test sets webhooks up as.
var admin = backoffice.Actor{UserID: "admin-1", Email: "admin@example.test", Admin: true}

// stores returns a migrated store on each test database.
func stores(t *testing.T) map[string]*sqlstore.DB { return storetest.Stores(t) }

// addEndpoint sets up an endpoint as the admin and returns it with its secret.
func addEndpoint(t *testing.T, hooks *insights.Webhooks, url string, active bool, events ...insights.EventType) (insights.Endpoint, string) {
	t.Helper()
	e, secret, err := hooks.CreateEndpoint(context.Background(), admin, insights.EndpointInput{URL: url, Events: events, Active: active})
	if err != nil {
		t.Fatalf("CreateEndpoint(%s): %v", url, err)
	}
	return e, secret
}

// sam makes a member with everything the account and the survey can hold about them: a name, a
// date of birth, a device, answers (a screening answer and a safety disclosure among them) and
// campaign values. None of it but the id, email, name and sign-up time may reach an event.
func sam(t *testing.T, db *sqlstore.DB, subject string) account.User {
	t.Helper()
	ctx := context.Background()
	dob := time.Date(1990, 4, 30, 0, 0, 0, 0, time.UTC)
	u, err := db.CreateUser(ctx, account.User{Subject: subject, Email: subject + "@example.test", FirstName: "Sam", LastName: "Rivera",
		DateOfBirth: &dob, Device: account.DeviceIPhone})
	if err != nil {
		t.Fatal(err)
	}
	answers := []survey.QuestionAnswers{
		{QuestionSlug: "how-often-trouble-wrapping", Answers: []survey.Answer{{Key: "very-often"}}},
		{QuestionSlug: "what-apply-to-you", Answers: []survey.Answer{{Key: "self-harm"}}},
	}
	if err := db.SaveSurvey(ctx, u.ID, "what-apply-to-you", survey.SlugNoGo, answers, onboarding.UTM{Source: "springads", Campaign: "launch"}, t0); err != nil {
		t.Fatal(err)
	}
	if _, err := db.RecordSafetyDisclosure(ctx, u.ID, "what-apply-to-you", t0); err != nil {
		t.Fatal(err)
	}
	return u
}

// keysOf lists every key of a JSON object, nested ones as parent.child, sorted.
func keysOf(t *testing.T, body []byte) []string {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("the body is not a JSON object: %v\n%s", err, body)
	}
	var keys []string
	var walk func(prefix string, m map[string]any)
	walk = func(prefix string, m map[string]any) {
		for k, child := range m {
			keys = append(keys, prefix+k)
			if obj, ok := child.(map[string]any); ok {
				walk(prefix+k+".", obj)
			}
		}
	}
	walk("", v)
	sort.Strings(keys)
	return keys
}

// memberKeys are the keys every event's body has: who and when, and nothing else.
var memberKeys = []string{"created_at", "data", "data.member", "data.member.email", "data.member.first_name", "data.member.id",
	"data.member.last_name", "data.member.signed_up_at", "id", "type"}

// allowedKeys is the allow-list of each event type's body.
var allowedKeys = map[insights.EventType][]string{
	insights.EventSignedUp:        memberKeys,
	insights.EventSurveyCompleted: memberKeys,
	insights.EventCoachChosen:     append(slices.Clone(memberKeys), "data.chosen_by", "data.coach", "data.coach.id"),
	insights.EventPaid:            append(slices.Clone(memberKeys), "data.plan", "data.plan.id"),
	insights.EventDeleted:         memberKeys,
}

// claimAll claims every due delivery at now and returns them by event type.
func claimAll(t *testing.T, db *sqlstore.DB, now time.Time) map[insights.EventType][]insights.Claimed {
	t.Helper()
	out := map[insights.EventType][]insights.Claimed{}
	for {
		batch, err := db.ClaimWebhookDeliveries(context.Background(), now, now.Add(time.Minute), "test", 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(batch) == 0 {
			return out
		}
		for _, c := range batch {
			out[c.EventType] = append(out[c.EventType], c)
		}
	}
}

// TestEventBodiesHoldNoAnswers writes every event type for a member who has answered the survey,
// disclosed thoughts of self-harm and arrived from a campaign, and checks each body's keys against
// the allow-list and its values against what the member told us: only who and when leave.
func TestEventBodiesHoldNoAnswers(t *testing.T) {
	for name, db := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			hooks := insights.NewWebhooks(db, insights.WebhooksConfig{Now: func() time.Time { return t0 }})
			all, _ := addEndpoint(t, hooks, "https://crm.example.com/all", true, insights.EventTypes...)
			u := sam(t, db, "sam")
			err := db.InTx(ctx, func(ctx context.Context) error {
				return errors.Join(hooks.MemberSignedUp(ctx, u), hooks.SurveyCompleted(ctx, u.ID), hooks.CoachChosen(ctx, u.ID, "tess", false),
					hooks.MemberPaid(ctx, u.ID, "steady"))
			})
			if err != nil {
				t.Fatal(err)
			}
			bodies := map[insights.EventType][]byte{}
			for typ, cs := range claimAll(t, db, t0.Add(time.Second)) {
				if len(cs) != 1 || cs[0].EndpointID != all.ID {
					t.Fatalf("%s: %d deliveries, want one to the endpoint", typ, len(cs))
				}
				bodies[typ] = cs[0].Payload
			}
			// member.deleted takes the member's earlier events along.
			if err := db.InTx(ctx, func(ctx context.Context) error { return hooks.MemberDeleted(ctx, u) }); err != nil {
				t.Fatal(err)
			}
			if ds, _ := db.WebhookDeliveries(ctx, all.ID, 50); len(ds) != 1 || ds[0].EventType != insights.EventDeleted {
				t.Errorf("deliveries after member.deleted = %+v, want it alone", ds)
			}
			for _, c := range claimAll(t, db, t0.Add(time.Second))[insights.EventDeleted] {
				bodies[insights.EventDeleted] = c.Payload
			}

			for _, typ := range insights.EventTypes {
				body, ok := bodies[typ]
				if !ok {
					t.Errorf("no %s was written", typ)
					continue
				}
				if got, want := keysOf(t, body), slices.Sorted(slices.Values(allowedKeys[typ])); !slices.Equal(got, want) {
					t.Errorf("%s has the keys %v, want exactly %v", typ, got, want)
				}
				for _, secret := range []string{"1990", "iphone", "very-often", "self-harm", "springads", "launch", "what-apply"} {
					if strings.Contains(string(body), secret) {
						t.Errorf("%s carries %q: %s", typ, secret, body)
					}
				}
				var decoded map[string]any
				_ = json.Unmarshal(body, &decoded)
				member := decoded["data"].(map[string]any)["member"].(map[string]any)
				if decoded["type"] != string(typ) || decoded["created_at"] != "2026-11-24T10:00:00.000Z" || member["id"] != u.ID ||
					member["email"] != "sam@example.test" || member["first_name"] != "Sam" || member["last_name"] != "Rivera" ||
					member["signed_up_at"] != u.CreatedAt.UTC().Format("2006-01-02T15:04:05.000Z07:00") {
					t.Errorf("%s = %s, want the member's id, email, name and sign-up time", typ, body)
				}
			}
			if !strings.Contains(string(bodies[insights.EventCoachChosen]), `"coach":{"id":"tess"},"chosen_by":"member"`) {
				t.Errorf("member.coach_chosen = %s, want the coach and who chose", bodies[insights.EventCoachChosen])
			}
			if !strings.Contains(string(bodies[insights.EventPaid]), `"plan":{"id":"steady"}`) {
				t.Errorf("member.paid = %s, want the plan", bodies[insights.EventPaid])
			}
		})
	}
}

// TestWhichEndpointsGetAnEvent: an event goes to each active endpoint that asked for it, and only
// those; nothing is written at all without one; a staff account's sign-up is nobody's business; a
// completed survey is told once; an endpoint added later gets nothing older; and an event written in
// a transaction that fails is never there.
func TestWhichEndpointsGetAnEvent(t *testing.T) {
	for name, db := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			hooks := insights.NewWebhooks(db, insights.WebhooksConfig{Now: func() time.Time { return t0 }})
			u := sam(t, db, "ann")

			// No endpoint: nothing is written, and the survey's completion is still recorded once.
			if err := hooks.SurveyCompleted(ctx, u.ID); err != nil {
				t.Fatal(err)
			}
			if err := hooks.MemberSignedUp(ctx, u); err != nil {
				t.Fatal(err)
			}
			var events int
			if err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM webhook_events`).Scan(&events); err != nil || events != 0 {
				t.Errorf("%d events written with no endpoint (%v), want 0", events, err)
			}

			signUps, _ := addEndpoint(t, hooks, "https://crm.example.com/sign-ups", true, insights.EventSignedUp, insights.EventSurveyCompleted)
			paid, _ := addEndpoint(t, hooks, "https://crm.example.com/paid", true, insights.EventPaid)
			paused, _ := addEndpoint(t, hooks, "https://crm.example.com/paused", false, insights.EventTypes...)

			bob := sam(t, db, "bob")
			staff, _, err := db.EnsureUser(ctx, "staff-1", "staff@example.test", account.RoleStaff)
			if err != nil {
				t.Fatal(err)
			}
			refused := errors.New("the sign-up failed")
			err = db.InTx(ctx, func(ctx context.Context) error {
				if err := hooks.MemberSignedUp(ctx, u); err != nil {
					return err
				}
				return refused
			})
			if !errors.Is(err, refused) {
				t.Fatalf("InTx = %v, want the caller's error", err)
			}
			for _, emit := range []func() error{
				func() error { return hooks.MemberSignedUp(ctx, bob) },
				func() error { return hooks.MemberSignedUp(ctx, staff) },
				func() error { return hooks.SurveyCompleted(ctx, u.ID) }, // told already, with no endpoint
				func() error { return hooks.SurveyCompleted(ctx, bob.ID) },
				func() error { return hooks.SurveyCompleted(ctx, bob.ID) },
				func() error { return hooks.MemberPaid(ctx, bob.ID, "steady") },
			} {
				if err := emit(); err != nil {
					t.Fatal(err)
				}
			}
			later, _ := addEndpoint(t, hooks, "https://crm.example.com/later", true, insights.EventTypes...)

			got := map[string][]string{}
			for _, e := range []insights.Endpoint{signUps, paid, paused, later} {
				ds, err := db.WebhookDeliveries(ctx, e.ID, 50)
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range ds {
					got[e.URL] = append(got[e.URL], string(d.EventType)+" "+d.MemberID)
				}
				slices.Sort(got[e.URL])
			}
			want := map[string][]string{
				signUps.URL: {"member.signed_up " + bob.ID, "member.survey_completed " + bob.ID},
				paid.URL:    {"member.paid " + bob.ID},
			}
			if len(got) != len(want) || !slices.Equal(got[signUps.URL], want[signUps.URL]) || !slices.Equal(got[paid.URL], want[paid.URL]) {
				t.Errorf("deliveries = %v, want %v", got, want)
			}
		})
	}
}

// TestEndpointInput checks the admin's input: what is refused, and how the rest is stored.
func TestEndpointInput(t *testing.T) {
	long := "https://crm.example.com/" + strings.Repeat("a", insights.MaxURLLength)
	office := insights.Reach{Private: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}}
	everywhere := insights.EventTypes
	tests := []struct {
		name      string
		in        insights.EndpointInput
		wantField string // "" when accepted
		want      insights.EndpointInput
		reach     insights.Reach
	}{
		{"https", insights.EndpointInput{URL: " https://crm.example.com/hooks?x=1 ", Description: " CRM ",
			Events: []insights.EventType{insights.EventPaid, insights.EventSignedUp, insights.EventPaid}, Active: true}, "",
			insights.EndpointInput{URL: "https://crm.example.com/hooks?x=1", Description: "CRM", Events: []insights.EventType{insights.EventSignedUp, insights.EventPaid}, Active: true}, insights.Reach{}},
		{"plain http on a port, in a private network allowed", insights.EndpointInput{URL: "http://10.0.0.5:8080/in", Events: []insights.EventType{insights.EventDeleted}}, "",
			insights.EndpointInput{URL: "http://10.0.0.5:8080/in", Events: []insights.EventType{insights.EventDeleted}}, office},
		{"a public address", insights.EndpointInput{URL: "https://93.184.215.14/in", Events: everywhere}, "",
			insights.EndpointInput{URL: "https://93.184.215.14/in", Events: everywhere}, insights.Reach{}},
		{"a public IPv6 address", insights.EndpointInput{URL: "https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/in", Events: everywhere}, "",
			insights.EndpointInput{URL: "https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/in", Events: everywhere}, insights.Reach{}},
		{"a private address", insights.EndpointInput{URL: "http://10.0.0.5:8080/in", Events: everywhere}, "url", insights.EndpointInput{}, insights.Reach{}},
		{"a private address outside the network allowed", insights.EndpointInput{URL: "http://192.168.1.2/in", Events: everywhere}, "url", insights.EndpointInput{}, office},
		{"the metadata service", insights.EndpointInput{URL: "http://169.254.169.254/latest/meta-data/", Events: everywhere}, "url", insights.EndpointInput{}, office},
		{"loopback", insights.EndpointInput{URL: "http://127.0.0.1:9000/", Events: everywhere}, "url", insights.EndpointInput{}, office},
		{"loopback by IPv6", insights.EndpointInput{URL: "http://[::1]:9000/", Events: everywhere}, "url", insights.EndpointInput{}, office},
		{"a private address written as IPv6", insights.EndpointInput{URL: "http://[::ffff:192.168.1.2]/", Events: everywhere}, "url", insights.EndpointInput{}, office},
		{"localhost", insights.EndpointInput{URL: "http://LocalHost.:9000/", Events: everywhere}, "url", insights.EndpointInput{}, office},
		{"a name under localhost", insights.EndpointInput{URL: "http://crm.localhost/", Events: everywhere}, "url", insights.EndpointInput{}, office},
		{"localhost, with loopback allowed", insights.EndpointInput{URL: "http://localhost:9000/in", Events: everywhere}, "",
			insights.EndpointInput{URL: "http://localhost:9000/in", Events: everywhere}, insights.Reach{Private: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}},
		{"no address", insights.EndpointInput{Events: insights.EventTypes}, "url", insights.EndpointInput{}, insights.Reach{}},
		{"another scheme", insights.EndpointInput{URL: "ftp://crm.example.com", Events: insights.EventTypes}, "url", insights.EndpointInput{}, insights.Reach{}},
		{"no host", insights.EndpointInput{URL: "https:///hooks", Events: insights.EventTypes}, "url", insights.EndpointInput{}, insights.Reach{}},
		{"a port without a host", insights.EndpointInput{URL: "https://:443/hooks", Events: insights.EventTypes}, "url", insights.EndpointInput{}, insights.Reach{}},
		{"relative", insights.EndpointInput{URL: "crm.example.com/hooks", Events: insights.EventTypes}, "url", insights.EndpointInput{}, insights.Reach{}},
		{"a user and password", insights.EndpointInput{URL: "https://me:pw@crm.example.com", Events: insights.EventTypes}, "url", insights.EndpointInput{}, insights.Reach{}},
		{"a space inside", insights.EndpointInput{URL: "https://crm.example.com/a b", Events: insights.EventTypes}, "url", insights.EndpointInput{}, insights.Reach{}},
		{"a line break", insights.EndpointInput{URL: "https://crm.example.com/\nx", Events: insights.EventTypes}, "url", insights.EndpointInput{}, insights.Reach{}},
		{"too long", insights.EndpointInput{URL: long, Events: insights.EventTypes}, "url", insights.EndpointInput{}, insights.Reach{}},
		{"a long description", insights.EndpointInput{URL: "https://crm.example.com", Description: strings.Repeat("é", insights.MaxDescriptionLength+1),
			Events: insights.EventTypes}, "description", insights.EndpointInput{}, insights.Reach{}},
		{"no events", insights.EndpointInput{URL: "https://crm.example.com"}, "events", insights.EndpointInput{}, insights.Reach{}},
		{"an unknown event", insights.EndpointInput{URL: "https://crm.example.com", Events: []insights.EventType{"member.answered"}}, "events", insights.EndpointInput{}, insights.Reach{}},
	}
	for _, tt := range tests {
		got, err := tt.in.Check(tt.reach)
		if tt.wantField == "" {
			if err != nil || got.URL != tt.want.URL || got.Description != tt.want.Description || !slices.Equal(got.Events, tt.want.Events) || got.Active != tt.want.Active {
				t.Errorf("%s: Check() = %+v, %v; want %+v", tt.name, got, err, tt.want)
			}
			continue
		}
		var e *apperr.Error
		if !errors.As(err, &e) || e.Code != apperr.Invalid || len(e.Fields) != 1 || e.Fields[0].Field != tt.wantField {
			t.Errorf("%s: Check() = %+v, want one problem with %s", tt.name, err, tt.wantField)
		}
	}
}

// TestReach: deliveries may reach public addresses, and private ones only in the networks allowed.
func TestReach(t *testing.T) {
	office := insights.Reach{Private: []netip.Prefix{netip.MustParsePrefix("10.20.0.0/16"), netip.MustParsePrefix("fd12::/16")}}
	tests := []struct {
		addr       string
		want       bool // with no private network allowed
		wantOffice bool // with office's
	}{
		{"93.184.215.14", true, true},
		{"2606:2800:21f:cb07:6820:80da:af6b:8b2c", true, true},
		{"10.20.1.2", false, true},
		{"::ffff:10.20.1.2", false, true},
		{"fd12::5", false, true},
		{"10.21.1.2", false, false},
		{"172.16.0.1", false, false},
		{"192.168.1.1", false, false},
		{"127.0.0.1", false, false},
		{"::1", false, false},
		{"169.254.169.254", false, false},
		{"fe80::1%eth0", false, false},
		{"fd00:ec2::254", false, false},
		{"0.0.0.0", false, false},
		{"::", false, false},
		{"0.1.2.3", false, false},
		{"100.64.0.1", false, false},
		{"192.0.0.170", false, false},
		{"198.18.0.1", false, false},
		{"255.255.255.255", false, false},
		{"224.0.0.1", false, false},
		{"ff02::1", false, false},
		{"64:ff9b:1::a14:102", false, false},
	}
	for _, tt := range tests {
		addr := netip.MustParseAddr(tt.addr)
		if got := (insights.Reach{}).Allows(addr); got != tt.want {
			t.Errorf("Reach{}.Allows(%s) = %t, want %t", tt.addr, got, tt.want)
		}
		if got := office.Allows(addr); got != tt.wantOffice {
			t.Errorf("office.Allows(%s) = %t, want %t", tt.addr, got, tt.wantOffice)
		}
	}
}

// TestOnlyAdminsSetUpWebhooks: every use of the set-up refuses staff who are not admins.
func TestOnlyAdminsSetUpWebhooks(t *testing.T) {
	for name, db := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			hooks := insights.NewWebhooks(db, insights.WebhooksConfig{})
			e, _ := addEndpoint(t, hooks, "https://crm.example.com/x", true, insights.EventPaid)
			staff := backoffice.Actor{UserID: "staff-1", Email: "staff@example.test"}
			in := insights.EndpointInput{URL: "https://crm.example.com/y", Events: insights.EventTypes, Active: true}
			for use, err := range map[string]error{
				"list":    func() error { _, err := hooks.Endpoints(ctx, staff); return err }(),
				"create":  func() error { _, _, err := hooks.CreateEndpoint(ctx, staff, in); return err }(),
				"update":  func() error { _, err := hooks.UpdateEndpoint(ctx, staff, e.ID, in); return err }(),
				"rotate":  func() error { _, _, err := hooks.RotateSecret(ctx, staff, e.ID); return err }(),
				"delete":  hooks.DeleteEndpoint(ctx, staff, e.ID),
				"read":    func() error { _, err := hooks.Deliveries(ctx, staff, e.ID); return err }(),
				"re-send": func() error { _, err := hooks.Resend(ctx, staff, e.ID, "d"); return err }(),
			} {
				if apperr.CodeOf(err) != apperr.Forbidden {
					t.Errorf("%s as staff = %v, want forbidden", use, err)
				}
			}
			if all, _ := db.WebhookEndpoints(ctx); len(all) != 1 || all[0].URL != e.URL {
				t.Errorf("endpoints after staff's tries = %+v, want the admin's alone, unchanged", all)
			}
		})
	}
}
