package mail_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/mail"
	"wayfinder/internal/mail/mailtest"
)

const from = "Wayfinder <hello@example.com>"

// threeMessages composes one message of each kind, each to its own recipient.
func threeMessages(t *testing.T, brand string) []mail.Message {
	t.Helper()
	reset, err := mail.PasswordReset(brand, "reset@example.com", "https://start.example.com/idp/reset?token=r1&x=2")
	if err != nil {
		t.Fatal(err)
	}
	verify, err := mail.EmailVerification(brand, "verify@example.com", "https://start.example.com/idp/verify?token=v1")
	if err != nil {
		t.Fatal(err)
	}
	exists, err := mail.AccountExists(brand, "exists@example.com", "https://start.example.com/auth/login", "https://start.example.com/idp/reset?token=r2")
	if err != nil {
		t.Fatal(err)
	}
	return []mail.Message{reset, verify, exists}
}

// normalize makes a body as sent comparable to the body Mailpit decoded.
func normalize(s string) string { return strings.TrimSpace(strings.ReplaceAll(s, "\r\n", "\n")) }

func TestSMTPSenderDeliversEachMessage(t *testing.T) {
	t.Parallel()
	// With TLS, the server refuses a client that does not use it; with credentials, one that does
	// not sign in with them.
	tests := []struct {
		name string
		opts mailtest.Options
		url  string // with %d for the port
	}{
		{"plain SMTP", mailtest.Options{}, "smtp://127.0.0.1:%d"},
		{"STARTTLS and a password", mailtest.Options{TLS: mailtest.StartTLS, Credentials: "mailer:p@ss"}, "smtp://mailer:p%%40ss@127.0.0.1:%d"},
		{"implicit TLS and a password", mailtest.Options{TLS: mailtest.ImplicitTLS, Credentials: "mailer:p@ss"}, "smtps://mailer:p%%40ss@127.0.0.1:%d"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := mailtest.Start(t, tt.opts)
			sender, err := mail.NewSMTPSender(mail.SMTPConfig{URL: fmt.Sprintf(tt.url, srv.SMTPPort), From: from, RootCAs: srv.RootCAs})
			if err != nil {
				t.Fatal(err)
			}
			sent := map[string]mail.Message{}
			for i, m := range threeMessages(t, "Wayfinder") {
				id := fmt.Sprintf("m_test%d", i)
				if err := sender.Send(context.Background(), id, m); err != nil {
					t.Fatalf("Send(%s): %v", m.Kind, err)
				}
				sent[m.To] = m
			}
			got := srv.WaitForMessages(t, 3, 10*time.Second)
			if len(got) != 3 {
				t.Fatalf("mailpit received %d messages, want 3", len(got))
			}
			for _, summary := range got {
				if len(summary.To) != 1 {
					t.Errorf("message %s went to %v, want one recipient", summary.ID, summary.To)
					continue
				}
				want, ok := sent[summary.To[0].Address]
				if !ok {
					t.Errorf("a message went to %s, which was sent nothing", summary.To[0].Address)
					continue
				}
				m := srv.Message(t, summary.ID)
				if m.From.Name != "Wayfinder" || m.From.Address != "hello@example.com" {
					t.Errorf("%s: From = %+v, want Wayfinder <hello@example.com>", want.Kind, m.From)
				}
				if m.Subject != want.Subject {
					t.Errorf("%s: Subject = %q, want %q", want.Kind, m.Subject, want.Subject)
				}
				if normalize(m.Text) != normalize(want.Text) {
					t.Errorf("%s: the plain-text part arrived as\n%s\nwant\n%s", want.Kind, m.Text, want.Text)
				}
				if normalize(m.HTML) != normalize(want.HTML) {
					t.Errorf("%s: the HTML part arrived as\n%s\nwant\n%s", want.Kind, m.HTML, want.HTML)
				}
				if !strings.HasPrefix(m.MessageID, "m_test") || !strings.HasSuffix(m.MessageID, "@example.com") {
					t.Errorf("%s: Message-ID = %q, want the outbox id at the sender's domain", want.Kind, m.MessageID)
				}
				h := srv.Headers(t, summary.ID)
				if got := h["Auto-Submitted"]; len(got) != 1 || got[0] != "auto-generated" {
					t.Errorf("%s: Auto-Submitted = %q, want auto-generated", want.Kind, got)
				}
				if got := strings.Join(h["Content-Type"], " "); !strings.HasPrefix(got, "multipart/alternative") {
					t.Errorf("%s: Content-Type = %q, want multipart/alternative", want.Kind, got)
				}
				if got := h["User-Agent"]; len(got) != 0 {
					t.Errorf("%s: User-Agent = %q, want none", want.Kind, got)
				}
			}
		})
	}
}

func TestSMTPSenderErrors(t *testing.T) {
	t.Parallel()
	srv := mailtest.Start(t, mailtest.Options{AllowedRecipients: `@example\.com$`})
	secured := mailtest.Start(t, mailtest.Options{TLS: mailtest.StartTLS, Credentials: "mailer:right"})
	closed := mailtest.FreePort(t)
	msg := threeMessages(t, "Wayfinder")[0]
	refused := msg
	refused.To = "pat@elsewhere.example"
	tests := []struct {
		name          string
		url           string
		m             mail.Message
		wantErr       bool
		wantPermanent bool
		distrust      bool // trust the system's authorities only, which never signed the test server's certificate
	}{
		{"delivered", fmt.Sprintf("smtp://127.0.0.1:%d", srv.SMTPPort), msg, false, false, false},
		{"a recipient refused for good", fmt.Sprintf("smtp://127.0.0.1:%d", srv.SMTPPort), refused, true, true, false},
		{"no server", fmt.Sprintf("smtp://127.0.0.1:%d", closed), msg, true, false, false},
		{"a wrong password", fmt.Sprintf("smtp://mailer:wrong@127.0.0.1:%d", secured.SMTPPort), msg, true, false, false},
		{"no password where one is needed", fmt.Sprintf("smtp://127.0.0.1:%d", secured.SMTPPort), msg, true, false, false},
		{"STARTTLS with a certificate no one vouches for", fmt.Sprintf("smtp://mailer:right@127.0.0.1:%d", secured.SMTPPort), msg, true, false, true},
		{"signed in over STARTTLS", fmt.Sprintf("smtp://mailer:right@127.0.0.1:%d", secured.SMTPPort), msg, false, false, false},
	}
	for _, tt := range tests {
		roots := secured.RootCAs
		if tt.distrust {
			roots = nil
		}
		sender, err := mail.NewSMTPSender(mail.SMTPConfig{URL: tt.url, From: from, Timeout: 5 * time.Second, RootCAs: roots})
		if err != nil {
			t.Fatal(err)
		}
		err = sender.Send(context.Background(), "m_1", tt.m)
		if (err != nil) != tt.wantErr || mail.IsPermanent(err) != tt.wantPermanent {
			t.Errorf("%s: Send() = %v (permanent %v), want an error %v, permanent %v", tt.name, err, mail.IsPermanent(err), tt.wantErr, tt.wantPermanent)
		}
	}
}

func TestNewSMTPSender(t *testing.T) {
	tests := []struct {
		url, from string
		wantErr   string // "" for none
	}{
		{"smtp://mail.example.com", from, ""},
		{"smtps://u:p@mail.example.com:2465", "hello@example.com", ""},
		{"http://mail.example.com", from, "must start with smtp://"},
		{"smtp://u:s3cret@mail.example.com:0", from, "no valid port"},
		{"smtp://u:s3cret@/x", from, "names no host"},
		{"smtp://mail.example.com/inbox", from, "must be only"},
		{"smtp://mail.example.com", "Wayfinder", "is not an email address"},
	}
	for _, tt := range tests {
		_, err := mail.NewSMTPSender(mail.SMTPConfig{URL: tt.url, From: tt.from})
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("NewSMTPSender(%q, %q) = %v, want nil", tt.url, tt.from, err)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("NewSMTPSender(%q, %q) = %v, want an error containing %q", tt.url, tt.from, err, tt.wantErr)
		case err != nil && strings.Contains(err.Error(), "s3cret"):
			t.Errorf("NewSMTPSender(%q) error %q shows the password", tt.url, err)
		}
	}
	if got, want := mail.RedactSMTPURL("smtps://mailer:s3cret@mail.example.com:465"), "smtps://mailer:xxxxx@mail.example.com:465"; got != want {
		t.Errorf("RedactSMTPURL = %q, want %q", got, want)
	}
}
