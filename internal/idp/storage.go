package idp

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"time"

	"github.com/ory/fosite"
	"github.com/ory/fosite/handler/oauth2"
	"github.com/ory/fosite/handler/openid"
	"github.com/ory/fosite/handler/pkce"
	"github.com/ory/fosite/storage"

	"wayfinder/internal/apperr"
	"wayfinder/internal/idp/idpstore"
)

// fositeStorage gives fosite the storage it needs on top of the SQL store: it turns fosite's
// requests into plain rows and back, and maps the store's errors to the ones fosite acts on.
type fositeStorage struct {
	store   Store
	clients map[string]fosite.Client
	// now is the provider's clock, which the refresh grace window is measured by.
	now func() time.Time
}

// refreshGrace is how long a rotated refresh token may be used again. Two replicas refreshing one
// web session at once, or an app retrying a refresh whose answer was lost, present the same token
// twice within moments; without the window the second use looks like a stolen token and fosite
// revokes the whole sign-in, signing the member out. A revoked token gets no window.
const refreshGrace = 30 * time.Second

var (
	_ fosite.Storage                     = (*fositeStorage)(nil)
	_ oauth2.CoreStorage                 = (*fositeStorage)(nil)
	_ oauth2.TokenRevocationStorage      = (*fositeStorage)(nil)
	_ pkce.PKCERequestStorage            = (*fositeStorage)(nil)
	_ openid.OpenIDConnectRequestStorage = (*fositeStorage)(nil)
	_ storage.Transactional              = (*fositeStorage)(nil)
)

// fallbackLifetime keeps a row whose session named no expiry; fosite sets one for every kind we
// store, so it is only a guard against rows that would never be cleaned up.
const fallbackLifetime = 30 * 24 * time.Hour

func (s *fositeStorage) GetClient(_ context.Context, id string) (fosite.Client, error) {
	c, ok := s.clients[id]
	if !ok {
		return nil, fosite.ErrNotFound
	}
	return c, nil
}

// ClientAssertionJWTValid and SetClientAssertionJWT serve private_key_jwt client authentication,
// which no client of this provider uses.
func (s *fositeStorage) ClientAssertionJWTValid(context.Context, string) error { return nil }

func (s *fositeStorage) SetClientAssertionJWT(context.Context, string, time.Time) error { return nil }

// create stores one code or token of a request; expiresFor names the lifetime it lives by.
func (s *fositeStorage) create(ctx context.Context, kind, signature, accessSignature string, r fosite.Requester, expiresFor fosite.TokenType) error {
	sess := r.GetSession()
	data, err := json.Marshal(sess)
	if err != nil {
		return err
	}
	expires := sess.GetExpiresAt(expiresFor)
	if expires.IsZero() {
		expires = r.GetRequestedAt().Add(fallbackLifetime)
	}
	return s.store.CreateOAuthRequest(ctx, idpstore.OAuthRequest{
		Kind:              kind,
		Signature:         signature,
		RequestID:         r.GetID(),
		ClientID:          r.GetClient().GetID(),
		Subject:           sess.GetSubject(),
		RequestedAt:       r.GetRequestedAt(),
		ExpiresAt:         expires,
		Active:            true,
		RequestedScopes:   r.GetRequestedScopes(),
		GrantedScopes:     r.GetGrantedScopes(),
		RequestedAudience: r.GetRequestedAudience(),
		GrantedAudience:   r.GetGrantedAudience(),
		Form:              r.GetRequestForm().Encode(),
		Session:           data,
		AccessSignature:   accessSignature,
	})
}

// get reads one code or token back into a request whose session is sess. The row comes back even
// when it is inactive, with active false, because fosite needs the request to revoke its family.
func (s *fositeStorage) get(ctx context.Context, kind, signature string, sess fosite.Session) (fosite.Requester, bool, error) {
	row, err := s.store.OAuthRequestBySignature(ctx, kind, signature)
	if apperr.Is(err, apperr.NotFound) {
		return nil, false, fosite.ErrNotFound
	}
	if err != nil {
		return nil, false, err
	}
	if sess == nil {
		sess = newSession()
	}
	if err := json.Unmarshal(row.Session, sess); err != nil {
		return nil, false, err
	}
	client, err := s.GetClient(ctx, row.ClientID)
	if err != nil {
		return nil, false, err
	}
	form, err := url.ParseQuery(row.Form)
	if err != nil {
		return nil, false, err
	}
	return &fosite.Request{
		ID:                row.RequestID,
		RequestedAt:       row.RequestedAt,
		Client:            client,
		RequestedScope:    row.RequestedScopes,
		GrantedScope:      row.GrantedScopes,
		RequestedAudience: row.RequestedAudience,
		GrantedAudience:   row.GrantedAudience,
		Form:              form,
		Session:           sess,
	}, row.Active, nil
}

func (s *fositeStorage) CreateAuthorizeCodeSession(ctx context.Context, signature string, r fosite.Requester) error {
	return s.create(ctx, idpstore.OAuthCode, signature, "", r, fosite.AuthorizeCode)
}

// GetAuthorizeCodeSession returns a used code's request together with ErrInvalidatedAuthorizeCode,
// so fosite can revoke every token issued with it: a replayed code means it leaked.
func (s *fositeStorage) GetAuthorizeCodeSession(ctx context.Context, signature string, sess fosite.Session) (fosite.Requester, error) {
	r, active, err := s.get(ctx, idpstore.OAuthCode, signature, sess)
	if err != nil {
		return nil, err
	}
	if !active {
		return r, fosite.ErrInvalidatedAuthorizeCode
	}
	return r, nil
}

// InvalidateAuthorizeCodeSession marks a code used. When two exchanges of one code race, only one
// finds it active; the other fails and its transaction, with its tokens, is rolled back.
func (s *fositeStorage) InvalidateAuthorizeCodeSession(ctx context.Context, signature string) error {
	changed, err := s.store.DeactivateOAuthRequest(ctx, idpstore.OAuthCode, signature)
	if err != nil {
		return err
	}
	if !changed {
		return fosite.ErrInvalidatedAuthorizeCode
	}
	return nil
}

func (s *fositeStorage) CreateAccessTokenSession(ctx context.Context, signature string, r fosite.Requester) error {
	return s.create(ctx, idpstore.OAuthAccess, signature, "", r, fosite.AccessToken)
}

func (s *fositeStorage) GetAccessTokenSession(ctx context.Context, signature string, sess fosite.Session) (fosite.Requester, error) {
	r, _, err := s.get(ctx, idpstore.OAuthAccess, signature, sess)
	return r, err
}

func (s *fositeStorage) DeleteAccessTokenSession(ctx context.Context, signature string) error {
	return s.store.DeleteOAuthRequest(ctx, idpstore.OAuthAccess, signature)
}

func (s *fositeStorage) CreateRefreshTokenSession(ctx context.Context, signature, accessSignature string, r fosite.Requester) error {
	return s.create(ctx, idpstore.OAuthRefresh, signature, accessSignature, r, fosite.RefreshToken)
}

// GetRefreshTokenSession returns a used refresh token's request together with ErrInactiveToken:
// fosite then revokes the whole family, because a second use means the token was stolen. A token
// rotated within refreshGrace is not treated as used: it is the same client asking twice, and it
// gets a new pair of its own (RotateRefreshToken).
func (s *fositeStorage) GetRefreshTokenSession(ctx context.Context, signature string, sess fosite.Session) (fosite.Requester, error) {
	r, active, err := s.get(ctx, idpstore.OAuthRefresh, signature, sess)
	if err != nil {
		return nil, err
	}
	if !active {
		graced, err := s.store.OAuthRefreshRotatedSince(ctx, signature, s.now().Add(-refreshGrace))
		if err != nil {
			return nil, err
		}
		if !graced {
			return r, fosite.ErrInactiveToken
		}
	}
	return r, nil
}

func (s *fositeStorage) DeleteRefreshTokenSession(ctx context.Context, signature string) error {
	return s.store.DeleteOAuthRequest(ctx, idpstore.OAuthRefresh, signature)
}

// RotateRefreshToken retires the refresh token being used, and the access token issued with it,
// before fosite stores the new pair. Within refreshGrace of its first rotation the token may be
// rotated again: each use gets a pair of its own and leaves the others' pairs alone, so two
// replicas racing with one token both end up with working tokens. The store checks the condition
// in the update itself; a token revoked since fosite read it is refused.
func (s *fositeStorage) RotateRefreshToken(ctx context.Context, _, signature string) error {
	now := s.now()
	rotated, err := s.store.RotateOAuthRefresh(ctx, signature, now, now.Add(-refreshGrace))
	if err != nil {
		return err
	}
	if !rotated {
		return fosite.ErrInactiveToken
	}
	return nil
}

// RevokeRefreshToken marks every refresh token of the family used, ending any rotation's grace;
// the rows stay until they expire so that a later use is still recognized as reuse.
func (s *fositeStorage) RevokeRefreshToken(ctx context.Context, requestID string) error {
	_, err := s.store.DeactivateOAuthFamily(ctx, idpstore.OAuthRefresh, requestID)
	return err
}

func (s *fositeStorage) RevokeAccessToken(ctx context.Context, requestID string) error {
	_, err := s.store.DeleteOAuthFamily(ctx, idpstore.OAuthAccess, requestID)
	return err
}

func (s *fositeStorage) CreatePKCERequestSession(ctx context.Context, signature string, r fosite.Requester) error {
	return s.create(ctx, idpstore.OAuthPKCE, signature, "", r, fosite.AuthorizeCode)
}

func (s *fositeStorage) GetPKCERequestSession(ctx context.Context, signature string, sess fosite.Session) (fosite.Requester, error) {
	r, _, err := s.get(ctx, idpstore.OAuthPKCE, signature, sess)
	return r, err
}

func (s *fositeStorage) DeletePKCERequestSession(ctx context.Context, signature string) error {
	return s.store.DeleteOAuthRequest(ctx, idpstore.OAuthPKCE, signature)
}

// The OpenID Connect rows are keyed by the raw authorization code (fosite passes the code, not its
// signature); the store keeps only a hash of it, like every other key.
func (s *fositeStorage) CreateOpenIDConnectSession(ctx context.Context, code string, r fosite.Requester) error {
	return s.create(ctx, idpstore.OAuthOIDC, code, "", r, fosite.AuthorizeCode)
}

func (s *fositeStorage) GetOpenIDConnectSession(ctx context.Context, code string, r fosite.Requester) (fosite.Requester, error) {
	got, _, err := s.get(ctx, idpstore.OAuthOIDC, code, r.GetSession())
	if errors.Is(err, fosite.ErrNotFound) {
		return nil, openid.ErrNoSessionFound
	}
	return got, err
}

func (s *fositeStorage) DeleteOpenIDConnectSession(ctx context.Context, code string) error {
	return s.store.DeleteOAuthRequest(ctx, idpstore.OAuthOIDC, code)
}

// BeginTX, Commit and Rollback let fosite write a token exchange's rows all or nothing.
func (s *fositeStorage) BeginTX(ctx context.Context) (context.Context, error) {
	return s.store.BeginTxContext(ctx)
}

func (s *fositeStorage) Commit(ctx context.Context) error { return s.store.CommitTxContext(ctx) }

func (s *fositeStorage) Rollback(ctx context.Context) error { return s.store.RollbackTxContext(ctx) }
