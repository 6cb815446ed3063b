package mail

import "github.com/prometheus/client_golang/prometheus"

// Metrics are the outbox's Prometheus series, labelled by kind only: never an address, never a
// word of a message.
type Metrics struct {
	sentTotal     *prometheus.CounterVec
	failuresTotal *prometheus.CounterVec
	givenUpTotal  *prometheus.CounterVec
}

// NewMetrics registers the mail series on reg, each kind starting at zero so that alerts on a
// rate see a series from the start.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		sentTotal: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "wayfinder_mail_sent_total",
			Help: "Emails handed to the mail server (or, in demo mode, printed), by kind.",
		}, []string{"kind"}),
		failuresTotal: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "wayfinder_mail_failures_total",
			Help: "Attempts to send an email that failed, by kind; each is retried until the email is given up.",
		}, []string{"kind"}),
		givenUpTotal: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "wayfinder_mail_given_up_total",
			Help: "Emails given up after a day of failed attempts (or refused for good by the mail server), by kind.",
		}, []string{"kind"}),
	}
	reg.MustRegister(m.sentTotal, m.failuresTotal, m.givenUpTotal)
	for _, k := range Kinds {
		m.sentTotal.WithLabelValues(string(k))
		m.failuresTotal.WithLabelValues(string(k))
		m.givenUpTotal.WithLabelValues(string(k))
	}
	return m
}

// label is k when it is one of Kinds and "other" otherwise, so the label's values stay a fixed set.
func label(k Kind) string {
	if k.known() {
		return string(k)
	}
	return "other"
}

func (m *Metrics) sent(k Kind) {
	if m != nil {
		m.sentTotal.WithLabelValues(label(k)).Inc()
	}
}

func (m *Metrics) failed(k Kind) {
	if m != nil {
		m.failuresTotal.WithLabelValues(label(k)).Inc()
	}
}

func (m *Metrics) gaveUp(k Kind) {
	if m != nil {
		m.givenUpTotal.WithLabelValues(label(k)).Inc()
	}
}
