package survey

import (
	"testing"
)

// asrs builds answers to the six screening items in order; "" leaves an item unanswered.
func asrs(keys ...string) map[string][]Answer {
	m := map[string][]Answer{}
	for i, k := range keys {
		if k != "" {
			m[ScreeningItems[i]] = []Answer{{Key: k, Value: k}}
		}
	}
	return m
}

func TestScore(t *testing.T) {
	tests := []struct {
		name         string
		answers      map[string][]Answer
		score, count int
		high         bool
	}{
		{"nothing answered", asrs(), 0, 0, false},
		{"all never", asrs("never", "never", "never", "never", "never", "never"), 0, 6, false},
		{"all very often", asrs("very-often", "very-often", "very-often", "very-often", "very-often", "very-often"), 6, 6, true},
		{"sometimes counts on the first three only", asrs("sometimes", "sometimes", "sometimes", "sometimes", "sometimes", "sometimes"), 3, 6, false},
		{"often counts everywhere", asrs("often", "often", "often", "often", "often", "often"), 6, 6, true},
		{"rarely counts nowhere", asrs("rarely", "rarely", "rarely", "rarely", "rarely", "rarely"), 0, 6, false},
		{"3 is low", asrs("often", "sometimes", "very-often", "sometimes", "rarely", "never"), 3, 6, false},
		{"4 is high", asrs("often", "sometimes", "very-often", "often", "rarely", "never"), 4, 6, true},
		{"4 from the last three plus one", asrs("sometimes", "never", "never", "often", "very-often", "often"), 4, 6, true},
		{"partly answered", asrs("often", "", "sometimes", ""), 2, 2, false},
		{"off-scale answer is not counted", asrs("always", "often"), 1, 1, false},
	}
	for _, tt := range tests {
		score, count := Score(tt.answers)
		if score != tt.score || count != tt.count {
			t.Errorf("%s: Score() = %d, %d, want %d, %d", tt.name, score, count, tt.score, tt.count)
		}
		if got := HighLikelihood(score); got != tt.high {
			t.Errorf("%s: HighLikelihood(%d) = %v, want %v", tt.name, score, got, tt.high)
		}
	}
}

// TestScoreThresholdPerItem moves one item at a time across the scale, with every other item at
// never, so each item's threshold is pinned on its own.
func TestScoreThresholdPerItem(t *testing.T) {
	counts := map[string]map[string]int{
		"low bar":  {"very-often": 1, "often": 1, "sometimes": 1, "rarely": 0, "never": 0},
		"high bar": {"very-often": 1, "often": 1, "sometimes": 0, "rarely": 0, "never": 0},
	}
	for i, slug := range ScreeningItems {
		bar := "low bar"
		if i >= 3 {
			bar = "high bar"
		}
		for key, want := range counts[bar] {
			keys := []string{"never", "never", "never", "never", "never", "never"}
			keys[i] = key
			if got, _ := Score(asrs(keys...)); got != want {
				t.Errorf("%s = %s: Score() = %d, want %d (%s)", slug, key, got, want, bar)
			}
		}
	}
}

func TestHighLikelihoodBoundary(t *testing.T) {
	for score := 0; score <= 6; score++ {
		if got, want := HighLikelihood(score), score >= 4; got != want {
			t.Errorf("HighLikelihood(%d) = %v, want %v", score, got, want)
		}
	}
}
