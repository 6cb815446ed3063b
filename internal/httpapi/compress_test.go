package httpapi

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func gunzip(t *testing.T, b []byte) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestCompression wants API JSON and pages of 1 KB or more gzipped for clients that take it, and
// nothing else: not small answers, not other types, not answers already encoded, and never the
// sign-in pages, which hold a secret beside what the visitor typed (BREACH).
func TestCompression(t *testing.T) {
	big := `{"items":"` + strings.Repeat("steady steps ", 200) + `"}`
	tests := []struct {
		name, path, contentType, body, acceptEncoding string
		preEncoded                                    bool
		wantGzip                                      bool
	}{
		{"API JSON", "/api/staff/members", "application/json", big, "gzip, deflate, br", false, true},
		{"a problem", "/api/x", "application/problem+json", big, "gzip", false, true},
		{"a page", "/how-you-identify", "text/html; charset=utf-8", big, "gzip", false, true},
		{"small JSON", "/api/user/me", "application/json", `{"me":{}}`, "gzip", false, false},
		{"a client without gzip", "/api/staff/members", "application/json", big, "", false, false},
		{"gzip refused", "/api/staff/members", "application/json", big, "gzip;q=0, identity", false, false},
		{"CSV", "/api/staff/android-waitlist/export", "text/csv", big, "gzip", false, false},
		{"a sign-in page", "/idp/login", "text/html; charset=utf-8", big, "gzip", false, false},
		{"the sign-in callback", "/auth/callback", "text/html; charset=utf-8", big, "gzip", false, false},
		{"already encoded", "/assets/index.js", "text/html", string(gzipBytes([]byte(big))), "gzip", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := compressed(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tt.contentType)
				if tt.preEncoded {
					w.Header().Set("Content-Encoding", "gzip")
				}
				_, _ = io.WriteString(w, tt.body)
			}))
			r := httptest.NewRequest("GET", tt.path, nil)
			if tt.acceptEncoding != "" {
				r.Header.Set("Accept-Encoding", tt.acceptEncoding)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			gotGzip := w.Header().Get("Content-Encoding") == "gzip"
			if gotGzip != tt.wantGzip {
				t.Fatalf("Content-Encoding = %q, want gzip %v", w.Header().Get("Content-Encoding"), tt.wantGzip)
			}
			want := tt.body
			if tt.preEncoded {
				want = big
			}
			got := w.Body.String()
			if gotGzip {
				got = gunzip(t, w.Body.Bytes())
			}
			if got != want {
				t.Errorf("the body read back differs from what the handler wrote")
			}
			if gotGzip && !tt.preEncoded && w.Body.Len() >= len(tt.body)/2 {
				t.Errorf("compressed to %d bytes from %d, want much smaller", w.Body.Len(), len(tt.body))
			}
		})
	}
}

// TestDefinitionServedPrecompressed wants the survey definition gzipped once and served as it is,
// with an ETag of its own that revalidates like the plain one.
func TestDefinitionServedPrecompressed(t *testing.T) {
	ts := newTestServer(t)
	plain := ts.do("GET", "/api/onboarding/definition", nil, nil)
	gz := ts.do("GET", "/api/onboarding/definition", nil, map[string]string{"Accept-Encoding": "gzip"})
	if plain.Code != 200 || gz.Code != 200 || gz.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("GET definition = %d and %d (Content-Encoding %q), want 200s, the second gzipped", plain.Code, gz.Code, gz.Header().Get("Content-Encoding"))
	}
	if gunzip(t, gz.Body.Bytes()) != plain.Body.String() {
		t.Error("the gzipped definition is not the plain one")
	}
	if gz.Body.Len()*3 > plain.Body.Len() {
		t.Errorf("the definition is %d bytes gzipped, %d plain; want a third or less", gz.Body.Len(), plain.Body.Len())
	}
	pe, ge := plain.Header().Get("ETag"), gz.Header().Get("ETag")
	if pe == ge || !strings.HasSuffix(ge, `-gzip"`) {
		t.Errorf("ETags plain %s, gzipped %s; want them to differ, the second with -gzip", pe, ge)
	}
	for _, etag := range []string{pe, ge} {
		if w := ts.do("GET", "/api/onboarding/definition", nil, map[string]string{"Accept-Encoding": "gzip", "If-None-Match": etag}); w.Code != http.StatusNotModified {
			t.Errorf("If-None-Match %s = %d, want 304", etag, w.Code)
		}
	}
	if !strings.Contains(gz.Header().Get("Vary"), "Accept-Encoding") {
		t.Errorf("Vary = %q, want Accept-Encoding", gz.Header().Get("Vary"))
	}
}
