package coaching

import "testing"

func TestCoachLoadFull(t *testing.T) {
	tests := []struct {
		capacity, assigned int
		want               bool
	}{
		{0, 0, true}, {1, 0, false}, {1, 1, true}, {3, 2, false}, {2, 5, true},
	}
	for _, tt := range tests {
		l := CoachLoad{Coach: Coach{Capacity: tt.capacity}, Assigned: tt.assigned}
		if got := l.Full(); got != tt.want {
			t.Errorf("capacity %d, assigned %d: Full() = %v, want %v", tt.capacity, tt.assigned, got, tt.want)
		}
	}
}
