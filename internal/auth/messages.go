package auth

import "wayfinder/internal/messages"

// The messages of refused requests (internal/messages holds their words). A refused token says what
// to do, never which check failed: the reason goes to the log.
const (
	msgSignIn             messages.Key = "api.auth.signIn"
	msgStaffOnly          messages.Key = "api.auth.staffOnly"
	msgAdminsOnly         messages.Key = "api.auth.adminsOnly"
	msgBearerMalformed    messages.Key = "api.auth.bearerMalformed"
	msgTokenExpired       messages.Key = "api.auth.tokenExpired"
	msgTokenInvalid       messages.Key = "api.auth.tokenInvalid"
	msgTokenClaimsUnclean messages.Key = "api.auth.tokenClaimsUnclean"
	msgCancelled          messages.Key = "api.auth.cancelled"
	msgSignOutWithPost    messages.Key = "api.auth.signOutWithPost"
)
