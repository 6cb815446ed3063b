// Package webhook sends webhook deliveries over HTTP for the worker of internal/insights, which
// decides what to send, when, and signs it. A delivery is one POST of the event's JSON with its
// headers. It connects only to the addresses insights.Reach allows, checked on each connection,
// after DNS. Redirects are not followed (the admin gave the address the data may go to), the
// answer's body is read a little, for the connection's sake, and thrown away, and errors never
// carry the address, whose query may hold a token.
package webhook

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"syscall"
	"time"

	"wayfinder/internal/insights"
)

// UserAgent names the sender to receivers, in their logs.
const UserAgent = "Wayfinder-Webhooks/1"

// drainLimit is how much of an answer is read, and discarded, so a small answer's connection can
// be used again; a larger one's is closed instead.
const drainLimit = 64 << 10

// Client posts deliveries. It is safe for concurrent use.
type Client struct {
	http *http.Client
}

// ErrNotReachable is why an attempt to an address that reach does not allow was not made.
var ErrNotReachable = errors.New("the address is on a private network, which webhooks may not reach")

// New returns a Client that connects only where reach allows. Each attempt's deadline comes from
// its context (the worker's timeout); the transport's own timeouts bound the connection's set-up.
func New(reach insights.Reach) *Client {
	transport := http.DefaultTransport.(*http.Transport).Clone()
	// The check runs on the address being connected to, once DNS has answered, so a name that
	// resolves to a private address is refused as its address would be. Behind an HTTP proxy
	// (HTTPS_PROXY) that is the proxy's address, and the proxy decides the rest.
	dialer := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second,
		Control: func(_, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil || !reach.Allows(ap.Addr()) {
				return ErrNotReachable
			}
			return nil
		}}
	transport.DialContext = dialer.DialContext
	transport.ResponseHeaderTimeout = insights.DefaultTimeout
	transport.TLSHandshakeTimeout = 10 * time.Second
	// A batch goes out side by side, often to one receiver: keep its connections for the next.
	transport.MaxIdleConnsPerHost = insights.ClaimBatch
	return &Client{http: &http.Client{
		Transport: transport,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}}
}

// Post sends one attempt and returns the endpoint's status, or why there was none.
func (c *Client) Post(ctx context.Context, o insights.Outgoing) insights.Result {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, o.URL, bytes.NewReader(o.Body))
	if err != nil {
		return insights.Result{Err: withoutURL(err)}
	}
	h := req.Header
	h.Set("Content-Type", "application/json")
	h.Set("User-Agent", UserAgent)
	h.Set(insights.HeaderEventID, o.EventID)
	h.Set(insights.HeaderEventType, string(o.EventType))
	h.Set(insights.HeaderSignature, o.Signature)
	res, err := c.http.Do(req)
	if errors.Is(err, ErrNotReachable) {
		return insights.Result{Err: ErrNotReachable}
	}
	if err != nil {
		return insights.Result{Err: withoutURL(err)}
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, drainLimit))
	res.Body.Close()
	return insights.Result{StatusCode: res.StatusCode}
}

// withoutURL is err without the request's address: a *url.Error's cause alone.
func withoutURL(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		if ue.Timeout() {
			return context.DeadlineExceeded
		}
		return ue.Err
	}
	return err
}
