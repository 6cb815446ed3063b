package sqlstore

import (
	"fmt"
	"reflect"
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

// mustAssign makes coachID the member's current coach at at, ending the previous assignment.
func mustAssign(t *testing.T, db *DB, userID, coachID string, at time.Time) coaching.Assignment {
	t.Helper()
	if current, err := db.CurrentAssignment(ctx, userID); err == nil {
		if err := db.EndAssignment(ctx, current.ID, at); err != nil {
			t.Fatalf("EndAssignment: %v", err)
		}
	}
	a, err := db.CreateAssignment(ctx, userID, coachID, at)
	if err != nil {
		t.Fatalf("CreateAssignment(%q, %q): %v", userID, coachID, err)
	}
	return a
}

// TestAssignments checks the store's part of choosing a coach: the coach's load, one current
// assignment per member, ending it, and the history. The rules of choosing are coaching's.
func TestAssignments(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
			mustCoach(t, db, "roomy", true, 10)
			mustCoach(t, db, "resting", false, 3)
			at := func(m int) time.Time { return t0.Add(time.Duration(m) * time.Minute) }

			first, err := db.CreateAssignment(ctx, ann.ID, "roomy", at(0))
			if err != nil || first.ID == 0 || first.UserID != ann.ID || first.CoachID != "roomy" || !first.AssignedAt.Equal(at(0)) || first.EndedAt != nil {
				t.Fatalf("CreateAssignment = %+v, %v", first, err)
			}
			creates := []struct {
				name            string
				userID, coachID string
				wantCode        apperr.Code
			}{
				{"a second current assignment", ann.ID, "resting", apperr.Conflict},
				{"an unknown coach", bob.ID, "nobody", apperr.NotFound},
				{"an unknown member", "nobody", "roomy", apperr.NotFound},
			}
			for _, tt := range creates {
				if _, err := db.CreateAssignment(ctx, tt.userID, tt.coachID, at(1)); codeOf(err) != tt.wantCode {
					t.Errorf("%s: err = %v, want %s", tt.name, err, tt.wantCode)
				}
			}
			if err := db.EndAssignment(ctx, first.ID, at(2)); err != nil {
				t.Fatalf("EndAssignment: %v", err)
			}
			if err := db.EndAssignment(ctx, first.ID, at(3)); codeOf(err) != apperr.NotFound {
				t.Errorf("ending an ended assignment: err = %v, want NotFound", err)
			}
			second := mustAssign(t, db, ann.ID, "resting", at(2))
			mustAssign(t, db, bob.ID, "resting", at(4))
			if err := db.EndAssignment(ctx, second.ID, at(1)); codeOf(err) != apperr.Invalid {
				t.Errorf("ending before the start: err = %v, want Invalid", err)
			}

			loads := []struct {
				coachID      string
				wantAssigned int
				wantActive   bool
				wantCode     apperr.Code
			}{
				{"roomy", 0, true, ""},
				{"resting", 2, false, ""},
				{"nobody", 0, false, apperr.NotFound},
			}
			for _, tt := range loads {
				l, err := db.LockCoach(ctx, tt.coachID)
				if codeOf(err) != tt.wantCode || l.Assigned != tt.wantAssigned || l.Coach.Active != tt.wantActive {
					t.Errorf("LockCoach(%q) = %d members, active %v, err %v; want %d, %v, %q",
						tt.coachID, l.Assigned, l.Coach.Active, err, tt.wantAssigned, tt.wantActive, tt.wantCode)
				}
			}

			current, err := db.CurrentAssignment(ctx, ann.ID)
			if err != nil || !reflect.DeepEqual(current, second) {
				t.Errorf("CurrentAssignment = %+v, %v; want %+v", current, err, second)
			}
			history, err := db.AssignmentHistory(ctx, ann.ID)
			if err != nil {
				t.Fatal(err)
			}
			ended := at(2)
			wantHistory := []coaching.Assignment{
				{UserID: ann.ID, CoachID: "resting", AssignedAt: at(2)},
				{UserID: ann.ID, CoachID: "roomy", AssignedAt: at(0), EndedAt: &ended},
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
			if err := db.LockUser(ctx, ann.ID); err != nil {
				t.Errorf("LockUser(ann) = %v", err)
			}
			if err := db.LockUser(ctx, "nobody"); codeOf(err) != apperr.NotFound {
				t.Errorf("LockUser(unknown) = %v, want NotFound", err)
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
				mustAssign(t, db, u.ID, a.coach, t0)
				if a.user == "u4" {
					// u4 moves on, so Amir's count includes only current members.
					mustAssign(t, db, u.ID, "c-zoe", t0.Add(time.Minute))
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
