package idp

import (
	"crypto/rand"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"wayfinder/internal/messages"
)

// hashParams are argon2id's cost settings. The defaults are one of OWASP's equivalent settings
// for argon2id (7 MiB of memory, five passes, one lane): as strong as its 19 MiB, two-pass
// setting, and far harder to speed up with graphics cards than bcrypt, while a sign-in holds less
// memory, which keeps the server's footprint small when many members sign in at once.
type hashParams struct {
	memoryKiB uint32
	time      uint32
	threads   uint8
	keyLen    uint32
	saltLen   int
}

var defaultHashParams = hashParams{memoryKiB: 7 * 1024, time: 5, threads: 1, keyLen: 32, saltLen: 16}

// hashPassword returns the password's argon2id hash in the PHC string format,
// $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>, which carries its own salt and costs, so stronger
// settings later still verify the hashes made today.
func hashPassword(password string, p hashParams) (string, error) {
	salt := make([]byte, p.saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, p.time, p.memoryKiB, p.threads, p.keyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.memoryKiB, p.time, p.threads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}

// errBadHash says a stored hash is not one this package wrote.
var errBadHash = errors.New("the password hash is not in the argon2id format")

// verifyPassword reports whether password matches the PHC-format hash, comparing in constant time.
func verifyPassword(password, encoded string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return false, errBadHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, errBadHash
	}
	var p hashParams
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.memoryKiB, &p.time, &p.threads); err != nil ||
		p.memoryKiB == 0 || p.time == 0 || p.threads == 0 || p.memoryKiB > 1<<20 || p.time > 16 {
		return false, errBadHash
	}
	salt, err := base64.RawStdEncoding.DecodeString(parts[4])
	if err != nil || len(salt) < 8 {
		return false, errBadHash
	}
	want, err := base64.RawStdEncoding.DecodeString(parts[5])
	if err != nil || len(want) < 16 || len(want) > 64 {
		return false, errBadHash
	}
	got := argon2.IDKey([]byte(password), salt, p.time, p.memoryKiB, p.threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// Password policy: long enough to resist guessing, short enough to type, and nothing else to
// remember: no required digits or symbols, which push people toward predictable patterns.
const (
	minPasswordLength = 10
	maxPasswordLength = 128
)

//go:embed common-passwords.txt
var commonPasswordsText string

// commonPasswords are passwords that appear at the top of every breach list, lower-cased.
var commonPasswords = func() map[string]bool {
	m := map[string]bool{}
	for _, line := range strings.Split(commonPasswordsText, "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			m[strings.ToLower(line)] = true
		}
	}
	return m
}()

// passwordProblem returns the message key of what is wrong with a new password for the account of
// email, or "" when it is fine.
func passwordProblem(password, email string) messages.Key {
	n := utf8.RuneCountInString(password)
	switch {
	case n == 0:
		return msgPasswordMissing
	case n < minPasswordLength:
		return msgPasswordShort
	case n > maxPasswordLength:
		return msgPasswordLong
	case commonPasswords[strings.ToLower(password)]:
		return msgPasswordCommon
	}
	lower := strings.ToLower(strings.TrimSpace(password))
	local, _, _ := strings.Cut(strings.ToLower(email), "@")
	if email != "" && (lower == strings.ToLower(email) || lower == local) {
		return msgPasswordIsEmail
	}
	return ""
}
