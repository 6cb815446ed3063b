package httpapi

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// TestForgedBearerTokens sends forged, broken and misused tokens to the API. None may be
// accepted, each must be a 401 in the problem format, and none may cause a 500.
func TestForgedBearerTokens(t *testing.T) {
	ts := newTestServer(t)
	b64 := base64.RawURLEncoding.EncodeToString
	segment := func(v any) string {
		j, _ := json.Marshal(v)
		return b64(j)
	}
	now := time.Now()
	valid := func() jwt.MapClaims {
		return jwt.MapClaims{"iss": testIssuer, "sub": "auth0|forged", "aud": []string{testAudience},
			"iat": now.Unix(), "nbf": now.Unix(), "exp": now.Add(10 * time.Minute).Unix()}
	}
	sign := func(method jwt.SigningMethod, key any, header map[string]any, claims jwt.MapClaims) string {
		tok := jwt.NewWithClaims(method, claims)
		tok.Header["kid"] = "test"
		for k, v := range header {
			if v == nil {
				delete(tok.Header, k)
			} else {
				tok.Header[k] = v
			}
		}
		s, err := tok.SignedString(key)
		if err != nil {
			t.Fatalf("signing with %s: %v", method.Alg(), err)
		}
		return s
	}
	rs256 := func(change func(jwt.MapClaims)) string {
		c := valid()
		if change != nil {
			change(c)
		}
		return sign(jwt.SigningMethodRS256, testKey, nil, c)
	}
	unsigned := func(alg string, signature string) string {
		return segment(map[string]any{"alg": alg, "typ": "JWT", "kid": "test"}) + "." + segment(valid()) + "." + signature
	}
	pubPEM := pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: must(x509.MarshalPKIXPublicKey(&testKey.PublicKey))})
	pubDER := must(x509.MarshalPKIXPublicKey(&testKey.PublicKey))
	otherRSA := must(rsa.GenerateKey(rand.Reader, 2048))
	ecKey := must(ecdsa.GenerateKey(elliptic.P256(), rand.Reader))
	good := rs256(nil)
	parts := strings.Split(good, ".")

	tests := []struct {
		name   string
		header string // the whole Authorization header
	}{
		{"alg none", "Bearer " + unsigned("none", "")},
		{"alg None", "Bearer " + unsigned("None", "")},
		{"alg NONE", "Bearer " + unsigned("NONE", "")},
		{"alg nOnE", "Bearer " + unsigned("nOnE", "")},
		{"alg none with a signature", "Bearer " + unsigned("none", parts[2])},
		{"alg NONE with a signature", "Bearer " + unsigned("NONE", parts[2])},
		{"alg empty", "Bearer " + unsigned("", "")},
		{"HS256 keyed with the public key PEM", "Bearer " + sign(jwt.SigningMethodHS256, pubPEM, nil, valid())},
		{"HS256 keyed with the public key DER", "Bearer " + sign(jwt.SigningMethodHS256, pubDER, nil, valid())},
		{"HS384 keyed with the public key", "Bearer " + sign(jwt.SigningMethodHS384, pubPEM, nil, valid())},
		{"HS512 keyed with the public key", "Bearer " + sign(jwt.SigningMethodHS512, pubPEM, nil, valid())},
		{"RS384", "Bearer " + sign(jwt.SigningMethodRS384, testKey, nil, valid())},
		{"RS512", "Bearer " + sign(jwt.SigningMethodRS512, testKey, nil, valid())},
		{"PS256", "Bearer " + sign(jwt.SigningMethodPS256, testKey, nil, valid())},
		{"ES256 with another key", "Bearer " + sign(jwt.SigningMethodES256, ecKey, nil, valid())},
		{"signed by another RSA key", "Bearer " + sign(jwt.SigningMethodRS256, otherRSA, nil, valid())},
		{"unknown kid", "Bearer " + sign(jwt.SigningMethodRS256, testKey, map[string]any{"kid": "someone-else"}, valid())},
		{"no kid", "Bearer " + sign(jwt.SigningMethodRS256, testKey, map[string]any{"kid": nil}, valid())},
		{"wrong issuer", "Bearer " + rs256(func(c jwt.MapClaims) { c["iss"] = "https://evil.example.test/" })},
		{"issuer without its slash", "Bearer " + rs256(func(c jwt.MapClaims) { c["iss"] = strings.TrimSuffix(testIssuer, "/") })},
		{"no issuer", "Bearer " + rs256(func(c jwt.MapClaims) { delete(c, "iss") })},
		{"wrong audience", "Bearer " + rs256(func(c jwt.MapClaims) { c["aud"] = []string{"https://other.example.test/api"} })},
		{"no audience", "Bearer " + rs256(func(c jwt.MapClaims) { delete(c, "aud") })},
		{"empty audience", "Bearer " + rs256(func(c jwt.MapClaims) { c["aud"] = []string{} })},
		{"expired beyond the leeway", "Bearer " + rs256(func(c jwt.MapClaims) { c["exp"] = now.Add(-2 * time.Minute).Unix() })},
		{"expired long ago", "Bearer " + rs256(func(c jwt.MapClaims) { c["exp"] = now.Add(-30 * 24 * time.Hour).Unix() })},
		{"not yet valid", "Bearer " + rs256(func(c jwt.MapClaims) { c["nbf"] = now.Add(5 * time.Minute).Unix() })},
		{"no expiry", "Bearer " + rs256(func(c jwt.MapClaims) { delete(c, "exp") })},
		{"expiry as a string", "Bearer " + rs256(func(c jwt.MapClaims) { c["exp"] = "tomorrow" })},
		{"no subject", "Bearer " + rs256(func(c jwt.MapClaims) { delete(c, "sub") })},
		{"tampered payload", "Bearer " + parts[0] + "." + segment(jwt.MapClaims{"iss": testIssuer, "sub": "auth0|someone-else",
			"aud": []string{testAudience}, "exp": now.Add(time.Hour).Unix()}) + "." + parts[2]},
		{"tampered header", "Bearer " + segment(map[string]any{"alg": "RS256", "kid": "test", "typ": "JWT", "x": 1}) + "." + parts[1] + "." + parts[2]},
		{"stripped signature", "Bearer " + parts[0] + "." + parts[1] + "."},
		{"signature of another token", "Bearer " + parts[0] + "." + parts[1] + "." + strings.Split(rs256(func(c jwt.MapClaims) { c["sub"] = "x" }), ".")[2]},
		{"truncated signature", "Bearer " + parts[0] + "." + parts[1] + "." + parts[2][:len(parts[2])/2]},
		{"signature not base64url", "Bearer " + parts[0] + "." + parts[1] + ".!!!!"},
		{"an ID token for the web client", "Bearer " + rs256(func(c jwt.MapClaims) {
			c["aud"] = "wayfinder-web"
			c["nonce"] = "n0nce-value"
			c["at_hash"] = "x"
		})},
		{"an ID token that also names the API", "Bearer " + rs256(func(c jwt.MapClaims) {
			c["aud"] = []string{"wayfinder-web", testAudience}
			c["nonce"] = "n0nce-value"
			c["at_hash"] = "x"
		})},
		{"two segments", "Bearer " + parts[0] + "." + parts[1]},
		{"four segments", "Bearer " + good + ".extra"},
		{"header not base64", "Bearer %%%." + parts[1] + "." + parts[2]},
		{"header not JSON", "Bearer " + b64([]byte("not json")) + "." + parts[1] + "." + parts[2]},
		{"header a JSON array", "Bearer " + b64([]byte(`["RS256"]`)) + "." + parts[1] + "." + parts[2]},
		{"payload not JSON", "Bearer " + parts[0] + "." + b64([]byte("{{{")) + "." + parts[2]},
		{"oversized token", "Bearer " + parts[0] + "." + b64([]byte(strings.Repeat("A", 16<<10))) + "." + parts[2]},
		{"oversized header segment", "Bearer " + b64([]byte(`{"alg":"RS256","kid":"`+strings.Repeat("k", 16<<10)+`"}`)) + "." + parts[1] + "." + parts[2]},
		{"empty bearer", "Bearer "},
		{"scheme only", "Bearer"},
		{"garbage", "Bearer not-a-token"},
		{"token with spaces", "Bearer " + parts[0] + " " + parts[1]},
		{"basic scheme", "Basic dXNlcjpwYXNz"},
		{"no scheme", good},
	}
	if len(tests) < 40 {
		t.Fatalf("only %d forged tokens; the suite promises at least 40", len(tests))
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := ts.do("GET", "/api/user/me", nil, map[string]string{"Authorization": tt.header})
			if got, want := w.Code, 401; got != want {
				t.Fatalf("status = %d, want %d; body %s", got, want, w.Body.String())
			}
			if got := w.Header().Get("Content-Type"); got != "application/problem+json" {
				t.Errorf("Content-Type = %q, want application/problem+json", got)
			}
			if strings.Contains(w.Body.String(), "userId") {
				t.Errorf("body %s carries a profile", w.Body.String())
			}
		})
	}
	// Two Authorization headers are ambiguous and refused too.
	r := httptestRequest("GET", "/api/user/me")
	r.Header.Add("Authorization", "Bearer "+good)
	r.Header.Add("Authorization", "Bearer "+good)
	if w := serve(ts, r); w.Code != 401 {
		t.Errorf("two Authorization headers: status = %d, want 401", w.Code)
	}
	// The valid token itself is accepted, so the refusals above are not an accident of set-up.
	if w := ts.do("GET", "/api/user/me", nil, map[string]string{"Authorization": "Bearer " + good}); w.Code != 200 {
		t.Errorf("the untampered token: status = %d, want 200; body %s", w.Code, w.Body.String())
	}
	for _, line := range strings.Split(ts.logs.String(), "\n") {
		if strings.Contains(line, parts[2]) || strings.Contains(line, `"level":"ERROR"`) {
			t.Errorf("log line shows a token signature or an error: %s", line)
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
