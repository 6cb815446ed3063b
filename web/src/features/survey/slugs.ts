// The survey's step slugs, exactly as the spec and the iOS app spell them (typos included:
// "discribe-diagnosis", "how-would-you-like-agave"). They are addresses and stored keys, so they
// must never be "corrected" here; fix spelling only in the copy a member reads.

export const surveySlugs = [
  'progress-basic',
  'name-and-birth',
  'ios-only',
  'coach-welcome',
  'how-you-identify',
  'live-state',
  'whats-your-motivation',
  'did-you-know-currently-diagnosed',
  'have-you-experienced-adhd',
  'how-would-you-like-agave',
  'process-personalize',
  'discribe-diagnosis',
  'rate-affect-life',
  'how-manage-adhd',
  'did-you-know-cbt',
  'your-challenge-is',
  'what-apply-to-you',
  'lets-better-understand-prompt',
  'how-often-trouble-wrapping',
  'trouble-order',
  'trouble-appointment',
  'trouble-thought',
  'fidget',
  'overly-active-motor',
  'score-screen',
  'progress-coach',
  'what-help-need',
  'pre-account',
  'account',
  'meet-your-coach',
  'testimonials',
  'plan-recommendation',
  'plan-preview',
  'thank-you-page',
] as const;

export type SurveySlug = (typeof surveySlugs)[number];

const known: ReadonlySet<string> = new Set(surveySlugs);

/** isSurveySlug tells whether an address segment names a survey step. */
export function isSurveySlug(slug: string | undefined): slug is SurveySlug {
  return slug !== undefined && known.has(slug);
}
