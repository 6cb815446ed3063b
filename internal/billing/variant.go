package billing

import (
	"net"
	"slices"
	"strings"
)

// Variant decides, per request, whether the plan and payment steps are offered (the spec's payment
// variant): everywhere when Enabled, or only on the listed onboarding hostnames. One server can
// then serve start.example.com without payment and pay.example.com with it.
type Variant struct {
	Enabled   bool
	Hostnames []string // lower case, without a port
}

// On tells whether payment is offered to a request for host (a Host header, with or without a port).
func (v Variant) On(host string) bool {
	if v.Enabled {
		return true
	}
	if len(v.Hostnames) == 0 {
		return false
	}
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	return slices.Contains(v.Hostnames, strings.ToLower(strings.TrimSuffix(host, ".")))
}
