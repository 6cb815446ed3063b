package survey_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/messages"
	"wayfinder/internal/survey"
	"wayfinder/internal/survey/surveytest"
)

var today = time.Date(2026, time.March, 15, 12, 0, 0, 0, time.UTC)

func load(t *testing.T) *survey.Definition {
	t.Helper()
	d, err := survey.Load()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func keys(ks ...string) []survey.Answer {
	var out []survey.Answer
	for _, k := range ks {
		out = append(out, survey.Answer{Key: k})
	}
	return out
}

// without returns the complete answers without the given steps.
func without(d *survey.Definition, slugs ...string) map[string][]survey.Answer {
	m := surveytest.BySlug(surveytest.Complete(d))
	for _, s := range slugs {
		delete(m, s)
	}
	return m
}

// with returns the complete answers with one step's answers replaced.
func with(d *survey.Definition, slug string, answers []survey.Answer) map[string][]survey.Answer {
	return surveytest.BySlug(surveytest.With(surveytest.Complete(d), slug, answers))
}

func TestCompleteAnswersAreValid(t *testing.T) {
	d := load(t)
	if err := d.Validate(surveytest.Complete(d), today); err != nil {
		t.Fatalf("surveytest.Complete does not validate: %v", err)
	}
}

func TestGate(t *testing.T) {
	d := load(t)
	nameAndBirth := func(change func(a []survey.Answer) []survey.Answer) []survey.Answer {
		return change(surveytest.NameAndBirth(surveytest.DateOfBirth))
	}
	set := func(key, value string) func([]survey.Answer) []survey.Answer {
		return func(a []survey.Answer) []survey.Answer {
			for i := range a {
				if a[i].Key == key {
					a[i].Value = value
				}
			}
			return a
		}
	}
	drop := func(key string) func([]survey.Answer) []survey.Answer {
		return func(a []survey.Answer) []survey.Answer {
			var out []survey.Answer
			for _, x := range a {
				if x.Key != key {
					out = append(out, x)
				}
			}
			return out
		}
	}
	tests := []struct {
		name     string
		answers  map[string][]survey.Answer
		wantGaps []string
		want     string // a fragment of the message; "" when the gate is open
	}{
		{"everything answered", without(d), nil, ""},
		{"nothing answered", map[string][]survey.Answer{}, nil, "start with your name and date of birth"},
		{"only the first step", map[string][]survey.Answer{survey.SlugNameAndBirth: surveytest.NameAndBirth(surveytest.DateOfBirth)}, nil,
			"questions still need an answer"},
		{"no first step", without(d, survey.SlugNameAndBirth), []string{survey.SlugNameAndBirth}, "start with your name"},
		{"under 18", with(d, survey.SlugNameAndBirth, nameAndBirth(set(survey.KeyDateOfBirth, "2012-01-01"))),
			[]string{survey.SlugNameAndBirth}, "adults aged 18 or older"},
		{"terms not accepted", with(d, survey.SlugNameAndBirth, nameAndBirth(set(survey.KeyTermsOfService, "false"))),
			[]string{survey.SlugNameAndBirth}, "accept the terms"},
		{"terms left out", with(d, survey.SlugNameAndBirth, nameAndBirth(drop(survey.KeyTermsOfService))),
			[]string{survey.SlugNameAndBirth}, "accept the terms"},
		{"a blank name", with(d, survey.SlugNameAndBirth, nameAndBirth(set(survey.KeyFirstName, " "))),
			[]string{survey.SlugNameAndBirth}, "first name"},
		{"what applies unanswered", without(d, "what-apply-to-you"), []string{"what-apply-to-you"}, "one question still needs an answer"},
		{"none together with another answer", with(d, "what-apply-to-you", keys("ocd", "none")), []string{"what-apply-to-you"}, "one question"},
		{"the questionnaire unanswered", without(d, survey.ScreeningItems...), survey.ScreeningItems, "6 questions still need an answer"},
		{"an option the survey no longer has", with(d, "fidget", keys("always")), []string{"fidget"}, "one question"},
	}
	for _, tt := range tests {
		if tt.wantGaps != nil {
			var got []string
			for _, g := range d.Gaps(tt.answers, today) {
				got = append(got, g.Slug)
			}
			if strings.Join(got, " ") != strings.Join(tt.wantGaps, " ") {
				t.Errorf("%s: gaps = %v, want %v", tt.name, got, tt.wantGaps)
			}
		}
		err := d.Gate(tt.answers, today)
		if (err == nil) != (tt.want == "") {
			t.Errorf("%s: Gate() = %v, want it to say %q", tt.name, err, tt.want)
			continue
		}
		if err == nil {
			continue
		}
		var e *apperr.Error
		if !errors.As(err, &e) || e.Code != apperr.Conflict || !strings.Contains(e.Text(messages.English), tt.want) {
			t.Errorf("%s: Gate() = %v, want a Conflict saying %q", tt.name, err, tt.want)
		}
	}
}

func TestResumeAt(t *testing.T) {
	d := load(t)
	only := func(slugs ...string) map[string][]survey.Answer {
		all := surveytest.BySlug(surveytest.Complete(d))
		m := map[string][]survey.Answer{}
		for _, s := range slugs {
			m[s] = all[s]
		}
		return m
	}
	withAccount := with(d, survey.SlugAccount, []survey.Answer{{Key: survey.KeyTimeZone, Value: "America/Chicago"}})
	tests := []struct {
		name    string
		answers map[string][]survey.Answer
		want    string
	}{
		{"nothing answered", only(), "name-and-birth"},
		{"name and birth done", only(survey.SlugNameAndBirth), "how-you-identify"},
		{"screens without answers are not waited on", only(survey.SlugNameAndBirth, "how-you-identify", "live-state"), "whats-your-motivation"},
		{"a gap is filled first", only(survey.SlugNameAndBirth, "how-you-identify", "whats-your-motivation"), "live-state"},
		{"an answer no longer valid is a gap", with(d, survey.SlugNameAndBirth, surveytest.NameAndBirth("2015-01-01")), "name-and-birth"},
		{"everything answered", without(d), "pre-account"},
		{"the account step was answered", withAccount, "meet-your-coach"},
	}
	for _, tt := range tests {
		if got := d.ResumeAt(tt.answers, today); got != tt.want {
			t.Errorf("%s: ResumeAt() = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestFirstVisit(t *testing.T) {
	d := load(t)
	all := surveytest.BySlug(surveytest.Complete(d))
	only := func(slugs ...string) map[string][]survey.Answer {
		m := map[string][]survey.Answer{}
		for _, s := range slugs {
			m[s] = all[s]
		}
		return m
	}
	tests := []struct {
		name    string
		answers map[string][]survey.Answer
		slug    string
		want    bool
	}{
		{"nothing answered, at the first step", only(), survey.SlugNameAndBirth, true},
		{"nothing answered, the screen before it", only(), "progress-basic", true},
		{"the step after the answered ones", only(survey.SlugNameAndBirth), "how-you-identify", true},
		{"a screen without answers past them", only(survey.SlugNameAndBirth, "how-you-identify"), "live-state", true},
		{"a step answered already", only(survey.SlugNameAndBirth), survey.SlugNameAndBirth, false},
		{"a later step answered", only(survey.SlugNameAndBirth, "whats-your-motivation"), "how-you-identify", false},
		{"a required step before it unanswered", only(survey.SlugNameAndBirth), "whats-your-motivation", false},
		{"an answer before it no longer valid", map[string][]survey.Answer{survey.SlugNameAndBirth: surveytest.NameAndBirth("2015-01-01")}, "how-you-identify", false},
		{"a step only a branch leads to", only(survey.SlugNameAndBirth), "ios-only", false},
		{"not a step", only(), "no-such-step", false},
	}
	for _, tt := range tests {
		if got := d.FirstVisit(tt.answers, tt.slug, today); got != tt.want {
			t.Errorf("%s: FirstVisit(%q) = %v, want %v", tt.name, tt.slug, got, tt.want)
		}
	}
}

func TestAfterCoachChoice(t *testing.T) {
	d := load(t)
	for _, tt := range []struct {
		payment, holdsPlan bool
		want               string
	}{
		{false, false, "thank-you-page"},
		{false, true, "thank-you-page"},
		{true, false, "testimonials"},
		{true, true, "thank-you-page"},
	} {
		if got := d.AfterCoachChoice(tt.payment, tt.holdsPlan); got != tt.want {
			t.Errorf("AfterCoachChoice(payment %v, holds a plan %v) = %q, want %q", tt.payment, tt.holdsPlan, got, tt.want)
		}
	}
}

func TestSafetyDisclosure(t *testing.T) {
	d := load(t)
	record := func(slug string, ks ...string) survey.QuestionAnswers {
		return survey.QuestionAnswers{QuestionSlug: slug, Answers: keys(ks...)}
	}
	tests := []struct {
		name string
		data []survey.QuestionAnswers
		want bool
	}{
		{"nothing", nil, false},
		{"other conditions", []survey.QuestionAnswers{record("what-apply-to-you", "anxiety", "ocd")}, false},
		{"self-harm", []survey.QuestionAnswers{record("what-apply-to-you", "self-harm")}, true},
		{"self-harm among others", append(surveytest.Complete(d), record("what-apply-to-you", "depression", "self-harm")), true},
		{"a branch to another step is not one", []survey.QuestionAnswers{record("have-you-experienced-adhd", "yes")}, false},
		{"an unknown step", []survey.QuestionAnswers{record("nowhere", "self-harm")}, false},
	}
	for _, tt := range tests {
		slug, got := d.SafetyDisclosure(tt.data)
		if got != tt.want || (got && slug != "what-apply-to-you") {
			t.Errorf("%s: SafetyDisclosure() = %q, %v; want %v", tt.name, slug, got, tt.want)
		}
	}
}
