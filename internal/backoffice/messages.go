package backoffice

import (
	"wayfinder/internal/apperr"
	"wayfinder/internal/messages"
)

// The messages of the staff tools (internal/messages holds their words). Staff read them in the
// back office, so they speak to staff about the member.
const (
	msgAdminsOnly        messages.Key = "api.staff.adminsOnly"
	msgNoSuchCoach       messages.Key = "api.staff.noSuchCoach"
	msgNoSuchPlan        messages.Key = "api.staff.noSuchPlan"
	msgNoSuchMember      messages.Key = "api.staff.noSuchMember"
	msgRolesFromProvider messages.Key = "api.staff.rolesFromProvider"
	msgGiveEmail         messages.Key = "api.staff.giveEmail"
	msgGiveEmailField    messages.Key = "api.staff.giveEmailField"
	msgChooseRole        messages.Key = "api.staff.chooseRole"
	msgChooseRoleField   messages.Key = "api.staff.chooseRoleField"
	msgNoAccountForEmail messages.Key = "api.staff.noAccountForEmail"
	msgOwnRole           messages.Key = "api.staff.ownRole"
	msgSearchNeedsLook   messages.Key = "api.staff.searchNeedsLook"
	msgSearchTooLong     messages.Key = "api.staff.searchTooLong"
	msgAddNote           messages.Key = "api.staff.addNote"
	msgAddNoteField      messages.Key = "api.staff.addNoteField"
	msgNoteTooLong       messages.Key = "api.staff.noteTooLong"
	msgNoteTooLongField  messages.Key = "api.staff.noteTooLongField"
	msgNoteNeedsLook     messages.Key = "api.staff.noteNeedsLook"
	msgReviewedAlready   messages.Key = "api.staff.reviewedAlready"
	msgReviewFirst       messages.Key = "api.staff.reviewFirst"
	msgOpenAlready       messages.Key = "api.staff.openAlready"
	msgNoFollowUp        messages.Key = "api.staff.noFollowUp"
	msgProfileNeedsLook  messages.Key = "api.staff.profileNeedsLook"
	msgAddFirstName      messages.Key = "api.staff.addFirstName"
	msgAddLastName       messages.Key = "api.staff.addLastName"
	msgNameTooLong       messages.Key = "api.staff.nameTooLong"
	msgDateInvalid       messages.Key = "api.staff.dateInvalid"
	msgDateInFuture      messages.Key = "api.staff.dateInFuture"
	msgTooYoung          messages.Key = "api.staff.tooYoung"
	msgCheckYear         messages.Key = "api.staff.checkYear"
	msgChooseDevice      messages.Key = "api.staff.chooseDevice"
)

// ErrNoFollowUp answers a safety follow-up that does not exist, for the service and for the HTTP
// layer, which refuses a malformed number the same way.
var ErrNoFollowUp = apperr.E(apperr.NotFound, msgNoFollowUp)
