package survey

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/messages"
)

type qa = QuestionAnswers
type ans = Answer

// now is a fixed request time for the validation table.
var now = time.Date(2026, time.March, 15, 12, 0, 0, 0, time.UTC)

// nb builds a name-and-birth record from the valid one, with some keys replaced or, for a value of
// "-", left out.
func nb(change ...string) qa {
	values := map[string]string{
		KeyFirstName: "{firstName}", KeyLastName: "{lastName}", KeyDateOfBirth: "1990-04-30",
		KeyTermsOfService: "true", KeyDevice: "iphone",
	}
	for i := 0; i+1 < len(change); i += 2 {
		values[change[i]] = change[i+1]
	}
	out := qa{QuestionSlug: SlugNameAndBirth}
	for _, k := range []string{KeyFirstName, KeyLastName, KeyDateOfBirth, KeyTermsOfService, KeyDevice} {
		if values[k] != "-" {
			out.Answers = append(out.Answers, ans{Key: k, Value: values[k]})
		}
	}
	return out
}

func one(slug string, keys ...string) qa {
	out := qa{QuestionSlug: slug}
	for _, k := range keys {
		out.Answers = append(out.Answers, ans{Key: k, Value: k})
	}
	return out
}

func TestValidate(t *testing.T) {
	d := mustLoad(t)
	long := strings.Repeat("a", MaxValueLen+1)
	tests := []struct {
		name       string
		data       []qa
		wantFields []string // empty: valid
	}{
		// Happy paths.
		{"empty body", nil, nil},
		{"name and birth", []qa{nb()}, nil},
		{"android is a valid answer", []qa{nb(KeyDevice, "android")}, nil},
		{"native app sends no device", []qa{nb(KeyDevice, "-")}, nil},
		{"browser timestamp date", []qa{nb(KeyDateOfBirth, "1990-04-30T00:00:00.000Z")}, nil},
		{"29 February of a leap year", []qa{nb(KeyDateOfBirth, "1992-02-29")}, nil},
		{"18 today", []qa{nb(KeyDateOfBirth, "2008-03-15")}, nil},
		{"oldest year offered", []qa{nb(KeyDateOfBirth, "1909-01-01")}, nil},
		{"name of 100 characters", []qa{nb(KeyFirstName, strings.Repeat("é", MaxNameLen))}, nil},
		{"state", []qa{one("live-state", "DC")}, nil},
		{"select one", []qa{one("how-you-identify", "non-binary")}, nil},
		{"three challenges", []qa{one("your-challenge-is", "staying-focused", "procrastination", "restlessness")}, nil},
		{"other with text", []qa{{QuestionSlug: "how-manage-adhd", Answers: []ans{{Key: "other", Value: strings.Repeat("b", MaxValueLen)}}}}, nil},
		{"rate", []qa{one("fidget", "very-often"), one("rate-affect-life", "never")}, nil},
		{"self-harm is a valid answer", []qa{one("what-apply-to-you", "self-harm", "anxiety")}, nil},
		{"none of these on its own", []qa{one("what-apply-to-you", "none")}, nil},
		{"a name in another script", []qa{nb(KeyFirstName, "مريم", KeyLastName, "山田")}, nil},
		{"a name with an emoji and a joiner", []qa{nb(KeyFirstName, "Sam 👩‍💻")}, nil},
		{"screen with no answer", []qa{{QuestionSlug: "did-you-know-cbt"}}, nil},
		{"account details", []qa{{QuestionSlug: "account", Answers: []ans{{Key: "email", Value: "a@example.com"}, {Key: "timeZone", Value: "America/Chicago"}}}}, nil},
		{"account with a phone", []qa{{QuestionSlug: "account", Answers: []ans{{Key: "email", Value: "a@example.com"}, {Key: "phone", Value: "+1 (555) 010-0199"}, {Key: "timeZone", Value: "Pacific/Honolulu"}}}}, nil},
		{"several questions", []qa{nb(), one("live-state", "CA"), one("trouble-order", "often")}, nil},

		// Unhappy paths.
		{"unknown slug", []qa{one("favourite-colour", "red")}, []string{"data[0].questionSlug"}},
		{"duplicate slug", []qa{one("fidget", "often"), one("fidget", "never")}, []string{"data[1].questionSlug"}},
		{"unknown key", []qa{one("how-you-identify", "robot")}, []string{"data[0].answers[0].key"}},
		{"answer on a screen without answers", []qa{one("did-you-know-cbt", "ok")}, []string{"data[0].answers[0].key"}},
		{"same key twice", []qa{one("what-help-need", "check-ins", "check-ins")}, []string{"data[0].answers[1].key"}},
		{"a fourth challenge", []qa{one("your-challenge-is", "staying-focused", "procrastination", "restlessness", "relationships")}, []string{"data[0].answers"}},
		{"two answers to select one", []qa{one("discribe-diagnosis", "self", "licenced_prof")}, []string{"data[0].answers"}},
		{"two points of a rate", []qa{one("fidget", "often", "never")}, []string{"data[0].answers"}},
		{"required select with no answer", []qa{{QuestionSlug: "what-help-need"}}, []string{"data[0].answers"}},
		{"required rate with no answer", []qa{{QuestionSlug: "trouble-thought", Answers: []ans{}}}, []string{"data[0].answers"}},
		{"name and birth with no answer", []qa{{QuestionSlug: SlugNameAndBirth}}, []string{"data[0].answers"}},
		{"state with no answer", []qa{{QuestionSlug: SlugLiveState}}, []string{"data[0].answers"}},
		{"unknown state", []qa{one("live-state", "XX")}, []string{"data[0].answers[0].key"}},
		{"state in lower case", []qa{one("live-state", "ca")}, []string{"data[0].answers[0].key"}},
		{"two states", []qa{one("live-state", "CA", "NY")}, []string{"data[0].answers"}},
		{"rate off the scale", []qa{one("trouble-order", "always")}, []string{"data[0].answers[0].key"}},
		{"other text too long", []qa{{QuestionSlug: "whats-your-motivation", Answers: []ans{{Key: "other", Value: long}}}}, []string{"data[0].answers[0].value"}},
		{"value too long", []qa{{QuestionSlug: "account", Answers: []ans{{Key: "phone", Value: long}}}}, []string{"data[0].answers[0].value"}},
		{"email that is not one", []qa{{QuestionSlug: "account", Answers: []ans{{Key: "email", Value: "not an email"}}}}, []string{"data[0].answers[0].value"}},
		{"email with a display name", []qa{{QuestionSlug: "account", Answers: []ans{{Key: "email", Value: "Sam <a@example.com>"}}}}, []string{"data[0].answers[0].value"}},
		{"phone with letters", []qa{{QuestionSlug: "account", Answers: []ans{{Key: "phone", Value: "call me maybe"}}}}, []string{"data[0].answers[0].value"}},
		{"phone too short", []qa{{QuestionSlug: "account", Answers: []ans{{Key: "phone", Value: "555-01"}}}}, []string{"data[0].answers[0].value"}},
		{"time zone outside the list", []qa{{QuestionSlug: "account", Answers: []ans{{Key: "timeZone", Value: "Europe/Paris"}}}}, []string{"data[0].answers[0].value"}},
		{"first name missing", []qa{nb(KeyFirstName, "-")}, []string{"data[0].answers"}},
		{"last name missing", []qa{nb(KeyLastName, "-")}, []string{"data[0].answers"}},
		{"first name blank", []qa{nb(KeyFirstName, "  ")}, []string{"data[0].answers[0].value"}},
		{"last name too long", []qa{nb(KeyLastName, strings.Repeat("x", MaxNameLen+1))}, []string{"data[0].answers[1].value"}},
		{"date of birth missing", []qa{nb(KeyDateOfBirth, "-")}, []string{"data[0].answers"}},
		{"31 April", []qa{nb(KeyDateOfBirth, "1990-04-31")}, []string{"data[0].answers[2].value"}},
		{"29 February of a common year", []qa{nb(KeyDateOfBirth, "1990-02-29")}, []string{"data[0].answers[2].value"}},
		{"not a date", []qa{nb(KeyDateOfBirth, "30/04/1990")}, []string{"data[0].answers[2].value"}},
		{"in the future", []qa{nb(KeyDateOfBirth, "2030-01-01")}, []string{"data[0].answers[2].value"}},
		{"18 tomorrow", []qa{nb(KeyDateOfBirth, "2008-03-16")}, []string{"data[0].answers[2].value"}},
		{"a child", []qa{nb(KeyDateOfBirth, "2015-06-01")}, []string{"data[0].answers[2].value"}},
		{"before the oldest year offered", []qa{nb(KeyDateOfBirth, "1908-12-31")}, []string{"data[0].answers[2].value"}},
		{"terms not accepted", []qa{nb(KeyTermsOfService, "false")}, []string{"data[0].answers[3].value"}},
		{"terms left out", []qa{nb(KeyTermsOfService, "-")}, []string{"data[0].answers"}},
		{"unknown device", []qa{nb(KeyDevice, "pager")}, []string{"data[0].answers[4].value"}},
		{"unknown name-and-birth key", []qa{{QuestionSlug: SlugNameAndBirth, Answers: append(nb().Answers, ans{Key: "nickname", Value: "x"})}}, []string{"data[0].answers[5].key"}},
		{"none of these with another answer", []qa{one("what-apply-to-you", "anxiety", "none")}, []string{"data[0].answers"}},
		{"none of these with self-harm", []qa{one("what-apply-to-you", "self-harm", "none")}, []string{"data[0].answers"}},
		{"NUL in a first name", []qa{nb(KeyFirstName, "Sam\x00")}, []string{"data[0].answers[0].value"}},
		{"a line break in a last name", []qa{nb(KeyLastName, "Rivera\r\nX-Injected: 1")}, []string{"data[0].answers[1].value"}},
		{"a right-to-left override in a name", []qa{nb(KeyFirstName, "\u202eSam")}, []string{"data[0].answers[0].value"}},
		{"a name of invisible characters only", []qa{nb(KeyFirstName, "\u200b\u200b")}, []string{"data[0].answers[0].value"}},
		{"invalid UTF-8 in a name", []qa{nb(KeyLastName, "Riv\xffera")}, []string{"data[0].answers[1].value"}},
		{"NUL in free text", []qa{{QuestionSlug: "how-manage-adhd", Answers: []ans{{Key: "other", Value: "yoga\x00"}}}}, []string{"data[0].answers[0].value"}},
		{"a tab in a phone number", []qa{{QuestionSlug: "account", Answers: []ans{{Key: "phone", Value: "555\t0100199"}}}}, []string{"data[0].answers[0].value"}},
		{"NUL in a date of birth", []qa{nb(KeyDateOfBirth, "1990-04-30\x00")}, []string{"data[0].answers[2].value"}},
		{"every bad field is named", []qa{nb(), one("nope"), one("fidget", "always")}, []string{"data[1].questionSlug", "data[2].answers[0].key"}},
	}
	for _, tt := range tests {
		err := d.Validate(tt.data, now)
		if len(tt.wantFields) == 0 {
			if err != nil {
				t.Errorf("%s: Validate() = %v, want nil", tt.name, err)
			}
			continue
		}
		var e *apperr.Error
		if !errors.As(err, &e) || e.Code != apperr.Invalid {
			t.Errorf("%s: Validate() = %v, want an invalid-fields error", tt.name, err)
			continue
		}
		var got []string
		for _, f := range e.Fields {
			got = append(got, f.Field)
			if text := f.Text(messages.English); text == "" || !strings.HasSuffix(text, ".") || strings.ContainsAny(text, "{}") {
				t.Errorf("%s: field %s message %q, want a plain sentence", tt.name, f.Field, text)
			}
		}
		if !slices.Equal(got, tt.wantFields) {
			t.Errorf("%s: bad fields = %v, want %v", tt.name, got, tt.wantFields)
		}
	}
}

func TestValidateMessages(t *testing.T) {
	d := mustLoad(t)
	tests := []struct {
		name string
		data []qa
		want string
	}{
		{"under 18", []qa{nb(KeyDateOfBirth, "2010-01-01")}, "18 or older"},
		{"impossible date", []qa{nb(KeyDateOfBirth, "2001-02-29")}, "real date"},
		{"too many", []qa{one("your-challenge-is", "staying-focused", "procrastination", "restlessness", "relationships")}, "up to 3"},
		{"unknown state", []qa{one("live-state", "ZZ")}, "state"},
		{"none of these with another answer", []qa{one("what-apply-to-you", "ocd", "none")}, "“None of these” can’t be chosen together"},
		{"a line break", []qa{nb(KeyFirstName, "Sam\nRivera")}, "one line"},
	}
	for _, tt := range tests {
		var e *apperr.Error
		if err := d.Validate(tt.data, now); !errors.As(err, &e) || len(e.Fields) != 1 {
			t.Errorf("%s: Validate() = %v, want one bad field", tt.name, err)
			continue
		}
		if got := e.Fields[0].Text(messages.English); !strings.Contains(got, tt.want) {
			t.Errorf("%s: message = %q, want it to mention %q", tt.name, got, tt.want)
		}
	}
}

func TestAgeOn(t *testing.T) {
	leapling := time.Date(2008, time.February, 29, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		dob, now time.Time
		want     int
	}{
		{leapling, time.Date(2026, time.February, 28, 23, 59, 0, 0, time.UTC), 17},
		{leapling, time.Date(2026, time.March, 1, 0, 0, 0, 0, time.UTC), 18},
		{time.Date(2000, 6, 15, 0, 0, 0, 0, time.UTC), time.Date(2018, 6, 14, 0, 0, 0, 0, time.UTC), 17},
		{time.Date(2000, 6, 15, 0, 0, 0, 0, time.UTC), time.Date(2018, 6, 15, 0, 0, 0, 0, time.UTC), 18},
		// The age is counted on the UTC date: late evening in Los Angeles is already the next day.
		{time.Date(2000, 6, 15, 0, 0, 0, 0, time.UTC), time.Date(2018, 6, 14, 20, 0, 0, 0, time.FixedZone("PDT", -7*3600)), 18},
	}
	for _, tt := range tests {
		if got := AgeOn(tt.dob, tt.now); got != tt.want {
			t.Errorf("AgeOn(%s, %s) = %d, want %d", tt.dob.Format(time.DateOnly), tt.now, got, tt.want)
		}
	}
}

func TestBirthYears(t *testing.T) {
	tests := []struct {
		now                 time.Time
		newest, oldest, len int
	}{
		{now, 2008, 1909, 100},
		{time.Date(2024, time.February, 29, 8, 0, 0, 0, time.UTC), 2006, 1907, 100},
		{time.Date(2025, time.December, 31, 23, 0, 0, 0, time.FixedZone("EST", -5*3600)), 2008, 1909, 100},
	}
	for _, tt := range tests {
		got := BirthYears(tt.now)
		if len(got) != tt.len || got[0] != tt.newest || got[len(got)-1] != tt.oldest {
			t.Errorf("BirthYears(%s) = %d years from %d to %d, want %d from %d to %d",
				tt.now, len(got), got[0], got[len(got)-1], tt.len, tt.newest, tt.oldest)
		}
	}
}

func TestDefaultDateOfBirth(t *testing.T) {
	d := mustLoad(t)
	tests := []struct {
		now  time.Time
		want string
	}{
		{now, "2008-03-15"},
		{time.Date(2024, time.February, 29, 10, 0, 0, 0, time.UTC), "2006-02-28"},
		{time.Date(2026, time.January, 1, 0, 30, 0, 0, time.FixedZone("CET", 3600)), "2007-12-31"},
	}
	for _, tt := range tests {
		got := DefaultDateOfBirth(tt.now)
		if got.Format(time.DateOnly) != tt.want || got.Location() != time.UTC {
			t.Errorf("DefaultDateOfBirth(%s) = %s, want %s UTC", tt.now, got, tt.want)
		}
		// The default must itself pass the form's checks.
		if err := d.Validate([]qa{nb(KeyDateOfBirth, tt.want)}, tt.now); err != nil {
			t.Errorf("default %s on %s: Validate() = %v, want nil", tt.want, tt.now, err)
		}
	}
}
