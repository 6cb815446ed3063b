package sqlstore

import (
	"fmt"
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/backoffice"
)

func TestSearchMembersPagesAndAudit(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			for i := range 7 {
				if _, err := db.CreateUser(ctx, account.User{Subject: fmt.Sprintf("m%d", i), Email: fmt.Sprintf("m%d@example.com", i), FirstName: "Pat", LastName: fmt.Sprint(i)}); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := db.CreateUser(ctx, account.User{Subject: "s", Email: "s@example.com", Role: account.RoleStaff}); err != nil {
				t.Fatal(err)
			}
			// Pages of three, newest first, until the end: every member once, no staff.
			seen := map[string]bool{}
			var after *backoffice.Cursor
			for pages := 0; ; pages++ {
				rows, err := db.SearchMembers(ctx, backoffice.MemberQuery{After: after, Limit: 3})
				if err != nil || pages > 5 {
					t.Fatalf("page %d: %v", pages, err)
				}
				for i, r := range rows {
					if seen[r.UserID] || r.Email == "s@example.com" {
						t.Errorf("page %d: %s listed twice, or a staff account listed", pages, r.Email)
					}
					seen[r.UserID] = true
					if i > 0 && r.SignedUpAt.After(rows[i-1].SignedUpAt) {
						t.Errorf("page %d is not newest first", pages)
					}
				}
				if len(rows) < 3 {
					break
				}
				last := rows[len(rows)-1]
				after = &backoffice.Cursor{SignedUpAt: last.SignedUpAt, UserID: last.UserID}
			}
			if len(seen) != 7 {
				t.Errorf("%d members seen across the pages, want 7", len(seen))
			}
			if rows, err := db.SearchMembers(ctx, backoffice.MemberQuery{Text: "pat 3", Limit: 10}); err != nil || len(rows) != 1 || rows[0].LastName != "3" {
				t.Errorf("search by full name = %+v, %v", rows, err)
			}

			at := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
			for i, e := range []backoffice.Entry{
				{At: at, StaffUserID: "st1", StaffEmail: "a@x", Action: backoffice.ActionSearchMembers, Address: "192.0.2.1"},
				{At: at.Add(time.Minute), StaffUserID: "st1", StaffEmail: "a@x", Action: backoffice.ActionViewMember, MemberID: "m1"},
				{At: at.Add(2 * time.Minute), StaffUserID: "st2", StaffEmail: "b@x", Action: backoffice.ActionViewMember, MemberID: "m1"},
			} {
				if err := db.AppendAudit(ctx, e); err != nil {
					t.Fatalf("entry %d: %v", i, err)
				}
			}
			for _, tt := range []struct {
				q    backoffice.AuditQuery
				want int
			}{
				{backoffice.AuditQuery{Limit: 10}, 3},
				{backoffice.AuditQuery{MemberID: "m1", Limit: 10}, 2},
				{backoffice.AuditQuery{StaffUserID: "st1", Limit: 10}, 2},
				{backoffice.AuditQuery{MemberID: "m1", StaffUserID: "st2", Limit: 10}, 1},
				{backoffice.AuditQuery{Limit: 1}, 1},
			} {
				got, err := db.AuditEntries(ctx, tt.q)
				if err != nil || len(got) != tt.want {
					t.Errorf("AuditEntries(%+v) = %d entries, %v; want %d", tt.q, len(got), err, tt.want)
				}
			}
			all, _ := db.AuditEntries(ctx, backoffice.AuditQuery{Limit: 10})
			if older, _ := db.AuditEntries(ctx, backoffice.AuditQuery{Before: all[0].ID, Limit: 10}); len(older) != 2 || !all[0].At.Equal(at.Add(2*time.Minute)) {
				t.Errorf("entries before the newest = %d, newest at %v; want 2, newest first", len(older), all[0].At)
			}
		})
	}
}

func TestPicturesAndSafetyReviews(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			u, err := db.CreateUser(ctx, account.User{Subject: "p", Email: "p@example.com"})
			if err != nil {
				t.Fatal(err)
			}
			at := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
			if err := db.SetMemberPicture(ctx, u.ID, []byte("first"), "v1", at); err != nil {
				t.Fatal(err)
			}
			if err := db.SetMemberPicture(ctx, u.ID, []byte("second"), "v2", at); err != nil {
				t.Fatal(err)
			}
			got, _ := db.UserByID(ctx, u.ID)
			data, err := db.MemberPicture(ctx, u.ID)
			if got.PictureVersion != "v2" || string(data) != "second" || err != nil {
				t.Errorf("picture = %q %q %v, want the second", got.PictureVersion, data, err)
			}
			if err := db.SetMemberPicture(ctx, "nobody", []byte("x"), "v", at); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("a picture for nobody = %v, want NotFound", err)
			}

			// A review without reopening keeps the journey paused; reopening ends it.
			if _, err := db.RecordSafetyDisclosure(ctx, u.ID, "what-apply-to-you", at); err != nil {
				t.Fatal(err)
			}
			open, err := db.SafetyFollowUps(ctx, false, 10)
			if err != nil || len(open) != 1 || open[0].Member.Email != "p@example.com" {
				t.Fatalf("open follow-ups = %+v, %v", open, err)
			}
			f, err := db.LockSafetyDisclosure(ctx, open[0].ID)
			if err != nil {
				t.Fatal(err)
			}
			reviewed := at.Add(time.Hour)
			f.ReviewedAt, f.ReviewedBy, f.ReviewNote = &reviewed, "ops@example.com", "Called."
			if err := db.SaveSafetyReview(ctx, f.SafetyDisclosure); err != nil {
				t.Fatal(err)
			}
			if d, err := db.PausingSafetyDisclosure(ctx, u.ID); err != nil || d.ReviewNote != "Called." || !d.ReviewedAt.Equal(reviewed) {
				t.Errorf("after the review: %+v %v, want it pausing still, with the note", d, err)
			}
			f.ReopenedAt, f.ReopenedBy = &reviewed, "ops@example.com"
			if err := db.SaveSafetyReview(ctx, f.SafetyDisclosure); err != nil {
				t.Fatal(err)
			}
			if _, err := db.PausingSafetyDisclosure(ctx, u.ID); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("after reopening, a pausing disclosure: %v", err)
			}
			if done, _ := db.SafetyFollowUps(ctx, true, 10); len(done) != 1 || done[0].ReopenedBy != "ops@example.com" {
				t.Errorf("reviewed follow-ups = %+v", done)
			}

			// The picture goes with the member.
			if err := db.DeleteUser(ctx, u.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := db.MemberPicture(ctx, u.ID); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("a deleted member's picture: %v, want NotFound", err)
			}
		})
	}
}
