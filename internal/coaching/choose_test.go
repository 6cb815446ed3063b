package coaching_test

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/coaching"
	"wayfinder/internal/sqlstore"
	"wayfinder/internal/sqlstore/storetest"
)

// openJourney lets every member reach the coaches: these tests are about the rules of choosing.
// The journey's own gate is tested in onboarding and, end to end, by the API's scenarios.
type openJourney struct{}

func (openJourney) CoachingNeeds(context.Context, string) (coaching.Needs, error) {
	return coaching.Needs{}, nil
}
func (openJourney) RequireOpen(context.Context, string) error { return nil }

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// stores returns a migrated store on each test database.
func stores(t *testing.T) map[string]*sqlstore.DB { return storetest.Stores(t) }

func member(t *testing.T, db *sqlstore.DB, subject string) string {
	t.Helper()
	u, err := db.CreateUser(context.Background(), account.User{Subject: subject})
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

func coach(t *testing.T, db *sqlstore.DB, id string, active bool, capacity int) {
	t.Helper()
	if _, err := db.UpsertCoach(context.Background(), coaching.Coach{ID: id, FirstName: "Coach", LastName: id, Active: active, Capacity: capacity}); err != nil {
		t.Fatal(err)
	}
}

// TestChooseRules walks members through choices and switches on each database: a full, resting or
// unknown coach is refused and changes nothing, switching frees the place, and choosing one's own
// coach again changes nothing even when that coach has since stopped taking members.
func TestChooseRules(t *testing.T) {
	t.Parallel()
	for name, db := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			ann, bob, cat := member(t, db, "ann"), member(t, db, "bob"), member(t, db, "cat")
			coach(t, db, "roomy", true, 10)
			coach(t, db, "single", true, 1)
			coach(t, db, "resting", false, 10)
			coach(t, db, "none", true, 0)
			clock := t0
			svc := coaching.NewService(db, openJourney{}, func() time.Time { return clock })
			at := func(m int) time.Time { return t0.Add(time.Duration(m) * time.Minute) }
			steps := []struct {
				name      string
				userID    string
				coachID   string
				now       time.Time
				wantCoach string
				wantAt    time.Time
				wantCode  apperr.Code
			}{
				{"first choice", ann, "single", at(0), "single", at(0), ""},
				{"the same coach again changes nothing", ann, "single", at(1), "single", at(0), ""},
				{"a full coach", bob, "single", at(2), "", time.Time{}, apperr.Conflict},
				{"a coach with no places", bob, "none", at(2), "", time.Time{}, apperr.Conflict},
				{"a resting coach", bob, "resting", at(2), "", time.Time{}, apperr.Conflict},
				{"an unknown coach", bob, "nobody", at(2), "", time.Time{}, apperr.NotFound},
				{"an unknown member", "nobody", "roomy", at(2), "", time.Time{}, apperr.NotFound},
				{"switching frees the place", ann, "roomy", at(3), "roomy", at(3), ""},
				{"the freed place is taken", bob, "single", at(4), "single", at(4), ""},
				{"switching back to a full coach", ann, "single", at(5), "roomy", at(3), apperr.Conflict},
				{"switching to a resting coach", ann, "resting", at(5), "roomy", at(3), apperr.Conflict},
				{"cat joins", cat, "roomy", at(6), "roomy", at(6), ""},
			}
			for _, tt := range steps {
				clock = tt.now
				got, err := svc.Choose(ctx, tt.userID, tt.coachID)
				if code := apperr.CodeOf(err); code != tt.wantCode {
					t.Errorf("%s: code = %q, want %q (err %v)", tt.name, code, tt.wantCode, err)
					continue
				}
				current, cerr := db.CurrentAssignment(ctx, tt.userID)
				if tt.wantCoach == "" {
					if apperr.CodeOf(cerr) != apperr.NotFound {
						t.Errorf("%s: the member has a coach after a refusal: %+v", tt.name, current)
					}
					continue
				}
				if cerr != nil || current.CoachID != tt.wantCoach || !current.AssignedAt.Equal(tt.wantAt) {
					t.Errorf("%s: current = %+v, %v; want %q from %v", tt.name, current, cerr, tt.wantCoach, tt.wantAt)
				}
				if err == nil && !reflect.DeepEqual(got, current) {
					t.Errorf("%s: Choose = %+v, want the current assignment %+v", tt.name, got, current)
				}
			}
			history, err := db.AssignmentHistory(ctx, ann)
			if err != nil || len(history) != 2 || history[1].EndedAt == nil || !history[1].EndedAt.Equal(at(3)) {
				t.Errorf("ann's history = %+v, %v; want the first coach ended when she switched", history, err)
			}

			// Choosing the coach one already has succeeds even when that coach is now resting.
			coach(t, db, "single", false, 1)
			clock = at(9)
			if got, err := svc.Choose(ctx, bob, "single"); err != nil || !got.AssignedAt.Equal(at(4)) {
				t.Errorf("the same, now resting, coach: %+v, %v; want the assignment from %v", got, err, at(4))
			}
			// A clock behind the current assignment's start never ends it before it began.
			clock = at(-60)
			if _, err := svc.Choose(ctx, cat, "resting"); apperr.CodeOf(err) != apperr.Conflict {
				t.Errorf("switching to a resting coach with a slow clock: %v", err)
			}
			coach(t, db, "late", true, 5)
			if _, err := svc.Choose(ctx, cat, "late"); err != nil {
				t.Errorf("switching with a slow clock: %v", err)
			}
		})
	}
}

// TestChooseLastPlace lets many members reach for a coach's last places at once, in several rounds
// because a race shows only sometimes: exactly as many as there are places may get them, and the
// rest are told the coach is full.
func TestChooseLastPlace(t *testing.T) {
	t.Parallel()
	for name, db := range stores(t) {
		t.Run(name, func(t *testing.T) {
			svc := coaching.NewService(db, openJourney{}, time.Now)
			const rounds, places, members = 5, 2, 30
			for round := range rounds {
				coachID := fmt.Sprintf("popular-%d", round)
				coach(t, db, coachID, true, places)
				ids := make([]string, members)
				for i := range ids {
					ids[i] = member(t, db, fmt.Sprintf("m%d-%d", round, i))
				}
				var (
					wg    sync.WaitGroup
					mu    sync.Mutex
					codes = map[apperr.Code]int{}
				)
				for _, id := range ids {
					wg.Add(1)
					go func() {
						defer wg.Done()
						_, err := svc.Choose(context.Background(), id, coachID)
						mu.Lock()
						codes[apperr.CodeOf(err)]++
						mu.Unlock()
					}()
				}
				wg.Wait()
				want := map[apperr.Code]int{"": places, apperr.Conflict: members - places}
				if !reflect.DeepEqual(codes, want) {
					t.Errorf("round %d: outcomes = %v, want %v", round, codes, want)
				}
			}
		})
	}
}
