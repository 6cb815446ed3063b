package idp

import (
	"bytes"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"

	"wayfinder/web"
)

// TestPagesShareTheAppsDesign keeps the hosted sign-in pages in the app's look from one source:
// the served style sheet carries the app's own tokens and font faces, the pages' rules declare no
// token of their own and use only tokens the app defines, and the font the sheet names is the
// app's font file.
func TestPagesShareTheAppsDesign(t *testing.T) {
	t.Parallel()
	appTokens, err := fs.ReadFile(web.Design(), "tokens.css")
	if err != nil {
		t.Fatal(err)
	}
	appFont, err := fs.ReadFile(web.Design(), "fonts/"+fontFile)
	if err != nil {
		t.Fatal(err)
	}
	served := assets["idp.css"].body
	if !bytes.Contains(served, appTokens) {
		t.Error("the served style sheet does not carry the app's tokens.css")
	}
	if got := regexp.MustCompile(`(?m)^\s*--[\w-]+\s*:`).FindAll(pageCSS, -1); len(got) > 0 {
		t.Errorf("the pages' own rules declare tokens %q; declare them in web/src/styles/tokens.css", got)
	}
	declared := map[string]bool{}
	for _, m := range regexp.MustCompile(`(--[\w-]+)\s*:`).FindAllSubmatch(appTokens, -1) {
		declared[string(m[1])] = true
	}
	for _, m := range regexp.MustCompile(`var\((--[\w-]+)`).FindAllSubmatch(pageCSS, -1) {
		if !declared[string(m[1])] {
			t.Errorf("the pages use %s, which the app's tokens.css does not define", m[1])
		}
	}

	// The sheet names the font by its versioned URL, and that URL serves the app's font.
	fontURL := regexp.MustCompile(`url\('(` + regexp.QuoteMeta(fontFile) + `\?v=\w+)'\)`).FindSubmatch(served)
	if fontURL == nil {
		t.Fatalf("the served style sheet names no versioned %s", fontFile)
	}
	p := &Provider{}
	rec := httptest.NewRecorder()
	p.Static(rec, httptest.NewRequest(http.MethodGet, "/idp/static/"+string(fontURL[1]), nil))
	if rec.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), appFont) || rec.Header().Get("Content-Type") != "font/woff2" {
		t.Errorf("GET the sheet's font: %d %s, %d bytes; want the app's %d-byte font", rec.Code, rec.Header().Get("Content-Type"), rec.Body.Len(), len(appFont))
	}
	if cc := rec.Header().Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
		t.Errorf("the versioned font's Cache-Control = %q, want a year, immutable", cc)
	}
}
