package onboarding_test

import (
	"context"
	"errors"
	"testing"

	"wayfinder/internal/onboarding"
	"wayfinder/internal/survey"
	"wayfinder/internal/survey/surveytest"
)

// fakeEvents records the members whose completed survey the service reported, and whether each
// report was made inside the save's transaction.
type fakeEvents struct {
	completed []string
	inTx      []bool
	err       error
}

func (f *fakeEvents) SurveyCompleted(ctx context.Context, userID string) error {
	f.completed = append(f.completed, userID)
	f.inTx = append(f.inTx, ctx.Value(txKey{}) != nil)
	return f.err
}

// storedOf is data as the store gives it back.
func storedOf(data []survey.QuestionAnswers) []onboarding.StoredAnswers {
	out := make([]onboarding.StoredAnswers, 0, len(data))
	for _, qa := range data {
		out = append(out, onboarding.StoredAnswers{QuestionSlug: qa.QuestionSlug, Answers: qa.Answers, UpdatedAt: testNow})
	}
	return out
}

// TestSaveReportsACompletedSurvey: a save of the step before the coach chooser reports the survey
// complete, in its transaction, when every required step is answered and no safety disclosure
// pauses the journey; no other save reads the answers to find out.
func TestSaveReportsACompletedSurvey(t *testing.T) {
	def := mustDefinition(t)
	complete := surveytest.Complete(def)
	account := qa(survey.SlugAccount, "timeZone", "America/Denver")
	tests := []struct {
		name      string
		fromSlug  string
		data      []survey.QuestionAnswers
		stored    []survey.QuestionAnswers
		hold      bool
		eventsErr error
		want      int
		wantErr   bool
	}{
		{name: "the step before the coaches, survey complete", fromSlug: survey.SlugAccount, data: []survey.QuestionAnswers{account}, stored: complete, want: 1},
		{name: "the step before the coaches, nothing to save but progress", fromSlug: survey.SlugAccount, stored: complete, want: 1},
		{name: "the step before the coaches, a step missing", fromSlug: survey.SlugAccount, data: []survey.QuestionAnswers{account},
			stored: surveytest.With(complete, survey.SlugHelpNeeded, nil)},
		{name: "the step before the coaches, journey paused", fromSlug: survey.SlugAccount, stored: complete, hold: true},
		{name: "the last required step", fromSlug: survey.SlugHelpNeeded, data: []survey.QuestionAnswers{qa(survey.SlugHelpNeeded, "accountable", "")}, stored: complete},
		{name: "the coach chooser's campaign values", fromSlug: survey.SlugMeetYourCoach, stored: complete},
		{name: "the report fails, and so does the save", fromSlug: survey.SlugAccount, stored: complete, eventsErr: errors.New("store down"), want: 1, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			store := &fakeStore{stored: storedOf(tt.stored), hold: tt.hold}
			events := &fakeEvents{err: tt.eventsErr}
			svc := newService(t, store)
			svc.ReportTo(events)
			err := svc.Save(context.Background(), "u1", tt.fromSlug, tt.data, onboarding.UTM{})
			if (err != nil) != tt.wantErr {
				t.Fatalf("Save() = %v, want error %v", err, tt.wantErr)
			}
			if got := len(events.completed); got != tt.want {
				t.Errorf("reported %d completions, want %d", got, tt.want)
			}
			for i, in := range events.inTx {
				if !in || events.completed[i] != "u1" {
					t.Errorf("report %d = %s (in the save's transaction: %v), want u1 inside it", i, events.completed[i], in)
				}
			}
			if tt.fromSlug != survey.SlugAccount && store.inTx != 0 {
				t.Errorf("a save of %s ran %d transactions, want none beyond its one write", tt.fromSlug, store.inTx)
			}
		})
	}
}
