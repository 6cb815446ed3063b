package billing

import (
	"slices"
	"sort"

	"wayfinder/internal/messages"
)

// Needs is what a member's answers say about the support they want: the kinds of help they asked
// a coach for (what-help-need), how they manage ADHD today (how-manage-adhd), and the screening
// score (nil until all six items are answered).
type Needs struct {
	Help   []string
	Manage []string
	Score  *int
}

// The answer keys the recommendation reads. They are the survey's keys (a contract with the iOS
// app and stored data), spelling included.
const (
	helpAccountable = "accountable"
	helpCheckIns    = "check-ins"
	helpEmotional   = "emotional-support"
	helpGoals       = "define-goals"
	helpExplain     = "explain-adhd-brain"

	manageMedication = "medication"
	manageTherapy    = "pshychotherapy"
	manageCoach      = "adhd-coach"
)

// highScore is the screening score from which adult ADHD is highly likely (spec §9: above 3).
const highScore = 4

// rule is one line of the recommendation table: when its test holds, the member gets its level of
// support, for the reason it gives (a key of the catalog in internal/messages).
type rule struct {
	applies func(n Needs) bool
	support Support
	reason  messages.Key
}

// The reasons of the recommendation. Each speaks of what the member told us and of the amount of
// support, never of a plan's contents, which are the operator's to change.
const (
	msgReasonCheckIns messages.Key = "api.plan.reason.checkIns"
	msgReasonOnOwn    messages.Key = "api.plan.reason.onTheirOwn"
	msgReasonInCorner messages.Key = "api.plan.reason.inYourCorner"
	msgReasonGoals    messages.Key = "api.plan.reason.goals"
	msgReasonGoodFit  messages.Key = "api.plan.reason.goodFit"
	// nearestReason is given when no plan offers the support the answers call for, and the nearest
	// one is recommended instead.
	nearestReason messages.Key = "api.plan.reason.nearest"
)

// rules is the recommendation, first match wins.
var rules = []rule{
	{
		applies: func(n Needs) bool { return n.high() && (n.wants(helpCheckIns) || n.wants(helpAccountable)) },
		support: Intensive,
		reason:  msgReasonCheckIns,
	},
	{
		applies: func(n Needs) bool { return n.high() && n.onTheirOwn() },
		support: Intensive,
		reason:  msgReasonOnOwn,
	},
	{
		applies: func(n Needs) bool {
			return n.wants(helpCheckIns) || n.wants(helpAccountable) || n.wants(helpEmotional)
		},
		support: Standard,
		reason:  msgReasonInCorner,
	},
	{
		applies: func(n Needs) bool { return !n.high() && (n.wants(helpGoals) || n.wants(helpExplain)) },
		support: Light,
		reason:  msgReasonGoals,
	},
	{
		applies: func(Needs) bool { return true },
		support: Standard,
		reason:  msgReasonGoodFit,
	},
}

func (n Needs) high() bool              { return n.Score != nil && *n.Score >= highScore }
func (n Needs) wants(help string) bool  { return slices.Contains(n.Help, help) }
func (n Needs) manages(way string) bool { return slices.Contains(n.Manage, way) }

// onTheirOwn tells whether the member has no medication, therapy or coach today.
func (n Needs) onTheirOwn() bool {
	return !n.manages(manageMedication) && !n.manages(manageTherapy) && !n.manages(manageCoach)
}

// SupportFor returns the support a member's answers call for, and the key of why, in one plain
// sentence.
func SupportFor(n Needs) (Support, messages.Key) {
	for _, r := range rules {
		if r.applies(n) {
			return r.support, r.reason
		}
	}
	panic("billing: the last recommendation rule always applies")
}

// Recommend picks one of the plans for the member: a plan giving the support their answers call
// for (the cheapest, if several do), or else the plan nearest to it. ok is false only when there
// are no plans. The same answers and plans always give the same plan.
func Recommend(n Needs, plans []Plan) (plan Plan, reason messages.Key, ok bool) {
	if len(plans) == 0 {
		return Plan{}, "", false
	}
	want, reason := SupportFor(n)
	ranked := slices.Clone(plans)
	distance := func(p Plan) int { return abs(supportOrder[p.Support] - supportOrder[want]) }
	sort.SliceStable(ranked, func(i, j int) bool {
		a, b := ranked[i], ranked[j]
		if da, db := distance(a), distance(b); da != db {
			return da < db
		}
		// At the same distance, the lighter plan: it costs less, and the member sees the others.
		if sa, sb := supportOrder[a.Support], supportOrder[b.Support]; sa != sb {
			return sa < sb
		}
		if a.Price.Amount != b.Price.Amount {
			return a.Price.Amount < b.Price.Amount
		}
		return a.ID < b.ID
	})
	if ranked[0].Support != want {
		reason = nearestReason
	}
	return ranked[0], reason, true
}

// Ordered returns the plans with the recommended one first, then from the least support to the
// most and by price, for a member comparing them.
func Ordered(plans []Plan, recommendedID string) []Plan {
	out := slices.Clone(plans)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if (a.ID == recommendedID) != (b.ID == recommendedID) {
			return a.ID == recommendedID
		}
		if sa, sb := supportOrder[a.Support], supportOrder[b.Support]; sa != sb {
			return sa < sb
		}
		if a.Price.Amount != b.Price.Amount {
			return a.Price.Amount < b.Price.Amount
		}
		return a.ID < b.ID
	})
	return out
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
