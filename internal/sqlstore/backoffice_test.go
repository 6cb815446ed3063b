package sqlstore

import (
	"context"
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

func TestSearchMembersMatches(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			ids := map[string]string{}
			for _, u := range []account.User{
				{Subject: "maria", Email: "maria.garcia@example.org", FirstName: "Maria", LastName: "Garcia"},
				{Subject: "li", Email: "wei@mail.example", FirstName: "Wei", LastName: "Li"},
				{Subject: "ana", Email: "ana@example.com", FirstName: "Ana", LastName: "Lima"},
				{Subject: "jose", Email: "jose@example.com", FirstName: "José", LastName: "Núñez"},
				{Subject: "sam", Email: "sam@example.com", FirstName: "Sam", LastName: "Ortega"},
				{Subject: "staff", Email: "maria.staff@example.org", FirstName: "Maria", LastName: "Garcia", Role: account.RoleStaff},
			} {
				created, err := db.CreateUser(ctx, u)
				if err != nil {
					t.Fatal(err)
				}
				ids[u.Subject] = created.ID
			}
			// Sam becomes Samantha Reyes: the search follows the change.
			if _, err := db.UpdateUserProfile(ctx, ids["sam"], "Samantha", "Reyes", nil, ""); err != nil {
				t.Fatal(err)
			}
			for _, tt := range []struct {
				text string
				want []string // subjects, newest first
			}{
				{"garcia", []string{"maria"}},         // within a name; never the staff account
				{"GARCIA@EXAMPLE", []string{"maria"}}, // within an email, whatever the case
				{"ia ga", []string{"maria"}},          // across first and last name
				{"example.com", []string{"sam", "jose", "ana"}},
				{"Núñez", []string{"jose"}},
				{"li", []string{"li"}}, // too short to look within names: a whole name only, so not Lima
				{"LI", []string{"li"}},
				{"a", nil},
				{"reyes", []string{"sam"}},
				{"ortega", nil},
				{"a%b", nil}, // wildcards are plain characters
				{"ar_ia", nil},
				{`"maria"`, nil}, // and so are quotes
				{"zzz", nil},
			} {
				rows, err := db.SearchMembers(ctx, backoffice.MemberQuery{Text: tt.text, Limit: 10})
				if err != nil {
					t.Fatalf("search %q: %v", tt.text, err)
				}
				var got []string
				for _, r := range rows {
					for subject, id := range ids {
						if id == r.UserID {
							got = append(got, subject)
						}
					}
				}
				if fmt.Sprint(got) != fmt.Sprint(tt.want) {
					t.Errorf("search %q = %v, want %v", tt.text, got, tt.want)
				}
			}
		})
	}
}

// TestSearchMembersManyMatches pages through a search that matches more members than a trigram
// search gathers, which SQLite answers by walking the members newest first instead.
func TestSearchMembersManyMatches(t *testing.T) {
	t.Parallel()
	const n = trigramCandidates + 30
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			err := db.InTx(ctx, func(ctx context.Context) error {
				for i := range n {
					if _, err := db.CreateUser(ctx, account.User{Subject: fmt.Sprintf("c%d", i), Email: fmt.Sprintf("c%d@example.net", i),
						FirstName: "Common", LastName: fmt.Sprintf("Person%04d", i)}); err != nil {
						return err
					}
				}
				_, err := db.CreateUser(ctx, account.User{Subject: "other", Email: "other@example.org", FirstName: "Other", LastName: "Person"})
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, tt := range []struct {
				text string
				want int
			}{
				{"common", n},
				{"@example.net", n},
				{"person", n + 1},
				{"person00", 100},
				{"person1000", 1},
			} {
				seen := map[string]bool{}
				var after *backoffice.Cursor
				var last time.Time
				for page := 0; ; page++ {
					rows, err := db.SearchMembers(ctx, backoffice.MemberQuery{Text: tt.text, After: after, Limit: 400})
					if err != nil || page > n/400+1 {
						t.Fatalf("search %q, page %d: %v", tt.text, page, err)
					}
					for _, r := range rows {
						if seen[r.UserID] || !last.IsZero() && r.SignedUpAt.After(last) {
							t.Fatalf("search %q, page %d: %s repeated or out of order", tt.text, page, r.Email)
						}
						seen[r.UserID], last = true, r.SignedUpAt
					}
					if len(rows) < 400 {
						break
					}
					after = &backoffice.Cursor{SignedUpAt: rows[len(rows)-1].SignedUpAt, UserID: rows[len(rows)-1].UserID}
				}
				if len(seen) != tt.want {
					t.Errorf("search %q found %d members across its pages, want %d", tt.text, len(seen), tt.want)
				}
			}
		})
	}
}
