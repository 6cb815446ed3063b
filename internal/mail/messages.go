package mail

import (
	"bytes"
	htmltemplate "html/template"
	"net/url"
	"strings"
	texttemplate "text/template"
	"time"
	"unicode"

	"wayfinder/internal/apperr"
)

// PasswordResetLinkLifetime is how long a password reset link works. The reset email says so in
// words, so the flow that makes the link should give it this lifetime.
const PasswordResetLinkLifetime = 30 * time.Minute

// messageCopy is the words of one message. "{brand}" in any of them becomes the brand name.
type messageCopy struct {
	Subject string
	Heading string
	Before  []string     // paragraphs before the links
	Actions []actionCopy // one per link, in order
	After   []string     // paragraphs after the links
}

// actionCopy introduces one link: Lead is an optional sentence before it, Label its text, which
// says where it goes so that a screen reader listing the links makes sense.
type actionCopy struct {
	Lead  string
	Label string
}

// catalog is every word of every email in one language. Readers may have ADHD: sentences are
// short and plain, each email asks for one thing, and none mentions health or the survey.
type catalog struct {
	Lang              string
	SignOff           []string // lines closing every email
	Fallback          string   // what the HTML part says above the links written out
	PasswordReset     messageCopy
	EmailVerification messageCopy
	AccountExists     messageCopy
}

// english is the catalog the server uses; a second language is a second catalog.
var english = catalog{
	Lang:     "en",
	SignOff:  []string{"Take care,", "The {brand} team"},
	Fallback: "If a button doesn't work, copy its address into your browser:",
	PasswordReset: messageCopy{
		Subject: "Reset your {brand} password",
		Heading: "Reset your password",
		Before:  []string{"We got a request to reset the password for your {brand} account."},
		Actions: []actionCopy{{Label: "Choose a new password"}},
		After: []string{
			"This link works for 30 minutes.",
			"Didn't ask for this? You can ignore this email. Your password stays the same.",
		},
	},
	EmailVerification: messageCopy{
		Subject: "Confirm your email for {brand}",
		Heading: "Please confirm your email",
		Before:  []string{"Thanks for signing up for {brand}. One quick step: please confirm that this email address is yours."},
		Actions: []actionCopy{{Label: "Confirm my email"}},
		After:   []string{"Didn't sign up? You can ignore this email, and nothing will happen."},
	},
	AccountExists: messageCopy{
		Subject: "You already have an account with {brand}",
		Heading: "You already have an account",
		Before: []string{
			"Someone just tried to sign up for {brand} with this email address. " +
				"It already has an account, so we didn't make a new one.",
		},
		Actions: []actionCopy{
			{Lead: "If that was you, you can sign in here.", Label: "Sign in to {brand}"},
			{Lead: "Forgot your password? You can choose a new one.", Label: "Reset my password"},
		},
		After: []string{"If it wasn't you, you can ignore this email. Nothing has changed."},
	},
}

// PasswordReset is the email with a link to choose a new password. link must work for
// PasswordResetLinkLifetime, as the email says.
func PasswordReset(brand, to, link string) (Message, error) {
	return compose(KindPasswordReset, english.PasswordReset, brand, to, link)
}

// EmailVerification is the email asking a new member to confirm their address through link.
func EmailVerification(brand, to, link string) (Message, error) {
	return compose(KindEmailVerification, english.EmailVerification, brand, to, link)
}

// AccountExists is the email sent instead of a second account when someone signs up with an
// address that has one: it offers the sign-in link and, for a forgotten password, the reset link.
// It never says who tried, and the page that sent it says the same to everyone, so sign-up does
// not reveal which addresses have accounts.
func AccountExists(brand, to, signInLink, resetLink string) (Message, error) {
	return compose(KindAccountExists, english.AccountExists, brand, to, signInLink, resetLink)
}

// page is what the templates fill in: the copy with the brand put in, and the links.
type page struct {
	Lang     string
	Brand    string
	Subject  string
	Heading  string
	Before   []string
	Actions  []action
	After    []string
	SignOff  []string
	Fallback string
}

// action is one link of a page, with the words around it.
type action struct {
	Lead, Label string
	URL         string
}

// compose fills in one message. The links must be absolute http(s) URLs: anything else would be
// turned into a harmless but broken "#ZgotmplZ" by html/template, or worse, mislead the reader.
func compose(kind Kind, c messageCopy, brand, to string, links ...string) (Message, error) {
	brand = oneLine(brand)
	if brand == "" {
		return Message{}, apperr.E(apperr.Invalid, "an email needs the brand name")
	}
	if len(links) != len(c.Actions) {
		return Message{}, apperr.E(apperr.Internal, "the %s email takes %d links, not %d", kind, len(c.Actions), len(links))
	}
	fill := func(s string) string { return strings.ReplaceAll(s, "{brand}", brand) }
	fillAll := func(ss []string) []string {
		out := make([]string, len(ss))
		for i, s := range ss {
			out[i] = fill(s)
		}
		return out
	}
	p := page{
		Lang:     english.Lang,
		Brand:    brand,
		Subject:  fill(c.Subject),
		Heading:  fill(c.Heading),
		Before:   fillAll(c.Before),
		After:    fillAll(c.After),
		SignOff:  fillAll(english.SignOff),
		Fallback: english.Fallback,
	}
	for i, a := range c.Actions {
		u, err := url.Parse(links[i])
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return Message{}, apperr.E(apperr.Invalid, "the %s email's link %d is not an absolute http(s) URL", kind, i+1)
		}
		p.Actions = append(p.Actions, action{Lead: fill(a.Lead), Label: fill(a.Label), URL: links[i]})
	}
	var text, html bytes.Buffer
	if err := textPart.Execute(&text, p); err != nil {
		return Message{}, apperr.Wrap(apperr.Internal, err, "could not write the %s email", kind)
	}
	if err := htmlPart.Execute(&html, p); err != nil {
		return Message{}, apperr.Wrap(apperr.Internal, err, "could not write the %s email", kind)
	}
	return Message{Kind: kind, To: to, Subject: p.Subject, Text: text.String(), HTML: html.String()}, nil
}

// oneLine trims s and turns its control characters into spaces, so a brand name can never break
// a header line or the text's layout.
func oneLine(s string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s))
}

// textPart is the plain-text body. Every link stands alone on its line, so any mail program can
// open it, and the terminal sender can find it.
var textPart = texttemplate.Must(texttemplate.New("text").Parse(`{{.Heading}}

{{range .Before}}{{.}}

{{end}}{{range .Actions}}{{with .Lead}}{{.}}
{{end}}{{.Label}}:
{{.URL}}

{{end}}{{range .After}}{{.}}

{{end}}{{range .SignOff}}{{.}}
{{end}}`))

// htmlPart is the HTML body: one column, inline styles (mail programs drop style sheets), system
// fonts, and no images, scripts or anything else loaded from elsewhere, so opening it tells no one
// anything. html/template escapes every value, the brand name included. Links are real links whose
// text says where they go; the addresses are also written out, for mail programs that block links.
var htmlPart = htmltemplate.Must(htmltemplate.New("html").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>{{.Subject}}</title>
</head>
<body style="margin:0;padding:24px 12px;background-color:#f4f2ee;color:#1d1c1a;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:17px;line-height:1.55;">
<div role="article" aria-label="{{.Subject}}" style="max-width:560px;margin:0 auto;padding:32px 28px;background-color:#ffffff;border-radius:12px;">
<p style="margin:0 0 24px;font-size:15px;font-weight:700;color:#3b3834;">{{.Brand}}</p>
<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;color:#1d1c1a;">{{.Heading}}</h1>
{{range .Before}}<p style="margin:0 0 16px;">{{.}}</p>
{{end}}{{range .Actions}}{{with .Lead}}<p style="margin:24px 0 8px;">{{.}}</p>
{{end}}<p style="margin:0 0 16px;"><a href="{{.URL}}" style="display:inline-block;padding:12px 22px;background-color:#1f4fd1;color:#ffffff;border-radius:8px;font-weight:700;text-decoration:none;">{{.Label}}</a></p>
{{end}}{{range .After}}<p style="margin:0 0 16px;">{{.}}</p>
{{end}}<p style="margin:24px 0 0;">{{range $i, $line := .SignOff}}{{if $i}}<br>{{end}}{{$line}}{{end}}</p>
<hr style="margin:32px 0 16px;border:0;border-top:1px solid #dedad3;">
<p style="margin:0 0 8px;font-size:14px;color:#55514b;">{{.Fallback}}</p>
{{range .Actions}}<p style="margin:0 0 8px;font-size:14px;color:#55514b;">{{.Label}}:<br><span style="word-break:break-all;">{{.URL}}</span></p>
{{end}}</div>
</body>
</html>
`))
