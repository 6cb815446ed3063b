package account

import (
	"strings"
	"testing"
	"time"

	"wayfinder/internal/apperr"
)

func TestCheckVerificationEmail(t *testing.T) {
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	unverified := User{ID: "u1", Email: "sam@example.com"}
	verified := unverified
	verified.EmailVerified = true
	tests := []struct {
		name     string
		user     User
		req      VerificationEmailRequest
		wantCode apperr.Code
		wantText string
	}{
		{"a first request", unverified, VerificationEmailRequest{MailOn: true, Now: now}, "", ""},
		{"under the limit", unverified, VerificationEmailRequest{MailOn: true, Sent: 2, OldestSent: now.Add(-30 * time.Minute), Now: now}, "", ""},
		{"mail is off", unverified, VerificationEmailRequest{Now: now}, apperr.Conflict, "can’t send emails"},
		{"confirmed already", verified, VerificationEmailRequest{MailOn: true, Now: now}, apperr.Conflict, "confirmed already"},
		{"no email", User{ID: "u2"}, VerificationEmailRequest{MailOn: true, Now: now}, apperr.Conflict, "no email address"},
		{"at the limit", unverified, VerificationEmailRequest{MailOn: true, Sent: 3, OldestSent: now.Add(-20 * time.Minute), Now: now}, apperr.RateLimited, "in 40 minutes"},
		{"at the limit, nearly over", unverified, VerificationEmailRequest{MailOn: true, Sent: 3, OldestSent: now.Add(-59*time.Minute - 30*time.Second), Now: now}, apperr.RateLimited, "in a minute"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckVerificationEmail(tt.user, tt.req)
			if got, want := apperr.CodeOf(err), tt.wantCode; got != want {
				t.Fatalf("CheckVerificationEmail() code = %q, want %q (err %v)", got, want, err)
			}
			if err != nil && !strings.Contains(err.Error(), tt.wantText) {
				t.Errorf("CheckVerificationEmail() = %q, want it to say %q", err.Error(), tt.wantText)
			}
		})
	}
}
