package httpapi

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// IdentityProvider is the embedded OpenID provider's HTTP surface (internal/idp), mounted under
// /idp when no external provider is configured.
type IdentityProvider interface {
	Discovery(http.ResponseWriter, *http.Request)
	JWKS(http.ResponseWriter, *http.Request)
	Authorize(http.ResponseWriter, *http.Request)
	Token(http.ResponseWriter, *http.Request)
	Revoke(http.ResponseWriter, *http.Request)
	UserInfo(http.ResponseWriter, *http.Request)
	EndSession(http.ResponseWriter, *http.Request)
	Auth0Logout(http.ResponseWriter, *http.Request)
	LoginPage(http.ResponseWriter, *http.Request)
	LoginSubmit(http.ResponseWriter, *http.Request)
	SignupPage(http.ResponseWriter, *http.Request)
	SignupSubmit(http.ResponseWriter, *http.Request)
	Static(http.ResponseWriter, *http.Request)
	ForgotPage(http.ResponseWriter, *http.Request)
	ForgotSubmit(http.ResponseWriter, *http.Request)
	ResetPage(http.ResponseWriter, *http.Request)
	ResetSubmit(http.ResponseWriter, *http.Request)
	AccountPage(http.ResponseWriter, *http.Request)
	ChangePasswordPage(http.ResponseWriter, *http.Request)
	ChangePasswordSubmit(http.ResponseWriter, *http.Request)
	SignOutEverywhere(http.ResponseWriter, *http.Request)
	VerifyEmail(http.ResponseWriter, *http.Request)
	ContinueAfterSignUp(http.ResponseWriter, *http.Request)
}

// Route is one route of the embedded provider: a ServeMux pattern and its handler.
type Route struct {
	Pattern string
	Handler http.HandlerFunc
}

// IdentityProviderRoutes are the embedded provider's routes, for routes below and for the
// provider's own tests. Its endpoints are under /idp, the issuer's path; the iOS app's Auth0 client
// (spec §7) calls four of them at the paths Auth0 serves them, so those answer there too.
func IdentityProviderRoutes(p IdentityProvider) []Route {
	return []Route{
		{"GET /idp/.well-known/openid-configuration", p.Discovery},
		{"GET /idp/jwks.json", p.JWKS},
		{"GET /idp/authorize", p.Authorize},
		{"POST /idp/authorize", p.Authorize},
		{"POST /idp/token", p.Token},
		{"POST /idp/revoke", p.Revoke},
		{"GET /idp/userinfo", p.UserInfo},
		{"POST /idp/userinfo", p.UserInfo},
		{"GET /idp/logout", p.EndSession},
		{"POST /idp/logout", p.EndSession},
		{"GET /idp/login", p.LoginPage},
		{"POST /idp/login", p.LoginSubmit},
		{"GET /idp/signup", p.SignupPage},
		{"POST /idp/signup", p.SignupSubmit},
		{"GET /idp/static/{file}", p.Static},
		// A forgotten password, by email; the signed-in member's account page.
		{"GET /idp/forgot", p.ForgotPage},
		{"POST /idp/forgot", p.ForgotSubmit},
		{"GET /idp/reset", p.ResetPage},
		{"POST /idp/reset", p.ResetSubmit},
		{"GET /idp/account", p.AccountPage},
		{"GET /idp/account/password", p.ChangePasswordPage},
		{"POST /idp/account/password", p.ChangePasswordSubmit},
		{"POST /idp/account/sign-out-everywhere", p.SignOutEverywhere},
		// The emailed link that confirms an address; sign-up's "check your inbox" carries on here.
		{"GET /idp/verify", p.VerifyEmail},
		{"GET /idp/continue", p.ContinueAfterSignUp},
		// Auth0's paths.
		{"GET /authorize", p.Authorize},
		{"POST /oauth/token", p.Token},
		{"POST /oauth/revoke", p.Revoke},
		{"GET /v2/logout", p.Auth0Logout},
	}
}

// routes is the one list of every route the server answers.
func (s *server) routes(rt *router) {
	rt.handle("GET /healthz", s.healthz)
	rt.handle("GET /readyz", s.readyz)
	// With an admin address, /metrics is answered there; here it is not found, rather than left to
	// the app's pages.
	metrics := http.NotFound
	if s.gather != nil {
		metrics = promhttp.HandlerFor(s.gather, promhttp.HandlerOpts{}).ServeHTTP
	}
	rt.handle("GET /metrics", metrics)

	// This API's OpenAPI document, public like any API description.
	rt.handle("GET /api/openapi.json", s.openAPI.ServeHTTP)

	// The member API. Every route runs behind Authenticate, which accepts a web session cookie or
	// a bearer token (the iOS app, the native shell).
	rt.handle("GET /api/user/me", s.signedIn(s.me))
	// A member of the embedded provider asks for a new link to confirm their email address.
	rt.handle("POST /api/user/verification-email", s.signedIn(s.sendVerificationEmail))
	// A member's rights over their own data: a copy of all of it, and closing the account.
	if s.privacy != nil {
		rt.handle("GET /api/user/me/export", s.signedIn(s.exportMyData))
		rt.handle("DELETE /api/user/me", s.signedIn(s.deleteMyAccount))
	}
	// The Android waitlist: a member leaves an address to hear, once, when the app is on Android.
	if s.waitlist != nil {
		rt.handle("GET /api/user/me/android-waitlist", s.signedIn(s.myWaitlist))
		rt.handle("PUT /api/user/me/android-waitlist", s.signedIn(s.joinWaitlist))
		rt.handle("DELETE /api/user/me/android-waitlist", s.signedIn(s.leaveWaitlist))
	}

	// The guided survey. The definition is public because the first steps come before sign-up;
	// answers are only ever the signed-in caller's own.
	if s.onboarding != nil {
		rt.handle("GET /api/onboarding/definition", s.surveyDef.ServeHTTP)
		rt.handle("PUT /api/onboarding/survey", s.signedIn(s.saveSurvey))
		rt.handle("GET /api/onboarding/survey", s.signedIn(s.surveyAnswers))
	}

	// Coaches: the caller sees the coaches who can take them, best match first, and chooses one for
	// themselves. The paths are the iOS app's.
	if s.coaching != nil {
		rt.handle("GET /api/chat/list_coaches", s.signedIn(s.listCoaches))
		rt.handle("PUT /api/chat/me_switch_coach", s.signedIn(s.switchCoach))
	}

	// Plans and payment, offered on the sites of the payment variant. Stripe's webhook is public and
	// trusts only the signature; the test-mode checkout exists only in a demo without Stripe.
	if s.stripeEvents != nil {
		rt.handle("GET /api/billing/plans", s.signedIn(s.plans))
		rt.handle("POST /api/billing/checkout", s.signedIn(s.checkout))
		rt.handle("POST /api/billing/stripe-webhook", s.stripeWebhook)
		if s.testCheckouts != nil {
			rt.handle("GET /api/billing/test-checkout/{sessionId}", s.signedIn(s.testCheckout))
			rt.handle("POST /api/billing/test-checkout/{sessionId}/pay", s.signedIn(s.payTestCheckout))
		}
	}

	// The staff API: every route answers 401 to anonymous callers and 403 to members; the audit log
	// is for admins only. Each access to a member's data is audited by the back office.
	if s.backoffice != nil {
		rt.handle("GET /api/staff/members", s.staffOnly(s.staffMembers))
		rt.handle("GET /api/staff/members/{userId}", s.staffOnly(s.staffMember))
		rt.handle("PUT /api/staff/members/{userId}/profile", s.staffOnly(s.staffUpdateProfile))
		rt.handle("GET /api/staff/members/{userId}/picture", s.staffOnly(s.staffMemberPicture))
		rt.handle("PUT /api/staff/members/{userId}/picture", s.staffOnly(s.staffUploadPicture))
		rt.handle("DELETE /api/staff/members/{userId}/picture", s.staffOnly(s.staffRemovePicture))
		rt.handle("PUT /api/staff/members/{userId}/coach", s.staffOnly(s.staffSwitchCoach))
		rt.handle("GET /api/staff/safety", s.staffOnly(s.staffSafetyQueue))
		rt.handle("POST /api/staff/safety/{followUpId}/review", s.staffOnly(s.staffSafetyReview))
		rt.handle("POST /api/staff/safety/{followUpId}/reopen", s.staffOnly(s.staffSafetyReopen))
		rt.handle("GET /api/staff/coaches", s.staffOnly(s.staffCoaches))
		rt.handle("POST /api/staff/coaches", s.adminOnly(s.staffCreateCoach))
		rt.handle("PUT /api/staff/coaches/{coachId}", s.adminOnly(s.staffUpdateCoach))
		rt.handle("PUT /api/staff/coaches/{coachId}/portrait", s.adminOnly(s.staffUploadPortrait))
		rt.handle("GET /api/staff/audit", s.adminOnly(s.staffAudit))
		rt.handle("GET /api/staff/accounts", s.adminOnly(s.staffAccounts))
		rt.handle("PUT /api/staff/accounts", s.adminOnly(s.staffSetRole))
		rt.handle("GET /api/staff/plans", s.adminOnly(s.staffPlans))
		rt.handle("PATCH /api/staff/plans/{planId}", s.adminOnly(s.staffUpdatePlan))
		// Reports on members as a whole, never one member, under a privacy floor (insights).
		if s.insights != nil {
			rt.handle("GET /api/staff/insights/funnel", s.staffOnly(s.staffFunnel))
			rt.handle("GET /api/staff/insights/funnel/export", s.staffOnly(s.staffFunnelExport))
			rt.handle("GET /api/staff/insights/campaigns", s.staffOnly(s.staffCampaigns))
			rt.handle("GET /api/staff/insights/campaigns/export", s.staffOnly(s.staffCampaignsExport))
			rt.handle("GET /api/staff/insights/members/export", s.adminOnly(s.staffMembersExport))
		}
		if s.waitlist != nil {
			rt.handle("GET /api/staff/android-waitlist", s.staffOnly(s.staffWaitlist))
			rt.handle("GET /api/staff/android-waitlist/export", s.staffOnly(s.staffWaitlistExport))
		}
		// Outbound webhooks to the operator's systems: admins set up the endpoints and watch and
		// repeat the deliveries.
		if s.webhooks != nil {
			rt.handle("GET /api/staff/webhooks", s.adminOnly(s.staffWebhooks))
			rt.handle("POST /api/staff/webhooks", s.adminOnly(s.staffCreateWebhook))
			rt.handle("PUT /api/staff/webhooks/{endpointId}", s.adminOnly(s.staffUpdateWebhook))
			rt.handle("DELETE /api/staff/webhooks/{endpointId}", s.adminOnly(s.staffDeleteWebhook))
			rt.handle("POST /api/staff/webhooks/{endpointId}/secret", s.adminOnly(s.staffRotateWebhookSecret))
			rt.handle("GET /api/staff/webhooks/{endpointId}/deliveries", s.adminOnly(s.staffWebhookDeliveries))
			rt.handle("POST /api/staff/webhooks/{endpointId}/deliveries/{deliveryId}/resend", s.adminOnly(s.staffResendWebhook))
		}
		rt.handle("GET /api/user/picture", s.signedIn(s.myPicture))
		// Coaches' portraits, public like the coaches' other media.
		rt.handle("GET /media/{file}", s.portrait)
	}

	// Any other /api/ path, with any method, is a JSON 404: never the app's index.html.
	rt.Handle("/api/", http.HandlerFunc(s.notFound))

	// Web sign-in: this server is the OpenID client and the browser only holds a session cookie.
	rt.handle("GET /auth/login", s.auth.Login)
	rt.handle("GET /auth/callback", s.auth.Callback)
	rt.handle("POST /auth/logout", s.auth.Logout)

	// The embedded OpenID provider, when no external one is configured.
	if s.idp != nil {
		for _, r := range IdentityProviderRoutes(s.idp) {
			rt.handle(r.Pattern, r.Handler)
		}
		rt.Handle("/idp/", http.HandlerFunc(s.notFound))
	}

	// Everything else is the React app. It is registered without a method because "GET /" would
	// clash with the method-less "/api/" above; app answers other methods with a 405.
	rt.Handle("/", http.HandlerFunc(s.app))
}

// signedIn runs h for a signed-in caller and answers 401 otherwise.
func (s *server) signedIn(h http.HandlerFunc) http.HandlerFunc {
	return s.auth.Authenticate(s.auth.RequireUser(h)).ServeHTTP
}
