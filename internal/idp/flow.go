package idp

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"strings"
	"time"
)

// flow is an authorization request waiting for the person to sign in or sign up. It travels through
// the hosted pages in their URL and a hidden field, sealed with an HMAC so it cannot be altered,
// and needs no server-side state: any replica can continue it.
type flow struct {
	// Query is the authorization request's parameters, URL-encoded.
	Query string `json:"q"`
	// RequestedAt is when the app asked (Unix seconds). It must survive the detour: prompt=login
	// and max_age are judged against it, not against the moment the password was typed.
	RequestedAt int64 `json:"rat"`
}

// maxFlowLength bounds what openFlow will look at; real authorization requests are far shorter.
const maxFlowLength = 8 << 10

func (p *Provider) sealFlow(f flow) string {
	body, _ := json.Marshal(f)
	enc := base64.RawURLEncoding.EncodeToString(body)
	return enc + "." + base64.RawURLEncoding.EncodeToString(p.flowMAC(enc))
}

// openFlow returns the flow of a sealed value, and false when the value is missing, malformed or
// was not sealed by this provider.
func (p *Provider) openFlow(sealed string) (flow, bool) {
	if sealed == "" || len(sealed) > maxFlowLength {
		return flow{}, false
	}
	enc, mac, ok := strings.Cut(sealed, ".")
	if !ok {
		return flow{}, false
	}
	got, err := base64.RawURLEncoding.DecodeString(mac)
	if err != nil || !hmac.Equal(got, p.flowMAC(enc)) {
		return flow{}, false
	}
	body, err := base64.RawURLEncoding.DecodeString(enc)
	if err != nil {
		return flow{}, false
	}
	var f flow
	if err := json.Unmarshal(body, &f); err != nil || f.Query == "" {
		return flow{}, false
	}
	return f, true
}

func (p *Provider) flowMAC(enc string) []byte {
	m := hmac.New(sha256.New, p.flowKey)
	m.Write([]byte(enc))
	return m.Sum(nil)
}

func (f flow) requestedAt() time.Time { return time.Unix(f.RequestedAt, 0).UTC() }
