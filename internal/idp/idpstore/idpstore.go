// Package idpstore holds the records the embedded identity provider keeps, in plain values, so that
// the provider and the SQL store that keeps them share types without depending on each other.
package idpstore

import "time"

// The kinds of OAuth request rows the identity provider keeps.
const (
	OAuthCode    = "code"    // an authorization code
	OAuthPKCE    = "pkce"    // the PKCE challenge of an authorization code
	OAuthOIDC    = "oidc"    // the OpenID Connect part of an authorization code
	OAuthAccess  = "access"  // an access token
	OAuthRefresh = "refresh" // a refresh token
)

// OAuthRequest is one stored code or token of the identity provider, in plain values: the provider
// turns its library's request type into this and back, so the store knows nothing of that library.
// Signature is the token's signature; only its SHA-256 is stored, so the table cannot be replayed.
// RequestID is shared by every code and token of one sign-in (its family). Form is the URL-encoded
// request form and Session the provider's session as JSON.
type OAuthRequest struct {
	Kind              string
	Signature         string
	RequestID         string
	ClientID          string
	Subject           string
	RequestedAt       time.Time
	ExpiresAt         time.Time
	Active            bool
	RequestedScopes   []string
	GrantedScopes     []string
	RequestedAudience []string
	GrantedAudience   []string
	Form              string
	Session           []byte
	AccessSignature   string // a refresh token's access token, when known
}

// SigningKey is one of the identity provider's token-signing keys. It is published in the key set
// from CreatedAt, signs tokens from SignsFrom, stops signing at RetiredAt and leaves the key set at
// RemovedAt; a zero RetiredAt or RemovedAt means not yet decided.
type SigningKey struct {
	KID           string
	PrivateKeyPEM string
	CreatedAt     time.Time
	SignsFrom     time.Time
	RetiredAt     time.Time
	RemovedAt     time.Time
}

// The scopes a sign-in attempt is counted in: per account (the email tried), per client address,
// per account from one address (a pair), and sign-ups per address. Requests for a password reset
// link are counted in a scope of their own, per email and per address.
const (
	AttemptScopeAccount = "account"
	AttemptScopeAddress = "address"
	AttemptScopePair    = "pair"
	AttemptScopeSignup  = "signup"
	AttemptScopeReset   = "reset"
)

// LoginAttempt is one try at signing in, kept to rate-limit guessing. Key identifies the account,
// the address or both; callers store a hash of it, not the email or address itself.
type LoginAttempt struct {
	Scope     string
	Key       string
	Succeeded bool
	At        time.Time
}

// LoginFailures are the failed attempts of one scope and key that a limit weighs.
type LoginFailures struct {
	Count          int
	Oldest, Latest time.Time // zero when Count is 0
}

// IdPSession is the embedded identity provider's own sign-in session: it lets a person who signed
// in once be sent straight back to an app that asks again. IDHash is the hash of the cookie value.
type IdPSession struct {
	IDHash    string
	UserID    string
	AuthTime  time.Time
	CreatedAt time.Time
	ExpiresAt time.Time
}

// IdentityCleanup says how many rows DeleteExpiredIdentityRows removed from each table.
type IdentityCleanup struct {
	LoginStates   int64
	IdPSessions   int64
	OAuthRequests int64
	AccountTokens int64
	LoginAttempts int64
	// KnownAddresses counts successful sign-ins forgotten: their addresses are no longer known ones.
	KnownAddresses int64
}

// The purposes of an account token.
const (
	TokenPasswordReset     = "password-reset"
	TokenEmailVerification = "email-verification"
)

// AccountToken is a one-use link the provider emails. Hash is the SHA-256 of the token in the
// link; the token itself is never stored. Email is the address it was sent to.
type AccountToken struct {
	Hash      string
	Purpose   string
	UserID    string
	Email     string
	CreatedAt time.Time
	ExpiresAt time.Time
	UsedAt    time.Time // zero until the link is used
}
