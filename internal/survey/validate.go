package survey

import (
	"fmt"
	"net/mail"
	"slices"
	"time"
	"unicode/utf8"

	"wayfinder/internal/apperr"
	"wayfinder/internal/cleantext"
	"wayfinder/internal/messages"
)

// The messages of the survey's checks (internal/messages holds their words). Each says what to do,
// in the member's terms; fields name where.
const (
	msgNeedsLook           messages.Key = "api.survey.needsLook"
	msgNotAQuestion        messages.Key = "api.survey.notAQuestion"
	msgQuestionTwice       messages.Key = "api.survey.questionTwice"
	msgAnswerTwice         messages.Key = "api.survey.answerTwice"
	msgValueTooLong        messages.Key = "api.survey.valueTooLong"
	msgChooseOneOnly       messages.Key = "api.survey.chooseOneOnly"
	msgChooseUpTo          messages.Key = "api.survey.chooseUpTo"
	msgExclusive           messages.Key = "api.survey.exclusive"
	msgAddNameAndBirth     messages.Key = "api.survey.addNameAndBirth"
	msgChooseState         messages.Key = "api.survey.chooseState"
	msgChooseAtLeastOne    messages.Key = "api.survey.chooseAtLeastOne"
	msgChooseAnswer        messages.Key = "api.survey.chooseAnswer"
	msgStateNotListed      messages.Key = "api.survey.stateNotListed"
	msgNoAnswersHere       messages.Key = "api.survey.noAnswersHere"
	msgNotAnAnswer         messages.Key = "api.survey.notAnAnswer"
	msgAddFirstName        messages.Key = "api.survey.addFirstName"
	msgAddLastName         messages.Key = "api.survey.addLastName"
	msgAddDateOfBirth      messages.Key = "api.survey.addDateOfBirth"
	msgAcceptTerms         messages.Key = "api.survey.acceptTerms"
	msgFirstNameTooLong    messages.Key = "api.survey.firstNameTooLong"
	msgLastNameTooLong     messages.Key = "api.survey.lastNameTooLong"
	msgChooseDevice        messages.Key = "api.survey.chooseDevice"
	msgEmailInvalid        messages.Key = "api.survey.emailInvalid"
	msgPhoneInvalid        messages.Key = "api.survey.phoneInvalid"
	msgTimeZoneNotListed   messages.Key = "api.survey.timeZoneNotListed"
	msgDateInvalid         messages.Key = "api.survey.dateInvalid"
	msgDateInFuture        messages.Key = "api.survey.dateInFuture"
	msgTooYoung            messages.Key = "api.survey.tooYoung"
	msgCheckYear           messages.Key = "api.survey.checkYear"
	msgStartWithFirstStep  messages.Key = "api.survey.startWithFirstStep"
	msgFinishOneQuestion   messages.Key = "api.survey.finishOneQuestion"
	msgFinishManyQuestions messages.Key = "api.survey.finishManyQuestions"
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
	add := func(field string, key messages.Key) { bad = append(bad, apperr.Field(field, key)) }
	seen := map[string]bool{}
	for i, qa := range data {
		at := fmt.Sprintf("data[%d]", i)
		q := d.Question(qa.QuestionSlug)
		if q == nil {
			add(at+".questionSlug", msgNotAQuestion)
			continue
		}
		if seen[qa.QuestionSlug] {
			add(at+".questionSlug", msgQuestionTwice)
			continue
		}
		seen[qa.QuestionSlug] = true
		for _, fe := range d.validateQuestion(q, qa.Answers, now) {
			fe.Field = at + fe.Field
			bad = append(bad, fe)
		}
	}
	if len(bad) > 0 {
		return apperr.InvalidFields(msgNeedsLook, bad...)
	}
	return nil
}

// validateQuestion checks the answers of one question; fields are relative to data[i].
func (d *Definition) validateQuestion(q *Question, answers []Answer, now time.Time) []apperr.FieldError {
	var bad []apperr.FieldError
	add := func(field string, key messages.Key, params ...messages.Params) {
		bad = append(bad, apperr.Field(field, key, params...))
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
			add(at+".key", msgAnswerTwice)
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
			if key, params := nameAndBirthValue(a, now); key != "" {
				add(at+".value", key, params)
			}
			continue
		}
		if utf8.RuneCountInString(a.Value) > MaxValueLen {
			add(at+".value", msgValueTooLong, messages.Params{"max": MaxValueLen})
			continue
		}
		if q.Slug == SlugAccount {
			if key := accountValue(a); key != "" {
				add(at+".value", key)
			}
		}
	}
	switch {
	case q.Type == SelectOne || q.Type == Rate || q.Slug == SlugLiveState:
		if len(answers) > 1 {
			add(".answers", msgChooseOneOnly)
		}
	case q.Max > 0 && len(answers) > q.Max:
		add(".answers", msgChooseUpTo, messages.Params{"max": q.Max})
	case exclusive != "" && len(answers) > 1:
		add(".answers", msgExclusive, messages.Params{"answer": exclusive})
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

func missingMessage(q *Question) messages.Key {
	switch {
	case q.Slug == SlugNameAndBirth:
		return msgAddNameAndBirth
	case q.Slug == SlugLiveState:
		return msgChooseState
	case q.Type == SelectMany:
		return msgChooseAtLeastOne
	default:
		return msgChooseAnswer
	}
}

func unknownKeyMessage(q *Question) messages.Key {
	switch {
	case q.Slug == SlugLiveState:
		return msgStateNotListed
	case len(q.AnswerVariants) == 0:
		return msgNoAnswersHere
	default:
		return msgNotAnAnswer
	}
}

// nameAndBirthMissing says, per required key of name-and-birth, what the member still has to give.
var nameAndBirthMissing = map[string]messages.Key{
	KeyFirstName:      msgAddFirstName,
	KeyLastName:       msgAddLastName,
	KeyDateOfBirth:    msgAddDateOfBirth,
	KeyTermsOfService: msgAcceptTerms,
}

// nameAndBirthValue checks one answer of name-and-birth and returns the message of what is wrong
// with it, or "". The device is optional because the native app does not ask for it.
func nameAndBirthValue(a Answer, now time.Time) (messages.Key, messages.Params) {
	switch a.Key {
	case KeyFirstName, KeyLastName:
		missing, tooLong := msgAddFirstName, msgFirstNameTooLong
		if a.Key == KeyLastName {
			missing, tooLong = msgAddLastName, msgLastNameTooLong
		}
		if !cleantext.HasVisible(a.Value) {
			return missing, nil
		}
		if utf8.RuneCountInString(a.Value) > MaxNameLen {
			return tooLong, messages.Params{"max": MaxNameLen}
		}
	case KeyDateOfBirth:
		return dateOfBirthProblem(a.Value, now)
	case KeyTermsOfService:
		if a.Value != "true" {
			return msgAcceptTerms, nil
		}
	case KeyDevice:
		if a.Value != "iphone" && a.Value != "android" {
			return msgChooseDevice, nil
		}
	}
	return "", nil
}

// accountValue checks one contact detail of the account step and returns the message of what is
// wrong with it, or "". Every key is optional: the email comes from sign-in, and a phone number is
// the member's choice.
func accountValue(a Answer) messages.Key {
	switch a.Key {
	case KeyEmail:
		if addr, err := mail.ParseAddress(a.Value); err != nil || addr.Address != a.Value {
			return msgEmailInvalid
		}
	case KeyPhone:
		if !validPhone(a.Value) {
			return msgPhoneInvalid
		}
	case KeyTimeZone:
		if !slices.Contains(TimeZones, a.Value) {
			return msgTimeZoneNotListed
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

func dateOfBirthProblem(s string, now time.Time) (messages.Key, messages.Params) {
	dob, ok := ParseDateOfBirth(s)
	if !ok {
		return msgDateInvalid, nil
	}
	today := dateOf(now)
	switch {
	case dob.After(today):
		return msgDateInFuture, nil
	case AgeOn(dob, now) < MinimumAge:
		return msgTooYoung, messages.Params{"age": MinimumAge}
	case dob.Year() < oldestBirthYear(now):
		return msgCheckYear, nil
	}
	return "", nil
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
