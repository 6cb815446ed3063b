package survey

import (
	"time"

	"wayfinder/internal/onboarding"
)

// Rules is the definition as the onboarding service uses it (onboarding.Survey). It is here,
// beside the rules it exposes, because onboarding cannot import this package: this package builds
// on onboarding's answer types.
func Rules(def *Definition) onboarding.Survey { return rules{def} }

type rules struct{ *Definition }

func (r rules) Has(slug string) bool { return r.Question(slug) != nil }

// Score answers the screening score and whether all six screening items are answered: a partial
// questionnaire has no score yet.
func (r rules) Score(answers map[string][]onboarding.Answer) (int, bool) {
	score, answered := Score(answers)
	return score, answered == len(ScreeningItems)
}

func (r rules) HighLikelihood(score int) bool { return HighLikelihood(score) }

func (r rules) DateOfBirth(s string) (time.Time, bool) { return ParseDateOfBirth(s) }

func (r rules) StateTimeZone(state string) string {
	v, _ := r.Question(SlugLiveState).Variant(state)
	return v.TimeZone
}
