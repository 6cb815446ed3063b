// Package account holds Wayfinder's people: members and staff, their profiles and roles, and the
// server-side web sessions that keep them signed in. It defines data only; storage lives elsewhere.
package account

import (
	"crypto/sha256"
	"encoding/hex"
	"time"
)

// Role says what a user may do. A member uses the onboarding app; staff also run the back office
// (members, their profiles and coaches, the safety queue); an admin is staff who also manage
// coaches, plans and staff accounts, and read the audit log.
type Role string

// The roles. A new user is a member unless they are made staff on purpose.
const (
	RoleMember Role = "member"
	RoleStaff  Role = "staff"
	RoleAdmin  Role = "admin"
)

// Valid reports whether r is one of the known roles, so an unknown role is refused before it is stored.
func (r Role) Valid() bool {
	return r == RoleMember || r == RoleStaff || r == RoleAdmin
}

// IsStaff reports whether the role may use the back office: staff and admins.
func (r Role) IsStaff() bool { return r == RoleStaff || r == RoleAdmin }

// The devices a member can name on the name-and-birth step. An empty device means they have not said.
const (
	DeviceIPhone  = "iphone"
	DeviceAndroid = "android"
)

// ValidDevice reports whether d is a device the profile may hold: iphone, android or none given.
func ValidDevice(d string) bool {
	return d == "" || d == DeviceIPhone || d == DeviceAndroid
}

// User is one person known to Wayfinder. ID is the userId the app sees; Subject ties the user to their
// identity-provider account and is unique, so the same sign-in always finds the same user.
type User struct {
	ID        string
	Subject   string
	Email     string
	FirstName string
	LastName  string
	// DateOfBirth is a date only, held as midnight UTC; nil until the member gives it.
	DateOfBirth *time.Time
	// Device is "iphone", "android" or "" when not given.
	Device string
	// PictureVersion names the member's current profile picture, "" when they have none. It changes
	// with every new picture, so an address that carries it is never served a stale one.
	PictureVersion string
	Role           Role
	// EmailVerified says the person showed that Email is theirs: they followed the link we emailed
	// it, or their identity provider vouched for it. It goes back to false when the email changes.
	EmailVerified bool
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// Session is a signed-in web session held on the server (backend-for-frontend). The browser keeps only
// an opaque cookie value; IDHash is the hex SHA-256 of that value, so a copy of the database cannot be
// replayed as a cookie. The tokens from the identity provider stay here and never reach page scripts.
type Session struct {
	IDHash     string
	UserID     string
	CreatedAt  time.Time
	LastSeenAt time.Time
	// IdleExpiresAt moves forward with use; AbsoluteExpiresAt never moves. The session ends at the earlier.
	IdleExpiresAt     time.Time
	AbsoluteExpiresAt time.Time
	IDToken           string
	AccessToken       string
	RefreshToken      string
	// AccessTokenExpiresAt is the zero time when no access token is held.
	AccessTokenExpiresAt time.Time
}

// HashSessionID returns the IDHash kept for a raw session cookie value: the hex SHA-256 of it. Every
// lookup hashes the cookie the same way, so the raw value is needed only in the browser.
func HashSessionID(raw string) string {
	sum := sha256.Sum256([]byte(raw))
	return hex.EncodeToString(sum[:])
}

// LoginState is what the server remembers between sending a browser to the identity provider
// and the provider sending it back: it is keyed by the hash of the state parameter, used once,
// and kept in the database so the callback may land on any replica.
type LoginState struct {
	StateHash    string // HashSessionID of the state parameter
	Nonce        string // echoed in the ID token, binding it to this sign-in
	CodeVerifier string // the PKCE verifier whose S256 challenge went to the provider
	ReturnTo     string // the same-origin path to land on after signing in
	Signup       bool   // the member asked to create an account
	CreatedAt    time.Time
	ExpiresAt    time.Time
}
