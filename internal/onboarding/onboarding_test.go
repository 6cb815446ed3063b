package onboarding

import (
	"encoding/json"
	"testing"
)

func TestUTMIsZero(t *testing.T) {
	tests := []struct {
		utm  UTM
		want bool
	}{
		{UTM{}, true},
		{UTM{Source: "newsletter"}, false},
		{UTM{Coupon: "SPRING"}, false},
	}
	for _, tt := range tests {
		if got := tt.utm.IsZero(); got != tt.want {
			t.Errorf("%+v.IsZero() = %v, want %v", tt.utm, got, tt.want)
		}
	}
}

// TestUTMJSON pins the nine keys of the spec, which the app sends and reads exactly so.
func TestUTMJSON(t *testing.T) {
	in := UTM{"s", "m", "c", "a", "g", "t", "o", "l", "p"}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	want := `{"utm_source":"s","utm_medium":"m","utm_campaign":"c","utm_adid":"a","utm_adgroup":"g","utm_term":"t","utm_content":"o","gclid":"l","coupon":"p"}`
	if got != want {
		t.Errorf("json = %s, want %s", got, want)
	}
}
