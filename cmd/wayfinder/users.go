package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/messages"
)

// users runs `wayfinder users create`: an operator's way to make an account at the embedded
// provider (staff accounts in particular, which sign-up never makes). The password comes from
// standard input so it stays out of the shell history and the process list.
func users(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		return errors.New(`usage: wayfinder users create --email E --role member|staff|admin [flags] (the password is read from standard input)`)
	}
	email, role, rest, err := userFlags(args[1:])
	if err != nil {
		return err
	}
	cfg, err := loadConfig("users create", rest, getenv, stderr)
	if err != nil {
		return err
	}
	if !cfg.EmbeddedIdP() {
		return errors.New("accounts live at the external identity provider (WAYFINDER_OIDC_ISSUER is set): create them there")
	}
	password, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("reading the password from standard input: %w", err)
	}
	password = strings.TrimRight(password, "\r\n")
	if password == "" {
		return errors.New("no password on standard input: pipe it in, e.g. printf '%s\\n' \"$PASSWORD\" | wayfinder users create …")
	}
	db, err := openDatabase(ctx, cfg, true)
	if err != nil {
		return err
	}
	defer db.Close()
	addr, err := net.ResolveTCPAddr("tcp", cfg.Listen)
	if err != nil {
		return fmt.Errorf("WAYFINDER_LISTEN (--listen): %w", err)
	}
	cfg.WithListener(addr)
	_, provider, err := signIn(ctx, cfg, db, nil, newLogger("warn", stderr), addr, nil, nil)
	if err != nil {
		return err
	}
	u, err := provider.CreateUser(ctx, email, password, role)
	if err != nil {
		return errors.New(describe(err))
	}
	fmt.Fprintf(stdout, "Created the %s account %s (user id %s).\n", u.Role, u.Email, u.ID)
	return nil
}

// describe is an error as an operator should read it, in English: the message meant for people,
// and each bad field's message. An internal error, which has none, is shown as the log has it.
func describe(err error) string {
	var e *apperr.Error
	if !errors.As(err, &e) || e.Key == "" {
		return err.Error()
	}
	parts := []string{e.Text(messages.English)}
	for _, f := range e.Fields {
		parts = append(parts, f.Field+": "+f.Text(messages.English))
	}
	return strings.Join(parts, " ")
}

// userFlags takes --email and --role out of args and leaves the server's own flags.
func userFlags(args []string) (email string, role account.Role, rest []string, err error) {
	flags, rest, err := commandFlags(args, "email", "role")
	if err != nil {
		return "", "", nil, err
	}
	email, role = flags["email"], account.Role(flags["role"])
	if email == "" {
		return "", "", nil, errors.New("--email is required")
	}
	if !role.Valid() {
		return "", "", nil, fmt.Errorf("--role must be member, staff or admin, not %q", role)
	}
	return email, role, rest, nil
}
