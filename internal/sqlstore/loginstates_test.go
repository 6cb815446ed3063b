package sqlstore

import (
	"reflect"
	"sync"
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
)

func TestLoginStates(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			state := func(hash string, signup bool) account.LoginState {
				return account.LoginState{StateHash: hash, Nonce: "nonce-" + hash, CodeVerifier: "verifier-" + hash,
					ReturnTo: "/name-and-birth", Signup: signup, CreatedAt: t0, ExpiresAt: t0.Add(10 * time.Minute)}
			}
			creates := []struct {
				name     string
				in       account.LoginState
				wantCode apperr.Code
			}{
				{"sign-in", state("a", false), ""},
				{"sign-up", state("b", true), ""},
				{"expiring", state("c", false), ""},
				{"the same hash", state("a", false), apperr.Conflict},
				{"no hash", state("", false), apperr.Invalid},
			}
			for _, tt := range creates {
				if code := codeOf(db.CreateLoginState(ctx, tt.in)); code != tt.wantCode {
					t.Errorf("CreateLoginState %s: code = %q, want %q", tt.name, code, tt.wantCode)
				}
			}

			takes := []struct {
				name     string
				hash     string
				now      time.Time
				want     account.LoginState
				wantCode apperr.Code
			}{
				{"first use", "a", t0.Add(time.Minute), state("a", false), ""},
				{"second use", "a", t0.Add(time.Minute), account.LoginState{}, apperr.NotFound},
				{"sign-up flag kept", "b", t0.Add(time.Minute), state("b", true), ""},
				{"expired", "c", t0.Add(10 * time.Minute), account.LoginState{}, apperr.NotFound},
				{"expired and so removed", "c", t0, account.LoginState{}, apperr.NotFound},
				{"unknown", "z", t0, account.LoginState{}, apperr.NotFound},
			}
			for _, tt := range takes {
				got, err := db.TakeLoginState(ctx, tt.hash, tt.now)
				if code := codeOf(err); code != tt.wantCode {
					t.Errorf("TakeLoginState %s: code = %q, want %q (err %v)", tt.name, code, tt.wantCode, err)
					continue
				}
				if !reflect.DeepEqual(got, tt.want) {
					t.Errorf("TakeLoginState %s = %+v, want %+v", tt.name, got, tt.want)
				}
			}

			// Two callbacks racing with one state: exactly one of them gets it.
			if err := db.CreateLoginState(ctx, state("race", false)); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			errs := make([]error, 6)
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errs[i] = db.TakeLoginState(ctx, "race", t0)
				}()
			}
			wg.Wait()
			won := 0
			for _, err := range errs {
				if err == nil {
					won++
				} else if codeOf(err) != apperr.NotFound {
					t.Errorf("TakeLoginState in the race: %v, want nil or NotFound", err)
				}
			}
			if won != 1 {
				t.Errorf("%d callbacks got the state, want 1", won)
			}
		})
	}
}
