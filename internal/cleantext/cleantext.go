// Package cleantext decides whether a string that a person or a client sent is plain text that can
// be stored and shown: valid UTF-8, one line, and free of the invisible characters that hide or
// reorder what a reader sees. Every text the API stores from a request passes through it, so a
// stray NUL, a line break in a name or a right-to-left override never reaches the database, a log
// line or a staff screen.
package cleantext

import (
	"unicode"
	"unicode/utf8"

	"wayfinder/internal/messages"
)

// The problems Problem names, as keys of the server's catalog (internal/messages): each says in
// words a member can act on what to do.
const (
	msgUnreadable messages.Key = "api.text.unreadable"
	msgOneLine    messages.Key = "api.text.oneLine"
	msgHidden     messages.Key = "api.text.hidden"
)

// Problem returns the message key of why s is not clean single-line text, or "" when it is. Refused
// are invalid UTF-8 (and U+FFFD, which is what a decoder leaves of it), control characters (NUL,
// tabs, line breaks and the rest of C0 and C1, DEL), line and paragraph separators, bidirectional
// formatting characters, and noncharacters. Joiners, variation
// selectors and other format characters stay allowed inside text: emoji and many scripts need them.
func Problem(s string) messages.Key { return problem(s, false) }

// ParagraphsProblem is Problem for longer text that may run over several lines, such as a coach's
// description: line feeds are allowed, and everything else Problem refuses stays refused.
func ParagraphsProblem(s string) messages.Key { return problem(s, true) }

func problem(s string, lines bool) messages.Key {
	if !utf8.ValidString(s) {
		return msgUnreadable
	}
	for _, r := range s {
		switch {
		case r == utf8.RuneError:
			return msgUnreadable
		case r == '\n' && lines:
		case unicode.IsControl(r), r == '\u2028', r == '\u2029':
			return msgOneLine
		case isBidiControl(r), isNoncharacter(r):
			return msgHidden
		}
	}
	return ""
}

// HasVisible reports whether s has at least one character a reader can see: a letter,
// number, punctuation or symbol (a mark alone, such as an accent or a variation selector, has
// nothing to sit on). A name made only of spaces or invisible characters has none.
func HasVisible(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.L, unicode.N, unicode.P, unicode.S) {
			return true
		}
	}
	return false
}

// isBidiControl reports the characters that change the direction text is shown in, which can make
// a name read differently on screen from what is stored (the "Trojan Source" trick).
func isBidiControl(r rune) bool {
	switch {
	case r == '\u061C', r == '\u200E', r == '\u200F':
		return true
	case r >= '\u202A' && r <= '\u202E':
		return true
	case r >= '\u2066' && r <= '\u2069':
		return true
	}
	return false
}

// isNoncharacter reports the code points Unicode sets aside never to be exchanged as text.
func isNoncharacter(r rune) bool {
	return (r >= '\uFDD0' && r <= '\uFDEF') || r&0xFFFE == 0xFFFE
}
