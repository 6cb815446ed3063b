package backoffice

import (
	"context"
	"net/mail"
	"strings"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/billing"
	"wayfinder/internal/coaching"
	"wayfinder/internal/media"
	"wayfinder/internal/messages"
)

// Coaches returns every coach, resting ones included, by name, with their members now. Staff read
// it to switch a member's coach; it holds no member's data, so it is not audited.
func (s *Service) Coaches(ctx context.Context) ([]coaching.CoachLoad, error) {
	return s.store.ListCoaches(ctx, false)
}

// CreateCoach adds a coach (admins). The coach gets a fresh id.
func (s *Service) CreateCoach(ctx context.Context, actor Actor, c coaching.Coach) (coaching.CoachLoad, error) {
	if err := requireAdmin(actor); err != nil {
		return coaching.CoachLoad{}, err
	}
	c.ID, c.UserID = "", ""
	if err := c.Check(); err != nil {
		return coaching.CoachLoad{}, err
	}
	var stored coaching.Coach
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if stored, err = s.store.UpsertCoach(ctx, c); err != nil {
			return err
		}
		return s.audit(ctx, actor, ActionCreateCoach, "", stored.ID)
	})
	return coaching.CoachLoad{Coach: stored}, err
}

// UpdateCoach replaces a coach's details (admins); Active false rests them, and their members stay.
// The coach's own user account, if any, stays linked. A portrait of ours that the coach no longer
// uses is deleted.
func (s *Service) UpdateCoach(ctx context.Context, actor Actor, id string, c coaching.Coach) (coaching.CoachLoad, error) {
	if err := requireAdmin(actor); err != nil {
		return coaching.CoachLoad{}, err
	}
	c.ID = id
	if err := c.Check(); err != nil {
		return coaching.CoachLoad{}, err
	}
	return s.replaceCoach(ctx, actor, ActionEditCoach, id, func(before coaching.Coach) coaching.Coach {
		c.UserID = before.UserID
		return c
	})
}

// UploadPortrait makes an uploaded image the coach's portrait (admins), re-encoded (see media) and
// served publicly from /media/ on this site.
func (s *Service) UploadPortrait(ctx context.Context, actor Actor, coachID string, data []byte, contentType string) (coaching.CoachLoad, error) {
	if err := requireAdmin(actor); err != nil {
		return coaching.CoachLoad{}, err
	}
	img, err := media.Reencode(data, contentType)
	if err != nil {
		return coaching.CoachLoad{}, err
	}
	id := newID()
	return s.replaceCoach(ctx, actor, ActionCoachPortrait, coachID, func(before coaching.Coach) coaching.Coach {
		before.AvatarURL = PortraitPath(id)
		return before
	}, func(ctx context.Context) error {
		return s.store.SavePortrait(ctx, id, img.Data, s.now().UTC())
	})
}

// replaceCoach writes change(the coach as stored) in one transaction with its audit entry, after
// any first steps, and deletes the portrait the coach stopped using.
func (s *Service) replaceCoach(ctx context.Context, actor Actor, action, id string, change func(coaching.Coach) coaching.Coach, first ...func(context.Context) error) (coaching.CoachLoad, error) {
	var load coaching.CoachLoad
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		before, err := s.store.CoachByID(ctx, id)
		if apperr.CodeOf(err) == apperr.NotFound {
			return apperr.E(apperr.NotFound, msgNoSuchCoach)
		}
		if err != nil {
			return err
		}
		for _, step := range first {
			if err := step(ctx); err != nil {
				return err
			}
		}
		if load.Coach, err = s.store.UpsertCoach(ctx, change(before)); err != nil {
			return err
		}
		if old, ok := PortraitID(before.AvatarURL); ok && before.AvatarURL != load.Coach.AvatarURL {
			if err := s.store.DeletePortrait(ctx, old); err != nil {
				return err
			}
		}
		return s.audit(ctx, actor, action, "", id)
	})
	if err != nil {
		return coaching.CoachLoad{}, err
	}
	return s.coachLoad(ctx, load.Coach)
}

// coachLoad returns the coach with their members now.
func (s *Service) coachLoad(ctx context.Context, c coaching.Coach) (coaching.CoachLoad, error) {
	all, err := s.store.ListCoaches(ctx, false)
	if err != nil {
		return coaching.CoachLoad{}, err
	}
	for _, l := range all {
		if l.Coach.ID == c.ID {
			return l, nil
		}
	}
	return coaching.CoachLoad{Coach: c}, nil
}

// portraitPrefix is where portraits are served on this site.
const portraitPrefix = "/media/"

// PortraitPath is the address on this site of the portrait with that id.
func PortraitPath(id string) string { return portraitPrefix + id + ".jpg" }

// PortraitID returns the id of a portrait of ours from its address, and whether it is one.
func PortraitID(path string) (string, bool) {
	name, ok := strings.CutPrefix(path, portraitPrefix)
	id, jpg := strings.CutSuffix(name, ".jpg")
	return id, ok && jpg && len(id) == 32 && strings.Trim(id, "0123456789abcdef") == ""
}

// StaffAccounts returns everyone who may use the back office (admins), and whether roles are
// decided by the identity provider rather than here.
func (s *Service) StaffAccounts(ctx context.Context, actor Actor) ([]account.User, bool, error) {
	if err := requireAdmin(actor); err != nil {
		return nil, false, err
	}
	users, err := s.store.StaffUsers(ctx)
	return users, s.rolesFromProvider, err
}

// SetRole gives the user who signs in with email a role (admins), and records it in the audit log.
// They must have signed up already. Nobody changes their own role, so an admin cannot lock the
// back office out by accident; with an external identity provider, roles are changed there.
func (s *Service) SetRole(ctx context.Context, actor Actor, email string, role account.Role) (account.User, error) {
	if err := requireAdmin(actor); err != nil {
		return account.User{}, err
	}
	if s.rolesFromProvider {
		return account.User{}, apperr.E(apperr.Conflict, msgRolesFromProvider)
	}
	email = strings.TrimSpace(email)
	if addr, err := mail.ParseAddress(email); err != nil || addr.Address != email {
		return account.User{}, apperr.InvalidFields(msgGiveEmail, apperr.Field("email", msgGiveEmailField))
	}
	if !role.Valid() {
		return account.User{}, apperr.InvalidFields(msgChooseRole, apperr.Field("role", msgChooseRoleField))
	}
	var u account.User
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		u, err = s.store.UserByEmail(ctx, email)
		switch {
		case apperr.CodeOf(err) == apperr.NotFound:
			return apperr.E(apperr.NotFound, msgNoAccountForEmail, messages.Params{"email": email})
		case err != nil:
			return err
		case u.ID == actor.UserID:
			return apperr.E(apperr.Conflict, msgOwnRole)
		case u.Role == role:
			return nil
		}
		if u, err = s.store.SetUserRole(ctx, u.ID, role); err != nil {
			return err
		}
		return s.audit(ctx, actor, ActionSetRole, u.ID, string(role))
	})
	return u, err
}

// Plans returns every plan, offered or withdrawn (admins).
func (s *Service) Plans(ctx context.Context, actor Actor) ([]billing.Plan, error) {
	if err := requireAdmin(actor); err != nil {
		return nil, err
	}
	plans, err := s.store.Plans(ctx, false)
	if plans == nil {
		plans = []billing.Plan{}
	}
	return plans, err
}

// SetPlanOffered offers or withdraws a plan (admins). Members who hold a withdrawn plan keep it.
func (s *Service) SetPlanOffered(ctx context.Context, actor Actor, planID string, offered bool) (billing.Plan, error) {
	if err := requireAdmin(actor); err != nil {
		return billing.Plan{}, err
	}
	var p billing.Plan
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		p, err = s.store.PlanByID(ctx, planID)
		if apperr.CodeOf(err) == apperr.NotFound {
			return apperr.E(apperr.NotFound, msgNoSuchPlan)
		}
		if err != nil {
			return err
		}
		p.Active = offered
		if err := s.store.UpsertPlan(ctx, p); err != nil {
			return err
		}
		return s.audit(ctx, actor, ActionEditPlan, "", planID)
	})
	return p, err
}
