package sqlstore

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"wayfinder/internal/insights"
)

// FunnelJourneys calls each with the journey of every member who signed up in f's range and matches
// its other values, read from member_funnel, which the migrations' triggers keep up to date. The
// Journey's Visits are reused from one call to the next.
func (s *DB) FunnelJourneys(ctx context.Context, f insights.Filter, each func(insights.Journey) error) error {
	query := `
		SELECT trail, at_slug, coach_chosen_at IS NOT NULL, paid_at IS NOT NULL
		FROM member_funnel
		WHERE signed_up_at >= $1 AND signed_up_at < $2`
	args := []any{utc(f.From), utc(f.To)}
	where := func(cond string, v any) {
		args = append(args, v)
		query += " AND " + strings.ReplaceAll(cond, "?", "$"+strconv.Itoa(len(args)))
	}
	if f.Source != "" {
		where("utm_source = ?", f.Source)
	}
	if f.Campaign != "" {
		where("utm_campaign = ?", f.Campaign)
	}
	switch f.Device {
	case insights.DeviceNone:
		where("device = ?", "")
	case insights.DeviceIPhone, insights.DeviceAndroid:
		where("device = ?", f.Device)
	}
	switch f.Payment {
	case insights.PaymentOn:
		where("payment_offered = ?", true)
	case insights.PaymentOff:
		where("payment_offered = ?", false)
	}
	rows, err := s.conn(ctx).QueryContext(ctx, query, args...)
	if err != nil {
		return classify(err, "read the funnel")
	}
	defer rows.Close()
	var (
		j     insights.Journey
		trail string
	)
	for rows.Next() {
		if err := rows.Scan(&trail, &j.At, &j.CoachChosen, &j.Paid); err != nil {
			return classify(err, "read the funnel")
		}
		j.Visits = parseTrail(trail, j.Visits[:0])
		if err := each(j); err != nil {
			return err
		}
	}
	return classify(rows.Err(), "read the funnel")
}

// parseTrail appends the visits of a member_funnel trail ("slug:seconds;slug:seconds") to visits.
func parseTrail(trail string, visits []insights.Visit) []insights.Visit {
	for part := range strings.SplitSeq(trail, ";") {
		slug, seconds, ok := strings.Cut(part, ":")
		if !ok {
			continue
		}
		n, _ := strconv.ParseInt(seconds, 10, 64)
		visits = append(visits, insights.Visit{Slug: slug, Seconds: n})
	}
	return visits
}

// Campaigns counts the members who signed up from from up to to by their first campaign touch and
// coupon, and by the site they came from, the most members first. It reads the rows once and
// counts them here: one pass over member_funnel costs less than a sorted GROUP BY for each list.
func (s *DB) Campaigns(ctx context.Context, from, to time.Time) ([]insights.CampaignRow, []insights.OriginRow, error) {
	rows, err := s.conn(ctx).QueryContext(ctx, `
		SELECT utm_source, utm_campaign, coupon, origin, coach_chosen_at IS NOT NULL, paid_at IS NOT NULL
		FROM member_funnel
		WHERE signed_up_at >= $1 AND signed_up_at < $2`,
		utc(from), utc(to))
	if err != nil {
		return nil, nil, classify(err, "read the campaigns")
	}
	defer rows.Close()
	type campaignKey struct{ source, campaign, coupon string }
	campaigns := map[campaignKey]*insights.CampaignRow{}
	origins := map[string]*insights.OriginRow{}
	var (
		k           campaignKey
		origin      string
		coach, paid bool
	)
	for rows.Next() {
		if err := rows.Scan(&k.source, &k.campaign, &k.coupon, &origin, &coach, &paid); err != nil {
			return nil, nil, classify(err, "read the campaigns")
		}
		c := campaigns[k]
		if c == nil {
			c = &insights.CampaignRow{Source: k.source, Campaign: k.campaign, Coupon: k.coupon}
			campaigns[k] = c
		}
		o := origins[origin]
		if o == nil {
			o = &insights.OriginRow{Origin: origin}
			origins[origin] = o
		}
		c.Members++
		o.Members++
		if coach {
			c.CoachChosen++
			o.CoachChosen++
		}
		if paid {
			c.Paid++
			o.Paid++
		}
	}
	if err := rows.Err(); err != nil {
		return nil, nil, classify(err, "read the campaigns")
	}
	campaignRows := make([]insights.CampaignRow, 0, len(campaigns))
	for _, c := range campaigns {
		campaignRows = append(campaignRows, *c)
	}
	slices.SortFunc(campaignRows, func(a, b insights.CampaignRow) int {
		return cmp.Or(cmp.Compare(b.Members, a.Members), cmp.Compare(a.Source, b.Source), cmp.Compare(a.Campaign, b.Campaign), cmp.Compare(a.Coupon, b.Coupon))
	})
	originRows := make([]insights.OriginRow, 0, len(origins))
	for _, o := range origins {
		originRows = append(originRows, *o)
	}
	slices.SortFunc(originRows, func(a, b insights.OriginRow) int {
		return cmp.Or(cmp.Compare(b.Members, a.Members), cmp.Compare(a.Origin, b.Origin))
	})
	return campaignRows, originRows, nil
}

// ExportMembers returns every member for the admins' export, oldest sign-up first: their profile's
// name and email, the step they are on, their current coach, payment state, campaign touches and
// origin. It reads no survey answer.
func (s *DB) ExportMembers(ctx context.Context) ([]insights.ExportedMember, error) {
	rows, err := s.conn(ctx).QueryContext(ctx, `
		SELECT u.id, u.first_name, u.last_name, u.email, u.created_at, COALESCE(f.at_slug, ''),
			COALESCE(TRIM(c.first_name || ' ' || c.last_name), ''), COALESCE(s.status, 'none'),
			COALESCE(t.first_utm_source, ''), COALESCE(t.first_utm_medium, ''), COALESCE(t.first_utm_campaign, ''),
			COALESCE(t.first_coupon, ''), COALESCE(t.latest_utm_source, ''), COALESCE(t.latest_utm_medium, ''),
			COALESCE(t.latest_utm_campaign, ''), u.origin_register
		FROM users u
		LEFT JOIN member_funnel f ON f.user_id = u.id
		LEFT JOIN coach_assignments a ON a.user_id = u.id AND a.ended_at IS NULL
		LEFT JOIN coaches c ON c.id = a.coach_id
		LEFT JOIN subscriptions s ON s.user_id = u.id
		LEFT JOIN utm_records t ON t.user_id = u.id
		WHERE u.role = 'member'
		ORDER BY u.created_at, u.id`)
	if err != nil {
		return nil, classify(err, "export the members")
	}
	defer rows.Close()
	members := []insights.ExportedMember{}
	for rows.Next() {
		var m insights.ExportedMember
		if err := rows.Scan(&m.UserID, &m.FirstName, &m.LastName, &m.Email, &m.SignedUpAt, &m.StepReached, &m.Coach, &m.Payment,
			&m.Source, &m.Medium, &m.Campaign, &m.Coupon, &m.LatestSource, &m.LatestMedium, &m.LatestCampaign, &m.Origin); err != nil {
			return nil, classify(err, "export the members")
		}
		m.SignedUpAt = m.SignedUpAt.UTC()
		members = append(members, m)
	}
	return members, classify(rows.Err(), "export the members")
}
