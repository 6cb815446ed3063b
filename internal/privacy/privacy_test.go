package privacy

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/billing"
	"wayfinder/internal/coaching"
	"wayfinder/internal/messages"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/survey"
	"wayfinder/internal/waitlist"
)

var t0 = time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)

// fakeStore is one member's data in memory. Its writes are recorded in order, so a test can see
// what an erasure did, and nothing happened when it was refused. subs, when set, are the payment
// states Subscription answers one after the other (the last one from then on).
type fakeStore struct {
	user    account.User
	signUp  SignUp
	subs    []billing.Subscription
	exports []time.Time
	writes  []string
	// waitlist is the member's place on the Android waitlist, if any; waitlistErr fails reading it.
	waitlist    *waitlist.Entry
	waitlistErr error
}

func (f *fakeStore) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	before := len(f.writes)
	if err := fn(ctx); err != nil {
		f.writes = f.writes[:before] // rolled back
		return err
	}
	return nil
}
func (f *fakeStore) LockUser(_ context.Context, id string) error {
	_, err := f.UserByID(context.Background(), id)
	return err
}
func (f *fakeStore) UserByID(_ context.Context, id string) (account.User, error) {
	if f.user.ID == "" || id != f.user.ID {
		return account.User{}, apperr.Generic(apperr.NotFound, errors.New("no such user"))
	}
	return f.user, nil
}
func (f *fakeStore) SurveyAnswers(context.Context, string) ([]onboarding.StoredAnswers, error) {
	// In the store's order: by slug.
	return []onboarding.StoredAnswers{
		{QuestionSlug: "how-you-identify", Answers: []survey.Answer{{Key: "female"}}, UpdatedAt: t0.Add(2 * time.Minute)},
		{QuestionSlug: survey.SlugNameAndBirth, Answers: nameAndBirth("true"), UpdatedAt: t0.Add(time.Minute)},
		{QuestionSlug: "not-a-step-any-more", Answers: []survey.Answer{{Key: "x"}}, UpdatedAt: t0},
	}, nil
}
func (f *fakeStore) MemberAnswerHistory(context.Context, string) ([]onboarding.StoredAnswers, error) {
	return nil, nil
}
func (f *fakeStore) ProgressEvents(context.Context, string) ([]onboarding.ProgressEvent, error) {
	return nil, nil
}
func (f *fakeStore) UTMRecord(context.Context, string) (onboarding.UTMRecord, error) {
	return onboarding.UTMRecord{}, apperr.Generic(apperr.NotFound, errors.New("none"))
}
func (f *fakeStore) AssignmentHistory(_ context.Context, userID string) ([]coaching.Assignment, error) {
	ended := t0.Add(time.Hour)
	return []coaching.Assignment{
		{ID: 2, UserID: userID, CoachID: "maya", AssignedAt: ended},
		{ID: 1, UserID: userID, CoachID: "tess", AssignedAt: t0, EndedAt: &ended},
	}, nil
}
func (f *fakeStore) CoachByID(_ context.Context, id string) (coaching.Coach, error) {
	return coaching.Coach{ID: id, FirstName: strings.ToUpper(id[:1]) + id[1:], LastName: "Coach"}, nil
}
func (f *fakeStore) Subscription(context.Context, string) (billing.Subscription, error) {
	if len(f.subs) == 0 {
		return billing.Subscription{}, apperr.Generic(apperr.NotFound, errors.New("none"))
	}
	sub := f.subs[0]
	if len(f.subs) > 1 {
		f.subs = f.subs[1:]
	}
	return sub, nil
}
func (f *fakeStore) PlanByID(_ context.Context, id string) (billing.Plan, error) {
	return billing.Plan{ID: id, Name: "Steady"}, nil
}
func (f *fakeStore) SafetyDisclosures(context.Context, string) ([]onboarding.SafetyDisclosure, error) {
	return nil, nil
}
func (f *fakeStore) MemberSignUp(context.Context, string) (SignUp, error) { return f.signUp, nil }

func (f *fakeStore) AndroidWaitlistEntry(context.Context, string) (waitlist.Entry, error) {
	switch {
	case f.waitlistErr != nil:
		return waitlist.Entry{}, f.waitlistErr
	case f.waitlist == nil:
		return waitlist.Entry{}, apperr.Generic(apperr.NotFound, errors.New("not on the list"))
	}
	return *f.waitlist, nil
}
func (f *fakeStore) DataExportsSince(_ context.Context, _ string, since time.Time) (int, time.Time, error) {
	n, oldest := 0, time.Time{}
	for _, at := range f.exports {
		if at.After(since) {
			if n == 0 {
				oldest = at
			}
			n++
		}
	}
	return n, oldest, nil
}
func (f *fakeStore) RecordDataExport(_ context.Context, _ string, at, _ time.Time) error {
	f.exports = append(f.exports, at)
	return nil
}
func (f *fakeStore) DeleteSubjectOAuthRequests(_ context.Context, subject string) (int64, error) {
	f.writes = append(f.writes, "oauth "+subject)
	return 0, nil
}
func (f *fakeStore) DeleteLoginAttempts(_ context.Context, keys ...string) (int64, error) {
	f.writes = append(f.writes, "attempts "+strings.Join(keys, ","))
	return 0, nil
}
func (f *fakeStore) DeleteMailTo(_ context.Context, recipient string) (int64, error) {
	f.writes = append(f.writes, "mail "+recipient)
	return 0, nil
}
func (f *fakeStore) DeleteUser(_ context.Context, id string) error {
	f.writes = append(f.writes, "user "+id)
	return nil
}
func (f *fakeStore) AppendAudit(_ context.Context, e backoffice.Entry) error {
	f.writes = append(f.writes, "audit "+e.Action+" by "+e.StaffUserID+" <"+e.StaffEmail+"> of "+e.MemberID+" from <"+e.Address+">")
	return nil
}

func nameAndBirth(terms string) []survey.Answer {
	return []survey.Answer{{Key: survey.KeyFirstName, Value: "Sam"}, {Key: survey.KeyTermsOfService, Value: terms}}
}

// fakePayments cancels subscriptions, or fails with err.
type fakePayments struct {
	err      error
	canceled []string
}

func (p *fakePayments) CancelSubscription(_ context.Context, id string) error {
	p.canceled = append(p.canceled, id)
	return p.err
}

type fakeSignIn struct{}

func (fakeSignIn) AttemptKeys(email string) []string { return []string{"k1:" + email, "k2:" + email} }

var testSurvey = func() *survey.Definition {
	def, err := survey.Load()
	if err != nil {
		panic(err)
	}
	return def
}()

func member() account.User {
	return account.User{ID: "u1", Subject: "sub-u1", Email: "sam@example.test", Role: account.RoleMember}
}

func TestDeleteAccount(t *testing.T) {
	live := billing.Subscription{UserID: "u1", PlanID: "steady", Status: billing.StatusActive, SubscriptionID: "sub_1"}
	erased := []string{"oauth sub-u1", "attempts k1:sam@example.test,k2:sam@example.test", "mail sam@example.test", "user u1",
		"audit member.account_deleted by u1 <> of u1 from <>"}
	tests := []struct {
		name         string
		role         account.Role
		subs         []billing.Subscription
		payments     *fakePayments // nil: payments are off
		wantCode     apperr.Code
		wantMessage  string
		wantCanceled []string
		wantWrites   []string
	}{
		{name: "a member who never paid", role: account.RoleMember, payments: &fakePayments{}, wantWrites: erased},
		{name: "a live subscription is canceled first", role: account.RoleMember, subs: []billing.Subscription{live},
			payments: &fakePayments{}, wantCanceled: []string{"sub_1"}, wantWrites: erased},
		{name: "a canceled subscription needs nothing", role: account.RoleMember,
			subs:     []billing.Subscription{{UserID: "u1", PlanID: "steady", Status: billing.StatusCanceled, SubscriptionID: "sub_1"}},
			payments: &fakePayments{}, wantWrites: erased},
		{name: "a one-off payment needs nothing", role: account.RoleMember,
			subs:     []billing.Subscription{{UserID: "u1", PlanID: "kickstart", Status: billing.StatusActive}},
			payments: &fakePayments{}, wantWrites: erased},
		{name: "the provider cannot be reached", role: account.RoleMember, subs: []billing.Subscription{live},
			payments: &fakePayments{err: apperr.Generic(apperr.Unavailable, errors.New("stripe is down"))}, wantCanceled: []string{"sub_1"},
			wantCode: apperr.Unavailable, wantMessage: "We couldn't cancel your subscription just now, so nothing was deleted."},
		{name: "payments are off", role: account.RoleMember, subs: []billing.Subscription{live},
			wantCode: apperr.Unavailable, wantMessage: "nothing was deleted"},
		{name: "a new subscription while closing", role: account.RoleMember,
			subs:     []billing.Subscription{live, {UserID: "u1", PlanID: "steady", Status: billing.StatusActive, SubscriptionID: "sub_2"}},
			payments: &fakePayments{}, wantCanceled: []string{"sub_1"}, wantCode: apperr.Conflict, wantMessage: "Your payment changed just now"},
		{name: "staff", role: account.RoleStaff, subs: []billing.Subscription{live}, payments: &fakePayments{},
			wantCode: apperr.Forbidden, wantMessage: "Staff accounts are closed by an admin."},
		{name: "an admin", role: account.RoleAdmin, payments: &fakePayments{},
			wantCode: apperr.Forbidden, wantMessage: "Staff accounts are closed by an admin."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := member()
			u.Role = tt.role
			store := &fakeStore{user: u, subs: tt.subs}
			cfg := Config{Survey: testSurvey, SignIn: fakeSignIn{}, Now: func() time.Time { return t0 }}
			if tt.payments != nil {
				cfg.Payments = tt.payments
			}
			err := NewService(store, cfg).DeleteAccount(t.Context(), "u1")
			if got := apperr.CodeOf(err); got != tt.wantCode {
				t.Fatalf("DeleteAccount() code = %q (%v), want %q", got, err, tt.wantCode)
			}
			var ae *apperr.Error
			if tt.wantMessage != "" && (!errors.As(err, &ae) || !strings.Contains(ae.Text(messages.English), tt.wantMessage)) {
				t.Errorf("DeleteAccount() = %v, want a message with %q", err, tt.wantMessage)
			}
			var canceled []string
			if tt.payments != nil {
				canceled = tt.payments.canceled
			}
			if got, want := strings.Join(canceled, " "), strings.Join(tt.wantCanceled, " "); got != want {
				t.Errorf("canceled at the provider: %q, want %q", got, want)
			}
			if got, want := strings.Join(store.writes, "\n"), strings.Join(tt.wantWrites, "\n"); got != want {
				t.Errorf("writes:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// storeEvents writes member.deleted among the store's writes, so a test sees it come before the
// member's rows go, in the same transaction; err fails it.
type storeEvents struct {
	store *fakeStore
	err   error
}

func (e storeEvents) MemberDeleted(_ context.Context, u account.User) error {
	if e.err != nil {
		return e.err
	}
	e.store.writes = append(e.store.writes, "event member.deleted "+u.ID+" <"+u.Email+">")
	return nil
}

// TestDeleteAccountTellsTheOperator: closing an account writes member.deleted, from the member as
// they were, before their rows go; when it cannot be written, nothing is erased.
func TestDeleteAccountTellsTheOperator(t *testing.T) {
	for _, fail := range []bool{false, true} {
		store := &fakeStore{user: member()}
		events := storeEvents{store: store}
		if fail {
			events.err = apperr.Generic(apperr.Unavailable, errors.New("the outbox is down"))
		}
		err := NewService(store, Config{Survey: testSurvey, Events: events, Now: func() time.Time { return t0 }}).DeleteAccount(t.Context(), "u1")
		want := []string{"oauth sub-u1", "mail sam@example.test", "event member.deleted u1 <sam@example.test>", "user u1",
			"audit member.account_deleted by u1 <> of u1 from <>"}
		if fail {
			want = nil
			if err == nil {
				t.Error("DeleteAccount() = nil when the event could not be written, want the error")
			}
		} else if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(store.writes, "\n"); got != strings.Join(want, "\n") {
			t.Errorf("writes (event fails: %v):\n%s\nwant:\n%s", fail, got, strings.Join(want, "\n"))
		}
	}
}

func TestDeleteAccountOfNobody(t *testing.T) {
	err := NewService(&fakeStore{}, Config{}).DeleteAccount(t.Context(), "gone")
	if got, want := apperr.CodeOf(err), apperr.Unauthenticated; got != want {
		t.Errorf("DeleteAccount(unknown) code = %q, want %q", got, want)
	}
}

func TestExportLimit(t *testing.T) {
	tests := []struct {
		name      string
		before    []time.Duration // copies made this long ago
		wantCode  apperr.Code
		wantWait  time.Duration
		wantWords string
	}{
		{name: "the first copy", wantCode: ""},
		{name: "the fifth in an hour", before: []time.Duration{50 * time.Minute, 40 * time.Minute, 30 * time.Minute, time.Minute}},
		{name: "the sixth in an hour", before: []time.Duration{50 * time.Minute, 40 * time.Minute, 30 * time.Minute, 20 * time.Minute, time.Minute},
			wantCode: apperr.RateLimited, wantWait: 10 * time.Minute, wantWords: "Please try again in 10 minutes."},
		{name: "the oldest about to leave the window", before: []time.Duration{59*time.Minute + 30*time.Second, 40 * time.Minute, 30 * time.Minute, 20 * time.Minute, time.Minute},
			wantCode: apperr.RateLimited, wantWait: 30 * time.Second, wantWords: "Please try again in 1 minute."},
		{name: "older copies don't count", before: []time.Duration{3 * time.Hour, 2 * time.Hour, 61 * time.Minute, 30 * time.Minute, 20 * time.Minute, time.Minute}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			store := &fakeStore{user: member()}
			for _, ago := range tt.before {
				store.exports = append(store.exports, t0.Add(-ago))
			}
			_, err := NewService(store, Config{Survey: testSurvey, Now: func() time.Time { return t0 }}).Export(t.Context(), "u1")
			if got := apperr.CodeOf(err); got != tt.wantCode {
				t.Fatalf("Export() code = %q (%v), want %q", got, err, tt.wantCode)
			}
			wantRecorded := len(tt.before) + 1
			if tt.wantCode != "" {
				wantRecorded = len(tt.before)
				var later interface{ RetryAfter() time.Duration }
				if !errors.As(err, &later) || later.RetryAfter() != tt.wantWait {
					t.Errorf("Export() = %v, want a wait of %v", err, tt.wantWait)
				}
				if !strings.Contains(err.Error(), "You've downloaded your data several times in the last hour. "+tt.wantWords) {
					t.Errorf("Export() message = %q, want it to say %q", err.Error(), tt.wantWords)
				}
			}
			if got := len(store.exports); got != wantRecorded {
				t.Errorf("copies recorded = %d, want %d", got, wantRecorded)
			}
		})
	}
}

func TestExport(t *testing.T) {
	store := &fakeStore{user: member(), subs: []billing.Subscription{{UserID: "u1", PlanID: "steady", Status: billing.StatusActive, UpdatedAt: t0}}}
	e, err := NewService(store, Config{Survey: testSurvey, Now: func() time.Time { return t0 }}).Export(t.Context(), "u1")
	if err != nil {
		t.Fatal(err)
	}
	var slugs []string
	for _, a := range e.Answers {
		slugs = append(slugs, a.QuestionSlug)
	}
	if got, want := strings.Join(slugs, " "), "name-and-birth how-you-identify not-a-step-any-more"; got != want {
		t.Errorf("answers in the order %q, want the survey's %q", got, want)
	}
	var coaches []string
	for _, c := range e.Coaches {
		coaches = append(coaches, c.CoachID+"="+c.CoachName)
	}
	if got, want := strings.Join(coaches, " "), "tess=Tess Coach maya=Maya Coach"; got != want {
		t.Errorf("coaches %q, want oldest first %q", got, want)
	}
	if got, want := e.Payment, (Payment{Status: billing.StatusActive, PlanID: "steady", PlanName: "Steady", UpdatedAt: &t0}); got.Status != want.Status ||
		got.PlanID != want.PlanID || got.PlanName != want.PlanName || got.UpdatedAt == nil || !got.UpdatedAt.Equal(t0) {
		t.Errorf("payment = %+v, want %+v", got, want)
	}
	if e.UTM != nil || e.SafetyDisclosures == nil || len(e.SafetyDisclosures) != 0 || !e.ExportedAt.Equal(t0) {
		t.Errorf("export = %+v; want no campaign values, an empty list of disclosures, made at %v", e, t0)
	}
	if e.AndroidWaitlist != nil {
		t.Errorf("AndroidWaitlist = %+v, want nil for a member not on the list", e.AndroidWaitlist)
	}
}

func TestExportHoldsTheAndroidWaitlist(t *testing.T) {
	entry := waitlist.Entry{UserID: "u1", Email: "sam@example.com", ConsentVersion: waitlist.ConsentVersion, JoinedAt: t0.Add(-time.Hour)}
	store := &fakeStore{user: member(), waitlist: &entry}
	e, err := NewService(store, Config{Survey: testSurvey, Now: func() time.Time { return t0 }}).Export(t.Context(), "u1")
	if err != nil {
		t.Fatal(err)
	}
	if e.AndroidWaitlist == nil || *e.AndroidWaitlist != entry {
		t.Errorf("AndroidWaitlist = %+v, want %+v", e.AndroidWaitlist, entry)
	}

	// A copy that can’t read the list fails whole rather than leave it out.
	store = &fakeStore{user: member(), waitlistErr: errors.New("the database went away")}
	if _, err := NewService(store, Config{Survey: testSurvey, Now: func() time.Time { return t0 }}).Export(t.Context(), "u1"); err == nil {
		t.Error("Export() with the waitlist unreadable succeeded; want an error")
	}
}

func TestTermsConsent(t *testing.T) {
	nb := func(terms string, at time.Duration) onboarding.StoredAnswers {
		return onboarding.StoredAnswers{QuestionSlug: survey.SlugNameAndBirth, Answers: nameAndBirth(terms), UpdatedAt: t0.Add(at)}
	}
	other := onboarding.StoredAnswers{QuestionSlug: "gender", Answers: []survey.Answer{{Key: "female"}}, UpdatedAt: t0.Add(5 * time.Minute)}
	at := func(d time.Duration) *time.Time { x := t0.Add(d); return &x }
	tests := []struct {
		name    string
		current []onboarding.StoredAnswers
		history []onboarding.StoredAnswers
		want    Consent
	}{
		{"never asked", []onboarding.StoredAnswers{other}, []onboarding.StoredAnswers{other}, Consent{Name: ConsentTermsOfService}},
		{"given once", []onboarding.StoredAnswers{nb("true", 0)}, []onboarding.StoredAnswers{nb("true", 0)},
			Consent{Name: ConsentTermsOfService, Given: true, At: at(0)}},
		{"given, then the name changed", []onboarding.StoredAnswers{nb("true", 9*time.Minute)},
			[]onboarding.StoredAnswers{nb("true", 0), other, nb("true", 9*time.Minute)},
			Consent{Name: ConsentTermsOfService, Given: true, At: at(0)}},
		{"refused, then given", []onboarding.StoredAnswers{nb("true", 9*time.Minute)},
			[]onboarding.StoredAnswers{nb("true", 0), nb("false", 3*time.Minute), nb("true", 9*time.Minute)},
			Consent{Name: ConsentTermsOfService, Given: true, At: at(9 * time.Minute)}},
		{"refused now", []onboarding.StoredAnswers{nb("false", 3*time.Minute)},
			[]onboarding.StoredAnswers{nb("true", 0), nb("false", 3*time.Minute)},
			Consent{Name: ConsentTermsOfService, Given: false, At: at(3 * time.Minute)}},
	}
	for _, tt := range tests {
		got := termsConsent(tt.current, tt.history)
		if got.Name != tt.want.Name || got.Given != tt.want.Given || (got.At == nil) != (tt.want.At == nil) ||
			(got.At != nil && !got.At.Equal(*tt.want.At)) {
			t.Errorf("%s: termsConsent() = %+v (at %v), want %+v (at %v)", tt.name, got, got.At, tt.want, tt.want.At)
		}
	}
}
