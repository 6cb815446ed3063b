package httpapi

import "github.com/prometheus/client_golang/prometheus"

// Metrics are the HTTP server's Prometheus series. Labels are the method, the matched route
// pattern and the status code: never a raw path, which could hold ids, and never answers.
type Metrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	inFlight prometheus.Gauge
}

// NewMetrics registers the HTTP series on reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "wayfinder_http_requests_total",
			Help: "HTTP requests answered, by method, route pattern and status code.",
		}, []string{"method", "route", "code"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "wayfinder_http_request_duration_seconds",
			Help:    "Time to answer HTTP requests, by method and route pattern.",
			Buckets: []float64{.001, .0025, .005, .01, .02, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"method", "route"}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "wayfinder_http_requests_in_flight",
			Help: "HTTP requests being answered now.",
		}),
	}
	reg.MustRegister(m.requests, m.duration, m.inFlight)
	return m
}
