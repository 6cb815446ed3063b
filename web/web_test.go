package web

import (
	"io/fs"
	"strings"
	"testing"
)

// TestDistHasIndex checks, with or without the embed tag, that the files served as the app have
// an index.html the server can inject its runtime settings into.
func TestDistHasIndex(t *testing.T) {
	data, err := fs.ReadFile(Dist(), "index.html")
	if err != nil {
		t.Fatalf("read index.html: got error %v, want the page", err)
	}
	page := string(data)
	for _, want := range []string{"<!doctype html>", "</head>", `<meta name="viewport"`} {
		if got := strings.Contains(strings.ToLower(page), strings.ToLower(want)); !got {
			t.Errorf("index.html contains %q: got false, want true", want)
		}
	}
}

// TestStubExplainsItself checks that a build without the app says so and names the fix.
func TestStubExplainsItself(t *testing.T) {
	if Embedded {
		t.Skip("this build embeds the real app")
	}
	data, err := fs.ReadFile(Dist(), "index.html")
	if err != nil {
		t.Fatalf("read index.html: got error %v, want the page", err)
	}
	for _, want := range []string{"without its web interface", "make build"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("stub page contains %q: got false, want true", want)
		}
	}
}
