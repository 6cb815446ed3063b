package sqlstore

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/billing"
	"wayfinder/internal/idp/idpstore"
	"wayfinder/internal/mail"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/privacy"
	"wayfinder/internal/survey"
	"wayfinder/internal/waitlist"
)

func TestDataExports(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			u := mustUser(t, db, "exporter")
			other := mustUser(t, db, "other")
			for _, at := range []time.Time{t0.Add(-90 * time.Minute), t0.Add(-50 * time.Minute), t0.Add(-10 * time.Minute)} {
				if err := db.RecordDataExport(ctx, u.ID, at, at.Add(-24*time.Hour)); err != nil {
					t.Fatal(err)
				}
			}
			if err := db.RecordDataExport(ctx, other.ID, t0, t0.Add(-time.Hour)); err != nil {
				t.Fatal(err)
			}
			tests := []struct {
				name       string
				userID     string
				since      time.Time
				wantN      int
				wantOldest time.Time
			}{
				{"the last hour", u.ID, t0.Add(-time.Hour), 2, t0.Add(-50 * time.Minute)},
				{"the last two hours", u.ID, t0.Add(-2 * time.Hour), 3, t0.Add(-90 * time.Minute)},
				{"nothing since", u.ID, t0, 0, time.Time{}},
				{"a member with none", mustUser(t, db, "never").ID, t0.Add(-time.Hour), 0, time.Time{}},
			}
			for _, tt := range tests {
				n, oldest, err := db.DataExportsSince(ctx, tt.userID, tt.since)
				if err != nil || n != tt.wantN || !oldest.Equal(tt.wantOldest) {
					t.Errorf("%s: DataExportsSince() = %d, %v, %v; want %d, %v", tt.name, n, oldest, err, tt.wantN, tt.wantOldest)
				}
			}

			// A new record forgets the member's records from before the window, and no one else's.
			if err := db.RecordDataExport(ctx, u.ID, t0, t0.Add(-time.Hour)); err != nil {
				t.Fatal(err)
			}
			for _, tt := range []struct {
				userID string
				want   int
			}{{u.ID, 3}, {other.ID, 1}} {
				var got int
				if err := db.SQL().QueryRow(`SELECT COUNT(*) FROM data_exports WHERE user_id = $1`, tt.userID).Scan(&got); err != nil {
					t.Fatal(err)
				}
				if got != tt.want {
					t.Errorf("rows of %s = %d, want %d", tt.userID, got, tt.want)
				}
			}
			if err := db.RecordDataExport(ctx, "nobody", t0, t0); codeOf(err) != "not_found" {
				t.Errorf("RecordDataExport(unknown member) error = %v, want NotFound", err)
			}
		})
	}
}

func TestMemberAnswerHistory(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			u := mustUser(t, db, "history")
			saves := []struct {
				slug, value string
				at          time.Time
			}{
				{"gender", "female", t0},
				{"live-state", "CA", t0.Add(time.Minute)},
				{"gender", "non-binary", t0.Add(2 * time.Minute)},
			}
			for _, sv := range saves {
				if err := db.SaveSurvey(ctx, u.ID, "", "", sampleAnswers(sv.slug, sv.value), onboarding.UTM{}, sv.at); err != nil {
					t.Fatal(err)
				}
			}
			got, err := db.MemberAnswerHistory(ctx, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			var gotLines []string
			for _, h := range got {
				gotLines = append(gotLines, fmt.Sprintf("%s=%s@%s", h.QuestionSlug, h.Answers[0].Key, h.UpdatedAt.Sub(t0)))
			}
			want := []string{"gender=female@0s", "live-state=CA@1m0s", "gender=non-binary@2m0s"}
			if strings.Join(gotLines, " ") != strings.Join(want, " ") {
				t.Errorf("MemberAnswerHistory() = %v, want %v", gotLines, want)
			}
			if none, err := db.MemberAnswerHistory(ctx, mustUser(t, db, "silent").ID); err != nil || none == nil || len(none) != 0 {
				t.Errorf("MemberAnswerHistory(silent) = %#v, %v; want an empty list", none, err)
			}
		})
	}
}

// erasable is one member with data in every table that can hold a member's data.
type erasable struct {
	user      account.User
	first     string
	last      string
	keys      []string // the sign-in limits' keys the embedded provider can name for the email
	otherKeys []string // a key it cannot name (the email tried from one address)
	// The keys are opaque, as the provider's hashes are.
}

// needles are the values that must not be left anywhere once the member is erased.
func (m erasable) needles() []string {
	return []string{m.user.ID, m.user.Subject, m.user.Email, m.first, m.last}
}

// seedErasable creates a member named first last and gives them data in every table a member's
// data goes to: answers and their history, progress, campaign values, a coach, a subscription and
// a checkout, a picture, a safety disclosure, a password, sessions of the app and of the provider,
// codes and tokens of every kind, an emailed link, emails waiting and sent, sign-in attempts, a
// copy of their data, a place on the Android waitlist, and a staff access in the audit log.
func seedErasable(t *testing.T, db *DB, coachID, first, last string) erasable {
	t.Helper()
	email := strings.ToLower(first+"."+last) + "@example.test"
	u, err := db.CreateUserWithPassword(ctx, email, account.RoleMember, "argon2id$hash-of-"+first, t0)
	if err != nil {
		t.Fatal(err)
	}
	dob := time.Date(1990, 4, 30, 0, 0, 0, 0, time.UTC)
	if u, err = db.UpdateUserProfile(ctx, u.ID, first, last, &dob, account.DeviceIPhone); err != nil {
		t.Fatal(err)
	}
	m := erasable{user: u, first: first, last: last,
		keys:      []string{fmt.Sprintf("account-%x", first), fmt.Sprintf("reset-%x", first)},
		otherKeys: []string{fmt.Sprintf("pair-%x", first)}}
	nameAndBirth := func(terms string) []survey.QuestionAnswers {
		return []survey.QuestionAnswers{{QuestionSlug: survey.SlugNameAndBirth, Answers: []survey.Answer{
			{Key: survey.KeyFirstName, Value: first}, {Key: survey.KeyLastName, Value: last},
			{Key: survey.KeyDateOfBirth, Value: "1990-04-30T00:00:00.000Z"}, {Key: survey.KeyTermsOfService, Value: terms},
			{Key: survey.KeyDevice, Value: "iphone"},
		}}}
	}
	steps := []struct {
		name string
		do   func() error
	}{
		{"answers", func() error {
			return db.SaveSurvey(ctx, u.ID, survey.SlugNameAndBirth, "", nameAndBirth("true"), onboarding.UTM{Source: "ads-" + first, Coupon: last}, t0)
		}},
		{"a changed answer", func() error {
			data := append(nameAndBirth("true"), survey.QuestionAnswers{QuestionSlug: "what-apply-to-you",
				Answers: []survey.Answer{{Key: "self-harm"}}})
			data[0].Answers[0].Value = first + " Q."
			return db.SaveSurvey(ctx, u.ID, "what-apply-to-you", "", data, onboarding.UTM{Source: "mail-" + first}, t0.Add(time.Minute))
		}},
		{"a safety disclosure", func() error {
			_, err := db.RecordSafetyDisclosure(ctx, u.ID, "what-apply-to-you", t0.Add(time.Minute))
			return err
		}},
		{"a coach", func() error { _, err := db.CreateAssignment(ctx, u.ID, coachID, t0.Add(2*time.Minute)); return err }},
		{"a checkout", func() error {
			return db.SaveCheckout(ctx, billing.CheckoutSession{ID: "cs_" + first, UserID: u.ID, PlanID: "steady", Coupon: last,
				URL: "https://checkout.example.test/" + u.ID, SuccessURL: "https://app.example.test/ok", CancelURL: "https://app.example.test/back",
				ExpiresAt: t0.Add(time.Hour), CreatedAt: t0})
		}},
		{"a subscription", func() error {
			return db.SaveSubscription(ctx, billing.Subscription{UserID: u.ID, PlanID: "steady", Status: billing.StatusActive,
				CustomerID: "cus_" + first, SubscriptionID: "sub_" + first, SessionID: "cs_" + first, EventAt: t0, UpdatedAt: t0})
		}},
		{"a picture", func() error {
			return db.SetMemberPicture(ctx, u.ID, []byte("\xff\xd8 a picture of "+first+" "+last), "v1", t0)
		}},
		{"an app session", func() error {
			return db.CreateSession(ctx, account.Session{IDHash: "session-" + u.ID, UserID: u.ID, CreatedAt: t0, LastSeenAt: t0,
				IdleExpiresAt: t0.Add(time.Hour), AbsoluteExpiresAt: t0.Add(time.Hour),
				IDToken: "id-token-for-" + u.Subject, AccessToken: "access-for-" + email, RefreshToken: "refresh-" + u.ID})
		}},
		{"a provider session", func() error {
			return db.CreateIdPSession(ctx, idpstore.IdPSession{IDHash: "idp-" + u.ID, UserID: u.ID, AuthTime: t0, CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)})
		}},
		{"an emailed link", func() error {
			return db.CreateAccountToken(ctx, idpstore.AccountToken{Hash: "token-" + u.ID, Purpose: idpstore.TokenPasswordReset,
				UserID: u.ID, Email: email, CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)})
		}},
		{"emails waiting and sent", func() error {
			for i, kind := range []mail.Kind{mail.KindPasswordReset, mail.KindAccountExists} {
				q := mail.Queued{ID: fmt.Sprintf("mail-%s-%d", first, i), Message: mail.Message{Kind: kind, To: strings.ToUpper(email[:1]) + email[1:],
					Subject: "Hello " + first, Text: "Hi " + first + " " + last, HTML: "<p>Hi " + first + "</p>"},
					CreatedAt: t0, NextAttemptAt: t0, GiveUpAt: t0.Add(time.Hour)}
				if err := db.InsertMail(ctx, q); err != nil {
					return err
				}
			}
			return db.MarkMailSent(ctx, "mail-"+first+"-1", t0)
		}},
		{"sign-in attempts", func() error {
			for _, a := range []idpstore.LoginAttempt{
				{Scope: idpstore.AttemptScopeAccount, Key: m.keys[0], At: t0}, {Scope: idpstore.AttemptScopeAccount, Key: m.keys[0], Succeeded: true, At: t0},
				{Scope: idpstore.AttemptScopeReset, Key: m.keys[1], At: t0}, {Scope: idpstore.AttemptScopePair, Key: m.otherKeys[0], Succeeded: true, At: t0},
			} {
				if _, err := db.RecordLoginAttempt(ctx, a); err != nil {
					return err
				}
			}
			return nil
		}},
		{"a copy of their data", func() error { return db.RecordDataExport(ctx, u.ID, t0, t0.Add(-time.Hour)) }},
		{"a place on the Android waitlist", func() error {
			_, err := db.SaveAndroidWaitlistEntry(ctx, waitlist.Entry{UserID: u.ID, Email: "news+" + email, ConsentVersion: waitlist.ConsentVersion, JoinedAt: t0})
			return err
		}},
		{"a staff access", func() error {
			return db.AppendAudit(ctx, backoffice.Entry{At: t0, StaffUserID: "staff-1", StaffEmail: "staff@example.test",
				Action: backoffice.ActionViewMember, MemberID: u.ID, Address: "192.0.2.1"})
		}},
	}
	for _, st := range steps {
		if err := st.do(); err != nil {
			t.Fatalf("seeding %s's %s: %v", first, st.name, err)
		}
	}
	// The provider's codes and tokens of every kind; their session holds the subject and email.
	for _, kind := range []string{idpstore.OAuthCode, idpstore.OAuthPKCE, idpstore.OAuthOIDC, idpstore.OAuthAccess, idpstore.OAuthRefresh} {
		r := sampleOAuthRequest(kind, kind+"-"+u.ID, "request-"+u.ID, t0.Add(time.Hour))
		r.Subject = u.Subject
		r.Session = []byte(`{"subject":"` + u.Subject + `","email":"` + email + `"}`)
		if err := db.CreateOAuthRequest(ctx, r); err != nil {
			t.Fatalf("seeding %s's %s: %v", first, kind, err)
		}
	}
	return m
}

// fakeSignIn names the sign-in limits' keys of each seeded member's email, as the embedded
// provider names the hashes of an email.
type fakeSignIn map[string][]string

func (f fakeSignIn) AttemptKeys(email string) []string { return f[strings.ToLower(email)] }

// hit is one value of the database that holds a needle: where, and which.
type hit struct{ table, column, needle string }

// scanEverything reads every row of every table the database's own catalog lists and returns where
// a text or binary value holds one of needles. The audit log's member and staff user columns are
// left out: an id there is the record of what happened, and is allowed to stay.
func scanEverything(t *testing.T, db *DB, needles []string) []hit {
	t.Helper()
	query := `SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`
	if db.Dialect() == DialectPostgres {
		query = `SELECT table_name FROM information_schema.tables
			WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`
	}
	rows, err := db.SQL().Query(query)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	rows.Close()
	if len(tables) < 20 {
		t.Fatalf("the catalog lists %d tables (%v); want every table of the schema", len(tables), tables)
	}
	var hits []hit
	for _, table := range tables {
		hits = append(hits, scanTable(t, db, table, needles)...)
	}
	return hits
}

func scanTable(t *testing.T, db *DB, table string, needles []string) []hit {
	t.Helper()
	rows, err := db.SQL().Query(`SELECT * FROM "` + table + `"`)
	if err != nil {
		t.Fatalf("reading %s: %v", table, err)
	}
	defer rows.Close()
	columns, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	var hits []hit
	for rows.Next() {
		values := make([]any, len(columns))
		dest := make([]any, len(columns))
		for i := range values {
			dest[i] = &values[i]
		}
		if err := rows.Scan(dest...); err != nil {
			t.Fatalf("reading %s: %v", table, err)
		}
		for i, v := range values {
			if table == "audit_log" && (columns[i] == "member_id" || columns[i] == "staff_user_id") {
				continue
			}
			var b []byte
			switch v := v.(type) {
			case string:
				b = []byte(v)
			case []byte:
				b = v
			default:
				continue
			}
			for _, n := range needles {
				if n != "" && bytes.Contains(b, []byte(n)) {
					hits = append(hits, hit{table, columns[i], n})
				}
			}
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("reading %s: %v", table, err)
	}
	return hits
}

// countHits sums the hits of each table.
func countHits(hits []hit) map[string]int {
	out := map[string]int{}
	for _, h := range hits {
		out[h.table]++
	}
	return out
}

// TestEraseAccount closes one of two members' accounts, each with data everywhere, and then reads
// the whole database, table by table as its catalog lists them: nothing of the closed account is
// left but its id in the audit log, and nothing of the other member has gone.
func TestEraseAccount(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			coach := mustCoach(t, db, "tess", true, 10)
			if err := db.UpsertPlan(ctx, billing.Plan{ID: "steady", Name: "Steady", Price: billing.Price{Amount: 12900, Currency: "usd", Interval: billing.Monthly},
				StripePriceID: "price_1", Includes: []string{"Two sessions"}, Support: billing.Standard, Active: true}); err != nil {
				t.Fatal(err)
			}
			gone := seedErasable(t, db, coach.ID, "Quenby", "Zaltrowski")
			kept := seedErasable(t, db, coach.ID, "Ottoline", "Vasquerel")
			// Every table that holds members' data holds this one's before the erasure (the sign-in
			// attempts, keyed by hashes, are counted apart below).
			goneBefore := countHits(scanEverything(t, db, gone.needles()))
			memberTables := []string{"users", "credentials", "web_sessions", "idp_sessions", "oauth_requests", "account_tokens",
				"survey_answers", "survey_answer_history", "progress_events", "utm_records", "safety_disclosures", "coach_assignments",
				"subscriptions", "checkout_sessions", "member_pictures", "mail_outbox", "data_exports", "android_waitlist"}
			if db.Dialect() == DialectSQLite {
				// SQLite's search index keeps its text in a table of its own; PostgreSQL's indexes users.
				memberTables = append(memberTables, "member_search_text")
			}
			for _, table := range memberTables {
				if goneBefore[table] == 0 {
					t.Errorf("before the erasure %s holds nothing of the member; the seed misses it", table)
				}
			}
			keptBefore := countHits(scanEverything(t, db, kept.needles()))
			attempts := func(keys []string) int {
				n := 0
				for _, k := range keys {
					var c int
					if err := db.SQL().QueryRow(`SELECT COUNT(*) FROM login_attempts WHERE key = $1`, k).Scan(&c); err != nil {
						t.Fatal(err)
					}
					n += c
				}
				return n
			}
			keptAttempts := attempts(append(kept.keys, kept.otherKeys...))

			closedAt := t0.Add(time.Hour)
			svc := privacy.NewService(db, privacy.Config{
				Payments: noPayments{},
				SignIn:   fakeSignIn{gone.user.Email: gone.keys, kept.user.Email: kept.keys},
				Now:      func() time.Time { return closedAt },
			})
			if err := svc.DeleteAccount(ctx, gone.user.ID); err != nil {
				t.Fatalf("DeleteAccount: %v", err)
			}

			if hits := scanEverything(t, db, gone.needles()); len(hits) > 0 {
				sort.Slice(hits, func(i, j int) bool { return hits[i].table+hits[i].column < hits[j].table+hits[j].column })
				t.Errorf("after the erasure the database still holds the member: %+v", hits)
			}
			if got := attempts(gone.keys); got != 0 {
				t.Errorf("%d sign-in attempts left under the keys the provider names, want 0", got)
			}
			if got := countHits(scanEverything(t, db, kept.needles())); fmt.Sprint(got) != fmt.Sprint(keptBefore) {
				t.Errorf("the other member's data by table = %v, want it as before: %v", got, keptBefore)
			}
			if got := attempts(append(kept.keys, kept.otherKeys...)); got != keptAttempts {
				t.Errorf("the other member's sign-in attempts = %d, want %d as before", got, keptAttempts)
			}

			// Staff's member search finds the other member and not this one, by name or email; on
			// SQLite the search index itself has let go of the account too.
			for _, tt := range []struct {
				text string
				want int
			}{{gone.last, 0}, {gone.user.Email, 0}, {"Quen", 0}, {kept.last, 1}, {kept.user.Email, 1}} {
				found, err := db.SearchMembers(ctx, backoffice.MemberQuery{Text: tt.text, Limit: 10})
				if err != nil || len(found) != tt.want {
					t.Errorf("SearchMembers(%q) = %d members, %v; want %d", tt.text, len(found), err, tt.want)
				}
			}
			if db.Dialect() == DialectSQLite {
				for _, tt := range []struct {
					name string
					want int
				}{{"zaltrowski", 0}, {"vasquerel", 1}} {
					var indexed int
					if err := db.SQL().QueryRow(`SELECT COUNT(*) FROM member_search WHERE member_search MATCH $1`, ftsPhrase(tt.name)).Scan(&indexed); err != nil || indexed != tt.want {
						t.Errorf("the search index matches %q %d times (%v), want %d", tt.name, indexed, err, tt.want)
					}
				}
			}

			entries, err := db.AuditEntries(ctx, backoffice.AuditQuery{MemberID: gone.user.ID, Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			want := backoffice.Entry{At: closedAt, StaffUserID: gone.user.ID, Action: backoffice.ActionAccountDeleted, MemberID: gone.user.ID}
			if len(entries) != 2 {
				t.Fatalf("audit entries of the member = %+v, want the staff access and the closing", entries)
			}
			got := entries[0]
			got.ID = 0
			if got != want {
				t.Errorf("the closing's audit entry = %+v, want %+v", got, want)
			}

			// The email signs up anew as a stranger: nothing of the old account is in the way.
			again, err := db.CreateUserWithPassword(ctx, gone.user.Email, account.RoleMember, "argon2id$new", closedAt)
			if err != nil || again.ID == gone.user.ID {
				t.Errorf("a new account with the same email = %+v, %v; want a new one", again, err)
			}
			if _, _, err := db.CredentialsByEmail(ctx, kept.user.Email); err != nil {
				t.Errorf("the other member's password: %v", err)
			}
		})
	}
}

// noPayments cancels nothing: the seeded subscriptions are not at any provider.
type noPayments struct{}

func (noPayments) CancelSubscription(context.Context, string) error { return nil }
