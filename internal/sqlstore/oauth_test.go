package sqlstore

import (
	"reflect"
	"sync"
	"testing"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/idp/idpstore"
)

// sampleOAuthRequest is a stored code or token of the sign-in requestID.
func sampleOAuthRequest(kind, sig, requestID string, expires time.Time) idpstore.OAuthRequest {
	return idpstore.OAuthRequest{
		Kind: kind, Signature: sig, RequestID: requestID, ClientID: "wayfinder-web", Subject: "user-1",
		RequestedAt: t0, ExpiresAt: expires, Active: true,
		RequestedScopes: []string{"openid", "offline_access"}, GrantedScopes: []string{"openid", "offline_access"},
		RequestedAudience: []string{}, GrantedAudience: []string{"https://app.example/api"},
		Form: "nonce=n-12345678&redirect_uri=https%3A%2F%2Fapp.example%2Fauth%2Fcallback", Session: []byte(`{"subject":"user-1"}`),
	}
}

func TestOAuthRequests(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			exp := t0.Add(time.Hour)
			creates := []struct {
				name     string
				in       idpstore.OAuthRequest
				wantCode apperr.Code
			}{
				{"a code", sampleOAuthRequest(idpstore.OAuthCode, "c1", "r1", exp), ""},
				{"its access token", sampleOAuthRequest(idpstore.OAuthAccess, "a1", "r1", exp), ""},
				{"its refresh token", sampleOAuthRequest(idpstore.OAuthRefresh, "f1", "r1", exp), ""},
				{"a second refresh token", sampleOAuthRequest(idpstore.OAuthRefresh, "f2", "r1", exp), ""},
				{"another sign-in", sampleOAuthRequest(idpstore.OAuthRefresh, "g1", "r2", exp), ""},
				{"same signature, other kind", sampleOAuthRequest(idpstore.OAuthPKCE, "c1", "r1", exp), ""},
				{"same signature, same kind", sampleOAuthRequest(idpstore.OAuthCode, "c1", "r1", exp), apperr.Conflict},
				{"unknown kind", sampleOAuthRequest("device", "d1", "r1", exp), apperr.Invalid},
				{"no signature", sampleOAuthRequest(idpstore.OAuthCode, "", "r1", exp), apperr.Invalid},
			}
			for _, tt := range creates {
				if code := codeOf(db.CreateOAuthRequest(ctx, tt.in)); code != tt.wantCode {
					t.Errorf("CreateOAuthRequest %s: code = %q, want %q", tt.name, code, tt.wantCode)
				}
			}

			got, err := db.OAuthRequestBySignature(ctx, idpstore.OAuthCode, "c1")
			if want := sampleOAuthRequest(idpstore.OAuthCode, "c1", "r1", exp); err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("OAuthRequestBySignature = %+v, %v;\nwant %+v", got, err, want)
			}
			if _, err := db.OAuthRequestBySignature(ctx, idpstore.OAuthAccess, "c1"); codeOf(err) != apperr.NotFound {
				t.Errorf("OAuthRequestBySignature(wrong kind): err = %v, want NotFound", err)
			}
			// Only the hash of a signature is stored.
			var n int
			if err := db.SQL().QueryRow(`SELECT COUNT(*) FROM oauth_requests WHERE signature_hash = 'c1'`).Scan(&n); err != nil || n != 0 {
				t.Errorf("rows keyed by the raw signature = %d, %v; want 0", n, err)
			}

			deactivations := []struct {
				name        string
				kind, sig   string
				wantChanged bool
			}{
				{"first use", idpstore.OAuthCode, "c1", true},
				{"replay", idpstore.OAuthCode, "c1", false},
				{"unknown", idpstore.OAuthCode, "zz", false},
			}
			for _, tt := range deactivations {
				changed, err := db.DeactivateOAuthRequest(ctx, tt.kind, tt.sig)
				if err != nil || changed != tt.wantChanged {
					t.Errorf("DeactivateOAuthRequest %s = %v, %v; want %v, nil", tt.name, changed, err, tt.wantChanged)
				}
			}
			if got, _ := db.OAuthRequestBySignature(ctx, idpstore.OAuthCode, "c1"); got.Active {
				t.Errorf("the used code is still active")
			}

			if n, err := db.DeactivateOAuthFamily(ctx, idpstore.OAuthRefresh, "r1"); err != nil || n != 2 {
				t.Errorf("DeactivateOAuthFamily = %d, %v; want 2, nil", n, err)
			}
			if n, err := db.DeleteOAuthFamily(ctx, idpstore.OAuthAccess, "r1"); err != nil || n != 1 {
				t.Errorf("DeleteOAuthFamily = %d, %v; want 1, nil", n, err)
			}
			states := []struct {
				kind, sig  string
				wantCode   apperr.Code
				wantActive bool
			}{
				{idpstore.OAuthRefresh, "f1", "", false},
				{idpstore.OAuthRefresh, "f2", "", false},
				{idpstore.OAuthRefresh, "g1", "", true}, // another family is untouched
				{idpstore.OAuthAccess, "a1", apperr.NotFound, false},
			}
			for _, tt := range states {
				got, err := db.OAuthRequestBySignature(ctx, tt.kind, tt.sig)
				if code := codeOf(err); code != tt.wantCode || got.Active != tt.wantActive {
					t.Errorf("%s %s: active %v, code %q; want %v, %q", tt.kind, tt.sig, got.Active, code, tt.wantActive, tt.wantCode)
				}
			}
			if err := db.DeleteOAuthRequest(ctx, idpstore.OAuthRefresh, "g1"); err != nil {
				t.Errorf("DeleteOAuthRequest: %v", err)
			}
			if err := db.DeleteOAuthRequest(ctx, idpstore.OAuthRefresh, "g1"); err != nil {
				t.Errorf("DeleteOAuthRequest twice: %v, want nil", err)
			}
		})
	}
}

// TestOAuthRotationRace checks that of several requests rotating one refresh token at once, exactly
// one wins, on both databases and across connections (replicas).
func TestOAuthRotationRace(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			if err := s.db.CreateOAuthRequest(ctx, sampleOAuthRequest(idpstore.OAuthRefresh, "f1", "r1", t0.Add(time.Hour))); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			won := make([]bool, 6)
			errs := make([]error, len(won))
			for i := range won {
				wg.Add(1)
				go func() {
					defer wg.Done()
					replica := openTestDB(t, s.dsn)
					won[i], errs[i] = replica.DeactivateOAuthRequest(ctx, idpstore.OAuthRefresh, "f1")
				}()
			}
			wg.Wait()
			winners := 0
			for i := range won {
				if errs[i] != nil {
					t.Errorf("replica %d: %v", i, errs[i])
				}
				if won[i] {
					winners++
				}
			}
			if winners != 1 {
				t.Errorf("%d rotations won, want 1", winners)
			}
		})
	}
}

func TestTxContext(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			tests := []struct {
				name       string
				commit     bool
				wantStored bool
			}{
				{"committed", true, true},
				{"rolled back", false, false},
			}
			for _, tt := range tests {
				txCtx, err := db.BeginTxContext(ctx)
				if err != nil {
					t.Fatalf("%s: BeginTxContext: %v", tt.name, err)
				}
				if _, err := db.BeginTxContext(txCtx); codeOf(err) != apperr.Internal {
					t.Errorf("%s: a nested BeginTxContext: err = %v, want Internal", tt.name, err)
				}
				sig := "tx-" + tt.name
				if err := db.CreateOAuthRequest(txCtx, sampleOAuthRequest(idpstore.OAuthAccess, sig, "r1", t0.Add(time.Hour))); err != nil {
					t.Fatalf("%s: CreateOAuthRequest in the transaction: %v", tt.name, err)
				}
				// Reads in the transaction see its writes (on SQLite they must not wait for the connection).
				if _, err := db.OAuthRequestBySignature(txCtx, idpstore.OAuthAccess, sig); err != nil {
					t.Errorf("%s: read in the transaction: %v", tt.name, err)
				}
				if tt.commit {
					err = db.CommitTxContext(txCtx)
				} else {
					err = db.RollbackTxContext(txCtx)
				}
				if err != nil {
					t.Fatalf("%s: end the transaction: %v", tt.name, err)
				}
				if err := db.RollbackTxContext(txCtx); err != nil {
					t.Errorf("%s: RollbackTxContext after the end = %v, want nil", tt.name, err)
				}
				_, err = db.OAuthRequestBySignature(ctx, idpstore.OAuthAccess, sig)
				if stored := err == nil; stored != tt.wantStored {
					t.Errorf("%s: stored = %v (err %v), want %v", tt.name, stored, err, tt.wantStored)
				}
			}
			if got, want := codeOf(db.CommitTxContext(ctx)), apperr.Internal; got != want {
				t.Errorf("CommitTxContext without a transaction: code %q, want %q", got, want)
			}
		})
	}
}

func TestRevokeSubjectTokens(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			exp := t0.Add(time.Hour)
			mine := func(kind, sig, req string) idpstore.OAuthRequest {
				r := sampleOAuthRequest(kind, sig, req, exp)
				r.Subject = "revoke-me-" + s.name
				return r
			}
			for _, r := range []idpstore.OAuthRequest{
				mine(idpstore.OAuthAccess, "ra1", "rr1"), mine(idpstore.OAuthRefresh, "rf1", "rr1"),
				mine(idpstore.OAuthAccess, "ra2", "rr2"), mine(idpstore.OAuthRefresh, "rf2", "rr2"),
				sampleOAuthRequest(idpstore.OAuthRefresh, "other-f", "other-r", exp),
				sampleOAuthRequest(idpstore.OAuthAccess, "other-a", "other-r", exp),
			} {
				if err := db.CreateOAuthRequest(ctx, r); err != nil {
					t.Fatal(err)
				}
			}
			if n, err := db.RevokeSubjectTokens(ctx, "revoke-me-"+s.name); err != nil || n != 2 {
				t.Fatalf("RevokeSubjectTokens = %d, %v; want 2 refresh tokens revoked", n, err)
			}
			checks := []struct {
				kind, sig  string
				wantFound  bool
				wantActive bool
			}{
				{idpstore.OAuthAccess, "ra1", false, false},
				{idpstore.OAuthAccess, "ra2", false, false},
				{idpstore.OAuthRefresh, "rf1", true, false}, // kept, so a later use counts as reuse
				{idpstore.OAuthRefresh, "rf2", true, false},
				{idpstore.OAuthRefresh, "other-f", true, true},
				{idpstore.OAuthAccess, "other-a", true, true},
			}
			for _, c := range checks {
				got, err := db.OAuthRequestBySignature(ctx, c.kind, c.sig)
				if found := err == nil; found != c.wantFound || (found && got.Active != c.wantActive) {
					t.Errorf("%s %s after revocation: found %v active %v (err %v), want found %v active %v",
						c.kind, c.sig, found, got.Active, err, c.wantFound, c.wantActive)
				}
			}
		})
	}
}

// TestRefreshRotationGrace walks one refresh token through its rotations: the first retires its
// access token, a second use inside the window is allowed without moving the window, and revoking
// (a family, an account) ends the grace so the token never revives.
func TestRefreshRotationGrace(t *testing.T) {
	t.Parallel()
	const window = 30 * time.Second
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			exp := t0.Add(time.Hour)
			pair := func(refresh, access, requestID, subject string) {
				t.Helper()
				a := sampleOAuthRequest(idpstore.OAuthAccess, access, requestID, exp)
				r := sampleOAuthRequest(idpstore.OAuthRefresh, refresh, requestID, exp)
				a.Subject, r.Subject, r.AccessSignature = subject, subject, access
				for _, row := range []idpstore.OAuthRequest{a, r} {
					if err := db.CreateOAuthRequest(ctx, row); err != nil {
						t.Fatal(err)
					}
				}
			}
			pair("g-f1", "g-a1", "g-r1", "grace-"+s.name)
			pair("g-f2", "g-a2", "g-r2", "grace-"+s.name)
			pair("g-f3", "g-a3", "g-r3", "grace-other-"+s.name)
			pair("g-f4", "g-a4", "g-r4", "grace-other-"+s.name)

			steps := []struct {
				name string
				do   func() (bool, error)
				want bool
			}{
				{"first rotation", rotateAt(db, "g-f1", t0, window), true},
				{"its access token is retired", accessKept(db, "g-a1"), false},
				{"another family's access token stays", accessKept(db, "g-a2"), true},
				{"rotated since the window opened", rotatedSince(db, "g-f1", t0.Add(-time.Second)), true},
				{"second use inside the window", rotateAt(db, "g-f1", t0.Add(20*time.Second), window), true},
				{"the second use did not move the window", rotateAt(db, "g-f1", t0.Add(window), window), false},
				{"not rotated since the window closed", rotatedSince(db, "g-f1", t0), false},
				{"an unknown token", rotateAt(db, "g-nope", t0, window), false},
				{"an unrotated token was not rotated", rotatedSince(db, "g-f2", t0.Add(-time.Hour)), false},
				{"rotation before its family is revoked", rotateAt(db, "g-f3", t0, window), true},
				{"revoking the family", func() (bool, error) {
					n, err := db.DeactivateOAuthFamily(ctx, idpstore.OAuthRefresh, "g-r3")
					return n == 1, err
				}, true},
				{"a revoked family's token inside the window", rotateAt(db, "g-f3", t0.Add(time.Second), window), false},
				{"a revoked family's token has no rotation", rotatedSince(db, "g-f3", t0.Add(-time.Hour)), false},
				{"rotation before the account is revoked", rotateAt(db, "g-f2", t0, window), true},
				{"revoking the account ends both its rotated tokens", func() (bool, error) {
					n, err := db.RevokeSubjectTokens(ctx, "grace-"+s.name)
					return n == 2, err
				}, true},
				{"a revoked account's older token has no rotation", rotatedSince(db, "g-f1", t0.Add(-time.Hour)), false},
				{"a revoked account's token inside the window", rotateAt(db, "g-f2", t0.Add(time.Second), window), false},
				{"another account's token", rotateAt(db, "g-f4", t0, window), true},
			}
			for _, tt := range steps {
				got, err := tt.do()
				if err != nil || got != tt.want {
					t.Errorf("%s = %v, %v; want %v, nil", tt.name, got, err, tt.want)
				}
			}
		})
	}
}

// rotateAt rotates a refresh token at now with the given grace window.
func rotateAt(db *DB, sig string, now time.Time, window time.Duration) func() (bool, error) {
	return func() (bool, error) { return db.RotateOAuthRefresh(ctx, sig, now, now.Add(-window)) }
}

func rotatedSince(db *DB, sig string, since time.Time) func() (bool, error) {
	return func() (bool, error) { return db.OAuthRefreshRotatedSince(ctx, sig, since) }
}

// accessKept reports whether an access token is still stored.
func accessKept(db *DB, sig string) func() (bool, error) {
	return func() (bool, error) {
		_, err := db.OAuthRequestBySignature(ctx, idpstore.OAuthAccess, sig)
		if apperr.Is(err, apperr.NotFound) {
			return false, nil
		}
		return err == nil, err
	}
}

// TestRefreshRotationRaceInsideTheWindow rotates one refresh token from several replicas at once:
// inside the window every one of them may go on, so none of the members' requests fails.
func TestRefreshRotationRaceInsideTheWindow(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			if err := s.db.CreateOAuthRequest(ctx, sampleOAuthRequest(idpstore.OAuthRefresh, "race-f1", "race-r1", t0.Add(time.Hour))); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			rotated := make([]bool, 6)
			errs := make([]error, len(rotated))
			for i := range rotated {
				wg.Add(1)
				go func() {
					defer wg.Done()
					replica := openTestDB(t, s.dsn)
					now := t0.Add(time.Duration(i) * time.Second)
					rotated[i], errs[i] = replica.RotateOAuthRefresh(ctx, "race-f1", now, now.Add(-30*time.Second))
				}()
			}
			wg.Wait()
			for i := range rotated {
				if errs[i] != nil || !rotated[i] {
					t.Errorf("replica %d: rotated %v, %v; want true, nil", i, rotated[i], errs[i])
				}
			}
		})
	}
}
