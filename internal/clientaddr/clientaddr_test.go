package clientaddr

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
)

func TestClient(t *testing.T) {
	balancers := New([]netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("fd00::/8")})
	tests := []struct {
		name     string
		resolver Resolver
		peer     string
		xff      []string
		want     string
	}{
		{"no proxies trusted: the peer, whatever it claims", New(nil), "198.51.100.7:5000", []string{"203.0.113.9"}, "198.51.100.7"},
		{"an untrusted peer's header is ignored", balancers, "198.51.100.7:5000", []string{"203.0.113.9"}, "198.51.100.7"},
		{"through the balancer", balancers, "10.1.2.3:40000", []string{"203.0.113.9"}, "203.0.113.9"},
		{"a spoofed entry stays to the left of the real one", balancers, "10.1.2.3:40000", []string{"192.0.2.66, 203.0.113.9"}, "203.0.113.9"},
		{"through two trusted hops", balancers, "10.1.2.3:40000", []string{"203.0.113.9, 10.9.9.9"}, "203.0.113.9"},
		{"several headers read as one list", balancers, "10.1.2.3:40000", []string{"192.0.2.66", "203.0.113.9"}, "203.0.113.9"},
		{"a spoofed trusted address cannot hide the client", balancers, "10.1.2.3:40000", []string{"10.0.0.1, 203.0.113.9"}, "203.0.113.9"},
		{"all hops trusted: the farthest", balancers, "10.1.2.3:40000", []string{"10.7.7.7, 10.8.8.8"}, "10.7.7.7"},
		{"no header from the balancer: the balancer", balancers, "10.1.2.3:40000", nil, "10.1.2.3"},
		{"garbage stops at the hop that passed it on", balancers, "10.1.2.3:40000", []string{"203.0.113.9, <script>"}, "10.1.2.3"},
		{"entries with ports", balancers, "10.1.2.3:40000", []string{"203.0.113.9:5555"}, "203.0.113.9"},
		{"IPv6", balancers, "[fd00::1]:40000", []string{"2001:db8::7"}, "2001:db8::7"},
		{"IPv6 with a port", balancers, "[fd00::1]:40000", []string{"[2001:db8::7]:443"}, "2001:db8::7"},
		{"IPv4 written as IPv6 is IPv4", balancers, "[::ffff:10.1.2.3]:40000", []string{"::ffff:203.0.113.9"}, "203.0.113.9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			r.RemoteAddr = tt.peer
			for _, v := range tt.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			got, ok := tt.resolver.Client(r)
			if !ok || got.String() != tt.want {
				t.Errorf("Client() = %v, %v; want %s", got, ok, tt.want)
			}
			var seen string
			tt.resolver.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				seen = FromRequest(r)
			})).ServeHTTP(httptest.NewRecorder(), r)
			if seen != tt.want {
				t.Errorf("FromRequest() behind the middleware = %s, want %s", seen, tt.want)
			}
		})
	}
}

func TestFromRequestWithoutMiddleware(t *testing.T) {
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.RemoteAddr = "192.0.2.1:1234"
	r.Header.Set("X-Forwarded-For", "203.0.113.9")
	if got := FromRequest(r); got != "192.0.2.1" {
		t.Errorf("FromRequest() = %s, want the peer 192.0.2.1", got)
	}
}
