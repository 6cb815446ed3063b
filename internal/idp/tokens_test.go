package idp

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// cssTokens reads the custom properties a stylesheet declares, for the light scheme (before its
// dark-scheme media query) and the dark one (inside it).
func cssTokens(t *testing.T, path string) (light, dark map[string]string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lightCSS, darkCSS, _ := strings.Cut(string(b), "@media (prefers-color-scheme: dark)")
	decl := regexp.MustCompile(`(--[\w-]+)\s*:\s*([^;]+);`)
	read := func(css string) map[string]string {
		m := map[string]string{}
		for _, d := range decl.FindAllStringSubmatch(css, -1) {
			if _, seen := m[d[1]]; !seen {
				m[d[1]] = strings.Join(strings.Fields(d[2]), " ")
			}
		}
		return m
	}
	return read(lightCSS), read(darkCSS)
}

// TestPagesShareTheAppsTokens keeps the hosted sign-in pages in the app's look: every design
// token the pages' stylesheet declares must have the app's value, in both colour schemes. The
// pages carry their own copy because they are served without the app's bundle.
func TestPagesShareTheAppsTokens(t *testing.T) {
	appLight, appDark := cssTokens(t, "../../web/src/styles/tokens.css")
	pageLight, pageDark := cssTokens(t, "static/idp.css")
	if len(pageLight) < 20 {
		t.Fatalf("found only %d tokens in the pages' stylesheet", len(pageLight))
	}
	for _, scheme := range []struct {
		name      string
		app, page map[string]string
	}{{"light", appLight, pageLight}, {"dark", appDark, pageDark}} {
		for name, got := range scheme.page {
			want, ok := scheme.app[name]
			if !ok {
				continue // a token of the pages' own, such as a form detail the app has no use for
			}
			if got != want {
				t.Errorf("%s scheme: %s is %q in the sign-in pages, want the app's %q", scheme.name, name, got, want)
			}
		}
	}
}
