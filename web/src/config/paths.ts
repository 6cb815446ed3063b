// The route table: every path the app links to or matches lives here, so a renamed path is one
// edit. Slugs and paths are a contract with the iOS app and with stored data; keep them exactly.

const account = '/account';

export const paths = {
  home: '/',
  register: '/register',
  /** noGo is the crisis-support page a member reaches after telling us about thoughts of self-harm. */
  noGo: '/we-are-sorry-no-go',
  chat: '/chat',
  /** signInProblem is where the server sends a sign-in that did not finish (?reason=<code>). */
  signInProblem: '/sign-in-problem',
  /** terms and privacy are the legal pages the sign-up form links to. */
  terms: '/terms',
  privacy: '/privacy',
  /** goodbye is where a member lands once their account is deleted. */
  goodbye: '/goodbye',
  /** surveyStep is the pattern of one survey step; build a real path with surveyStepPath. */
  surveyStep: '/:slug',
  /**
   * staff is the staff app. Only its area is known here: its own addresses live with it, so none of
   * it ships with the member's first screen.
   */
  staff: {
    root: '/staff',
    /** area matches /staff and every path inside it. */
    area: '/staff/*?',
  },
  account: {
    root: account,
    meetYourCoach: `${account}/meet-your-coach`,
    planRecommendation: `${account}/plan-recommendation`,
    planPreview: `${account}/plan-preview`,
    checkout: `${account}/checkout`,
    paymentResponse: `${account}/payment-response`,
    downloadApp: `${account}/download-app`,
    finish: `${account}/finish`,
    /** thankYou shows the same crisis-support page as noGo. */
    thankYou: `${account}/thank-you`,
    /** area matches the account area's index and every path inside it. */
    area: `${account}/*?`,
  },
} as const;

/** surveyStepPath is the address of one survey step. */
export function surveyStepPath(slug: string): string {
  return `/${encodeURIComponent(slug)}`;
}

/**
 * usesMinimalChrome tells whether a path hides the top bar on phones. The finish screen is the
 * hand-off to the app and gets the whole small screen.
 */
export function usesMinimalChrome(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === paths.account.finish;
}
