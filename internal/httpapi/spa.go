package httpapi

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"io/fs"
	"net/http"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// RuntimeConfig is what the app needs before its first paint. It is rendered into index.html as a
// JSON script tag, so the app makes no extra request to learn it.
type RuntimeConfig struct {
	BrandName   string `json:"brandName"`
	AppStoreURL string `json:"appStoreUrl"`
	// AccountURL is where a signed-in member changes their password or signs out everywhere: the
	// embedded provider's account page; empty with an external provider, which has its own.
	AccountURL string `json:"accountUrl"`
	// PaymentEnabled is set per request, by the payment variant (Deps.Payment).
	PaymentEnabled bool            `json:"paymentEnabled"`
	Features       map[string]bool `json:"features"`
}

// spa serves the built React app: real files with their cache rules and pre-compressed variants,
// and index.html for every other path, so deep links such as /account/meet-your-coach work.
type spa struct {
	files    fs.FS
	variants map[string]encodings // what pre-compressed copies each file has
	// index is index.html with the runtime config in it, once without payment and once with, as the
	// payment variant differs between the hostnames one server answers.
	index [2]indexPage
	// home is the home page that paints before the app's code has run (web/scripts/first-frame.mjs),
	// in the same two variants; nil when the build has none, and index serves.
	home *[2]indexPage
	// steps are the survey steps' first frames (first_frame.go); nil when the build has none.
	steps *stepFrames
	// cfg is the runtime config the pages carry, but for the payment variant.
	cfg RuntimeConfig
	// scriptHashes are the Content-Security-Policy sources of the pages' inline scripts.
	scriptHashes []string
	payment      func(host string) bool
	// manifest is Vite's build manifest (.vite/manifest.json), by source module; nil without one.
	manifest map[string]manifestChunk
}

// manifestChunk is one entry of Vite's build manifest: a chunk's file, its name, the chunks it
// imports (by their keys) and its stylesheets.
type manifestChunk struct {
	File    string   `json:"file"`
	Name    string   `json:"name"`
	Imports []string `json:"imports"`
	CSS     []string `json:"css"`
	IsEntry bool     `json:"isEntry"`
}

// indexPage is one rendering of index.html.
type indexPage struct {
	body, gzip []byte
	etag       string
	headEnd    int // where </head> begins in body
}

type encodings struct{ br, gzip bool }

func newSPA(files fs.FS, cfg RuntimeConfig, payment func(host string) bool) (*spa, error) {
	raw, err := fs.ReadFile(files, "index.html")
	if err != nil {
		return nil, fmt.Errorf("the web app has no index.html: %w", err)
	}
	if cfg.Features == nil {
		cfg.Features = map[string]bool{}
	}
	if payment == nil {
		payment = func(string) bool { return false }
	}
	s := &spa{files: files, variants: map[string]encodings{}, payment: payment, cfg: cfg}
	if raw, err := fs.ReadFile(files, ".vite/manifest.json"); err == nil {
		if err := json.Unmarshal(raw, &s.manifest); err != nil {
			return nil, fmt.Errorf("the web app's build manifest: %w", err)
		}
	}
	home, err := fs.ReadFile(files, homePageFile)
	if err == nil {
		s.home = &[2]indexPage{}
	}
	for i, on := range []bool{false, true} {
		cfg.PaymentEnabled = on
		if s.index[i], err = renderIndex(raw, cfg); err != nil {
			return nil, err
		}
		if s.home != nil {
			if s.home[i], err = renderIndex(home, cfg); err != nil {
				return nil, err
			}
		}
	}
	s.scriptHashes = inlineScriptHashes(raw, home)
	err = fs.WalkDir(files, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch {
		case strings.HasSuffix(name, ".br"):
			e := s.variants[strings.TrimSuffix(name, ".br")]
			e.br = true
			s.variants[strings.TrimSuffix(name, ".br")] = e
		case strings.HasSuffix(name, ".gz"):
			e := s.variants[strings.TrimSuffix(name, ".gz")]
			e.gzip = true
			s.variants[strings.TrimSuffix(name, ".gz")] = e
		}
		return nil
	})
	return s, err
}

// homePageFile is the home page written by web/scripts/first-frame.mjs. Its folder's name starts
// with a dot, so ServeHTTP never sends it as a file.
const homePageFile = ".first-frame/home.html"

// brandMarker stands for the brand name in a page rendered at build time: BRAND in
// web/src/first-frame/render.tsx.
const brandMarker = "\u2060brand\u2060"

// renderIndex renders a page of the app that is the same for everyone (index.html, or the home
// page; see withRuntimeConfig) and compresses it once, for the caches that may keep it.
func renderIndex(raw []byte, cfg RuntimeConfig) (indexPage, error) {
	page, err := withRuntimeConfig(raw, cfg)
	if err != nil {
		return indexPage{}, err
	}
	var zipped bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&zipped, gzip.BestCompression)
	_, _ = zw.Write(page.body)
	_ = zw.Close()
	sum := sha256.Sum256(page.body)
	page.gzip, page.etag = zipped.Bytes(), `"`+hex.EncodeToString(sum[:8])+`"`
	return page, nil
}

// withRuntimeConfig puts the runtime config into a page of the app as a JSON script tag, and the
// brand name in place of brandMarker.
func withRuntimeConfig(raw []byte, cfg RuntimeConfig) (indexPage, error) {
	raw = bytes.ReplaceAll(raw, []byte(brandMarker), []byte(html.EscapeString(cfg.BrandName)))
	// json.Marshal escapes <, > and &, so no value can close the script tag early.
	data, err := json.Marshal(cfg)
	if err != nil {
		return indexPage{}, err
	}
	tag := `<script id="runtime-config" type="application/json">` + string(data) + `</script>`
	i := bytes.Index(raw, []byte("</head>"))
	if i < 0 {
		return indexPage{}, errors.New("the web app's index.html has no </head>")
	}
	index := append(append(append([]byte{}, raw[:i]...), tag...), raw[i:]...)
	return indexPage{body: index, headEnd: i + len(tag)}, nil
}

// chunkFiles returns the files of the given chunks and of everything they import: their scripts
// and their stylesheets. A chunk is named by its source module (a key of the manifest) or, for a
// group of modules vite.config.ts puts in one file, by the group's name. The entry's own files,
// which the page loads anyway, are left out, and so are chunks the manifest does not know (a build
// without a manifest, a module renamed): they only lose the head start.
func (s *spa) chunkFiles(chunks ...string) (scripts, styles []string) {
	keyOf := map[string]string{}
	for key, c := range s.manifest {
		if strings.HasPrefix(key, "_") && c.Name != "" && !strings.HasSuffix(key, ".css") {
			keyOf[c.Name] = key
		}
	}
	seen := map[string]bool{}
	var visit func(key string)
	visit = func(key string) {
		c, ok := s.manifest[key]
		if !ok || c.IsEntry || seen[key] {
			return
		}
		seen[key] = true
		for _, css := range c.CSS {
			if !seen[css] {
				seen[css] = true
				styles = append(styles, "/"+css)
			}
		}
		scripts = append(scripts, "/"+c.File)
		for _, imp := range c.Imports {
			visit(imp)
		}
	}
	for _, chunk := range chunks {
		if key, ok := keyOf[chunk]; ok {
			chunk = key
		}
		visit(chunk)
	}
	return scripts, styles
}

// preloadTags returns the tags that have the browser fetch the code of the given chunks (see
// chunkFiles) alongside the main script rather than after it: a stylesheet link for each
// stylesheet, a modulepreload for each script.
func (s *spa) preloadTags(chunks ...string) string {
	scripts, styles := s.chunkFiles(chunks...)
	var b strings.Builder
	b.WriteString(stylesheetLinks(styles))
	for _, js := range scripts {
		b.WriteString(`<link rel="modulepreload" crossorigin href="` + html.EscapeString(js) + `">`)
	}
	return b.String()
}

// stylesheetLinks returns a stylesheet link for each of the given stylesheets.
func stylesheetLinks(styles []string) string {
	var b strings.Builder
	for _, css := range styles {
		b.WriteString(`<link rel="stylesheet" crossorigin href="` + html.EscapeString(css) + `">`)
	}
	return b.String()
}

func (s *spa) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" && s.home != nil {
		s.serveIndex(w, r, *s.home)
		return
	}
	if name == "" || name == "index.html" {
		s.serveIndex(w, r, s.index)
		return
	}
	info, err := fs.Stat(s.files, name)
	// The build's own notes (.vite/manifest.json) are for this server, not for browsers.
	if err != nil || info.IsDir() || strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") || strings.HasPrefix(name, ".") {
		// A missing file with an extension, or anything under assets/, is a real miss: answering it
		// with index.html would hand a browser HTML where it expects a script or an image.
		if path.Ext(name) != "" || strings.HasPrefix(name, "assets/") {
			http.Error(w, "Not Found", http.StatusNotFound)
			return
		}
		s.serveIndex(w, r, s.index)
		return
	}
	if strings.HasPrefix(name, "assets/") {
		// Vite puts a content hash in every name under assets/, so these never change.
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "public, max-age=3600")
	}
	served := name
	if v, ok := s.variants[name]; ok {
		w.Header().Add("Vary", "Accept-Encoding")
		switch accept := r.Header.Get("Accept-Encoding"); {
		case v.br && accepts(accept, "br"):
			served = name + ".br"
			w.Header().Set("Content-Encoding", "br")
		case v.gzip && accepts(accept, "gzip"):
			served = name + ".gz"
			w.Header().Set("Content-Encoding", "gzip")
		}
	}
	f, err := s.files.Open(served)
	if err != nil {
		http.Error(w, "Not Found", http.StatusNotFound)
		return
	}
	defer f.Close()
	content, ok := f.(io.ReadSeeker)
	if !ok {
		http.Error(w, "Internal Server Error", http.StatusInternalServerError)
		return
	}
	// ServeContent takes the type from the original name, not the .br one.
	http.ServeContent(w, r, name, time.Time{}, content)
}

// variant is which of a page's two renderings, without payment (0) and with it (1), is for the
// request's host.
func (s *spa) variant(r *http.Request) int {
	if s.payment(r.Host) {
		return 1
	}
	return 0
}

// serveIndex answers with the app's page, index.html or the home page. It is revalidated on every
// visit so a new release is picked up at once, while its hashed assets stay cached.
func (s *spa) serveIndex(w http.ResponseWriter, r *http.Request, pages [2]indexPage) {
	page := pages[s.variant(r)]
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Encoding")
	h.Set("ETag", page.etag)
	h.Set("Content-Type", "text/html; charset=utf-8")
	if inm := r.Header.Get("If-None-Match"); inm != "" && strings.Contains(inm, page.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := page.body
	if accepts(r.Header.Get("Accept-Encoding"), "gzip") {
		body = page.gzip
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(body)
}

// serveIndexWith answers with the app's page with head added at the end of its <head>, for one
// member (writeMemberPage).
func (s *spa) serveIndexWith(w http.ResponseWriter, r *http.Request, head string) {
	page := s.index[s.variant(r)]
	body := make([]byte, 0, len(page.body)+len(head))
	body = append(append(append(body, page.body[:page.headEnd]...), head...), page.body[page.headEnd:]...)
	writeMemberPage(w, r, body)
}

// writeMemberPage answers with a page made for one member, which no cache may keep. The
// compression middleware compresses it.
func writeMemberPage(w http.ResponseWriter, r *http.Request, body []byte) {
	h := w.Header()
	h.Set("Cache-Control", "private, no-store")
	h.Set("Vary", "Cookie")
	h.Set("Content-Type", "text/html; charset=utf-8")
	if r.Method == http.MethodHead {
		h.Set("Content-Length", strconv.Itoa(len(body)))
		return
	}
	_, _ = w.Write(body)
}

// accepts reports whether an Accept-Encoding header allows coding, honouring q=0 refusals.
func accepts(header, coding string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), coding) {
			continue
		}
		q := strings.TrimSpace(params)
		if strings.HasPrefix(q, "q=") {
			f, err := strconv.ParseFloat(strings.TrimPrefix(q, "q="), 64)
			return err == nil && f > 0
		}
		return true
	}
	return false
}

// inlineScript finds a page's script elements: their attributes and their text.
var inlineScript = regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script>`)

// inlineScriptHashes returns the Content-Security-Policy sources ('sha256-…') that allow exactly
// the inline scripts of the given pages to run: the colour scheme's in index.html, and the one
// that starts the app on the home page. Scripts with a src need none, and JSON data blocks are not
// run, so neither is listed.
func inlineScriptHashes(pages ...[]byte) []string {
	return addInlineScriptHashes(nil, pages...)
}

// addInlineScriptHashes adds to sources those of the given pages' inline scripts that it lacks
// (see inlineScriptHashes).
func addInlineScriptHashes(sources []string, pages ...[]byte) []string {
	for _, page := range pages {
		for _, m := range inlineScript.FindAllSubmatch(page, -1) {
			attrs := strings.ToLower(string(m[1]))
			if strings.Contains(attrs, "src=") || strings.Contains(attrs, "application/json") {
				continue
			}
			sources = addHashSource(sources, m[2])
		}
	}
	return sources
}

// addHashSource adds to sources the Content-Security-Policy source that allows exactly content
// ('sha256-…'), unless it is there already.
func addHashSource(sources []string, content []byte) []string {
	sum := sha256.Sum256(content)
	if source := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"; !slices.Contains(sources, source) {
		sources = append(sources, source)
	}
	return sources
}
