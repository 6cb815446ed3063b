package auth

import (
	"context"
	"errors"
	"net/http"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/cleantext"
)

// authenticateBearer verifies an Authorization header, checks that the provider has not revoked the
// token (tokenActive), and finds, or on a subject's first request creates, its user. A refused token
// is Unauthenticated with a message that says what to do but not which check failed; the reason
// goes to the log, never the token.
func (s *Service) authenticateBearer(r *http.Request, header []string) (Principal, error) {
	raw, ok := bearerToken(header)
	if !ok {
		s.log.WarnContext(r.Context(), "bearer token refused", "reason", "malformed Authorization header")
		return Principal{}, apperr.E(apperr.Unauthenticated, msgBearerMalformed)
	}
	id, err := s.verifyAccessToken(raw)
	if err != nil {
		s.log.WarnContext(r.Context(), "bearer token refused", "reason", truncate(err.Error(), 200))
		if errors.Is(err, errExpired) {
			return Principal{}, apperr.E(apperr.Unauthenticated, msgTokenExpired)
		}
		return Principal{}, apperr.E(apperr.Unauthenticated, msgTokenInvalid)
	}
	active, err := s.tokenActive(r.Context(), raw)
	if err != nil {
		return Principal{}, err
	}
	if !active {
		s.log.WarnContext(r.Context(), "bearer token refused", "reason", "revoked, signed out or replaced at the provider")
		return Principal{}, apperr.E(apperr.Unauthenticated, msgTokenInvalid)
	}
	u, err := s.userFor(r.Context(), id)
	if err != nil {
		return Principal{}, err
	}
	role := u.Role
	if id.RoleSet {
		role = id.Role
	}
	return principalOf(u, role, ViaBearer), nil
}

// userFor returns the user of a verified identity, creating them on their first request (unless
// Config.ExistingUsersOnly says that every user exists before their tokens do), and brings their
// stored role in line with the token's roles claim when it has one, and their email's confirmation
// with its email_verified claim when that says true. Looking up first keeps the common case to one
// read; EnsureUser is atomic, so two first requests make one user.
func (s *Service) userFor(ctx context.Context, id identity) (account.User, error) {
	// A provider's claims are stored as they come, so they must be text the database keeps.
	if cleantext.Problem(id.Subject) != "" || cleantext.Problem(id.Email) != "" {
		return account.User{}, apperr.E(apperr.Unauthenticated, msgTokenClaimsUnclean)
	}
	u, err := s.store.UserBySubject(ctx, id.Subject)
	switch {
	case apperr.Is(err, apperr.NotFound) && s.cfg.ExistingUsersOnly:
		s.log.WarnContext(ctx, "bearer token refused", "reason", "no account has its subject: the account was closed")
		return account.User{}, apperr.E(apperr.Unauthenticated, msgTokenInvalid)
	case apperr.Is(err, apperr.NotFound):
		role := id.Role
		if !id.RoleSet {
			role = account.RoleMember
		}
		var created bool
		err = s.store.InTx(ctx, func(ctx context.Context) error {
			var err error
			if u, created, err = s.store.EnsureUser(ctx, id.Subject, id.Email, role); err != nil || !created || s.cfg.SignUps == nil {
				return err
			}
			return s.cfg.SignUps.MemberSignedUp(ctx, u)
		})
		if err != nil {
			return account.User{}, err
		}
		if created {
			s.log.InfoContext(ctx, "user created on first sign-in", "user_id", u.ID, "role", string(u.Role))
			if s.cfg.OnUserCreated != nil {
				s.cfg.OnUserCreated()
			}
		}
	case err != nil:
		return account.User{}, err
	case id.Email != "" && id.Email != u.Email:
		// EnsureUser updates the email the provider holds, which is the source of truth for it.
		if u, _, err = s.store.EnsureUser(ctx, id.Subject, id.Email, u.Role); err != nil {
			return account.User{}, err
		}
	}
	// A provider that vouches for the email confirms it here, once; one that does not is never
	// taken to undo a confirmation, since an older token may still say false.
	if id.EmailVerified && !u.EmailVerified && id.Email != "" && id.Email == u.Email {
		if _, err := s.store.MarkEmailVerified(ctx, u.ID, u.Email, s.now()); err != nil {
			return account.User{}, err
		}
		u.EmailVerified = true
	}
	if id.RoleSet && u.Role != id.Role {
		before := u.Role
		if u, err = s.store.SetUserRole(ctx, u.ID, id.Role); err != nil {
			return account.User{}, err
		}
		s.log.InfoContext(ctx, "user role changed by the identity provider", "user_id", u.ID, "from", string(before), "to", string(id.Role))
	}
	return u, nil
}

// truncate shortens a log value that may carry text from a request, such as a key id.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
