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

	// Password recovery and the account page (recovery.go).
	msgForgotLink                = "signin.forgot"
	msgForgotPageTitle           = "forgot.pageTitle"
	msgForgotTitle               = "forgot.title"
	msgForgotLead                = "forgot.lead"
	msgForgotButton              = "forgot.button"
	msgForgotRemembered          = "forgot.remembered"
	msgForgotSignIn              = "forgot.signIn"
	msgForgotSentPageTitle       = "forgot.sentPageTitle"
	msgForgotSentTitle           = "forgot.sentTitle"
	msgForgotSentBody            = "forgot.sentBody"
	msgForgotSentHelp            = "forgot.sentHelp"
	msgForgotSentAgain           = "forgot.sentAgain"
	msgForgotSentAgainLink       = "forgot.sentAgainLink"
	msgForgotBack                = "forgot.back"
	msgMailOffPageTitle          = "forgot.mailOffPageTitle"
	msgMailOffTitle              = "forgot.mailOffTitle"
	msgMailOffBody               = "forgot.mailOffBody"
	msgResetPageTitle            = "reset.pageTitle"
	msgResetTitle                = "reset.title"
	msgResetLead                 = "reset.lead"
	msgResetButton               = "reset.button"
	msgResetExpiredPageTitle     = "reset.expiredPageTitle"
	msgResetExpiredTitle         = "reset.expiredTitle"
	msgResetExpiredBody          = "reset.expiredBody"
	msgResetExpiredLink          = "reset.expiredLink"
	msgAccountPageTitle          = "account.pageTitle"
	msgAccountTitle              = "account.title"
	msgAccountLead               = "account.lead"
	msgAccountChanged            = "account.changed"
	msgAccountPasswordHeading    = "account.passwordHeading"
	msgAccountPasswordText       = "account.passwordText"
	msgAccountPasswordLink       = "account.passwordLink"
	msgAccountEverywhereHeading  = "account.everywhereHeading"
	msgAccountEverywhereText     = "account.everywhereText"
	msgAccountEverywhereButton   = "account.everywhereButton"
	msgAccountBack               = "account.back"
	msgChangePageTitle           = "password.pageTitle"
	msgChangeTitle               = "password.title"
	msgChangeLead                = "password.lead"
	msgChangeButton              = "password.button"
	msgChangeCancel              = "password.cancel"
	msgChangeCancelLink          = "password.cancelLink"
	msgCurrentPasswordLabel      = "field.currentPassword"
	msgReplacementPasswordLabel  = "field.replacementPassword"
	msgCurrentPasswordMissing    = "error.currentPasswordMissing"
	msgCurrentPasswordWrong      = "error.currentPasswordWrong"
	msgNewPasswordMissing        = "error.newPasswordMissing"
	msgSignedOutEverywherePage   = "everywhere.pageTitle"
	msgSignedOutEverywhereTitle  = "everywhere.title"
	msgSignedOutEverywhereBody   = "everywhere.body"
	msgSignedOutEverywhereButton = "everywhere.back"

	// Email verification, and sign-up's "check your inbox" (verification.go). %[2]v is the email
	// the page is about.
	msgCheckInboxPageTitle   = "verify.checkInboxPageTitle"
	msgCheckInboxTitle       = "verify.checkInboxTitle"
	msgCheckInboxBody        = "verify.checkInboxBody"
	msgCheckInboxContinue    = "verify.continue"
	msgContinueSignInTitle   = "verify.continueSignInTitle"
	msgContinueSignInLead    = "verify.continueSignInLead"
	msgVerifiedPageTitle     = "verify.donePageTitle"
	msgVerifiedTitle         = "verify.doneTitle"
	msgVerifiedBody          = "verify.doneBody"
	msgVerifiedBack          = "verify.doneBack"
	msgVerifyLinkPageTitle   = "verify.linkPageTitle"
	msgVerifyLinkTitle       = "verify.linkTitle"
	msgVerifyLinkBody        = "verify.linkBody"
	msgVerifyFailedPageTitle = "verify.failedPageTitle"
	msgVerifyFailedTitle     = "verify.failedTitle"
	msgVerifyBack            = "verify.back"
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

	// Password recovery and the account page. %[2]v is the email the page is about.
	msgForgotLink:                "Forgot your password?",
	msgForgotPageTitle:           "Reset your password",
	msgForgotTitle:               "Forgot your password?",
	msgForgotLead:                "No problem. Tell us the email you signed up with, and we'll send you a link to choose a new password.",
	msgForgotButton:              "Send me a link",
	msgForgotRemembered:          "Remembered it?",
	msgForgotSignIn:              "Sign in",
	msgForgotSentPageTitle:       "Check your email",
	msgForgotSentTitle:           "Check your email",
	msgForgotSentBody:            "If there's an account for %[2]v, we've sent it a link to choose a new password. The link works for 30 minutes.",
	msgForgotSentHelp:            "Nothing there after a few minutes? Have a look in your spam folder.",
	msgForgotSentAgain:           "Still nothing?",
	msgForgotSentAgainLink:       "Send another link",
	msgForgotBack:                "Back to sign in",
	msgMailOffPageTitle:          "Email isn't set up",
	msgMailOffTitle:              "We can't send email yet",
	msgMailOffBody:               "Resetting a password works by email, and email isn't set up here yet. Please contact the %[1]s team, and they'll help you get back in.",
	msgResetPageTitle:            "Choose a new password",
	msgResetTitle:                "Choose a new password",
	msgResetLead:                 "For %[2]v. Once it's saved, you're signed in here and signed out everywhere else.",
	msgResetButton:               "Save my new password",
	msgResetExpiredPageTitle:     "Reset link problem",
	msgResetExpiredTitle:         "This link doesn't work any more",
	msgResetExpiredBody:          "Reset links work once, for 30 minutes. Ask for a new one, and we'll send it right away.",
	msgResetExpiredLink:          "Ask for a new link",
	msgAccountPageTitle:          "Your account",
	msgAccountTitle:              "Your account",
	msgAccountLead:               "You're signed in as %[2]v.",
	msgAccountChanged:            "Your password is changed. We've signed you out everywhere else.",
	msgAccountPasswordHeading:    "Password",
	msgAccountPasswordText:       "You can choose a new password at any time.",
	msgAccountPasswordLink:       "Change password",
	msgAccountEverywhereHeading:  "Sign out everywhere",
	msgAccountEverywhereText:     "This signs you out on every phone, tablet and computer, this one too. It helps if you lost a device or signed in somewhere shared.",
	msgAccountEverywhereButton:   "Sign out everywhere",
	msgAccountBack:               "Back to %[1]s",
	msgChangePageTitle:           "Change your password",
	msgChangeTitle:               "Change your password",
	msgChangeLead:                "Once it's saved, you stay signed in here and we sign you out everywhere else.",
	msgChangeButton:              "Change password",
	msgChangeCancel:              "Changed your mind?",
	msgChangeCancelLink:          "Back to your account",
	msgCurrentPasswordLabel:      "Current password",
	msgReplacementPasswordLabel:  "New password",
	msgCurrentPasswordMissing:    "Enter your current password.",
	msgCurrentPasswordWrong:      "That isn't your current password.",
	msgNewPasswordMissing:        "Enter a new password.",
	msgSignedOutEverywherePage:   "Signed out everywhere",
	msgSignedOutEverywhereTitle:  "You're signed out everywhere",
	msgSignedOutEverywhereBody:   "We've signed you out on every device, this one too. Sign in again whenever you're ready.",
	msgSignedOutEverywhereButton: "Back to %[1]s",

	// Email verification, and sign-up's "check your inbox". %[2]v is the email the page is about;
	// in msgVerifyLinkBody, %[2]d is the link's lifetime in days.
	msgCheckInboxPageTitle:   "Check your inbox",
	msgCheckInboxTitle:       "Check your inbox",
	msgCheckInboxBody:        "We've sent a link to confirm %[2]v. You can carry on now.",
	msgCheckInboxContinue:    "Continue",
	msgContinueSignInTitle:   "Sign in to carry on",
	msgContinueSignInLead:    "Please sign in with your email and password to carry on with %[1]s.",
	msgVerifiedPageTitle:     "Email confirmed",
	msgVerifiedTitle:         "Your email is confirmed",
	msgVerifiedBody:          "Thank you, that's all we needed. You can go back to %[1]s now.",
	msgVerifiedBack:          "Back to %[1]s",
	msgVerifyLinkPageTitle:   "Confirmation link problem",
	msgVerifyLinkTitle:       "This link doesn't work any more",
	msgVerifyLinkBody:        "It may have been used already, or it's more than %[2]d days old. If you've confirmed your email before, you're all set. If not, you can ask for a new link in %[1]s.",
	msgVerifyFailedPageTitle: "Email not confirmed",
	msgVerifyFailedTitle:     "We couldn't confirm your email just now",
	msgVerifyBack:            "Back to %[1]s",
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
