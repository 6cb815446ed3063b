package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"wayfinder/internal/apperr"
	"wayfinder/internal/onboarding"
)

// TestInTx checks the transaction seam domain services use: several calls commit together or not
// at all, an inner InTx is a savepoint, and many at once (batched on SQLite) keep each outcome apart.
func TestInTx(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			refused := apperr.Generic(apperr.Conflict, errors.New("refused"))
			save := func(ctx context.Context, userID, slug string) error {
				return db.SaveSurvey(ctx, userID, slug, "", sampleAnswers(slug, "x"), onboarding.UTM{}, t0)
			}
			slugs := func(userID string) string {
				stored, err := db.SurveyAnswers(ctx, userID)
				if err != nil {
					t.Fatal(err)
				}
				got := ""
				for _, a := range stored {
					got += a.QuestionSlug + " "
				}
				return got
			}
			tests := []struct {
				name     string
				fn       func(ctx context.Context, userID string) error
				wantCode apperr.Code
				want     string // the answered slugs
				named    bool   // the profile has the new name
			}{
				{"both calls commit", func(ctx context.Context, userID string) error {
					if err := save(ctx, userID, "a"); err != nil {
						return err
					}
					_, err := db.UpdateUserProfile(ctx, userID, "Sam", "Rivera", nil, "")
					return err
				}, "", "a ", true},
				{"an error undoes every call", func(ctx context.Context, userID string) error {
					if err := save(ctx, userID, "a"); err != nil {
						return err
					}
					if _, err := db.UpdateUserProfile(ctx, userID, "Sam", "Rivera", nil, ""); err != nil {
						return err
					}
					return refused
				}, apperr.Conflict, "", false},
				{"a failing statement undoes the calls before it", func(ctx context.Context, userID string) error {
					if err := save(ctx, userID, "a"); err != nil {
						return err
					}
					_, err := db.CreateAssignment(ctx, userID, "no-such-coach", t0)
					return err
				}, apperr.NotFound, "", false},
				{"an inner failure undoes the inner calls only", func(ctx context.Context, userID string) error {
					if err := save(ctx, userID, "a"); err != nil {
						return err
					}
					inner := db.InTx(ctx, func(ctx context.Context) error {
						if err := save(ctx, userID, "b"); err != nil {
							return err
						}
						_, err := db.CreateAssignment(ctx, userID, "no-such-coach", t0)
						return err
					})
					if codeOf(inner) != apperr.NotFound {
						return fmt.Errorf("inner InTx: %v, want NotFound", inner)
					}
					return save(ctx, userID, "c")
				}, "", "a c ", false},
			}
			for i, tt := range tests {
				u := mustUser(t, db, fmt.Sprintf("tx-%d", i))
				err := db.InTx(ctx, func(ctx context.Context) error { return tt.fn(ctx, u.ID) })
				if codeOf(err) != tt.wantCode {
					t.Errorf("%s: err = %v, want code %q", tt.name, err, tt.wantCode)
				}
				if got := slugs(u.ID); got != tt.want {
					t.Errorf("%s: answers = %q, want %q", tt.name, got, tt.want)
				}
				stored, _ := db.UserByID(ctx, u.ID)
				if named := stored.FirstName == "Sam"; named != tt.named {
					t.Errorf("%s: profile named %q", tt.name, stored.FirstName)
				}
			}

			// Many at once: on SQLite they share commits; every third fails and must leave nothing.
			const n = 40
			u := mustUser(t, db, "tx-many")
			var wg sync.WaitGroup
			errs := make([]error, n)
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs[i] = db.InTx(ctx, func(ctx context.Context) error {
						if err := save(ctx, u.ID, fmt.Sprintf("q%02d", i)); err != nil {
							return err
						}
						if i%3 == 0 {
							return refused
						}
						return nil
					})
				}()
			}
			wg.Wait()
			want := ""
			for i := range n {
				if i%3 == 0 {
					if codeOf(errs[i]) != apperr.Conflict {
						t.Errorf("transaction %d: err = %v, want its own Conflict", i, errs[i])
					}
					continue
				}
				if errs[i] != nil {
					t.Errorf("transaction %d: err = %v", i, errs[i])
				}
				want += fmt.Sprintf("q%02d ", i)
			}
			if got := slugs(u.ID); got != want {
				t.Errorf("after the concurrent transactions: answers = %q, want %q", got, want)
			}
		})
	}
}

// TestInTxFailures checks the transaction seam's ways out: a panic in fn fails its caller with an
// Internal error and undoes its writes (on SQLite it runs on the committer's goroutine, where a
// panic would otherwise stop the process), and a transaction whose savepoint could not be undone
// is never committed.
func TestInTxFailures(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			u := mustUser(t, db, "tx-failures")
			save := func(ctx context.Context, slug string) error {
				return db.SaveSurvey(ctx, u.ID, slug, "", sampleAnswers(slug, "x"), onboarding.UTM{}, t0)
			}
			err := db.InTx(ctx, func(ctx context.Context) error {
				if err := save(ctx, "before-panic"); err != nil {
					return err
				}
				var nothing map[string]int
				nothing["boom"] = 1 // a nil map write panics
				return nil
			})
			if codeOf(err) != apperr.Internal || !strings.Contains(err.Error(), "panic") {
				t.Errorf("a panicking transaction: err = %v, want Internal with the panic", err)
			}
			err = db.InTx(ctx, func(ctx context.Context) error {
				if err := save(ctx, "broken"); err != nil {
					return err
				}
				tx := db.txOf(ctx)
				tx.mu.Lock()
				tx.broken = true // as after a ROLLBACK TO that failed
				tx.mu.Unlock()
				return nil
			})
			if codeOf(err) != apperr.Internal {
				t.Errorf("a transaction with a broken savepoint: err = %v, want Internal", err)
			}
			if stored, err := db.SurveyAnswers(ctx, u.ID); err != nil || len(stored) != 0 {
				t.Errorf("after the failures the answers are %+v, %v; want none", stored, err)
			}
			// The store still works: the committer survived the panic.
			if err := db.InTx(ctx, func(ctx context.Context) error { return save(ctx, "after") }); err != nil {
				t.Errorf("a transaction after the failures: %v", err)
			}
		})
	}
}

// TestStmtInTransaction checks that a statement first met inside a transaction works there and is
// kept prepared once the transaction ends (on SQLite it cannot be prepared on the pool meanwhile).
func TestStmtInTransaction(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			const query = `SELECT COUNT(*) FROM users WHERE email = $1`
			err := db.InTx(ctx, func(ctx context.Context) error {
				st, err := db.stmt(ctx, query)
				if err != nil {
					return err
				}
				var n int
				return st.QueryRowContext(ctx, "nobody@example.com").Scan(&n)
			})
			if err != nil {
				t.Fatalf("InTx: %v", err)
			}
			if _, ok := db.stmts.Load(query); !ok {
				t.Error("the statement was not prepared for good after the transaction")
			}
		})
	}
}
