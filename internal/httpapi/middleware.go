package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/media"
	"wayfinder/internal/messages"
)

type requestIDKey struct{}

// RequestID returns the id of the request being served, or "" outside one.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// withRequestID gives every request an id: a well-formed X-Request-Id from the load balancer is
// kept so one id follows the request across systems; otherwise a new one is made.
func withRequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if !validRequestID(id) {
			var b [12]byte
			_, _ = rand.Read(b[:])
			id = hex.EncodeToString(b[:])
		}
		w.Header().Set("X-Request-Id", id)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestIDKey{}, id)))
	})
}

func validRequestID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// LogHandler adds the request id to every log line written with a request's context.
type LogHandler struct{ slog.Handler }

func (h LogHandler) Handle(ctx context.Context, r slog.Record) error {
	if id := RequestID(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, r)
}

func (h LogHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return LogHandler{h.Handler.WithAttrs(attrs)}
}

func (h LogHandler) WithGroup(name string) slog.Handler { return LogHandler{h.Handler.WithGroup(name)} }

// statusRecorder remembers the status and size of a response for logs and metrics.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// observe logs one line per request and records its metrics. It logs the path without the query
// string, because a query string may carry a sign-in token, and never logs bodies, which may
// carry health answers. The route label is the matched pattern, so metrics stay low-cardinality.
func (s *server) observe(next http.Handler) http.Handler {
	m := s.metrics
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		m.inFlight.Inc()
		defer m.inFlight.Dec()
		if s.activity != nil {
			s.activity.Begin()
			defer s.activity.End()
		}
		next.ServeHTTP(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		elapsed := time.Since(start)
		route := r.Pattern
		if route == "" {
			route = "unmatched"
		}
		method := methodLabel(r.Method)
		m.requests.WithLabelValues(method, route, strconv.Itoa(rec.status)).Inc()
		m.duration.WithLabelValues(method, route).Observe(elapsed.Seconds())
		level := slog.LevelInfo
		switch {
		case rec.status >= 500:
			level = slog.LevelError
		case r.URL.Path == "/healthz" || r.URL.Path == "/readyz":
			// A balancer probes every replica several times a second: its answers would drown the log.
			level = slog.LevelDebug
		}
		s.log.Log(r.Context(), level, "request",
			"method", r.Method, "path", r.URL.Path, "route", route, "status", rec.status,
			"bytes", rec.bytes, "duration_ms", float64(elapsed.Microseconds())/1000)
	})
}

// recoverPanics turns a panic into a logged 500 with no detail for the caller.
func (s *server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.ErrorContext(r.Context(), "panic", "value", v, "stack", string(debug.Stack()))
				s.writeError(w, r, apperr.Internalf("panic"))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// contentSecurityPolicy allows our own origin plus exactly what the Vimeo player needs, and the
// origins the operator named for coaches' pictures, videos and captions (mediaOrigins, already
// checked to be bare https origins); no inline scripts but the app's own, each allowed by its hash
// (scriptHashes, see inlineScriptHashes), and no framing of our pages.
// Stripe needs nothing here: checkout is Stripe's hosted page, which the browser is sent to, and no
// Stripe script runs on ours.
func contentSecurityPolicy(mediaOrigins, scriptHashes []string) string {
	extra := ""
	for _, o := range mediaOrigins {
		extra += " " + o
	}
	scripts := ""
	for _, h := range scriptHashes {
		scripts += " " + h
	}
	return "default-src 'self'; " +
		"script-src 'self'" + scripts + " https://player.vimeo.com; " +
		"style-src 'self'; " +
		"img-src 'self' data: https://i.vimeocdn.com" + extra + "; " +
		"media-src 'self' https://*.vimeocdn.com" + extra + "; " +
		"font-src 'self'; " +
		"connect-src 'self'; " +
		"frame-src https://player.vimeo.com; " +
		"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
}

// allowStyleAttributes extends a policy's style-src with the hashes of a page's style attributes,
// which 'unsafe-hashes' limits to exactly those attributes: a step's first frame draws its progress
// bar's share with one (first_frame.go). Nothing else on any page has one.
func allowStyleAttributes(policy string, hashes []string) string {
	if len(hashes) == 0 {
		return policy
	}
	return strings.Replace(policy, "style-src 'self';", "style-src 'self' 'unsafe-hashes' "+strings.Join(hashes, " ")+";", 1)
}

// securityHeaders sets the headers every response carries. HSTS is sent only when members reach
// us over TLS, since a browser would otherwise refuse a plain-HTTP development server for a year.
func securityHeaders(secure bool, mediaOrigins, scriptHashes []string, next http.Handler) http.Handler {
	csp := contentSecurityPolicy(mediaOrigins, scriptHashes)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()")
		if secure || r.TLS != nil {
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		if isAPIPath(r.URL.Path) || r.URL.Path == "/healthz" || r.URL.Path == "/readyz" || r.URL.Path == "/metrics" {
			h.Set("Cache-Control", "no-store")
		}
		next.ServeHTTP(w, r)
	})
}

func isAPIPath(p string) bool { return p == "/api" || strings.HasPrefix(p, "/api/") }

// limitBody caps every request body: at the configured limit, or for an image upload at the
// upload's own. A declared length over the limit is refused before any byte is read; a body that
// only turns out too long while streaming fails in decodeJSON or readImage.
func (s *server) limitBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		limit := s.bodyLimit
		if acceptsImage(r) {
			limit = max(limit, media.MaxUploadBytes)
		}
		if r.ContentLength > limit {
			s.writeError(w, r, apperr.E(apperr.TooLarge, msgBodyTooLarge, messages.Params{"limit": limit}))
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		next.ServeHTTP(w, r)
	})
}

// jsonOnly refuses API writes whose body is not JSON, but for image uploads, whose handlers
// check the image's type. Together with cross-origin protection this means a form on another site
// can never post to the API.
func (s *server) jsonOnly(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isAPIPath(r.URL.Path) && hasBody(r) && !acceptsImage(r) {
			if err := requireJSON(r); err != nil {
				s.writeError(w, r, err)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

func hasBody(r *http.Request) bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return r.ContentLength != 0
}

// crossOriginProtection rejects unsafe requests that a browser marks as cross-site, answering in
// the API's problem format.
func (s *server) crossOriginProtection(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.writeError(w, r, apperr.E(apperr.Forbidden, msgCrossOrigin))
	}))
	return cop.Handler(next)
}
