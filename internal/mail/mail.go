// Package mail composes the emails Wayfinder sends (password reset, email verification, "you
// already have an account") and delivers them through a durable outbox: a caller enqueues a
// message in the same transaction as the change that calls for it, and a Worker sends it through
// a Sender (SMTP, or the terminal in demo mode), retrying with growing pauses while the mail
// server is away. Enqueueing never talks to a mail server, so a slow or broken one never slows a
// request. Message bodies hold single-use links: they are never logged, never put in metrics, and
// are emptied from the outbox once the message is sent.
package mail

import (
	"net/mail"
	"strings"

	"wayfinder/internal/apperr"
	"wayfinder/internal/messages"
)

// Kind names what a message is for. It appears in logs and as a metrics label, so it is one of a
// fixed set and never says anything about the person.
type Kind string

// The kinds of message Wayfinder sends.
const (
	KindPasswordReset     Kind = "password-reset"
	KindEmailVerification Kind = "email-verification"
	KindAccountExists     Kind = "account-exists"
)

// Kinds lists every kind, for metrics that start each series at zero.
var Kinds = []Kind{KindPasswordReset, KindEmailVerification, KindAccountExists}

// known reports whether k is one of Kinds.
func (k Kind) known() bool {
	for _, x := range Kinds {
		if k == x {
			return true
		}
	}
	return false
}

// Message is one email to one person: a plain-text part and an HTML part with the same words.
type Message struct {
	Kind    Kind
	To      string // one address, such as "pat@example.com"
	Subject string
	Text    string // the plain-text body
	HTML    string // the HTML body, a whole document
}

// The messages of a refused email (internal/messages holds their words).
const (
	msgCannotSend     messages.Key = "api.email.cannotSend"
	msgKindUnknown    messages.Key = "api.email.kindUnknown"
	msgToInvalid      messages.Key = "api.email.toInvalid"
	msgSubjectInvalid messages.Key = "api.email.subjectInvalid"
	msgBodyMissing    messages.Key = "api.email.bodyMissing"
)

// validate checks what the outbox relies on before a message is stored, so a message that could
// never be sent is refused to its caller at once instead of failing in the worker a day later.
func (m Message) validate() error {
	var fields []apperr.FieldError
	if !m.Kind.known() {
		fields = append(fields, apperr.Field("kind", msgKindUnknown))
	}
	if a, err := mail.ParseAddress(m.To); err != nil || a.Name != "" || a.Address != m.To {
		fields = append(fields, apperr.Field("to", msgToInvalid))
	}
	if strings.TrimSpace(m.Subject) == "" || strings.ContainsAny(m.Subject, "\r\n") {
		fields = append(fields, apperr.Field("subject", msgSubjectInvalid))
	}
	if strings.TrimSpace(m.Text) == "" || strings.TrimSpace(m.HTML) == "" {
		fields = append(fields, apperr.Field("body", msgBodyMissing))
	}
	if len(fields) > 0 {
		return apperr.InvalidFields(msgCannotSend, fields...)
	}
	return nil
}
