package insights

import (
	"cmp"
	"context"
	"slices"
	"time"
)

// CampaignRow is what the store counts for one campaign: the members who signed up with its source,
// name and coupon (their first touch), and how many of them chose a coach and paid.
type CampaignRow struct {
	Source, Campaign, Coupon string
	Members, CoachChosen     int
	Paid                     int
}

// OriginRow is what the store counts for one referring site (account.Arrival's origin).
type OriginRow struct {
	Origin               string
	Members, CoachChosen int
	Paid                 int
}

// Outcome is a report's row as staff see it: members who signed up, chose a coach and paid, each
// under the privacy floor.
type Outcome struct {
	Members, CoachChosen, Paid Count
}

func outcome(members, coach, paid int) Outcome {
	return Outcome{Members: count(members), CoachChosen: count(coach), Paid: count(paid)}
}

// Campaign is one row of the campaigns report.
type Campaign struct {
	Source, Campaign, Coupon string
	Outcome
}

// Origin is one row of the referring sites report.
type Origin struct {
	Origin string
	Outcome
}

// Campaigns is the campaigns report: for the members who signed up in the range, their results by
// campaign and by the site they came from, the largest first.
type Campaigns struct {
	Campaigns []Campaign
	Origins   []Origin
}

// Campaigns reports the members who signed up from from up to to by campaign and by origin.
func (s *Service) Campaigns(ctx context.Context, from, to time.Time) (Campaigns, error) {
	if err := (Filter{From: from, To: to}).Check(); err != nil {
		return Campaigns{}, err
	}
	campaigns, origins, err := s.store.Campaigns(ctx, from, to)
	if err != nil {
		return Campaigns{}, err
	}
	out := Campaigns{Campaigns: make([]Campaign, 0, len(campaigns)), Origins: make([]Origin, 0, len(origins))}
	for _, c := range campaigns {
		out.Campaigns = append(out.Campaigns, Campaign{Source: c.Source, Campaign: c.Campaign, Coupon: c.Coupon,
			Outcome: outcome(c.Members, c.CoachChosen, c.Paid)})
	}
	for _, o := range origins {
		out.Origins = append(out.Origins, Origin{Origin: o.Origin, Outcome: outcome(o.Members, o.CoachChosen, o.Paid)})
	}
	// Rows under the floor go last, in the order of their names, so their order tells nothing of
	// their sizes either.
	slices.SortStableFunc(out.Campaigns, func(a, b Campaign) int {
		return cmp.Or(hiddenLast(a.Members, b.Members), hiddenByName(a.Members, cmp.Compare(a.Source, b.Source)),
			hiddenByName(a.Members, cmp.Compare(a.Campaign, b.Campaign)), hiddenByName(a.Members, cmp.Compare(a.Coupon, b.Coupon)))
	})
	slices.SortStableFunc(out.Origins, func(a, b Origin) int {
		return cmp.Or(hiddenLast(a.Members, b.Members), hiddenByName(a.Members, cmp.Compare(a.Origin, b.Origin)))
	})
	return out, nil
}

// hiddenLast orders a visible count before a hidden one, and leaves two of a kind as they are.
func hiddenLast(a, b Count) int {
	switch {
	case a.Hidden == b.Hidden:
		return 0
	case a.Hidden:
		return 1
	default:
		return -1
	}
}

// hiddenByName is byName for two rows under the floor (both hidden, as hiddenLast found them
// alike), and 0 for visible rows, which keep the store's order, the largest first.
func hiddenByName(a Count, byName int) int {
	if a.Hidden {
		return byName
	}
	return 0
}
