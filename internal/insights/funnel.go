package insights

import (
	"context"
	"math"
	"slices"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/messages"
	"wayfinder/internal/survey"
)

// MinCellSize is the privacy floor of every report: a count of fewer members than this, other than
// none, is shown as "fewer than MinCellSize", and so is anything worked out from it, so that no
// filter narrows a report down to a person.
const MinCellSize = 5

// Count is a number of members as a report may show it: N, or Hidden when it is between 1 and
// MinCellSize-1 (then N is 0).
type Count struct {
	N      int
	Hidden bool
}

// count applies the privacy floor to n.
func count(n int) Count {
	if n > 0 && n < MinCellSize {
		return Count{Hidden: true}
	}
	return Count{N: n}
}

// Percent is a share as a report may show it: Value percent, rounded to one decimal, when Known.
type Percent struct {
	Value float64
	Known bool
}

// Share returns part as a percentage of whole, unknown when either is hidden or whole is none: a
// share of a hidden count would tell what the floor hides.
func Share(part, whole Count) Percent {
	if part.Hidden || whole.Hidden || whole.N == 0 {
		return Percent{}
	}
	return Percent{Value: math.Round(float64(part.N)*1000/float64(whole.N)) / 10, Known: true}
}

// The devices and payment variants a report can be narrowed to.
const (
	DeviceIPhone  = "iphone"
	DeviceAndroid = "android"
	DeviceNone    = "none" // the member has not said
	PaymentOn     = "offered"
	PaymentOff    = "not-offered"
)

// Filter narrows a report to the members who signed up from From up to (not including) To, and,
// where set, who arrived with the campaign's source and name (first touch), have the device, or
// signed up on a site of the payment variant.
type Filter struct {
	From, To         time.Time
	Source, Campaign string
	Device           string
	Payment          string
}

// The messages of a filter that cannot be used (internal/messages holds their words).
const (
	msgBadRange   messages.Key = "api.insights.badRange"
	msgBadDevice  messages.Key = "api.insights.badDevice"
	msgBadPayment messages.Key = "api.insights.badPayment"
	msgBadFilter  messages.Key = "api.insights.badFilter"
)

// maxFilterValueLength matches the longest campaign value a member's save may hold.
const maxFilterValueLength = 200

// Check returns an Invalid error naming each field of f that cannot be used.
func (f Filter) Check() error {
	var bad []apperr.FieldError
	if f.From.IsZero() || f.To.IsZero() || !f.From.Before(f.To) {
		bad = append(bad, apperr.Field("from", msgBadRange))
	}
	if !slices.Contains([]string{"", DeviceIPhone, DeviceAndroid, DeviceNone}, f.Device) {
		bad = append(bad, apperr.Field("device", msgBadDevice))
	}
	if !slices.Contains([]string{"", PaymentOn, PaymentOff}, f.Payment) {
		bad = append(bad, apperr.Field("payment", msgBadPayment))
	}
	if len(f.Source) > maxFilterValueLength {
		bad = append(bad, apperr.Field("utm_source", msgBadFilter))
	}
	if len(f.Campaign) > maxFilterValueLength {
		bad = append(bad, apperr.Field("utm_campaign", msgBadFilter))
	}
	if len(bad) > 0 {
		return apperr.InvalidFields(msgBadFilter, bad...)
	}
	return nil
}

// Visit is a step a member moved on from, the first time, with the seconds they spent on it: since
// the move before it, or since signing up for their first.
type Visit struct {
	Slug    string
	Seconds int64
}

// Journey is how far one member got: the steps they moved on from, the step they are on, and
// whether they have chosen a coach and paid.
type Journey struct {
	Visits      []Visit
	At          string
	CoachChosen bool
	Paid        bool
}

// Store reads what the reports count and the export holds. FunnelJourneys calls each for every
// member the filter matches; the Journey it passes is only valid during the call.
type Store interface {
	FunnelJourneys(ctx context.Context, f Filter, each func(Journey) error) error
	Campaigns(ctx context.Context, from, to time.Time) ([]CampaignRow, []OriginRow, error)
	ExportMembers(ctx context.Context) ([]ExportedMember, error)
	// InTx runs fn in one transaction; the store calls fn makes with its ctx are part of it.
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	AppendAudit(ctx context.Context, e backoffice.Entry) error
}

// Service makes the staff's reports and the admins' member export.
type Service struct {
	store Store
	def   *survey.Definition
	now   func() time.Time
	// steps are the funnel's rows, and stepIndex each row's place: the definition never changes
	// while the binary runs, so they are worked out once.
	steps     []funnelStep
	stepIndex map[string]int
}

// NewService returns a Service over store for the survey def; now is the audit log's clock.
func NewService(store Store, def *survey.Definition, now func() time.Time) *Service {
	steps := funnelSteps(def)
	index := make(map[string]int, len(steps))
	for i, st := range steps {
		index[st.slug] = i
	}
	return &Service{store: store, def: def, now: now, steps: steps, stepIndex: index}
}

// FunnelStep is one row of the funnel: a step of the survey, how many members reached it, how many
// of those who reached the main step before it did not, and the median time members spent on it
// before moving on (MedianKnown is false when fewer than MinCellSize moved on).
type FunnelStep struct {
	Slug          string
	Branch        bool // reached only through one of the survey's branches, so outside the drop-off chain
	Reached       Count
	ReachedShare  Percent // of the members who signed up
	DropOff       Count   // none on the first step and on branches
	DropOffShare  Percent // of the members who reached the main step before
	MedianSeconds int64
	MedianKnown   bool
}

// Funnel is the sign-up funnel: the members who signed up, each step in the survey's order, and
// how many chose a coach and paid, with their shares of the members.
type Funnel struct {
	Members          Count
	Steps            []FunnelStep
	CoachChosen      Count
	CoachChosenShare Percent
	Paid             Count
	PaidShare        Percent
}

// Funnel counts the members f matches at each step of the survey, from its first question to
// choosing a coach, following branches: a member counts at the steps they moved on from and the
// one they are on, and at no other. Every member who signed up has reached the first question,
// where signing up lands them.
func (s *Service) Funnel(ctx context.Context, f Filter) (Funnel, error) {
	if err := f.Check(); err != nil {
		return Funnel{}, err
	}
	steps, index := s.steps, s.stepIndex
	var (
		members, coach, paid int
		reached              = make([]int, len(steps))
		times                = make([]durations, len(steps))
		seen                 = make([]int, len(steps)) // the last member (1-based) counted at each step
	)
	err := s.store.FunnelJourneys(ctx, f, func(j Journey) error {
		members++
		mark := func(slug string) int {
			i, ok := index[slug]
			if !ok {
				return -1
			}
			if seen[i] != members {
				seen[i] = members
				reached[i]++
			}
			return i
		}
		mark(s.def.FirstQuestion)
		for _, v := range j.Visits {
			if i := mark(v.Slug); i >= 0 {
				times[i].add(v.Seconds)
			}
		}
		mark(j.At)
		if j.CoachChosen {
			coach++
		}
		if j.Paid {
			paid++
		}
		return nil
	})
	if err != nil {
		return Funnel{}, err
	}
	out := Funnel{Members: count(members), CoachChosen: count(coach), Paid: count(paid), Steps: make([]FunnelStep, len(steps))}
	out.CoachChosenShare, out.PaidShare = Share(out.CoachChosen, out.Members), Share(out.Paid, out.Members)
	previous := -1
	for i, st := range steps {
		row := FunnelStep{Slug: st.slug, Branch: st.branch, Reached: count(reached[i])}
		row.ReachedShare = Share(row.Reached, out.Members)
		if !st.branch {
			if previous >= 0 {
				row.DropOff = count(max(0, reached[previous]-reached[i]))
				row.DropOffShare = Share(row.DropOff, count(reached[previous]))
			}
			previous = i
		}
		if times[i].n >= MinCellSize {
			row.MedianSeconds, row.MedianKnown = times[i].median(), true
		}
		out.Steps[i] = row
	}
	return out, nil
}

// funnelStep is a step the funnel shows, and whether only a branch leads to it.
type funnelStep struct {
	slug   string
	branch bool
}

// funnelSteps lists the steps of the funnel: the survey's main path from its first question to the
// coach chooser, each followed by the steps only its branches lead to (by an answer's branchTo, or
// naming it as their previous step). The welcome steps before the first question are the native
// app's only, and what follows the coach chooser is counted as choosing a coach and paying.
func funnelSteps(def *survey.Definition) []funnelStep {
	var steps []funnelStep
	listed := map[string]bool{}
	add := func(slug string, branch bool) {
		if !listed[slug] {
			listed[slug] = true
			steps = append(steps, funnelStep{slug, branch})
		}
	}
	flow := def.Flow()
	onFlow := map[string]bool{}
	for _, slug := range flow {
		onFlow[slug] = true
	}
	start := max(0, slices.Index(flow, def.FirstQuestion))
	for _, slug := range flow[start:] {
		add(slug, false)
		q := def.Question(slug)
		for _, v := range q.AnswerVariants {
			if v.BranchTo != "" && !onFlow[v.BranchTo] {
				add(v.BranchTo, true)
			}
		}
		var sideSteps []string
		for other, oq := range def.Questions {
			if oq.PrevStep == slug && !onFlow[other] {
				sideSteps = append(sideSteps, other)
			}
		}
		slices.Sort(sideSteps)
		for _, other := range sideSteps {
			add(other, true)
		}
		if slug == survey.SlugMeetYourCoach {
			break
		}
	}
	return steps
}

// durations gathers the seconds members spent on a step and gives their median without sorting
// them: a count per second up to an hour, and the few longer ones kept aside.
type durations struct {
	n      int
	bySec  []int32
	longer []int64
}

const durationBuckets = 3600

func (d *durations) add(seconds int64) {
	d.n++
	if seconds >= 0 && seconds < durationBuckets {
		if d.bySec == nil {
			d.bySec = make([]int32, durationBuckets)
		}
		d.bySec[seconds]++
		return
	}
	d.longer = append(d.longer, max(0, seconds))
}

// median returns the lower median: the middle value, or the lower of the two middle ones.
func (d *durations) median() int64 {
	rank := (d.n - 1) / 2 // 0-based rank of the lower median
	for sec, c := range d.bySec {
		if rank < int(c) {
			return int64(sec)
		}
		rank -= int(c)
	}
	slices.Sort(d.longer)
	return d.longer[rank]
}
