package auth

import (
	"context"
	"crypto/sha256"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// maxActiveAnswers bounds the answers of Config.AccessTokenActive held in memory: about 100 bytes
// each, so a megabyte at most, whatever the number of tokens presented.
const maxActiveAnswers = 10_000

// activeCache remembers answers of Config.AccessTokenActive for a while, so that an app's stream of
// requests costs one lookup every ttl rather than one each. It holds at most max answers: when it
// is full, expired answers go first, then arbitrary ones, which only costs their tokens a lookup.
type activeCache struct {
	ttl time.Duration
	max int

	mu      sync.Mutex
	answers map[[sha256.Size]byte]activeAnswer
}

// activeAnswer is one remembered answer, good until until.
type activeAnswer struct {
	active bool
	until  time.Time
}

func newActiveCache(ttl time.Duration, max int) *activeCache {
	return &activeCache{ttl: ttl, max: max, answers: map[[sha256.Size]byte]activeAnswer{}}
}

// get returns the remembered answer for key at now, and false when there is none that is current.
func (c *activeCache) get(key [sha256.Size]byte, now time.Time) (active, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	a, found := c.answers[key]
	if !found || !now.Before(a.until) {
		return false, false
	}
	return a.active, true
}

// put remembers an answer obtained at now. A full cache first drops its expired answers and, if
// that frees nothing, a quarter of the rest, so a flood of new tokens costs a sweep per quarter
// rather than one per token.
func (c *activeCache) put(key [sha256.Size]byte, active bool, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, found := c.answers[key]; !found && len(c.answers) >= c.max {
		for k, a := range c.answers {
			if !now.Before(a.until) {
				delete(c.answers, k)
			}
		}
		for k := range c.answers {
			if len(c.answers) < c.max-c.max/4 {
				break
			}
			delete(c.answers, k)
		}
	}
	c.answers[key] = activeAnswer{active: active, until: now.Add(c.ttl)}
}

// tokenActive reports whether a verified bearer token is still in force at the provider, from a
// remembered answer when there is a current one. Without Config.AccessTokenActive every verified
// token is. A failed lookup is an error and is not remembered.
func (s *Service) tokenActive(ctx context.Context, raw string) (bool, error) {
	if s.cfg.AccessTokenActive == nil {
		return true, nil
	}
	key := sha256.Sum256([]byte(raw))
	now := s.now()
	if active, ok := s.active.get(key, now); ok {
		return active, nil
	}
	active, err := s.cfg.AccessTokenActive(ctx, raw)
	if err != nil {
		return false, err
	}
	s.active.put(key, active, now)
	return active, nil
}

// revokeRefreshToken asks the provider to revoke the refresh token of a session that was signed
// out (RFC 7009). With the embedded provider that ends the access tokens of the sign-in too, so one
// copied out of the session stops working. It is best effort and bounded by revokeTimeout: the
// session is gone already, so a failure is logged, without the token, and sign-out goes on.
func (s *Service) revokeRefreshToken(ctx context.Context, userID, token string) {
	if s.cfg.RevocationURL == "" || token == "" {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), revokeTimeout)
	defer cancel()
	form := url.Values{"token": {token}, "token_type_hint": {"refresh_token"}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.cfg.RevocationURL, strings.NewReader(form.Encode()))
	if err != nil {
		s.log.WarnContext(ctx, "could not revoke the signed-out session's refresh token", "user_id", userID, "error", truncate(err.Error(), 200))
		return
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	// The client's credentials are form-encoded before basic authentication, as RFC 6749 2.3.1
	// asks and as the token requests do.
	req.SetBasicAuth(url.QueryEscape(s.cfg.ClientID), url.QueryEscape(s.cfg.ClientSecret))
	resp, err := s.cfg.HTTPClient.Do(req)
	if err != nil {
		s.log.WarnContext(ctx, "could not revoke the signed-out session's refresh token", "user_id", userID, "error", truncate(err.Error(), 200))
		return
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode != http.StatusOK {
		s.log.WarnContext(ctx, "could not revoke the signed-out session's refresh token", "user_id", userID, "status", resp.Status)
		return
	}
	s.log.InfoContext(ctx, "revoked the signed-out session's refresh token", "user_id", userID)
}
