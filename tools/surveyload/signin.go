package main

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"
)

// budgetSignInP99 is the accounts issue's sign-in budget, password hash included, on 2 cores.
const budgetSignInP99 = 300 * time.Millisecond

// signInMeasure signs members in through the whole web sign-in, as a browser does: the app's
// /auth/login, the provider's page, the form post (the password hash, the limits' bookkeeping),
// the code exchange and the callback that starts the session. Two run at once, one per core of
// the budget's machine; each member signs in from a browser of their own.
func signInMeasure(ctx context.Context, base string, accounts, total int) (result, error) {
	type account struct{ email, password string }
	run := randomHex(4)
	people := make([]account, accounts)
	for i := range people {
		people[i] = account{fmt.Sprintf("signin-%s-%d@example.com", run, i), "quiet-meadow-" + randomHex(6)}
		if _, err := signIn(ctx, base, people[i].email, people[i].password, true); err != nil {
			return result{}, fmt.Errorf("signing up: %w", err)
		}
	}
	const workers = 2
	var (
		mu    sync.Mutex
		times []time.Duration
		first error
		wg    sync.WaitGroup
	)
	start := time.Now()
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < total; i += workers {
				a := people[i%len(people)]
				t := time.Now()
				_, err := signIn(ctx, base, a.email, a.password, false)
				d := time.Since(t)
				mu.Lock()
				if err != nil && first == nil {
					first = err
				}
				times = append(times, d)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if first != nil {
		return result{}, first
	}
	slices.Sort(times)
	elapsed := time.Since(start)
	return result{n: len(times), elapsed: elapsed, rate: float64(len(times)) / elapsed.Seconds(),
		p50: percentile(times, 0.50), p99: percentile(times, 0.99), max: times[len(times)-1]}, nil
}
