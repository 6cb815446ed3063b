package httpapi

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

// The pages of a build with a home page that paints before the app (web/scripts/first-frame.mjs):
// index.html applies the colour scheme inline, and the home page starts the app inline too.
const (
	colorSchemeScript = `document.documentElement.dataset.colorScheme = 'light';`
	startScript       = `const start = () => import("/assets/index-abc123.js"); start();`
	builtIndex        = `<!doctype html><html><head><script>` + colorSchemeScript + `</script>` +
		`<script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`
	builtHome = `<!doctype html><html><head><script>` + colorSchemeScript + `</script></head><body>` +
		`<div id="root"><a aria-label="` + brandMarker + ` home" href="/">` + brandMarker + `</a><h1>Welcome</h1></div>` +
		`<script type="module">` + startScript + `</script></body></html>`
)

func homeTestHandler(t *testing.T, brand string) http.Handler {
	t.Helper()
	files := fstest.MapFS{
		"index.html":     {Data: []byte(builtIndex)},
		homePageFile:     {Data: []byte(builtHome)},
		"assets/app.css": {Data: []byte("body{}")},
	}
	app, err := newSPA(files, RuntimeConfig{BrandName: brand}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return securityHeaders(false, nil, app.scriptHashes, app)
}

func TestHomePageArrivesReadyToPaint(t *testing.T) {
	h := homeTestHandler(t, `Tom & Jerry's <Coaching>`)
	get := func(target string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, target, nil))
		return w
	}

	home := get("/")
	body := home.Body.String()
	if home.Code != http.StatusOK || home.Header().Get("Cache-Control") != "no-cache" {
		t.Fatalf("GET / = %d, Cache-Control %q; want 200 and no-cache", home.Code, home.Header().Get("Cache-Control"))
	}
	for _, want := range []string{
		`<h1>Welcome</h1>`,
		`aria-label="Tom &amp; Jerry&#39;s &lt;Coaching&gt; home"`,
		`>Tom &amp; Jerry&#39;s &lt;Coaching&gt;</a>`,
		`id="runtime-config"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the home page lacks %q: %s", want, body)
		}
	}
	if strings.Contains(body, brandMarker) {
		t.Errorf("the home page still holds the brand's marker: %s", body)
	}

	// The file as built, with the marker, is never sent.
	if w := get("/" + homePageFile); w.Code != http.StatusNotFound || strings.Contains(w.Body.String(), brandMarker) {
		t.Errorf("GET /%s = %d %s, want 404", homePageFile, w.Code, w.Body.String())
	}
	// Every other address gets the plain page.
	for _, target := range []string{"/index.html", "/account/meet-your-coach"} {
		w := get(target)
		if w.Code != http.StatusOK || strings.Contains(w.Body.String(), "<h1>") || !strings.Contains(w.Body.String(), `<div id="root"></div>`) {
			t.Errorf("GET %s = %d %s, want the plain page with an empty root", target, w.Code, w.Body.String())
		}
		if w.Header().Get("ETag") == home.Header().Get("ETag") {
			t.Errorf("GET %s has the home page's ETag %s", target, w.Header().Get("ETag"))
		}
	}

	// Both inline scripts may run, by their hashes, and nothing else inline.
	csp := home.Header().Get("Content-Security-Policy")
	scriptSrc := ""
	for _, directive := range strings.Split(csp, ";") {
		if d := strings.TrimSpace(directive); strings.HasPrefix(d, "script-src ") {
			scriptSrc = d
		}
	}
	var want []string
	for _, script := range []string{colorSchemeScript, startScript} {
		sum := sha256.Sum256([]byte(script))
		want = append(want, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	if got, wantDirective := scriptSrc, "script-src 'self' "+strings.Join(want, " ")+" https://player.vimeo.com"; got != wantDirective {
		t.Errorf("script-src = %q, want %q", got, wantDirective)
	}
	if strings.Contains(csp, "unsafe-inline") {
		t.Errorf("Content-Security-Policy = %q, want no unsafe-inline", csp)
	}
}

func TestInlineScriptHashesLeaveOutFilesAndData(t *testing.T) {
	page := []byte(`<script src="/a.js"></script><script type="module" crossorigin src="/b.js"></script>` +
		`<script id="runtime-config" type="application/json">{"a":1}</script>` +
		`<SCRIPT>run()</SCRIPT><script>run()</script>`)
	sum := sha256.Sum256([]byte("run()"))
	got := inlineScriptHashes(page, nil)
	if want := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"; len(got) != 1 || got[0] != want {
		t.Errorf("inlineScriptHashes = %v, want only %s, once", got, want)
	}
}
