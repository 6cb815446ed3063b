package auth

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"net/http"
	"time"

	"golang.org/x/oauth2"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
)

// randomToken returns n random bytes, base64url without padding: session ids, states and nonces.
func randomToken(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never fails; it crashes the program instead
	return base64.RawURLEncoding.EncodeToString(b)
}

// setCookie writes one of our cookies: HttpOnly, so page scripts never see it; SameSite=Lax, so it
// is sent when the provider redirects back but not on cross-site subrequests; Path=/ and Secure
// where allowed, as the __Host- prefix demands. maxAge < 0 deletes it.
func (s *Service) setCookie(w http.ResponseWriter, name, value string, maxAge int) {
	http.SetCookie(w, &http.Cookie{
		Name:     name,
		Value:    value,
		Path:     "/",
		MaxAge:   maxAge,
		HttpOnly: true,
		Secure:   s.cfg.CookieSecure,
		SameSite: http.SameSiteLaxMode,
	})
}

// cookieValue returns the value of the named cookie, or "".
func cookieValue(r *http.Request, name string) string {
	c, err := r.Cookie(name)
	if err != nil {
		return ""
	}
	return c.Value
}

// authenticateSession finds the live session of the request's cookie and its user. A missing,
// unknown or expired session is anonymous, and a stale cookie is cleared. Only a store failure is
// an error. The session and its user are read in one query, since every signed-in request needs
// both.
func (s *Service) authenticateSession(w http.ResponseWriter, r *http.Request) (Principal, bool, error) {
	raw := cookieValue(r, s.sessionCookie)
	if raw == "" {
		return Principal{}, false, nil
	}
	ctx := r.Context()
	idHash := account.HashSessionID(raw)
	now := s.now()
	ws, u, err := s.store.SessionWithUser(ctx, idHash, now)
	if apperr.Is(err, apperr.NotFound) {
		// The cookie names a session that has expired or was signed out: the request goes on as
		// an anonymous one, and the browser forgets the cookie.
		s.log.WarnContext(ctx, "session cookie refused", "reason", "expired or signed out")
		s.setCookie(w, s.sessionCookie, "", -1)
		return Principal{}, false, nil
	}
	if err != nil {
		return Principal{}, false, err
	}
	if u.ID == "" {
		return s.endSessionOfDeletedUser(ctx, w, idHash)
	}
	if now.Sub(ws.LastSeenAt) >= touchEvery {
		err := s.store.TouchSession(ctx, idHash, now, s.idleExpiry(now, ws.AbsoluteExpiresAt, u.Role))
		if apperr.Is(err, apperr.NotFound) { // it expired, or was signed out, since the read
			s.setCookie(w, s.sessionCookie, "", -1)
			return Principal{}, false, nil
		}
		if err != nil {
			return Principal{}, false, err
		}
	}
	if s.needsRefresh(ws, now) {
		alive, err := s.refresh(ctx, ws)
		if err != nil {
			return Principal{}, false, err
		}
		if !alive {
			s.setCookie(w, s.sessionCookie, "", -1)
			return Principal{}, false, nil
		}
		// A refresh may have changed the user's role to the one in the new access token, so the
		// user is read again; refreshes are rare, so this costs the common request nothing.
		u, err = s.store.UserByID(ctx, ws.UserID)
		if apperr.Is(err, apperr.NotFound) {
			return s.endSessionOfDeletedUser(ctx, w, idHash)
		}
		if err != nil {
			return Principal{}, false, err
		}
	}
	return principalOf(u, u.Role, ViaSession), true, nil
}

// endSessionOfDeletedUser ends a session whose user was deleted, since their sessions go with them,
// and lets the request go on as an anonymous one.
func (s *Service) endSessionOfDeletedUser(ctx context.Context, w http.ResponseWriter, idHash string) (Principal, bool, error) {
	_ = s.store.DeleteSession(ctx, idHash)
	s.setCookie(w, s.sessionCookie, "", -1)
	return Principal{}, false, nil
}

// idleExpiry is when a session of a user with role, used at now, ends if it is not used again:
// sooner for staff, whose sessions reach every member's data, and never past its absolute end.
func (s *Service) idleExpiry(now, absolute time.Time, role account.Role) time.Time {
	idle := s.cfg.IdleTimeout
	if role.IsStaff() {
		idle = min(idle, s.cfg.StaffIdle)
	}
	if t := now.Add(idle); t.Before(absolute) {
		return t
	}
	return absolute
}

// needsRefresh reports whether the session holds an access token that expires within a minute and
// the refresh token to renew it.
func (s *Service) needsRefresh(ws account.Session, now time.Time) bool {
	return ws.RefreshToken != "" && !ws.AccessTokenExpiresAt.IsZero() &&
		!now.Before(ws.AccessTokenExpiresAt.Add(-refreshBefore))
}

// refresh renews the session's tokens with its refresh token and reports whether the session is
// still alive. A provider that refuses the grant (revoked, expired, reused) ends the session, so
// the member signs in again; a provider that cannot be reached does not, since the session is ours
// and the member should not be signed out by an outage. Concurrent requests of one session share
// one refresh, and it runs to completion even if the request that started it is cancelled: a
// rotated refresh token that was issued but never stored would end the session at the next refresh.
func (s *Service) refresh(ctx context.Context, ws account.Session) (bool, error) {
	ch := s.refreshes.DoChan(ws.IDHash, func() (any, error) {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), refreshTimeout)
		defer cancel()
		return s.doRefresh(rctx, ws)
	})
	select {
	case res := <-ch:
		if res.Err != nil {
			return false, res.Err
		}
		return res.Val.(bool), nil
	case <-ctx.Done():
		return false, apperr.Wrap(apperr.Unavailable, ctx.Err(), msgCancelled)
	}
}

func (s *Service) doRefresh(ctx context.Context, ws account.Session) (bool, error) {
	src := s.oauth.TokenSource(s.tokenContext(ctx), &oauth2.Token{RefreshToken: ws.RefreshToken})
	tok, refreshErr := src.Token()
	if refreshErr != nil {
		var re *oauth2.RetrieveError
		if !errors.As(refreshErr, &re) || re.ErrorCode != "invalid_grant" {
			s.log.WarnContext(ctx, "could not refresh the session's access token; keeping the session",
				"user_id", ws.UserID, "error", tokenErrorText(refreshErr))
			return true, nil
		}
		// Another request (on this replica or another) may have refreshed first, in which case the
		// stored refresh token has moved on and the session is fine. (The embedded provider accepts a
		// refresh token again for 30 seconds after rotating it, so there both refreshes succeed, the
		// last to store its tokens wins, and both pairs work.)
		current, err := s.store.SessionByIDHash(ctx, ws.IDHash, s.now())
		if apperr.Is(err, apperr.NotFound) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		if current.RefreshToken != ws.RefreshToken {
			return true, nil
		}
		s.log.WarnContext(ctx, "the identity provider refused the session's refresh token; ending the session",
			"user_id", ws.UserID, "error", tokenErrorText(refreshErr))
		if err := s.store.DeleteSession(ctx, ws.IDHash); err != nil {
			return false, err
		}
		return false, nil
	}
	idToken := ws.IDToken
	if raw, _ := tok.Extra("id_token").(string); raw != "" {
		// A refreshed ID token replaces the old one (it is the id_token_hint at logout) only if it
		// verifies and is about the same person.
		if id, err := s.verifyIDToken(raw, ""); err == nil && s.sameSubject(ctx, ws.UserID, id.Subject) {
			idToken = raw
		} else {
			s.log.WarnContext(ctx, "ignoring an ID token from a refresh that does not verify", "user_id", ws.UserID)
		}
	}
	if err := s.store.UpdateSessionTokens(ctx, ws.IDHash, idToken, tok.AccessToken, tok.RefreshToken, s.accessExpiry(tok)); err != nil {
		if apperr.Is(err, apperr.NotFound) { // signed out meanwhile
			return false, nil
		}
		return false, err
	}
	if id, err := s.verifyAccessToken(tok.AccessToken); err == nil && id.RoleSet && s.sameSubject(ctx, ws.UserID, id.Subject) {
		if u, err := s.store.UserByID(ctx, ws.UserID); err == nil && u.Role != id.Role {
			if _, err := s.store.SetUserRole(ctx, u.ID, id.Role); err != nil {
				s.log.WarnContext(ctx, "could not update the user's role after a refresh", "user_id", u.ID, "error", err.Error())
			}
		}
	}
	return true, nil
}

// accessExpiry is when tok's access token expires on the service's clock, the zero time when the
// provider did not say. The provider's expires_in is relative, so it is read against our clock.
func (s *Service) accessExpiry(tok *oauth2.Token) time.Time {
	switch {
	case tok.ExpiresIn > 0:
		return s.now().Add(time.Duration(tok.ExpiresIn) * time.Second)
	case !tok.Expiry.IsZero():
		return tok.Expiry.UTC()
	}
	return time.Time{}
}

// sameSubject reports whether the user of a session has the given subject.
func (s *Service) sameSubject(ctx context.Context, userID, subject string) bool {
	u, err := s.store.UserByID(ctx, userID)
	return err == nil && u.Subject == subject
}

// tokenErrorText describes a token-endpoint failure for the log: the OAuth error code, or the
// HTTP status, but never the response body, which is the provider's text and may echo a token.
func tokenErrorText(err error) string {
	var re *oauth2.RetrieveError
	if errors.As(err, &re) {
		if re.ErrorCode != "" {
			return "token endpoint error " + truncate(re.ErrorCode, 60)
		}
		if re.Response != nil {
			return "token endpoint answered " + re.Response.Status
		}
		return "token endpoint error"
	}
	return truncate(err.Error(), 200)
}
