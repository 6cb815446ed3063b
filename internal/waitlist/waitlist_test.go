package waitlist

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/messages"
)

var t0 = time.Date(2026, 5, 4, 9, 30, 0, 123456000, time.UTC)

// en renders a message in English, as the API answers it.
func en(key messages.Key) string { return messages.English.T(key) }

func TestRequestCheck(t *testing.T) {
	long := strings.Repeat("a", MaxEmailLength-len("@example.com")+1) + "@example.com"
	tests := []struct {
		name       string
		req        Request
		wantEmail  string
		wantFields map[string]string // field → message in English; nil when accepted
	}{
		{"an address and consent", Request{Email: "ann@example.com", Consent: true}, "ann@example.com", nil},
		{"spaces around are trimmed", Request{Email: "  Ann.Lee+news@Example.com \u00a0", Consent: true}, "Ann.Lee+news@Example.com", nil},
		{"a longest address", Request{Email: long[1:], Consent: true}, long[1:], nil},
		{"an address in another script", Request{Email: "renée@exämple.com", Consent: true}, "renée@exämple.com", nil},
		{"no consent", Request{Email: "ann@example.com"}, "", map[string]string{"consent": en(msgConsentMissing)}},
		{"no address", Request{Email: "", Consent: true}, "", map[string]string{"email": en(msgEmailMissing)}},
		{"only spaces", Request{Email: " \t ", Consent: true}, "", map[string]string{"email": en(msgEmailMissing)}},
		{"neither", Request{}, "", map[string]string{"email": en(msgEmailMissing), "consent": en(msgConsentMissing)}},
		{"no @", Request{Email: "ann.example.com", Consent: true}, "", map[string]string{"email": en(msgEmailInvalid)}},
		{"no dot in the domain", Request{Email: "ann@localhost", Consent: true}, "", map[string]string{"email": en(msgEmailInvalid)}},
		{"a dot ending the domain", Request{Email: "ann@example.", Consent: true}, "", map[string]string{"email": en(msgEmailInvalid)}},
		{"a display name", Request{Email: "Ann <ann@example.com>", Consent: true}, "", map[string]string{"email": en(msgEmailInvalid)}},
		{"two addresses", Request{Email: "ann@example.com, bob@example.com", Consent: true}, "", map[string]string{"email": en(msgEmailInvalid)}},
		{"too long", Request{Email: long, Consent: true}, "", map[string]string{"email": en(msgEmailTooLong)}},
		{"a NUL", Request{Email: "ann\x00@example.com", Consent: true}, "", map[string]string{"email": "Please keep this to one line of text, without tabs or line breaks."}},
		{"a line break inside", Request{Email: "ann@example.com\nBcc: eve@example.com", Consent: true}, "", map[string]string{"email": "Please keep this to one line of text, without tabs or line breaks."}},
		{"a carriage return inside", Request{Email: "ann\r@example.com", Consent: true}, "", map[string]string{"email": "Please keep this to one line of text, without tabs or line breaks."}},
		{"a right-to-left override", Request{Email: "ann\u202e@example.com", Consent: true}, "", map[string]string{"email": "This has hidden characters. Please type it again."}},
		{"bytes that are not UTF-8", Request{Email: "ann\xff@example.com", Consent: true}, "", map[string]string{"email": "This has characters we can’t read. Please type it again."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.req.Check()
			if tt.wantFields == nil {
				if err != nil || got != tt.wantEmail {
					t.Errorf("Check() = %q, %v; want %q, nil", got, err, tt.wantEmail)
				}
				return
			}
			var e *apperr.Error
			if !errors.As(err, &e) || e.Code != apperr.Invalid {
				t.Fatalf("Check() error = %v, want Invalid", err)
			}
			if got != "" {
				t.Errorf("Check() = %q with an error, want \"\"", got)
			}
			gotFields := map[string]string{}
			for _, f := range e.Fields {
				gotFields[f.Field] = f.Text(messages.English)
			}
			if fmt.Sprint(gotFields) != fmt.Sprint(tt.wantFields) {
				t.Errorf("fields = %v, want %v", gotFields, tt.wantFields)
			}
			if got, want := e.Text(messages.English), e.Fields[0].Text(messages.English); got != want {
				t.Errorf("detail = %q, want the first field's message %q", got, want)
			}
		})
	}
}

// fakeStore is the waitlist in memory. A transaction that fails leaves it and the audit log as they
// were; failAudit makes every audit write fail.
type fakeStore struct {
	entries   map[string]Entry
	users     map[string]bool
	audit     []backoffice.Entry
	failAudit bool
}

func newFakeStore(users ...string) *fakeStore {
	f := &fakeStore{entries: map[string]Entry{}, users: map[string]bool{}}
	for _, u := range users {
		f.users[u] = true
	}
	return f
}

func (f *fakeStore) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	entries, audit := maps.Clone(f.entries), len(f.audit)
	if err := fn(ctx); err != nil {
		f.entries, f.audit = entries, f.audit[:audit]
		return err
	}
	return nil
}

func (f *fakeStore) AndroidWaitlistEntry(_ context.Context, userID string) (Entry, error) {
	e, ok := f.entries[userID]
	if !ok {
		return Entry{}, apperr.Generic(apperr.NotFound, errors.New("not on the list"))
	}
	return e, nil
}

func (f *fakeStore) SaveAndroidWaitlistEntry(_ context.Context, e Entry) (Entry, error) {
	if !f.users[e.UserID] {
		return Entry{}, apperr.Generic(apperr.NotFound, errors.New("no such user"))
	}
	if old, ok := f.entries[e.UserID]; ok && old.Email == e.Email && old.ConsentVersion == e.ConsentVersion {
		return old, nil
	}
	f.entries[e.UserID] = e
	return e, nil
}

func (f *fakeStore) DeleteAndroidWaitlistEntry(_ context.Context, userID string) (bool, error) {
	_, ok := f.entries[userID]
	delete(f.entries, userID)
	return ok, nil
}

func (f *fakeStore) CountAndroidWaitlist(context.Context) (int, error) { return len(f.entries), nil }

func (f *fakeStore) AndroidWaitlistEntries(_ context.Context, after *Cursor, limit int) ([]Entry, error) {
	var all []Entry
	for _, e := range f.entries {
		if after == nil || e.JoinedAt.Before(after.JoinedAt) || (e.JoinedAt.Equal(after.JoinedAt) && e.UserID < after.UserID) {
			all = append(all, e)
		}
	}
	sort.Slice(all, func(i, j int) bool {
		if !all[i].JoinedAt.Equal(all[j].JoinedAt) {
			return all[i].JoinedAt.After(all[j].JoinedAt)
		}
		return all[i].UserID > all[j].UserID
	})
	if limit > 0 && len(all) > limit {
		all = all[:limit]
	}
	return all, nil
}

func (f *fakeStore) AppendAudit(_ context.Context, e backoffice.Entry) error {
	if f.failAudit {
		return errors.New("the audit log is unreachable")
	}
	f.audit = append(f.audit, e)
	return nil
}

// clock is a test clock that moves on a second each time it is read.
func clock() func() time.Time {
	now := t0
	return func() time.Time {
		now = now.Add(time.Second)
		return now
	}
}

func TestJoinChangeAndLeave(t *testing.T) {
	store := newFakeStore("ann", "bob")
	s := NewService(store, clock())
	ctx := context.Background()

	if _, on, err := s.Entry(ctx, "ann"); on || err != nil {
		t.Fatalf("Entry(before joining) = %v, %v; want not on the list", on, err)
	}
	// A refusal stores nothing.
	if _, err := s.Join(ctx, "ann", Request{Email: "ann@example.com"}); apperr.CodeOf(err) != apperr.Invalid {
		t.Fatalf("Join(no consent) error = %v, want Invalid", err)
	}
	if len(store.entries) != 0 {
		t.Fatalf("after a refusal the list holds %v, want nothing", store.entries)
	}

	joined, err := s.Join(ctx, "ann", Request{Email: " ann@example.com ", Consent: true})
	want := Entry{UserID: "ann", Email: "ann@example.com", ConsentVersion: ConsentVersion, JoinedAt: t0.Add(time.Second)}
	if err != nil || joined != want {
		t.Fatalf("Join() = %+v, %v; want %+v", joined, err, want)
	}
	if got, on, err := s.Entry(ctx, "ann"); !on || err != nil || got != want {
		t.Errorf("Entry() = %+v, %v, %v; want %+v", got, on, err, want)
	}
	// The same address again (a retry) keeps the time; a new address is a new consent, now.
	if again, err := s.Join(ctx, "ann", Request{Email: "ann@example.com", Consent: true}); err != nil || again != want {
		t.Errorf("Join(same address) = %+v, %v; want %+v unchanged", again, err, want)
	}
	moved, err := s.Join(ctx, "ann", Request{Email: "ann@work.example", Consent: true})
	if err != nil || moved.Email != "ann@work.example" || !moved.JoinedAt.After(want.JoinedAt) {
		t.Errorf("Join(new address) = %+v, %v; want the new address at a later time", moved, err)
	}

	// Leaving twice is the same as leaving once.
	for i := range 2 {
		if err := s.Leave(ctx, "ann"); err != nil {
			t.Errorf("Leave() #%d = %v", i+1, err)
		}
	}
	if _, on, _ := s.Entry(ctx, "ann"); on {
		t.Error("still on the list after leaving")
	}
	// An account that is gone is told so.
	if _, err := s.Join(ctx, "ghost", Request{Email: "ghost@example.com", Consent: true}); apperr.CodeOf(err) != apperr.Unauthenticated {
		t.Errorf("Join(unknown member) error = %v, want Unauthenticated", err)
	}
	if len(store.audit) != 0 {
		t.Errorf("a member's own changes wrote %d audit entries, want none", len(store.audit))
	}
}

func TestStaffListAndExportAudited(t *testing.T) {
	var users []string
	for i := range PageSize + 3 {
		users = append(users, fmt.Sprintf("m%03d", i))
	}
	store := newFakeStore(users...)
	s := NewService(store, clock())
	ctx := context.Background()
	for _, u := range users {
		if _, err := s.Join(ctx, u, Request{Email: u + "@example.com", Consent: true}); err != nil {
			t.Fatal(err)
		}
	}
	staff := backoffice.Actor{UserID: "staff-1", Email: "staff@example.com", Address: "192.0.2.7"}

	first, err := s.List(ctx, staff, nil)
	if err != nil {
		t.Fatal(err)
	}
	if first.Count != PageSize+3 || len(first.Entries) != PageSize || first.Next == nil {
		t.Fatalf("first page: count %d, %d entries, next %v; want %d, %d and a next page", first.Count, len(first.Entries), first.Next, PageSize+3, PageSize)
	}
	if got, want := first.Entries[0].UserID, users[len(users)-1]; got != want {
		t.Errorf("first entry = %s, want the newest, %s", got, want)
	}
	second, err := s.List(ctx, staff, first.Next)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range second.Entries {
		got = append(got, e.UserID)
	}
	if want := []string{"m002", "m001", "m000"}; !slices.Equal(got, want) || second.Next != nil || second.Count != PageSize+3 {
		t.Errorf("second page = %v (next %v, count %d), want %v and no more", got, second.Next, second.Count, want)
	}

	all, err := s.Export(ctx, staff)
	if err != nil || len(all) != PageSize+3 || all[0].UserID != users[len(users)-1] {
		t.Fatalf("Export() = %d entries, %v; want all %d, newest first", len(all), err, PageSize+3)
	}

	var actions []string
	for _, e := range store.audit {
		actions = append(actions, e.Action)
		if e.StaffUserID != staff.UserID || e.StaffEmail != staff.Email || e.Address != staff.Address || e.MemberID != "" || e.At.IsZero() {
			t.Errorf("audit entry %+v, want the staff user, their address, the time and no member", e)
		}
	}
	if want := []string{ActionView, ActionView, ActionExport}; !slices.Equal(actions, want) {
		t.Errorf("audit actions = %v, want %v", actions, want)
	}

	// A read whose audit entry can't be written is no read.
	store.failAudit = true
	if _, err := s.List(ctx, staff, nil); err == nil {
		t.Error("List() with the audit log failing succeeded; want an error")
	}
	if _, err := s.Export(ctx, staff); err == nil {
		t.Error("Export() with the audit log failing succeeded; want an error")
	}
}
