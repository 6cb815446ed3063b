package httpapi

import (
	"context"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/billing"
	"wayfinder/internal/coaching"
	"wayfinder/internal/media"
)

// Media is what the server reads of stored pictures: coaches' public portraits and members'
// own pictures (sqlstore.DB).
type Media interface {
	Portrait(ctx context.Context, id string) ([]byte, error)
	MemberPicture(ctx context.Context, userID string) ([]byte, error)
}

// acceptsImage reports whether a request is an image upload: its body is an image, not JSON, and
// may be as large as media.MaxUploadBytes.
func acceptsImage(r *http.Request) bool {
	return r.Method == http.MethodPut && strings.HasPrefix(r.URL.Path, "/api/staff/") &&
		(strings.HasSuffix(r.URL.Path, "/picture") || strings.HasSuffix(r.URL.Path, "/portrait"))
}

// readImage reads an image upload's body and its declared type.
func readImage(r *http.Request) ([]byte, string, error) {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err := media.CheckType(mt); err != nil {
		return nil, "", err
	}
	data, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, "", decodeError(err, data)
	}
	return data, mt, nil
}

// staffProfileRequest is the body of PUT /api/staff/members/{userId}/profile.
type staffProfileRequest struct {
	FirstName   string  `json:"firstName"`
	LastName    string  `json:"lastName"`
	DateOfBirth *string `json:"dateOfBirth"`
	Device      string  `json:"device"`
}

// staffProfileOf is a member's profile as staff see it: their picture comes from the staff route.
func staffProfileOf(u account.User, sub billing.Subscription) profile {
	p := profileOf(u, u.Role, sub)
	p.PictureURL = picturePath("/api/staff/members/"+u.ID+"/picture", u)
	return p
}

// staffUpdateProfile answers PUT /api/staff/members/{userId}/profile.
func (s *server) staffUpdateProfile(w http.ResponseWriter, r *http.Request) {
	var req staffProfileRequest
	if err := decodeJSON(r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	p := backoffice.Profile{FirstName: req.FirstName, LastName: req.LastName, Device: req.Device}
	if req.DateOfBirth != nil {
		p.DateOfBirth = *req.DateOfBirth
	}
	u, err := s.backoffice.UpdateProfile(r.Context(), actorOf(r), r.PathValue("userId"), p)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeStaffProfile(w, r, u)
}

// writeStaffProfile answers a member's profile after a change, with their payment state.
func (s *server) writeStaffProfile(w http.ResponseWriter, r *http.Request, u account.User) {
	sub := billing.Subscription{UserID: u.ID, Status: billing.StatusNone}
	if s.billing != nil {
		var err error
		if sub, err = s.billing.Subscription(r.Context(), u.ID); err != nil {
			s.writeError(w, r, err)
			return
		}
	}
	writeJSON(w, http.StatusOK, struct {
		Profile profile `json:"profile"`
	}{staffProfileOf(u, sub)})
}

// staffUploadPicture answers PUT /api/staff/members/{userId}/picture: the body is the image.
func (s *server) staffUploadPicture(w http.ResponseWriter, r *http.Request) {
	data, contentType, err := readImage(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	u, err := s.backoffice.UploadPicture(r.Context(), actorOf(r), r.PathValue("userId"), data, contentType)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		PictureURL string `json:"pictureUrl"`
	}{*staffProfileOf(u, billing.Subscription{}).PictureURL})
}

// staffRemovePicture answers DELETE /api/staff/members/{userId}/picture.
func (s *server) staffRemovePicture(w http.ResponseWriter, r *http.Request) {
	if err := s.backoffice.RemovePicture(r.Context(), actorOf(r), r.PathValue("userId")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// staffMemberPicture answers GET /api/staff/members/{userId}/picture.
func (s *server) staffMemberPicture(w http.ResponseWriter, r *http.Request) {
	data, err := s.backoffice.Picture(r.Context(), actorOf(r), r.PathValue("userId"))
	if apperr.CodeOf(err) == apperr.NotFound {
		err = apperr.E(apperr.NotFound, msgMemberNoPicture)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeImage(w, r, data, "")
}

// staffSwitchCoach answers PUT /api/staff/members/{userId}/coach.
func (s *server) staffSwitchCoach(w http.ResponseWriter, r *http.Request) {
	var req struct {
		CoachID string `json:"coachId"`
	}
	if err := decodeJSON(r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	spell, err := s.backoffice.SwitchCoach(r.Context(), actorOf(r), r.PathValue("userId"), req.CoachID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		CoachID    string `json:"coachId"`
		Name       string `json:"name"`
		AssignedAt string `json:"assignedAt"`
	}{spell.CoachID, spell.CoachName, spell.AssignedAt.UTC().Format(time.RFC3339)})
}

// staffCoachJSON is a coach as staff see and admins write them.
type staffCoachJSON struct {
	CoachID       string `json:"coachId,omitzero"`
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
	Active        bool   `json:"active"`
	Capacity      int    `json:"capacity"`
	Assigned      *int   `json:"assigned,omitzero"`
}

// staffCoachInput is the body of POST /api/staff/coaches and PUT /api/staff/coaches/{coachId}:
// a coach without their id and members, which the server decides.
type staffCoachInput struct {
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
	Active        bool   `json:"active"`
	Capacity      int    `json:"capacity"`
}

func (in staffCoachInput) coach() coaching.Coach {
	return coaching.Coach{FirstName: in.FirstName, LastName: in.LastName, Nickname: in.Nickname, AvatarURL: in.AvatarURL,
		OneLiner: in.OneLiner, Tags: in.Tags, Timezone: in.Timezone, Description: in.Description,
		IntroVideoURL: in.IntroVideoURL, CaptionsURL: in.CaptionsURL, Active: in.Active, Capacity: in.Capacity}
}

func staffCoachOf(l coaching.CoachLoad) staffCoachJSON {
	c := l.Coach
	assigned := l.Assigned
	return staffCoachJSON{CoachID: c.ID, FirstName: c.FirstName, LastName: c.LastName, Nickname: c.Nickname,
		AvatarURL: c.AvatarURL, OneLiner: c.OneLiner, Tags: c.Tags, Timezone: c.Timezone, Description: c.Description,
		IntroVideoURL: c.IntroVideoURL, CaptionsURL: c.CaptionsURL, Active: c.Active, Capacity: c.Capacity, Assigned: &assigned}
}

// staffCoaches answers GET /api/staff/coaches: every coach, resting ones included.
func (s *server) staffCoaches(w http.ResponseWriter, r *http.Request) {
	loads, err := s.backoffice.Coaches(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Coaches []staffCoachJSON `json:"coaches"`
	}{listOf(loads, staffCoachOf)})
}

// staffCreateCoach answers POST /api/staff/coaches (admins).
func (s *server) staffCreateCoach(w http.ResponseWriter, r *http.Request) {
	var in staffCoachInput
	if err := decodeJSON(r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	l, err := s.backoffice.CreateCoach(r.Context(), actorOf(r), in.coach())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, staffCoachOf(l))
}

// staffUpdateCoach answers PUT /api/staff/coaches/{coachId} (admins).
func (s *server) staffUpdateCoach(w http.ResponseWriter, r *http.Request) {
	var in staffCoachInput
	if err := decodeJSON(r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	l, err := s.backoffice.UpdateCoach(r.Context(), actorOf(r), r.PathValue("coachId"), in.coach())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, staffCoachOf(l))
}

// staffUploadPortrait answers PUT /api/staff/coaches/{coachId}/portrait (admins): the body is the image.
func (s *server) staffUploadPortrait(w http.ResponseWriter, r *http.Request) {
	data, contentType, err := readImage(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	l, err := s.backoffice.UploadPortrait(r.Context(), actorOf(r), r.PathValue("coachId"), data, contentType)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, staffCoachOf(l))
}

// portrait answers GET /media/{file}: a coach's portrait, public and never changing, since a new
// portrait gets a new address.
func (s *server) portrait(w http.ResponseWriter, r *http.Request) {
	id, ok := backoffice.PortraitID("/media/" + r.PathValue("file"))
	var (
		data []byte
		err  error = apperr.E(apperr.NotFound, msgNoPictureHere)
	)
	if ok {
		if data, err = s.media.Portrait(r.Context(), id); apperr.CodeOf(err) == apperr.NotFound {
			err = apperr.E(apperr.NotFound, msgNoPictureHere)
		}
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeImage(w, r, data, "public, max-age=31536000, immutable")
}

type safetyFollowUpJSON struct {
	ID            int64   `json:"id"`
	UserID        string  `json:"userId"`
	FirstName     string  `json:"firstName"`
	LastName      string  `json:"lastName"`
	Email         string  `json:"email"`
	Device        string  `json:"device"`
	DisclosedAt   string  `json:"disclosedAt"`
	ReviewedAt    *string `json:"reviewedAt"`
	ReviewedBy    *string `json:"reviewedBy"`
	Note          string  `json:"note"`
	ReopenedAt    *string `json:"reopenedAt"`
	JourneyPaused bool    `json:"journeyPaused"`
}

func followUpOf(f backoffice.FollowUp) safetyFollowUpJSON {
	j := safetyFollowUpJSON{ID: f.ID, UserID: f.UserID, FirstName: f.Member.FirstName, LastName: f.Member.LastName,
		Email: f.Member.Email, Device: f.Member.Device, DisclosedAt: stamp(f.DisclosedAt), ReviewedAt: optionalStamp(f.ReviewedAt),
		Note: f.ReviewNote, ReopenedAt: optionalStamp(f.ReopenedAt), JourneyPaused: f.PausesJourney()}
	if f.ReviewedAt != nil {
		j.ReviewedBy = &f.ReviewedBy
	}
	return j
}

// listOf writes each item of a list as JSON: an empty list as [], never null.
func listOf[T, J any](items []T, write func(T) J) []J {
	out := make([]J, 0, len(items))
	for _, item := range items {
		out = append(out, write(item))
	}
	return out
}

// stamp writes a time as the API does: RFC 3339 in UTC, to the second.
func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// optionalStamp is stamp for a time that may be missing: null then.
func optionalStamp(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := stamp(*t)
	return &s
}

// staffSafetyQueue answers GET /api/staff/safety?status=open|reviewed.
func (s *server) staffSafetyQueue(w http.ResponseWriter, r *http.Request) {
	status := r.URL.Query().Get("status")
	if status != "" && status != "open" && status != "reviewed" {
		s.writeError(w, r, apperr.InvalidFields(msgNoSuchList, apperr.Field("status", msgOpenOrReviewed)))
		return
	}
	followUps, err := s.backoffice.SafetyQueue(r.Context(), actorOf(r), status == "reviewed")
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		FollowUps []safetyFollowUpJSON `json:"followUps"`
	}{listOf(followUps, followUpOf)})
}

// followUpID reads the {followUpId} of a safety route.
func followUpID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("followUpId"), 10, 64)
	if err != nil || id <= 0 {
		return 0, backoffice.ErrNoFollowUp
	}
	return id, nil
}

// staffSafetyReview answers POST /api/staff/safety/{followUpId}/review.
func (s *server) staffSafetyReview(w http.ResponseWriter, r *http.Request) {
	id, err := followUpID(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var req struct {
		Note          string `json:"note"`
		ReopenJourney bool   `json:"reopenJourney"`
	}
	if err := decodeJSON(r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	f, err := s.backoffice.ReviewSafety(r.Context(), actorOf(r), id, req.Note, req.ReopenJourney)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, followUpOf(f))
}

// staffSafetyReopen answers POST /api/staff/safety/{followUpId}/reopen.
func (s *server) staffSafetyReopen(w http.ResponseWriter, r *http.Request) {
	id, err := followUpID(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	f, err := s.backoffice.ReopenJourney(r.Context(), actorOf(r), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, followUpOf(f))
}

type staffAccountJSON struct {
	UserID     string `json:"userId"`
	Email      string `json:"email"`
	FirstName  string `json:"firstName"`
	LastName   string `json:"lastName"`
	Role       string `json:"role"`
	SignedUpAt string `json:"signedUpAt"`
}

func staffAccountOf(u account.User) staffAccountJSON {
	return staffAccountJSON{UserID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName, Role: string(u.Role), SignedUpAt: stamp(u.CreatedAt)}
}

// staffAccounts answers GET /api/staff/accounts (admins).
func (s *server) staffAccounts(w http.ResponseWriter, r *http.Request) {
	users, fromProvider, err := s.backoffice.StaffAccounts(r.Context(), actorOf(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Accounts          []staffAccountJSON `json:"accounts"`
		RolesFromProvider bool               `json:"rolesFromProvider"`
	}{listOf(users, staffAccountOf), fromProvider})
}

// staffSetRole answers PUT /api/staff/accounts (admins).
func (s *server) staffSetRole(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Email string `json:"email"`
		Role  string `json:"role"`
	}
	if err := decodeJSON(r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	u, err := s.backoffice.SetRole(r.Context(), actorOf(r), req.Email, account.Role(req.Role))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, staffAccountOf(u))
}

type staffPlanJSON struct {
	PlanID        string    `json:"planId"`
	Name          string    `json:"name"`
	Price         priceJSON `json:"price"`
	Includes      []string  `json:"includes"`
	TrialDays     int       `json:"trialDays"`
	Support       string    `json:"support"`
	StripePriceID string    `json:"stripePriceId"`
	Active        bool      `json:"active"`
}

func staffPlanOf(p billing.Plan) staffPlanJSON {
	includes := p.Includes
	if includes == nil {
		includes = []string{}
	}
	return staffPlanJSON{PlanID: p.ID, Name: p.Name, Price: priceOf(p.Price), Includes: includes, TrialDays: p.TrialDays,
		Support: string(p.Support), StripePriceID: p.StripePriceID, Active: p.Active}
}

// staffPlans answers GET /api/staff/plans (admins).
func (s *server) staffPlans(w http.ResponseWriter, r *http.Request) {
	plans, err := s.backoffice.Plans(r.Context(), actorOf(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Plans []staffPlanJSON `json:"plans"`
	}{listOf(plans, staffPlanOf)})
}

// staffUpdatePlan answers PATCH /api/staff/plans/{planId} (admins): offer or withdraw the plan.
func (s *server) staffUpdatePlan(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Active *bool `json:"active"`
	}
	if err := decodeJSON(r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if req.Active == nil {
		s.writeError(w, r, apperr.InvalidFields(msgSayIfOffered, apperr.Field("active", msgRequired)))
		return
	}
	p, err := s.backoffice.SetPlanOffered(r.Context(), actorOf(r), r.PathValue("planId"), *req.Active)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, staffPlanOf(p))
}
