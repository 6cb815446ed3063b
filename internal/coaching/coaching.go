// Package coaching holds Wayfinder's coaches and which coach each member works with, now and before.
package coaching

import "time"

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

// Assignment is one period of a member working with a coach. EndedAt is nil while it is current; a
// member has at most one current assignment.
type Assignment struct {
	ID         int64
	UserID     string
	CoachID    string
	AssignedAt time.Time
	EndedAt    *time.Time
}
