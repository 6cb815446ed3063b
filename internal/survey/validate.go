package survey

import (
	"fmt"
	"net/mail"
	"slices"
	"time"
	"unicode/utf8"

	"wayfinder/internal/apperr"
	"wayfinder/internal/cleantext"
)

// Limits of the answers. Free text is capped so one answer cannot fill the store; names get their
// own, tighter cap because they appear in every greeting.
const (
	MaxValueLen = 200 // characters of any answer value, including the free text of "Something else"
	MaxNameLen  = 100 // characters of a first or last name
	MinimumAge  = 18  // years; the service is for adults
	BirthSpan   = 100 // years of birth offered, counting back from the most recent
)

// Validate checks one survey submission against the definition and returns nil or an
// apperr.InvalidFields error naming every bad field, so the member can fix them all at once. now is
// the time of the request; ages are counted on its UTC date.
func (d *Definition) Validate(data []QuestionAnswers, now time.Time) error {
	var bad []apperr.FieldError
	add := func(field, format string, args ...any) {
		bad = append(bad, apperr.FieldError{Field: field, Message: fmt.Sprintf(format, args...)})
	}
	seen := map[string]bool{}
	for i, qa := range data {
		at := fmt.Sprintf("data[%d]", i)
		q := d.Question(qa.QuestionSlug)
		if q == nil {
			add(at+".questionSlug", "This question isn't part of the survey.")
			continue
		}
		if seen[qa.QuestionSlug] {
			add(at+".questionSlug", "This question is here twice. Send it once.")
			continue
		}
		seen[qa.QuestionSlug] = true
		for _, fe := range d.validateQuestion(q, qa.Answers, now) {
			fe.Field = at + fe.Field
			bad = append(bad, fe)
		}
	}
	if len(bad) > 0 {
		return apperr.InvalidFields("Some answers need another look.", bad...)
	}
	return nil
}

// validateQuestion checks the answers of one question; fields are relative to data[i].
func (d *Definition) validateQuestion(q *Question, answers []Answer, now time.Time) []apperr.FieldError {
	var bad []apperr.FieldError
	add := func(field, message string) {
		bad = append(bad, apperr.FieldError{Field: field, Message: message})
	}
	if len(answers) == 0 {
		if q.Required {
			add(".answers", missingMessage(q))
		}
		return bad
	}
	keys := map[string]bool{}
	exclusive := ""
	for j, a := range answers {
		at := fmt.Sprintf(".answers[%d]", j)
		v, ok := q.Variant(a.Key)
		if !ok {
			add(at+".key", unknownKeyMessage(q))
			continue
		}
		if keys[a.Key] {
			add(at+".key", "This answer is here twice. Send it once.")
			continue
		}
		keys[a.Key] = true
		if v.Exclusive {
			exclusive = v.Value
		}
		if problem := cleantext.Problem(a.Value); problem != "" {
			add(at+".value", problem)
			continue
		}
		if q.Slug == SlugNameAndBirth {
			if msg := nameAndBirthValue(a, now); msg != "" {
				add(at+".value", msg)
			}
			continue
		}
		if utf8.RuneCountInString(a.Value) > MaxValueLen {
			add(at+".value", fmt.Sprintf("Please keep this to %d characters or fewer.", MaxValueLen))
			continue
		}
		if q.Slug == SlugAccount {
			if msg := accountValue(a); msg != "" {
				add(at+".value", msg)
			}
		}
	}
	switch {
	case q.Type == SelectOne || q.Type == Rate || q.Slug == SlugLiveState:
		if len(answers) > 1 {
			add(".answers", "Please choose one answer.")
		}
	case q.Max > 0 && len(answers) > q.Max:
		add(".answers", fmt.Sprintf("Please choose up to %d.", q.Max))
	case exclusive != "" && len(answers) > 1:
		add(".answers", fmt.Sprintf("“%s” can’t be chosen together with other answers. Please choose one or the other.", exclusive))
	}
	if q.Slug == SlugNameAndBirth {
		for _, k := range []string{KeyFirstName, KeyLastName, KeyDateOfBirth, KeyTermsOfService} {
			if !keys[k] {
				add(".answers", nameAndBirthMissing[k])
			}
		}
	}
	return bad
}

func missingMessage(q *Question) string {
	switch {
	case q.Slug == SlugNameAndBirth:
		return "Please add your name and date of birth."
	case q.Slug == SlugLiveState:
		return "Please choose your state."
	case q.Type == SelectMany:
		return "Please choose at least one answer."
	default:
		return "Please choose an answer."
	}
}

func unknownKeyMessage(q *Question) string {
	switch {
	case q.Slug == SlugLiveState:
		return "Please choose a state from the list."
	case len(q.AnswerVariants) == 0:
		return "This step takes no answers."
	default:
		return "This isn't one of the answers to this question."
	}
}

// nameAndBirthMissing says, per required key of name-and-birth, what the member still has to give.
var nameAndBirthMissing = map[string]string{
	KeyFirstName:      "Please add your first name.",
	KeyLastName:       "Please add your last name.",
	KeyDateOfBirth:    "Please add your date of birth.",
	KeyTermsOfService: "Please accept the terms to continue.",
}

// nameAndBirthValue checks one answer of name-and-birth and returns what is wrong with it, or "".
// The device is optional because the native app does not ask for it.
func nameAndBirthValue(a Answer, now time.Time) string {
	switch a.Key {
	case KeyFirstName, KeyLastName:
		which := "first"
		if a.Key == KeyLastName {
			which = "last"
		}
		if !cleantext.HasVisible(a.Value) {
			return fmt.Sprintf("Please add your %s name.", which)
		}
		if utf8.RuneCountInString(a.Value) > MaxNameLen {
			return fmt.Sprintf("Please keep your %s name to %d characters or fewer.", which, MaxNameLen)
		}
	case KeyDateOfBirth:
		return dateOfBirthProblem(a.Value, now)
	case KeyTermsOfService:
		if a.Value != "true" {
			return "Please accept the terms to continue."
		}
	case KeyDevice:
		if a.Value != "iphone" && a.Value != "android" {
			return "Please choose iPhone or Android."
		}
	}
	return ""
}

// accountValue checks one contact detail of the account step and returns what is wrong with it, or "".
// Every key is optional: the email comes from sign-in, and a phone number is the member's choice.
func accountValue(a Answer) string {
	switch a.Key {
	case KeyEmail:
		if addr, err := mail.ParseAddress(a.Value); err != nil || addr.Address != a.Value {
			return "Please give an email address like name@example.com."
		}
	case KeyPhone:
		if !validPhone(a.Value) {
			return "Please give a phone number of 7 to 20 digits, like +1 555 010 0199."
		}
	case KeyTimeZone:
		if !slices.Contains(TimeZones, a.Value) {
			return "Please choose a time zone from the list."
		}
	}
	return ""
}

// validPhone accepts the ways people write phone numbers (spaces, dashes, brackets, a leading +)
// with 7 to 20 characters in all and at least 7 digits; the coach calls or texts it, nothing parses it.
func validPhone(s string) bool {
	if n := utf8.RuneCountInString(s); n < 7 || n > 20 {
		return false
	}
	digits := 0
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '+' && i == 0, r == ' ', r == '-', r == '(', r == ')', r == '.':
		default:
			return false
		}
	}
	return digits >= 7
}

// ParseDateOfBirth reads a date of birth as the app sends it: an ISO date (2006-01-02), or an ISO
// timestamp in UTC whose date is taken, since browsers serialize dates that way. Impossible dates
// such as 31 April are refused.
func ParseDateOfBirth(s string) (time.Time, bool) {
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, true
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, false
	}
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC), true
}

func dateOfBirthProblem(s string, now time.Time) string {
	dob, ok := ParseDateOfBirth(s)
	if !ok {
		return "Please choose a real date, like 1990-04-30."
	}
	today := dateOf(now)
	switch {
	case dob.After(today):
		return "Your date of birth can't be in the future."
	case AgeOn(dob, now) < MinimumAge:
		return fmt.Sprintf("Our coaching is for adults aged %d or older.", MinimumAge)
	case dob.Year() < oldestBirthYear(now):
		return "Please check the year of your date of birth."
	}
	return ""
}

// AgeOn returns the age in whole years on now's UTC date of someone born on dob. A member born on 29
// February comes of age on 1 March in years without one.
func AgeOn(dob, now time.Time) int {
	today := dateOf(now)
	age := today.Year() - dob.Year()
	if today.Month() < dob.Month() || (today.Month() == dob.Month() && today.Day() < dob.Day()) {
		age--
	}
	return age
}

// BirthYears returns the years the birth-year list offers, newest first: from MinimumAge years
// before now's year, going back BirthSpan years.
func BirthYears(now time.Time) []int {
	newest := now.UTC().Year() - MinimumAge
	years := make([]int, BirthSpan)
	for i := range years {
		years[i] = newest - i
	}
	return years
}

func oldestBirthYear(now time.Time) int {
	return now.UTC().Year() - MinimumAge - BirthSpan + 1
}

// DefaultDateOfBirth returns the date the form starts at: MinimumAge years before today in UTC. On
// 29 February it is 28 February, not 1 March, so that the default itself passes the age check.
func DefaultDateOfBirth(now time.Time) time.Time {
	today := dateOf(now)
	y, m, day := today.Year()-MinimumAge, today.Month(), today.Day()
	if last := time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC).Day(); day > last {
		day = last
	}
	return time.Date(y, m, day, 0, 0, 0, 0, time.UTC)
}

func dateOf(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}
