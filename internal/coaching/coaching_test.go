package coaching

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"wayfinder/internal/apperr"
)

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

func TestCoachCheck(t *testing.T) {
	good := Coach{ID: "maya", FirstName: "Maya", LastName: "Reyes", Timezone: "America/New_York", Capacity: 3,
		AvatarURL: "/media/coaches/maya.svg", IntroVideoURL: "https://vimeo.com/1", CaptionsURL: "http://cdn.example.com/m.vtt"}
	tests := []struct {
		name       string
		change     func(*Coach)
		wantFields []string
	}{
		{"a good coach", func(*Coach) {}, nil},
		{"no time zone or media", func(c *Coach) { c.Timezone, c.AvatarURL, c.IntroVideoURL, c.CaptionsURL = "", "", "", "" }, nil},
		{"names missing", func(c *Coach) { c.FirstName, c.LastName = " ", "" }, []string{"firstName", "lastName"}},
		{"negative capacity", func(c *Coach) { c.Capacity = -1 }, []string{"capacity"}},
		{"unknown zone", func(c *Coach) { c.Timezone = "Mars/Olympus" }, []string{"timezone"}},
		{"an abbreviation is not a zone name", func(c *Coach) { c.Timezone = "EST" }, []string{"timezone"}},
		{"relative media path", func(c *Coach) { c.AvatarURL = "media/maya.svg" }, []string{"avatarUrl"}},
		{"script URL", func(c *Coach) { c.IntroVideoURL = "javascript:alert(1)" }, []string{"introVideoUrl"}},
		{"long id", func(c *Coach) { c.ID = strings.Repeat("x", 65) }, []string{"coachId"}},
	}
	for _, tt := range tests {
		c := good
		tt.change(&c)
		err := c.Check()
		var got []string
		var e *apperr.Error
		if errors.As(err, &e) {
			for _, f := range e.Fields {
				got = append(got, f.Field)
			}
		} else if err != nil {
			t.Errorf("%s: error %v is not an apperr.Error", tt.name, err)
		}
		if !slices.Equal(got, tt.wantFields) {
			t.Errorf("%s: bad fields = %v, want %v", tt.name, got, tt.wantFields)
		}
	}
}
