package onboarding_test

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/billing"
	"wayfinder/internal/coaching"
	"wayfinder/internal/messages"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/survey"
	"wayfinder/internal/survey/surveytest"
)

type profileCall struct {
	first, last, dob, device string
}

// fakeStore records what the service writes and returns what it was given to read. Writes made
// outside a transaction are counted, so a test can tell that a save is one transaction.
type fakeStore struct {
	saves       [][]survey.QuestionAnswers
	utms        []onboarding.UTM
	profiles    []profileCall
	disclosures []string // the steps disclosures were recorded on
	stored      []onboarding.StoredAnswers
	hold        bool   // an open safety disclosure
	coachID     string // the current coach
	status      billing.Status
	utm         *onboarding.UTMRecord
	err         error

	inTx, outsideTx int
}

type txKey struct{}

func (f *fakeStore) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	f.inTx++
	return fn(context.WithValue(ctx, txKey{}, true))
}

func (f *fakeStore) write(ctx context.Context) {
	if ctx.Value(txKey{}) == nil {
		f.outsideTx++
	}
}

func (f *fakeStore) RecordSafetyDisclosure(ctx context.Context, _, slug string, _ time.Time) (bool, error) {
	f.write(ctx)
	f.disclosures = append(f.disclosures, slug)
	return f.err == nil, f.err
}

func (f *fakeStore) PausingSafetyDisclosure(context.Context, string) (onboarding.SafetyDisclosure, error) {
	if f.err != nil {
		return onboarding.SafetyDisclosure{}, f.err
	}
	if !f.hold {
		return onboarding.SafetyDisclosure{}, apperr.Generic(apperr.NotFound, errors.New("none"))
	}
	return onboarding.SafetyDisclosure{QuestionSlug: "what-apply-to-you"}, nil
}

func (f *fakeStore) CurrentAssignment(context.Context, string) (coaching.Assignment, error) {
	if f.coachID == "" {
		return coaching.Assignment{}, apperr.Generic(apperr.NotFound, errors.New("none"))
	}
	return coaching.Assignment{CoachID: f.coachID}, f.err
}

func (f *fakeStore) Subscription(_ context.Context, userID string) (billing.Subscription, error) {
	if f.status == "" {
		return billing.Subscription{}, apperr.Generic(apperr.NotFound, errors.New("none"))
	}
	return billing.Subscription{UserID: userID, PlanID: "steady", Status: f.status}, nil
}

func (f *fakeStore) UTMRecord(context.Context, string) (onboarding.UTMRecord, error) {
	if f.utm == nil {
		return onboarding.UTMRecord{}, apperr.Generic(apperr.NotFound, errors.New("none"))
	}
	return *f.utm, nil
}

func (f *fakeStore) SaveSurvey(ctx context.Context, _, _, _ string, data []survey.QuestionAnswers, utm onboarding.UTM, _ time.Time) error {
	f.write(ctx)
	if f.err != nil {
		return f.err
	}
	f.saves = append(f.saves, data)
	f.utms = append(f.utms, utm)
	return nil
}

func (f *fakeStore) SurveyAnswers(context.Context, string) ([]onboarding.StoredAnswers, error) {
	return f.stored, f.err
}

func (f *fakeStore) UpdateUserProfile(ctx context.Context, _, first, last string, dob *time.Time, device string) (account.User, error) {
	f.write(ctx)
	d := ""
	if dob != nil {
		d = dob.Format(time.DateOnly)
	}
	f.profiles = append(f.profiles, profileCall{first, last, d, device})
	return account.User{}, nil
}

var testNow = time.Date(2026, 5, 15, 12, 0, 0, 0, time.UTC)

func newService(t *testing.T, store onboarding.Store) *onboarding.Service {
	t.Helper()
	return onboarding.NewService(store, mustDefinition(t), func() time.Time { return testNow })
}

func mustDefinition(t *testing.T) *survey.Definition {
	t.Helper()
	def, err := survey.Load()
	if err != nil {
		t.Fatal(err)
	}
	return def
}

func qa(slug string, kv ...string) survey.QuestionAnswers {
	q := survey.QuestionAnswers{QuestionSlug: slug, Answers: []survey.Answer{}}
	for i := 0; i+1 < len(kv); i += 2 {
		q.Answers = append(q.Answers, survey.Answer{Key: kv[i], Value: kv[i+1]})
	}
	return q
}

func nameAndBirth(dob, device string) survey.QuestionAnswers {
	kv := []string{"firstName", "Sam", "lastName", "Rivera", "dateOfBirth", dob, "termsOfService", "true"}
	if device != "" {
		kv = append(kv, "device", device)
	}
	return qa("name-and-birth", kv...)
}

func TestSave(t *testing.T) {
	long := strings.Repeat("x", onboarding.MaxUTMValueLength+1)
	tests := []struct {
		name        string
		fromSlug    string
		data        []survey.QuestionAnswers
		utm         onboarding.UTM
		wantFields  []string // nil: saved
		wantProfile []profileCall
		wantHold    []string // the steps a safety disclosure is recorded on
	}{
		{name: "one answer", fromSlug: "how-you-identify", data: []survey.QuestionAnswers{qa("how-you-identify", "female", "")}},
		{name: "utm at the cap", fromSlug: "how-you-identify", data: []survey.QuestionAnswers{qa("how-you-identify", "male", "")},
			utm: onboarding.UTM{Campaign: strings.Repeat("é", onboarding.MaxUTMValueLength)}},
		{name: "name and birth updates the profile", fromSlug: "name-and-birth", data: []survey.QuestionAnswers{nameAndBirth("1990-04-30", "iphone")},
			wantProfile: []profileCall{{"Sam", "Rivera", "1990-04-30", "iphone"}}},
		{name: "name and birth from the native app has no device", fromSlug: "name-and-birth", data: []survey.QuestionAnswers{nameAndBirth("1990-04-30T00:00:00.000Z", "")},
			wantProfile: []profileCall{{"Sam", "Rivera", "1990-04-30", ""}}},
		{name: "self-harm records a disclosure", fromSlug: "what-apply-to-you", data: []survey.QuestionAnswers{qa("what-apply-to-you", "anxiety", "", "self-harm", "")},
			wantHold: []string{"what-apply-to-you"}},
		{name: "other conditions record none", fromSlug: "what-apply-to-you", data: []survey.QuestionAnswers{qa("what-apply-to-you", "anxiety", "")}},
		{name: "unknown from slug", fromSlug: "nowhere", wantFields: []string{"fromSlug"}},
		{name: "none together with self-harm", fromSlug: "what-apply-to-you", data: []survey.QuestionAnswers{qa("what-apply-to-you", "self-harm", "", "none", "")},
			wantFields: []string{"data[0].answers"}},
		{name: "a utm value with a NUL", fromSlug: "how-you-identify", utm: onboarding.UTM{Campaign: "spring\x00"}, wantFields: []string{"utm.utm_campaign"}},
		{name: "a utm value with a line break", fromSlug: "how-you-identify", utm: onboarding.UTM{Source: "ads\r\nSet-Cookie: x"}, wantFields: []string{"utm.utm_source"}},
		{name: "missing from slug", fromSlug: "", wantFields: []string{"fromSlug"}},
		{name: "unknown key", fromSlug: "how-you-identify", data: []survey.QuestionAnswers{qa("how-you-identify", "robot", "")},
			wantFields: []string{"data[0].answers[0].key"}},
		{name: "under 18", fromSlug: "name-and-birth", data: []survey.QuestionAnswers{nameAndBirth("2010-01-01", "iphone")},
			wantFields: []string{"data[0].answers[2].value"}},
		{name: "utm over the cap", fromSlug: "how-you-identify", utm: onboarding.UTM{Source: "ok", Coupon: long},
			wantFields: []string{"utm.coupon"}},
		{name: "every problem at once", fromSlug: "nowhere", data: []survey.QuestionAnswers{qa("nope")}, utm: onboarding.UTM{GCLID: long, Term: long},
			wantFields: []string{"fromSlug", "data[0].questionSlug", "utm.utm_term", "utm.gclid"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			store := &fakeStore{}
			svc := newService(t, store)
			told := 0
			svc.OnSafetyDisclosure(func() { told++ })
			err := svc.Save(context.Background(), "u1", tt.fromSlug, tt.data, tt.utm)
			if told != len(store.disclosures) || (err != nil && told != 0) {
				t.Errorf("the disclosure hook was called %d times for %d disclosures", told, len(store.disclosures))
			}
			if tt.wantFields == nil {
				if err != nil {
					t.Fatalf("Save() error = %v, want nil", err)
				}
				if got, want := len(store.saves), 1; got != want {
					t.Errorf("SaveSurvey calls = %d, want %d", got, want)
				}
				if got, want := store.profiles, tt.wantProfile; !slices.Equal(got, want) {
					t.Errorf("profile updates = %+v, want %+v", got, want)
				}
				if got, want := store.disclosures, tt.wantHold; !slices.Equal(got, want) {
					t.Errorf("disclosures = %v, want %v", got, want)
				}
				// One transaction: a single store call (each is one), or every call inside one InTx.
				writes := len(store.saves) + len(store.profiles) + len(store.disclosures)
				if oneCall := writes == 1 && store.inTx == 0; !oneCall && (store.inTx != 1 || store.outsideTx != 0) {
					t.Errorf("%d writes: transactions = %d, writes outside one = %d; want one transaction", writes, store.inTx, store.outsideTx)
				}
				return
			}
			var e *apperr.Error
			if !errors.As(err, &e) || e.Code != apperr.Invalid {
				t.Fatalf("Save() error = %v, want an Invalid error", err)
			}
			var got []string
			for _, f := range e.Fields {
				got = append(got, f.Field)
			}
			if want := tt.wantFields; !slices.Equal(got, want) {
				t.Errorf("fields = %v, want %v", got, want)
			}
			if got := len(store.saves) + len(store.profiles) + len(store.disclosures); got != 0 {
				t.Errorf("writes = %d after a refused save, want 0", got)
			}
		})
	}
}

func TestSaveStoreError(t *testing.T) {
	store := &fakeStore{err: apperr.Generic(apperr.Unavailable, errors.New("down"))}
	err := newService(t, store).Save(context.Background(), "u1", "name-and-birth", []survey.QuestionAnswers{nameAndBirth("1990-04-30", "iphone")}, onboarding.UTM{})
	if got, want := apperr.CodeOf(err), apperr.Unavailable; got != want {
		t.Errorf("error code = %q, want %q", got, want)
	}
	if got := len(store.profiles); got != 0 {
		t.Errorf("profile updates = %d after the answers failed to save, want 0", got)
	}
}

func stored(list ...survey.QuestionAnswers) []onboarding.StoredAnswers {
	out := []onboarding.StoredAnswers{}
	for _, q := range list {
		out = append(out, onboarding.StoredAnswers{QuestionSlug: q.QuestionSlug, Answers: q.Answers, UpdatedAt: testNow})
	}
	return out
}

// screening answers the six ASRS items with the given keys, in order.
func screening(keys ...string) []survey.QuestionAnswers {
	var out []survey.QuestionAnswers
	for i, k := range keys {
		out = append(out, qa(survey.ScreeningItems[i], k, ""))
	}
	return out
}

func TestState(t *testing.T) {
	intp := func(n int) *int { return &n }
	complete := surveytest.Complete(mustDefinition(t))
	completeScore, _ := survey.Score(surveytest.BySlug(complete))
	done := intp(completeScore)
	tests := []struct {
		name     string
		store    fakeStore
		payment  bool
		wantAt   string
		wantScr  *int
		wantHigh bool
	}{
		{name: "nothing answered", store: fakeStore{stored: stored()}, wantAt: "name-and-birth"},
		{name: "first two answered", store: fakeStore{stored: stored(nameAndBirth("1990-04-30", "iphone"), qa("how-you-identify", "female", ""))}, wantAt: "live-state"},
		{name: "a safety disclosure resumes at the crisis page", store: fakeStore{stored: stored(complete...), hold: true}, wantAt: "we-are-sorry-no-go", wantScr: done},
		{name: "even with a coach", store: fakeStore{stored: stored(complete...), hold: true, coachID: "maya"}, wantAt: "we-are-sorry-no-go", wantScr: done},
		{name: "self-harm answered and reviewed resumes as usual", store: fakeStore{stored: stored(nameAndBirth("1990-04-30", "iphone"), qa("what-apply-to-you", "self-harm", ""))},
			wantAt: "how-you-identify"},
		{name: "the survey done", store: fakeStore{stored: stored(complete...)}, wantAt: "pre-account", wantScr: done},
		{name: "a coach chosen: done", store: fakeStore{stored: stored(complete...), coachID: "maya"}, wantAt: "thank-you-page", wantScr: done},
		{name: "a coach chosen with payment on: toward the plan", store: fakeStore{stored: stored(complete...), coachID: "maya"}, payment: true, wantAt: "testimonials", wantScr: done},
		{name: "with payment on, a plan paid: done", store: fakeStore{stored: stored(complete...), coachID: "maya", status: billing.StatusActive}, payment: true, wantAt: "thank-you-page", wantScr: done},
		{name: "with payment on, a payment under way: done", store: fakeStore{stored: stored(complete...), coachID: "maya", status: billing.StatusPending}, payment: true, wantAt: "thank-you-page", wantScr: done},
		{name: "with payment on, a plan ended: toward the plan again", store: fakeStore{stored: stored(complete...), coachID: "maya", status: billing.StatusCanceled}, payment: true, wantAt: "testimonials", wantScr: done},
		{name: "a coach but a gap: the gap first", store: fakeStore{stored: stored(nameAndBirth("1990-04-30", "iphone")), coachID: "maya"}, wantAt: "how-you-identify"},
		{name: "five screening items give no score", store: fakeStore{stored: stored(screening("very-often", "very-often", "very-often", "very-often", "very-often")...)}},
		{name: "six at their thresholds", store: fakeStore{stored: stored(screening("sometimes", "sometimes", "sometimes", "often", "often", "often")...)}, wantScr: intp(6), wantHigh: true},
		{name: "four is high", store: fakeStore{stored: stored(screening("sometimes", "sometimes", "sometimes", "often", "sometimes", "never")...)}, wantScr: intp(4), wantHigh: true},
		{name: "three is not", store: fakeStore{stored: stored(screening("sometimes", "sometimes", "sometimes", "sometimes", "sometimes", "sometimes")...)}, wantScr: intp(3)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc := onboarding.NewService(&tt.store, mustDefinition(t), func() time.Time { return testNow })
			got, err := svc.State(context.Background(), "u1", tt.payment)
			if err != nil {
				t.Fatal(err)
			}
			if tt.wantAt != "" && got.ResumeAt != tt.wantAt {
				t.Errorf("ResumeAt = %q, want %q", got.ResumeAt, tt.wantAt)
			}
			if got.SafetyHold != tt.store.hold || got.CoachID != tt.store.coachID {
				t.Errorf("SafetyHold, CoachID = %v, %q; want %v, %q", got.SafetyHold, got.CoachID, tt.store.hold, tt.store.coachID)
			}
			if (got.Score == nil) != (tt.wantScr == nil) || (got.Score != nil && *got.Score != *tt.wantScr) {
				t.Errorf("Score = %v, want %v", deref(got.Score), deref(tt.wantScr))
			}
			if got.HoldsPlan != tt.store.status.HoldsPlan() {
				t.Errorf("HoldsPlan = %v, want %v", got.HoldsPlan, !got.HoldsPlan)
			}
			if got.HighLikelihood != tt.wantHigh {
				t.Errorf("HighLikelihood = %v, want %v", got.HighLikelihood, tt.wantHigh)
			}
			if got, want := len(got.Answers), len(tt.store.stored); got != want {
				t.Errorf("answers = %d, want %d", got, want)
			}
		})
	}
}

func TestRequireOpen(t *testing.T) {
	def := mustDefinition(t)
	complete := surveytest.Complete(def)
	tests := []struct {
		name  string
		store fakeStore
		want  string // a fragment of the Conflict's message; "" when the journey is open
	}{
		{"a fresh member", fakeStore{}, "start with your name and date of birth"},
		{"the survey done", fakeStore{stored: stored(complete...)}, ""},
		{"under 18 by the stored date of birth", fakeStore{stored: stored(surveytest.With(complete, "name-and-birth", surveytest.NameAndBirth("2012-06-01"))...)},
			"adults aged 18 or older"},
		{"terms not accepted", fakeStore{stored: stored(surveytest.With(complete, "name-and-birth", nameAndBirth("1990-04-30", "iphone").Answers[:3])...)},
			"accept the terms"},
		{"what applies unanswered", fakeStore{stored: stored(surveytest.With(complete, "what-apply-to-you", nil)...)}, "one question still needs an answer"},
		{"a safety disclosure", fakeStore{stored: stored(complete...), hold: true}, messages.English.T(onboarding.MsgSafetyHold)},
	}
	for _, tt := range tests {
		err := newService(t, &tt.store).RequireOpen(context.Background(), "u1")
		if tt.want == "" {
			if err != nil {
				t.Errorf("%s: RequireOpen = %v, want nil", tt.name, err)
			}
			continue
		}
		var e *apperr.Error
		if !errors.As(err, &e) || e.Code != apperr.Conflict || !strings.Contains(e.Text(messages.English), tt.want) {
			t.Errorf("%s: RequireOpen = %v, want a Conflict saying %q", tt.name, err, tt.want)
		}
	}
	if err := newService(t, &fakeStore{err: errors.New("disk")}).RequireOpen(context.Background(), "u1"); err == nil || apperr.CodeOf(err) == apperr.Conflict {
		t.Errorf("a store error: RequireOpen = %v, want the error itself", err)
	}
}

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}

func TestCoachingNeeds(t *testing.T) {
	stored := func(slug string, keys ...string) onboarding.StoredAnswers {
		sa := onboarding.StoredAnswers{QuestionSlug: slug}
		for _, k := range keys {
			sa.Answers = append(sa.Answers, survey.Answer{Key: k, Value: k})
		}
		return sa
	}
	account := onboarding.StoredAnswers{QuestionSlug: "account", Answers: []survey.Answer{
		{Key: "email", Value: "a@example.com"}, {Key: "timeZone", Value: "America/Denver"}}}
	tests := []struct {
		name   string
		stored []onboarding.StoredAnswers
		want   coaching.Needs
	}{
		{"nothing answered", nil, coaching.Needs{}},
		{"challenges, help and the state's zone", []onboarding.StoredAnswers{
			stored("your-challenge-is", "time-management", "forgetfulness"),
			stored("what-help-need", "accountable"),
			stored("live-state", "TX"),
			stored("fidget", "often"),
		}, coaching.Needs{Challenges: []string{"time-management", "forgetfulness"}, Help: []string{"accountable"}, TimeZone: "America/Chicago"}},
		{"the account step's zone wins over the state's", []onboarding.StoredAnswers{account, stored("live-state", "HI")},
			coaching.Needs{TimeZone: "America/Denver"}},
		{"the account step's zone, whatever the order", []onboarding.StoredAnswers{stored("live-state", "HI"), account},
			coaching.Needs{TimeZone: "America/Denver"}},
		{"an unknown state has no zone", []onboarding.StoredAnswers{stored("live-state", "ZZ")}, coaching.Needs{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := newService(t, &fakeStore{stored: tt.stored}).CoachingNeeds(context.Background(), "u1")
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("CoachingNeeds = %+v, want %+v", got, tt.want)
			}
		})
	}
	if _, err := newService(t, &fakeStore{err: errors.New("disk")}).CoachingNeeds(context.Background(), "u1"); err == nil {
		t.Error("a store error was not returned")
	}
}

func TestPlanNeedsAndCoupon(t *testing.T) {
	def := mustDefinition(t)
	answers := surveytest.With(surveytest.Complete(def), "what-help-need", []survey.Answer{{Key: "check-ins"}, {Key: "define-goals"}})
	answers = surveytest.With(answers, "how-manage-adhd", []survey.Answer{{Key: "medication"}, {Key: "on-my-own"}})
	store := &fakeStore{stored: stored(answers...)}
	needs, err := newService(t, store).PlanNeeds(context.Background(), "u1")
	score, _ := survey.Score(surveytest.BySlug(answers))
	if err != nil || strings.Join(needs.Help, ",") != "check-ins,define-goals" || strings.Join(needs.Manage, ",") != "medication,on-my-own" ||
		needs.Score == nil || *needs.Score != score {
		t.Errorf("PlanNeeds() = %+v, %v", needs, err)
	}
	partial := &fakeStore{stored: stored(screening("often", "often", "often")...)}
	if needs, _ := newService(t, partial).PlanNeeds(context.Background(), "u1"); needs.Score != nil {
		t.Errorf("PlanNeeds() with half the screening: score %d, want none", *needs.Score)
	}

	for _, tt := range []struct {
		name string
		utm  *onboarding.UTMRecord
		want string
	}{
		{"no campaign", nil, ""},
		{"the latest touch's coupon", &onboarding.UTMRecord{First: onboarding.UTM{Coupon: "FIRST"}, Latest: onboarding.UTM{Coupon: "LATEST"}}, "LATEST"},
		{"else the first touch's", &onboarding.UTMRecord{First: onboarding.UTM{Coupon: "FIRST"}, Latest: onboarding.UTM{Source: "ads"}}, "FIRST"},
		{"a campaign without one", &onboarding.UTMRecord{First: onboarding.UTM{Source: "ads"}}, ""},
	} {
		got, err := newService(t, &fakeStore{utm: tt.utm}).Coupon(context.Background(), "u1")
		if err != nil || got != tt.want {
			t.Errorf("%s: Coupon() = %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
}
