package mail

import (
	"errors"
	"fmt"
	"html"
	"regexp"
	"strings"
	"testing"

	"wayfinder/internal/apperr"
)

// urlPattern finds every address in a body, to check that a message holds its links and nothing
// else that could be fetched.
var urlPattern = regexp.MustCompile(`(?i)\b(?:https?:)?//[^\s"'<>]+`)

func TestMessages(t *testing.T) {
	const (
		brand  = `Way<b>"finder"</b> & Co`
		to     = "pat@example.com"
		reset  = "https://start.example.com/idp/reset?token=r3s3t&x=1"
		verify = "https://start.example.com/idp/verify?token=v3r1fy"
		signIn = "https://start.example.com/account/sign-in"
	)
	tests := []struct {
		name        string
		compose     func() (Message, error)
		wantKind    Kind
		wantSubject string
		wantLinks   []string
		wantWords   []string // in both parts
	}{
		{"password reset", func() (Message, error) { return PasswordReset(brand, to, reset) },
			KindPasswordReset, "Reset your " + brand + " password", []string{reset},
			[]string{"30 minutes", "ignore this email"}},
		{"email verification", func() (Message, error) { return EmailVerification(brand, to, verify) },
			KindEmailVerification, "Confirm your email for " + brand, []string{verify},
			[]string{"confirm", "ignore this email"}},
		{"account exists", func() (Message, error) { return AccountExists(brand, to, signIn, reset) },
			KindAccountExists, "You already have an account with " + brand, []string{signIn, reset},
			[]string{"already has an account", "Forgot your password?", "ignore this email"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := tt.compose()
			if err != nil {
				t.Fatalf("compose: %v", err)
			}
			if m.Kind != tt.wantKind || m.To != to || m.Subject != tt.wantSubject {
				t.Errorf("kind, to, subject = %q, %q, %q; want %q, %q, %q", m.Kind, m.To, m.Subject, tt.wantKind, to, tt.wantSubject)
			}
			if err := m.validate(); err != nil {
				t.Errorf("validate() = %v, want nil", err)
			}

			// The plain text holds each link on a line of its own, the brand as it is, and no other address.
			if got, want := links(m.Text), tt.wantLinks; fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("links on their own lines of the text = %q, want %q", got, want)
			}
			if got := urlPattern.FindAllString(m.Text, -1); len(got) != len(tt.wantLinks) {
				t.Errorf("addresses in the text = %q, want only %q", got, tt.wantLinks)
			}
			if !strings.Contains(m.Text, brand) {
				t.Errorf("the text does not name the brand %q:\n%s", brand, m.Text)
			}

			// The HTML escapes the brand, links each address once (and writes it out once), and
			// loads nothing.
			if strings.Contains(m.HTML, "<b>") || !strings.Contains(m.HTML, html.EscapeString("Way<b>")) {
				t.Errorf("the HTML does not escape the brand:\n%s", m.HTML)
			}
			for _, link := range tt.wantLinks {
				escaped := html.EscapeString(link)
				if got, want := strings.Count(m.HTML, `href="`+escaped+`"`), 1; got != want {
					t.Errorf("links to %s in the HTML = %d, want %d:\n%s", link, got, want, m.HTML)
				}
				if got, want := strings.Count(m.HTML, escaped), 2; got != want {
					t.Errorf("%s appears %d times in the HTML, want %d (the link and the written-out address)", link, got, want)
				}
			}
			if got, want := len(urlPattern.FindAllString(m.HTML, -1)), 2*len(tt.wantLinks); got != want {
				t.Errorf("addresses in the HTML = %q, want only the links", urlPattern.FindAllString(m.HTML, -1))
			}
			for _, banned := range []string{"<img", "<script", "<link", "<style", "<iframe", "src=", "url(", "@import", "<a href=\"#"} {
				if strings.Contains(strings.ToLower(m.HTML), banned) {
					t.Errorf("the HTML contains %q", banned)
				}
			}
			for _, want := range []string{`<html lang="en">`, `<meta charset="utf-8">`, "<title>" + html.EscapeString(tt.wantSubject) + "</title>", "<h1"} {
				if !strings.Contains(m.HTML, want) {
					t.Errorf("the HTML lacks %q", want)
				}
			}
			for _, want := range tt.wantWords {
				if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, html.EscapeString(want)) {
					t.Errorf("the parts do not both say %q", want)
				}
			}

			// Nothing about health, the survey or the screener, ever.
			for _, banned := range []string{"adhd", "survey", "screen", "score", "answer", "health", "diagnos"} {
				if strings.Contains(strings.ToLower(m.Text+m.HTML), banned) {
					t.Errorf("the message mentions %q", banned)
				}
			}
		})
	}
}

func TestMessageLinksAreChecked(t *testing.T) {
	tests := []struct {
		name string
		link string
	}{
		{"javascript", "javascript:alert(1)"},
		{"relative", "/idp/reset?token=x"},
		{"no host", "https:///reset"},
		{"not a URL", "https://exa mple.com/%zz"},
	}
	for _, tt := range tests {
		if _, err := PasswordReset("Wayfinder", "pat@example.com", tt.link); err == nil {
			t.Errorf("%s: PasswordReset(%q) succeeded, want an error", tt.name, tt.link)
		}
	}
	if _, err := AccountExists("Wayfinder", "pat@example.com", "https://x.example/", "ftp://x.example/"); err == nil {
		t.Error("AccountExists with an ftp reset link succeeded, want an error")
	}
}

func TestBrandCannotBreakLines(t *testing.T) {
	m, err := PasswordReset("Way\r\nBcc: all@example.com", "pat@example.com", "https://x.example/r")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := m.Subject, "Reset your Way  Bcc: all@example.com password"; got != want {
		t.Errorf("Subject = %q, want %q", got, want)
	}
	if _, err := PasswordReset(" \t", "pat@example.com", "https://x.example/r"); err == nil {
		t.Error("PasswordReset with a blank brand succeeded, want an error")
	}
}

// TestResetLifetimeMatchesWords keeps the reset email's promise and the constant the flow uses
// in step.
func TestResetLifetimeMatchesWords(t *testing.T) {
	words := fmt.Sprintf("works for %d minutes", int(PasswordResetLinkLifetime.Minutes()))
	m, err := PasswordReset("Wayfinder", "pat@example.com", "https://x.example/r")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, words) {
		t.Errorf("the reset email does not say %q:\n%s", words, m.Text)
	}
}

func TestMessageValidate(t *testing.T) {
	good := Message{Kind: KindPasswordReset, To: "pat@example.com", Subject: "Hello", Text: "t", HTML: "<p>h</p>"}
	tests := []struct {
		name      string
		change    func(*Message)
		wantField string // "" for a valid message
	}{
		{"valid", func(*Message) {}, ""},
		{"unknown kind", func(m *Message) { m.Kind = "newsletter" }, "kind"},
		{"no recipient", func(m *Message) { m.To = "" }, "to"},
		{"a name with the address", func(m *Message) { m.To = "Pat <pat@example.com>" }, "to"},
		{"two recipients", func(m *Message) { m.To = "pat@example.com, sam@example.com" }, "to"},
		{"a header in the subject", func(m *Message) { m.Subject = "Hi\r\nBcc: x@example.com" }, "subject"},
		{"no HTML", func(m *Message) { m.HTML = " " }, "body"},
	}
	for _, tt := range tests {
		m := good
		tt.change(&m)
		err := m.validate()
		var got []string
		var ae *apperr.Error
		if errors.As(err, &ae) {
			for _, f := range ae.Fields {
				got = append(got, f.Field)
			}
		}
		var want []string
		if tt.wantField != "" {
			want = []string{tt.wantField}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) || (err == nil) != (tt.wantField == "") {
			t.Errorf("%s: validate() = %v naming %q, want an error naming %q", tt.name, err, got, want)
		}
	}
}
