package sqlstore

import (
	"bytes"
	"sync"
	"testing"

	"wayfinder/internal/apperr"
)

func TestServerSecret(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			tests := []struct {
				name      string
				secret    string
				candidate []byte
				want      []byte
				wantCode  apperr.Code
			}{
				{"first start stores the candidate", "global", []byte("first"), []byte("first"), ""},
				{"later starts keep the first value", "global", []byte("second"), []byte("first"), ""},
				{"another name is separate", "web-client", []byte("other"), []byte("other"), ""},
				{"no name", "", []byte("x"), nil, apperr.Invalid},
				{"no value", "empty", nil, nil, apperr.Invalid},
			}
			for _, tt := range tests {
				got, err := db.ServerSecret(ctx, tt.secret, tt.candidate, t0)
				if code := codeOf(err); code != tt.wantCode {
					t.Errorf("%s: code = %q, want %q (err %v)", tt.name, code, tt.wantCode, err)
					continue
				}
				if !bytes.Equal(got, tt.want) {
					t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
				}
			}

			// Replicas starting together each offer a candidate and must all end up with one value.
			var wg sync.WaitGroup
			got := make([][]byte, 8)
			errs := make([]error, len(got))
			for i := range got {
				wg.Add(1)
				go func() {
					defer wg.Done()
					replica := openTestDB(t, s.dsn)
					got[i], errs[i] = replica.ServerSecret(ctx, "raced", []byte{byte('a' + i)}, t0)
				}()
			}
			wg.Wait()
			for i := range got {
				if errs[i] != nil {
					t.Fatalf("replica %d: %v", i, errs[i])
				}
				if !bytes.Equal(got[i], got[0]) {
					t.Errorf("replica %d got %q, replica 0 got %q; want the same", i, got[i], got[0])
				}
			}
		})
	}
}
