// Package coaching holds Wayfinder's coaches and which coach each member works with, now and before.
package coaching

import (
	"net/url"
	"strings"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/cleantext"
	"wayfinder/internal/messages"
)

// Coach is one coach a member can choose. ID is the coachId the app sees. UserID links the coach to
// their own user account when they have one and is empty otherwise.
type Coach struct {
	ID            string
	UserID        string
	FirstName     string
	LastName      string
	Nickname      string
	AvatarURL     string
	OneLiner      string
	Tags          string // Tags is a comma-separated list, as the app expects it.
	Timezone      string
	Description   string
	IntroVideoURL string
	CaptionsURL   string
	// Active is false for a coach who takes no one new; their current members stay with them.
	Active bool
	// Capacity is the most members the coach works with at once. A coach with capacity 0 takes no one.
	Capacity  int
	CreatedAt time.Time
	UpdatedAt time.Time
}

// CoachLoad is a coach with the number of members currently assigned to them.
type CoachLoad struct {
	Coach    Coach
	Assigned int
}

// Full reports whether the coach has no room for another member.
func (l CoachLoad) Full() bool {
	return l.Assigned >= l.Coach.Capacity
}

// TakesNewMembers reports whether a member who is not yet the coach's could choose them.
func (l CoachLoad) TakesNewMembers() bool {
	return l.Coach.Active && !l.Full()
}

// Assignment is one period of a member working with a coach. EndedAt is nil while it is current; a
// member has at most one current assignment.
type Assignment struct {
	ID         int64
	UserID     string
	CoachID    string
	AssignedAt time.Time
	EndedAt    *time.Time
}

// The messages of choosing a coach and of a coach's details (internal/messages holds their words).
const (
	msgChooseCoach      messages.Key = "api.coach.choose"
	msgChooseCoachField messages.Key = "api.coach.chooseField"
	msgCoachUnknown     messages.Key = "api.coach.unknown"
	msgNotACoachID      messages.Key = "api.coach.notAnID"
	msgCoachNeedsLook   messages.Key = "api.coach.needsLook"
	msgIDTooLong        messages.Key = "api.coach.idTooLong"
	msgRequired         messages.Key = "api.coach.required"
	msgCapacityNegative messages.Key = "api.coach.capacityNegative"
	msgTimeZoneUnknown  messages.Key = "api.coach.timeZoneUnknown"
	msgMediaURL         messages.Key = "api.coach.mediaURL"
	msgCoachNotFound    messages.Key = "api.coach.notFound"
	msgCoachInactive    messages.Key = "api.coach.inactive"
	msgCoachFull        messages.Key = "api.coach.full"
)

// maxCoachIDLength bounds a coach's id: stored ids are UUIDs or short names.
const maxCoachIDLength = 64

// CheckCoachID returns an apperr.Invalid error naming coachId when id cannot be a coach's id, so a
// member's choice never reaches the store with an empty, over-long or unclean id.
func CheckCoachID(id string) error {
	switch {
	case id == "":
		return apperr.InvalidFields(msgChooseCoach, apperr.Field("coachId", msgChooseCoachField))
	case len(id) > maxCoachIDLength, cleantext.Problem(id) != "":
		return apperr.InvalidFields(msgCoachUnknown, apperr.Field("coachId", msgNotACoachID))
	}
	return nil
}

// Check returns an apperr.Invalid error naming every field of the coach an operator must fix, or nil.
// Media addresses must be absolute http(s) URLs or paths on this site ("/media/…").
func (c Coach) Check() error {
	var bad []apperr.FieldError
	add := func(field string, key messages.Key, params ...messages.Params) {
		bad = append(bad, apperr.Field(field, key, params...))
	}
	if len(c.ID) > maxCoachIDLength {
		add("coachId", msgIDTooLong, messages.Params{"max": maxCoachIDLength})
	} else if problem := cleantext.Problem(c.ID); problem != "" {
		add("coachId", problem)
	}
	for _, f := range []struct{ field, value string }{
		{"firstName", c.FirstName}, {"lastName", c.LastName}, {"nickname", c.Nickname}, {"oneLiner", c.OneLiner},
		{"tags", c.Tags}, {"timezone", c.Timezone}, {"avatarUrl", c.AvatarURL}, {"introVideoUrl", c.IntroVideoURL},
		{"captionsUrl", c.CaptionsURL},
	} {
		if problem := cleantext.Problem(f.value); problem != "" {
			add(f.field, problem)
		}
	}
	if problem := cleantext.ParagraphsProblem(c.Description); problem != "" {
		add("description", problem)
	}
	if !cleantext.HasVisible(c.FirstName) {
		add("firstName", msgRequired)
	}
	if !cleantext.HasVisible(c.LastName) {
		add("lastName", msgRequired)
	}
	if c.Capacity < 0 {
		add("capacity", msgCapacityNegative)
	}
	if c.Timezone != "" {
		if _, err := time.LoadLocation(c.Timezone); err != nil || !strings.Contains(c.Timezone, "/") {
			add("timezone", msgTimeZoneUnknown)
		}
	}
	for _, u := range []struct{ field, value string }{
		{"avatarUrl", c.AvatarURL}, {"introVideoUrl", c.IntroVideoURL}, {"captionsUrl", c.CaptionsURL},
	} {
		if u.value == "" {
			continue
		}
		parsed, err := url.Parse(u.value)
		site := err == nil && parsed.Scheme == "" && parsed.Host == "" && strings.HasPrefix(parsed.Path, "/")
		web := err == nil && (parsed.Scheme == "https" || parsed.Scheme == "http") && parsed.Host != ""
		if !site && !web {
			add(u.field, msgMediaURL)
		}
	}
	if len(bad) > 0 {
		return &apperr.Error{Code: apperr.Invalid, Key: msgCoachNeedsLook,
			Params: messages.Params{"firstName": c.FirstName, "lastName": c.LastName}, Fields: bad}
	}
	return nil
}
