package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"wayfinder/internal/config"
	"wayfinder/internal/mail"
	"wayfinder/internal/sqlstore"
)

// mailParts are the outbox that flows enqueue their emails in (the identity provider's password
// reset, email verification and "you already have an account") and the sender its worker hands
// them to. sender is nil when mail is off; the outbox then checks and drops what it is given.
type mailParts struct {
	outbox *mail.Outbox
	sender mail.Sender
}

// newMail picks how emails leave: through the configured SMTP server; printed to standard output
// in a demo without one, so every flow can be finished by whoever runs `make run`; or not at all,
// which is said once, here. Outside a demo no link is ever printed: links are secrets.
func newMail(cfg config.Config, db *sqlstore.DB, log *slog.Logger, stdout io.Writer) (mailParts, error) {
	switch {
	case cfg.SMTPURL != "":
		sender, err := mail.NewSMTPSender(mail.SMTPConfig{URL: cfg.SMTPURL, From: cfg.MailFrom})
		if err != nil {
			return mailParts{}, fmt.Errorf("WAYFINDER_SMTP_URL (--smtp-url): %w", err)
		}
		log.Info("emails are sent through SMTP", "server", cfg.RedactedSMTPURL(), "from", cfg.MailFrom)
		return mailParts{outbox: mail.NewOutbox(db, mail.OutboxConfig{Log: log}), sender: sender}, nil
	case cfg.Demo:
		log.Info("demo mode without an SMTP server: each email's recipient, subject and links are printed to standard output")
		return mailParts{outbox: mail.NewOutbox(db, mail.OutboxConfig{Log: log}), sender: mail.NewTerminalSender(stdout)}, nil
	}
	log.Warn("email is off: password reset and email verification emails are not sent; " +
		"set WAYFINDER_SMTP_URL and WAYFINDER_MAIL_FROM (see docs/configuration.md)")
	return mailParts{outbox: mail.NewDisabledOutbox(log)}, nil
}

// start registers the mail metrics on reg and runs the worker until ctx ends or stop is called.
// stop waits up to timeout for the worker to record the email it is sending, so the caller closes
// the database only after it.
func (m mailParts) start(ctx context.Context, log *slog.Logger, reg prometheus.Registerer) (stop func(timeout time.Duration)) {
	metrics := mail.NewMetrics(reg)
	if m.sender == nil {
		return func(time.Duration) {}
	}
	worker := mail.NewWorker(m.outbox, mail.WorkerConfig{Sender: m.sender, Log: log, Metrics: metrics})
	return runWorker(ctx, worker.Run, func() {
		log.Warn("the mail worker was still sending when the shutdown timeout ran out; that email may be sent again")
	})
}

// runWorker runs a background worker until ctx ends or the stop it returns is called. stop waits
// up to timeout for run to return, so that the caller closes the database only after it, and calls
// late when it does not.
func runWorker(ctx context.Context, run func(context.Context), late func()) (stop func(timeout time.Duration)) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		run(ctx)
	}()
	return func(timeout time.Duration) {
		cancel()
		select {
		case <-done:
		case <-time.After(timeout):
			late()
		}
	}
}
