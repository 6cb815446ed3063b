package backoffice

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/cleantext"
	"wayfinder/internal/messages"
	"wayfinder/internal/onboarding"
)

// FollowUp is a safety disclosure with the member to contact. It carries no answer: only that the
// member needs follow-up, when they said so, and what the team has done.
type FollowUp struct {
	onboarding.SafetyDisclosure
	Member account.User
}

// MaxReviewNoteLength bounds a reviewer's note, in characters.
const MaxReviewNoteLength = 2000

// followUpsShown is how many follow-ups one read of the queue returns.
const followUpsShown = 100

// SafetyQueue returns the members who told us of thoughts of self-harm: those awaiting review,
// oldest first, or (reviewed) the latest reviews. Reading it is recorded in the audit log, since it
// shows members' contact details.
func (s *Service) SafetyQueue(ctx context.Context, actor Actor, reviewed bool) ([]FollowUp, error) {
	var out []FollowUp
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if out, err = s.store.SafetyFollowUps(ctx, reviewed, followUpsShown); err != nil {
			return err
		}
		return s.audit(ctx, actor, ActionSafetyQueue, "")
	})
	return out, err
}

// ReviewSafety marks a disclosure reviewed with the reviewer's note and, when reopen is set, lets
// the member go on with sign-up. Both are recorded in the audit log in the same transaction. A
// disclosure reviewed already is a Conflict: the first review stands.
func (s *Service) ReviewSafety(ctx context.Context, actor Actor, id int64, note string, reopen bool) (FollowUp, error) {
	note = strings.TrimSpace(note)
	switch {
	case !cleantext.HasVisible(note):
		return FollowUp{}, apperr.InvalidFields(msgAddNote, apperr.Field("note", msgAddNoteField))
	case utf8.RuneCountInString(note) > MaxReviewNoteLength:
		return FollowUp{}, apperr.InvalidFields(msgNoteTooLong, apperr.Field("note", msgNoteTooLongField, messages.Params{"max": MaxReviewNoteLength}))
	case cleantext.ParagraphsProblem(note) != "":
		return FollowUp{}, apperr.InvalidFields(msgNoteNeedsLook, apperr.Field("note", cleantext.ParagraphsProblem(note)))
	}
	var f FollowUp
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if f, err = s.lockFollowUp(ctx, id); err != nil {
			return err
		}
		if f.ReviewedAt != nil {
			return apperr.E(apperr.Conflict, msgReviewedAlready, messages.Params{"time": f.ReviewedAt.Format("15:04 on 2 January")})
		}
		at := notBefore(s.now().UTC(), f.DisclosedAt)
		f.ReviewedAt, f.ReviewedBy, f.ReviewNote = &at, actor.Email, note
		if reopen {
			f.ReopenedAt, f.ReopenedBy = &at, actor.Email
		}
		if err := s.store.SaveSafetyReview(ctx, f.SafetyDisclosure); err != nil {
			return err
		}
		if err := s.audit(ctx, actor, ActionSafetyReview, f.UserID, strconv.FormatInt(id, 10)); err != nil {
			return err
		}
		if reopen {
			return s.audit(ctx, actor, ActionSafetyReopen, f.UserID, strconv.FormatInt(id, 10))
		}
		return nil
	})
	return f, err
}

// ReopenJourney lets a member whose disclosure was reviewed go on with sign-up, and records it in
// the audit log. A disclosure awaiting review, or one reopened already, is a Conflict.
func (s *Service) ReopenJourney(ctx context.Context, actor Actor, id int64) (FollowUp, error) {
	var f FollowUp
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if f, err = s.lockFollowUp(ctx, id); err != nil {
			return err
		}
		switch {
		case f.ReviewedAt == nil:
			return apperr.E(apperr.Conflict, msgReviewFirst)
		case f.ReopenedAt != nil:
			return apperr.E(apperr.Conflict, msgOpenAlready)
		}
		at := notBefore(s.now().UTC(), *f.ReviewedAt)
		f.ReopenedAt, f.ReopenedBy = &at, actor.Email
		if err := s.store.SaveSafetyReview(ctx, f.SafetyDisclosure); err != nil {
			return err
		}
		return s.audit(ctx, actor, ActionSafetyReopen, f.UserID, strconv.FormatInt(id, 10))
	})
	return f, err
}

// notBefore returns t, or earliest when t is before it: a replica whose clock runs behind must not
// review a disclosure before it was made.
func notBefore(t, earliest time.Time) time.Time {
	if t.Before(earliest) {
		return earliest
	}
	return t
}

func (s *Service) lockFollowUp(ctx context.Context, id int64) (FollowUp, error) {
	f, err := s.store.LockSafetyDisclosure(ctx, id)
	if apperr.CodeOf(err) == apperr.NotFound {
		return FollowUp{}, ErrNoFollowUp
	}
	return f, err
}
