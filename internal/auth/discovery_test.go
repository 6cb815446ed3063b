package auth

import (
	"strings"
	"testing"
	"time"

	"wayfinder/internal/account"
)

func TestDiscover(t *testing.T) {
	tests := []struct {
		name    string
		issuer  func(p *fakeProvider) string
		doc     func(doc map[string]any)
		wantErr string
		// wantPromptCreate is whether sign-up may send prompt=create to this provider.
		wantPromptCreate bool
	}{
		{"matching issuer", func(p *fakeProvider) string { return p.issuer }, nil, "", false},
		{"prompt=create listed", func(p *fakeProvider) string { return p.issuer },
			func(doc map[string]any) {
				doc["prompt_values_supported"] = []string{"none", "login", "consent", "create"}
			}, "", true},
		{"other prompts only", func(p *fakeProvider) string { return p.issuer },
			func(doc map[string]any) { doc["prompt_values_supported"] = []string{"none", "login", "consent"} }, "", false},
		{"issuer without the trailing slash", func(p *fakeProvider) string { return strings.TrimSuffix(p.issuer, "/") }, nil, "must match exactly", false},
		{"document names another issuer", func(p *fakeProvider) string { return p.issuer },
			func(doc map[string]any) { doc["issuer"] = "https://evil.test/" }, "must match exactly", false},
		{"no token endpoint", func(p *fakeProvider) string { return p.issuer },
			func(doc map[string]any) { delete(doc, "token_endpoint") }, "token_endpoint", false},
		{"no PKCE S256", func(p *fakeProvider) string { return p.issuer },
			func(doc map[string]any) { doc["code_challenge_methods_supported"] = []string{"plain"} }, "S256", false},
		{"no RS256", func(p *fakeProvider) string { return p.issuer },
			func(doc map[string]any) { doc["id_token_signing_alg_values_supported"] = []string{"HS256"} }, "RS256", false},
		{"not found", func(p *fakeProvider) string { return p.srv.URL + "/elsewhere/" }, nil, "404", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newFakeProvider(t, time.Now)
			p.discovery = tt.doc
			got, err := Discover(t.Context(), nil, tt.issuer(p))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Discover error = %v, want one mentioning %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Discover: %v", err)
			}
			want := p.endpoints()
			want.PromptCreate = tt.wantPromptCreate
			if got != want {
				t.Errorf("Discover = %+v, want %+v", got, want)
			}
		})
	}
}

func TestNewValidatesConfig(t *testing.T) {
	e := newEnv(t)
	base := e.svc.cfg
	tests := []struct {
		name    string
		mutate  func(c *Config)
		wantErr string
	}{
		{"complete", func(*Config) {}, ""},
		{"no audience", func(c *Config) { c.Audience = "" }, "Audience"},
		{"no secret", func(c *Config) { c.ClientSecret = "" }, "ClientSecret"},
		{"no keyfunc", func(c *Config) { c.Keyfunc = nil }, "Keyfunc"},
		{"relative redirect", func(c *Config) { c.RedirectURL = "/auth/callback" }, "RedirectURL"},
		{"relative revocation endpoint", func(c *Config) { c.RevocationURL = "/oauth/revoke" }, "RevocationURL"},
		{"no revocation endpoint", func(c *Config) { c.RevocationURL = "" }, ""},
		{"max age under idle", func(c *Config) { c.IdleTimeout, c.MaxAge = 2*time.Hour, time.Hour }, "MaxAge"},
	}
	for _, tt := range tests {
		c := base
		tt.mutate(&c)
		_, err := New(c, e.store)
		if (err == nil) != (tt.wantErr == "") || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("%s: New error = %v, want %q", tt.name, err, tt.wantErr)
		}
	}
	if _, err := New(base, nil); err == nil {
		t.Error("New without a store: no error")
	}
}

func TestRolesOf(t *testing.T) {
	tests := []struct {
		name    string
		claims  map[string]any
		want    account.Role
		wantSet bool
	}{
		{"absent", map[string]any{}, "", false},
		{"null", map[string]any{"roles": nil}, "", false},
		{"staff in array", map[string]any{"roles": []any{"member", "staff"}}, account.RoleStaff, true},
		{"member only", map[string]any{"roles": []any{"member"}}, account.RoleMember, true},
		{"empty array", map[string]any{"roles": []any{}}, account.RoleMember, true},
		{"case matters", map[string]any{"roles": []any{"Staff"}}, account.RoleMember, true},
		{"lone string", map[string]any{"roles": "staff"}, account.RoleStaff, true},
		{"not strings", map[string]any{"roles": []any{1, true}}, account.RoleMember, true},
		{"admin", map[string]any{"roles": []any{"staff", "admin"}}, account.RoleAdmin, true},
		{"admin alone", map[string]any{"roles": "admin"}, account.RoleAdmin, true},
	}
	for _, tt := range tests {
		got, set := rolesOf(tt.claims, "roles")
		if got != tt.want || set != tt.wantSet {
			t.Errorf("%s: rolesOf = %q, %v; want %q, %v", tt.name, got, set, tt.want, tt.wantSet)
		}
	}
	got, set := rolesOf(map[string]any{"https://wayfinder.example/roles": []any{"staff"}}, "https://wayfinder.example/roles")
	if got != account.RoleStaff || !set {
		t.Errorf("namespaced claim: rolesOf = %q, %v; want staff, true", got, set)
	}
}
