package insights

import (
	"context"
	"time"

	"wayfinder/internal/backoffice"
)

// ActionMembersExport is the audit log's action for a download of every member.
const ActionMembersExport = "members.export"

// ExportedMember is one member as the admins' member export writes them: who they are, how far they
// got, their coach and payment, and where they came from. It holds nothing they answered in the
// survey, no score and no safety flag.
type ExportedMember struct {
	UserID                                     string
	FirstName, LastName, Email                 string
	SignedUpAt                                 time.Time
	StepReached                                string // the step they are on; "" when not known
	Coach                                      string // the current coach's name, or ""
	Payment                                    string // the payment state, "none" when they never paid
	Source, Medium, Campaign, Coupon           string // their first campaign touch
	LatestSource, LatestMedium, LatestCampaign string
	Origin                                     string
}

// ExportMembers returns every member, oldest sign-up first, and records the download in the audit
// log in the same transaction, so no export goes unrecorded. The API lets only admins call it.
func (s *Service) ExportMembers(ctx context.Context, actor backoffice.Actor) ([]ExportedMember, error) {
	var members []ExportedMember
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if members, err = s.store.ExportMembers(ctx); err != nil {
			return err
		}
		return s.store.AppendAudit(ctx, backoffice.Entry{At: s.now().UTC(), StaffUserID: actor.UserID, StaffEmail: actor.Email,
			Action: ActionMembersExport, Address: actor.Address})
	})
	return members, err
}
