package idp

import (
	"context"
	"errors"
	"log/slog"
	"net/mail"
	"strings"
	"sync"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/cleantext"
	"wayfinder/internal/messages"
)

// Accounts is the provider's account administration, apart from its HTTP pages and its keys:
// creating accounts, setting and checking passwords, the sign-in and sign-up limits, and ending an
// account's sessions. The hosted pages and the command line use it alike.
type Accounts struct {
	store Store
	log   *slog.Logger
	now   func() time.Time
	// hashParams are argon2id's costs. An unknown email is checked against the hash of
	// dummyPassword, which nobody knows, so it costs the same time as a wrong password; the hash is
	// made on first use rather than at start-up, which it would slow down.
	hashParams    hashParams
	dummyPassword string
	dummyMu       sync.Mutex
	dummyHash     string
	// hashSlots bounds how many password hashes run at once: each holds the hash's memory, and a
	// burst of sign-ins beyond the cores would only queue for CPU while holding it.
	hashSlots chan struct{}
	// limitKey keys the hashes the limits count under (attemptKey).
	limitKey       []byte
	signupsPerHour int
}

// normalizeEmail is the form an email is stored and compared in: trimmed and lower-cased, so
// "Ann@Example.com " signs in to the account made as "ann@example.com".
func normalizeEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// emailProblem returns the message key of what is wrong with a normalized email, or "".
func emailProblem(email string) messages.Key {
	if email == "" {
		return msgEmailMissing
	}
	if len(email) > 254 || cleantext.Problem(email) != "" {
		return msgEmailInvalid
	}
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email || addr.Name != "" {
		return msgEmailInvalid
	}
	local, domain, ok := strings.Cut(email, "@")
	if !ok || local == "" || !strings.Contains(domain, ".") || strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") {
		return msgEmailInvalid
	}
	return ""
}

// CreateUser creates an account that signs in with email and password, for the operators' command
// and the demo accounts; the sign-up page also sends a confirmation link (verification.go). The
// email and the password must pass the same checks as on the sign-up page, and the role must be one
// there is ("" is a member); an email that has an account already is a Conflict.
func (a *Accounts) CreateUser(ctx context.Context, email, password string, role account.Role) (account.User, error) {
	email = normalizeEmail(email)
	if role != "" && !role.Valid() {
		return account.User{}, apperr.InvalidFields(msgRoleUnknown, apperr.Field("role", msgRoleField))
	}
	if err := a.checkNewCredentials(email, password); err != nil {
		return account.User{}, err
	}
	hash, err := a.hash(ctx, password)
	if err != nil {
		return account.User{}, apperr.WrapInternalf(err, "could not protect the password")
	}
	u, err := a.store.CreateUserWithPassword(ctx, email, role, hash, a.now())
	if apperr.Is(err, apperr.Conflict) {
		return account.User{}, apperr.Wrap(apperr.Conflict, err, msgAccountExists)
	}
	if err == nil {
		a.log.InfoContext(ctx, "account created", "user_id", u.ID, "role", string(u.Role))
	}
	return u, err
}

// SetPassword gives the account that signs in with email a new password, which must pass the
// policy, and signs the account out everywhere, as a reset does: whoever knew the old password is
// signed out.
// An email without an account is NotFound.
func (a *Accounts) SetPassword(ctx context.Context, email, password string) error {
	email = normalizeEmail(email)
	if msg := passwordProblem(password, email); msg != "" {
		return apperr.InvalidFields(msgPasswordPolicy, apperr.Field("password", msg))
	}
	u, _, err := a.store.CredentialsByEmail(ctx, email)
	if err != nil {
		return err
	}
	hash, err := a.hash(ctx, password)
	if err != nil {
		return apperr.WrapInternalf(err, "could not protect the password")
	}
	if err := a.store.InTx(ctx, func(ctx context.Context) error { return a.replacePassword(ctx, u, hash) }); err != nil {
		return err
	}
	a.log.InfoContext(ctx, "password changed", "user_id", u.ID)
	return nil
}

// checkNewCredentials applies the sign-up rules, naming each field that fails.
func (a *Accounts) checkNewCredentials(email, password string) error {
	var fields []apperr.FieldError
	if msg := emailProblem(email); msg != "" {
		fields = append(fields, apperr.Field("email", msg))
	}
	if msg := passwordProblem(password, email); msg != "" {
		fields = append(fields, apperr.Field("password", msg))
	}
	if len(fields) > 0 {
		return apperr.InvalidFields(msgCredentialsInvalid, fields...)
	}
	return nil
}

// Sign-in outcomes the pages tell apart.
var errWrongCredentials = errors.New("wrong email or password")

// authenticate checks an email and password under the sign-in limits (see reserveSignIn). It costs
// the same time whether or not the email has an account (a hash is checked either way), and
// answers both the same: errWrongCredentials. An attempt the limits refuse gets tooManyAttempts
// before any password check.
func (a *Accounts) authenticate(ctx context.Context, email, password, addr string) (account.User, error) {
	now := a.now()
	attempt, err := a.reserveSignIn(ctx, email, addr, now)
	if err != nil {
		return account.User{}, err
	}
	user, hash, err := a.store.CredentialsByEmail(ctx, email)
	known := err == nil
	if err != nil && !apperr.Is(err, apperr.NotFound) {
		return account.User{}, err
	}
	if !known {
		hash, err = a.unknownAccountHash(ctx)
		if err != nil {
			return account.User{}, err
		}
	}
	ok, verr := a.verify(ctx, password, hash)
	if verr != nil {
		a.log.ErrorContext(ctx, "a stored password hash cannot be read", "user_id", user.ID, "err", verr)
	}
	if !known || !ok {
		// The attempt was recorded as a failure when it was reserved: nothing more to write.
		if known {
			a.log.WarnContext(ctx, "sign-in failed", "reason", "wrong password", "user_id", user.ID)
		} else {
			a.log.WarnContext(ctx, "sign-in failed", "reason", "no account with this email")
		}
		return account.User{}, errWrongCredentials
	}
	if err := a.signInSucceeded(ctx, attempt); err != nil {
		return account.User{}, err
	}
	a.log.InfoContext(ctx, "signed in", "user_id", user.ID)
	return user, nil
}

// hash and verify run argon2id in one of the provider's hash slots, waiting for a free one.
func (a *Accounts) hash(ctx context.Context, password string) (string, error) {
	if err := a.takeHashSlot(ctx); err != nil {
		return "", err
	}
	defer func() { <-a.hashSlots }()
	return hashPassword(password, a.hashParams)
}

func (a *Accounts) verify(ctx context.Context, password, encoded string) (bool, error) {
	if err := a.takeHashSlot(ctx); err != nil {
		return false, err
	}
	defer func() { <-a.hashSlots }()
	return verifyPassword(password, encoded)
}

func (a *Accounts) takeHashSlot(ctx context.Context) error {
	select {
	case a.hashSlots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return apperr.Wrap(apperr.Unavailable, ctx.Err(), msgSignInTooSlow)
	}
}

// unknownAccountHash is the hash an unknown email's password is checked against.
func (a *Accounts) unknownAccountHash(ctx context.Context) (string, error) {
	a.dummyMu.Lock()
	defer a.dummyMu.Unlock()
	if a.dummyHash == "" {
		h, err := a.hash(ctx, a.dummyPassword)
		if err != nil {
			return "", apperr.WrapInternalf(err, "could not prepare the password check")
		}
		a.dummyHash = h
	}
	return a.dummyHash, nil
}
