package billing

import (
	"strings"
	"testing"

	"wayfinder/internal/messages"
)

func score(n int) *int { return &n }

func TestSupportFor(t *testing.T) {
	tests := []struct {
		name   string
		needs  Needs
		want   Support
		reason string // a fragment of the reason
	}{
		{"high score, wants check-ins", Needs{Help: []string{"check-ins"}, Manage: []string{"medication"}, Score: score(5)}, Intensive, "check-ins"},
		{"high score, wants accountability", Needs{Help: []string{"accountable"}, Score: score(4)}, Intensive, "check-ins"},
		{"high score, on their own", Needs{Help: []string{"define-goals"}, Manage: []string{"on-my-own"}, Score: score(6)}, Intensive, "on your own"},
		{"high score, nothing named", Needs{Score: score(4)}, Intensive, "on your own"},
		{"high score, with therapy, wants goals", Needs{Help: []string{"define-goals"}, Manage: []string{"pshychotherapy"}, Score: score(4)}, Standard, "good fit"},
		{"low score, wants check-ins", Needs{Help: []string{"check-ins", "define-goals"}, Score: score(2)}, Standard, "in your corner"},
		{"low score, wants emotional support", Needs{Help: []string{"emotional-support"}, Score: score(3)}, Standard, "in your corner"},
		{"high score with medication, wants support", Needs{Help: []string{"emotional-support"}, Manage: []string{"medication"}, Score: score(5)}, Standard, "in your corner"},
		{"low score, wants goals", Needs{Help: []string{"define-goals"}, Score: score(3)}, Light, "lighter plan"},
		{"low score, wants to understand ADHD", Needs{Help: []string{"explain-adhd-brain"}, Manage: []string{"adhd-coach"}, Score: score(0)}, Light, "lighter plan"},
		{"no score yet, wants goals", Needs{Help: []string{"define-goals"}}, Light, "lighter plan"},
		{"nothing at all", Needs{}, Standard, "good fit"},
	}
	for _, tt := range tests {
		got, reason := SupportFor(tt.needs)
		if got != tt.want || !strings.Contains(messages.English.T(reason), tt.reason) {
			t.Errorf("%s: SupportFor() = %s, %q; want %s, a reason with %q", tt.name, got, reason, tt.want, tt.reason)
		}
		if again, _ := SupportFor(tt.needs); again != got {
			t.Errorf("%s: SupportFor() is not deterministic: %s, then %s", tt.name, got, again)
		}
	}
}

func plan(id string, support Support, amount int64) Plan {
	return Plan{ID: id, Support: support, Price: Price{Amount: amount, Currency: "usd", Interval: Monthly}, Active: true}
}

func TestRecommend(t *testing.T) {
	light, standard, intensive := plan("light", Light, 5000), plan("standard", Standard, 12900), plan("intensive", Intensive, 22900)
	cheapStandard := plan("basic", Standard, 9900)
	wantsIntensive := Needs{Help: []string{"check-ins"}, Score: score(5)}
	wantsLight := Needs{Help: []string{"define-goals"}, Score: score(1)}
	wantsStandard := Needs{}
	tests := []struct {
		name       string
		needs      Needs
		plans      []Plan
		want       string
		nearReason bool
	}{
		{"the level asked for", wantsIntensive, []Plan{light, standard, intensive}, "intensive", false},
		{"the cheapest of a level", wantsStandard, []Plan{standard, light, cheapStandard, intensive}, "basic", false},
		{"the nearest when the level is missing", wantsIntensive, []Plan{light, standard}, "standard", true},
		{"the nearer of two", wantsLight, []Plan{intensive, standard}, "standard", true},
		{"at the same distance, the lighter", wantsStandard, []Plan{intensive, light}, "light", true},
		{"one plan", wantsLight, []Plan{intensive}, "intensive", true},
	}
	for _, tt := range tests {
		got, reason, ok := Recommend(tt.needs, tt.plans)
		if !ok || got.ID != tt.want {
			t.Errorf("%s: Recommend() = %s, %v; want %s", tt.name, got.ID, ok, tt.want)
		}
		if (reason == nearestReason) != tt.nearReason {
			t.Errorf("%s: reason = %q; want the nearest-plan reason: %v", tt.name, reason, tt.nearReason)
		}
	}
	if _, _, ok := Recommend(wantsStandard, nil); ok {
		t.Error("Recommend(no plans) is ok, want not")
	}
}

func TestOrdered(t *testing.T) {
	plans := []Plan{plan("c", Intensive, 3), plan("a", Light, 1), plan("b", Standard, 2), plan("b2", Standard, 1)}
	var got []string
	for _, p := range Ordered(plans, "c") {
		got = append(got, p.ID)
	}
	if want := "c a b2 b"; strings.Join(got, " ") != want {
		t.Errorf("Ordered() = %v, want %s", got, want)
	}
}
