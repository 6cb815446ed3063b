package backoffice_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/coaching"
	"wayfinder/internal/sqlstore"
	"wayfinder/internal/sqlstore/sqltest"
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

// TestWritesFailWithoutTheirAuditEntry checks that every staff write and its audit entry commit
// together: when the entry cannot be written, the write is undone, on each database.
func TestWritesFailWithoutTheirAuditEntry(t *testing.T) {
	def, err := survey.Load()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, d := range sqltest.Databases(t) {
		t.Run(d.Dialect, func(t *testing.T) {
			db, err := sqlstore.Open(ctx, d.DSN)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			if err := db.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
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
