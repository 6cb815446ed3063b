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
	"wayfinder/internal/coaching"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/survey"
)

type profileCall struct {
	first, last, dob, device string
}

// fakeStore records what the service writes and returns the answers it was given to read.
type fakeStore struct {
	saves    [][]survey.QuestionAnswers
	utms     []onboarding.UTM
	profiles []profileCall
	stored   []onboarding.StoredAnswers
	err      error
}

func (f *fakeStore) SaveSurvey(_ context.Context, _, _ string, data []survey.QuestionAnswers, utm onboarding.UTM, _ time.Time) error {
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

func (f *fakeStore) UpdateUserProfile(_ context.Context, _, first, last string, dob *time.Time, device string) (account.User, error) {
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
	def, err := survey.Load()
	if err != nil {
		t.Fatal(err)
	}
	return onboarding.NewService(store, def, func() time.Time { return testNow })
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
	}{
		{name: "one answer", fromSlug: "how-you-identify", data: []survey.QuestionAnswers{qa("how-you-identify", "female", "")}},
		{name: "utm at the cap", fromSlug: "how-you-identify", data: []survey.QuestionAnswers{qa("how-you-identify", "male", "")},
			utm: onboarding.UTM{Campaign: strings.Repeat("é", onboarding.MaxUTMValueLength)}},
		{name: "name and birth updates the profile", fromSlug: "name-and-birth", data: []survey.QuestionAnswers{nameAndBirth("1990-04-30", "iphone")},
			wantProfile: []profileCall{{"Sam", "Rivera", "1990-04-30", "iphone"}}},
		{name: "name and birth from the native app has no device", fromSlug: "name-and-birth", data: []survey.QuestionAnswers{nameAndBirth("1990-04-30T00:00:00.000Z", "")},
			wantProfile: []profileCall{{"Sam", "Rivera", "1990-04-30", ""}}},
		{name: "unknown from slug", fromSlug: "nowhere", wantFields: []string{"fromSlug"}},
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
			err := newService(t, store).Save(context.Background(), "u1", tt.fromSlug, tt.data, tt.utm)
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
			if got := len(store.saves) + len(store.profiles); got != 0 {
				t.Errorf("writes = %d after a refused save, want 0", got)
			}
		})
	}
}

func TestSaveStoreError(t *testing.T) {
	store := &fakeStore{err: apperr.E(apperr.Unavailable, "down")}
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
	tests := []struct {
		name     string
		stored   []onboarding.StoredAnswers
		wantAt   string
		wantScr  *int
		wantHigh bool
	}{
		{name: "nothing answered", stored: stored(), wantAt: "name-and-birth"},
		{name: "first two answered", stored: stored(nameAndBirth("1990-04-30", "iphone"), qa("how-you-identify", "female", "")), wantAt: "live-state"},
		{name: "self-harm resumes at the crisis page", stored: stored(nameAndBirth("1990-04-30", "iphone"), qa("what-apply-to-you", "anxiety", "", "self-harm", "")),
			wantAt: "we-are-sorry-no-go"},
		{name: "other conditions resume as usual", stored: stored(nameAndBirth("1990-04-30", "iphone"), qa("what-apply-to-you", "anxiety", "")), wantAt: "how-you-identify"},
		{name: "five screening items give no score", stored: stored(screening("very-often", "very-often", "very-often", "very-often", "very-often")...)},
		{name: "six at their thresholds", stored: stored(screening("sometimes", "sometimes", "sometimes", "often", "often", "often")...), wantScr: intp(6), wantHigh: true},
		{name: "four is high", stored: stored(screening("sometimes", "sometimes", "sometimes", "often", "sometimes", "never")...), wantScr: intp(4), wantHigh: true},
		{name: "three is not", stored: stored(screening("sometimes", "sometimes", "sometimes", "sometimes", "sometimes", "sometimes")...), wantScr: intp(3)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := newService(t, &fakeStore{stored: tt.stored}).State(context.Background(), "u1")
			if err != nil {
				t.Fatal(err)
			}
			if tt.wantAt != "" && got.ResumeAt != tt.wantAt {
				t.Errorf("ResumeAt = %q, want %q", got.ResumeAt, tt.wantAt)
			}
			if (got.Score == nil) != (tt.wantScr == nil) || (got.Score != nil && *got.Score != *tt.wantScr) {
				t.Errorf("Score = %v, want %v", deref(got.Score), deref(tt.wantScr))
			}
			if got.HighLikelihood != tt.wantHigh {
				t.Errorf("HighLikelihood = %v, want %v", got.HighLikelihood, tt.wantHigh)
			}
			if got, want := len(got.Answers), len(tt.stored); got != want {
				t.Errorf("answers = %d, want %d", got, want)
			}
		})
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
