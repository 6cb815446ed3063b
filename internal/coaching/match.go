package coaching

import (
	"cmp"
	"slices"
	"strings"
	"time"
	_ "time/tzdata" // Coach time zones are compared on machines with no zone database too.
)

// Needs is what a member has told the survey that matching uses: the keys of their answers to
// your-challenge-is and what-help-need, and their time zone (from the account step, else their
// state's), empty when unknown.
type Needs struct {
	Challenges []string
	Help       []string
	TimeZone   string
}

// topics maps a coach's speciality tag, in lower case, to the survey answer keys it serves. Tags not
// listed here, such as personality tags ("Warm", "Direct"), are shown to members but not matched.
var topics = map[string][]string{
	"focus":                {"staying-focused"},
	"procrastination":      {"procrastination"},
	"time management":      {"time-management"},
	"organization":         {"getting-organized"},
	"emotional regulation": {"managing-emotions", "emotional-support"},
	"memory":               {"forgetfulness"},
	"restlessness":         {"restlessness"},
	"relationships":        {"relationships"},
	"accountability":       {"accountable"},
	"check-ins":            {"check-ins"},
	"goal setting":         {"define-goals"},
	"adhd education":       {"explain-adhd-brain"},
}

// Weights of one point of fit. A challenge outweighs a kind of help because it is what the member
// finds hardest; a shared time zone matters as much as a kind of help, since sessions must fit a day.
const (
	challengeWeight    = 3
	helpWeight         = 2
	sameZoneWeight     = 2
	nearbyZoneWeight   = 1
	nearbyZoneMaxHours = 1
)

// Match says why a coach fits a member. Topics are the coach's own tags that meet the member's needs,
// in the coach's order.
type Match struct {
	Topics       []string
	SameTimeZone bool
	NearTimeZone bool // within an hour of the member's zone, but not the same zone
	Score        int
}

// Ranked is a coach in a member's ranking.
type Ranked struct {
	CoachLoad
	Match       Match
	Recommended bool // the first coach, when they fit the member at all
}

// Rank orders coaches for a member: best fit first, then the most places left, then by name and id,
// so the same coaches and needs always give the same order. The first coach is Recommended when
// they fit in some way; a member who has told us nothing gets no recommendation.
func Rank(coaches []CoachLoad, needs Needs) []Ranked {
	ranked := make([]Ranked, len(coaches))
	for i, c := range coaches {
		ranked[i] = Ranked{CoachLoad: c, Match: match(c.Coach, needs)}
	}
	slices.SortStableFunc(ranked, func(a, b Ranked) int {
		return cmp.Or(
			cmp.Compare(b.Match.Score, a.Match.Score),
			cmp.Compare(b.Coach.Capacity-b.Assigned, a.Coach.Capacity-a.Assigned),
			cmp.Compare(a.Coach.LastName, b.Coach.LastName),
			cmp.Compare(a.Coach.FirstName, b.Coach.FirstName),
			cmp.Compare(a.Coach.ID, b.Coach.ID),
		)
	})
	if len(ranked) > 0 && ranked[0].Match.Score > 0 {
		ranked[0].Recommended = true
	}
	return ranked
}

func match(c Coach, needs Needs) Match {
	var m Match
	counted := map[string]bool{}
	for _, tag := range strings.Split(c.Tags, ",") {
		tag = strings.TrimSpace(tag)
		points := 0
		for _, key := range topics[strings.ToLower(tag)] {
			if counted[key] {
				continue
			}
			switch {
			case slices.Contains(needs.Challenges, key):
				points += challengeWeight
			case slices.Contains(needs.Help, key):
				points += helpWeight
			default:
				continue
			}
			counted[key] = true
		}
		if points > 0 {
			m.Topics = append(m.Topics, tag)
			m.Score += points
		}
	}
	switch hours, ok := zoneDistance(c.Timezone, needs.TimeZone); {
	case !ok:
	case c.Timezone == needs.TimeZone:
		m.SameTimeZone = true
		m.Score += sameZoneWeight
	case hours <= nearbyZoneMaxHours:
		m.NearTimeZone = true
		m.Score += nearbyZoneWeight
	}
	return m
}

// zoneReference is the instant at which zones are compared, fixed so that a ranking does not change
// with the seasons (US zones mostly move together, but Arizona and Hawaii keep standard time).
var zoneReference = time.Date(2026, time.January, 15, 12, 0, 0, 0, time.UTC)

// zoneDistance returns how many whole hours apart two IANA zones are, and false when either is
// unknown.
func zoneDistance(a, b string) (int, bool) {
	if a == "" || b == "" {
		return 0, false
	}
	la, errA := time.LoadLocation(a)
	lb, errB := time.LoadLocation(b)
	if errA != nil || errB != nil {
		return 0, false
	}
	_, offA := zoneReference.In(la).Zone()
	_, offB := zoneReference.In(lb).Zone()
	d := (offA - offB) / 3600
	if d < 0 {
		d = -d
	}
	return d, true
}
