package httpapi

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
)

// Metrics are the HTTP server's Prometheus series. Labels are the method (from a fixed set), the
// matched route pattern and the status code: never a raw path, which could hold ids, and never
// anything a client chooses freely, which could make series without end. The business series
// count what members did (a step reached by its public slug, a coach chosen, a checkout started, a
// payment event), never what they answered.
type Metrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	inFlight prometheus.Gauge

	surveySteps   *prometheus.CounterVec
	coachChoices  prometheus.Counter
	checkouts     prometheus.Counter
	paymentEvents *prometheus.CounterVec
}

// NewMetrics registers the HTTP and business series on reg.
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
		surveySteps: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "wayfinder_survey_steps_total",
			Help: "Survey steps members moved on from (saved with Next), by the step's slug.",
		}, []string{"slug"}),
		coachChoices: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "wayfinder_coach_choices_total",
			Help: "Coaches chosen or switched to by members.",
		}),
		checkouts: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "wayfinder_checkouts_total",
			Help: "Checkouts started: members sent to pay for a plan.",
		}),
		paymentEvents: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "wayfinder_payment_events_total",
			Help: "Verified events from the payment provider, by what they did: applied (a payment state changed), unchanged, replayed, not_handled, unknown_member.",
		}, []string{"outcome"}),
	}
	reg.MustRegister(m.requests, m.duration, m.inFlight, m.surveySteps, m.coachChoices, m.checkouts, m.paymentEvents)
	return m
}

// methods are the request methods the method label takes as they are; any other is "other".
var methods = map[string]bool{
	http.MethodGet: true, http.MethodHead: true, http.MethodPost: true, http.MethodPut: true,
	http.MethodPatch: true, http.MethodDelete: true, http.MethodOptions: true,
}

// methodLabel bounds the method label: a client can send any word as its method.
func methodLabel(method string) string {
	if methods[method] {
		return method
	}
	return "other"
}
