package httpapi

import (
	"context"
	"net/http"
	"time"

	"wayfinder/internal/auth"
	"wayfinder/internal/coaching"
)

// Coaching is what the coach API needs of the coaching service (coaching.Service).
type Coaching interface {
	Choices(ctx context.Context, userID string) ([]coaching.Choice, error)
	Choose(ctx context.Context, userID, coachID string) (coaching.Assignment, error)
}

// coachesResponse is the body of GET /api/chat/list_coaches (spec §7): {"coaches": [...]}.
type coachesResponse struct {
	Coaches []coachJSON `json:"coaches"`
}

// CoachProfile is a coach's public fields as JSON names them, in GET /api/chat/list_coaches and in
// the file `wayfinder coaches import` reads: those of spec §3 but the userId, then the intro video
// and its captions. The names are a contract with the iOS app.
type CoachProfile struct {
	CoachID       string `json:"coachId"`
	FirstName     string `json:"firstName"`
	LastName      string `json:"lastName"`
	Nickname      string `json:"nickname"`
	AvatarURL     string `json:"avatarUrl"`
	OneLiner      string `json:"oneLiner"`
	Tags          string `json:"tags"`
	Timezone      string `json:"timezone"`
	Description   string `json:"description"`
	IntroVideoURL string `json:"introVideoUrl"`
	CaptionsURL   string `json:"captionsUrl"`
}

// Coach returns the coach the profile describes, taking new members or not, up to capacity.
func (p CoachProfile) Coach(active bool, capacity int) coaching.Coach {
	return coaching.Coach{ID: p.CoachID, FirstName: p.FirstName, LastName: p.LastName, Nickname: p.Nickname,
		AvatarURL: p.AvatarURL, OneLiner: p.OneLiner, Tags: p.Tags, Timezone: p.Timezone, Description: p.Description,
		IntroVideoURL: p.IntroVideoURL, CaptionsURL: p.CaptionsURL, Active: active, Capacity: capacity}
}

func coachProfileOf(c coaching.Coach) CoachProfile {
	return CoachProfile{CoachID: c.ID, FirstName: c.FirstName, LastName: c.LastName, Nickname: c.Nickname,
		AvatarURL: c.AvatarURL, OneLiner: c.OneLiner, Tags: c.Tags, Timezone: c.Timezone, Description: c.Description,
		IntroVideoURL: c.IntroVideoURL, CaptionsURL: c.CaptionsURL}
}

// coachJSON is a coach as members see them: the profile, then how the coach fits the caller.
type coachJSON struct {
	CoachProfile
	UserID      *string   `json:"userId"` // null for a coach without a user account of their own
	Current     bool      `json:"current"`
	Recommended bool      `json:"recommended"`
	Match       matchJSON `json:"match"`
}

// matchJSON says why a coach fits the caller, for the app to put into words.
type matchJSON struct {
	Topics       []string `json:"topics"` // the coach's tags that meet the caller's needs
	SameTimeZone bool     `json:"sameTimeZone"`
	NearTimeZone bool     `json:"nearTimeZone"`
}

func coachOf(c coaching.Choice) coachJSON {
	j := coachJSON{
		CoachProfile: coachProfileOf(c.Coach),
		Current:      c.Current, Recommended: c.Recommended,
		Match: matchJSON{Topics: c.Match.Topics, SameTimeZone: c.Match.SameTimeZone, NearTimeZone: c.Match.NearTimeZone},
	}
	if c.Coach.UserID != "" {
		j.UserID = &c.Coach.UserID
	}
	if j.Match.Topics == nil {
		j.Match.Topics = []string{}
	}
	return j
}

// listCoaches answers GET /api/chat/list_coaches: the active coaches with room for the caller, the
// best match for the caller first.
func (s *server) listCoaches(w http.ResponseWriter, r *http.Request) {
	p, _ := auth.FromContext(r.Context())
	choices, err := s.coaching.Choices(r.Context(), p.User.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	resp := coachesResponse{Coaches: make([]coachJSON, len(choices))}
	for i, c := range choices {
		resp.Coaches[i] = coachOf(c)
	}
	writeJSON(w, http.StatusOK, resp)
}

// switchCoachRequest is the body of PUT /api/chat/me_switch_coach (spec §3).
type switchCoachRequest struct {
	CoachID string `json:"coachId"`
}

type switchCoachResponse struct {
	CoachID    string    `json:"coachId"`
	AssignedAt time.Time `json:"assignedAt"`
}

// switchCoach answers PUT /api/chat/me_switch_coach: the caller, and only the caller, gets the coach.
func (s *server) switchCoach(w http.ResponseWriter, r *http.Request) {
	var req switchCoachRequest
	if err := decodeJSON(r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	p, _ := auth.FromContext(r.Context())
	a, err := s.coaching.Choose(r.Context(), p.User.ID, req.CoachID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.metrics.coachChoices.Inc()
	writeJSON(w, http.StatusOK, switchCoachResponse{CoachID: a.CoachID, AssignedAt: a.AssignedAt})
}
