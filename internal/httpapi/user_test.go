package httpapi

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
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
