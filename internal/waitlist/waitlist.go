// Package waitlist is the Android waitlist. The app is on iPhone only, so a member who uses Android
// may leave an email address to be told, once, when it is on Android too. The rules live here: the
// address must be one email address of plain text, the member must tick the consent box, and the
// consent recorded is the version of its words they saw (ConsentVersion). A member joins, changes
// their address or leaves at any time; staff read the list and download it, and every such read is
// written to the audit log in the same transaction, like every other staff read of members' data.
package waitlist

import (
	"context"
	"net/mail"
	"strings"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/cleantext"
	"wayfinder/internal/messages"
)

// ConsentVersion names the words of the consent box a member ticks to join ("Email me once when
// {brand} is on Android. We won't use this address for anything else.", the app's
// android-waitlist copy). Each entry records the version its member agreed to, so that a later
// change of the words is never read as consent to them: change the version with the words.
const ConsentVersion = "android-waitlist-1"

// MaxEmailLength is the longest address accepted, in bytes: the longest a mail server delivers to.
const MaxEmailLength = 254

// PageSize is how many entries one page of the staff list holds.
const PageSize = 50

// The audit log's actions of the waitlist. Neither names a member: a page of the list and the
// download are reads of many members at once, like a search of the members list.
const (
	ActionView   = "android_waitlist.view"
	ActionExport = "android_waitlist.export"
)

// Entry is one member on the waitlist.
type Entry struct {
	UserID         string
	Email          string // the address to write to, as the member gave it
	ConsentVersion string // the version of the consent words the member agreed to
	JoinedAt       time.Time
}

// Request is what a member sends to join, or to change their address.
type Request struct {
	Email   string
	Consent bool
}

// Cursor marks where a page of the staff list ends: the list is newest first, by time and member.
type Cursor struct {
	JoinedAt time.Time
	UserID   string
}

// Page is one page of the staff list, with the number of members on the whole list.
type Page struct {
	Count   int
	Entries []Entry
	Next    *Cursor // nil on the last page
}

// The member's messages of this package (internal/messages holds their words); each names the
// field to fix.
const (
	msgEmailMissing   messages.Key = "api.waitlist.emailMissing"
	msgEmailInvalid   messages.Key = "api.waitlist.emailInvalid"
	msgEmailTooLong   messages.Key = "api.waitlist.emailTooLong"
	msgConsentMissing messages.Key = "api.waitlist.consentMissing"
	msgNoAccount      messages.Key = "api.waitlist.noAccount"
)

// Check returns the address to store (trimmed), or an Invalid error whose detail and field errors
// say in plain words what to fix: an address that is missing, not one email address, too long, or
// has control or hidden characters; and consent that was not given. Nothing is checked against the
// member's sign-in email: they may want the news at another address.
func (r Request) Check() (string, error) {
	email := strings.TrimSpace(r.Email)
	var fields []apperr.FieldError
	if problem := emailProblem(email); problem != "" {
		fields = append(fields, apperr.Field("email", problem))
	}
	if !r.Consent {
		fields = append(fields, apperr.Field("consent", msgConsentMissing))
	}
	if len(fields) > 0 {
		// The detail is the first thing to fix, so a client that shows only the detail still says
		// something a member can act on.
		return "", apperr.InvalidFields(fields[0].Key, fields...)
	}
	return email, nil
}

// emailProblem returns the message of what is wrong with a trimmed address, or "" when it is one
// email address. The rules are the sign-up page's: plain single-line text, at most MaxEmailLength
// bytes, a bare address with no display name, and a domain with a dot in it.
func emailProblem(email string) messages.Key {
	switch {
	case email == "":
		return msgEmailMissing
	case len(email) > MaxEmailLength:
		return msgEmailTooLong
	}
	// Control and hidden characters get cleantext's own words, which say what to do about them.
	if problem := cleantext.Problem(email); problem != "" {
		return problem
	}
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email || addr.Name != "" {
		return msgEmailInvalid
	}
	_, domain, _ := strings.Cut(email, "@")
	if !strings.Contains(domain, ".") || strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") {
		return msgEmailInvalid
	}
	return ""
}

// Store is what the Service needs of the database. Its signatures are those of sqlstore.DB.
type Store interface {
	// InTx runs fn in one transaction; the store calls fn makes with its ctx are part of it.
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	// AndroidWaitlistEntry returns the member's entry, or NotFound when they are not on the list.
	AndroidWaitlistEntry(ctx context.Context, userID string) (Entry, error)
	// SaveAndroidWaitlistEntry adds the member to the list, or changes their entry, and returns it
	// as stored. An entry whose address and consent version are unchanged keeps its time. NotFound
	// when the member does not exist.
	SaveAndroidWaitlistEntry(ctx context.Context, e Entry) (Entry, error)
	// DeleteAndroidWaitlistEntry removes the member's entry and tells whether there was one.
	DeleteAndroidWaitlistEntry(ctx context.Context, userID string) (bool, error)
	// CountAndroidWaitlist counts the members on the list.
	CountAndroidWaitlist(ctx context.Context) (int, error)
	// AndroidWaitlistEntries returns up to limit entries, newest first, after the cursor when it
	// is set; limit 0 returns them all.
	AndroidWaitlistEntries(ctx context.Context, after *Cursor, limit int) ([]Entry, error)
	AppendAudit(ctx context.Context, e backoffice.Entry) error
}

// Service keeps the waitlist.
type Service struct {
	store Store
	now   func() time.Time
}

// NewService returns a Service; now is the clock (time.Now when nil).
func NewService(store Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, now: now}
}

// Entry returns the member's entry and true, or false when they are not on the list.
func (s *Service) Entry(ctx context.Context, userID string) (Entry, bool, error) {
	e, err := s.store.AndroidWaitlistEntry(ctx, userID)
	switch {
	case apperr.CodeOf(err) == apperr.NotFound:
		return Entry{}, false, nil
	case err != nil:
		return Entry{}, false, err
	}
	return e, true, nil
}

// Join puts the member on the list with the address of r, or changes their address, once r passes
// Check; a refused request changes nothing. The consent recorded is ConsentVersion, now. A member
// who sends the same address again (a retry) keeps the time they joined.
func (s *Service) Join(ctx context.Context, userID string, r Request) (Entry, error) {
	email, err := r.Check()
	if err != nil {
		return Entry{}, err
	}
	e, err := s.store.SaveAndroidWaitlistEntry(ctx, Entry{UserID: userID, Email: email, ConsentVersion: ConsentVersion, JoinedAt: s.now().UTC()})
	if apperr.CodeOf(err) == apperr.NotFound {
		return Entry{}, apperr.Wrap(apperr.Unauthenticated, err, msgNoAccount)
	}
	return e, err
}

// Leave takes the member off the list. Leaving a list one is not on is no error, so a member who
// presses the button twice, or in two tabs, is told the same thing both times.
func (s *Service) Leave(ctx context.Context, userID string) error {
	_, err := s.store.DeleteAndroidWaitlistEntry(ctx, userID)
	return err
}

// List returns a page of the list for staff, newest first, with the number of members on it, and
// records the read in the audit log in the same transaction.
func (s *Service) List(ctx context.Context, actor backoffice.Actor, after *Cursor) (Page, error) {
	var p Page
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if p.Count, err = s.store.CountAndroidWaitlist(ctx); err != nil {
			return err
		}
		if p.Entries, err = s.store.AndroidWaitlistEntries(ctx, after, PageSize+1); err != nil {
			return err
		}
		return s.audit(ctx, actor, ActionView)
	})
	if err != nil {
		return Page{}, err
	}
	if len(p.Entries) > PageSize {
		p.Entries = p.Entries[:PageSize]
		last := p.Entries[PageSize-1]
		p.Next = &Cursor{JoinedAt: last.JoinedAt, UserID: last.UserID}
	}
	return p, nil
}

// Export returns the whole list for staff to download, newest first, and records the download in
// the audit log in the same transaction.
func (s *Service) Export(ctx context.Context, actor backoffice.Actor) ([]Entry, error) {
	var entries []Entry
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if entries, err = s.store.AndroidWaitlistEntries(ctx, nil, 0); err != nil {
			return err
		}
		return s.audit(ctx, actor, ActionExport)
	})
	if err != nil {
		return nil, err
	}
	return entries, nil
}

// audit records a staff read of the list; it is called inside the transaction of the read.
func (s *Service) audit(ctx context.Context, actor backoffice.Actor, action string) error {
	return s.store.AppendAudit(ctx, backoffice.Entry{At: s.now().UTC(), StaffUserID: actor.UserID, StaffEmail: actor.Email,
		Action: action, Address: actor.Address})
}
