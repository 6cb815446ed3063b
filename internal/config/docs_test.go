package config

import (
	"os"
	"strings"
	"testing"
)

// TestDocsListEverySetting keeps docs/configuration.md complete: a new setting fails this test
// until operators can read about it.
func TestDocsListEverySetting(t *testing.T) {
	doc, err := os.ReadFile("../../docs/configuration.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range Settings {
		row := "| `" + s.Env + "` | `--" + s.Flag + "` |"
		if !strings.Contains(string(doc), row) {
			t.Errorf("docs/configuration.md has no row starting %q", row)
		}
	}
}
