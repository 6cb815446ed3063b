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
	"wayfinder/internal/messages"
)

// PasswordResetLinkLifetime is how long a password reset link works. The reset email says so in
// words, so the flow that makes the link should give it this lifetime.
const PasswordResetLinkLifetime = 30 * time.Minute

// messageCopy names the words of one message by their keys in the server's catalog
// (internal/messages). "{brand}" in any of them becomes the brand name, and "{minutes}" the
// minutes of PasswordResetLinkLifetime, so the reset email's promise follows the constant.
type messageCopy struct {
	Subject messages.Key
	Heading messages.Key
	Before  []messages.Key // paragraphs before the links
	Actions []actionCopy   // one per link, in order
	After   []messages.Key // paragraphs after the links
}

// actionCopy introduces one link: Lead is an optional sentence before it, Label its text, which
// says where it goes so that a screen reader listing the links makes sense.
type actionCopy struct {
	Lead  messages.Key
	Label messages.Key
}

// The keys of the emails' words. Readers may have ADHD: sentences are short and plain, each email
// asks for one thing, and none mentions health or the survey.
const (
	msgSignOffClosing messages.Key = "mail.signOff.closing"
	msgSignOffTeam    messages.Key = "mail.signOff.team"
	msgFallback       messages.Key = "mail.links.fallback" // above the links written out, in HTML

	msgResetSubject  messages.Key = "mail.passwordReset.subject"
	msgResetHeading  messages.Key = "mail.passwordReset.heading"
	msgResetIntro    messages.Key = "mail.passwordReset.intro"
	msgResetAction   messages.Key = "mail.passwordReset.action"
	msgResetLifetime messages.Key = "mail.passwordReset.lifetime"
	msgResetIgnore   messages.Key = "mail.passwordReset.ignore"

	msgVerifySubject messages.Key = "mail.emailVerification.subject"
	msgVerifyHeading messages.Key = "mail.emailVerification.heading"
	msgVerifyIntro   messages.Key = "mail.emailVerification.intro"
	msgVerifyAction  messages.Key = "mail.emailVerification.action"
	msgVerifyIgnore  messages.Key = "mail.emailVerification.ignore"

	msgExistsSubject    messages.Key = "mail.accountExists.subject"
	msgExistsHeading    messages.Key = "mail.accountExists.heading"
	msgExistsIntro      messages.Key = "mail.accountExists.intro"
	msgExistsSignInLead messages.Key = "mail.accountExists.signInLead"
	msgExistsSignIn     messages.Key = "mail.accountExists.signIn"
	msgExistsResetLead  messages.Key = "mail.accountExists.resetLead"
	msgExistsReset      messages.Key = "mail.accountExists.reset"
	msgExistsIgnore     messages.Key = "mail.accountExists.ignore"
)

// The messages, each a list of the keys of its words.
var (
	passwordReset = messageCopy{
		Subject: msgResetSubject,
		Heading: msgResetHeading,
		Before:  []messages.Key{msgResetIntro},
		Actions: []actionCopy{{Label: msgResetAction}},
		After:   []messages.Key{msgResetLifetime, msgResetIgnore},
	}
	emailVerification = messageCopy{
		Subject: msgVerifySubject,
		Heading: msgVerifyHeading,
		Before:  []messages.Key{msgVerifyIntro},
		Actions: []actionCopy{{Label: msgVerifyAction}},
		After:   []messages.Key{msgVerifyIgnore},
	}
	accountExists = messageCopy{
		Subject: msgExistsSubject,
		Heading: msgExistsHeading,
		Before:  []messages.Key{msgExistsIntro},
		Actions: []actionCopy{
			{Lead: msgExistsSignInLead, Label: msgExistsSignIn},
			{Lead: msgExistsResetLead, Label: msgExistsReset},
		},
		After: []messages.Key{msgExistsIgnore},
	}
)

// signOff closes every email.
var signOff = []messages.Key{msgSignOffClosing, msgSignOffTeam}

// PasswordReset is the email with a link to choose a new password. link must work for
// PasswordResetLinkLifetime, as the email says.
func PasswordReset(brand, to, link string) (Message, error) {
	return compose(KindPasswordReset, passwordReset, brand, to, link)
}

// EmailVerification is the email asking a new member to confirm their address through link.
func EmailVerification(brand, to, link string) (Message, error) {
	return compose(KindEmailVerification, emailVerification, brand, to, link)
}

// AccountExists is the email sent instead of a second account when someone signs up with an
// address that has one: it offers the sign-in link and, for a forgotten password, the reset link.
// It never says who tried, and the page that sent it says the same to everyone, so sign-up does
// not reveal which addresses have accounts.
func AccountExists(brand, to, signInLink, resetLink string) (Message, error) {
	return compose(KindAccountExists, accountExists, brand, to, signInLink, resetLink)
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

// compose fills in one message in English, the one language the emails are sent in today. The
// links must be absolute http(s) URLs: anything else would be turned into a harmless but broken
// "#ZgotmplZ" by html/template, or worse, mislead the reader. The brand and the links come from the
// server itself, never from the reader, so a failure here is the server's own and goes to the log.
func compose(kind Kind, c messageCopy, brand, to string, links ...string) (Message, error) {
	brand = oneLine(brand)
	if brand == "" {
		return Message{}, apperr.Internalf("the %s email needs the brand name", kind)
	}
	if len(links) != len(c.Actions) {
		return Message{}, apperr.Internalf("the %s email takes %d links, not %d", kind, len(c.Actions), len(links))
	}
	lang := messages.English
	params := messages.Params{"brand": brand, "minutes": int(PasswordResetLinkLifetime.Minutes())}
	fill := func(k messages.Key) string {
		if k == "" {
			return ""
		}
		return lang.T(k, params)
	}
	fillAll := func(ks []messages.Key) []string {
		out := make([]string, len(ks))
		for i, k := range ks {
			out[i] = fill(k)
		}
		return out
	}
	p := page{
		Lang:     lang.Language(),
		Brand:    brand,
		Subject:  fill(c.Subject),
		Heading:  fill(c.Heading),
		Before:   fillAll(c.Before),
		After:    fillAll(c.After),
		SignOff:  fillAll(signOff),
		Fallback: fill(msgFallback),
	}
	for i, a := range c.Actions {
		u, err := url.Parse(links[i])
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return Message{}, apperr.Internalf("the %s email's link %d is not an absolute http(s) URL", kind, i+1)
		}
		p.Actions = append(p.Actions, action{Lead: fill(a.Lead), Label: fill(a.Label), URL: links[i]})
	}
	var text, html bytes.Buffer
	if err := textPart.Execute(&text, p); err != nil {
		return Message{}, apperr.WrapInternalf(err, "could not write the %s email", kind)
	}
	if err := htmlPart.Execute(&html, p); err != nil {
		return Message{}, apperr.WrapInternalf(err, "could not write the %s email", kind)
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
