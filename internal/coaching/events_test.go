package coaching_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/coaching"
)

// recordedEvents records what the service reported, in order.
type recordedEvents struct {
	calls []string
	err   error
}

func (r *recordedEvents) SurveyCompleted(_ context.Context, userID string) error {
	r.calls = append(r.calls, "survey_completed "+userID)
	return r.err
}

func (r *recordedEvents) CoachChosen(_ context.Context, userID, coachID string, byStaff bool) error {
	r.calls = append(r.calls, fmt.Sprintf("coach_chosen %s %s staff=%v", userID, coachID, byStaff))
	return r.err
}

// TestChoicesAreReported: every new coach is reported, the member's own choice after their
// survey's completion, a staff switch as staff's; choosing one's coach again and a refused choice
// report nothing; and a report that fails undoes the choice.
func TestChoicesAreReported(t *testing.T) {
	t.Parallel()
	for name, db := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			ann := member(t, db, "ann")
			coach(t, db, "roomy", true, 10)
			coach(t, db, "other", true, 10)
			coach(t, db, "resting", false, 10)
			events := &recordedEvents{}
			svc := coaching.NewService(db, openJourney{}, func() time.Time { return t0 })
			svc.ReportTo(events)

			steps := []struct {
				name    string
				choose  func() error
				want    []string
				wantErr apperr.Code
			}{
				{"the member chooses", func() error { _, err := svc.Choose(ctx, ann, "roomy"); return err },
					[]string{"survey_completed " + ann, "coach_chosen " + ann + " roomy staff=false"}, ""},
				{"the same coach again", func() error { _, err := svc.Choose(ctx, ann, "roomy"); return err }, nil, ""},
				{"a resting coach", func() error { _, err := svc.Choose(ctx, ann, "resting"); return err }, nil, apperr.Conflict},
				{"staff switch", func() error { _, err := svc.Assign(ctx, ann, "other"); return err },
					[]string{"coach_chosen " + ann + " other staff=true"}, ""},
			}
			for _, st := range steps {
				events.calls = nil
				if err := st.choose(); apperr.CodeOf(err) != st.wantErr {
					t.Fatalf("%s: error %v, want %q", st.name, err, st.wantErr)
				}
				if !slices.Equal(events.calls, st.want) {
					t.Errorf("%s: reported %q, want %q", st.name, events.calls, st.want)
				}
			}

			events.err = errors.New("the outbox is down")
			if _, err := svc.Choose(ctx, ann, "roomy"); err == nil {
				t.Fatal("a choice whose report failed went through")
			}
			if current, err := db.CurrentAssignment(ctx, ann); err != nil || current.CoachID != "other" {
				t.Errorf("the coach after a failed report = %q (%v), want other still", current.CoachID, err)
			}
		})
	}
}
