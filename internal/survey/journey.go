package survey

import (
	"slices"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/messages"
)

// The survey's rules for the journey as a whole: which steps still need an answer, whether a
// member may go past the survey to the coaches (and later the plan and payment), where they
// continue, and which answers are a safety disclosure. The server enforces them on every call
// that goes past the survey; the app follows the same rules to show the right step at once.

// Gap is a required step of the main path without a valid answer. Problem is nil when the step has
// no answer at all, and otherwise says what is wrong with the stored one under today's rules:
// a date of birth is checked against the age limit on the day it is read, and answers saved under
// an older definition may no longer fit it.
type Gap struct {
	Slug    string
	Problem *apperr.FieldError
}

// Gaps returns the required steps of the main path that lack a valid answer, in the survey's
// order. answers maps a question slug to its stored answers.
func (d *Definition) Gaps(answers map[string][]Answer, now time.Time) []Gap {
	var gaps []Gap
	for _, slug := range d.flow {
		q := d.Questions[slug]
		if !q.Required {
			continue
		}
		given := answers[slug]
		if len(given) == 0 {
			gaps = append(gaps, Gap{Slug: slug})
			continue
		}
		if bad := d.validateQuestion(q, given, now); len(bad) > 0 {
			gaps = append(gaps, Gap{Slug: slug, Problem: &bad[0]})
		}
	}
	return gaps
}

// Gate says whether a member's answers let them past the survey: it returns nil when every required
// step of the main path has a valid answer, and otherwise a Conflict that says, in plain words,
// what is missing. The first step (name, date of birth, terms) is named in full, since it decides
// whether the service may take the member at all; the other steps are counted.
func (d *Definition) Gate(answers map[string][]Answer, now time.Time) error {
	gaps := d.Gaps(answers, now)
	if len(gaps) == 0 {
		return nil
	}
	if first := gaps[0]; first.Slug == SlugNameAndBirth {
		if first.Problem == nil {
			return apperr.E(apperr.Conflict, msgStartWithFirstStep)
		}
		return apperr.E(apperr.Conflict, first.Problem.Key, first.Problem.Params)
	}
	if len(gaps) == 1 {
		return apperr.E(apperr.Conflict, msgFinishOneQuestion)
	}
	return apperr.E(apperr.Conflict, msgFinishManyQuestions, messages.Params{"count": len(gaps)})
}

// ResumeAt returns the step a member continues at, as far as the survey goes: the first required
// step without a valid answer, or, when there is none, the step after the last one answered on
// the main path. What follows a coach choice is AfterCoachChoice.
func (d *Definition) ResumeAt(answers map[string][]Answer, now time.Time) string {
	if gaps := d.Gaps(answers, now); len(gaps) > 0 {
		return gaps[0].Slug
	}
	last := -1
	for i, slug := range d.flow {
		if len(answers[slug]) > 0 {
			last = i
		}
	}
	switch {
	case last < 0:
		return d.FirstQuestion
	case last+1 < len(d.flow):
		return d.flow[last+1]
	default:
		return d.flow[last]
	}
}

// FirstVisit reports whether a member with these answers stands at slug for the first time: slug
// is on the main path, every required step before it has a valid answer, and no step from it on
// has any answer. Every such member sees the step alike but for their name, which is what lets the
// web app render a step's first screen ahead of time (web/src/first-frame/render.tsx).
func (d *Definition) FirstVisit(answers map[string][]Answer, slug string, now time.Time) bool {
	at := slices.Index(d.flow, slug)
	if at < 0 {
		return false
	}
	for _, later := range d.flow[at:] {
		if len(answers[later]) > 0 {
			return false
		}
	}
	gaps := d.Gaps(answers, now)
	return len(gaps) == 0 || slices.Index(d.flow, gaps[0].Slug) >= at
}

// AfterCoachChoice returns the step that follows choosing a coach: with payment on, until the
// member holds a plan, the steps toward the plan (what meet-your-coach leads to in the definition);
// otherwise the journey's done step, which hands over to the app.
func (d *Definition) AfterCoachChoice(paymentEnabled, holdsPlan bool) string {
	if paymentEnabled && !holdsPlan {
		return d.Questions[SlugMeetYourCoach].NextStep
	}
	return SlugDone
}

// SafetyDisclosure returns the step of the first answer in data that leads to the crisis page (the
// self-harm option), and whether there is one. Such an answer is recorded on its own, apart from
// the answers, and closes the journey until a person at the service has reviewed it.
func (d *Definition) SafetyDisclosure(data []QuestionAnswers) (string, bool) {
	for _, qa := range data {
		q := d.Question(qa.QuestionSlug)
		if q == nil {
			continue
		}
		for _, a := range qa.Answers {
			if v, ok := q.Variant(a.Key); ok && v.BranchTo == SlugNoGo {
				return qa.QuestionSlug, true
			}
		}
	}
	return "", false
}
