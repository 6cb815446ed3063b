package idp

import "wayfinder/internal/idp/idpstore"

// AttemptKeys returns the keys under which the sign-in limits count attempts for email: the
// account's own, and that of the reset links asked for it. A member who closes their account has
// these records removed with it (internal/privacy). The keys of the email tried from one address
// mix in the address, which is not kept, so they cannot be named and expire with the limits'
// memory instead; being hashes under this server's secret, they say nothing of the email.
func (a *Accounts) AttemptKeys(email string) []string {
	email = normalizeEmail(email)
	if email == "" {
		return nil
	}
	return []string{
		a.attemptKey(idpstore.AttemptScopeAccount, email),
		a.attemptKey(idpstore.AttemptScopeReset, "email\x00"+email),
	}
}
