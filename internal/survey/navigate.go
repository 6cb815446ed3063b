package survey

import "slices"

// DeviceIPhone is the device answer of name-and-birth that lets a web member go on with the survey.
const DeviceIPhone = "iphone"

// Next returns the step after slug given its answers, or "" at an end or for an unknown slug.
// name-and-birth goes on only for an iPhone or inside the native app, because the service lives in
// an iPhone app; elsewhere a chosen option's branch wins over nextStep, so the self-harm answer always
// leads to the crisis page, whatever else was chosen with it.
func (d *Definition) Next(slug string, answers []Answer, nativeApp bool) string {
	q := d.Question(slug)
	if q == nil {
		return ""
	}
	if slug == SlugNameAndBirth {
		if nativeApp {
			return q.NextStep
		}
		for _, a := range answers {
			if a.Key == KeyDevice && a.Value == DeviceIPhone {
				return q.NextStep
			}
		}
		return SlugIOSOnly
	}
	if q.Type == SelectOne || q.Type == SelectMany {
		for _, v := range q.AnswerVariants {
			if v.BranchTo == "" {
				continue
			}
			for _, a := range answers {
				if a.Key == v.Key {
					return v.BranchTo
				}
			}
		}
	}
	return q.NextStep
}

// StepAfterSave returns the step a save of data that moves on from fromSlug takes the member to, as
// the app's Next does, so the server knows where each member is without being told. The app asks
// the device only outside the native app, so name-and-birth's answers without one are the native
// app's. Progress from meet-your-coach is sent when the coach screen opens (spec §4), and the member
// leaves that step by choosing a coach, not by saving, so such a save leaves them on it. An unknown
// step gives "".
func (d *Definition) StepAfterSave(fromSlug string, data []QuestionAnswers) string {
	if fromSlug == SlugMeetYourCoach {
		return SlugMeetYourCoach
	}
	var answers []Answer
	for _, qa := range data {
		if qa.QuestionSlug == fromSlug {
			answers = qa.Answers
		}
	}
	nativeApp := fromSlug == SlugNameAndBirth && !slices.ContainsFunc(answers, func(a Answer) bool { return a.Key == KeyDevice })
	return d.Next(fromSlug, answers, nativeApp)
}
