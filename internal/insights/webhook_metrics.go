package insights

import "github.com/prometheus/client_golang/prometheus"

// WebhookMetrics are the webhook worker's Prometheus series, labelled by outcome only: never an
// address, an endpoint or an event, which would make a series per receiver or per member.
type WebhookMetrics struct {
	attempts *prometheus.CounterVec
}

// The outcomes of an attempt, the label's only values.
const (
	outcomeDelivered = "delivered" // the endpoint answered 2xx
	outcomeRetrying  = "retrying"  // it failed and will be tried again
	outcomeGivenUp   = "given_up"  // it failed and the delivery was given up
)

// NewWebhookMetrics registers the webhook series on reg, each outcome starting at zero so that
// alerts on a rate see a series from the start.
func NewWebhookMetrics(reg prometheus.Registerer) *WebhookMetrics {
	m := &WebhookMetrics{attempts: prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "wayfinder_webhook_attempts_total",
		Help: "Attempts to deliver a webhook, by outcome: delivered, retrying (failed, tried again later) or given_up (failed for three days).",
	}, []string{"outcome"})}
	reg.MustRegister(m.attempts)
	for _, o := range []string{outcomeDelivered, outcomeRetrying, outcomeGivenUp} {
		m.attempts.WithLabelValues(o)
	}
	return m
}

// count adds an attempt that left its delivery in status s.
func (m *WebhookMetrics) count(s DeliveryStatus) {
	if m == nil {
		return
	}
	switch s {
	case DeliveryDelivered:
		m.attempts.WithLabelValues(outcomeDelivered).Inc()
	case DeliveryFailed:
		m.attempts.WithLabelValues(outcomeGivenUp).Inc()
	default:
		m.attempts.WithLabelValues(outcomeRetrying).Inc()
	}
}
