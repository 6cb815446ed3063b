package httpapi

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

type sample struct {
	Name  string   `json:"name"`
	Count int      `json:"count"`
	Tags  []string `json:"tags"`
}

// TestDecodeJSON drives decodeJSON behind the same middleware chain the real API uses.
func TestDecodeJSON(t *testing.T) {
	tests := []struct {
		name        string
		contentType string
		body        string
		wantStatus  int
		wantBody    []string
	}{
		{name: "valid", contentType: "application/json", body: `{"name":"a","count":2}`, wantStatus: 200, wantBody: []string{`"name":"a"`}},
		{name: "valid with charset", contentType: "application/json; charset=utf-8", body: `{"name":"a"}`, wantStatus: 200},
		{name: "malformed", contentType: "application/json", body: `{"name":`, wantStatus: 400, wantBody: []string{"not valid JSON"}},
		{name: "syntax error", contentType: "application/json", body: `{"name" "a"}`, wantStatus: 400, wantBody: []string{"not valid JSON (at byte"}},
		{name: "empty", contentType: "application/json", body: ``, wantStatus: 400, wantBody: []string{"body is empty"}},
		{name: "wrong type", contentType: "application/json", body: `{"count":"two"}`, wantStatus: 400, wantBody: []string{`"field":"count"`, "must be a number, not a JSON string"}},
		{name: "wrong list type", contentType: "application/json", body: `{"tags":"x"}`, wantStatus: 400, wantBody: []string{`"field":"tags"`, "must be a list"}},
		{name: "not an object", contentType: "application/json", body: `[1]`, wantStatus: 400, wantBody: []string{"must be a JSON object"}},
		{name: "a field name in another case", contentType: "application/json", body: `{"NAME":"a"}`, wantStatus: 400, wantBody: []string{`"field":"NAME"`, "not a known field"}},
		{name: "a field twice", contentType: "application/json", body: `{"name":"a","name":"b"}`, wantStatus: 400, wantBody: []string{`"field":"name"`, "more than once"}},
		{name: "invalid UTF-8", contentType: "application/json", body: "{\"name\":\"a\xff\"}", wantStatus: 400, wantBody: []string{`"field":"name"`, "not valid JSON text"}},
		{name: "a lone surrogate", contentType: "application/json", body: `{"name":"\udc00"}`, wantStatus: 400, wantBody: []string{`"field":"name"`}},
		{name: "a wrong type deep inside", contentType: "application/json", body: `{"tags":["a",2]}`, wantStatus: 400, wantBody: []string{`"field":"tags[1]"`, "must be a string, not a JSON number"}},
		{name: "whitespace only", contentType: "application/json", body: "  \n", wantStatus: 400, wantBody: []string{"body is empty"}},
		{name: "unknown field", contentType: "application/json", body: `{"name":"a","admin":true}`, wantStatus: 400, wantBody: []string{`"field":"admin"`, "not a known field"}},
		{name: "two values", contentType: "application/json", body: `{"name":"a"}{"name":"b"}`, wantStatus: 400, wantBody: []string{"single JSON value"}},
		{name: "wrong content type", contentType: "text/plain", body: `{"name":"a"}`, wantStatus: 415, wantBody: []string{"Content-Type: application/json"}},
		{name: "streamed body over the limit", contentType: "application/json", body: `{"name":"` + strings.Repeat("x", 3000) + `"}`, wantStatus: 413, wantBody: []string{"larger than 2048 bytes"}},
	}
	logs := &bytes.Buffer{}
	s := &server{log: slog.New(slog.NewJSONHandler(logs, nil))}
	echo := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var v sample
		if err := decodeJSON(r, &v); err != nil {
			s.writeError(w, r, err)
			return
		}
		writeJSON(w, 200, v)
	})
	s.bodyLimit = 2048
	h := s.jsonOnly(s.limitBody(echo))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("PUT", "/api/sample", strings.NewReader(tt.body))
			r.ContentLength = -1 // as a chunked upload: the limit must hold while streaming too
			if tt.body == "" {
				r.ContentLength = 0
			}
			r.Header.Set("Content-Type", tt.contentType)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if got, want := w.Code, tt.wantStatus; got != want {
				t.Fatalf("status = %d, want %d; body %s", got, want, w.Body.String())
			}
			if tt.wantStatus >= 400 && w.Header().Get("Content-Type") != "application/problem+json" {
				t.Errorf("Content-Type = %q, want application/problem+json", w.Header().Get("Content-Type"))
			}
			for _, want := range tt.wantBody {
				if !strings.Contains(w.Body.String(), want) {
					t.Errorf("body %q does not contain %q", w.Body.String(), want)
				}
			}
		})
	}
	if strings.Contains(logs.String(), "ERROR") {
		t.Errorf("bad input was logged at error level: %s", logs.String())
	}
}
