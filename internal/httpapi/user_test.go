package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/prometheus/client_golang/prometheus"

	"wayfinder/internal/account"
	"wayfinder/internal/billing"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/stripepay"
)

func TestMe(t *testing.T) {
	tests := []struct {
		name       string
		method     string
		token      func(ts *testServer, t *testing.T) string // "" is an anonymous caller
		wantStatus int
		wantRole   string
		wantBody   []string
	}{
		{name: "anonymous", method: "GET", wantStatus: 401, wantBody: []string{"Please sign in"}},
		{name: "member by bearer token", method: "GET", token: func(ts *testServer, t *testing.T) string { return ts.bearer(t, "auth0|m1", []string{"member"}, nil) },
			wantStatus: 200, wantRole: "member"},
		{name: "staff by bearer token", method: "GET", token: func(ts *testServer, t *testing.T) string { return ts.bearer(t, "auth0|s1", []string{"staff"}, nil) },
			wantStatus: 200, wantRole: "staff"},
		{name: "token for another audience", method: "GET", token: func(ts *testServer, t *testing.T) string {
			return ts.bearer(t, "auth0|m1", nil, func(c jwt.MapClaims) { c["aud"] = "https://other.example.test" })
		}, wantStatus: 401},
		{name: "expired token", method: "GET", token: func(ts *testServer, t *testing.T) string {
			return ts.bearer(t, "auth0|m1", nil, func(c jwt.MapClaims) { c["exp"] = time.Now().Add(-5 * time.Minute).Unix() })
		}, wantStatus: 401},
		{name: "not a bearer token", method: "GET", token: func(*testServer, *testing.T) string { return "Basic dXNlcjpwYXNz" }, wantStatus: 401},
		{name: "wrong method", method: "POST", wantStatus: 405},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestServer(t)
			header := map[string]string{}
			if tt.token != nil {
				header["Authorization"] = tt.token(ts, t)
			}
			w := ts.do(tt.method, "/api/user/me", nil, header)
			if got, want := w.Code, tt.wantStatus; got != want {
				t.Fatalf("status = %d, want %d; body %s", got, want, w.Body.String())
			}
			checkOpenAPI(t, tt.method, "/api/user/me", "", w)
			for _, want := range tt.wantBody {
				if !strings.Contains(w.Body.String(), want) {
					t.Errorf("body %q does not contain %q", w.Body.String(), want)
				}
			}
			if tt.wantStatus != http.StatusOK {
				if ct := w.Header().Get("Content-Type"); ct != "application/problem+json" {
					t.Errorf("Content-Type = %q, want application/problem+json", ct)
				}
				return
			}
			var got meResponse
			if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if got.Me.UserID == "" || got.Me.Role != tt.wantRole || !strings.HasSuffix(got.Me.Email, "@example.test") || got.Me.DateOfBirth != nil {
				t.Errorf("me = %+v, want a userId, role %q, the token's email and no date of birth", got.Me, tt.wantRole)
			}
		})
	}
}

// TestMeProvisionsOnce checks that the first verified request of a new subject creates the user
// and later requests find the same one.
func TestMeProvisionsOnce(t *testing.T) {
	ts := newTestServer(t)
	var ids []string
	for range 3 {
		w := ts.do("GET", "/api/user/me", nil, map[string]string{"Authorization": ts.bearer(t, "auth0|new", nil, nil)})
		var got meResponse
		if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil || w.Code != 200 {
			t.Fatalf("status %d, body %s", w.Code, w.Body.String())
		}
		ids = append(ids, got.Me.UserID)
	}
	if ids[0] != ids[1] || ids[1] != ids[2] {
		t.Errorf("userIds = %v, want one user", ids)
	}
	if u, err := ts.db.UserBySubject(t.Context(), "auth0|new"); err != nil || u.ID != ids[0] {
		t.Errorf("UserBySubject() = %v, %v; want the provisioned user %s", u.ID, err, ids[0])
	}
}

// TestMeEmailVerified checks that GET /api/user/me says whether the caller's email is confirmed:
// by the identity provider's email_verified claim, or by the emailed link.
func TestMeEmailVerified(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, ts *testServer) {
		tests := []struct {
			name    string
			subject string
			claim   any // the token's email_verified; nil leaves it out
			confirm bool
			want    bool
		}{
			{"no claim", "auth0|plain", nil, false, false},
			{"the provider says false", "auth0|unverified", false, false, false},
			{"the provider says true", "auth0|verified", true, false, true},
			{"confirmed by the emailed link", "auth0|linked", nil, true, true},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				header := map[string]string{"Authorization": ts.bearer(t, tt.subject, []string{"member"}, func(c jwt.MapClaims) {
					if tt.claim != nil {
						c["email_verified"] = tt.claim
					}
				})}
				if tt.confirm {
					ts.do("GET", "/api/user/me", nil, header) // the first request creates the member
					u, err := ts.db.UserBySubject(t.Context(), tt.subject)
					if err != nil {
						t.Fatal(err)
					}
					if ok, err := ts.db.MarkEmailVerified(t.Context(), u.ID, u.Email, time.Now()); err != nil || !ok {
						t.Fatalf("MarkEmailVerified() = %v, %v", ok, err)
					}
				}
				w, _ := ts.scenario(t, "", "GET", "/api/user/me", "", header, http.StatusOK)
				var got meResponse
				if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
					t.Fatal(err)
				}
				if got.Me.EmailVerified != tt.want {
					t.Errorf("emailVerified = %v, want %v", got.Me.EmailVerified, tt.want)
				}
			})
		}
	})
}

// fakeEmailVerification records who asked for a new link and answers err.
type fakeEmailVerification struct {
	err   error
	asked []string
}

func (f *fakeEmailVerification) SendVerificationEmail(_ context.Context, userID string) error {
	f.asked = append(f.asked, userID)
	return f.err
}

// withEmailVerification rebuilds the test server with v sending the links (nil: none, as with an
// external identity provider).
func (ts *testServer) withEmailVerification(t *testing.T, v EmailVerification) {
	t.Helper()
	ts.deps.EmailVerification = v
	ts.deps.Registry = prometheus.NewRegistry()
	h, err := NewHandler(ts.deps)
	if err != nil {
		t.Fatal(err)
	}
	ts.handler = h
}

func TestSendVerificationEmail(t *testing.T) {
	t0 := time.Date(2026, 5, 4, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name       string
		verifier   bool  // the embedded provider sends links
		err        error // its answer
		actor      string
		method     string
		wantStatus int
		wantBody   string
	}{
		{"a new link", true, nil, "auth0|m1", "POST", http.StatusNoContent, ""},
		{"anonymous", true, nil, "", "POST", http.StatusUnauthorized, "Please sign in"},
		{"confirmed already", true, account.CheckVerificationEmail(account.User{Email: "m1@example.com", EmailVerified: true},
			account.VerificationEmailRequest{MailOn: true}), "auth0|m1", "POST", http.StatusConflict, "confirmed already"},
		{"too many links", true, account.CheckVerificationEmail(account.User{Email: "m1@example.com"},
			account.VerificationEmailRequest{MailOn: true, Sent: account.VerificationEmailsPerWindow, OldestSent: t0, Now: t0.Add(20 * time.Minute)}),
			"auth0|m1", "POST", http.StatusTooManyRequests, "40 minutes"},
		{"an external identity provider", false, nil, "auth0|m1", "POST", http.StatusConflict, "sign-in provider confirms"},
		{"the wrong method", true, nil, "auth0|m1", "GET", http.StatusMethodNotAllowed, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestServer(t)
			fake := &fakeEmailVerification{err: tt.err}
			if tt.verifier {
				ts.withEmailVerification(t, fake)
			}
			w, _ := ts.scenario(t, tt.actor, tt.method, "/api/user/verification-email", "", nil, tt.wantStatus)
			if !strings.Contains(w.Body.String(), tt.wantBody) {
				t.Errorf("body %s, want it to contain %q", w.Body.String(), tt.wantBody)
			}
			wantAsked := 0
			if tt.verifier && tt.actor != "" && tt.method == "POST" {
				wantAsked = 1
			}
			if got := len(fake.asked); got != wantAsked {
				t.Fatalf("links asked for = %d, want %d", got, wantAsked)
			}
			if wantAsked == 1 {
				if got, want := fake.asked[0], ts.userID(t, tt.actor); got != want {
					t.Errorf("the link was asked for user %q, want the caller %q", got, want)
				}
			}
		})
	}
}

// TestPayingNeedsAConfirmedEmail checks checkout where paying needs a confirmed email: the plans
// say so before the member tries, checkout refuses with a clear 403 until the email is confirmed,
// and then it goes ahead.
func TestPayingNeedsAConfirmedEmail(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, ts *testServer) {
		ts.withBilling(t, stripepay.NewTestMode(testWebhookSecret), billing.Variant{Enabled: true})
		ts.deps.Billing.(*billing.Service).RequireVerifiedEmail()
		ts.withEmailVerification(t, nil)
		h := ts.readyForPlan(t, "payer", onboarding.UTM{})
		userID := ts.userID(t, "payer")

		steps := []struct {
			name         string
			confirm      bool
			wantRequired bool
			wantStatus   int
			wantBody     string
		}{
			{"before confirming", false, true, http.StatusForbidden, "Please confirm your email address before paying."},
			{"after confirming", true, false, http.StatusOK, `"url"`},
		}
		for _, tt := range steps {
			if tt.confirm {
				u, err := ts.db.UserByID(t.Context(), userID)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := ts.db.MarkEmailVerified(t.Context(), userID, u.Email, time.Now()); err != nil {
					t.Fatal(err)
				}
			}
			w, _ := ts.scenario(t, "", "GET", "/api/billing/plans", "", h, http.StatusOK)
			var plans plansResponse
			if err := json.Unmarshal(w.Body.Bytes(), &plans); err != nil {
				t.Fatal(err)
			}
			if got := plans.EmailVerificationRequired; got != tt.wantRequired {
				t.Errorf("%s: emailVerificationRequired = %v, want %v", tt.name, got, tt.wantRequired)
			}
			w, _ = ts.scenario(t, "", "POST", "/api/billing/checkout", `{"planId":"steady"}`, h, tt.wantStatus)
			if !strings.Contains(w.Body.String(), tt.wantBody) {
				t.Errorf("%s: checkout answered %s, want it to contain %q", tt.name, w.Body.String(), tt.wantBody)
			}
		}
	})
}
