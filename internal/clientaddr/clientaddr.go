// Package clientaddr finds the address a request came from. Behind a load balancer the connection
// comes from the balancer, which names the client in X-Forwarded-For; but anyone can send that
// header, so it is believed only from the proxies the operator trusts (WAYFINDER_TRUSTED_PROXIES),
// and only as far as the nearest address they did not add.
package clientaddr

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Resolver finds client addresses, trusting the X-Forwarded-For of the given proxies.
type Resolver struct {
	trusted []netip.Prefix
}

// New returns a Resolver that believes X-Forwarded-For from peers within trusted, and from no one
// when trusted is empty.
func New(trusted []netip.Prefix) Resolver {
	return Resolver{trusted: trusted}
}

type addressKey struct{}

// Middleware puts the client's address into each request's context, for FromRequest.
func (res Resolver) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if addr, ok := res.Client(r); ok {
			r = r.WithContext(context.WithValue(r.Context(), addressKey{}, addr))
		}
		next.ServeHTTP(w, r)
	})
}

// Client returns the address r came from: its connection's peer unless the peer is a trusted
// proxy, in which case X-Forwarded-For is read from right to left, through the trusted proxies that
// added its entries, to the first address that is not one of them. An entry that is not an address
// stops the walk at the hop that passed it on. ok is false when even the peer's address cannot be
// read, as with a test request made without one.
func (res Resolver) Client(r *http.Request) (netip.Addr, bool) {
	peer, ok := parseAddr(r.RemoteAddr)
	if !ok {
		return netip.Addr{}, false
	}
	client := peer
	if !res.isTrusted(client) {
		return client, true
	}
	hops := r.Header.Values("X-Forwarded-For")
	for i := len(hops) - 1; i >= 0; i-- {
		entries := strings.Split(hops[i], ",")
		for j := len(entries) - 1; j >= 0; j-- {
			addr, ok := parseAddr(strings.TrimSpace(entries[j]))
			if !ok {
				return client, true
			}
			client = addr
			if !res.isTrusted(client) {
				return client, true
			}
		}
	}
	return client, true
}

func (res Resolver) isTrusted(addr netip.Addr) bool {
	for _, p := range res.trusted {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// parseAddr reads an address as peers and proxies write it: bare, or with a port ("192.0.2.1:443",
// "[2001:db8::1]:443"). IPv4 addresses written as IPv6 ("::ffff:192.0.2.1") read as IPv4, so one
// client has one address.
func parseAddr(s string) (netip.Addr, bool) {
	if host, _, err := net.SplitHostPort(s); err == nil {
		s = host
	}
	addr, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Addr{}, false
	}
	return addr.Unmap().WithZone(""), true
}

// FromRequest returns the client address of a request that passed through Middleware, as text; a
// request that did not falls back to its peer's address.
func FromRequest(r *http.Request) string {
	if addr, ok := r.Context().Value(addressKey{}).(netip.Addr); ok {
		return addr.String()
	}
	if addr, ok := parseAddr(r.RemoteAddr); ok {
		return addr.String()
	}
	return r.RemoteAddr
}
