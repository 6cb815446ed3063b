package sqlstore

import (
	"slices"
	"testing"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/waitlist"
)

func TestAndroidWaitlist(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")

			if _, err := db.AndroidWaitlistEntry(ctx, ann.ID); codeOf(err) != apperr.NotFound {
				t.Fatalf("AndroidWaitlistEntry(before joining) error = %v, want NotFound", err)
			}
			want := waitlist.Entry{UserID: ann.ID, Email: "ann@example.com", ConsentVersion: "v1", JoinedAt: t0}
			got, err := db.SaveAndroidWaitlistEntry(ctx, want)
			if err != nil || got != want {
				t.Fatalf("SaveAndroidWaitlistEntry() = %+v, %v; want %+v", got, err, want)
			}
			if got, err := db.AndroidWaitlistEntry(ctx, ann.ID); err != nil || got != want {
				t.Errorf("AndroidWaitlistEntry() = %+v, %v; want %+v", got, err, want)
			}

			// The same address and consent again keep the first time; a change takes the new one.
			tests := []struct {
				name string
				save waitlist.Entry
				want waitlist.Entry
			}{
				{"the same again, later", waitlist.Entry{UserID: ann.ID, Email: "ann@example.com", ConsentVersion: "v1", JoinedAt: t0.Add(time.Hour)}, want},
				{"a new address", waitlist.Entry{UserID: ann.ID, Email: "ann@work.example", ConsentVersion: "v1", JoinedAt: t0.Add(2 * time.Hour)},
					waitlist.Entry{UserID: ann.ID, Email: "ann@work.example", ConsentVersion: "v1", JoinedAt: t0.Add(2 * time.Hour)}},
				{"new consent words", waitlist.Entry{UserID: ann.ID, Email: "ann@work.example", ConsentVersion: "v2", JoinedAt: t0.Add(3 * time.Hour)},
					waitlist.Entry{UserID: ann.ID, Email: "ann@work.example", ConsentVersion: "v2", JoinedAt: t0.Add(3 * time.Hour)}},
			}
			for _, tt := range tests {
				got, err := db.SaveAndroidWaitlistEntry(ctx, tt.save)
				if err != nil || got != tt.want {
					t.Errorf("%s: SaveAndroidWaitlistEntry() = %+v, %v; want %+v", tt.name, got, err, tt.want)
				}
			}
			if _, err := db.SaveAndroidWaitlistEntry(ctx, waitlist.Entry{UserID: "nobody", Email: "x@example.com", ConsentVersion: "v1", JoinedAt: t0}); codeOf(err) != apperr.NotFound {
				t.Errorf("SaveAndroidWaitlistEntry(unknown member) error = %v, want NotFound", err)
			}
			if _, err := db.SaveAndroidWaitlistEntry(ctx, waitlist.Entry{UserID: bob.ID, Email: "", ConsentVersion: "v1", JoinedAt: t0}); codeOf(err) != apperr.Invalid {
				t.Errorf("SaveAndroidWaitlistEntry(no address) error = %v, want Invalid", err)
			}

			// Leaving: once there is something to remove, and then nothing.
			for i, want := range []bool{true, false} {
				if removed, err := db.DeleteAndroidWaitlistEntry(ctx, ann.ID); err != nil || removed != want {
					t.Errorf("DeleteAndroidWaitlistEntry() #%d = %v, %v; want %v", i+1, removed, err, want)
				}
			}
			if n, err := db.CountAndroidWaitlist(ctx); err != nil || n != 0 {
				t.Errorf("CountAndroidWaitlist() after leaving = %d, %v; want 0", n, err)
			}
		})
	}
}

func TestAndroidWaitlistPages(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			// Five members, two of whom joined at the same moment: the member id breaks the tie.
			joined := map[string]time.Duration{"p1": 0, "p2": time.Minute, "p3": 2 * time.Minute, "p4": 2 * time.Minute, "p5": 3 * time.Minute}
			ids := map[string]string{}
			for _, name := range []string{"p1", "p2", "p3", "p4", "p5"} {
				u := mustUser(t, db, name)
				ids[u.ID] = name
				if _, err := db.SaveAndroidWaitlistEntry(ctx, waitlist.Entry{UserID: u.ID, Email: name + "@example.com", ConsentVersion: "v1", JoinedAt: t0.Add(joined[name])}); err != nil {
					t.Fatal(err)
				}
			}
			mustUser(t, db, "not-on-the-list")
			if n, err := db.CountAndroidWaitlist(ctx); err != nil || n != 5 {
				t.Fatalf("CountAndroidWaitlist() = %d, %v; want 5", n, err)
			}
			all, err := db.AndroidWaitlistEntries(ctx, nil, 0)
			if err != nil || len(all) != 5 {
				t.Fatalf("AndroidWaitlistEntries(all) = %d, %v; want 5", len(all), err)
			}
			for i := 1; i < len(all); i++ {
				a, b := all[i-1], all[i]
				if a.JoinedAt.Before(b.JoinedAt) || (a.JoinedAt.Equal(b.JoinedAt) && a.UserID < b.UserID) {
					t.Errorf("entries %d and %d are out of order: %+v, %+v", i-1, i, a, b)
				}
			}
			if all[0].Email != "p5@example.com" || all[4].Email != "p1@example.com" {
				t.Errorf("first and last = %s, %s; want p5 and p1", all[0].Email, all[4].Email)
			}

			// Pages of two walk the same list, with no entry twice and none left out.
			var walked []waitlist.Entry
			var after *waitlist.Cursor
			for range 5 {
				page, err := db.AndroidWaitlistEntries(ctx, after, 2)
				if err != nil {
					t.Fatal(err)
				}
				if len(page) == 0 {
					break
				}
				walked = append(walked, page...)
				last := page[len(page)-1]
				after = &waitlist.Cursor{JoinedAt: last.JoinedAt, UserID: last.UserID}
			}
			if !slices.Equal(walked, all) {
				t.Errorf("pages = %v, want %v", walked, all)
			}

			// Closing an account takes its entry with it.
			for id, name := range ids {
				if name != "p3" {
					continue
				}
				if err := db.DeleteUser(ctx, id); err != nil {
					t.Fatal(err)
				}
				if _, err := db.AndroidWaitlistEntry(ctx, id); codeOf(err) != apperr.NotFound {
					t.Errorf("the entry of a deleted account: error %v, want NotFound", err)
				}
			}
			if n, err := db.CountAndroidWaitlist(ctx); err != nil || n != 4 {
				t.Errorf("CountAndroidWaitlist() after an account closed = %d, %v; want 4", n, err)
			}
		})
	}
}
