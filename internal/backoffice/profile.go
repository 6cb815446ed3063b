package backoffice

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/cleantext"
	"wayfinder/internal/coaching"
	"wayfinder/internal/media"
	"wayfinder/internal/messages"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/survey"
)

// Profile is a member's profile as staff correct it. The email belongs to the member's sign-in
// and is changed there, not here.
type Profile struct {
	FirstName   string
	LastName    string
	DateOfBirth string // YYYY-MM-DD, or "" for not given
	Device      string
}

// check returns the profile's date of birth, or an Invalid error naming every field to fix. The
// rules are the survey's: a name the member could have typed, an adult's date of birth.
func (p Profile) check(now time.Time) (*time.Time, error) {
	var bad []apperr.FieldError
	for _, f := range []struct {
		field   string
		missing messages.Key
		value   string
	}{{"firstName", msgAddFirstName, p.FirstName}, {"lastName", msgAddLastName, p.LastName}} {
		switch {
		case !cleantext.HasVisible(f.value):
			bad = append(bad, apperr.Field(f.field, f.missing))
		case utf8.RuneCountInString(f.value) > survey.MaxNameLen:
			bad = append(bad, apperr.Field(f.field, msgNameTooLong, messages.Params{"max": survey.MaxNameLen}))
		case cleantext.Problem(f.value) != "":
			bad = append(bad, apperr.Field(f.field, cleantext.Problem(f.value)))
		}
	}
	var dob *time.Time
	if p.DateOfBirth != "" {
		d, ok := survey.ParseDateOfBirth(p.DateOfBirth)
		switch {
		case !ok:
			bad = append(bad, apperr.Field("dateOfBirth", msgDateInvalid))
		case d.After(now):
			bad = append(bad, apperr.Field("dateOfBirth", msgDateInFuture))
		case survey.AgeOn(d, now) < survey.MinimumAge:
			bad = append(bad, apperr.Field("dateOfBirth", msgTooYoung, messages.Params{"age": survey.MinimumAge}))
		case survey.AgeOn(d, now) >= survey.MinimumAge+survey.BirthSpan:
			bad = append(bad, apperr.Field("dateOfBirth", msgCheckYear))
		default:
			dob = &d
		}
	}
	if !account.ValidDevice(p.Device) {
		bad = append(bad, apperr.Field("device", msgChooseDevice))
	}
	if len(bad) > 0 {
		return nil, apperr.InvalidFields(msgProfileNeedsLook, bad...)
	}
	return dob, nil
}

// UpdateProfile replaces a member's name, date of birth and phone, and records it in the audit log
// in the same transaction. Nothing changes when anything is refused.
func (s *Service) UpdateProfile(ctx context.Context, actor Actor, userID string, p Profile) (account.User, error) {
	p.FirstName, p.LastName = strings.TrimSpace(p.FirstName), strings.TrimSpace(p.LastName)
	dob, err := p.check(s.now())
	if err != nil {
		return account.User{}, err
	}
	var u account.User
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.member(ctx, userID); err != nil {
			return err
		}
		if u, err = s.store.UpdateUserProfile(ctx, userID, p.FirstName, p.LastName, dob, p.Device); err != nil {
			return err
		}
		if err := s.correctNameAndBirth(ctx, userID, p, dob); err != nil {
			return err
		}
		return s.audit(ctx, actor, ActionEditProfile, userID)
	})
	return u, err
}

// correctNameAndBirth writes a corrected profile into the member's name-and-birth answer, when they
// have given one: the step shows its stored answer, so without this the member would see the old
// name there, and saving the step again would undo the correction. The answer's other keys, such
// as the accepted terms, stay as they were; a field staff cleared leaves the answer.
func (s *Service) correctNameAndBirth(ctx context.Context, userID string, p Profile, dob *time.Time) error {
	stored, err := s.store.SurveyAnswers(ctx, userID)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(stored, func(a onboarding.StoredAnswers) bool { return a.QuestionSlug == survey.SlugNameAndBirth })
	if i < 0 {
		return nil
	}
	dateOfBirth := ""
	if dob != nil {
		// The form's own format: an ISO timestamp at midnight UTC, as browsers write dates.
		dateOfBirth = dob.UTC().Format("2006-01-02T15:04:05.000Z")
	}
	corrected := []survey.Answer{}
	for _, kv := range []struct{ key, value string }{
		{survey.KeyFirstName, p.FirstName}, {survey.KeyLastName, p.LastName},
		{survey.KeyDateOfBirth, dateOfBirth}, {survey.KeyDevice, p.Device},
	} {
		if kv.value != "" {
			corrected = append(corrected, survey.Answer{Key: kv.key, Value: kv.value})
		}
	}
	for _, a := range stored[i].Answers {
		switch a.Key {
		case survey.KeyFirstName, survey.KeyLastName, survey.KeyDateOfBirth, survey.KeyDevice:
		default:
			corrected = append(corrected, a)
		}
	}
	answer := []survey.QuestionAnswers{{QuestionSlug: survey.SlugNameAndBirth, Answers: corrected}}
	return s.store.SaveSurvey(ctx, userID, "", "", answer, onboarding.UTM{}, s.now().UTC())
}

// UploadPicture makes an uploaded image the member's profile picture, re-encoded (see media), and
// returns the member with its version. The upload is checked before anything is written.
func (s *Service) UploadPicture(ctx context.Context, actor Actor, userID string, data []byte, contentType string) (account.User, error) {
	img, err := media.Reencode(data, contentType)
	if err != nil {
		return account.User{}, err
	}
	version := newID()
	var u account.User
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.member(ctx, userID); err != nil {
			return err
		}
		if err := s.store.SetMemberPicture(ctx, userID, img.Data, version, s.now().UTC()); err != nil {
			return err
		}
		if u, err = s.store.UserByID(ctx, userID); err != nil {
			return err
		}
		return s.audit(ctx, actor, ActionUploadPicture, userID)
	})
	return u, err
}

// RemovePicture removes the member's profile picture, if they have one.
func (s *Service) RemovePicture(ctx context.Context, actor Actor, userID string) error {
	return s.store.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.member(ctx, userID); err != nil {
			return err
		}
		if err := s.store.RemoveMemberPicture(ctx, userID); err != nil {
			return err
		}
		return s.audit(ctx, actor, ActionRemovePicture, userID)
	})
}

// Picture returns a member's profile picture (a JPEG) for staff, and records the viewing.
func (s *Service) Picture(ctx context.Context, actor Actor, userID string) ([]byte, error) {
	var data []byte
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.member(ctx, userID); err != nil {
			return err
		}
		var err error
		if data, err = s.store.MemberPicture(ctx, userID); err != nil {
			return err
		}
		return s.audit(ctx, actor, ActionViewPicture, userID)
	})
	return data, err
}

// SwitchCoach makes coachID the member's coach, keeping the history, and records it in the audit
// log in the same transaction. Staff may switch a member at any point of their journey; the coach
// must still be taking new members and have room (coaching.Service.Assign).
func (s *Service) SwitchCoach(ctx context.Context, actor Actor, userID, coachID string) (CoachSpell, error) {
	if err := coaching.CheckCoachID(coachID); err != nil {
		return CoachSpell{}, err
	}
	var spell CoachSpell
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.member(ctx, userID); err != nil {
			return err
		}
		a, err := s.coaches.Assign(ctx, userID, coachID)
		if err != nil {
			return err
		}
		c, err := s.store.CoachByID(ctx, coachID)
		if err != nil {
			return err
		}
		spell = CoachSpell{Assignment: a, CoachName: strings.TrimSpace(c.FirstName + " " + c.LastName)}
		return s.audit(ctx, actor, ActionSwitchCoach, userID, coachID)
	})
	return spell, err
}

// newID returns a random identifier for a stored picture: unguessable, so that a portrait's
// address reveals nothing of others and a member's picture's version cannot be predicted.
func newID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
