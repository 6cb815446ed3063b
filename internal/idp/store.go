package idp

import (
	"context"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/idp/idpstore"
)

// Store is the storage the provider needs, in the provider's own types; *sqlstore.DB provides it.
type Store interface {
	ServerSecret(ctx context.Context, name string, candidate []byte, now time.Time) ([]byte, error)

	AddSigningKeyUnlessNewer(ctx context.Context, k idpstore.SigningKey, since time.Time) (bool, error)
	SigningKeys(ctx context.Context, now time.Time) ([]idpstore.SigningKey, error)
	RetireSigningKey(ctx context.Context, kid string, retiredAt, removedAt time.Time) error

	UserByID(ctx context.Context, id string) (account.User, error)
	CreateUserWithPassword(ctx context.Context, email string, role account.Role, passwordHash string, now time.Time) (account.User, error)
	CredentialsByEmail(ctx context.Context, email string) (account.User, string, error)
	SetPasswordHash(ctx context.Context, userID, passwordHash string, now time.Time) error

	CreateAccountToken(ctx context.Context, t idpstore.AccountToken) error
	AccountToken(ctx context.Context, purpose, hash string, now time.Time) (idpstore.AccountToken, error)
	UseAccountToken(ctx context.Context, purpose, hash string, now time.Time) (idpstore.AccountToken, error)
	DeleteAccountTokens(ctx context.Context, userID, purpose string) (int64, error)
	// AccountTokensSince counts the links of purpose the user was sent after since, and returns
	// when the oldest of them was made; MarkEmailVerified confirms the user's email while it is
	// still email; LockUser holds the user's row until the transaction ends (email verification,
	// verification.go).
	AccountTokensSince(ctx context.Context, userID, purpose string, since time.Time) (int, time.Time, error)
	MarkEmailVerified(ctx context.Context, userID, email string, now time.Time) (bool, error)
	LockUser(ctx context.Context, userID string) error

	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	LockLoginAttempts(ctx context.Context, keys ...string) error
	RecordLoginAttempt(ctx context.Context, a idpstore.LoginAttempt) (int64, error)
	SucceedLoginAttempts(ctx context.Context, ids ...int64) error
	ForgetLoginAttempts(ctx context.Context, ids ...int64) error
	LoginFailures(ctx context.Context, scope, key string, since time.Time) (idpstore.LoginFailures, error)
	LoginSucceededSince(ctx context.Context, scope, key string, since time.Time) (bool, error)

	CreateIdPSession(ctx context.Context, s idpstore.IdPSession) error
	IdPSessionByIDHash(ctx context.Context, idHash string, now time.Time) (idpstore.IdPSession, error)
	DeleteIdPSession(ctx context.Context, idHash string) error
	DeleteUserIdPSessions(ctx context.Context, userID string) (int64, error)

	CreateOAuthRequest(ctx context.Context, r idpstore.OAuthRequest) error
	OAuthRequestBySignature(ctx context.Context, kind, signature string) (idpstore.OAuthRequest, error)
	DeleteOAuthRequest(ctx context.Context, kind, signature string) error
	DeactivateOAuthRequest(ctx context.Context, kind, signature string) (bool, error)
	DeactivateOAuthFamily(ctx context.Context, kind, requestID string) (int64, error)
	DeleteOAuthFamily(ctx context.Context, kind, requestID string) (int64, error)
	RotateOAuthRefresh(ctx context.Context, signature string, now, graceSince time.Time) (bool, error)
	OAuthRefreshRotatedSince(ctx context.Context, signature string, since time.Time) (bool, error)
	RevokeSubjectTokens(ctx context.Context, subject string) (int64, error)
	// DeleteUserSessions ends the user's web sessions (the app's, not the provider's).
	DeleteUserSessions(ctx context.Context, userID string) (int64, error)
	BeginTxContext(ctx context.Context) (context.Context, error)
	CommitTxContext(ctx context.Context) error
	RollbackTxContext(ctx context.Context) error

	DeleteExpiredIdentityRows(ctx context.Context, now, attemptsBefore, knownBefore time.Time) (idpstore.IdentityCleanup, error)
}
