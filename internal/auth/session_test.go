package auth

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"wayfinder/internal/account"
)

func TestSessionExpiry(t *testing.T) {
	// steps are waits between requests; the last request's outcome is checked.
	tests := []struct {
		name  string
		steps []time.Duration
		want  bool
	}{
		{"fresh", []time.Duration{0}, true},
		{"idle just under 2h", []time.Duration{2*time.Hour - time.Second}, true},
		{"idle 2h", []time.Duration{2 * time.Hour}, false},
		{"kept alive by use", []time.Duration{90 * time.Minute, 90 * time.Minute, 90 * time.Minute}, true},
		{"absolute 24h despite use", repeat(90*time.Minute, 16), false}, // 24h exactly
		{"just before absolute", append(repeat(90*time.Minute, 15), 89*time.Minute), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			c := e.signIn("auth0|s")
			var (
				rec *httptest.ResponseRecorder
				ok  bool
			)
			for _, d := range tt.steps {
				e.clock.Advance(d)
				rec, _, ok = e.withCookie(c)
			}
			if ok != tt.want {
				t.Fatalf("signed in = %v after %v, want %v", ok, tt.steps, tt.want)
			}
			cleared := findCookie(rec.Result().Cookies(), c.Name)
			if !tt.want && (cleared == nil || cleared.MaxAge >= 0 || !cleared.Secure) {
				t.Errorf("expired session's cookie %+v, want it cleared (Max-Age<0, Secure)", cleared)
			}
			if tt.want && cleared != nil {
				t.Errorf("a live session's cookie was touched: %+v", cleared)
			}
		})
	}
}

func repeat(d time.Duration, n int) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = d
	}
	return out
}

func TestSessionTouchThrottle(t *testing.T) {
	e := newEnv(t)
	c := e.signIn("auth0|t")
	idHash := account.HashSessionID(c.Value)
	signedInAt := e.clock.Now()
	steps := []struct {
		wait        time.Duration
		wantTouches int
	}{
		{10 * time.Second, 0},
		{30 * time.Second, 0}, // 40 s after sign-in
		{21 * time.Second, 1}, // 61 s: touched
		{30 * time.Second, 1}, // 30 s after the touch
		{31 * time.Second, 2},
	}
	var elapsed time.Duration
	for _, s := range steps {
		e.clock.Advance(s.wait)
		elapsed += s.wait
		if _, _, ok := e.withCookie(c); !ok {
			t.Fatalf("at +%v: not signed in", elapsed)
		}
		if got := e.store.count("TouchSession"); got != s.wantTouches {
			t.Errorf("at +%v: %d touches, want %d", elapsed, got, s.wantTouches)
		}
	}
	ws, _ := e.store.session(idHash)
	if want := signedInAt.Add(elapsed); !ws.LastSeenAt.Equal(want) || !ws.IdleExpiresAt.Equal(want.Add(2*time.Hour)) {
		t.Errorf("last seen %v idle expiry %v, want %v and +2h", ws.LastSeenAt, ws.IdleExpiresAt, want)
	}
}

func TestSessionIdleExpiryNeverPassesAbsolute(t *testing.T) {
	e := newEnv(t)
	c := e.signIn("auth0|cap")
	ws, _ := e.store.session(account.HashSessionID(c.Value))
	for range 15 {
		e.clock.Advance(90 * time.Minute)
		e.withCookie(c)
	}
	e.clock.Advance(80 * time.Minute) // 23h50m
	if _, _, ok := e.withCookie(c); !ok {
		t.Fatal("not signed in before the absolute expiry")
	}
	got, _ := e.store.session(ws.IDHash)
	if !got.IdleExpiresAt.Equal(ws.AbsoluteExpiresAt) {
		t.Errorf("idle expiry %v, want capped at the absolute %v", got.IdleExpiresAt, ws.AbsoluteExpiresAt)
	}
}

func TestSessionRefresh(t *testing.T) {
	tests := []struct {
		name        string
		wait        time.Duration
		provider    func(p *fakeProvider)
		wantRefresh bool
		wantSigned  bool
		wantNew     bool // the stored tokens changed
	}{
		{"fresh token is left alone", 8 * time.Minute, nil, false, true, false},
		{"refreshed within 60 s of expiry", 9*time.Minute + 10*time.Second, nil, true, true, true},
		{"refreshed after expiry", 30 * time.Minute, nil, true, true, true},
		{"revoked grant ends the session", 30 * time.Minute, func(p *fakeProvider) {
			p.mu.Lock()
			p.refreshes = map[string]grant{}
			p.mu.Unlock()
		}, true, false, false},
		{"provider outage keeps the session", 30 * time.Minute, func(p *fakeProvider) {
			p.tokenStatus, p.tokenError = http.StatusServiceUnavailable, ""
		}, true, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			c := e.signIn("auth0|refresh", "member")
			idHash := account.HashSessionID(c.Value)
			before, _ := e.store.session(idHash)
			requestsBefore := e.p.tokenRequests()
			if tt.provider != nil {
				tt.provider(e.p)
			}
			e.clock.Advance(tt.wait)
			rec, _, ok := e.withCookie(c)
			if ok != tt.wantSigned {
				t.Fatalf("signed in = %v, want %v; logs:\n%s", ok, tt.wantSigned, e.logs.String())
			}
			refreshed := e.p.tokenRequests() > requestsBefore
			if refreshed != tt.wantRefresh {
				t.Errorf("refresh requested = %v, want %v", refreshed, tt.wantRefresh)
			}
			if refreshed {
				form, basic := e.p.lastForm()
				if form.Get("grant_type") != "refresh_token" || form.Get("refresh_token") != before.RefreshToken || basic == "" {
					t.Errorf("refresh form %v with auth %v, want the session's refresh token and client_secret_basic", form, basic != "")
				}
			}
			after, exists := e.store.session(idHash)
			if exists != tt.wantSigned {
				t.Errorf("session stored = %v, want %v", exists, tt.wantSigned)
			}
			if !tt.wantSigned {
				if cl := findCookie(rec.Result().Cookies(), c.Name); cl == nil || cl.MaxAge >= 0 {
					t.Errorf("ended session's cookie %+v, want it cleared", cl)
				}
				return
			}
			changed := after.AccessToken != before.AccessToken && after.RefreshToken != before.RefreshToken
			if changed != tt.wantNew {
				t.Errorf("tokens replaced = %v, want %v", changed, tt.wantNew)
			}
			if tt.wantNew && !after.AccessTokenExpiresAt.Equal(e.clock.Now().Add(10*time.Minute)) {
				t.Errorf("new access token expiry %v, want now+10m", after.AccessTokenExpiresAt)
			}
			if tt.wantNew && after.IDToken == before.IDToken {
				t.Error("the refreshed ID token was not stored")
			}
		})
	}
}

func TestConcurrentRefreshKeepsTheSession(t *testing.T) {
	e := newEnv(t)
	c := e.signIn("auth0|busy")
	e.clock.Advance(20 * time.Minute)
	var wg sync.WaitGroup
	results := make([]bool, 8)
	for i := range results {
		wg.Go(func() {
			_, _, ok := e.withCookie(c)
			results[i] = ok
		})
	}
	wg.Wait()
	for i, ok := range results {
		if !ok {
			t.Errorf("request %d was signed out by a concurrent refresh", i)
		}
	}
	if _, _, ok := e.withCookie(c); !ok {
		t.Error("signed out after the concurrent refreshes")
	}
}

func TestSessionRequestReadsOnce(t *testing.T) {
	e := newEnv(t)
	c := e.signIn("auth0|once")
	before := map[string]int{}
	for _, name := range []string{"SessionWithUser", "SessionByIDHash", "UserByID"} {
		before[name] = e.store.count(name)
	}
	if _, p, ok := e.withCookie(c); !ok || p.User.Subject != "auth0|once" {
		t.Fatalf("signed in = %v as %q, want auth0|once", ok, p.User.Subject)
	}
	// A signed-in request that needs neither a touch nor a refresh reads the session and its user
	// in one query, and nothing else.
	want := map[string]int{"SessionWithUser": 1, "SessionByIDHash": 0, "UserByID": 0}
	for name, n := range want {
		if got := e.store.count(name) - before[name]; got != n {
			t.Errorf("%s called %d times, want %d", name, got, n)
		}
	}
}

func TestSessionRefreshShowsNewRole(t *testing.T) {
	e := newEnv(t)
	c := e.signIn("auth0|promoted", "member")
	if _, p, ok := e.withCookie(c); !ok || p.Staff {
		t.Fatalf("before the refresh: signed in %v, staff %v; want a signed-in member", ok, p.Staff)
	}
	// The provider makes the member staff; the next refresh carries the role in its access token,
	// and the request that refreshed already acts with it.
	e.p.mu.Lock()
	for token, g := range e.p.refreshes {
		g.roles = []string{"staff"}
		e.p.refreshes[token] = g
	}
	e.p.mu.Unlock()
	e.clock.Advance(30 * time.Minute)
	_, p, ok := e.withCookie(c)
	if !ok || !p.Staff || p.User.Role != account.RoleStaff {
		t.Errorf("after the refresh: signed in %v, staff %v, role %q; want staff; logs:\n%s", ok, p.Staff, p.User.Role, e.logs.String())
	}
}

func TestSessionOfDeletedUser(t *testing.T) {
	e := newEnv(t)
	c := e.signIn("auth0|gone")
	u, _ := e.store.userBySubject("auth0|gone")
	e.store.mu.Lock()
	delete(e.store.users, u.ID)
	e.store.mu.Unlock()
	if _, _, ok := e.withCookie(c); ok {
		t.Error("a deleted user is still signed in")
	}
	if _, ok := e.store.session(account.HashSessionID(c.Value)); ok {
		t.Error("the deleted user's session still exists")
	}
}

func TestUnknownCookieIsAnonymous(t *testing.T) {
	e := newEnv(t)
	rec, _, ok := e.withCookie(&http.Cookie{Name: "__Host-wayfinder_session", Value: "made-up"})
	if ok || rec.Code != http.StatusNoContent {
		t.Errorf("unknown cookie: status %d signed in %v, want an anonymous request", rec.Code, ok)
	}
	if c := findCookie(rec.Result().Cookies(), "__Host-wayfinder_session"); c == nil || c.MaxAge >= 0 {
		t.Errorf("stale cookie %+v, want it cleared", c)
	}
	rec, _, ok = e.withCookie(nil)
	if ok || len(rec.Result().Cookies()) != 0 {
		t.Errorf("no cookie: signed in %v, cookies %v; want anonymous and no Set-Cookie", ok, rec.Result().Cookies())
	}
}

func TestRequireUserAndStaff(t *testing.T) {
	e := newEnv(t)
	member := e.signIn("auth0|m")
	staff := e.signIn("auth0|st", "staff")
	admin := e.signIn("auth0|ad", "admin")
	ok := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	tests := []struct {
		name   string
		cookie *http.Cookie
		h      http.Handler
		want   int
	}{
		{"anonymous needs sign-in", nil, e.svc.RequireUser(ok), http.StatusUnauthorized},
		{"member signed in", member, e.svc.RequireUser(ok), http.StatusNoContent},
		{"anonymous on staff route", nil, e.svc.RequireStaff(ok), http.StatusUnauthorized},
		{"member on staff route", member, e.svc.RequireStaff(ok), http.StatusForbidden},
		{"staff on staff route", staff, e.svc.RequireStaff(ok), http.StatusNoContent},
		{"admin on staff route", admin, e.svc.RequireStaff(ok), http.StatusNoContent},
		{"anonymous on admin route", nil, e.svc.RequireAdmin(ok), http.StatusUnauthorized},
		{"member on admin route", member, e.svc.RequireAdmin(ok), http.StatusForbidden},
		{"staff on admin route", staff, e.svc.RequireAdmin(ok), http.StatusForbidden},
		{"admin on admin route", admin, e.svc.RequireAdmin(ok), http.StatusNoContent},
	}
	for _, tt := range tests {
		req := newAPIRequest()
		if tt.cookie != nil {
			req.AddCookie(&http.Cookie{Name: tt.cookie.Name, Value: tt.cookie.Value})
		}
		rec := httptest.NewRecorder()
		e.svc.Authenticate(tt.h).ServeHTTP(rec, req)
		if rec.Code != tt.want {
			t.Errorf("%s: status %d, want %d", tt.name, rec.Code, tt.want)
		}
	}
}

func TestStaffSessionsIdleSooner(t *testing.T) {
	for _, tt := range []struct {
		roles    []string
		idle     time.Duration
		signedIn bool
	}{
		{[]string{"staff"}, 29 * time.Minute, true},
		{[]string{"staff"}, 31 * time.Minute, false},
		{[]string{"staff", "admin"}, 31 * time.Minute, false},
		{[]string{"member"}, 31 * time.Minute, true},
	} {
		e := newEnv(t)
		c := e.signIn("auth0|idle", tt.roles...)
		e.clock.Advance(tt.idle)
		if _, _, ok := e.withCookie(c); ok != tt.signedIn {
			t.Errorf("%v idle for %v: signed in = %v, want %v", tt.roles, tt.idle, ok, tt.signedIn)
		}
	}
}
