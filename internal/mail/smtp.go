package mail

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// DefaultSMTPTimeout bounds connecting to the mail server and each exchange with it.
const DefaultSMTPTimeout = 20 * time.Second

// SMTPConfig says how to reach the mail server and whom the emails are from.
type SMTPConfig struct {
	// URL is smtp://user:password@host:587 (STARTTLS when the server offers it) or
	// smtps://user:password@host:465 (TLS from the start). The user and password are optional;
	// the port defaults to 587 and 465.
	URL string
	// From is the sender, an RFC 5322 address such as "Wayfinder <hello@example.com>".
	From    string
	Timeout time.Duration // DefaultSMTPTimeout when zero
	// RootCAs are the authorities the server's certificate must chain to; nil means the system's.
	// Tests set it to trust a server of their own.
	RootCAs *x509.CertPool
}

// SMTPSender sends messages to a mail server with go-mail, one connection per message.
type SMTPSender struct {
	client *gomail.Client
	from   *mail.Address
	domain string // of the From address, for Message-IDs
}

// smtpServer is what an SMTP URL says.
type smtpServer struct {
	implicitTLS    bool
	host           string
	port           int
	user, password string
}

// parseSMTPURL reads an smtp:// or smtps:// URL. Its errors never repeat the URL, which may hold
// a password.
func parseSMTPURL(raw string) (smtpServer, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return smtpServer{}, errors.New("is not a URL")
	}
	var s smtpServer
	switch u.Scheme {
	case "smtp":
		s.port = 587
	case "smtps":
		s.implicitTLS, s.port = true, 465
	default:
		return smtpServer{}, errors.New("must start with smtp:// (STARTTLS when offered) or smtps:// (TLS)")
	}
	if u.Hostname() == "" {
		return smtpServer{}, errors.New("names no host")
	}
	if (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return smtpServer{}, errors.New("must be only smtp(s)://user:password@host:port")
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return smtpServer{}, errors.New("has no valid port")
		}
		s.port = n
	}
	s.host = u.Hostname()
	if u.User != nil {
		s.user = u.User.Username()
		s.password, _ = u.User.Password()
	}
	return s, nil
}

// RedactSMTPURL returns raw with its password hidden, for logs and messages.
func RedactSMTPURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(an address that is not a valid URL)"
	}
	return u.Redacted()
}

// NewSMTPSender checks c and returns a sender; it does not connect yet.
func NewSMTPSender(c SMTPConfig) (*SMTPSender, error) {
	srv, err := parseSMTPURL(c.URL)
	if err != nil {
		return nil, fmt.Errorf("the SMTP URL %s", err)
	}
	from, err := mail.ParseAddress(c.From)
	if err != nil {
		return nil, fmt.Errorf("the sender %q is not an email address such as \"Wayfinder <hello@example.com>\"", c.From)
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultSMTPTimeout
	}
	opts := []gomail.Option{
		gomail.WithPort(srv.port),
		gomail.WithTimeout(c.Timeout),
		gomail.WithTLSConfig(&tls.Config{ServerName: srv.host, MinVersion: tls.VersionTLS12, RootCAs: c.RootCAs}),
	}
	if srv.implicitTLS {
		opts = append(opts, gomail.WithSSL())
	} else {
		// STARTTLS whenever the server offers it, plain otherwise (a relay on the same network).
		// When STARTTLS is offered the certificate is checked as strictly as with smtps.
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if srv.user != "" {
		// The strongest mechanism the server offers; over a connection without TLS only those
		// that never send the password itself.
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(srv.user), gomail.WithPassword(srv.password))
	}
	client, err := gomail.NewClient(srv.host, opts...)
	if err != nil {
		return nil, fmt.Errorf("the SMTP settings: %w", err)
	}
	_, domain, _ := strings.Cut(from.Address, "@")
	return &SMTPSender{client: client, from: from, domain: domain}, nil
}

// Send delivers m over one SMTP connection. A recipient the server refuses for good is a Permanent
// error; everything else (the server down, slow or refusing for now) is worth retrying.
func (s *SMTPSender) Send(ctx context.Context, id string, m Message) error {
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	msg.FromMailAddress(s.from)
	if err := msg.To(m.To); err != nil {
		return Permanent(fmt.Errorf("the recipient's address: %w", err))
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	// The outbox id makes the Message-ID, the same on every attempt.
	msg.SetMessageIDWithValue(id + "@" + s.domain)
	// Automatic mail: out-of-office replies should not answer it (RFC 3834, and Exchange's own).
	msg.SetGenHeader(gomail.Header("Auto-Submitted"), "auto-generated")
	msg.SetGenHeader(gomail.HeaderXAutoResponseSuppress, "All")
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	err := s.client.DialAndSendWithContext(ctx, msg)
	if err == nil {
		return nil
	}
	var se *gomail.SendError
	if errors.As(err, &se) && se.Reason == gomail.ErrSMTPRcptTo && se.ErrorCode() >= 500 && se.ErrorCode() < 600 {
		return Permanent(err)
	}
	return err
}
