package account

import (
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/messages"
)

// The messages of asking for a new confirmation link (internal/messages holds their words).
const (
	msgConfirmedByProvider messages.Key = "api.account.confirmedByProvider"
	msgMailOff             messages.Key = "api.account.mailOff"
	msgNoEmail             messages.Key = "api.account.noEmail"
	msgConfirmedAlready    messages.Key = "api.account.confirmedAlready"
	msgTooManyLinks        messages.Key = "api.account.tooManyLinks"
	msgTooManyLinksOne     messages.Key = "api.account.tooManyLinksOne"
)

// VerificationLinkLifetime is how long an emailed link to confirm an address works: long enough
// for a link that waits in an inbox over a busy week, short enough that an old email someone else
// finds later is no use.
const VerificationLinkLifetime = 7 * 24 * time.Hour

// VerificationEmailsPerWindow is how many links to confirm an address one account may be sent in
// VerificationEmailWindow, the one sent at sign-up included: enough to ask again when an email
// goes astray, too few to fill anyone's inbox.
const (
	VerificationEmailsPerWindow = 3
	VerificationEmailWindow     = time.Hour
)

// ErrConfirmedByProvider answers a request for a new link where an external identity provider
// signs members in: it confirms their addresses itself, and this server has no link to send.
var ErrConfirmedByProvider = apperr.E(apperr.Conflict, msgConfirmedByProvider)

// VerificationEmailRequest is what deciding on a new confirmation link needs: whether emails leave
// this server at all, and the links the account was sent in the last VerificationEmailWindow
// (how many, and when the oldest of them was made).
type VerificationEmailRequest struct {
	MailOn     bool
	Sent       int
	OldestSent time.Time
	Now        time.Time
}

// CheckVerificationEmail returns nil when u may be sent a new link to confirm their email address,
// and otherwise an error that says why in plain words: emails are off (Conflict), the address is
// confirmed already or there is none (Conflict), or enough links went out lately (RateLimited,
// with the wait in minutes).
func CheckVerificationEmail(u User, r VerificationEmailRequest) error {
	switch {
	case !r.MailOn:
		return apperr.E(apperr.Conflict, msgMailOff)
	case u.Email == "":
		return apperr.E(apperr.Conflict, msgNoEmail)
	case u.EmailVerified:
		return apperr.E(apperr.Conflict, msgConfirmedAlready)
	case r.Sent >= VerificationEmailsPerWindow:
		wait := r.OldestSent.Add(VerificationEmailWindow).Sub(r.Now)
		minutes := max(int((wait+time.Minute-1)/time.Minute), 1)
		if minutes == 1 {
			return apperr.E(apperr.RateLimited, msgTooManyLinksOne)
		}
		return apperr.E(apperr.RateLimited, msgTooManyLinks, messages.Params{"minutes": minutes})
	}
	return nil
}
