package sqlstore

import (
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/coaching"
)

// mustCoach stores a coach with the given id, state and capacity or fails the test.
func mustCoach(t *testing.T, db *DB, id string, active bool, capacity int) coaching.Coach {
	t.Helper()
	c, err := db.UpsertCoach(ctx, coaching.Coach{ID: id, FirstName: "Coach", LastName: id, Active: active, Capacity: capacity})
	if err != nil {
		t.Fatalf("UpsertCoach(%q): %v", id, err)
	}
	return c
}

func TestUpsertCoach(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			u := mustUser(t, db, "coach-account")
			full := coaching.Coach{ID: "maya", UserID: u.ID, FirstName: "Maya", LastName: "Reyes", Nickname: "May",
				AvatarURL: "https://example.com/maya.jpg", OneLiner: "Small steps, every day.", Tags: "focus,routines",
				Timezone: "America/New_York", Description: "Maya has coached adults with ADHD for ten years.",
				IntroVideoURL: "https://vimeo.com/1", CaptionsURL: "https://example.com/maya.vtt", Active: true, Capacity: 20}
			renamed := full
			renamed.Nickname, renamed.Active, renamed.Capacity, renamed.UserID = "Mayita", false, 0, ""
			tests := []struct {
				name     string
				in       coaching.Coach
				wantCode apperr.Code
			}{
				{"new coach with every field", full, ""},
				{"the same coach updated", renamed, ""},
				{"new coach without id", coaching.Coach{FirstName: "Sam", Active: true, Capacity: 1}, ""},
				{"negative capacity", coaching.Coach{ID: "neg", Capacity: -1}, apperr.Invalid},
				{"unknown user account", coaching.Coach{ID: "ghost", UserID: "nobody"}, apperr.NotFound},
			}
			var created time.Time
			for _, tt := range tests {
				got, err := db.UpsertCoach(ctx, tt.in)
				if code := codeOf(err); code != tt.wantCode {
					t.Errorf("%s: code = %q, want %q (err %v)", tt.name, code, tt.wantCode, err)
					continue
				}
				if err != nil {
					continue
				}
				if got.ID == "" {
					t.Errorf("%s: no ID was given", tt.name)
				}
				if tt.in.ID == "maya" {
					if created.IsZero() {
						created = got.CreatedAt
					} else if !got.CreatedAt.Equal(created) {
						t.Errorf("%s: CreatedAt = %v, want it kept at %v", tt.name, got.CreatedAt, created)
					}
				}
				want := tt.in
				want.ID, want.CreatedAt, want.UpdatedAt = got.ID, got.CreatedAt, got.UpdatedAt
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s: got %+v, want %+v", tt.name, got, want)
				}
				byID, err := db.CoachByID(ctx, got.ID)
				if err != nil || !reflect.DeepEqual(byID, got) {
					t.Errorf("%s: CoachByID = %+v, %v; want %+v", tt.name, byID, err, got)
				}
			}

			// One user account can be only one coach.
			mustCoach(t, db, "first", true, 1)
			linked := coaching.Coach{ID: "first", UserID: u.ID, Active: true}
			if _, err := db.UpsertCoach(ctx, linked); err != nil {
				t.Fatal(err)
			}
			linked.ID = "second"
			if _, err := db.UpsertCoach(ctx, linked); codeOf(err) != apperr.Conflict {
				t.Errorf("a second coach on the same account: err = %v, want Conflict", err)
			}
			if _, err := db.CoachByID(ctx, "nobody"); codeOf(err) != apperr.NotFound {
				t.Errorf("CoachByID(unknown): err = %v, want NotFound", err)
			}
		})
	}
}

func TestAssignCoach(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			ann, bob, cat := mustUser(t, db, "ann"), mustUser(t, db, "bob"), mustUser(t, db, "cat")
			mustCoach(t, db, "roomy", true, 10)
			mustCoach(t, db, "single", true, 1)
			mustCoach(t, db, "resting", false, 10)
			mustCoach(t, db, "none", true, 0)
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
				{"first choice", ann.ID, "single", at(0), "single", at(0), ""},
				{"the same coach again changes nothing", ann.ID, "single", at(1), "single", at(0), ""},
				{"a full coach", bob.ID, "single", at(2), "", time.Time{}, apperr.Conflict},
				{"a coach with no places", bob.ID, "none", at(2), "", time.Time{}, apperr.Conflict},
				{"an inactive coach", bob.ID, "resting", at(2), "", time.Time{}, apperr.Conflict},
				{"an unknown coach", bob.ID, "nobody", at(2), "", time.Time{}, apperr.NotFound},
				{"an unknown member", "nobody", "roomy", at(2), "", time.Time{}, apperr.NotFound},
				{"switching frees the place", ann.ID, "roomy", at(3), "roomy", at(3), ""},
				{"the freed place is taken", bob.ID, "single", at(4), "single", at(4), ""},
				{"switching back", ann.ID, "single", at(5), "", time.Time{}, apperr.Conflict},
				{"another switch", ann.ID, "resting", at(5), "", time.Time{}, apperr.Conflict},
				{"cat joins", cat.ID, "roomy", at(6), "roomy", at(6), ""},
			}
			for _, tt := range steps {
				got, err := db.AssignCoach(ctx, tt.userID, tt.coachID, tt.now)
				if code := codeOf(err); code != tt.wantCode {
					t.Errorf("%s: code = %q, want %q (err %v)", tt.name, code, tt.wantCode, err)
					continue
				}
				if err != nil {
					continue
				}
				if got.UserID != tt.userID || got.CoachID != tt.wantCoach || !got.AssignedAt.Equal(tt.wantAt) || got.EndedAt != nil || got.ID == 0 {
					t.Errorf("%s: got %+v, want a current assignment to %q from %v", tt.name, got, tt.wantCoach, tt.wantAt)
				}
				current, err := db.CurrentAssignment(ctx, tt.userID)
				if err != nil || !reflect.DeepEqual(current, got) {
					t.Errorf("%s: CurrentAssignment = %+v, %v; want %+v", tt.name, current, err, got)
				}
			}

			history, err := db.AssignmentHistory(ctx, ann.ID)
			if err != nil {
				t.Fatal(err)
			}
			ended := at(3)
			wantHistory := []coaching.Assignment{
				{UserID: ann.ID, CoachID: "roomy", AssignedAt: at(3)},
				{UserID: ann.ID, CoachID: "single", AssignedAt: at(0), EndedAt: &ended},
			}
			for i := range history {
				history[i].ID = 0
			}
			if !reflect.DeepEqual(history, wantHistory) {
				t.Errorf("AssignmentHistory(ann) = %+v, want %+v", history, wantHistory)
			}
			if history, err := db.AssignmentHistory(ctx, "nobody"); err != nil || len(history) != 0 || history == nil {
				t.Errorf("AssignmentHistory(unknown) = %+v, %v; want an empty list", history, err)
			}
			if _, err := db.CurrentAssignment(ctx, mustUser(t, db, "dan").ID); codeOf(err) != apperr.NotFound {
				t.Errorf("CurrentAssignment without a coach: err = %v, want NotFound", err)
			}

			// Choosing the coach one already has succeeds even when that coach is now full or resting.
			if _, err := db.UpsertCoach(ctx, coaching.Coach{ID: "single", Active: false, Capacity: 1}); err != nil {
				t.Fatal(err)
			}
			if got, err := db.AssignCoach(ctx, bob.ID, "single", at(9)); err != nil || !got.AssignedAt.Equal(at(4)) {
				t.Errorf("the same, now inactive, coach: %+v, %v; want the assignment from %v", got, err, at(4))
			}
		})
	}
}

func TestListCoaches(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			for _, c := range []coaching.Coach{
				{ID: "c-zoe", FirstName: "Zoe", Active: true, Capacity: 5},
				{ID: "c-amir", FirstName: "Amir", Active: true, Capacity: 5},
				{ID: "c-ben", FirstName: "Ben", Active: false, Capacity: 5},
			} {
				if _, err := db.UpsertCoach(ctx, c); err != nil {
					t.Fatal(err)
				}
			}
			assign := []struct{ user, coach string }{{"u1", "c-zoe"}, {"u2", "c-zoe"}, {"u3", "c-amir"}, {"u4", "c-amir"}}
			for _, a := range assign {
				u := mustUser(t, db, a.user)
				if _, err := db.AssignCoach(ctx, u.ID, a.coach, t0); err != nil {
					t.Fatal(err)
				}
				if a.user == "u4" {
					// u4 moves on, so Amir's count includes only current members.
					if _, err := db.AssignCoach(ctx, u.ID, "c-zoe", t0.Add(time.Minute)); err != nil {
						t.Fatal(err)
					}
				}
			}
			tests := []struct {
				activeOnly bool
				want       []string
			}{
				{true, []string{"c-amir:1", "c-zoe:3"}},
				{false, []string{"c-amir:1", "c-ben:0", "c-zoe:3"}},
			}
			for _, tt := range tests {
				list, err := db.ListCoaches(ctx, tt.activeOnly)
				if err != nil {
					t.Fatal(err)
				}
				got := []string{}
				for _, l := range list {
					got = append(got, fmt.Sprintf("%s:%d", l.Coach.ID, l.Assigned))
				}
				if !reflect.DeepEqual(got, tt.want) {
					t.Errorf("ListCoaches(%v) = %v, want %v", tt.activeOnly, got, tt.want)
				}
			}
		})
	}
}

// TestAssignCoachLastPlace lets many members reach for a coach's last places at once, in several
// rounds because a race shows only sometimes: exactly as many as there are places may get them, and
// the rest are told the coach is full.
func TestAssignCoachLastPlace(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			const rounds, places, members = 5, 2, 30
			for round := 0; round < rounds; round++ {
				coachID := fmt.Sprintf("popular-%d", round)
				mustCoach(t, db, coachID, true, places)
				ids := make([]string, members)
				for i := range ids {
					ids[i] = mustUser(t, db, fmt.Sprintf("m%d-%d", round, i)).ID
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
						_, err := db.AssignCoach(ctx, id, coachID, t0)
						mu.Lock()
						codes[codeOf(err)]++
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
