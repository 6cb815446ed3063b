package idp

import (
	"strings"
	"testing"

	"wayfinder/internal/messages"
)

func TestPasswordProblem(t *testing.T) {
	tests := []struct {
		name     string
		password string
		email    string
		want     messages.Key
	}{
		{"a phrase", "purple lamp river song", "ann@example.com", ""},
		{"exactly ten", "k3v!n-2xq9", "ann@example.com", ""},
		{"ten letters of another script", "ěščřžýáíéů", "ann@example.com", ""},
		{"128 characters", strings.Repeat("ab", 64), "ann@example.com", ""},
		{"empty", "", "ann@example.com", msgPasswordMissing},
		{"nine", "k3v!n-2xq", "ann@example.com", msgPasswordShort},
		{"129 characters", strings.Repeat("a", 129), "ann@example.com", msgPasswordLong},
		{"common", "password123", "ann@example.com", msgPasswordCommon},
		{"common in capitals", "QWERTYUIOP", "ann@example.com", msgPasswordCommon},
		{"common digits", "1234567890", "ann@example.com", msgPasswordCommon},
		{"the email", "ann.lee@example.com", "ann.lee@example.com", msgPasswordIsEmail},
		{"the email in capitals", "Ann.Lee@Example.com", "ann.lee@example.com", msgPasswordIsEmail},
		{"the email's name", "ann.lee.smith", "ann.lee.smith@example.com", msgPasswordIsEmail},
	}
	for _, tt := range tests {
		if got := passwordProblem(tt.password, tt.email); got != tt.want {
			t.Errorf("passwordProblem(%s) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestCommonPasswords(t *testing.T) {
	if got, min := len(commonPasswords), 90; got < min {
		t.Errorf("the common password list has %d entries, want at least %d", got, min)
	}
	if commonPasswords[""] {
		t.Errorf("the common password list contains the empty string")
	}
}

func TestHashPassword(t *testing.T) {
	// The real costs, once: a hash must carry them, and verify.
	hash, err := hashPassword("purple lamp river song", defaultHashParams)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := hash, "$argon2id$v=19$m=7168,t=5,p=1$"; !strings.HasPrefix(got, want) {
		t.Errorf("hash = %q, want it to start with %q", got, want)
	}
	again, _ := hashPassword("purple lamp river song", defaultHashParams)
	if again == hash {
		t.Errorf("two hashes of one password are equal; want a fresh salt each time")
	}
	parts := strings.Split(hash, "$")
	otherSalt := strings.Join(append(append([]string{}, parts[:4]...), strings.Split(again, "$")[4], parts[5]), "$")

	tests := []struct {
		name     string
		password string
		hash     string
		want     bool
		wantErr  bool
	}{
		{"the password", "purple lamp river song", hash, true, false},
		{"another password", "purple lamp river sang", hash, false, false},
		{"empty password", "", hash, false, false},
		{"another salt", "purple lamp river song", otherSalt, false, false},
		{"not a hash", "purple lamp river song", "purple lamp river song", false, true},
		{"bcrypt", "x", "$2a$10$abcdefghijklmnopqrstuv", false, true},
		{"argon2i", "x", strings.Replace(hash, "argon2id", "argon2i", 1), false, true},
		{"absurd memory", "x", strings.Replace(hash, "m=7168", "m=99999999", 1), false, true},
		{"broken salt", "x", strings.Replace(hash, parts[4], "!!", 1), false, true},
	}
	for _, tt := range tests {
		got, err := verifyPassword(tt.password, tt.hash)
		if got != tt.want || (err != nil) != tt.wantErr {
			t.Errorf("verifyPassword(%s) = %v, %v; want %v, error %v", tt.name, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestEmailProblem(t *testing.T) {
	tests := []struct {
		email string
		want  messages.Key
	}{
		{"ann@example.com", ""},
		{"ann.lee+coach@mail.example.co.uk", ""},
		{"", msgEmailMissing},
		{"ann", msgEmailInvalid},
		{"ann@", msgEmailInvalid},
		{"@example.com", msgEmailInvalid},
		{"ann@localhost", msgEmailInvalid},
		{"ann@example.", msgEmailInvalid},
		{"Ann <ann@example.com>", msgEmailInvalid},
		{"ann@exa mple.com", msgEmailInvalid},
		{strings.Repeat("a", 250) + "@example.com", msgEmailInvalid},
	}
	for _, tt := range tests {
		if got := emailProblem(tt.email); got != tt.want {
			t.Errorf("emailProblem(%q) = %q, want %q", tt.email, got, tt.want)
		}
	}
}

func TestNormalizeEmail(t *testing.T) {
	tests := []struct{ in, want string }{
		{" Ann@Example.COM ", "ann@example.com"},
		{"ann@example.com", "ann@example.com"},
	}
	for _, tt := range tests {
		if got := normalizeEmail(tt.in); got != tt.want {
			t.Errorf("normalizeEmail(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
