package idp

import (
	"context"
	"errors"
	"net/mail"
	"strings"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/cleantext"
)

// normalizeEmail is the form an email is stored and compared in: trimmed and lower-cased, so
// "Ann@Example.com " signs in to the account made as "ann@example.com".
func normalizeEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// emailProblem returns the message key of what is wrong with a normalized email, or "".
func emailProblem(email string) string {
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
// email and the password must
// pass the same checks as on the sign-up page; an email that has an account already is a Conflict.
func (p *Provider) CreateUser(ctx context.Context, email, password string, role account.Role) (account.User, error) {
	email = normalizeEmail(email)
	if err := p.checkNewCredentials(email, password); err != nil {
		return account.User{}, err
	}
	hash, err := p.hash(ctx, password)
	if err != nil {
		return account.User{}, apperr.Wrap(apperr.Internal, err, "could not protect the password")
	}
	u, err := p.store.CreateUserWithPassword(ctx, email, role, hash, p.now())
	if apperr.Is(err, apperr.Conflict) {
		return account.User{}, apperr.Wrap(apperr.Conflict, err, "An account with this email exists already.")
	}
	if err == nil {
		p.log.InfoContext(ctx, "account created", "user_id", u.ID, "role", string(u.Role))
	}
	return u, err
}

// SetPassword gives the account that signs in with email a new password, which must pass the
// policy, and signs the account out everywhere, as a reset does: whoever knew the old password is
// signed out.
// An email without an account is NotFound.
func (p *Provider) SetPassword(ctx context.Context, email, password string) error {
	email = normalizeEmail(email)
	if msg := passwordProblem(password, email); msg != "" {
		return apperr.InvalidFields("The password does not meet the policy.", apperr.FieldError{Field: "password", Message: p.msg.T(msg)})
	}
	u, _, err := p.store.CredentialsByEmail(ctx, email)
	if err != nil {
		return err
	}
	hash, err := p.hash(ctx, password)
	if err != nil {
		return apperr.Wrap(apperr.Internal, err, "could not protect the password")
	}
	if err := p.store.InTx(ctx, func(ctx context.Context) error { return p.replacePassword(ctx, u, hash) }); err != nil {
		return err
	}
	p.log.InfoContext(ctx, "password changed", "user_id", u.ID)
	return nil
}

// checkNewCredentials applies the sign-up rules, naming each field that fails.
func (p *Provider) checkNewCredentials(email, password string) error {
	var fields []apperr.FieldError
	if msg := emailProblem(email); msg != "" {
		fields = append(fields, apperr.FieldError{Field: "email", Message: p.msg.T(msg)})
	}
	if msg := passwordProblem(password, email); msg != "" {
		fields = append(fields, apperr.FieldError{Field: "password", Message: p.msg.T(msg)})
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The email or password is not valid.", fields...)
	}
	return nil
}

// Sign-in outcomes the pages tell apart.
var errWrongCredentials = errors.New("wrong email or password")

// authenticate checks an email and password under the sign-in limits (see reserveSignIn). It costs
// the same time whether or not the email has an account (a hash is checked either way), and
// answers both the same: errWrongCredentials. An attempt the limits refuse gets tooManyAttempts
// before any password check.
func (p *Provider) authenticate(ctx context.Context, email, password, addr string) (account.User, error) {
	now := p.now()
	attempt, err := p.reserveSignIn(ctx, email, addr, now)
	if err != nil {
		return account.User{}, err
	}
	user, hash, err := p.store.CredentialsByEmail(ctx, email)
	known := err == nil
	if err != nil && !apperr.Is(err, apperr.NotFound) {
		return account.User{}, err
	}
	if !known {
		hash, err = p.unknownAccountHash(ctx)
		if err != nil {
			return account.User{}, err
		}
	}
	ok, verr := p.verify(ctx, password, hash)
	if verr != nil {
		p.log.ErrorContext(ctx, "a stored password hash cannot be read", "user_id", user.ID, "err", verr)
	}
	if !known || !ok {
		// The attempt was recorded as a failure when it was reserved: nothing more to write.
		if known {
			p.log.WarnContext(ctx, "sign-in failed", "reason", "wrong password", "user_id", user.ID)
		} else {
			p.log.WarnContext(ctx, "sign-in failed", "reason", "no account with this email")
		}
		return account.User{}, errWrongCredentials
	}
	if err := p.signInSucceeded(ctx, attempt); err != nil {
		return account.User{}, err
	}
	p.log.InfoContext(ctx, "signed in", "user_id", user.ID)
	return user, nil
}

// hash and verify run argon2id in one of the provider's hash slots, waiting for a free one.
func (p *Provider) hash(ctx context.Context, password string) (string, error) {
	if err := p.takeHashSlot(ctx); err != nil {
		return "", err
	}
	defer func() { <-p.hashSlots }()
	return hashPassword(password, p.hashParams)
}

func (p *Provider) verify(ctx context.Context, password, encoded string) (bool, error) {
	if err := p.takeHashSlot(ctx); err != nil {
		return false, err
	}
	defer func() { <-p.hashSlots }()
	return verifyPassword(password, encoded)
}

func (p *Provider) takeHashSlot(ctx context.Context) error {
	select {
	case p.hashSlots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return apperr.Wrap(apperr.Unavailable, ctx.Err(), "The sign-in took too long. Please try again.")
	}
}

// unknownAccountHash is the hash an unknown email's password is checked against.
func (p *Provider) unknownAccountHash(ctx context.Context) (string, error) {
	p.dummyMu.Lock()
	defer p.dummyMu.Unlock()
	if p.dummyHash == "" {
		h, err := p.hash(ctx, p.dummyPassword)
		if err != nil {
			return "", apperr.Wrap(apperr.Internal, err, "could not prepare the password check")
		}
		p.dummyHash = h
	}
	return p.dummyHash, nil
}
