package mail

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
)

// TerminalSender prints each message's recipient, subject and links instead of sending it, for
// demo mode: whoever runs the demo can follow a reset or verification link without a mail server.
// Only a demo may use it, since the links are secrets everywhere else.
type TerminalSender struct {
	mu sync.Mutex
	w  io.Writer
}

// NewTerminalSender prints to w, the server's standard output.
func NewTerminalSender(w io.Writer) *TerminalSender { return &TerminalSender{w: w} }

// Send prints one short block for m.
func (s *TerminalSender) Send(_ context.Context, _ string, m Message) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Email to %s: %s\n", m.To, m.Subject)
	for _, link := range links(m.Text) {
		fmt.Fprintf(&b, "  %s\n", link)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	_, err := io.WriteString(s.w, b.String())
	return err
}

// links returns the lines of a plain-text body that are links: the composed messages put each
// link on a line of its own.
func links(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "https://") || strings.HasPrefix(line, "http://") {
			out = append(out, line)
		}
	}
	return out
}
