package httpapi

import (
	"bytes"
	"net/http"
	"strings"

	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/gzip"
)

// compressed gzips API JSON and the app's HTML pages when the client accepts it and the answer is
// at least 1 KB, with klauspost/compress's maintained middleware. Answers that already carry an
// encoding (the app's precompressed files, the survey definition) pass as they are.
//
// BREACH needs a secret and text an attacker chose in one compressed answer that the attacker can
// see the size of. The sign-in pages (/idp/, /auth/) hold both, a sign-in flow's token beside the
// email typed, so they are never compressed. The API's answers carry a member's data only to that
// member's own session, whose cookie is SameSite=Lax and so absent from another site's requests,
// or to a bearer token an attacker's page cannot send.
func compressed(next http.Handler) http.Handler {
	wrap, err := gzhttp.NewWrapper(
		gzhttp.MinSize(1024),
		gzhttp.ContentTypes([]string{"application/json", "application/problem+json", "text/html"}),
		gzhttp.EnableZstd(false),
		gzhttp.SuffixETag("-gzip"),
	)
	if err != nil {
		// NewWrapper fails only for invalid options, and these are constant valid ones.
		panic(err)
	}
	gz := wrap(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/idp/") || strings.HasPrefix(r.URL.Path, "/auth/") {
			next.ServeHTTP(w, r)
			return
		}
		gz.ServeHTTP(w, r)
	})
}

// gzipBytes compresses b once, for a document served many times. The default level: the best one
// saves about 4% more on the survey definition and costs over a megabyte of memory to run.
func gzipBytes(b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.DefaultCompression) // a valid constant level never fails
	_, _ = zw.Write(b)
	_ = zw.Close()
	return buf.Bytes()
}

// acceptsGzip reports whether the request's Accept-Encoding takes gzip (and does not refuse it
// with q=0).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") || strings.TrimSpace(name) == "*" {
			q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}
