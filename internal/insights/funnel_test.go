package insights

import (
	"context"
	"errors"
	"testing"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/survey"
)

// fakeStore hands the service the journeys it is given.
type fakeStore struct{ journeys []Journey }

func (f *fakeStore) FunnelJourneys(_ context.Context, _ Filter, each func(Journey) error) error {
	for _, j := range f.journeys {
		if err := each(j); err != nil {
			return err
		}
	}
	return nil
}

func (f *fakeStore) Campaigns(context.Context, time.Time, time.Time) ([]CampaignRow, []OriginRow, error) {
	return nil, nil, nil
}
func (f *fakeStore) ExportMembers(context.Context) ([]ExportedMember, error) { return nil, nil }
func (f *fakeStore) InTx(ctx context.Context, fn func(context.Context) error) error {
	return fn(ctx)
}
func (f *fakeStore) AppendAudit(context.Context, backoffice.Entry) error { return nil }

func newTestService(t *testing.T, journeys ...Journey) *Service {
	t.Helper()
	def, err := survey.Load()
	if err != nil {
		t.Fatal(err)
	}
	return NewService(&fakeStore{journeys: journeys}, def, time.Now)
}

var anyRange = Filter{From: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), To: time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)}

func repeat(n int, j Journey) []Journey {
	out := make([]Journey, n)
	for i := range out {
		out[i] = j
	}
	return out
}

func TestFunnelPrivacyFloor(t *testing.T) {
	identify := Journey{Visits: []Visit{{"name-and-birth", 30}}, At: "how-you-identify"}
	tests := []struct {
		name             string
		journeys         []Journey
		wantMembers      Count
		wantIdentify     Count
		wantMedianKnown  bool
		wantReachedShare Percent
	}{
		{"none", nil, Count{}, Count{}, false, Percent{}},
		{"four are hidden", repeat(4, identify), Count{Hidden: true}, Count{Hidden: true}, false, Percent{}},
		{"five are shown", repeat(5, identify), Count{N: 5}, Count{N: 5}, true, Percent{Value: 100, Known: true}},
		{"five members, four at the step", append(repeat(4, identify), Journey{}), Count{N: 5}, Count{Hidden: true}, false, Percent{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := newTestService(t, tt.journeys...).Funnel(t.Context(), anyRange)
			if err != nil {
				t.Fatal(err)
			}
			first, identify := got.Steps[0], got.Steps[2]
			if got.Members != tt.wantMembers || identify.Slug != "how-you-identify" || identify.Reached != tt.wantIdentify {
				t.Errorf("members %+v, %s %+v; want %+v, how-you-identify %+v", got.Members, identify.Slug, identify.Reached, tt.wantMembers, tt.wantIdentify)
			}
			if first.MedianKnown != tt.wantMedianKnown || (first.MedianKnown && first.MedianSeconds != 30) {
				t.Errorf("name-and-birth median %d (known %v), want known %v", first.MedianSeconds, first.MedianKnown, tt.wantMedianKnown)
			}
			if identify.ReachedShare != tt.wantReachedShare {
				t.Errorf("how-you-identify share %+v, want %+v", identify.ReachedShare, tt.wantReachedShare)
			}
		})
	}
}

func TestShare(t *testing.T) {
	tests := []struct {
		part, whole Count
		want        Percent
	}{
		{Count{N: 1}, Count{N: 3}, Percent{33.3, true}},
		{Count{N: 2}, Count{N: 3}, Percent{66.7, true}},
		{Count{N: 7}, Count{N: 7}, Percent{100, true}},
		{Count{N: 0}, Count{N: 9}, Percent{0, true}},
		{Count{N: 3}, Count{N: 0}, Percent{}},
		{Count{Hidden: true}, Count{N: 90}, Percent{}},
		{Count{N: 9}, Count{Hidden: true}, Percent{}},
	}
	for _, tt := range tests {
		if got := Share(tt.part, tt.whole); got != tt.want {
			t.Errorf("Share(%+v, %+v) = %+v, want %+v", tt.part, tt.whole, got, tt.want)
		}
	}
}

func TestMedian(t *testing.T) {
	tests := []struct {
		seconds []int64
		want    int64
	}{
		{[]int64{5}, 5},
		{[]int64{1, 2, 3, 4}, 2},
		{[]int64{10, 3, 7}, 7},
		{[]int64{5000, 4000, 9000}, 5000},
		{[]int64{20, 7200, 86400, 30, 90000}, 7200},
		{[]int64{3599, 3600}, 3599},
	}
	for _, tt := range tests {
		var d durations
		for _, s := range tt.seconds {
			d.add(s)
		}
		if got := d.median(); got != tt.want {
			t.Errorf("median(%v) = %d, want %d", tt.seconds, got, tt.want)
		}
	}
}

func TestFilterCheck(t *testing.T) {
	tests := []struct {
		name  string
		f     Filter
		field string // "" when the filter is fine
	}{
		{"a range", anyRange, ""},
		{"everything set", Filter{From: anyRange.From, To: anyRange.To, Source: "ads", Campaign: "spring", Device: DeviceNone, Payment: PaymentOff}, ""},
		{"no range", Filter{}, "from"},
		{"backwards", Filter{From: anyRange.To, To: anyRange.From}, "from"},
		{"a device we don't know", Filter{From: anyRange.From, To: anyRange.To, Device: "nokia"}, "device"},
		{"a variant we don't know", Filter{From: anyRange.From, To: anyRange.To, Payment: "yes"}, "payment"},
	}
	for _, tt := range tests {
		err := tt.f.Check()
		if tt.field == "" {
			if err != nil {
				t.Errorf("%s: Check() = %v, want nil", tt.name, err)
			}
			continue
		}
		var fields []string
		var ae *apperr.Error
		if errors.As(err, &ae) {
			for _, f := range ae.Fields {
				fields = append(fields, f.Field)
			}
		}
		if apperr.CodeOf(err) != apperr.Invalid || len(fields) != 1 || fields[0] != tt.field {
			t.Errorf("%s: Check() = %v (fields %v), want Invalid on %s", tt.name, err, fields, tt.field)
		}
	}
}

// TestFunnelSteps checks the rows come in the survey's order, each branch after the step that
// leads to it, from the first question to the coach chooser.
func TestFunnelSteps(t *testing.T) {
	got, err := newTestService(t).Funnel(t.Context(), anyRange)
	if err != nil {
		t.Fatal(err)
	}
	var branches []string
	for _, st := range got.Steps {
		if st.Branch {
			branches = append(branches, st.Slug)
		}
	}
	want := []string{"ios-only", "how-would-you-like-agave", "we-are-sorry-no-go"}
	if len(branches) != len(want) || branches[0] != want[0] || branches[1] != want[1] || branches[2] != want[2] {
		t.Errorf("branches %v, want %v", branches, want)
	}
	if got.Steps[0].Slug != "name-and-birth" || got.Steps[len(got.Steps)-1].Slug != "meet-your-coach" {
		t.Errorf("steps from %s to %s, want name-and-birth to meet-your-coach", got.Steps[0].Slug, got.Steps[len(got.Steps)-1].Slug)
	}
}
