package backoffice_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/coaching"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/sqlstore"
	"wayfinder/internal/sqlstore/sqltest"
	"wayfinder/internal/sqlstore/storetest"
	"wayfinder/internal/survey"
)

// failingAudit is the store with an audit log that cannot be written, as when the database fails
// between the change and its entry.
type failingAudit struct{ *sqlstore.DB }

func (failingAudit) AppendAudit(context.Context, backoffice.Entry) error {
	return errors.New("the audit log is unavailable")
}

type openJourney struct{}

func (openJourney) CoachingNeeds(context.Context, string) (coaching.Needs, error) {
	return coaching.Needs{}, nil
}
func (openJourney) RequireOpen(context.Context, string) error { return nil }

// mustSurvey loads the survey definition.
func mustSurvey(t *testing.T) *survey.Definition {
	t.Helper()
	def, err := survey.Load()
	if err != nil {
		t.Fatal(err)
	}
	return def
}

// TestWritesFailWithoutTheirAuditEntry checks that every staff write and its audit entry commit
// together: when the entry cannot be written, the write is undone, on each database.
func TestWritesFailWithoutTheirAuditEntry(t *testing.T) {
	def := mustSurvey(t)
	ctx := context.Background()
	for _, d := range sqltest.Databases(t) {
		t.Run(d.Dialect, func(t *testing.T) {
			db := storetest.Open(t, d.DSN)
			u, err := db.CreateUser(ctx, account.User{Subject: "m", Email: "m@example.test", FirstName: "Before"})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.UpsertCoach(ctx, coaching.Coach{ID: "tess", FirstName: "Tess", LastName: "Time", Active: true, Capacity: 5}); err != nil {
				t.Fatal(err)
			}
			if _, err := db.RecordSafetyDisclosure(ctx, u.ID, "what-apply-to-you", time.Now()); err != nil {
				t.Fatal(err)
			}
			disclosure, err := db.PausingSafetyDisclosure(ctx, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			svc := backoffice.NewService(failingAudit{db}, backoffice.Config{
				Coaches: coaching.NewService(db, openJourney{}, time.Now), Survey: def, Now: time.Now})
			actor := backoffice.Actor{UserID: "staff", Email: "staff@example.test", Admin: true, Address: "192.0.2.1"}
			var picture bytes.Buffer
			_ = png.Encode(&picture, image.NewGray(image.Rect(0, 0, 4, 4)))

			writes := map[string]func() error{
				"edit the profile": func() error {
					_, err := svc.UpdateProfile(ctx, actor, u.ID, backoffice.Profile{FirstName: "After", LastName: "X"})
					return err
				},
				"upload a picture": func() error {
					_, err := svc.UploadPicture(ctx, actor, u.ID, picture.Bytes(), "image/png")
					return err
				},
				"switch the coach": func() error { _, err := svc.SwitchCoach(ctx, actor, u.ID, "tess"); return err },
				"review a disclosure": func() error {
					_, err := svc.ReviewSafety(ctx, actor, disclosure.ID, "Called them.", true)
					return err
				},
				"read a member": func() error { _, err := svc.Member(ctx, actor, u.ID); return err },
				"rest a coach": func() error {
					_, err := svc.UpdateCoach(ctx, actor, "tess", coaching.Coach{FirstName: "Tess", LastName: "Time", Active: false, Capacity: 5})
					return err
				},
				"make someone staff": func() error {
					_, err := svc.SetRole(ctx, actor, "m@example.test", account.RoleStaff)
					return err
				},
			}
			for name, write := range writes {
				if err := write(); err == nil || apperr.CodeOf(err) != apperr.Internal {
					t.Errorf("%s without its audit entry: error = %v, want the audit failure", name, err)
				}
			}
			after, _ := db.UserByID(ctx, u.ID)
			if after.FirstName != "Before" || after.PictureVersion != "" || after.Role != account.RoleMember {
				t.Errorf("the member changed without an audit entry: %+v", after)
			}
			if _, err := db.CurrentAssignment(ctx, u.ID); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("the coach was switched without an audit entry: %v", err)
			}
			if d, err := db.PausingSafetyDisclosure(ctx, u.ID); err != nil || d.ReviewedAt != nil {
				t.Errorf("the disclosure was reviewed without an audit entry: %+v %v", d, err)
			}
			if c, _ := db.CoachByID(ctx, "tess"); !c.Active {
				t.Error("the coach was rested without an audit entry")
			}
		})
	}
}

// TestProfileEditCorrectsTheNameAndBirthAnswer checks that a name staff correct is also what the
// member's name-and-birth step shows, so the member saving that step again keeps the correction.
func TestProfileEditCorrectsTheNameAndBirthAnswer(t *testing.T) {
	def := mustSurvey(t)
	ctx := context.Background()
	for _, d := range sqltest.Databases(t) {
		t.Run(d.Dialect, func(t *testing.T) {
			db := storetest.Open(t, d.DSN)
			answered, err := db.CreateUser(ctx, account.User{Subject: "a", Email: "a@example.test", FirstName: "Jon"})
			if err != nil {
				t.Fatal(err)
			}
			unanswered, err := db.CreateUser(ctx, account.User{Subject: "b", Email: "b@example.test"})
			if err != nil {
				t.Fatal(err)
			}
			given := []survey.Answer{
				{Key: survey.KeyFirstName, Value: "Jon"}, {Key: survey.KeyLastName, Value: "Smiht"},
				{Key: survey.KeyDateOfBirth, Value: "1990-04-30T00:00:00.000Z"},
				{Key: survey.KeyTermsOfService, Value: "true"}, {Key: survey.KeyDevice, Value: "iphone"},
			}
			if err := db.SaveSurvey(ctx, answered.ID, survey.SlugNameAndBirth, "",
				[]survey.QuestionAnswers{{QuestionSlug: survey.SlugNameAndBirth, Answers: given}}, onboarding.UTM{}, time.Now()); err != nil {
				t.Fatal(err)
			}
			svc := backoffice.NewService(db, backoffice.Config{Coaches: coaching.NewService(db, openJourney{}, time.Now), Survey: def, Now: time.Now})
			actor := backoffice.Actor{UserID: "staff", Email: "staff@example.test", Address: "192.0.2.1"}
			fix := backoffice.Profile{FirstName: "John", LastName: "Smith", DateOfBirth: "1991-05-01", Device: "android"}
			for _, id := range []string{answered.ID, unanswered.ID} {
				if _, err := svc.UpdateProfile(ctx, actor, id, fix); err != nil {
					t.Fatal(err)
				}
			}

			stored, err := db.SurveyAnswers(ctx, answered.ID)
			if err != nil || len(stored) != 1 {
				t.Fatalf("answers = %+v, %v", stored, err)
			}
			got := map[string]string{}
			for _, a := range stored[0].Answers {
				got[a.Key] = a.Value
			}
			want := map[string]string{survey.KeyFirstName: "John", survey.KeyLastName: "Smith",
				survey.KeyDateOfBirth: "1991-05-01T00:00:00.000Z", survey.KeyDevice: "android", survey.KeyTermsOfService: "true"}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("name-and-birth after the edit = %v, want %v", got, want)
			}
			if err := def.Validate([]survey.QuestionAnswers{{QuestionSlug: survey.SlugNameAndBirth, Answers: stored[0].Answers}}, time.Now()); err != nil {
				t.Errorf("the corrected answer is not one the survey accepts: %v", err)
			}
			// A member who has not reached the step is given no answer they never gave.
			if stored, err := db.SurveyAnswers(ctx, unanswered.ID); err != nil || len(stored) != 0 {
				t.Errorf("answers of a member who never answered = %+v, %v; want none", stored, err)
			}
		})
	}
}
