package sqlstore

import (
	"testing"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/idp/idpstore"
)

func TestSigningKeys(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			first := idpstore.SigningKey{KID: "k1", PrivateKeyPEM: "pem-1", CreatedAt: t0, SignsFrom: t0}
			next := idpstore.SigningKey{KID: "k2", PrivateKeyPEM: "pem-2", CreatedAt: t0.Add(30 * 24 * time.Hour), SignsFrom: t0.Add(31 * 24 * time.Hour)}
			adds := []struct {
				name      string
				key       idpstore.SigningKey
				since     time.Time
				wantAdded bool
				wantCode  apperr.Code
			}{
				{"the first key", first, t0.Add(-time.Hour), true, ""},
				{"a second key while the first is recent", idpstore.SigningKey{KID: "dup", PrivateKeyPEM: "x", CreatedAt: t0, SignsFrom: t0}, t0.Add(-time.Hour), false, ""},
				{"the next key when due", next, t0.Add(time.Hour), true, ""},
				{"no id", idpstore.SigningKey{PrivateKeyPEM: "x"}, t0, false, apperr.Invalid},
			}
			for _, tt := range adds {
				added, err := db.AddSigningKeyUnlessNewer(ctx, tt.key, tt.since)
				if code := codeOf(err); code != tt.wantCode || added != tt.wantAdded {
					t.Errorf("AddSigningKeyUnlessNewer %s = %v, code %q; want %v, %q (err %v)", tt.name, added, code, tt.wantAdded, tt.wantCode, err)
				}
			}

			retire := t0.Add(31 * 24 * time.Hour)
			if err := db.RetireSigningKey(ctx, "k1", retire, retire.Add(24*time.Hour)); err != nil {
				t.Fatalf("RetireSigningKey: %v", err)
			}
			// A second retirement with other dates keeps the first ones.
			if err := db.RetireSigningKey(ctx, "k1", retire.Add(time.Hour), retire.Add(48*time.Hour)); err != nil {
				t.Fatalf("RetireSigningKey again: %v", err)
			}
			if got, want := codeOf(db.RetireSigningKey(ctx, "nope", retire, retire)), apperr.NotFound; got != want {
				t.Errorf("RetireSigningKey(unknown) code = %q, want %q", got, want)
			}

			lists := []struct {
				name string
				now  time.Time
				want []string
			}{
				{"both published", retire.Add(time.Hour), []string{"k1", "k2"}},
				{"the retired key has left", retire.Add(25 * time.Hour), []string{"k2"}},
			}
			for _, tt := range lists {
				keys, err := db.SigningKeys(ctx, tt.now)
				if err != nil {
					t.Fatalf("%s: SigningKeys: %v", tt.name, err)
				}
				var got []string
				for _, k := range keys {
					got = append(got, k.KID)
				}
				if len(got) != len(tt.want) || (len(got) > 0 && got[0] != tt.want[0]) || (len(got) > 1 && got[1] != tt.want[1]) {
					t.Errorf("%s: got keys %v, want %v", tt.name, got, tt.want)
				}
			}
			keys, _ := db.SigningKeys(ctx, retire)
			k1 := keys[0]
			if k1.PrivateKeyPEM != "pem-1" || !k1.CreatedAt.Equal(t0) || !k1.SignsFrom.Equal(t0) ||
				!k1.RetiredAt.Equal(retire) || !k1.RemovedAt.Equal(retire.Add(24*time.Hour)) {
				t.Errorf("k1 = %+v, want pem-1 created and signing at %v, retired %v, removed %v", k1, t0, retire, retire.Add(24*time.Hour))
			}
			if k2 := keys[1]; !k2.RetiredAt.IsZero() || !k2.RemovedAt.IsZero() {
				t.Errorf("k2 retired %v removed %v, want zero times", k2.RetiredAt, k2.RemovedAt)
			}
		})
	}
}
