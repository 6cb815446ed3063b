package sqlstore

import (
	"strings"
	"testing"
	"time"

	"wayfinder/internal/idp/idpstore"
	"wayfinder/internal/sealed"
)

// TestSecretsAtRest wants the server's secrets sealed in the database when a key is set: what a copy
// of the database holds opens with the key and not without it. Secrets from before the key, or
// sealed with a previous key, are sealed again with the current one as they are read.
func TestSecretsAtRest(t *testing.T) {
	oldKey, _ := sealed.ParseKey(sealed.NewKey())
	newKey, _ := sealed.ParseKey(sealed.NewKey())
	before, err := sealed.NewKeyring(oldKey)
	if err != nil {
		t.Fatal(err)
	}
	rotated, err := sealed.NewKeyring(newKey, oldKey)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			raw := func(query string, args ...any) string {
				t.Helper()
				var v []byte
				if err := db.SQL().QueryRow(query, args...).Scan(&v); err != nil {
					t.Fatal(err)
				}
				return string(v)
			}
			secretRow := func(name string) string { return raw(`SELECT value FROM server_secrets WHERE name = $1`, name) }
			keyRow := func(kid string) string { return raw(`SELECT private_key_pem FROM signing_keys WHERE kid = $1`, kid) }

			// In the clear, as a server without a key kept them.
			if _, err := db.ServerSecret(ctx, "plain", []byte("clear-secret"), t0); err != nil {
				t.Fatal(err)
			}
			if _, err := db.AddSigningKeyUnlessNewer(ctx, idpstore.SigningKey{KID: "k-plain", PrivateKeyPEM: "-----BEGIN PRIVATE KEY-----plain", CreatedAt: t0, SignsFrom: t0}, t0); err != nil {
				t.Fatal(err)
			}

			// With a key: new secrets are sealed, old ones are sealed as they are read.
			db.SetSecretKeyring(before)
			got, err := db.ServerSecret(ctx, "sealed", []byte("sealed-secret"), t0)
			if err != nil || string(got) != "sealed-secret" {
				t.Fatalf("ServerSecret = %q, %v; want the secret", got, err)
			}
			if got, err := db.ServerSecret(ctx, "plain", []byte("other"), t0); err != nil || string(got) != "clear-secret" {
				t.Fatalf("ServerSecret of the secret in the clear = %q, %v; want it as it was", got, err)
			}
			if _, err := db.AddSigningKeyUnlessNewer(ctx, idpstore.SigningKey{KID: "k-sealed", PrivateKeyPEM: "-----BEGIN PRIVATE KEY-----sealed", CreatedAt: t0.Add(time.Hour), SignsFrom: t0}, t0.Add(time.Hour)); err != nil {
				t.Fatal(err)
			}
			keys, err := db.SigningKeys(ctx, t0)
			if err != nil || len(keys) != 2 || keys[0].PrivateKeyPEM != "-----BEGIN PRIVATE KEY-----plain" || keys[1].PrivateKeyPEM != "-----BEGIN PRIVATE KEY-----sealed" {
				t.Fatalf("SigningKeys = %+v, %v; want both keys in the clear to their reader", keys, err)
			}
			for name, v := range map[string]string{
				"server secret 'sealed'": secretRow("sealed"), "server secret 'plain'": secretRow("plain"),
				"signing key k-sealed": keyRow("k-sealed"), "signing key k-plain": keyRow("k-plain"),
			} {
				if !sealed.IsSealed([]byte(v)) || strings.Contains(v, "secret") || strings.Contains(v, "PRIVATE KEY") {
					t.Errorf("the database holds %s as %q, want it sealed", name, v)
				}
			}

			// A sealed value moved to another row does not open there.
			if _, err := db.SQL().Exec(`UPDATE server_secrets SET value = (SELECT value FROM server_secrets WHERE name = 'sealed') WHERE name = 'plain'`); err != nil {
				t.Fatal(err)
			}
			if _, err := db.ServerSecret(ctx, "plain", []byte("x"), t0); err == nil {
				t.Error("a sealed secret copied to another name opened there")
			}

			// A rotation: the previous key still opens, and what it sealed is sealed again.
			sealedBefore := keyRow("k-sealed")
			db.SetSecretKeyring(rotated)
			if keys, err := db.SigningKeys(ctx, t0); err != nil || len(keys) != 2 || keys[1].PrivateKeyPEM != "-----BEGIN PRIVATE KEY-----sealed" {
				t.Fatalf("SigningKeys after the rotation = %+v, %v", keys, err)
			}
			if now := keyRow("k-sealed"); now == sealedBefore || !sealed.IsSealed([]byte(now)) {
				t.Errorf("the signing key was not sealed again with the current key")
			}
			onlyNew, _ := sealed.NewKeyring(newKey)
			db.SetSecretKeyring(onlyNew)
			if _, err := db.SigningKeys(ctx, t0); err != nil {
				t.Errorf("SigningKeys with the new key alone after the rotation: %v", err)
			}

			// The database alone, without the key, opens nothing.
			db.SetSecretKeyring(nil)
			if _, err := db.SigningKeys(ctx, t0); err == nil || !strings.Contains(err.Error(), "WAYFINDER_SECRET_KEY") {
				t.Errorf("SigningKeys without the key = %v, want an error naming WAYFINDER_SECRET_KEY", err)
			}
			if _, err := db.ServerSecret(ctx, "sealed", []byte("x"), t0); err == nil {
				t.Error("ServerSecret without the key opened a sealed secret")
			}
		})
	}
}
