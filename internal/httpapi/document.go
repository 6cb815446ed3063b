package httpapi

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"net/http"
	"strings"
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
	etag         string
	cacheControl string
}

func newDocument(body []byte, cacheControl string) *document {
	sum := sha256.Sum256(body)
	return &document{body: body, etag: `"` + hex.EncodeToString(sum[:16]) + `"`, cacheControl: cacheControl}
}

// ServeHTTP answers the document, or 304 when If-None-Match names it. Cache-Control is set here,
// after securityHeaders has set no-store on /api, so these responses alone may be kept.
func (d *document) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("ETag", d.etag)
	h.Set("Cache-Control", d.cacheControl)
	if etagMatches(r.Header.Get("If-None-Match"), d.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(d.body)
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
