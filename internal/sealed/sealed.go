// Package sealed encrypts the server's secrets before they are stored: the identity provider's
// signing keys, the web client's secret, the provider's HMAC secret and the webhooks' signing
// secrets. A copy of the database alone (a leaked backup, a stolen disk) then holds nothing that
// signs a token or a webhook; the key to open them lives outside it, in WAYFINDER_SECRET_KEY or a
// key file.
//
// Values are sealed with AES-256-GCM from the standard library, each with a fresh random nonce and
// bound to where it is stored (its purpose, such as "signing-key:<kid>"), so a sealed value copied
// into another row does not open. A sealed value names the key that sealed it, so a keyring can
// hold the current key and the previous ones while a rotation rolls: values open with whichever
// sealed them, and are sealed again with the current one.
package sealed

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
)

// prefix starts every sealed value: the format's version, then the key id, then the sealed bytes.
const prefix = "wfs1."

// KeySize is the length of a key in bytes: AES-256.
const KeySize = 32

// ErrNoKey is returned for a sealed value when no keyring is configured.
var ErrNoKey = errors.New("a stored secret is encrypted, and no key is set to open it: set WAYFINDER_SECRET_KEY (or WAYFINDER_SECRET_KEY_FILE) to the key it was sealed with")

// Keyring seals with its current key and opens with any of its keys.
type Keyring struct {
	current string // key id
	aeads   map[string]cipher.AEAD
}

// ParseKey reads a key written as base64 (standard or URL alphabet, padded or not) of KeySize
// random bytes, as `openssl rand -base64 32` prints one.
func ParseKey(s string) ([]byte, error) {
	s = strings.TrimSpace(s)
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			if len(b) != KeySize {
				return nil, fmt.Errorf("the key is %d bytes, want %d (make one with: openssl rand -base64 32)", len(b), KeySize)
			}
			return b, nil
		}
	}
	return nil, errors.New("the key is not base64 (make one with: openssl rand -base64 32)")
}

// NewKey makes a random key, written as ParseKey reads it.
func NewKey() string {
	b := make([]byte, KeySize)
	_, _ = rand.Read(b) // crypto/rand never fails
	return base64.StdEncoding.EncodeToString(b)
}

// NewKeyring returns a keyring that seals with current and opens with current and previous.
func NewKeyring(current []byte, previous ...[]byte) (*Keyring, error) {
	k := &Keyring{aeads: map[string]cipher.AEAD{}}
	for i, key := range append([][]byte{current}, previous...) {
		if len(key) != KeySize {
			return nil, fmt.Errorf("a key is %d bytes, want %d", len(key), KeySize)
		}
		block, err := aes.NewCipher(key)
		if err != nil {
			return nil, err
		}
		aead, err := cipher.NewGCM(block)
		if err != nil {
			return nil, err
		}
		id := keyID(key)
		if i == 0 {
			k.current = id
		}
		k.aeads[id] = aead
	}
	return k, nil
}

// keyID names a key without revealing it: the first bytes of its SHA-256.
func keyID(key []byte) string {
	sum := sha256.Sum256(append([]byte("wayfinder secret key id\x00"), key...))
	return hex.EncodeToString(sum[:6])
}

// Seal encrypts plain for the place purpose names.
func (k *Keyring) Seal(plain []byte, purpose string) []byte {
	aead := k.aeads[k.current]
	nonce := make([]byte, aead.NonceSize())
	_, _ = rand.Read(nonce)
	box := aead.Seal(nonce, nonce, plain, []byte(purpose))
	return []byte(prefix + k.current + "." + base64.RawURLEncoding.EncodeToString(box))
}

// IsSealed reports whether stored is a sealed value rather than a secret stored in the clear (by a
// server that had no key).
func IsSealed(stored []byte) bool { return bytes.HasPrefix(stored, []byte(prefix)) }

// Open decrypts a value Seal made for purpose. stale reports that a key other than the current one
// sealed it, so the caller should store it sealed again. A nil keyring opens nothing sealed.
func (k *Keyring) Open(stored []byte, purpose string) (plain []byte, stale bool, err error) {
	if !IsSealed(stored) {
		return nil, false, errors.New("the value is not sealed")
	}
	if k == nil {
		return nil, false, ErrNoKey
	}
	id, box, ok := strings.Cut(strings.TrimPrefix(string(stored), prefix), ".")
	aead, known := k.aeads[id]
	if !ok || !known {
		return nil, false, fmt.Errorf("a stored secret was sealed with a key this server does not have (key id %s): set it as WAYFINDER_SECRET_KEY or among WAYFINDER_PREVIOUS_SECRET_KEYS", id)
	}
	raw, err := base64.RawURLEncoding.DecodeString(box)
	if err != nil || len(raw) < aead.NonceSize() {
		return nil, false, errors.New("a stored secret is damaged")
	}
	plain, err = aead.Open(nil, raw[:aead.NonceSize()], raw[aead.NonceSize():], []byte(purpose))
	if err != nil {
		return nil, false, errors.New("a stored secret does not open with its key: it was changed, or moved from another place")
	}
	return plain, id != k.current, nil
}
