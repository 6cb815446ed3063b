// Package surveytest gives tests a member's answers to the whole survey, so a test of anything past
// the survey (the coaches, the plan, the journey's gate) can start from a member who may go on.
package surveytest

import "wayfinder/internal/survey"

// DateOfBirth is the date of birth of Complete's member: an adult on any date a test runs.
const DateOfBirth = "1990-04-30"

// Complete returns valid answers to every required step of the definition's main path: Sam
// Rivera, born on DateOfBirth, on an iPhone, who accepted the terms and chose "None of these" on
// what-apply-to-you; every other required step gets its first option.
func Complete(def *survey.Definition) []survey.QuestionAnswers {
	var out []survey.QuestionAnswers
	for _, slug := range def.Flow() {
		q := def.Question(slug)
		if !q.Required {
			continue
		}
		qa := survey.QuestionAnswers{QuestionSlug: slug}
		switch slug {
		case survey.SlugNameAndBirth:
			qa.Answers = NameAndBirth(DateOfBirth)
		case "what-apply-to-you":
			qa.Answers = []survey.Answer{{Key: "none"}}
		default:
			qa.Answers = []survey.Answer{{Key: q.AnswerVariants[0].Key}}
		}
		out = append(out, qa)
	}
	return out
}

// NameAndBirth returns Sam Rivera's answers to name-and-birth with the given date of birth.
func NameAndBirth(dob string) []survey.Answer {
	return []survey.Answer{
		{Key: survey.KeyFirstName, Value: "Sam"}, {Key: survey.KeyLastName, Value: "Rivera"},
		{Key: survey.KeyDateOfBirth, Value: dob}, {Key: survey.KeyTermsOfService, Value: "true"},
		{Key: survey.KeyDevice, Value: "iphone"},
	}
}

// BySlug maps each record's slug to its answers, as the survey's journey rules take them.
func BySlug(data []survey.QuestionAnswers) map[string][]survey.Answer {
	m := make(map[string][]survey.Answer, len(data))
	for _, qa := range data {
		m[qa.QuestionSlug] = qa.Answers
	}
	return m
}

// With returns data with the answers of slug replaced; nil answers leave the step out.
func With(data []survey.QuestionAnswers, slug string, answers []survey.Answer) []survey.QuestionAnswers {
	var out []survey.QuestionAnswers
	for _, qa := range data {
		if qa.QuestionSlug != slug {
			out = append(out, qa)
		}
	}
	if answers != nil {
		out = append(out, survey.QuestionAnswers{QuestionSlug: slug, Answers: answers})
	}
	return out
}
