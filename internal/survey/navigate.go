package survey

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
