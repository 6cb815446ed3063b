package auth

import (
	"context"
	"crypto"
	"crypto/rsa"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/MicahParks/keyfunc/v3"
	"github.com/golang-jwt/jwt/v5"
	"golang.org/x/time/rate"
)

// Endpoints are the provider's addresses, from its discovery document or, for the embedded
// provider, known in advance.
type Endpoints struct {
	Issuer        string
	AuthURL       string
	TokenURL      string
	UserinfoURL   string
	EndSessionURL string // empty when the provider does not offer RP-initiated logout
	RevocationURL string // empty when the provider does not offer token revocation (RFC 7009)
	JWKSURL       string
	// PromptCreate reports whether the provider lists prompt=create (OpenID Connect Prompt Create
	// 1.0) among its prompt_values_supported. Providers that follow the standard refuse a prompt
	// value they don't know, so sign-up sends it only when it is listed.
	PromptCreate bool
}

// discoveryDocument is the part of /.well-known/openid-configuration that sign-in uses.
type discoveryDocument struct {
	Issuer                        string   `json:"issuer"`
	AuthorizationEndpoint         string   `json:"authorization_endpoint"`
	TokenEndpoint                 string   `json:"token_endpoint"`
	UserinfoEndpoint              string   `json:"userinfo_endpoint"`
	EndSessionEndpoint            string   `json:"end_session_endpoint"`
	RevocationEndpoint            string   `json:"revocation_endpoint"`
	JWKSURI                       string   `json:"jwks_uri"`
	CodeChallengeMethodsSupported []string `json:"code_challenge_methods_supported"`
	IDTokenSigningAlgs            []string `json:"id_token_signing_alg_values_supported"`
	PromptValuesSupported         []string `json:"prompt_values_supported"`
}

// Discover reads the provider's discovery document. Its issuer must equal the configured one
// exactly (OpenID Connect Discovery 4.3), so a document served from elsewhere cannot redirect
// sign-in; a provider that lists its PKCE methods or ID-token algorithms must include S256 and RS256.
func Discover(ctx context.Context, client *http.Client, issuer string) (Endpoints, error) {
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	where := strings.TrimSuffix(issuer, "/") + "/.well-known/openid-configuration"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, where, nil)
	if err != nil {
		return Endpoints{}, fmt.Errorf("discovery for %q: %w", issuer, err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return Endpoints{}, fmt.Errorf("discovery for %q: %w", issuer, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return Endpoints{}, fmt.Errorf("discovery for %q: %s answered %s", issuer, where, resp.Status)
	}
	var doc discoveryDocument
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&doc); err != nil {
		return Endpoints{}, fmt.Errorf("discovery for %q: not a discovery document: %w", issuer, err)
	}
	if doc.Issuer != issuer {
		return Endpoints{}, fmt.Errorf("discovery for %q: the document names issuer %q; they must match exactly", issuer, doc.Issuer)
	}
	for _, f := range []struct{ name, value string }{
		{"authorization_endpoint", doc.AuthorizationEndpoint},
		{"token_endpoint", doc.TokenEndpoint},
		{"jwks_uri", doc.JWKSURI},
	} {
		if u, err := url.Parse(f.value); f.value == "" || err != nil || u.Host == "" {
			return Endpoints{}, fmt.Errorf("discovery for %q: %s is missing or not a URL", issuer, f.name)
		}
	}
	if len(doc.CodeChallengeMethodsSupported) > 0 && !slices.Contains(doc.CodeChallengeMethodsSupported, "S256") {
		return Endpoints{}, fmt.Errorf("discovery for %q: the provider does not support PKCE S256", issuer)
	}
	if len(doc.IDTokenSigningAlgs) > 0 && !slices.Contains(doc.IDTokenSigningAlgs, "RS256") {
		return Endpoints{}, fmt.Errorf("discovery for %q: the provider does not sign ID tokens with RS256", issuer)
	}
	return Endpoints{
		Issuer:        doc.Issuer,
		AuthURL:       doc.AuthorizationEndpoint,
		TokenURL:      doc.TokenEndpoint,
		UserinfoURL:   doc.UserinfoEndpoint,
		EndSessionURL: doc.EndSessionEndpoint,
		RevocationURL: doc.RevocationEndpoint,
		JWKSURL:       doc.JWKSURI,
		PromptCreate:  slices.Contains(doc.PromptValuesSupported, "create"),
	}, nil
}

// NewJWKSKeyfunc returns a key function backed by the provider's JWKS: fetched now (a failure is
// logged and retried, so start-up does not depend on the provider), refreshed hourly, and refetched
// when a token names an unknown key id, at most once a minute, so that a new signing key works as
// soon as it is published while a stream of forged key ids cannot make us hammer the provider.
// ctx ends the background refresh.
func NewJWKSKeyfunc(ctx context.Context, jwksURL string) (jwt.Keyfunc, error) {
	if u, err := url.Parse(jwksURL); err != nil || u.Host == "" {
		return nil, fmt.Errorf("JWKS URL %q is not a URL", jwksURL)
	}
	kf, err := keyfunc.NewDefaultOverrideCtx(ctx, []string{jwksURL}, keyfunc.Override{
		Client:          &http.Client{Timeout: 10 * time.Second},
		RefreshInterval: time.Hour,
		// A request with an unknown key id waits at most this long for the limiter; as the limiter
		// allows one refetch a minute, later ones within that minute fail at once instead of queueing.
		RateLimitWaitMax:  5 * time.Second,
		RefreshUnknownKID: rate.NewLimiter(rate.Every(time.Minute), 1),
		RefreshErrorHandlerFunc: func(u string) func(context.Context, error) {
			return func(ctx context.Context, err error) {
				slog.Default().WarnContext(ctx, "could not refresh the identity provider's keys", "url", u, "error", err.Error())
			}
		},
	})
	if err != nil {
		return nil, fmt.Errorf("JWKS from %q: %w", jwksURL, err)
	}
	return kf.Keyfunc, nil
}

// KeyfuncFromLookup returns a key function for keys held in this process, such as the embedded
// provider's: the token must name its key id, and lookup returns that key's public half or an
// error. Only an *rsa.PublicKey can verify RS256, so any other key type refuses the token.
func KeyfuncFromLookup(lookup func(ctx context.Context, kid string) (crypto.PublicKey, error)) jwt.Keyfunc {
	return func(t *jwt.Token) (any, error) {
		kid, _ := t.Header["kid"].(string)
		if kid == "" {
			return nil, errors.New("token names no key id")
		}
		key, err := lookup(context.Background(), kid)
		if err != nil {
			return nil, err
		}
		if _, ok := key.(*rsa.PublicKey); !ok {
			return nil, fmt.Errorf("key %.64q is not an RSA public key", kid)
		}
		return key, nil
	}
}
