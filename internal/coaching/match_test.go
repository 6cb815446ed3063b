package coaching

import (
	"reflect"
	"testing"
)

func load(id, first, last, tags, zone string, capacity, assigned int) CoachLoad {
	return CoachLoad{Coach: Coach{ID: id, FirstName: first, LastName: last, Tags: tags, Timezone: zone, Active: true, Capacity: capacity}, Assigned: assigned}
}

func TestMatch(t *testing.T) {
	needs := Needs{Challenges: []string{"time-management", "managing-emotions"}, Help: []string{"emotional-support", "accountable"}, TimeZone: "America/Chicago"}
	tests := []struct {
		name  string
		coach Coach
		needs Needs
		want  Match
	}{
		{"nothing in common", Coach{Tags: "Focus, Warm", Timezone: "Pacific/Honolulu"}, needs, Match{}},
		{"one challenge", Coach{Tags: "Time management"}, needs, Match{Topics: []string{"Time management"}, Score: 3}},
		{"tags are matched whatever their case and spacing", Coach{Tags: " time MANAGEMENT ,Warm"}, needs,
			Match{Topics: []string{"time MANAGEMENT"}, Score: 3}},
		{"a help need", Coach{Tags: "Accountability"}, needs, Match{Topics: []string{"Accountability"}, Score: 2}},
		{"a tag serving a challenge and a help need counts both", Coach{Tags: "Emotional regulation"}, needs,
			Match{Topics: []string{"Emotional regulation"}, Score: 5}},
		{"the same zone", Coach{Timezone: "America/Chicago"}, needs, Match{SameTimeZone: true, Score: 2}},
		{"an hour away", Coach{Timezone: "America/New_York"}, needs, Match{NearTimeZone: true, Score: 1}},
		{"Arizona is an hour from Denver in winter", Coach{Timezone: "America/Phoenix"}, Needs{TimeZone: "America/Denver"},
			Match{NearTimeZone: true, Score: 1}},
		{"two hours away is not near", Coach{Timezone: "America/Denver"}, Needs{TimeZone: "America/New_York"}, Match{}},
		{"an unknown zone is ignored", Coach{Timezone: "Mars/Olympus"}, needs, Match{}},
		{"no zone given", Coach{Timezone: "America/Chicago"}, Needs{}, Match{}},
		{"everything", Coach{Tags: "Warm, Time management, Accountability", Timezone: "America/Chicago"}, needs,
			Match{Topics: []string{"Time management", "Accountability"}, SameTimeZone: true, Score: 7}},
	}
	for _, tt := range tests {
		if got := match(tt.coach, tt.needs); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: match = %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

func TestRank(t *testing.T) {
	coaches := []CoachLoad{
		load("a", "Ada", "Zed", "Focus", "America/Los_Angeles", 10, 0),
		load("b", "Bo", "Young", "Time management", "America/New_York", 10, 9),
		load("c", "Cy", "Xu", "Time management", "America/Chicago", 10, 5),
		load("d", "Di", "Wu", "Warm", "America/Chicago", 10, 0),
		load("e", "Ed", "Vo", "Warm", "Pacific/Honolulu", 10, 0),
	}
	ids := func(rs []Ranked) (out []string) {
		for _, r := range rs {
			out = append(out, r.Coach.ID)
		}
		return out
	}
	tests := []struct {
		name            string
		needs           Needs
		want            []string
		wantRecommended bool
	}{
		// c: time management + same zone (5); b: time management + an hour away (4); d: same zone (2);
		// then a and e fit in nothing, a with more places left... both have 10: by last name, Vo before Zed.
		{"best fit first", Needs{Challenges: []string{"time-management"}, TimeZone: "America/Chicago"}, []string{"c", "b", "d", "e", "a"}, true},
		{"a challenge outweighs a zone", Needs{Challenges: []string{"staying-focused"}, TimeZone: "Pacific/Honolulu"}, []string{"a", "e", "d", "c", "b"}, true},
		{"no answers: most places left, then by name", Needs{}, []string{"e", "d", "a", "c", "b"}, false},
	}
	for _, tt := range tests {
		got := Rank(coaches, tt.needs)
		if !reflect.DeepEqual(ids(got), tt.want) {
			t.Errorf("%s: order = %v, want %v", tt.name, ids(got), tt.want)
		}
		if got[0].Recommended != tt.wantRecommended {
			t.Errorf("%s: first Recommended = %v, want %v", tt.name, got[0].Recommended, tt.wantRecommended)
		}
		for _, r := range got[1:] {
			if r.Recommended {
				t.Errorf("%s: %s is recommended but not first", tt.name, r.Coach.ID)
			}
		}
	}
	if got := Rank(nil, Needs{}); len(got) != 0 {
		t.Errorf("Rank(nil) = %v, want none", got)
	}
}

// TestRankIsStable checks that the order does not depend on the order coaches arrive in.
func TestRankIsStable(t *testing.T) {
	a := []CoachLoad{load("x", "Sam", "Lee", "", "", 5, 0), load("y", "Sam", "Lee", "", "", 5, 0), load("w", "Al", "Lee", "", "", 5, 0)}
	b := []CoachLoad{a[2], a[1], a[0]}
	ra, rb := Rank(a, Needs{}), Rank(b, Needs{})
	for i := range ra {
		if ra[i].Coach.ID != rb[i].Coach.ID {
			t.Fatalf("order differs at %d: %s vs %s", i, ra[i].Coach.ID, rb[i].Coach.ID)
		}
	}
	if got := ra[0].Coach.ID; got != "w" {
		t.Errorf("first = %s, want w (Al before Sam)", got)
	}
}
