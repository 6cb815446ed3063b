package httpapi

import (
	"context"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/auth"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/billing"
	"wayfinder/internal/clientaddr"
	"wayfinder/internal/coaching"
	"wayfinder/internal/onboarding"
)

// Backoffice is what the staff API needs of the back office (backoffice.Service).
type Backoffice interface {
	Members(ctx context.Context, actor backoffice.Actor, text string, after *backoffice.Cursor) ([]backoffice.MemberRow, *backoffice.Cursor, error)
	Member(ctx context.Context, actor backoffice.Actor, userID string) (backoffice.Member, error)
	Audit(ctx context.Context, actor backoffice.Actor, q backoffice.AuditQuery) ([]backoffice.Entry, error)

	UpdateProfile(ctx context.Context, actor backoffice.Actor, userID string, p backoffice.Profile) (account.User, error)
	UploadPicture(ctx context.Context, actor backoffice.Actor, userID string, data []byte, contentType string) (account.User, error)
	RemovePicture(ctx context.Context, actor backoffice.Actor, userID string) error
	Picture(ctx context.Context, actor backoffice.Actor, userID string) ([]byte, error)
	SwitchCoach(ctx context.Context, actor backoffice.Actor, userID, coachID string) (backoffice.CoachSpell, error)

	SafetyQueue(ctx context.Context, actor backoffice.Actor, reviewed bool) ([]backoffice.FollowUp, error)
	ReviewSafety(ctx context.Context, actor backoffice.Actor, id int64, note string, reopen bool) (backoffice.FollowUp, error)
	ReopenJourney(ctx context.Context, actor backoffice.Actor, id int64) (backoffice.FollowUp, error)

	Coaches(ctx context.Context) ([]coaching.CoachLoad, error)
	CreateCoach(ctx context.Context, actor backoffice.Actor, c coaching.Coach) (coaching.CoachLoad, error)
	UpdateCoach(ctx context.Context, actor backoffice.Actor, id string, c coaching.Coach) (coaching.CoachLoad, error)
	UploadPortrait(ctx context.Context, actor backoffice.Actor, coachID string, data []byte, contentType string) (coaching.CoachLoad, error)

	StaffAccounts(ctx context.Context, actor backoffice.Actor) ([]account.User, bool, error)
	SetRole(ctx context.Context, actor backoffice.Actor, email string, role account.Role) (account.User, error)
	Plans(ctx context.Context, actor backoffice.Actor) ([]billing.Plan, error)
	SetPlanOffered(ctx context.Context, actor backoffice.Actor, planID string, offered bool) (billing.Plan, error)
}

// staffOnly runs h for signed-in staff (and admins): 401 to anonymous callers, 403 to members.
func (s *server) staffOnly(h http.HandlerFunc) http.HandlerFunc {
	return s.auth.Authenticate(s.auth.RequireStaff(h)).ServeHTTP
}

// adminOnly runs h for signed-in admins: 401 to anonymous callers, 403 to members and staff.
func (s *server) adminOnly(h http.HandlerFunc) http.HandlerFunc {
	return s.auth.Authenticate(s.auth.RequireAdmin(h)).ServeHTTP
}

// actorOf is the staff user of the request, and the address it came from.
func actorOf(r *http.Request) backoffice.Actor {
	p, _ := auth.FromContext(r.Context())
	return backoffice.Actor{UserID: p.User.ID, Email: p.User.Email, Admin: p.Admin, Address: clientaddr.FromRequest(r)}
}

type staffMemberRow struct {
	UserID      string   `json:"userId"`
	FirstName   string   `json:"firstName"`
	LastName    string   `json:"lastName"`
	Email       string   `json:"email"`
	SignedUpAt  string   `json:"signedUpAt"`
	StepReached *string  `json:"stepReached"`
	Coach       *coachID `json:"coach"`
	Payment     string   `json:"payment"`
	SafetyFlag  bool     `json:"safetyFlag"`
}

type coachID struct {
	CoachID string `json:"coachId"`
	Name    string `json:"name"`
}

type staffMembersResponse struct {
	Members []staffMemberRow `json:"members"`
	Next    *string          `json:"next"`
}

// cursorToken writes where a page ended (its last row's time and id) as an opaque token for the
// next request. The members list and the waitlist page the same way.
func cursorToken(at time.Time, id string) *string {
	t := base64.RawURLEncoding.EncodeToString([]byte(at.UTC().Format(time.RFC3339Nano) + "|" + id))
	return &t
}

// parseCursorToken reads a token cursorToken wrote; ok is false when there is none, and anything
// else is Invalid.
func parseCursorToken(token string) (at time.Time, id string, ok bool, err error) {
	if token == "" {
		return time.Time{}, "", false, nil
	}
	bad := apperr.InvalidFields(msgPageMarker, apperr.Field("after", msgStartAgain))
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil {
		return time.Time{}, "", false, bad
	}
	text, id, cut := strings.Cut(string(raw), "|")
	at, err = time.Parse(time.RFC3339Nano, text)
	if !cut || err != nil || id == "" {
		return time.Time{}, "", false, bad
	}
	return at, id, true, nil
}

// cursorText writes a members page's cursor as a token.
func cursorText(c *backoffice.Cursor) *string {
	if c == nil {
		return nil
	}
	return cursorToken(c.SignedUpAt, c.UserID)
}

// parseCursor reads a members page's cursor from a token.
func parseCursor(token string) (*backoffice.Cursor, error) {
	at, id, ok, err := parseCursorToken(token)
	if !ok {
		return nil, err
	}
	return &backoffice.Cursor{SignedUpAt: at, UserID: id}, nil
}

// staffMembers answers GET /api/staff/members: a page of the members list, newest first, searched
// by name or email.
func (s *server) staffMembers(w http.ResponseWriter, r *http.Request) {
	after, err := parseCursor(r.URL.Query().Get("after"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	rows, next, err := s.backoffice.Members(r.Context(), actorOf(r), r.URL.Query().Get("q"), after)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := staffMembersResponse{Members: make([]staffMemberRow, 0, len(rows)), Next: cursorText(next)}
	for _, m := range rows {
		row := staffMemberRow{UserID: m.UserID, FirstName: m.FirstName, LastName: m.LastName, Email: m.Email,
			SignedUpAt: m.SignedUpAt.Format(time.RFC3339), Payment: string(m.Payment), SafetyFlag: m.SafetyFlag}
		if m.StepReached != "" {
			row.StepReached = &m.StepReached
		}
		if m.CoachID != "" {
			row.Coach = &coachID{CoachID: m.CoachID, Name: m.CoachName}
		}
		out.Members = append(out.Members, row)
	}
	writeJSON(w, http.StatusOK, out)
}

type staffMemberResponse struct {
	Profile        profile               `json:"profile"`
	SignedUpAt     string                `json:"signedUpAt"`
	Answers        []staffAnswer         `json:"answers"`
	Score          *int                  `json:"score"`
	HighLikelihood bool                  `json:"highLikelihood"`
	UTM            *staffUTM             `json:"utm"`
	Progress       []staffProgress       `json:"progress"`
	Coaches        []staffCoachSpell     `json:"coaches"`
	Subscription   subscriptionJSON      `json:"subscription"`
	Safety         []staffSafetyFollowUp `json:"safety"`
}

type staffAnswer struct {
	QuestionSlug string   `json:"questionSlug"`
	Question     string   `json:"question"`
	Answers      []string `json:"answers"`
	UpdatedAt    string   `json:"updatedAt"`
}

type staffUTM struct {
	First    onboarding.UTM `json:"first"`
	Latest   onboarding.UTM `json:"latest"`
	FirstAt  string         `json:"firstAt"`
	LatestAt string         `json:"latestAt"`
}

type staffProgress struct {
	FromSlug string `json:"fromSlug"`
	At       string `json:"at"`
}

type staffCoachSpell struct {
	CoachID    string  `json:"coachId"`
	Name       string  `json:"name"`
	AssignedAt string  `json:"assignedAt"`
	EndedAt    *string `json:"endedAt"`
}

type staffSafetyFollowUp struct {
	DisclosedAt string  `json:"disclosedAt"`
	ReviewedAt  *string `json:"reviewedAt"`
}

// staffMember answers GET /api/staff/members/{userId}: everything staff see of one member.
func (s *server) staffMember(w http.ResponseWriter, r *http.Request) {
	m, err := s.backoffice.Member(r.Context(), actorOf(r), r.PathValue("userId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := staffMemberResponse{Profile: staffProfileOf(m.User, m.Subscription), SignedUpAt: stamp(m.User.CreatedAt),
		Answers: []staffAnswer{}, Score: m.Score, HighLikelihood: m.HighLikelihood, Progress: []staffProgress{},
		Coaches: []staffCoachSpell{}, Subscription: subscriptionOf(m.Subscription), Safety: []staffSafetyFollowUp{}}
	for _, a := range m.Answers {
		answers := a.Answers
		if answers == nil {
			answers = []string{}
		}
		out.Answers = append(out.Answers, staffAnswer{QuestionSlug: a.Slug, Question: a.Question, Answers: answers, UpdatedAt: stamp(a.UpdatedAt)})
	}
	if u := m.UTM; u != nil {
		out.UTM = &staffUTM{First: u.First, Latest: u.Latest, FirstAt: stamp(u.FirstAt), LatestAt: stamp(u.LatestAt)}
	}
	for _, p := range m.Progress {
		out.Progress = append(out.Progress, staffProgress{FromSlug: p.FromSlug, At: stamp(p.At)})
	}
	for _, c := range m.Coaches {
		out.Coaches = append(out.Coaches, staffCoachSpell{CoachID: c.CoachID, Name: c.CoachName, AssignedAt: stamp(c.AssignedAt), EndedAt: optionalStamp(c.EndedAt)})
	}
	for _, d := range m.Safety {
		out.Safety = append(out.Safety, staffSafetyFollowUp{DisclosedAt: stamp(d.DisclosedAt), ReviewedAt: optionalStamp(d.ReviewedAt)})
	}
	writeJSON(w, http.StatusOK, out)
}

type auditEntryJSON struct {
	ID          int64  `json:"id"`
	At          string `json:"at"`
	StaffUserID string `json:"staffUserId"`
	StaffEmail  string `json:"staffEmail"`
	Action      string `json:"action"`
	MemberID    string `json:"memberId"`
	Target      string `json:"target"`
	Address     string `json:"address"`
}

// staffAudit answers GET /api/staff/audit (admins): the audit log, newest first, by member or staff.
func (s *server) staffAudit(w http.ResponseWriter, r *http.Request) {
	q := backoffice.AuditQuery{MemberID: r.URL.Query().Get("memberId"), StaffUserID: r.URL.Query().Get("staffId")}
	if before := r.URL.Query().Get("before"); before != "" {
		n, err := strconv.ParseInt(before, 10, 64)
		if err != nil || n <= 0 {
			s.writeError(w, r, apperr.InvalidFields(msgPageMarker, apperr.Field("before", msgEntryID)))
			return
		}
		q.Before = n
	}
	entries, err := s.backoffice.Audit(r.Context(), actorOf(r), q)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := struct {
		Entries []auditEntryJSON `json:"entries"`
	}{Entries: make([]auditEntryJSON, 0, len(entries))}
	for _, e := range entries {
		out.Entries = append(out.Entries, auditEntryJSON{ID: e.ID, At: stamp(e.At), StaffUserID: e.StaffUserID,
			StaffEmail: e.StaffEmail, Action: e.Action, MemberID: e.MemberID, Target: e.Target, Address: e.Address})
	}
	writeJSON(w, http.StatusOK, out)
}
