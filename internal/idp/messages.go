package idp

import (
	"fmt"
	"strings"
)

// The message keys of the hosted pages. Every word a person reads on them comes from messages, one
// catalog, so the copy can be reviewed in one place and translated later.
const (
	msgSignInTitle       = "signin.title"
	msgSignInLead        = "signin.lead"
	msgSignInButton      = "signin.button"
	msgSignInSwitch      = "signin.switch"
	msgSignInSwitchLink  = "signin.switchLink"
	msgSignUpTitle       = "signup.title"
	msgSignUpLead        = "signup.lead"
	msgSignUpButton      = "signup.button"
	msgSignUpSwitch      = "signup.switch"
	msgSignUpSwitchLink  = "signup.switchLink"
	msgEmailLabel        = "field.email"
	msgPasswordLabel     = "field.password"
	msgNewPasswordLabel  = "field.newPassword"
	msgNewPasswordHint   = "field.newPasswordHint"
	msgErrorSummary      = "error.summary"
	msgEmailMissing      = "error.emailMissing"
	msgEmailInvalid      = "error.emailInvalid"
	msgPasswordMissing   = "error.passwordMissing"
	msgPasswordShort     = "error.passwordShort"
	msgPasswordLong      = "error.passwordLong"
	msgPasswordCommon    = "error.passwordCommon"
	msgPasswordIsEmail   = "error.passwordIsEmail"
	msgWrongCredentials  = "error.wrongCredentials"
	msgEmailTaken        = "error.emailTaken"
	msgEmailTakenLink    = "error.emailTakenLink"
	msgTooManyAttempts   = "error.tooManyAttempts"
	msgTooManyAttempts1  = "error.tooManyAttemptsOne"
	msgSomethingWrong    = "error.somethingWrong"
	msgRequestTitle      = "request.title"
	msgRequestBody       = "request.body"
	msgRequestBack       = "request.back"
	msgSignedOutTitle    = "signedout.title"
	msgSignedOutBody     = "signedout.body"
	msgSignedOutBack     = "signedout.back"
	msgSkipToContent     = "page.skip"
	msgHomeLink          = "page.home"
	msgPageTitleSuffix   = "page.titleSuffix"
	msgErrorTitlePrefix  = "page.errorTitlePrefix"
	msgSignInTitleShort  = "signin.pageTitle"
	msgSignUpTitleShort  = "signup.pageTitle"
	msgRequestTitleShort = "request.pageTitle"
)

// messages is the English copy. %[1]s is the brand name wherever it appears; the rate-limit
// message takes the minutes as %[2]d. The readers may have ADHD: short, warm, plain sentences.
var messages = map[string]string{
	msgSignInTitle:       "Welcome back",
	msgSignInLead:        "Sign in to pick up where you left off with %[1]s.",
	msgSignInButton:      "Sign in",
	msgSignInSwitch:      "New to %[1]s?",
	msgSignInSwitchLink:  "Create an account",
	msgSignUpTitle:       "Create your account",
	msgSignUpLead:        "It takes a minute. Then %[1]s will guide you step by step.",
	msgSignUpButton:      "Create account",
	msgSignUpSwitch:      "Already have an account?",
	msgSignUpSwitchLink:  "Sign in",
	msgEmailLabel:        "Email",
	msgPasswordLabel:     "Password",
	msgNewPasswordLabel:  "Choose a password",
	msgNewPasswordHint:   "At least 10 characters. A few words you'll remember work well, like “purple lamp river song”.",
	msgErrorSummary:      "Please check this",
	msgEmailMissing:      "Enter your email address.",
	msgEmailInvalid:      "Enter an email address like name@example.com.",
	msgPasswordMissing:   "Enter your password.",
	msgPasswordShort:     "Use at least 10 characters.",
	msgPasswordLong:      "Use 128 characters or fewer.",
	msgPasswordCommon:    "That password is too easy to guess. Try a few words you'll remember.",
	msgPasswordIsEmail:   "Your password can't be your email. Try a few words you'll remember.",
	msgWrongCredentials:  "Wrong email or password",
	msgEmailTaken:        "There's already an account with this email.",
	msgEmailTakenLink:    "Sign in instead",
	msgTooManyAttempts:   "Too many attempts. Please take a breather and try again in %[2]d minutes.",
	msgTooManyAttempts1:  "Too many attempts. Please take a breather and try again in 1 minute.",
	msgSomethingWrong:    "Something went wrong on our side. Please try again in a moment.",
	msgRequestTitle:      "This sign-in link doesn't work",
	msgRequestBody:       "It may be old or incomplete. Go back to %[1]s and choose Sign in again.",
	msgRequestBack:       "Back to %[1]s",
	msgSignedOutTitle:    "You're signed out",
	msgSignedOutBody:     "See you soon. You can close this page or go back to %[1]s.",
	msgSignedOutBack:     "Back to %[1]s",
	msgSkipToContent:     "Skip to content",
	msgHomeLink:          "%[1]s home",
	msgPageTitleSuffix:   " – %[1]s",
	msgErrorTitlePrefix:  "Error: ",
	msgSignInTitleShort:  "Sign in",
	msgSignUpTitleShort:  "Create your account",
	msgRequestTitleShort: "Sign-in link problem",
}

// catalog renders messages with the brand name.
type catalog struct{ brand string }

// T returns the message of key with the brand name (and any extra arguments) filled in. An unknown
// key shows as itself, so a missing message is visible in review rather than blank.
func (c catalog) T(key string, args ...any) string {
	m, ok := messages[key]
	if !ok {
		return key
	}
	if !strings.Contains(m, "%") {
		return m
	}
	return fmt.Sprintf(m, append([]any{c.brand}, args...)...)
}
