// Package seed fills a Wayfinder database with made-up members, as many as the budgets of
// ARCHITECTURE.md section 6 name (member search over 100k members), so the staff member list and
// search can be measured at that size. The members are the same for the same seed, so runs compare.
//
// Coaches and a plan go in through the store's own methods; the members, their progress, coaches,
// payments, safety disclosures and campaign records go in with multi-row INSERTs in batched
// transactions, which is what makes 100,000 members take seconds instead of minutes.
package seed

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"wayfinder/internal/billing"
	"wayfinder/internal/coaching"
	"wayfinder/internal/sqlstore"
	"wayfinder/internal/survey"
)

// SubjectPrefix starts the identity-provider subject of every seeded member: it tells them from
// real accounts, and a database that has any is not seeded again.
const SubjectPrefix = "seed|"

// PlanID is the plan seeded subscriptions are on. It is inactive, as a plan that has been retired
// is: it keeps its members but is not offered to anyone new.
const PlanID = "seed-standard"

// disclosureSlug is the step on which members tell of thoughts of self-harm.
const disclosureSlug = "what-apply-to-you"

// Options say how many members to add and from which seed.
type Options struct {
	Members int
	// Seed picks the members; the same seed gives the same members.
	Seed uint64
	// Now is the end of the year the members signed up in; the zero time is the start of today, UTC.
	Now time.Time
	// BatchSize is how many members go in one transaction; 0 is a sensible default.
	BatchSize int
}

// Result counts the rows added.
type Result struct {
	Dialect        string
	Coaches        int
	Members        int
	ProgressEvents int
	Assignments    int // current ones, one per member with a coach
	EndedSpells    int // ended assignments, of members who changed coach
	Subscriptions  int
	Disclosures    int
	UTMRecords     int
	Elapsed        time.Duration
}

// Rows is every row added.
func (r Result) Rows() int {
	return r.Coaches + 1 + r.Members + r.ProgressEvents + r.Assignments + r.EndedSpells + r.Subscriptions + r.Disclosures + r.UTMRecords
}

func (r Result) String() string {
	return fmt.Sprintf("%d members, %d progress events, %d current and %d ended coach assignments, %d subscriptions, "+
		"%d unreviewed safety disclosures, %d campaign records, %d coaches and 1 plan: %d rows in %.1f s",
		r.Members, r.ProgressEvents, r.Assignments, r.EndedSpells, r.Subscriptions, r.Disclosures, r.UTMRecords,
		r.Coaches, r.Rows(), r.Elapsed.Seconds())
}

// ErrSeeded is returned for a database that already has seeded members.
var ErrSeeded = errors.New("seed: this database already has seeded members")

// Members migrates the database and adds o.Members made-up members to it, with a few coaches and a
// plan. It refuses a database that already has seeded members, so running it twice does not double
// them. On PostgreSQL it ends with VACUUM (ANALYZE), which autovacuum would run soon after a load
// this size anyway (better before a measurement than during it); SQLite gets no ANALYZE, because
// the store never runs it either.
func Members(ctx context.Context, store *sqlstore.DB, o Options) (Result, error) {
	start := time.Now()
	if o.Members <= 0 {
		return Result{}, errors.New("seed: the number of members must be positive")
	}
	if o.Now.IsZero() {
		o.Now = time.Now().UTC().Truncate(24 * time.Hour)
	}
	if o.BatchSize <= 0 {
		o.BatchSize = 5000
	}
	if err := store.Migrate(ctx); err != nil {
		return Result{}, err
	}
	db := store.SQL()
	var seeded int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE subject LIKE $1`, SubjectPrefix+"%").Scan(&seeded); err != nil {
		return Result{}, fmt.Errorf("seed: counting seeded members: %w", err)
	}
	if seeded > 0 {
		return Result{}, fmt.Errorf("%w (%d of them); seed a fresh database instead", ErrSeeded, seeded)
	}
	def, err := survey.Load()
	if err != nil {
		return Result{}, err
	}
	g, err := newGenerator(o, def.Flow())
	if err != nil {
		return Result{}, err
	}

	res := Result{Dialect: store.Dialect(), Coaches: len(coaches)}
	for _, c := range coaches {
		if _, err := store.UpsertCoach(ctx, c); err != nil {
			return Result{}, fmt.Errorf("seed: storing the coach %s: %w", c.ID, err)
		}
	}
	if err := store.UpsertPlan(ctx, plan); err != nil {
		return Result{}, fmt.Errorf("seed: storing the plan: %w", err)
	}

	for first := 0; first < o.Members; first += o.BatchSize {
		b := newBatch()
		for i := first; i < min(first+o.BatchSize, o.Members); i++ {
			g.member(i, b)
		}
		if err := b.write(ctx, db, store.Dialect()); err != nil {
			return Result{}, fmt.Errorf("seed: members %d to %d: %w", first+1, first+b.users.n(), err)
		}
		res.Members += b.users.n()
		res.ProgressEvents += b.events.n()
		res.Assignments += b.current
		res.EndedSpells += b.assignments.n() - b.current
		res.Subscriptions += b.subscriptions.n()
		res.Disclosures += b.disclosures.n()
		res.UTMRecords += b.utm.n()
	}
	if store.Dialect() == sqlstore.DialectPostgres {
		// Loading a member's progress all at once updates their funnel row once for each event in
		// one go, leaving a table many times its size, which real traffic, spread over time and
		// cleaned up by autovacuum, never does; it is rewritten at its real size first.
		if _, err := db.ExecContext(ctx, `VACUUM (FULL) member_funnel`); err != nil {
			return Result{}, fmt.Errorf("seed: VACUUM (FULL) member_funnel: %w", err)
		}
		if _, err := db.ExecContext(ctx, `VACUUM (ANALYZE)`); err != nil {
			return Result{}, fmt.Errorf("seed: VACUUM (ANALYZE): %w", err)
		}
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// coaches are the made-up coaches the members are assigned to.
var coaches = []coaching.Coach{
	seedCoach("seed-hannah", "Hannah", "Lindqvist", "America/New_York", "Small steps, every day."),
	seedCoach("seed-omar", "Omar", "Haddad", "America/Chicago", "Plans that bend instead of break."),
	seedCoach("seed-grace", "Grace", "Mbeki", "America/Denver", "Start where you are."),
	seedCoach("seed-tomas", "Tomás", "Reyes", "America/Los_Angeles", "Make the next thing obvious."),
	seedCoach("seed-priya", "Priya", "Raman", "America/Phoenix", "Fewer tabs, more done."),
	seedCoach("seed-noah", "Noah", "Fischer", "America/New_York", "Momentum beats motivation."),
}

func seedCoach(id, first, last, zone, oneLiner string) coaching.Coach {
	return coaching.Coach{
		ID: id, FirstName: first, LastName: last, Nickname: first, OneLiner: oneLiner,
		Tags: "Focus, Organization, Check-ins", Timezone: zone,
		Description: first + " coaches adults with ADHD.", Active: true, Capacity: 10000,
	}
}

var plan = billing.Plan{
	ID: PlanID, Name: "Standard (retired)", Price: billing.Price{Amount: 9900, Currency: "usd", Interval: billing.Monthly},
	StripePriceID: "price_seed_standard", Support: billing.Standard, Active: false,
	Includes: []string{"Two video sessions a month", "Chat with your coach on weekdays"},
}

// FirstNames are the members' first names, most common first: a member has the i-th with a weight
// of 1/(i+4), so the first is held by about 7% of members and the last by about 0.3%.
var FirstNames = []string{
	"James", "Maria", "Michael", "Jennifer", "David", "Linda", "Robert", "Jessica", "John", "Sarah",
	"Daniel", "Emily", "Christopher", "Ashley", "Matthew", "Olivia", "Joshua", "Emma", "Andrew", "Sophia",
	"Anthony", "Isabella", "Kevin", "Mia", "Brian", "Amanda", "Jose", "Stephanie", "Luis", "Nicole",
	"Carlos", "Megan", "Juan", "Rachel", "Ryan", "Lauren", "Jason", "Hannah", "Justin", "Samantha",
	"Brandon", "Elizabeth", "Tyler", "Victoria", "Aaron", "Grace", "Adam", "Chloe", "Nathan", "Natalie",
	"Wei", "Mei", "Hiroshi", "Yuki", "Arjun", "Priya", "Rahul", "Ananya", "Mohammed", "Fatima",
	"Omar", "Aisha", "Kwame", "Amara", "Chinedu", "Ngozi", "Dmitri", "Olga", "Sven", "Ingrid",
	"Mateo", "Valentina", "Diego", "Camila", "Santiago", "Lucia", "Liam", "Zoe", "Ethan", "Ava",
	"Noah", "Harper", "Elijah", "Aria", "Lucas", "Layla", "Mason", "Nora", "Logan", "Riley",
	"Siobhan", "Niamh", "Tadhg", "Bronwyn", "Rhys", "Anouk", "Bjørn", "Zoë", "José Luis", "Mary-Kate",
}

// LastNames are the members' usual last names, most common first, weighted as FirstNames are.
var LastNames = []string{
	"Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
	"Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
	"Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
	"Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores",
	"Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts",
	"Kim", "Park", "Chen", "Wang", "Li", "Zhang", "Patel", "Shah", "Singh", "Kumar",
	"Okafor", "Mensah", "Adeyemi", "Diallo", "Haddad", "Khalil", "Cohen", "Levi", "Novak", "Kowalski",
	"Müller", "Schmidt", "Rossi", "Russo", "Dubois", "Moreau", "Silva", "Santos", "Costa", "Oliveira",
	"O'Brien", "O'Connor", "MacDonald", "Murphy", "Kelly", "Sullivan", "Andersson", "Johansson", "Virtanen", "Jensen",
	"Tanaka", "Suzuki", "Sato", "Yamamoto", "Nakamura", "Ivanov", "Petrov", "Popescu", "Horvat", "Nagy",
	"Van der Berg", "De la Cruz", "Fitzgerald", "Whitaker", "Pemberton", "Castellanos", "Abernathy", "Thorne", "Blackwood", "Ashford",
}

// RareLastNames are held by few members each: about 0.3% of members have one of them, some 10 members
// per name among 100,000. No other name or email contains any of them.
var RareLastNames = []string{
	"Quisenberry", "Featherstonehaugh", "Vanterpool", "Szczepański", "Oyelaran", "Throckmorton", "Ekwueme",
	"Zbrozek", "Kealoha", "Villaseñor", "Uhlenbrock", "Cholmondeley", "Ptacek", "Yarborough", "Wojciechowski",
	"Nakashima-Ortiz", "Aguirrezabal", "Brzezinski", "Ilunga", "Gwinnett", "Haraldsdóttir", "Mbatha", "Oyarzun",
	"Tsakalidis", "Quattlebaum", "Rautenbach", "Scarbrough", "Dzhugashvili", "Ferreira-Lemos", "Lyngstad",
}

// EmailDomains are the members' email domains, reserved for examples.
var EmailDomains = []string{"example.com", "example.org", "example.net", "mail.example.com", "inbox.example.org"}

// rareLastNameShare is the share of members with one of RareLastNames.
const rareLastNameShare = 0.003

// weighted picks an index of a list of n names with a weight of 1/(i+4) each.
type weighted []float64 // cumulative weights, the last one 1

func newWeighted(n int) weighted {
	w := make(weighted, n)
	sum := 0.0
	for i := range n {
		sum += 1 / float64(i+4)
		w[i] = sum
	}
	for i := range w {
		w[i] /= sum
	}
	return w
}

func (w weighted) pick(r *rand.Rand) int {
	i, _ := slices.BinarySearch(w, r.Float64())
	return min(i, len(w)-1)
}

// generator makes the members one after another from one PRNG.
type generator struct {
	r           *rand.Rand
	now         time.Time
	flow        []string
	meetCoach   int // the step in flow where a member chooses a coach
	namesKnown  int // the first step after which a member has given their name
	disclosure  int // the step where a disclosure can happen
	first, last weighted
	emails      map[string]struct{}
}

func newGenerator(o Options, flow []string) (*generator, error) {
	g := &generator{
		r:     rand.New(rand.NewPCG(o.Seed, 0x5eed_ba5e_0f_c0ac4)),
		now:   o.Now.UTC().Truncate(time.Microsecond),
		flow:  flow,
		first: newWeighted(len(FirstNames)), last: newWeighted(len(LastNames)),
		emails: make(map[string]struct{}, o.Members),
	}
	for name, at := range map[string]*int{"meet-your-coach": &g.meetCoach, "name-and-birth": &g.namesKnown, disclosureSlug: &g.disclosure} {
		*at = slices.Index(flow, name)
		if *at < 0 {
			return nil, fmt.Errorf("seed: the survey has no step %s on its main path", name)
		}
	}
	return g, nil
}

func (g *generator) uuid() string {
	var b uuid.UUID
	for i := range 2 {
		v := g.r.Uint64()
		for j := range 8 {
			b[i*8+j] = byte(v >> (8 * j))
		}
	}
	b[6] = b[6]&0x0f | 0x40 // version 4
	b[8] = b[8]&0x3f | 0x80 // RFC 4122 variant
	return b.String()
}

// between returns a time from a to b, to the microsecond the store keeps.
func (g *generator) between(a, b time.Time) time.Time {
	if !b.After(a) {
		return a
	}
	return a.Add(time.Duration(g.r.Int64N(int64(b.Sub(a))))).Truncate(time.Microsecond)
}

// asciiFold writes a name as an email address would have it.
var asciiFold = strings.NewReplacer("ø", "o", "ë", "e", "é", "e", "ñ", "n", "ü", "u", "ó", "o", "ń", "n", "'", "", " ", "", "-", "")

func (g *generator) email(i int, first, last string) string {
	f, l := asciiFold.Replace(strings.ToLower(first)), asciiFold.Replace(strings.ToLower(last))
	domain := EmailDomains[g.r.IntN(len(EmailDomains))]
	n := strconv.Itoa(g.r.IntN(10000))
	var local string
	switch g.r.IntN(6) {
	case 0:
		local = f + "." + l
	case 1:
		local = f + "." + l + n
	case 2:
		local = f[:1] + l + n
	case 3:
		local = l + "." + f
	case 4:
		local = f + "_" + l[:min(len(l), 4)] + n
	default:
		local = f + n
	}
	email := local + "@" + domain
	if _, taken := g.emails[email]; taken {
		email = local + "." + strconv.Itoa(i) + "@" + domain
	}
	g.emails[email] = struct{}{}
	return email
}

// member adds the i-th member and their rows to b.
func (g *generator) member(i int, b *batch) {
	r := g.r
	id := g.uuid()
	first := FirstNames[g.first.pick(r)]
	last := LastNames[g.last.pick(r)]
	if r.Float64() < rareLastNameShare {
		last = RareLastNames[r.IntN(len(RareLastNames))]
	}
	email := g.email(i, first, last)
	created := g.between(g.now.Add(-365*24*time.Hour), g.now.Add(-2*time.Hour))
	var dob sql.NullTime
	if r.Float64() < 0.9 {
		years := 18 + r.IntN(52)
		y, m, d := g.now.AddDate(-years, 0, -r.IntN(365)).Date()
		dob = sql.NullTime{Time: time.Date(y, m, d, 0, 0, 0, 0, time.UTC), Valid: true}
	}
	device := []string{"", "", "iphone", "iphone", "android"}[r.IntN(5)]

	// How far along the survey the member went: a quarter chose a coach; the others stopped
	// earlier, most of them early on, as a funnel does. They moved on from every step on the way,
	// from the first question, which is where signing up lands them, so a hundred thousand members
	// make about a million progress events, as the funnel's budget asks.
	hasCoach := r.Float64() < 0.25
	var reached int
	if hasCoach {
		reached = g.meetCoach + r.IntN(len(g.flow)-g.meetCoach)
	} else {
		reached = g.namesKnown + min(int(r.ExpFloat64()*5), g.meetCoach-g.namesKnown-1)
	}
	discloses := reached >= g.disclosure && !hasCoach && r.Float64() < 0.03
	if discloses {
		reached = g.disclosure
	}
	at := created
	for s := g.namesKnown; s <= reached; s++ {
		at = at.Add(time.Duration(20+r.IntN(280)) * time.Second)
		to := ""
		switch {
		case s == reached && discloses:
			to = survey.SlugNoGo
		case s+1 < len(g.flow):
			to = g.flow[s+1]
		}
		b.events.add(id, g.flow[s], to, at)
	}
	updated := at

	if hasCoach {
		coach := coaches[r.IntN(len(coaches))].ID
		assigned := g.between(at, earliest(at.Add(72*time.Hour), g.now))
		if r.Float64() < 0.1 && assigned.Before(g.now.Add(-time.Hour)) {
			// They changed coach once: the first spell ended when the current one began.
			previous := coaches[r.IntN(len(coaches))].ID
			ended := g.between(assigned.Add(time.Minute), g.now)
			b.assignments.add(id, previous, assigned, ended)
			coach, assigned = coachOtherThan(coach, previous), ended
		}
		b.assignments.add(id, coach, assigned, nil)
		b.current++
		updated = assigned
		if r.Float64() < 0.4 {
			status := "active"
			switch v := r.Float64(); {
			case v < 0.15:
				status = "canceled"
			case v < 0.25:
				status = "past_due"
			}
			paid := g.between(assigned, g.now)
			b.subscriptions.add(id, PlanID, status, "cus_seed"+strconv.Itoa(i), "sub_seed"+strconv.Itoa(i), "", paid, paid)
		}
	}
	if discloses {
		b.disclosures.add(id, disclosureSlug, at)
	}
	if r.Float64() < 0.4 {
		g.utm(id, created, updated, b)
	}
	origin := origins[r.IntN(len(origins))]
	b.users.add(id, SubjectPrefix+id, email, first, last, dob, device, "member", origin, r.IntN(2) == 0, created, updated)
}

func earliest(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// coachOtherThan returns coach, or the next coach when it is previous, so a change of coach is one.
func coachOtherThan(coach, previous string) string {
	if coach != previous {
		return coach
	}
	i := slices.IndexFunc(coaches, func(c coaching.Coach) bool { return c.ID == coach })
	return coaches[(i+1)%len(coaches)].ID
}

// origins are the sites members came from when they signed up, "direct" for none.
var origins = []string{"direct", "direct", "www.google.com", "www.google.com", "m.facebook.com", "www.instagram.com", "www.reddit.com", "podcasts.example"}

var campaigns = []struct{ source, medium, campaign string }{
	{"google", "cpc", "adhd-coaching-search"},
	{"google", "cpc", "focus-brand"},
	{"facebook", "paid_social", "spring-routines"},
	{"instagram", "paid_social", "reels-overwhelm"},
	{"tiktok", "paid_social", "adhd-tips"},
	{"newsletter", "email", "monthly-digest"},
	{"podcast", "audio", "host-read"},
}

func (g *generator) utm(id string, first, latest time.Time, b *batch) {
	r := g.r
	c := campaigns[r.IntN(len(campaigns))]
	adid, gclid, coupon := "", "", ""
	if c.medium != "email" {
		adid = strconv.Itoa(100000 + r.IntN(900000))
	}
	if c.source == "google" {
		gclid = fmt.Sprintf("Cj0KCQ%016x", r.Uint64())
	}
	if r.Float64() < 0.1 {
		coupon = "WELCOME10"
	}
	l := c
	if r.Float64() < 0.2 {
		l = campaigns[r.IntN(len(campaigns))]
	} else {
		latest = first
	}
	b.utm.add(id,
		c.source, c.medium, c.campaign, adid, "group-"+strconv.Itoa(r.IntN(20)), "", "", gclid, coupon, first,
		l.source, l.medium, l.campaign, adid, "group-"+strconv.Itoa(r.IntN(20)), "", "", gclid, coupon, latest)
}

// rows gathers the rows of one table for a multi-row INSERT.
type rows struct {
	table   string
	columns []string
	args    []any
}

func (t *rows) add(values ...any) {
	if len(values) != len(t.columns) {
		panic(fmt.Sprintf("seed: %d values for the %d columns of %s", len(values), len(t.columns), t.table))
	}
	t.args = append(t.args, values...)
}

func (t *rows) n() int { return len(t.args) / len(t.columns) }

// maxParams keeps a statement under both databases' limits on parameters (SQLite's is 32,766,
// PostgreSQL's 65,535); statements of a few hundred rows are also about the fastest on both.
const maxParams = 6000

// insert writes the rows in statements of as many rows as maxParams allows.
func (t *rows) insert(ctx context.Context, tx *sql.Tx, dialect string) error {
	per := max(1, maxParams/len(t.columns))
	for start := 0; start < t.n(); start += per {
		n := min(per, t.n()-start)
		var q strings.Builder
		q.WriteString("INSERT INTO " + t.table + " (" + strings.Join(t.columns, ", ") + ") VALUES ")
		p := 1
		for row := range n {
			if row > 0 {
				q.WriteString(", ")
			}
			q.WriteByte('(')
			for c := range t.columns {
				if c > 0 {
					q.WriteString(", ")
				}
				if dialect == sqlstore.DialectSQLite {
					// Thousands of numbered parameters ($1…) make SQLite's statements slow to
					// bind (ten times slower seeding here); plain ? are bound by position.
					q.WriteByte('?')
				} else {
					q.WriteString("$" + strconv.Itoa(p))
					p++
				}
			}
			q.WriteByte(')')
		}
		cols := len(t.columns)
		if _, err := tx.ExecContext(ctx, q.String(), t.args[start*cols:(start+n)*cols]...); err != nil {
			return fmt.Errorf("inserting into %s: %w", t.table, err)
		}
	}
	return nil
}

// batch is the rows of some members, written in one transaction.
type batch struct {
	users, events, assignments, subscriptions, disclosures, utm rows
	current                                                     int // assignments that are current
}

func newBatch() *batch {
	return &batch{
		users: rows{table: "users", columns: []string{"id", "subject", "email", "first_name", "last_name",
			"date_of_birth", "device", "role", "origin_register", "payment_offered", "created_at", "updated_at"}},
		events:      rows{table: "progress_events", columns: []string{"user_id", "from_slug", "to_slug", "created_at"}},
		assignments: rows{table: "coach_assignments", columns: []string{"user_id", "coach_id", "assigned_at", "ended_at"}},
		subscriptions: rows{table: "subscriptions", columns: []string{"user_id", "plan_id", "status", "stripe_customer_id",
			"stripe_subscription_id", "checkout_session_id", "event_at", "updated_at"}},
		disclosures: rows{table: "safety_disclosures", columns: []string{"user_id", "question_slug", "disclosed_at"}},
		utm: rows{table: "utm_records", columns: []string{"user_id",
			"first_utm_source", "first_utm_medium", "first_utm_campaign", "first_utm_adid", "first_utm_adgroup",
			"first_utm_term", "first_utm_content", "first_gclid", "first_coupon", "first_at",
			"latest_utm_source", "latest_utm_medium", "latest_utm_campaign", "latest_utm_adid", "latest_utm_adgroup",
			"latest_utm_term", "latest_utm_content", "latest_gclid", "latest_coupon", "latest_at"}},
	}
}

// write inserts the batch in one transaction, the members before the rows that refer to them.
func (b *batch) write(ctx context.Context, db *sql.DB, dialect string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	for _, t := range []*rows{&b.users, &b.events, &b.assignments, &b.subscriptions, &b.disclosures, &b.utm} {
		if err := t.insert(ctx, tx, dialect); err != nil {
			return err
		}
	}
	return tx.Commit()
}
