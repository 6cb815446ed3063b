package httpapi

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"net/http"
	"slices"
	"strings"
	"sync"
)

// openAPIDocument describes the JSON API under /api/: every route of routes.go, its requests and its
// answers. The scenario tests check every request and answer they make against it, and the app's
// TypeScript types are generated from it (web/src/lib/api-schema.ts).
//
//go:embed openapi.json
var openAPIDocument []byte

// document is a JSON document the API serves as it is (the survey definition, the OpenAPI
// document): kept encoded, since it never changes while the binary runs, with a strong ETag so a
// client revalidates it for the price of a 304.
type document struct {
	body         []byte
	gzipped      func() []byte // compressed once, when first asked for, so start-up does no compressing
	etag         string
	cacheControl string
}

func newDocument(body []byte, cacheControl string) *document {
	sum := sha256.Sum256(body)
	return &document{body: body, gzipped: sync.OnceValue(func() []byte { return gzipBytes(body) }),
		etag: `"` + hex.EncodeToString(sum[:16]) + `"`, cacheControl: cacheControl}
}

// ServeHTTP answers the document, or 304 when If-None-Match names it. Cache-Control is set here,
// after securityHeaders has set no-store on /api, so these responses alone may be kept.
//
// A client that accepts gzip gets the copy compressed the first time one asked, so a document
// served to every member (the survey definition) costs no compression per request. Its ETag has a
// suffix, as a compressed representation's must differ (RFC 9110 §8.8.3); either tag revalidates.
func (d *document) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	body, etag := d.body, d.etag
	if !slices.Contains(h.Values("Vary"), "Accept-Encoding") { // the compression middleware may have said so
		h.Add("Vary", "Accept-Encoding")
	}
	if acceptsGzip(r) {
		body, etag = d.gzipped(), strings.TrimSuffix(d.etag, `"`)+`-gzip"`
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("ETag", etag)
	h.Set("Cache-Control", d.cacheControl)
	inm := r.Header.Get("If-None-Match")
	if etagMatches(inm, d.etag) || etagMatches(inm, strings.TrimSuffix(d.etag, `"`)+`-gzip"`) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// etagMatches applies If-None-Match's weak comparison (RFC 9110 §13.1.2): any listed tag, with or
// without W/, or *.
func etagMatches(header, etag string) bool {
	for _, tag := range strings.Split(header, ",") {
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		if tag == "*" || tag == etag {
			return true
		}
	}
	return false
}
