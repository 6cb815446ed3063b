package httpapi

import "wayfinder/internal/messages"

// The messages of the HTTP layer's own refusals (internal/messages holds their words): a request
// the API cannot read, and the few checks a handler makes before a domain package is asked. Those
// about the request itself speak to the developer of a client; the rest to a member or staff.
const (
	msgBodyOneValue       messages.Key = "api.request.bodyOneValue"
	msgBodyNotJSON        messages.Key = "api.request.bodyNotJSON"
	msgBodyTooLarge       messages.Key = "api.request.bodyTooLarge"
	msgBodyEmpty          messages.Key = "api.request.bodyEmpty"
	msgBodyEndsEarly      messages.Key = "api.request.bodyEndsEarly"
	msgBodyFieldTwice     messages.Key = "api.request.bodyFieldTwice"
	msgFieldTwice         messages.Key = "api.request.fieldTwice"
	msgBodyNotValidJSON   messages.Key = "api.request.bodyNotValidJSON"
	msgFieldNotValidText  messages.Key = "api.request.fieldNotValidText"
	msgBodyFieldUnknown   messages.Key = "api.request.bodyFieldUnknown"
	msgFieldUnknown       messages.Key = "api.request.fieldUnknown"
	msgBodyWrongType      messages.Key = "api.request.bodyWrongType"
	msgBodyFieldWrongType messages.Key = "api.request.bodyFieldWrongType"
	msgFieldWrongType     messages.Key = "api.request.fieldWrongType"
	msgBodyUnreadable     messages.Key = "api.request.bodyUnreadable"
	msgCrossOrigin        messages.Key = "api.request.crossOrigin"
	msgMethodNotAllowed   messages.Key = "api.request.methodNotAllowed"
	msgNothingHere        messages.Key = "api.request.nothingHere"
	msgRequired           messages.Key = "api.request.required"
	msgEventUnreadable    messages.Key = "api.request.eventUnreadable"
	msgEventTooLarge      messages.Key = "api.request.eventTooLarge"

	msgNoPlansHere     messages.Key = "api.checkout.noPlansHere"
	msgChoosePlan      messages.Key = "api.checkout.choosePlan"
	msgPageMarker      messages.Key = "api.staff.pageMarker"
	msgStartAgain      messages.Key = "api.staff.startAgain"
	msgEntryID         messages.Key = "api.staff.entryID"
	msgMemberNoPicture messages.Key = "api.staff.memberNoPicture"
	msgNoPictureHere   messages.Key = "api.picture.noPictureHere"
	msgNoPicture       messages.Key = "api.picture.noPicture"
	msgNoSuchList      messages.Key = "api.staff.noSuchList"
	msgOpenOrReviewed  messages.Key = "api.staff.openOrReviewed"
	msgSayIfOffered    messages.Key = "api.staff.sayIfOffered"
	msgSayIfOn         messages.Key = "api.webhooks.sayIfOn"
)
