package survey

import (
	"testing"
)

func TestNext(t *testing.T) {
	d := mustLoad(t)
	keys := func(ks ...string) []Answer { return one("", ks...).Answers }
	device := func(v string) []Answer { return []Answer{{Key: KeyDevice, Value: v}} }
	tests := []struct {
		name   string
		slug   string
		answer []Answer
		native bool
		want   string
	}{
		{"iPhone goes on", "name-and-birth", device("iphone"), false, "how-you-identify"},
		{"Android goes to ios-only", "name-and-birth", device("android"), false, "ios-only"},
		{"no device on the web goes to ios-only", "name-and-birth", nil, false, "ios-only"},
		{"native app goes on without a device", "name-and-birth", nil, true, "how-you-identify"},
		{"native app goes on whatever the device", "name-and-birth", device("android"), true, "how-you-identify"},
		{"self-harm stops the survey", "what-apply-to-you", keys("self-harm"), false, "we-are-sorry-no-go"},
		{"self-harm wins over other answers", "what-apply-to-you", keys("anxiety", "self-harm", "none"), false, "we-are-sorry-no-go"},
		{"other conditions go on", "what-apply-to-you", keys("anxiety", "depression"), false, "lets-better-understand-prompt"},
		{"prior coaching", "have-you-experienced-adhd", keys("yes"), false, "how-would-you-like-agave"},
		{"no prior coaching", "have-you-experienced-adhd", keys("no"), false, "process-personalize"},
		{"after the prior-coaching screen", "how-would-you-like-agave", nil, false, "process-personalize"},
		{"plain step", "fidget", keys("often"), false, "overly-active-motor"},
		{"last item to score", "overly-active-motor", keys("never"), false, "score-screen"},
		{"ios-only is an end", "ios-only", nil, false, ""},
		{"no-go is an end", "we-are-sorry-no-go", nil, false, ""},
		{"unknown step", "nowhere", nil, false, ""},
	}
	for _, tt := range tests {
		if got := d.Next(tt.slug, tt.answer, tt.native); got != tt.want {
			t.Errorf("%s: Next(%q) = %q, want %q", tt.name, tt.slug, got, tt.want)
		}
	}
}

func TestStepAfterSave(t *testing.T) {
	d := mustLoad(t)
	save := func(slug string, answers ...Answer) []QuestionAnswers {
		return []QuestionAnswers{{QuestionSlug: slug, Answers: answers}}
	}
	tests := []struct {
		name string
		from string
		data []QuestionAnswers
		want string
	}{
		{"an iPhone goes on", "name-and-birth", save("name-and-birth", Answer{Key: KeyDevice, Value: "iphone"}), "how-you-identify"},
		{"an Android phone goes to ios-only", "name-and-birth", save("name-and-birth", Answer{Key: KeyDevice, Value: "android"}), "ios-only"},
		{"no device is the native app, which goes on", "name-and-birth", save("name-and-birth", Answer{Key: KeyFirstName, Value: "Ada"}), "how-you-identify"},
		{"the self-harm answer leads to the crisis page", "what-apply-to-you", save("what-apply-to-you", Answer{Key: "self-harm"}), "we-are-sorry-no-go"},
		{"only the step's own answers choose its branch", "what-apply-to-you",
			append(save("fidget", Answer{Key: "self-harm"}), save("what-apply-to-you", Answer{Key: "anxiety"})...), "lets-better-understand-prompt"},
		{"prior coaching takes the branch", "have-you-experienced-adhd", save("have-you-experienced-adhd", Answer{Key: "yes"}), "how-would-you-like-agave"},
		{"a step without answers goes to its next", "did-you-know-cbt", nil, "your-challenge-is"},
		{"the coach screen opening leaves the member on it", "meet-your-coach", nil, "meet-your-coach"},
		{"an unknown step", "nowhere", nil, ""},
	}
	for _, tt := range tests {
		if got := d.StepAfterSave(tt.from, tt.data); got != tt.want {
			t.Errorf("%s: StepAfterSave(%q) = %q, want %q", tt.name, tt.from, got, tt.want)
		}
	}
}
