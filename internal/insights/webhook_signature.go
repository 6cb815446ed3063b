package insights

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strconv"
	"time"
)

// The headers of every delivery besides Content-Type. docs/webhooks.md tells receivers how to
// check them; a change here is a change to that contract.
const (
	// HeaderSignature is "t=<unix seconds>,v1=<hex HMAC-SHA256>" (see Sign).
	HeaderSignature = "Wayfinder-Signature"
	// HeaderEventID is the event's id, the same on every retry and every resend: the receiver
	// de-duplicates by it.
	HeaderEventID = "Wayfinder-Event-Id"
	// HeaderEventType is the event's type, such as member.signed_up.
	HeaderEventType = "Wayfinder-Event-Type"
)

// SecretPrefix starts every endpoint's secret, so that one pasted into the wrong place is
// recognised for what it is.
const SecretPrefix = "whsec_"

// newSecret makes an endpoint's signing secret: SecretPrefix and 32 random bytes, base64url.
func newSecret() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand never fails
	return SecretPrefix + base64.RawURLEncoding.EncodeToString(b)
}

// Sign returns the Wayfinder-Signature header of body sent at t with secret:
// "t=<t as unix seconds>,v1=<hex of HMAC-SHA256 keyed with the secret, as it is written, over
// "<t as unix seconds>.<body>">". The timestamp is the attempt's, not the event's, so a receiver
// can refuse old replays with a tolerance of a few minutes however late a retry comes.
func Sign(secret string, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts))
	mac.Write([]byte("."))
	mac.Write(body)
	return "t=" + ts + ",v1=" + hex.EncodeToString(mac.Sum(nil))
}
