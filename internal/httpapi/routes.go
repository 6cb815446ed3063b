package httpapi

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// routes is the one list of every route the server answers.
func (s *server) routes(rt *router) {
	rt.handle("GET /healthz", s.healthz)
	rt.handle("GET /readyz", s.readyz)
	rt.handle("GET /metrics", promhttp.HandlerFor(s.gather, promhttp.HandlerOpts{}).ServeHTTP)

	// Any other /api/ path, with any method, is a JSON 404: never the app's index.html.
	rt.Handle("/api/", http.HandlerFunc(s.apiNotFound))

	// Everything else is the React app. It is registered without a method because "GET /" would
	// clash with the method-less "/api/" above; app answers other methods with a 405.
	rt.Handle("/", http.HandlerFunc(s.app))
}
