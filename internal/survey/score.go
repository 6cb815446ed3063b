package survey

import (
	"slices"
)

// ScreeningItems are the six ASRS v1.1 Part A items in questionnaire order.
var ScreeningItems = []string{
	"how-often-trouble-wrapping", "trouble-order", "trouble-appointment",
	"trouble-thought", "fidget", "overly-active-motor",
}

// thresholds holds, per item, the answers that count towards the score. ASRS Part A sets a lower bar
// for the first three items (sometimes or more) than for the last three (often or more).
var thresholds = map[string][]string{
	"how-often-trouble-wrapping": {"sometimes", "often", "very-often"},
	"trouble-order":              {"sometimes", "often", "very-often"},
	"trouble-appointment":        {"sometimes", "often", "very-often"},
	"trouble-thought":            {"often", "very-often"},
	"fidget":                     {"often", "very-often"},
	"overly-active-motor":        {"often", "very-often"},
}

// frequencies are the keys of the frequency scale.
var frequencies = []string{"very-often", "often", "sometimes", "rarely", "never"}

// HighLikelihoodScore is the lowest score that suggests a high likelihood of adult ADHD.
const HighLikelihoodScore = 4

// Score returns how many of the six screening items meet their threshold and how many of them have
// an answer on the scale. answers maps a question slug to its answers; the score is computed here,
// never taken from the client.
func Score(answers map[string][]Answer) (score int, answered int) {
	for _, slug := range ScreeningItems {
		a := answers[slug]
		if len(a) == 0 || !slices.Contains(frequencies, a[0].Key) {
			continue
		}
		answered++
		if slices.Contains(thresholds[slug], a[0].Key) {
			score++
		}
	}
	return score, answered
}

// HighLikelihood reports whether a score suggests a high likelihood of adult ADHD (4 to 6).
func HighLikelihood(score int) bool { return score >= HighLikelihoodScore }
