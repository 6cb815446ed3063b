package idp

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/netip"
	"time"

	"wayfinder/internal/idp/idpstore"
)

// The sign-in limits. Guessing a password must be slow for a stranger, and must never let a
// stranger keep a member out:
//   - an account tried from one address is locked for a while after a few failures (the pair
//     limit), which stops a guesser at their own address and touches no one else;
//   - one address failing across many accounts is paused (the address limit), which stops
//     password spraying;
//   - an account failing from anywhere slows down, each attempt waiting longer after the last
//     failure (the account slowdown), which stops a guesser spread over many addresses; but not
//     from an address the member has signed in from before, so their right password still works;
//   - sign-ups from one address are limited too, and so are requests for a password reset link,
//     per email and per address.
//
// Each attempt is counted before its password is checked, in a transaction that holds the
// attempt's keys (LockLoginAttempts), so guesses sent at once are counted one after another: no
// more of them reach the password hash than the limits allow. The state is in the database, so
// the limits hold across replicas.
const (
	// attemptWindow is how far back the pair and address limits look, and how long they pause.
	attemptWindow = 15 * time.Minute
	// pairAttemptLimit is the failures allowed for one account from one address in the window.
	pairAttemptLimit = 5
	// addressAttemptLimit is the failures allowed from one address, across accounts, in the window.
	addressAttemptLimit = 30
	// accountFreeFailures is how many failures from anywhere an account takes before it slows down;
	// accountSlowdownWindow is how far back they are counted.
	accountFreeFailures   = 5
	accountSlowdownWindow = 24 * time.Hour
	// maxAccountDelay caps the account slowdown's wait between attempts.
	maxAccountDelay = 5 * time.Minute
	// knownAddressPeriod is how long a successful sign-in makes its address a known one for the
	// account, exempt from the account slowdown.
	knownAddressPeriod = 90 * 24 * time.Hour
	// defaultSignupLimit is the sign-ups allowed from one address in signupWindow, unless
	// configured (Config.SignupsPerHour).
	defaultSignupLimit = 10
	signupWindow       = time.Hour
	// resetEmailLimit is the reset links that may be asked for one email in resetWindow, whether
	// or not it has an account, so a stranger cannot fill a member's inbox; resetAddressLimit is
	// the requests allowed from one address, for any emails.
	resetEmailLimit   = 3
	resetAddressLimit = 10
	resetWindow       = time.Hour
	// attemptMemory is how long attempts are kept: as long as the longest look back of a limit.
	attemptMemory = accountSlowdownWindow
)

// tooManyAttempts says sign-in is paused and for how long.
type tooManyAttempts struct{ wait time.Duration }

func (e tooManyAttempts) Error() string { return "too many sign-in attempts" }

// minutes is the wait rounded up to whole minutes, at least one.
func (e tooManyAttempts) minutes() int {
	m := int((e.wait + time.Minute - 1) / time.Minute)
	return max(m, 1)
}

// accountDelay is how long an account that has failed failures times in accountSlowdownWindow
// waits after its latest failure before the next attempt from an unknown address: nothing for
// the first accountFreeFailures, then a second, doubling with each failure, up to maxAccountDelay.
func accountDelay(failures int) time.Duration {
	over := failures - accountFreeFailures
	if over < 0 {
		return 0
	}
	if over >= 16 {
		return maxAccountDelay
	}
	return min(time.Second<<over, maxAccountDelay)
}

// addressKeyOf is the part of a client address the limits count by: the address itself for IPv4,
// and its /64 network for IPv6, since one subscriber commonly holds a whole /64.
func addressKeyOf(addr string) string {
	a, err := netip.ParseAddr(addr)
	if err != nil || !a.Is6() || a.Is4In6() {
		return addr
	}
	p, _ := a.Prefix(64)
	return p.String()
}

// attemptKey names an account, an address or both in the attempt log by an HMAC, so the log holds
// neither emails nor addresses in the clear.
func (a *Accounts) attemptKey(scope, value string) string {
	m := hmac.New(sha256.New, a.limitKey)
	m.Write([]byte("attempt\x00" + scope + "\x00" + value))
	return hex.EncodeToString(m.Sum(nil))
}

// signInAttempt is a sign-in counted by reserveSignIn, for signInSucceeded to settle.
type signInAttempt struct {
	succeeded []int64 // its account and pair records, which become successes
	forget    int64   // its address record, which a success removes
}

// reserveSignIn applies the sign-in limits to an attempt for email from addr and, if they allow
// it, records it as a failure before its password is checked; signInSucceeded corrects that. It
// returns tooManyAttempts with the longest wait of the limits that refuse. A refused attempt is
// not recorded, so waiting out a pause is enough to end it.
func (a *Accounts) reserveSignIn(ctx context.Context, email, addr string, now time.Time) (signInAttempt, error) {
	addrKey := addressKeyOf(addr)
	account := a.attemptKey(idpstore.AttemptScopeAccount, email)
	address := a.attemptKey(idpstore.AttemptScopeAddress, addrKey)
	pair := a.attemptKey(idpstore.AttemptScopePair, email+"\x00"+addrKey)
	var attempt signInAttempt
	err := a.store.InTx(ctx, func(ctx context.Context) error {
		attempt = signInAttempt{}
		if err := a.store.LockLoginAttempts(ctx, account, address); err != nil {
			return err
		}
		var wait time.Duration
		for _, l := range []struct {
			scope, key string
			limit      int
		}{{idpstore.AttemptScopePair, pair, pairAttemptLimit}, {idpstore.AttemptScopeAddress, address, addressAttemptLimit}} {
			f, err := a.store.LoginFailures(ctx, l.scope, l.key, now.Add(-attemptWindow))
			if err != nil {
				return err
			}
			if f.Count >= l.limit {
				wait = max(wait, f.Oldest.Add(attemptWindow).Sub(now))
				a.log.WarnContext(ctx, "sign-in paused by the rate limit", "scope", l.scope, "failures", f.Count)
			}
		}
		known, err := a.store.LoginSucceededSince(ctx, idpstore.AttemptScopePair, pair, now.Add(-knownAddressPeriod))
		if err != nil {
			return err
		}
		if !known {
			f, err := a.store.LoginFailures(ctx, idpstore.AttemptScopeAccount, account, now.Add(-accountSlowdownWindow))
			if err != nil {
				return err
			}
			if next := f.Latest.Add(accountDelay(f.Count)); f.Count >= accountFreeFailures && now.Before(next) {
				wait = max(wait, next.Sub(now))
				a.log.WarnContext(ctx, "sign-in slowed down for the account", "failures", f.Count)
			}
		}
		if wait > 0 {
			return tooManyAttempts{wait: wait}
		}
		for _, r := range []struct{ scope, key string }{
			{idpstore.AttemptScopeAccount, account}, {idpstore.AttemptScopePair, pair}, {idpstore.AttemptScopeAddress, address},
		} {
			id, err := a.store.RecordLoginAttempt(ctx, idpstore.LoginAttempt{Scope: r.scope, Key: r.key, At: now})
			if err != nil {
				return err
			}
			if r.scope == idpstore.AttemptScopeAddress {
				attempt.forget = id
			} else {
				attempt.succeeded = append(attempt.succeeded, id)
			}
		}
		return nil
	})
	return attempt, err
}

// signInSucceeded records that a reserved attempt had the right password: its account and pair
// records become successes, which clears their earlier failures and makes the address a known one
// for the account. Its address record is removed rather than marked, because a success must not
// clear an address's failures: a guesser with one account of their own could otherwise sign in to
// it between guesses at others.
func (a *Accounts) signInSucceeded(ctx context.Context, at signInAttempt) error {
	return a.store.InTx(ctx, func(ctx context.Context) error {
		if err := a.store.SucceedLoginAttempts(ctx, at.succeeded...); err != nil {
			return err
		}
		return a.store.ForgetLoginAttempts(ctx, at.forget)
	})
}

// signupLimit is the sign-ups allowed from one address in signupWindow.
func (a *Accounts) signupLimit() int {
	if a.signupsPerHour > 0 {
		return a.signupsPerHour
	}
	return defaultSignupLimit
}

// reserveSignUp applies the sign-up limit to an address and, if it allows another, records it. An
// address paused by the address limit may not sign up either.
func (a *Accounts) reserveSignUp(ctx context.Context, addr string, now time.Time) error {
	addrKey := addressKeyOf(addr)
	signup := a.attemptKey(idpstore.AttemptScopeSignup, addrKey)
	address := a.attemptKey(idpstore.AttemptScopeAddress, addrKey)
	return a.store.InTx(ctx, func(ctx context.Context) error {
		if err := a.store.LockLoginAttempts(ctx, signup); err != nil {
			return err
		}
		var wait time.Duration
		for _, l := range []struct {
			scope, key string
			limit      int
			window     time.Duration
		}{{idpstore.AttemptScopeSignup, signup, a.signupLimit(), signupWindow}, {idpstore.AttemptScopeAddress, address, addressAttemptLimit, attemptWindow}} {
			f, err := a.store.LoginFailures(ctx, l.scope, l.key, now.Add(-l.window))
			if err != nil {
				return err
			}
			if f.Count >= l.limit {
				wait = max(wait, f.Oldest.Add(l.window).Sub(now))
				a.log.WarnContext(ctx, "sign-up paused by the rate limit", "scope", l.scope, "count", f.Count)
			}
		}
		if wait > 0 {
			return tooManyAttempts{wait: wait}
		}
		_, err := a.store.RecordLoginAttempt(ctx, idpstore.LoginAttempt{Scope: idpstore.AttemptScopeSignup, Key: signup, At: now})
		return err
	})
}

// reserveReset applies the reset-link limits to a request for email from addr and, if they allow
// it, records it. It counts the email whether or not it has an account, so the limit's answer
// says nothing about which emails do. Called inside the caller's transaction, the record commits
// with the link it allows.
func (a *Accounts) reserveReset(ctx context.Context, email, addr string, now time.Time) error {
	byEmail := a.attemptKey(idpstore.AttemptScopeReset, "email\x00"+email)
	byAddress := a.attemptKey(idpstore.AttemptScopeReset, "address\x00"+addressKeyOf(addr))
	return a.store.InTx(ctx, func(ctx context.Context) error {
		if err := a.store.LockLoginAttempts(ctx, byEmail, byAddress); err != nil {
			return err
		}
		var wait time.Duration
		for _, l := range []struct {
			key   string
			limit int
		}{{byEmail, resetEmailLimit}, {byAddress, resetAddressLimit}} {
			f, err := a.store.LoginFailures(ctx, idpstore.AttemptScopeReset, l.key, now.Add(-resetWindow))
			if err != nil {
				return err
			}
			if f.Count >= l.limit {
				wait = max(wait, f.Oldest.Add(resetWindow).Sub(now))
			}
		}
		if wait > 0 {
			a.log.WarnContext(ctx, "reset links paused by the rate limit")
			return tooManyAttempts{wait: wait}
		}
		for _, key := range []string{byEmail, byAddress} {
			if _, err := a.store.RecordLoginAttempt(ctx, idpstore.LoginAttempt{Scope: idpstore.AttemptScopeReset, Key: key, At: now}); err != nil {
				return err
			}
		}
		return nil
	})
}
