package sqlstore

import (
	"context"
	"slices"
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/billing"
	"wayfinder/internal/insights"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/survey"
)

// funnelFixture signs up five members of each kind and walks them through the survey with the
// store's own writes, so the counts below follow from the triggers that keep member_funnel.
type funnelFixture struct {
	t    *testing.T
	db   *DB
	def  *survey.Definition
	base time.Time // whole seconds, after every member signed up
}

// walk saves each step of path for u, ten seconds apart from base, with the answers that choose
// the branches the test needs, and the campaign values on the first save.
func (f funnelFixture) walk(u account.User, path []string, answers map[string][]survey.Answer, utm onboarding.UTM) {
	f.t.Helper()
	for i, slug := range path {
		var data []survey.QuestionAnswers
		if a, ok := answers[slug]; ok {
			data = []survey.QuestionAnswers{{QuestionSlug: slug, Answers: a}}
		}
		if i > 0 {
			utm = onboarding.UTM{}
		}
		at := f.base.Add(time.Duration(i+1) * 10 * time.Second)
		if err := f.db.SaveSurvey(ctx, u.ID, slug, f.def.StepAfterSave(slug, data), data, utm, at); err != nil {
			f.t.Fatalf("SaveSurvey(%s): %v", slug, err)
		}
		// The onboarding service puts name-and-birth's device on the profile, as here.
		if slug == survey.SlugNameAndBirth && len(data) > 0 {
			if _, err := f.db.UpdateUserProfile(ctx, u.ID, "A", "B", nil, data[0].Answers[0].Value); err != nil {
				f.t.Fatal(err)
			}
		}
	}
}

// flowBetween returns the survey's main path from first up to and including last.
func flowBetween(def *survey.Definition, first, last string) []string {
	flow := def.Flow()
	return flow[slices.Index(flow, first) : slices.Index(flow, last)+1]
}

func TestFunnel(t *testing.T) {
	t.Parallel()
	def, err := survey.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			if err := db.UpsertPlan(ctx, billing.Plan{ID: "steady", Name: "Steady", Price: billing.Price{Amount: 1, Currency: "usd", Interval: billing.Monthly},
				StripePriceID: "p", Includes: []string{"x"}, Support: billing.Standard, Active: true}); err != nil {
				t.Fatal(err)
			}
			coach := mustCoach(t, db, "coach-1", true, 0)
			signedUp := time.Now().UTC()
			kinds := map[string][]account.User{}
			for _, kind := range []string{"android", "stopped", "crisis", "coached", "silent"} {
				for i := range 5 {
					kinds[kind] = append(kinds[kind], mustUser(t, db, kind+string(rune('a'+i))))
				}
			}
			// A staff user is not a member, so the funnel never counts them.
			if _, err := db.CreateUser(ctx, account.User{Subject: "staff", Email: "staff@example.com", Role: account.RoleStaff}); err != nil {
				t.Fatal(err)
			}
			f := funnelFixture{t: t, db: db, def: def, base: time.Now().UTC().Truncate(time.Second).Add(time.Second)}
			device := func(d string) map[string][]survey.Answer {
				return map[string][]survey.Answer{survey.SlugNameAndBirth: {{Key: survey.KeyDevice, Value: d}}}
			}
			for _, u := range kinds["android"] {
				f.walk(u, []string{survey.SlugNameAndBirth}, device("android"), onboarding.UTM{})
				if err := db.RecordArrival(ctx, u.ID, account.Arrival{Origin: "search.example", PaymentOffered: true}); err != nil {
					t.Fatal(err)
				}
			}
			for i, u := range kinds["stopped"] {
				utm := onboarding.UTM{Source: "ads", Campaign: "spring"}
				if i < 3 {
					utm = onboarding.UTM{Source: "friends"}
				}
				f.walk(u, []string{survey.SlugNameAndBirth, "how-you-identify"}, device("iphone"), utm)
			}
			crisis := device("iphone")
			crisis["have-you-experienced-adhd"] = []survey.Answer{{Key: "no"}}
			crisis["what-apply-to-you"] = []survey.Answer{{Key: "anxiety"}, {Key: "self-harm"}}
			for _, u := range kinds["crisis"] {
				f.walk(u, flowBetween(def, survey.SlugNameAndBirth, "what-apply-to-you"), crisis, onboarding.UTM{})
			}
			coached := device("iphone")
			coached["have-you-experienced-adhd"] = []survey.Answer{{Key: "yes"}}
			path := flowBetween(def, survey.SlugNameAndBirth, "have-you-experienced-adhd")
			path = append(path, "how-would-you-like-agave")
			path = append(path, flowBetween(def, "process-personalize", survey.SlugMeetYourCoach)...)
			for _, u := range kinds["coached"] {
				f.walk(u, path, coached, onboarding.UTM{Source: "ads", Campaign: "spring", Coupon: "SPRING10"})
				if _, err := db.CreateAssignment(ctx, u.ID, coach.ID, f.base.Add(time.Hour)); err != nil {
					t.Fatal(err)
				}
				at := f.base.Add(2 * time.Hour)
				for _, status := range []billing.Status{billing.StatusPending, billing.StatusActive, billing.StatusCanceled} {
					if err := db.SaveSubscription(ctx, billing.Subscription{UserID: u.ID, PlanID: "steady", Status: status, EventAt: at, UpdatedAt: at}); err != nil {
						t.Fatal(err)
					}
				}
			}
			// A later sign-in from elsewhere keeps the first arrival.
			if err := db.RecordArrival(ctx, kinds["android"][0].ID, account.Arrival{Origin: "other.example"}); err != nil {
				t.Fatal(err)
			}

			// The member's own data export tells what was kept of their sign-up.
			if su, err := db.MemberSignUp(ctx, kinds["android"][0].ID); err != nil || su.Origin != "search.example" || su.PaymentOffered == nil || !*su.PaymentOffered {
				t.Errorf("MemberSignUp(android) = %+v, %v; want search.example, payment offered", su, err)
			}
			if su, err := db.MemberSignUp(ctx, kinds["silent"][0].ID); err != nil || su.Origin != "" || su.PaymentOffered != nil {
				t.Errorf("MemberSignUp(silent) = %+v, %v; want nothing recorded", su, err)
			}

			svc := insights.NewService(db, def, time.Now)
			all := insights.Filter{From: signedUp.Add(-time.Hour), To: time.Now().Add(time.Hour)}
			got, err := svc.Funnel(ctx, all)
			if err != nil {
				t.Fatalf("Funnel: %v", err)
			}
			n := func(v int) insights.Count { return insights.Count{N: v} }
			if got.Members != n(25) || got.CoachChosen != n(5) || got.Paid != n(5) {
				t.Errorf("members %+v, coach chosen %+v, paid %+v; want 25, 5, 5", got.Members, got.CoachChosen, got.Paid)
			}
			want := map[string]int{
				survey.SlugNameAndBirth: 25, survey.SlugIOSOnly: 5, "how-you-identify": 15, "live-state": 15,
				"whats-your-motivation": 10, "have-you-experienced-adhd": 10, "how-would-you-like-agave": 5,
				"process-personalize": 10, "what-apply-to-you": 10, survey.SlugNoGo: 5,
				"lets-better-understand-prompt": 5, "score-screen": 5, survey.SlugMeetYourCoach: 5,
			}
			wantDropOff := map[string]int{"how-you-identify": 10, "live-state": 0, "whats-your-motivation": 5, "lets-better-understand-prompt": 5}
			branches := map[string]bool{survey.SlugIOSOnly: true, "how-would-you-like-agave": true, survey.SlugNoGo: true}
			var slugs []string
			for _, st := range got.Steps {
				slugs = append(slugs, st.Slug)
				if w, ok := want[st.Slug]; ok && st.Reached != n(w) {
					t.Errorf("%s reached %+v, want %d", st.Slug, st.Reached, w)
				}
				if w, ok := wantDropOff[st.Slug]; ok && st.DropOff != n(w) {
					t.Errorf("%s drop-off %+v, want %d", st.Slug, st.DropOff, w)
				}
				if st.Branch != branches[st.Slug] {
					t.Errorf("%s branch = %v, want %v", st.Slug, st.Branch, branches[st.Slug])
				}
			}
			// The steps come in the survey's order, each branch after the step that leads to it,
			// from the first question to the coach chooser.
			if slugs[0] != survey.SlugNameAndBirth || slugs[1] != survey.SlugIOSOnly || slugs[len(slugs)-1] != survey.SlugMeetYourCoach ||
				slices.Index(slugs, survey.SlugNoGo) != slices.Index(slugs, "what-apply-to-you")+1 {
				t.Errorf("steps in order %v", slugs)
			}
			// Each later step was ten seconds after the one before.
			for _, st := range got.Steps {
				if st.Slug == "live-state" && (!st.MedianKnown || st.MedianSeconds != 10) {
					t.Errorf("live-state median %d (known %v), want 10 s", st.MedianSeconds, st.MedianKnown)
				}
				if st.Slug == survey.SlugIOSOnly && st.MedianKnown {
					t.Errorf("ios-only has a median time, but nobody moved on from it")
				}
			}

			// Narrowed to three members, every count is under the floor.
			friends, err := svc.Funnel(ctx, insights.Filter{From: all.From, To: all.To, Source: "friends"})
			if err != nil {
				t.Fatal(err)
			}
			if !friends.Members.Hidden || !friends.Steps[0].Reached.Hidden || friends.Steps[0].MedianKnown {
				t.Errorf("three members: members %+v, first step %+v; want both hidden", friends.Members, friends.Steps[0])
			}
			for _, tt := range []struct {
				f    insights.Filter
				want int
			}{
				{insights.Filter{Source: "ads", Campaign: "spring"}, 7},
				{insights.Filter{Device: insights.DeviceAndroid}, 5},
				{insights.Filter{Device: insights.DeviceIPhone}, 15},
				{insights.Filter{Device: insights.DeviceNone}, 5},
				{insights.Filter{Payment: insights.PaymentOn}, 5},
				{insights.Filter{Payment: insights.PaymentOff}, 0},
			} {
				tt.f.From, tt.f.To = all.From, all.To
				var members int
				if err := db.FunnelJourneys(ctx, tt.f, func(insights.Journey) error { members++; return nil }); err != nil || members != tt.want {
					t.Errorf("FunnelJourneys(%+v) = %d members, %v; want %d", tt.f, members, err, tt.want)
				}
			}
			// Signing up later than the range keeps a member out of it.
			if got, _ := svc.Funnel(ctx, insights.Filter{From: all.From, To: signedUp.Add(-time.Minute)}); got.Members != n(0) {
				t.Errorf("members before anyone signed up = %+v, want 0", got.Members)
			}

			campaigns, err := svc.Campaigns(ctx, all.From, all.To)
			if err != nil {
				t.Fatal(err)
			}
			wantCampaigns := []insights.Campaign{
				{Outcome: insights.Outcome{Members: n(15)}},
				{Source: "ads", Campaign: "spring", Coupon: "SPRING10", Outcome: insights.Outcome{Members: n(5), CoachChosen: n(5), Paid: n(5)}},
				{Source: "ads", Campaign: "spring", Outcome: insights.Outcome{Members: insights.Count{Hidden: true}}},
				{Source: "friends", Outcome: insights.Outcome{Members: insights.Count{Hidden: true}}},
			}
			if !slices.Equal(campaigns.Campaigns, wantCampaigns) {
				t.Errorf("campaigns\n got %+v\nwant %+v", campaigns.Campaigns, wantCampaigns)
			}
			wantOrigins := []insights.Origin{
				{Outcome: insights.Outcome{Members: n(20), CoachChosen: n(5), Paid: n(5)}},
				{Origin: "search.example", Outcome: insights.Outcome{Members: n(5)}},
			}
			if !slices.Equal(campaigns.Origins, wantOrigins) {
				t.Errorf("origins\n got %+v\nwant %+v", campaigns.Origins, wantOrigins)
			}

			// A member who leaves takes their row with them; one made staff leaves the funnel.
			if err := db.DeleteUser(ctx, kinds["silent"][0].ID); err != nil {
				t.Fatal(err)
			}
			if _, err := db.SetUserRole(ctx, kinds["silent"][1].ID, account.RoleStaff); err != nil {
				t.Fatal(err)
			}
			if got, _ := svc.Funnel(ctx, all); got.Members != n(23) {
				t.Errorf("members after one left and one became staff = %+v, want 23", got.Members)
			}
		})
	}
}

// TestMemberFunnelBackfill migrates a database that has members from before member_funnel and finds
// each member's row rebuilt from what was there: sign-up, device, campaign, trail of first moves
// with their seconds, coach and payment.
func TestMemberFunnelBackfill(t *testing.T) {
	t.Parallel()
	for _, s := range newUnmigratedStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			ms, err := db.migrations()
			if err != nil {
				t.Fatal(err)
			}
			const before = 16 // the version before member_funnel
			if err := db.runTx(ctx, func(ctx context.Context) error {
				if err := db.createMigrationsTable(ctx, db.conn(ctx)); err != nil {
					return err
				}
				for _, m := range ms[:before] {
					if _, err := db.conn(ctx).ExecContext(ctx, m.sql); err != nil {
						return err
					}
					if _, err := db.conn(ctx).ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at, contract) VALUES ($1, $2, $3, $4)`,
						m.version, m.name, t0, m.contract); err != nil {
						return err
					}
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			signedUp := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
			legacy := []struct {
				sql  string
				args []any
			}{
				{`INSERT INTO users (id, subject, email, device, role, created_at, updated_at) VALUES ('m1', 's1', 'a@example.com', 'iphone', 'member', $1, $1)`, []any{signedUp}},
				{`INSERT INTO users (id, subject, email, role, created_at, updated_at) VALUES ('st', 's2', 'b@example.com', 'staff', $1, $1)`, []any{signedUp}},
				{`INSERT INTO progress_events (user_id, from_slug, created_at) VALUES ('m1', 'name-and-birth', $1)`, []any{signedUp.Add(40 * time.Second)}},
				{`INSERT INTO progress_events (user_id, from_slug, created_at) VALUES ('m1', 'how-you-identify', $1)`, []any{signedUp.Add(70 * time.Second)}},
				{`INSERT INTO progress_events (user_id, from_slug, created_at) VALUES ('m1', 'name-and-birth', $1)`, []any{signedUp.Add(100 * time.Second)}},
				{`INSERT INTO progress_events (user_id, from_slug, created_at) VALUES ('m1', 'live-state', $1)`, []any{signedUp.Add(130 * time.Second)}},
				{`INSERT INTO utm_records (user_id, first_utm_source, first_utm_medium, first_utm_campaign, first_utm_adid, first_utm_adgroup,
					first_utm_term, first_utm_content, first_gclid, first_coupon, first_at, latest_utm_source, latest_utm_medium, latest_utm_campaign,
					latest_utm_adid, latest_utm_adgroup, latest_utm_term, latest_utm_content, latest_gclid, latest_coupon, latest_at)
					VALUES ('m1', 'ads', '', 'spring', '', '', '', '', '', 'SPRING10', $1, 'mail', '', '', '', '', '', '', '', '', $1)`, []any{signedUp}},
			}
			for _, l := range legacy {
				if _, err := db.SQL().ExecContext(ctx, l.sql, l.args...); err != nil {
					t.Fatalf("%s: %v", l.sql, err)
				}
			}
			if err := db.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			var journeys []insights.Journey
			f := insights.Filter{From: signedUp.Add(-time.Hour), To: signedUp.Add(time.Hour), Source: "ads", Campaign: "spring", Device: insights.DeviceIPhone}
			if err := db.FunnelJourneys(ctx, f, func(j insights.Journey) error {
				journeys = append(journeys, insights.Journey{Visits: slices.Clone(j.Visits), At: j.At, CoachChosen: j.CoachChosen, Paid: j.Paid})
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			want := []insights.Visit{{Slug: "name-and-birth", Seconds: 40}, {Slug: "how-you-identify", Seconds: 30}, {Slug: "live-state", Seconds: 30}}
			if len(journeys) != 1 || !slices.Equal(journeys[0].Visits, want) || journeys[0].At != "" {
				t.Errorf("journeys after the migration = %+v, want one member with visits %v", journeys, want)
			}
			// The trigger carries on where the migration left off.
			if err := db.SaveSurvey(ctx, "m1", "whats-your-motivation", "did-you-know-currently-diagnosed", nil, onboarding.UTM{}, signedUp.Add(150*time.Second)); err != nil {
				t.Fatal(err)
			}
			journeys = journeys[:0]
			_ = db.FunnelJourneys(ctx, f, func(j insights.Journey) error {
				journeys = append(journeys, insights.Journey{Visits: slices.Clone(j.Visits), At: j.At})
				return nil
			})
			if len(journeys) != 1 || len(journeys[0].Visits) != 4 || journeys[0].Visits[3] != (insights.Visit{Slug: "whats-your-motivation", Seconds: 20}) ||
				journeys[0].At != "did-you-know-currently-diagnosed" {
				t.Errorf("after a save = %+v", journeys)
			}
		})
	}
}
