package insights

import (
	"net/netip"
	"strings"
)

// Reach says which network addresses webhook deliveries may connect to: public ones, and those in
// the private networks the operator names (WAYFINDER_WEBHOOK_PRIVATE_NETWORKS). A webhook's
// address is an admin's to set, so without this a stolen admin session could have the server post
// to what only the server can reach: a cloud's metadata service, a database's HTTP port, an
// internal admin page. Those are never public addresses, so by default deliveries go nowhere
// private. The admin's address is checked when it is saved, where it names an address; the
// connection itself is checked when each delivery is sent, so a name that resolves to a private
// address (now, or after a change of its DNS) is refused too.
type Reach struct {
	Private []netip.Prefix // private networks deliveries may reach all the same
}

// notPublic are the IPv4 and IPv6 ranges, beyond the ones netip names (loopback, private,
// link-local, multicast, unspecified), that are no public host's: "this network", carrier-grade
// NAT's shared space, the IETF's protocol assignments, benchmarking, the reserved block with
// broadcast, and local-use NAT64.
var notPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("64:ff9b:1::/48"),
}

// Allows reports whether a delivery may connect to addr.
func (r Reach) Allows(addr netip.Addr) bool {
	// An IPv4 address written as IPv6 (::ffff:10.0.0.1) is the IPv4 address.
	addr = addr.Unmap().WithZone("")
	for _, p := range r.Private {
		if p.Contains(addr) {
			return true
		}
	}
	return public(addr)
}

// public reports whether addr is a public host's address.
func public(addr netip.Addr) bool {
	if !addr.IsValid() || addr.IsLoopback() || addr.IsPrivate() || addr.IsLinkLocalUnicast() || addr.IsUnspecified() ||
		addr.IsMulticast() || addr.IsLinkLocalMulticast() || addr.IsInterfaceLocalMulticast() {
		return false
	}
	for _, p := range notPublic {
		if p.Contains(addr) {
			return false
		}
	}
	return true
}

// allowsHost reports whether a URL's host may be an endpoint's, as far as can be told without
// asking DNS: an IP address as it is written, and localhost by its loopback addresses (names under
// .localhost are loopback too, RFC 6761). Any other name passes here, and the addresses it
// resolves to are checked when a delivery connects.
func (r Reach) allowsHost(host string) bool {
	if addr, err := netip.ParseAddr(host); err == nil {
		return r.Allows(addr)
	}
	if host = strings.ToLower(strings.TrimSuffix(host, ".")); host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return r.Allows(netip.AddrFrom4([4]byte{127, 0, 0, 1})) || r.Allows(netip.IPv6Loopback())
	}
	return true
}
