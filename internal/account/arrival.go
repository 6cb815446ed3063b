package account

import (
	"net/url"
	"strings"

	"wayfinder/internal/cleantext"
)

// OriginDirect is the origin of a member who came to sign up from no other site.
const OriginDirect = "direct"

// maxOriginLength caps a stored origin: a host name has at most 253 characters.
const maxOriginLength = 253

// Arrival is where a member came from when they signed up, kept for the campaigns report: the
// referring site's host (or OriginDirect; "" when not known), and whether the site they signed up
// on offered the plans and payment (the payment variant).
type Arrival struct {
	Origin         string
	PaymentOffered bool
}

// OriginOf turns the origin_register cookie the app writes at /register (the referrer, encoded as
// a URI component, or "direct") into the origin kept with the member: the referring site's host
// only, in lower case, because the rest of an address can carry a search or a person's details
// and the report is about sites. A value that names no site gives "".
func OriginOf(cookie string) string {
	raw, err := url.QueryUnescape(cookie)
	if err != nil || cleantext.Problem(raw) != "" {
		return ""
	}
	raw = strings.TrimSpace(raw)
	if raw == OriginDirect {
		return OriginDirect
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return ""
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if host == "" || len(host) > maxOriginLength {
		return ""
	}
	return host
}
