package idp

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"wayfinder/internal/account"
)

// TestParallelGuessesAreCountedFirst sends 100 wrong passwords for one account at once, on each
// database: each is counted before its password is checked, so no more than the pair limit reach
// the hash (401), and the rest are refused without it (429).
func TestParallelGuessesAreCountedFirst(t *testing.T) {
	t.Parallel()
	for name, dsn := range testDatabases(t) {
		t.Run(name, func(t *testing.T) {
			e := newTestEnvOn(t, dsn)
			if _, err := e.p.CreateUser(t.Context(), "ann@example.com", annPassword, account.RoleMember); err != nil {
				t.Fatal(err)
			}
			form := url.Values{"email": {"ann@example.com"}, "password": {"wrong password!"}}.Encode()
			var (
				mu       sync.Mutex
				statuses = map[int]int{}
				wg       sync.WaitGroup
			)
			for range 100 {
				wg.Go(func() {
					resp, err := http.Post(e.srv.URL+"/idp/login", "application/x-www-form-urlencoded", strings.NewReader(form))
					if err != nil {
						t.Error(err)
						return
					}
					resp.Body.Close()
					mu.Lock()
					statuses[resp.StatusCode]++
					mu.Unlock()
				})
			}
			wg.Wait()
			if statuses[http.StatusUnauthorized] != pairAttemptLimit || statuses[http.StatusTooManyRequests] != 100-pairAttemptLimit {
				t.Errorf("answers = %v, want %d checked (401) and the rest refused (429)", statuses, pairAttemptLimit)
			}
		})
	}
}

// TestAStrangerCannotKeepAMemberOut lets a stranger fail 50 times at a member's account from 50
// addresses, waiting out each slowdown: the member's right password still works at once from the
// address they have signed in from before, while from a new address they wait a little.
func TestAStrangerCannotKeepAMemberOut(t *testing.T) {
	t.Parallel()
	for name, dsn := range testDatabases(t) {
		t.Run(name, func(t *testing.T) {
			e := newTestEnvOn(t, dsn)
			ctx := t.Context()
			if _, err := e.p.CreateUser(ctx, "ann@example.com", annPassword, account.RoleMember); err != nil {
				t.Fatal(err)
			}
			const home = "198.51.100.10"
			if _, err := e.p.authenticate(ctx, "ann@example.com", annPassword, home); err != nil {
				t.Fatalf("ann at home: %v", err)
			}
			e.clock.advance(time.Hour)

			for i := range 50 {
				addr := fmt.Sprintf("203.0.113.%d", i+1)
				_, err := e.p.authenticate(ctx, "ann@example.com", "wrong password!", addr)
				var tm tooManyAttempts
				if errors.As(err, &tm) {
					// A stranger trying again at once is refused without a password check.
					if i < accountFreeFailures {
						t.Fatalf("guess %d refused before the account slows down", i+1)
					}
					e.clock.advance(tm.wait)
					_, err = e.p.authenticate(ctx, "ann@example.com", "wrong password!", addr)
				}
				if !errors.Is(err, errWrongCredentials) {
					t.Fatalf("guess %d from %s = %v, want a checked wrong password", i+1, addr, err)
				}
			}

			// From a new address, the right password waits out the slowdown, never longer than its cap.
			_, err := e.p.authenticate(ctx, "ann@example.com", annPassword, "192.0.2.200")
			var tm tooManyAttempts
			if !errors.As(err, &tm) || tm.wait > maxAccountDelay {
				t.Errorf("ann from a new address = %v, want a wait of at most %v", err, maxAccountDelay)
			}
			// From home, it works at once.
			if _, err := e.p.authenticate(ctx, "ann@example.com", annPassword, home); err != nil {
				t.Errorf("ann at home after the stranger's 50 failures = %v, want signed in", err)
			}
		})
	}
}

// TestPairAndAddressLimits checks that failures for an account from one address lock that pair
// only, and that a success elsewhere does not clear an address's failures.
func TestPairAndAddressLimits(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	ctx := t.Context()
	for _, email := range []string{"ann@example.com", "eve@example.com"} {
		if _, err := e.p.CreateUser(ctx, email, annPassword, account.RoleMember); err != nil {
			t.Fatal(err)
		}
	}
	// Ann signs in from home first, so home is known to her account.
	if _, err := e.p.authenticate(ctx, "ann@example.com", annPassword, "198.51.100.10"); err != nil {
		t.Fatal(err)
	}
	for range pairAttemptLimit {
		if _, err := e.p.authenticate(ctx, "ann@example.com", "wrong password!", "203.0.113.1"); !errors.Is(err, errWrongCredentials) {
			t.Fatalf("guess = %v", err)
		}
	}
	var tm tooManyAttempts
	if _, err := e.p.authenticate(ctx, "ann@example.com", annPassword, "203.0.113.1"); !errors.As(err, &tm) || tm.wait > attemptWindow {
		t.Errorf("the right password from the guessing address = %v, want a pause of at most %v", err, attemptWindow)
	}
	if _, err := e.p.authenticate(ctx, "ann@example.com", annPassword, "198.51.100.10"); err != nil {
		t.Errorf("ann at home while the guesser's pair is locked = %v, want signed in", err)
	}

	// Eve sprays wrong passwords at many accounts, signing in to her own between guesses: the
	// address limit still pauses her address.
	for i := range addressAttemptLimit {
		if i%4 == 0 {
			if _, err := e.p.authenticate(ctx, "eve@example.com", annPassword, "203.0.113.66"); err != nil {
				t.Fatalf("eve's own sign-in %d = %v", i, err)
			}
		}
		email := fmt.Sprintf("target%d@example.com", i)
		if _, err := e.p.authenticate(ctx, email, "wrong password!", "203.0.113.66"); !errors.Is(err, errWrongCredentials) {
			t.Fatalf("spray %d = %v", i, err)
		}
	}
	if _, err := e.p.authenticate(ctx, "someone@example.com", "wrong password!", "203.0.113.66"); !errors.As(err, &tm) {
		t.Errorf("after %d failures from one address = %v, want paused", addressAttemptLimit, err)
	}
}

func TestSignUpLimitPerAddress(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	b := e.browser()
	// A form with mistakes does not count.
	for range 3 {
		if resp, _ := e.postForm(b, "/idp/signup", url.Values{"email": {"not an email"}, "password": {annPassword}}); resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("a bad sign-up = %d, want 400", resp.StatusCode)
		}
	}
	for i := range defaultSignupLimit {
		resp, _ := e.postForm(e.browser(), "/idp/signup", url.Values{"email": {fmt.Sprintf("new%d@example.com", i)}, "password": {annPassword}})
		if resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("sign-up %d = %d, want 303", i+1, resp.StatusCode)
		}
	}
	resp, body := e.postForm(b, "/idp/signup", url.Values{"email": {"one-more@example.com"}, "password": {annPassword}})
	if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, "Too many attempts") || resp.Header.Get("Retry-After") == "" {
		t.Errorf("sign-up %d from one address = %d, want 429 with Retry-After", defaultSignupLimit+1, resp.StatusCode)
	}
	e.clock.advance(signupWindow + time.Minute)
	if resp, _ := e.postForm(b, "/idp/signup", url.Values{"email": {"one-more@example.com"}, "password": {annPassword}}); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("sign-up after the window = %d, want 303", resp.StatusCode)
	}
}

func TestAccountDelayAndAddressKey(t *testing.T) {
	for _, tt := range []struct {
		failures int
		want     time.Duration
	}{{0, 0}, {4, 0}, {5, time.Second}, {6, 2 * time.Second}, {10, 32 * time.Second}, {14, maxAccountDelay}, {500, maxAccountDelay}} {
		if got := accountDelay(tt.failures); got != tt.want {
			t.Errorf("accountDelay(%d) = %v, want %v", tt.failures, got, tt.want)
		}
	}
	for addr, want := range map[string]string{
		"192.0.2.7":                     "192.0.2.7",
		"2001:db8:1:2:aaaa:bbbb:cccc:1": "2001:db8:1:2::/64",
		"2001:db8:1:2::99":              "2001:db8:1:2::/64",
		"not an address":                "not an address",
	} {
		if got := addressKeyOf(addr); got != want {
			t.Errorf("addressKeyOf(%q) = %q, want %q", addr, got, want)
		}
	}
}
