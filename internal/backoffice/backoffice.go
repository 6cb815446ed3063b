// Package backoffice is what staff do in the back office: find members and read what they need to
// look after them. Every staff access to a member's data, reads included, is written to the audit
// log in the same transaction as the access, so an access that is not recorded does not happen.
package backoffice

import (
	"context"
	"errors"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/billing"
	"wayfinder/internal/cleantext"
	"wayfinder/internal/coaching"
	"wayfinder/internal/messages"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/survey"
)

// Actor is the staff user making a request, and where from.
type Actor struct {
	UserID  string
	Email   string
	Admin   bool
	Address string // the client's address, as the server sees it
}

// The audit log's actions. An entry names the action and the member, never what was read or written.
const (
	ActionSearchMembers = "members.search"
	ActionViewMember    = "member.view"
	ActionEditProfile   = "member.profile.update"
	ActionViewPicture   = "member.picture.view"
	ActionUploadPicture = "member.picture.update"
	ActionRemovePicture = "member.picture.remove"
	ActionSwitchCoach   = "member.coach.switch"
	ActionSafetyQueue   = "safety.queue"
	ActionSafetyReview  = "safety.review"
	ActionSafetyReopen  = "safety.reopen"
	ActionCreateCoach   = "coach.create"
	ActionEditCoach     = "coach.update"
	ActionCoachPortrait = "coach.portrait"
	ActionSetRole       = "staff.role"
	ActionEditPlan      = "plan.update"
	// ActionAccountDeleted is written by the member themselves when they close their account: the
	// entry's staff user is the member's own id, with no email, and it is all that is left of them.
	ActionAccountDeleted = "member.account_deleted"
)

// Entry is one line of the audit log.
type Entry struct {
	ID          int64
	At          time.Time
	StaffUserID string // who acted: a member of staff, or the member (ActionAccountDeleted)
	StaffEmail  string // the staff user's email; "" when the member acted themselves
	Action      string
	MemberID    string // the member (for staff.role, the user) acted on; "" for none (a search)
	Target      string // the coach, plan or safety follow-up acted on, or ""
	Address     string
}

// MemberRow is a member as the members list shows them.
type MemberRow struct {
	UserID      string
	FirstName   string
	LastName    string
	Email       string
	SignedUpAt  time.Time
	StepReached string // the step of the member's latest progress, or ""
	CoachID     string
	CoachName   string
	Payment     billing.Status
	SafetyFlag  bool // a safety disclosure awaits review
}

// Cursor marks where a page of members ends: the list is newest first, by sign-up time and id.
type Cursor struct {
	SignedUpAt time.Time
	UserID     string
}

// MinSubstringSearch is the shortest search text found within a name or an email. Shorter text would
// match nearly everyone that way, so it finds a whole first or last name instead, such as "Li".
const MinSubstringSearch = 3

// MemberQuery is a search of the members list.
type MemberQuery struct {
	// Text is matched without regard to case: within the email or the full name when it has
	// MinSubstringSearch characters or more, else as a whole first or last name; "" for everyone.
	Text  string
	After *Cursor // the page after this one; nil for the first
	Limit int
}

// AuditQuery filters the audit log; empty fields filter nothing.
type AuditQuery struct {
	MemberID    string
	StaffUserID string
	Before      int64 // entries older than this id; 0 for the newest
	Limit       int
}

// Store is what the Service needs of the database. Its signatures are those of sqlstore.DB.
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	AppendAudit(ctx context.Context, e Entry) error
	AuditEntries(ctx context.Context, q AuditQuery) ([]Entry, error)
	SearchMembers(ctx context.Context, q MemberQuery) ([]MemberRow, error)
	UserByID(ctx context.Context, id string) (account.User, error)
	SurveyAnswers(ctx context.Context, userID string) ([]onboarding.StoredAnswers, error)
	UTMRecord(ctx context.Context, userID string) (onboarding.UTMRecord, error)
	ProgressEvents(ctx context.Context, userID string) ([]onboarding.ProgressEvent, error)
	AssignmentHistory(ctx context.Context, userID string) ([]coaching.Assignment, error)
	CoachByID(ctx context.Context, id string) (coaching.Coach, error)
	Subscription(ctx context.Context, userID string) (billing.Subscription, error)
	SafetyDisclosures(ctx context.Context, userID string) ([]onboarding.SafetyDisclosure, error)

	// Profiles and pictures.
	UpdateUserProfile(ctx context.Context, userID, firstName, lastName string, dob *time.Time, device string) (account.User, error)
	SaveSurvey(ctx context.Context, userID, fromSlug, toSlug string, data []survey.QuestionAnswers, utm onboarding.UTM, now time.Time) error
	SetMemberPicture(ctx context.Context, userID string, jpeg []byte, version string, at time.Time) error
	RemoveMemberPicture(ctx context.Context, userID string) error
	// MemberPicture returns the member's picture, or NotFound when they have none.
	MemberPicture(ctx context.Context, userID string) ([]byte, error)

	// The safety queue.
	SafetyFollowUps(ctx context.Context, reviewed bool, limit int) ([]FollowUp, error)
	// LockSafetyDisclosure returns a disclosure and its member, holding the disclosure's row until
	// the transaction ends; NotFound when there is none.
	LockSafetyDisclosure(ctx context.Context, id int64) (FollowUp, error)
	SaveSafetyReview(ctx context.Context, d onboarding.SafetyDisclosure) error

	// Coaches and their portraits.
	ListCoaches(ctx context.Context, activeOnly bool) ([]coaching.CoachLoad, error)
	UpsertCoach(ctx context.Context, c coaching.Coach) (coaching.Coach, error)
	SavePortrait(ctx context.Context, id string, jpeg []byte, at time.Time) error
	DeletePortrait(ctx context.Context, id string) error

	// Staff accounts and plans.
	StaffUsers(ctx context.Context) ([]account.User, error)
	UserByEmail(ctx context.Context, email string) (account.User, error)
	SetUserRole(ctx context.Context, userID string, role account.Role) (account.User, error)
	Plans(ctx context.Context, activeOnly bool) ([]billing.Plan, error)
	PlanByID(ctx context.Context, id string) (billing.Plan, error)
	UpsertPlan(ctx context.Context, p billing.Plan) error
}

// CoachAssigner makes a coach a member's own (coaching.Service): for staff, at any point of the
// member's journey, but never to a coach who is resting or full.
type CoachAssigner interface {
	Assign(ctx context.Context, userID, coachID string) (coaching.Assignment, error)
}

// Service runs the back office's use cases.
type Service struct {
	store   Store
	coaches CoachAssigner
	def     *survey.Definition
	now     func() time.Time
	// rolesFromProvider is set when an external identity provider's roles claim decides roles, so
	// that a role given here would be undone at the user's next sign-in.
	rolesFromProvider bool
}

// Config is what a Service needs besides its store. Survey words the answers staff read; Now
// stamps the audit log.
type Config struct {
	Coaches           CoachAssigner
	Survey            *survey.Definition
	Now               func() time.Time
	RolesFromProvider bool
}

// NewService returns a Service.
func NewService(store Store, cfg Config) *Service {
	return &Service{store: store, coaches: cfg.Coaches, def: cfg.Survey, now: cfg.Now, rolesFromProvider: cfg.RolesFromProvider}
}

// PageSize is how many members one page of the list holds.
const PageSize = 25

// maxSearchLength bounds a search, in characters.
const maxSearchLength = 100

// Members returns a page of the members list, newest first, and the cursor of the next page (nil
// on the last). The search is recorded in the audit log.
func (s *Service) Members(ctx context.Context, actor Actor, text string, after *Cursor) ([]MemberRow, *Cursor, error) {
	text = strings.TrimSpace(text)
	if problem := cleantext.Problem(text); problem != "" || utf8.RuneCountInString(text) > maxSearchLength {
		field := apperr.Field("q", problem)
		if problem == "" {
			field = apperr.Field("q", msgSearchTooLong, messages.Params{"max": maxSearchLength})
		}
		return nil, nil, apperr.InvalidFields(msgSearchNeedsLook, field)
	}
	var rows []MemberRow
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if rows, err = s.store.SearchMembers(ctx, MemberQuery{Text: text, After: after, Limit: PageSize + 1}); err != nil {
			return err
		}
		return s.audit(ctx, actor, ActionSearchMembers, "")
	})
	if err != nil {
		return nil, nil, err
	}
	var next *Cursor
	if len(rows) > PageSize {
		rows = rows[:PageSize]
		last := rows[PageSize-1]
		next = &Cursor{SignedUpAt: last.SignedUpAt, UserID: last.UserID}
	}
	return rows, next, nil
}

// AnsweredQuestion is one answer as staff read it: the question's title and the options chosen, in
// the survey's words, with any text the member wrote.
type AnsweredQuestion struct {
	Slug      string
	Question  string
	Answers   []string
	UpdatedAt time.Time
}

// CoachSpell is one stretch of a member with one coach.
type CoachSpell struct {
	coaching.Assignment
	CoachName string
}

// Member is everything staff see of one member.
type Member struct {
	User           account.User
	Answers        []AnsweredQuestion
	Score          *int
	HighLikelihood bool
	UTM            *onboarding.UTMRecord
	Progress       []onboarding.ProgressEvent
	Coaches        []CoachSpell
	Subscription   billing.Subscription
	Safety         []onboarding.SafetyDisclosure
}

// Member returns one member's page, and records the reading in the audit log in the same
// transaction. A user who is not a member (staff) is NotFound here.
func (s *Service) Member(ctx context.Context, actor Actor, userID string) (Member, error) {
	var m Member
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if m.User, err = s.member(ctx, userID); err != nil {
			return err
		}
		stored, err := s.store.SurveyAnswers(ctx, userID)
		if err != nil {
			return err
		}
		m.Answers = s.readable(stored)
		answers := map[string][]survey.Answer{}
		for _, sa := range stored {
			answers[sa.QuestionSlug] = sa.Answers
		}
		if score, answered := survey.Score(answers); answered == len(survey.ScreeningItems) {
			m.Score, m.HighLikelihood = &score, survey.HighLikelihood(score)
		}
		if rec, err := s.store.UTMRecord(ctx, userID); err == nil {
			m.UTM = &rec
		} else if apperr.CodeOf(err) != apperr.NotFound {
			return err
		}
		if m.Progress, err = s.store.ProgressEvents(ctx, userID); err != nil {
			return err
		}
		if m.Coaches, err = s.coachSpells(ctx, userID); err != nil {
			return err
		}
		if m.Subscription, err = s.store.Subscription(ctx, userID); apperr.CodeOf(err) == apperr.NotFound {
			m.Subscription, err = billing.Subscription{UserID: userID, Status: billing.StatusNone}, nil
		}
		if err != nil {
			return err
		}
		if m.Safety, err = s.store.SafetyDisclosures(ctx, userID); err != nil {
			return err
		}
		return s.audit(ctx, actor, ActionViewMember, userID)
	})
	return m, err
}

// member returns the member with that id; NotFound for anyone else, staff included, so staff tools
// never act on a staff account.
func (s *Service) member(ctx context.Context, userID string) (account.User, error) {
	u, err := s.store.UserByID(ctx, userID)
	if err == nil && u.Role != account.RoleMember {
		err = apperr.Generic(apperr.NotFound, errors.New("not a member"))
	}
	if apperr.CodeOf(err) == apperr.NotFound {
		return account.User{}, apperr.E(apperr.NotFound, msgNoSuchMember)
	}
	return u, err
}

// Audit returns entries of the audit log, newest first; only admins may read it.
func (s *Service) Audit(ctx context.Context, actor Actor, q AuditQuery) ([]Entry, error) {
	if err := requireAdmin(actor); err != nil {
		return nil, err
	}
	if q.Limit <= 0 || q.Limit > 100 {
		q.Limit = 100
	}
	return s.store.AuditEntries(ctx, q)
}

// readable words a member's answers as the survey shows them, in the survey's order.
func (s *Service) readable(stored []onboarding.StoredAnswers) []AnsweredQuestion {
	out := make([]AnsweredQuestion, 0, len(stored))
	for _, sa := range stored {
		q := s.def.Question(sa.QuestionSlug)
		aq := AnsweredQuestion{Slug: sa.QuestionSlug, Question: sa.QuestionSlug, UpdatedAt: sa.UpdatedAt}
		if q != nil && q.Title != "" {
			aq.Question = q.Title
		}
		for _, a := range sa.Answers {
			text := a.Key
			if q != nil {
				if v, ok := q.Variant(a.Key); ok && v.Value != "" {
					text = v.Value
				}
			}
			if a.Value != "" && a.Value != text {
				text += ": " + a.Value
			}
			aq.Answers = append(aq.Answers, text)
		}
		out = append(out, aq)
	}
	// The main path's order first; a step only a branch leads to goes after it.
	rank := s.def.FlowRank()
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i].Slug) < rank(out[j].Slug) })
	return out
}

// coachSpells returns the member's coaches, earliest first, with their names.
func (s *Service) coachSpells(ctx context.Context, userID string) ([]CoachSpell, error) {
	history, err := s.store.AssignmentHistory(ctx, userID)
	if err != nil {
		return nil, err
	}
	spells := make([]CoachSpell, 0, len(history))
	for _, a := range history {
		c, err := s.store.CoachByID(ctx, a.CoachID)
		if err != nil {
			return nil, err
		}
		spells = append(spells, CoachSpell{Assignment: a, CoachName: strings.TrimSpace(c.FirstName + " " + c.LastName)})
	}
	return spells, nil
}

// audit records an access in the audit log; target names a coach, plan or follow-up, if any.
// It is called inside the transaction of the access it records.
func (s *Service) audit(ctx context.Context, actor Actor, action, memberID string, target ...string) error {
	e := Entry{At: s.now().UTC(), StaffUserID: actor.UserID, StaffEmail: actor.Email,
		Action: action, MemberID: memberID, Address: actor.Address}
	if len(target) > 0 {
		e.Target = target[0]
	}
	return s.store.AppendAudit(ctx, e)
}

// requireAdmin refuses a staff user who is not an admin. The routes check it too; the service
// checks again so that no other caller can skip it.
func requireAdmin(actor Actor) error {
	if !actor.Admin {
		return apperr.E(apperr.Forbidden, msgAdminsOnly)
	}
	return nil
}
