package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"wayfinder/internal/auth"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/privacy"
	"wayfinder/internal/survey"
)

// Privacy gives members a copy of their own data and closes their accounts (privacy.Service). It
// decides what the copy holds, how often it may be made and who may close their account; its
// errors say why not.
type Privacy interface {
	Export(ctx context.Context, userID string) (privacy.Export, error)
	DeleteAccount(ctx context.Context, userID string) error
}

// myDataJSON is GET /api/user/me/export: everything the service keeps about the caller, as the
// file they download (MyDataExport in openapi.json). Times are RFC 3339 in UTC, to the microsecond
// they are stored with.
type myDataJSON struct {
	ExportedAt        time.Time              `json:"exportedAt"`
	Profile           myProfileJSON          `json:"profile"`
	Answers           []myAnswersJSON        `json:"answers"`
	AnswerHistory     []myAnswerVersionJSON  `json:"answerHistory"`
	Progress          []myProgressJSON       `json:"progress"`
	UTM               *myUTMJSON             `json:"utm"`
	Coaches           []myCoachJSON          `json:"coaches"`
	Payment           myPaymentJSON          `json:"payment"`
	Consents          []myConsentJSON        `json:"consents"`
	SafetyDisclosures []myDisclosureJSON     `json:"safetyDisclosures"`
	AndroidWaitlist   *myAndroidWaitlistJSON `json:"androidWaitlist"` // null when not on it
}

type myProfileJSON struct {
	UserID        string    `json:"userId"`
	Email         string    `json:"email"`
	EmailVerified bool      `json:"emailVerified"`
	FirstName     string    `json:"firstName"`
	LastName      string    `json:"lastName"`
	DateOfBirth   *string   `json:"dateOfBirth"` // YYYY-MM-DD, or null
	Device        string    `json:"device"`
	SignedUpAt    time.Time `json:"signedUpAt"`
	// HasPicture says a profile picture is kept; the picture itself is GET /api/user/picture.
	HasPicture bool `json:"hasPicture"`
	// SignedUpFrom is the host of the site the member came from ("direct", or "" when not kept);
	// PaymentOfferedAtSignUp whether the site they signed up on offered payment (null when not kept).
	SignedUpFrom           string `json:"signedUpFrom"`
	PaymentOfferedAtSignUp *bool  `json:"paymentOfferedAtSignUp"`
}

type myAnswersJSON struct {
	QuestionSlug string          `json:"questionSlug"`
	Answers      []survey.Answer `json:"answers"`
	AnsweredAt   time.Time       `json:"answeredAt"`
}

type myAnswerVersionJSON struct {
	QuestionSlug string          `json:"questionSlug"`
	Answers      []survey.Answer `json:"answers"`
	RecordedAt   time.Time       `json:"recordedAt"`
}

type myProgressJSON struct {
	FromSlug string    `json:"fromSlug"`
	At       time.Time `json:"at"`
}

// myUTMJSON is the campaign values of the member's first and latest visits, under the spec's keys.
type myUTMJSON struct {
	First  myUTMTouchJSON `json:"first"`
	Latest myUTMTouchJSON `json:"latest"`
}

type myUTMTouchJSON struct {
	onboarding.UTM
	At time.Time `json:"at"`
}

type myCoachJSON struct {
	CoachID    string     `json:"coachId"`
	CoachName  string     `json:"coachName"`
	AssignedAt time.Time  `json:"assignedAt"`
	EndedAt    *time.Time `json:"endedAt"`
}

type myPaymentJSON struct {
	Status    string     `json:"status"`
	PlanID    *string    `json:"planId"`
	PlanName  *string    `json:"planName"`
	UpdatedAt *time.Time `json:"updatedAt"`
}

type myConsentJSON struct {
	Name  string     `json:"name"`
	Given bool       `json:"given"`
	At    *time.Time `json:"at"`
}

type myDisclosureJSON struct {
	DisclosedAt time.Time `json:"disclosedAt"`
}

// myAndroidWaitlistJSON is the member's place on the Android waitlist: the address they gave, the
// version of the consent words they agreed to, and when.
type myAndroidWaitlistJSON struct {
	Email          string    `json:"email"`
	ConsentVersion string    `json:"consentVersion"`
	JoinedAt       time.Time `json:"joinedAt"`
}

// myDataOf turns a copy of a member's data into its JSON.
func myDataOf(e privacy.Export) myDataJSON {
	u := e.User
	out := myDataJSON{
		ExportedAt: e.ExportedAt.UTC(),
		Profile: myProfileJSON{UserID: u.ID, Email: u.Email, EmailVerified: u.EmailVerified, FirstName: u.FirstName,
			LastName: u.LastName, Device: u.Device, SignedUpAt: u.CreatedAt.UTC(), HasPicture: u.PictureVersion != "",
			SignedUpFrom: e.SignUp.Origin, PaymentOfferedAtSignUp: e.SignUp.PaymentOffered},
		Answers:           make([]myAnswersJSON, 0, len(e.Answers)),
		AnswerHistory:     make([]myAnswerVersionJSON, 0, len(e.AnswerHistory)),
		Progress:          make([]myProgressJSON, 0, len(e.Progress)),
		Coaches:           make([]myCoachJSON, 0, len(e.Coaches)),
		Payment:           myPaymentJSON{Status: string(e.Payment.Status), PlanID: optional(e.Payment.PlanID), PlanName: optional(e.Payment.PlanName), UpdatedAt: utcPtr(e.Payment.UpdatedAt)},
		Consents:          make([]myConsentJSON, 0, len(e.Consents)),
		SafetyDisclosures: make([]myDisclosureJSON, 0, len(e.SafetyDisclosures)),
	}
	if u.DateOfBirth != nil {
		d := u.DateOfBirth.UTC().Format("2006-01-02")
		out.Profile.DateOfBirth = &d
	}
	for _, a := range e.Answers {
		out.Answers = append(out.Answers, myAnswersJSON{QuestionSlug: a.QuestionSlug, Answers: answersOrEmpty(a.Answers), AnsweredAt: a.UpdatedAt.UTC()})
	}
	for _, a := range e.AnswerHistory {
		out.AnswerHistory = append(out.AnswerHistory, myAnswerVersionJSON{QuestionSlug: a.QuestionSlug, Answers: answersOrEmpty(a.Answers), RecordedAt: a.UpdatedAt.UTC()})
	}
	for _, p := range e.Progress {
		out.Progress = append(out.Progress, myProgressJSON{FromSlug: p.FromSlug, At: p.At.UTC()})
	}
	if e.UTM != nil {
		out.UTM = &myUTMJSON{
			First:  myUTMTouchJSON{UTM: e.UTM.First, At: e.UTM.FirstAt.UTC()},
			Latest: myUTMTouchJSON{UTM: e.UTM.Latest, At: e.UTM.LatestAt.UTC()},
		}
	}
	for _, c := range e.Coaches {
		out.Coaches = append(out.Coaches, myCoachJSON{CoachID: c.CoachID, CoachName: c.CoachName, AssignedAt: c.AssignedAt.UTC(), EndedAt: utcPtr(c.EndedAt)})
	}
	for _, c := range e.Consents {
		out.Consents = append(out.Consents, myConsentJSON{Name: c.Name, Given: c.Given, At: utcPtr(c.At)})
	}
	for _, at := range e.SafetyDisclosures {
		out.SafetyDisclosures = append(out.SafetyDisclosures, myDisclosureJSON{DisclosedAt: at.UTC()})
	}
	if w := e.AndroidWaitlist; w != nil {
		out.AndroidWaitlist = &myAndroidWaitlistJSON{Email: w.Email, ConsentVersion: w.ConsentVersion, JoinedAt: w.JoinedAt.UTC()}
	}
	return out
}

// optional is s, or nil for "".
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// utcPtr is *t in UTC, or nil.
func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// answersOrEmpty keeps a step answered with nothing an empty list rather than null.
func answersOrEmpty(a []survey.Answer) []survey.Answer {
	if a == nil {
		return []survey.Answer{}
	}
	return a
}

// exportMyData answers GET /api/user/me/export: a copy of all the caller's data, as a JSON file to
// download. It is written indented, since a person may well open it.
func (s *server) exportMyData(w http.ResponseWriter, r *http.Request) {
	p, _ := auth.FromContext(r.Context())
	e, err := s.privacy.Export(r.Context(), p.User.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	body, err := json.MarshalIndent(myDataOf(e), "", "  ")
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Disposition", `attachment; filename="`+exportFileName(s.brand, e.ExportedAt)+`"`)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(append(body, '\n'))
}

// exportFileName names the file of a member's data after the brand and the day, in plain ASCII
// letters, digits and hyphens, so that no brand name can break the header or the file system:
// "wayfinder-my-data-2026-11-24.json". A brand without a letter or digit to keep is "wayfinder".
func exportFileName(brand string, at time.Time) string {
	return brandFileName(brand, "my-data", at, "json")
}

// brandFileName names a downloaded file after the brand, what it holds and the day, as
// exportFileName does: "wayfinder-android-waitlist-2026-11-24.csv". what and ext are the
// server's own words, in the same plain characters.
func brandFileName(brand, what string, at time.Time, ext string) string {
	var b strings.Builder
	hyphen := false
	for _, c := range strings.ToLower(brand) {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(c)
			hyphen = false
		default:
			hyphen = true
		}
		if b.Len() >= 40 {
			break
		}
	}
	name := b.String()
	if name == "" {
		name = "wayfinder"
	}
	return name + "-" + what + "-" + at.UTC().Format("2006-01-02") + "." + ext
}

// deleteMyAccount answers DELETE /api/user/me: the caller's account is closed and their data erased,
// 204, and the browser is told to forget its session cookie, whose session went with the account.
func (s *server) deleteMyAccount(w http.ResponseWriter, r *http.Request) {
	p, _ := auth.FromContext(r.Context())
	if err := s.privacy.DeleteAccount(r.Context(), p.User.ID); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.log.InfoContext(r.Context(), "a member closed their account", "user_id", p.User.ID)
	s.auth.ClearSessionCookie(w)
	w.WriteHeader(http.StatusNoContent)
}
