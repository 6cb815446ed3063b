// The text of the legal pages, in English: documents rather than interface copy, kept here so that
// only these pages load it. {brand} is filled from the runtime settings, as in the message catalog.

export const legalText = {
  updated: 'Last updated 22 November 2026',
  'terms.title': 'Terms and conditions',
  'terms.intro': 'These terms explain what {brand} offers and what we ask of you. We’ve kept them short and plain.',
  'terms.serviceHeading': 'What {brand} is',
  'terms.service1': '{brand} offers one-to-one coaching for adults who have ADHD or think they might.',
  'terms.service2':
    'Coaching is not medical care. Our coaches don’t diagnose, prescribe or treat. The questionnaire in sign-up is a screening, not a diagnosis.',
  'terms.emergencyHeading': 'Not for emergencies',
  'terms.emergency1':
    'If you are thinking about hurting yourself, call or text 988 any time, or chat at 988lifeline.org. If you are in immediate danger, call 911.',
  'terms.whoHeading': 'Who can join',
  'terms.who1': 'You must be 18 or older and live in the United States.',
  'terms.accountHeading': 'Your account',
  'terms.account1': 'Please give true details and keep your password to yourself. Tell us if you think someone else has used your account.',
  'terms.coachingHeading': 'Coaching',
  'terms.coaching1': 'You can switch coaches at any time. Please treat your coach with respect, as they will treat you.',
  'terms.paymentHeading': 'Paying',
  'terms.payment1': 'Before you pay for anything, we show you the price and what it includes. You can cancel a plan before its next period starts.',
  'terms.endingHeading': 'Leaving',
  'terms.ending1': 'You can close your account whenever you like. We may close an account that is used to harm others.',
  'terms.changesHeading': 'Changes to these terms',
  'terms.changes1': 'If we change these terms, we’ll tell you in the app before the change applies to you.',
  'privacy.title': 'Privacy policy',
  'privacy.intro': 'Your answers are personal. Here is what we keep, why we keep it, and what we will never do with it.',
  'privacy.keepHeading': 'What we keep',
  'privacy.keep1': 'Your account details: your name, email, date of birth, phone number if you give one, state and time zone.',
  'privacy.keep2': 'Your answers to the sign-up questions, your screening score, the coach you choose, and how you found us.',
  'privacy.useHeading': 'Why we keep it',
  'privacy.use1': 'To match you with a coach, to shape your coaching around you, and to keep you safe. Your coach sees what they need to help you.',
  'privacy.neverHeading': 'What we never do',
  'privacy.never1': 'We never sell your information, and we never share your answers with advertisers.',
  'privacy.never2': 'Our pages have no ad trackers or tracking pixels, and your answers never appear in web addresses.',
  'privacy.safeHeading': 'Keeping it safe',
  'privacy.safe1': 'Your information travels encrypted and is kept on our own servers. Only the people who need it for your care can see it.',
  'privacy.rightsHeading': 'Your choices',
  'privacy.rights1':
    'You can download a copy of your information, or delete your account, at any time. Sign in on this website, open the account menu (the round icon at the top right), and choose “Download my data” or “Delete my account”.',
  'privacy.rights2': 'If you use the {brand} app, sign in here with the same account: it is the same account, with the same choices.',
  'privacy.rights3':
    'Deleting removes your answers, your profile, your coach choice and your sign-in for good, and cancels any subscription. We keep only a note that an account was deleted, with none of your answers, and the payment records that our payment provider, Stripe, has to keep by law.',
} as const;

export type LegalTextKey = keyof typeof legalText;
