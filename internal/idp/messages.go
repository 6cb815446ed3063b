package idp

import "wayfinder/internal/messages"

// The message keys of the hosted pages. Every word a person reads on them comes from the server's
// one catalog (internal/messages), so the copy can be reviewed in one place and translated later.
// {brand} is the brand name wherever it appears, which catalog.T fills in; {email} is the email a
// page is about, {minutes} the wait of the rate limit or a reset link's lifetime, and {days} a
// confirmation link's lifetime.
const (
	msgSignInTitle       messages.Key = "idp.signin.title"
	msgSignInLead        messages.Key = "idp.signin.lead"
	msgSignInButton      messages.Key = "idp.signin.button"
	msgSignInSwitch      messages.Key = "idp.signin.switch"
	msgSignInSwitchLink  messages.Key = "idp.signin.switchLink"
	msgSignUpTitle       messages.Key = "idp.signup.title"
	msgSignUpLead        messages.Key = "idp.signup.lead"
	msgSignUpButton      messages.Key = "idp.signup.button"
	msgSignUpSwitch      messages.Key = "idp.signup.switch"
	msgSignUpSwitchLink  messages.Key = "idp.signup.switchLink"
	msgEmailLabel        messages.Key = "idp.field.email"
	msgPasswordLabel     messages.Key = "idp.field.password"
	msgNewPasswordLabel  messages.Key = "idp.field.newPassword"
	msgNewPasswordHint   messages.Key = "idp.field.newPasswordHint"
	msgErrorSummary      messages.Key = "idp.error.summary"
	msgEmailMissing      messages.Key = "idp.error.emailMissing"
	msgEmailInvalid      messages.Key = "idp.error.emailInvalid"
	msgPasswordMissing   messages.Key = "idp.error.passwordMissing"
	msgPasswordShort     messages.Key = "idp.error.passwordShort"
	msgPasswordLong      messages.Key = "idp.error.passwordLong"
	msgPasswordCommon    messages.Key = "idp.error.passwordCommon"
	msgPasswordIsEmail   messages.Key = "idp.error.passwordIsEmail"
	msgWrongCredentials  messages.Key = "idp.error.wrongCredentials"
	msgTooManyAttempts   messages.Key = "idp.error.tooManyAttempts"
	msgTooManyAttempts1  messages.Key = "idp.error.tooManyAttemptsOne"
	msgSomethingWrong    messages.Key = "idp.error.somethingWrong"
	msgRequestTitle      messages.Key = "idp.request.title"
	msgRequestBody       messages.Key = "idp.request.body"
	msgRequestBack       messages.Key = "idp.request.back"
	msgSignedOutTitle    messages.Key = "idp.signedout.title"
	msgSignedOutBody     messages.Key = "idp.signedout.body"
	msgSignedOutBack     messages.Key = "idp.signedout.back"
	msgSkipToContent     messages.Key = "idp.page.skip"
	msgHomeLink          messages.Key = "idp.page.home"
	msgPageTitleSuffix   messages.Key = "idp.page.titleSuffix"
	msgErrorTitlePrefix  messages.Key = "idp.page.errorTitlePrefix"
	msgSignInTitleShort  messages.Key = "idp.signin.pageTitle"
	msgSignUpTitleShort  messages.Key = "idp.signup.pageTitle"
	msgRequestTitleShort messages.Key = "idp.request.pageTitle"

	// Password recovery and the account page (recovery.go).
	msgForgotLink                messages.Key = "idp.signin.forgot"
	msgForgotPageTitle           messages.Key = "idp.forgot.pageTitle"
	msgForgotTitle               messages.Key = "idp.forgot.title"
	msgForgotLead                messages.Key = "idp.forgot.lead"
	msgForgotButton              messages.Key = "idp.forgot.button"
	msgForgotRemembered          messages.Key = "idp.forgot.remembered"
	msgForgotSignIn              messages.Key = "idp.forgot.signIn"
	msgForgotSentPageTitle       messages.Key = "idp.forgot.sentPageTitle"
	msgForgotSentTitle           messages.Key = "idp.forgot.sentTitle"
	msgForgotSentBody            messages.Key = "idp.forgot.sentBody"
	msgForgotSentHelp            messages.Key = "idp.forgot.sentHelp"
	msgForgotSentAgain           messages.Key = "idp.forgot.sentAgain"
	msgForgotSentAgainLink       messages.Key = "idp.forgot.sentAgainLink"
	msgForgotBack                messages.Key = "idp.forgot.back"
	msgMailOffPageTitle          messages.Key = "idp.forgot.mailOffPageTitle"
	msgMailOffTitle              messages.Key = "idp.forgot.mailOffTitle"
	msgMailOffBody               messages.Key = "idp.forgot.mailOffBody"
	msgResetPageTitle            messages.Key = "idp.reset.pageTitle"
	msgResetTitle                messages.Key = "idp.reset.title"
	msgResetLead                 messages.Key = "idp.reset.lead"
	msgResetButton               messages.Key = "idp.reset.button"
	msgResetExpiredPageTitle     messages.Key = "idp.reset.expiredPageTitle"
	msgResetExpiredTitle         messages.Key = "idp.reset.expiredTitle"
	msgResetExpiredBody          messages.Key = "idp.reset.expiredBody"
	msgResetExpiredLink          messages.Key = "idp.reset.expiredLink"
	msgAccountPageTitle          messages.Key = "idp.account.pageTitle"
	msgAccountTitle              messages.Key = "idp.account.title"
	msgAccountLead               messages.Key = "idp.account.lead"
	msgAccountChanged            messages.Key = "idp.account.changed"
	msgAccountPasswordHeading    messages.Key = "idp.account.passwordHeading"
	msgAccountPasswordText       messages.Key = "idp.account.passwordText"
	msgAccountPasswordLink       messages.Key = "idp.account.passwordLink"
	msgAccountEverywhereHeading  messages.Key = "idp.account.everywhereHeading"
	msgAccountEverywhereText     messages.Key = "idp.account.everywhereText"
	msgAccountEverywhereButton   messages.Key = "idp.account.everywhereButton"
	msgAccountBack               messages.Key = "idp.account.back"
	msgChangePageTitle           messages.Key = "idp.password.pageTitle"
	msgChangeTitle               messages.Key = "idp.password.title"
	msgChangeLead                messages.Key = "idp.password.lead"
	msgChangeButton              messages.Key = "idp.password.button"
	msgChangeCancel              messages.Key = "idp.password.cancel"
	msgChangeCancelLink          messages.Key = "idp.password.cancelLink"
	msgCurrentPasswordLabel      messages.Key = "idp.field.currentPassword"
	msgReplacementPasswordLabel  messages.Key = "idp.field.replacementPassword"
	msgCurrentPasswordMissing    messages.Key = "idp.error.currentPasswordMissing"
	msgCurrentPasswordWrong      messages.Key = "idp.error.currentPasswordWrong"
	msgNewPasswordMissing        messages.Key = "idp.error.newPasswordMissing"
	msgSignedOutEverywherePage   messages.Key = "idp.everywhere.pageTitle"
	msgSignedOutEverywhereTitle  messages.Key = "idp.everywhere.title"
	msgSignedOutEverywhereBody   messages.Key = "idp.everywhere.body"
	msgSignedOutEverywhereButton messages.Key = "idp.everywhere.back"

	// Email verification, and sign-up's "check your inbox" (verification.go).
	msgCheckInboxPageTitle   messages.Key = "idp.verify.checkInboxPageTitle"
	msgCheckInboxTitle       messages.Key = "idp.verify.checkInboxTitle"
	msgCheckInboxBody        messages.Key = "idp.verify.checkInboxBody"
	msgCheckInboxContinue    messages.Key = "idp.verify.continue"
	msgContinueSignInTitle   messages.Key = "idp.verify.continueSignInTitle"
	msgContinueSignInLead    messages.Key = "idp.verify.continueSignInLead"
	msgVerifiedPageTitle     messages.Key = "idp.verify.donePageTitle"
	msgVerifiedTitle         messages.Key = "idp.verify.doneTitle"
	msgVerifiedBody          messages.Key = "idp.verify.doneBody"
	msgVerifiedBack          messages.Key = "idp.verify.doneBack"
	msgVerifyLinkPageTitle   messages.Key = "idp.verify.linkPageTitle"
	msgVerifyLinkTitle       messages.Key = "idp.verify.linkTitle"
	msgVerifyLinkBody        messages.Key = "idp.verify.linkBody"
	msgVerifyFailedPageTitle messages.Key = "idp.verify.failedPageTitle"
	msgVerifyFailedTitle     messages.Key = "idp.verify.failedTitle"
	msgVerifyBack            messages.Key = "idp.verify.back"

	// The details of the account administration's errors (accounts.go), which the command line
	// shows, and of a configuration the provider refuses (idp.go).
	msgAccountExists      messages.Key = "api.idp.accountExists"
	msgPasswordPolicy     messages.Key = "api.idp.passwordPolicy"
	msgCredentialsInvalid messages.Key = "api.idp.credentialsInvalid"
	msgSignInTooSlow      messages.Key = "api.idp.signInTooSlow"
	msgRoleUnknown        messages.Key = "api.idp.roleUnknown"
	msgRoleField          messages.Key = "api.idp.roleField"
	msgSettingsInvalid    messages.Key = "api.idp.settingsInvalid"
	msgSettingURL         messages.Key = "api.idp.settingURL"
	msgSettingRequired    messages.Key = "api.idp.settingRequired"
	msgSettingSecretShort messages.Key = "api.idp.settingSecretShort"
	msgSettingRedirectURI messages.Key = "api.idp.settingRedirectURI"
)

// catalog renders the pages' messages in one language, with the brand name filled in.
type catalog struct {
	lang  *messages.Catalog
	brand string
}

// T returns the message of key with the brand name and params filled in. An unknown key shows as
// itself, so a missing message is visible in review rather than blank.
func (c catalog) T(key messages.Key, params ...messages.Params) string {
	return c.lang.T(key, append([]messages.Params{{"brand": c.brand}}, params...)...)
}

// language is the catalog's language, for the pages' lang attribute.
func (c catalog) language() string { return c.lang.Language() }
