package idp

import (
	"context"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/go-jose/go-jose/v3"
	"github.com/ory/fosite/token/jwt"

	"wayfinder/internal/apperr"
	"wayfinder/internal/idp/idpstore"
)

// Key rotation. A new key is published publishLead before it signs, so every verifier that caches
// the key set has seen it by then; a key that stopped signing stays published for retireKeep, longer
// than any token it signed lives (ID tokens: an hour) plus a cache period.
const (
	keyRotationPeriod = 30 * 24 * time.Hour
	publishLead       = 24 * time.Hour
	retireKeep        = 24 * time.Hour
	// keyReloadInterval bounds how long a replica takes to see keys another replica added.
	keyReloadInterval = time.Minute
	// keyMissReloadInterval bounds how often an unknown key id sends a replica to the database,
	// so tokens with made-up key ids cannot turn into a flood of queries.
	keyMissReloadInterval = 10 * time.Second
	rsaKeyBits            = 2048
)

// generateRSAKey makes a new signing key; tests replace it with a faster source of keys.
var generateRSAKey = func() (*rsa.PrivateKey, error) { return rsa.GenerateKey(rand.Reader, rsaKeyBits) }

// signingKey is one parsed key of the ring.
type signingKey struct {
	jwk       *jose.JSONWebKey // the private key, with its kid and algorithm
	signsFrom time.Time
}

// keyRing caches the published keys. Every replica reads the same keys from the database, so a
// token signed by any of them verifies on all.
type keyRing struct {
	store Store
	log   *slog.Logger
	now   func() time.Time

	mu       sync.Mutex
	keys     []signingKey // published, in signing order (oldest first)
	parsed   map[string]*jose.JSONWebKey
	loadedAt time.Time
	missAt   time.Time
}

func newKeyRing(store Store, log *slog.Logger, now func() time.Time) *keyRing {
	return &keyRing{store: store, log: log, now: now, parsed: map[string]*jose.JSONWebKey{}}
}

// published returns the keys in the key set now, reloading them when the cache is old.
func (k *keyRing) published(ctx context.Context) ([]signingKey, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.keys == nil || k.now().Sub(k.loadedAt) >= keyReloadInterval {
		if err := k.reloadLocked(ctx); err != nil {
			if k.keys == nil {
				return nil, err
			}
			// A database hiccup keeps the keys of a minute ago rather than failing every token.
		}
	}
	return k.keys, nil
}

// reload reads the keys again at once, after this replica changed them.
func (k *keyRing) reload(ctx context.Context) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.reloadLocked(ctx)
}

func (k *keyRing) reloadLocked(ctx context.Context) error {
	now := k.now()
	rows, err := k.store.SigningKeys(ctx, now)
	if err != nil {
		return err
	}
	keys := make([]signingKey, 0, len(rows))
	parsed := make(map[string]*jose.JSONWebKey, len(rows))
	for _, r := range rows {
		jwk := k.parsed[r.KID]
		if jwk == nil {
			priv, err := parsePrivateKey(r.PrivateKeyPEM)
			if err != nil {
				return apperr.WrapInternalf(err, "the signing key %s cannot be read", r.KID)
			}
			jwk = &jose.JSONWebKey{Key: priv, KeyID: r.KID, Algorithm: string(jose.RS256), Use: "sig"}
		}
		parsed[r.KID] = jwk
		keys = append(keys, signingKey{jwk: jwk, signsFrom: r.SignsFrom})
	}
	k.keys, k.parsed, k.loadedAt = keys, parsed, now
	return nil
}

// active returns the key that signs now: the newest whose time to sign has come.
func (k *keyRing) active(ctx context.Context) (*jose.JSONWebKey, error) {
	keys, err := k.published(ctx)
	if err != nil {
		return nil, err
	}
	now := k.now()
	for i := len(keys) - 1; i >= 0; i-- {
		if !keys[i].signsFrom.After(now) {
			return keys[i].jwk, nil
		}
	}
	return nil, apperr.Generic(apperr.Unavailable, errors.New("no signing key is ready"))
}

// byID returns the published key with the given id. An unknown id reloads the keys, at most once per
// keyMissReloadInterval, in case another replica has just added it.
func (k *keyRing) byID(ctx context.Context, kid string) (*jose.JSONWebKey, error) {
	keys, err := k.published(ctx)
	if err != nil {
		return nil, err
	}
	for _, key := range keys {
		if key.jwk.KeyID == kid {
			return key.jwk, nil
		}
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.now().Sub(k.missAt) >= keyMissReloadInterval {
		k.missAt = k.now()
		if err := k.reloadLocked(ctx); err == nil {
			for _, key := range k.keys {
				if key.jwk.KeyID == kid {
					return key.jwk, nil
				}
			}
		}
	}
	return nil, apperr.Generic(apperr.NotFound, errors.New("no published signing key has this id"))
}

// jwks is the public key set as served at the JWKS endpoint.
func (k *keyRing) jwks(ctx context.Context) (jose.JSONWebKeySet, error) {
	keys, err := k.published(ctx)
	if err != nil {
		return jose.JSONWebKeySet{}, err
	}
	set := jose.JSONWebKeySet{Keys: make([]jose.JSONWebKey, 0, len(keys))}
	for i := len(keys) - 1; i >= 0; i-- { // the newest first
		set.Keys = append(set.Keys, keys[i].jwk.Public())
	}
	return set, nil
}

// RotateKeysIfDue rotates the signing keys when due (keyRing.rotateIfDue).
func (p *Provider) RotateKeysIfDue(ctx context.Context, now time.Time) error {
	return p.keys.rotateIfDue(ctx, now)
}

// rotateIfDue makes sure a key signs now and the next one is published in time. On the first
// start it creates a key that signs at once (nobody has cached an older key set). Later, when the
// newest key is within publishLead of its rotation date, it adds the next key, which starts signing
// publishLead from now; keys whose successor signs are marked retired and leave the key set
// retireKeep later. It is safe to call from every replica, at start-up and daily.
func (k *keyRing) rotateIfDue(ctx context.Context, now time.Time) error {
	now = now.UTC()
	keys, err := k.store.SigningKeys(ctx, now)
	if err != nil {
		return err
	}
	var next *idpstore.SigningKey
	switch {
	case len(keys) == 0:
		next = &idpstore.SigningKey{CreatedAt: now, SignsFrom: now}
		_, err = k.addKey(ctx, next, now.Add(-keyRotationPeriod))
	case !now.Before(keys[len(keys)-1].SignsFrom.Add(keyRotationPeriod - publishLead)):
		newest := keys[len(keys)-1]
		next = &idpstore.SigningKey{CreatedAt: now, SignsFrom: now.Add(publishLead)}
		_, err = k.addKey(ctx, next, newest.CreatedAt.Add(time.Microsecond))
	}
	if err != nil {
		return err
	}
	for i := 0; i+1 < len(keys); i++ {
		successor := keys[i+1].SignsFrom
		if keys[i].RetiredAt.IsZero() && !successor.After(now) {
			if err := k.store.RetireSigningKey(ctx, keys[i].KID, successor, successor.Add(retireKeep)); err != nil {
				return err
			}
			k.log.InfoContext(ctx, "signing key retired", "kid", keys[i].KID, "leaves_key_set_at", successor.Add(retireKeep))
		}
	}
	return k.reload(ctx)
}

// addKey generates and stores a key unless another replica added one since.
func (k *keyRing) addKey(ctx context.Context, key *idpstore.SigningKey, since time.Time) (bool, error) {
	priv, err := generateRSAKey()
	if err != nil {
		return false, apperr.WrapInternalf(err, "could not generate a signing key")
	}
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return false, apperr.WrapInternalf(err, "could not encode the signing key")
	}
	key.KID, err = newKeyID(key.CreatedAt)
	if err != nil {
		return false, err
	}
	key.PrivateKeyPEM = string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}))
	added, err := k.store.AddSigningKeyUnlessNewer(ctx, *key, since)
	if err == nil && added {
		k.log.InfoContext(ctx, "signing key added", "kid", key.KID, "signs_from", key.SignsFrom)
	}
	return added, err
}

// newKeyID names a key by its creation date and random bytes: unique, and readable in logs.
func newKeyID(created time.Time) (string, error) {
	b := make([]byte, 6)
	if _, err := rand.Read(b); err != nil {
		return "", apperr.WrapInternalf(err, "could not name the signing key")
	}
	return created.UTC().Format("20060102") + "-" + hex.EncodeToString(b), nil
}

func parsePrivateKey(pemText string) (*rsa.PrivateKey, error) {
	block, _ := pem.Decode([]byte(pemText))
	if block == nil {
		return nil, errors.New("no PEM block")
	}
	key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, err
	}
	rsaKey, ok := key.(*rsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("a %T is not an RSA key", key)
	}
	return rsaKey, nil
}

// PublicKey returns the public half of the published key with the given id, for verifying this
// provider's tokens in the same process without fetching the key set over HTTP. An unknown id is
// NotFound.
func (p *Provider) PublicKey(ctx context.Context, kid string) (crypto.PublicKey, error) {
	jwk, err := p.keys.byID(ctx, kid)
	if err != nil {
		return nil, err
	}
	return &jwk.Key.(*rsa.PrivateKey).PublicKey, nil
}

// rotatingSigner signs with the active key and verifies with any published one. fosite's own signer
// holds a single key, so it could not verify a token signed before a rotation.
type rotatingSigner struct{ keys *keyRing }

var _ jwt.Signer = (*rotatingSigner)(nil)

func (s *rotatingSigner) Generate(ctx context.Context, claims jwt.MapClaims, header jwt.Mapper) (string, string, error) {
	key, err := s.keys.active(ctx)
	if err != nil {
		return "", "", err
	}
	// The key id comes from the key itself, never from a stored header, which could name a key that
	// has since stopped signing.
	return (&jwt.DefaultSigner{GetPrivateKey: func(context.Context) (any, error) { return key, nil }}).Generate(ctx, claims, header)
}

func (s *rotatingSigner) Decode(ctx context.Context, token string) (*jwt.Token, error) {
	return jwt.ParseWithClaims(token, jwt.MapClaims{}, func(t *jwt.Token) (any, error) {
		if t.Method != jose.RS256 {
			return nil, errors.New("only RS256 tokens are accepted")
		}
		kid, _ := t.Header["kid"].(string)
		key, err := s.keys.byID(ctx, kid)
		if err != nil {
			return nil, err
		}
		return &key.Key.(*rsa.PrivateKey).PublicKey, nil
	})
}

func (s *rotatingSigner) Validate(ctx context.Context, token string) (string, error) {
	if _, err := s.Decode(ctx, token); err != nil {
		return "", err
	}
	return s.GetSignature(ctx, token)
}

func (s *rotatingSigner) GetSignature(ctx context.Context, token string) (string, error) {
	return (&jwt.DefaultSigner{}).GetSignature(ctx, token)
}

func (s *rotatingSigner) Hash(ctx context.Context, in []byte) ([]byte, error) {
	return (&jwt.DefaultSigner{}).Hash(ctx, in)
}

func (s *rotatingSigner) GetSigningMethodLength(context.Context) int { return jwt.SHA256HashSize }
