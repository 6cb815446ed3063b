package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/csvsafe"
	"wayfinder/internal/insights"
	"wayfinder/internal/messages"
)

// Insights makes the staff's reports (insights.Service): the sign-up funnel and the campaigns,
// which count members under a privacy floor and hold no member's data, so reading them is not
// audited; and the admins' export of every member, which is.
type Insights interface {
	Funnel(ctx context.Context, f insights.Filter) (insights.Funnel, error)
	Campaigns(ctx context.Context, from, to time.Time) (insights.Campaigns, error)
	ExportMembers(ctx context.Context, actor backoffice.Actor) ([]insights.ExportedMember, error)
}

// defaultReportDays is the range a report covers when the request names none: the last 30 days,
// today included.
const defaultReportDays = 30

// msgBadDate is the message of a report's date that is not a day (internal/messages holds its words).
const msgBadDate messages.Key = "api.insights.badDate"

// reportRange reads a report's from and to (YYYY-MM-DD, UTC days, both included) from the query,
// and returns them with the end as the day after to, which the reports take as their exclusive end.
func reportRange(r *http.Request, now time.Time) (from, to, end time.Time, err error) {
	q := r.URL.Query()
	to = now.UTC().Truncate(24 * time.Hour)
	from = to.AddDate(0, 0, 1-defaultReportDays)
	var bad []apperr.FieldError
	for _, p := range []struct {
		name string
		day  *time.Time
	}{{"from", &from}, {"to", &to}} {
		v := q.Get(p.name)
		if v == "" {
			continue
		}
		d, perr := time.Parse(time.DateOnly, v)
		if perr != nil {
			bad = append(bad, apperr.Field(p.name, msgBadDate))
			continue
		}
		*p.day = d
	}
	if len(bad) > 0 {
		return from, to, end, apperr.InvalidFields(msgBadDate, bad...)
	}
	return from, to, to.AddDate(0, 0, 1), nil
}

// reportFilter reads the funnel's filter from the query: the range and, when given, utm_source,
// utm_campaign, device and payment. The service checks the values.
func reportFilter(r *http.Request, now time.Time) (insights.Filter, time.Time, error) {
	from, to, end, err := reportRange(r, now)
	if err != nil {
		return insights.Filter{}, to, err
	}
	q := r.URL.Query()
	return insights.Filter{From: from, To: end, Source: q.Get("utm_source"), Campaign: q.Get("utm_campaign"),
		Device: q.Get("device"), Payment: q.Get("payment")}, to, nil
}

// countJSON is a count as the API writes it (ReportCount in openapi.json): {"value":12}, or
// {"fewerThan":5} under the privacy floor.
type countJSON insights.Count

func (c countJSON) MarshalJSON() ([]byte, error) {
	if c.Hidden {
		return []byte(`{"fewerThan":` + strconv.Itoa(insights.MinCellSize) + `}`), nil
	}
	return []byte(`{"value":` + strconv.Itoa(c.N) + `}`), nil
}

// percentJSON is a share in percent, or null when it cannot be shown.
func percentJSON(p insights.Percent) *float64 {
	if !p.Known {
		return nil
	}
	return &p.Value
}

// funnelJSON is GET /api/staff/insights/funnel (Funnel in openapi.json).
type funnelJSON struct {
	From             string           `json:"from"`
	To               string           `json:"to"`
	Members          countJSON        `json:"members"`
	Steps            []funnelStepJSON `json:"steps"`
	CoachChosen      countJSON        `json:"coachChosen"`
	CoachChosenShare *float64         `json:"coachChosenShare"`
	Paid             countJSON        `json:"paid"`
	PaidShare        *float64         `json:"paidShare"`
	MinCellSize      int              `json:"minCellSize"`
}

type funnelStepJSON struct {
	Slug          string     `json:"slug"`
	Branch        bool       `json:"branch"`
	Reached       countJSON  `json:"reached"`
	ReachedShare  *float64   `json:"reachedShare"`
	DropOff       *countJSON `json:"dropOff"`
	DropOffShare  *float64   `json:"dropOffShare"`
	MedianSeconds *int64     `json:"medianSeconds"`
}

// funnelOf makes the funnel a request's query asks for, with its filter and last day; on a refusal
// it answers the request itself and returns false.
func (s *server) funnelOf(w http.ResponseWriter, r *http.Request) (insights.Funnel, insights.Filter, time.Time, bool) {
	f, to, err := reportFilter(r, time.Now())
	if err == nil {
		var fu insights.Funnel
		if fu, err = s.insights.Funnel(r.Context(), f); err == nil {
			return fu, f, to, true
		}
	}
	s.writeError(w, r, err)
	return insights.Funnel{}, f, to, false
}

// staffFunnel answers GET /api/staff/insights/funnel: how many of the members who signed up in the
// range (and match the filters) reached each step, dropped off before it, and how long they spent on it.
func (s *server) staffFunnel(w http.ResponseWriter, r *http.Request) {
	fu, f, to, ok := s.funnelOf(w, r)
	if !ok {
		return
	}
	out := funnelJSON{From: f.From.Format(time.DateOnly), To: to.Format(time.DateOnly), Members: countJSON(fu.Members),
		Steps: make([]funnelStepJSON, 0, len(fu.Steps)), CoachChosen: countJSON(fu.CoachChosen), CoachChosenShare: percentJSON(fu.CoachChosenShare),
		Paid: countJSON(fu.Paid), PaidShare: percentJSON(fu.PaidShare), MinCellSize: insights.MinCellSize}
	for i, st := range fu.Steps {
		row := funnelStepJSON{Slug: st.Slug, Branch: st.Branch, Reached: countJSON(st.Reached), ReachedShare: percentJSON(st.ReachedShare)}
		if !st.Branch && i > 0 {
			d := countJSON(st.DropOff)
			row.DropOff, row.DropOffShare = &d, percentJSON(st.DropOffShare)
		}
		if st.MedianKnown {
			row.MedianSeconds = &st.MedianSeconds
		}
		out.Steps = append(out.Steps, row)
	}
	writeJSON(w, http.StatusOK, out)
}

// cellText writes a count for a CSV cell: the number, or "fewer than 5".
func cellText(c insights.Count) string {
	if c.Hidden {
		return "fewer than " + strconv.Itoa(insights.MinCellSize)
	}
	return strconv.Itoa(c.N)
}

// percentText writes a share for a CSV cell, empty when it cannot be shown.
func percentText(p insights.Percent) string {
	if !p.Known {
		return ""
	}
	return strconv.FormatFloat(p.Value, 'f', 1, 64)
}

// funnelCSVHeader names the funnel download's columns; the rows are the same numbers as the page's.
var funnelCSVHeader = []string{"step", "branch", "reached", "reached_percent", "drop_off", "drop_off_percent", "median_seconds"}

// staffFunnelExport answers GET /api/staff/insights/funnel/export: the funnel of the same query as
// a CSV file, with the members who signed up, chose a coach and paid as its last rows.
func (s *server) staffFunnelExport(w http.ResponseWriter, r *http.Request) {
	fu, f, to, ok := s.funnelOf(w, r)
	if !ok {
		return
	}
	writeCSV(w, r, s, reportFileName(s.brand, "funnel", f.From, to), func(cw *csvsafe.Writer) {
		_ = cw.Write(funnelCSVHeader)
		for i, st := range fu.Steps {
			dropOff := ""
			if !st.Branch && i > 0 {
				dropOff = cellText(st.DropOff)
			}
			median := ""
			if st.MedianKnown {
				median = strconv.FormatInt(st.MedianSeconds, 10)
			}
			_ = cw.Write([]string{st.Slug, strconv.FormatBool(st.Branch), cellText(st.Reached), percentText(st.ReachedShare),
				dropOff, percentText(st.DropOffShare), median})
		}
		_ = cw.Write([]string{"signed up", "false", cellText(fu.Members), "", "", "", ""})
		_ = cw.Write([]string{"chose a coach", "false", cellText(fu.CoachChosen), percentText(fu.CoachChosenShare), "", "", ""})
		_ = cw.Write([]string{"paid", "false", cellText(fu.Paid), percentText(fu.PaidShare), "", "", ""})
	})
}

// campaignsJSON is GET /api/staff/insights/campaigns (Campaigns in openapi.json).
type campaignsJSON struct {
	From        string         `json:"from"`
	To          string         `json:"to"`
	Campaigns   []campaignJSON `json:"campaigns"`
	Origins     []originJSON   `json:"origins"`
	MinCellSize int            `json:"minCellSize"`
}

type outcomeJSON struct {
	Members     countJSON `json:"members"`
	CoachChosen countJSON `json:"coachChosen"`
	Paid        countJSON `json:"paid"`
	Conversion  *float64  `json:"conversion"` // paid, as a share of the members
}

func newOutcomeJSON(o insights.Outcome) outcomeJSON {
	return outcomeJSON{Members: countJSON(o.Members), CoachChosen: countJSON(o.CoachChosen), Paid: countJSON(o.Paid),
		Conversion: percentJSON(insights.Share(o.Paid, o.Members))}
}

type campaignJSON struct {
	Source   string `json:"utmSource"`
	Campaign string `json:"utmCampaign"`
	Coupon   string `json:"coupon"`
	outcomeJSON
}

type originJSON struct {
	Origin string `json:"origin"`
	outcomeJSON
}

// campaignsOf makes the campaigns report a request's range asks for, with the range's first and
// last day; on a refusal it answers the request itself and returns false.
func (s *server) campaignsOf(w http.ResponseWriter, r *http.Request) (insights.Campaigns, time.Time, time.Time, bool) {
	from, to, end, err := reportRange(r, time.Now())
	if err == nil {
		var c insights.Campaigns
		if c, err = s.insights.Campaigns(r.Context(), from, end); err == nil {
			return c, from, to, true
		}
	}
	s.writeError(w, r, err)
	return insights.Campaigns{}, from, to, false
}

// staffCampaigns answers GET /api/staff/insights/campaigns: the members who signed up in the range
// by campaign and coupon, and by the site they came from.
func (s *server) staffCampaigns(w http.ResponseWriter, r *http.Request) {
	c, from, to, ok := s.campaignsOf(w, r)
	if !ok {
		return
	}
	out := campaignsJSON{From: from.Format(time.DateOnly), To: to.Format(time.DateOnly), MinCellSize: insights.MinCellSize,
		Campaigns: make([]campaignJSON, 0, len(c.Campaigns)), Origins: make([]originJSON, 0, len(c.Origins))}
	for _, row := range c.Campaigns {
		out.Campaigns = append(out.Campaigns, campaignJSON{Source: row.Source, Campaign: row.Campaign, Coupon: row.Coupon, outcomeJSON: newOutcomeJSON(row.Outcome)})
	}
	for _, row := range c.Origins {
		out.Origins = append(out.Origins, originJSON{Origin: row.Origin, outcomeJSON: newOutcomeJSON(row.Outcome)})
	}
	writeJSON(w, http.StatusOK, out)
}

// campaignsCSVHeader names the campaigns download's columns.
var campaignsCSVHeader = []string{"utm_source", "utm_campaign", "coupon", "signed_up", "chose_a_coach", "paid", "paid_percent"}

// staffCampaignsExport answers GET /api/staff/insights/campaigns/export: the campaigns table of the
// same range as a CSV file. Campaign values are the visitors' own text, so every cell is guarded
// against formulas.
func (s *server) staffCampaignsExport(w http.ResponseWriter, r *http.Request) {
	c, from, to, ok := s.campaignsOf(w, r)
	if !ok {
		return
	}
	writeCSV(w, r, s, reportFileName(s.brand, "campaigns", from, to), func(cw *csvsafe.Writer) {
		_ = cw.Write(campaignsCSVHeader)
		for _, row := range c.Campaigns {
			_ = cw.Write([]string{row.Source, row.Campaign, row.Coupon, cellText(row.Members), cellText(row.CoachChosen),
				cellText(row.Paid), percentText(insights.Share(row.Paid, row.Members))})
		}
	})
}

// membersCSVHeader names the member export's columns: who each member is, how far they got, their
// coach, payment and campaign, and never anything they answered in the survey.
var membersCSVHeader = []string{"member_id", "first_name", "last_name", "email", "signed_up_at", "step_reached", "coach", "payment",
	"utm_source", "utm_medium", "utm_campaign", "coupon", "latest_utm_source", "latest_utm_medium", "latest_utm_campaign", "origin"}

// staffMembersExport answers GET /api/staff/insights/members/export (admins): every member as a CSV file,
// oldest sign-up first, the download written to the audit log. Names, emails and campaign values
// are people's own text, so every cell is guarded against formulas.
func (s *server) staffMembersExport(w http.ResponseWriter, r *http.Request) {
	members, err := s.insights.ExportMembers(r.Context(), actorOf(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeCSV(w, r, s, brandFileName(s.brand, "members", time.Now(), "csv"), func(cw *csvsafe.Writer) {
		_ = cw.Write(membersCSVHeader)
		for _, m := range members {
			_ = cw.Write([]string{m.UserID, m.FirstName, m.LastName, m.Email, stamp(m.SignedUpAt), m.StepReached, m.Coach, m.Payment,
				m.Source, m.Medium, m.Campaign, m.Coupon, m.LatestSource, m.LatestMedium, m.LatestCampaign, m.Origin})
		}
	})
}

// reportFileName names a report's download after the brand, the report and its days.
func reportFileName(brand, report string, from, to time.Time) string {
	return strings.TrimSuffix(brandFileName(brand, report, from, "csv"), ".csv") + "-to-" + to.Format(time.DateOnly) + ".csv"
}

// writeCSV answers with the CSV file that fill writes, as a download named name. The file is made
// in memory first, so a failure is answered as an error rather than as a cut-off file.
func writeCSV(w http.ResponseWriter, r *http.Request, s *server, name string, fill func(*csvsafe.Writer)) {
	var b strings.Builder
	cw := csvsafe.NewWriter(&b)
	fill(cw)
	cw.Flush()
	if err := cw.Error(); err != nil {
		s.writeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(b.String()))
}
