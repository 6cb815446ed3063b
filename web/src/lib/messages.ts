import { useCallback } from 'react';
import { useRuntimeConfig } from '@/config/runtime-context';

// All text a member reads lives in this catalog, keyed, so copy can be reviewed in one place and a
// second language is a second catalog of the same shape. Placeholders are written {name}; {brand}
// is always filled from the runtime settings, so no component spells the product's name.
//
// Copy rules: warm, plain, short sentences. Many readers have ADHD and some arrive in distress.
//
// The legal pages are documents rather than interface copy, and long ones: their text lives with
// them (features/legal/legal-text.ts), so no first screen carries it. The same goes for the coach
// chooser's, the plan's and the chat page's copy (features/coaches/messages.ts,
// features/plan/messages.ts, features/chat/messages.ts), and the staff app's (features/backoffice):
// this catalog ships with the first screen, and only those who get that far need theirs.

const en = {
  'app.skipToContent': 'Skip to main content',
  'app.homeLink': '{brand} home',
  'app.loading': 'One moment…',
  'app.loadingName': 'Loading',
  'app.documentTitle': '{page} · {brand}',
  'app.darkMode': 'Dark mode',
  'common.backHome': 'Back to home',
  'common.opensInNewTab': '(opens in a new tab)',

  'home.title': 'ADHD coaching for adults',
  'home.eyebrow': 'Welcome to {brand}',
  'home.heading': 'Coaching that works with your ADHD brain, not against it',
  'home.intro': 'One-to-one coaching for adults with ADHD. Practical, kind, and built around how you think.',
  'home.factLabel': 'Did you know?',
  'home.fact': 'Fewer than 20% of adults with ADHD are diagnosed and treated.',
  'home.factFollowUp': 'If things have felt harder than they should, you’re not alone. It isn’t a lack of effort.',
  'home.startHeading': 'Ready when you are',
  'home.startBody': 'Answer a few short questions, then choose a coach who gets it. One step at a time, at your own pace.',
  'home.getStarted': 'Get started',
  'home.haveAccount': 'Already have an account?',
  'home.signIn': 'Sign in',
  'home.welcomeBackHeading': 'Good to see you again',
  'home.welcomeBackBody': 'Pick up where you stopped, one step at a time.',
  'home.continue': 'Continue where you left off',
  'home.signedIn': 'You’re signed in.',
  'home.account': 'Your account',

  'register.title': 'Sign up',

  'auth.signOut': 'Sign out',
  'account.menu': 'Account',
  'auth.failedTitle': 'Something went wrong',
  'auth.failedHeading': 'Sorry, we couldn’t load your details',
  'auth.errorTitle': 'Error',
  'auth.fetchUserFailed': 'Unable to fetch user',
  'auth.signingOut': 'We’ll sign you out in a few seconds, so you can sign in again with a fresh start.',
  'auth.expiredTitle': 'Please reopen the app',
  'auth.expiredHeading': 'Please open this screen again from the app',
  'auth.expiredBody':
    'Your sign-in has run out, which happens now and then to keep your account safe. Go back to the app and open this screen again.',

  'signInProblem.title': 'Sign-in didn’t finish',
  'signInProblem.deniedHeading': 'You chose not to continue, and that’s fine',
  'signInProblem.deniedBody': 'Nothing has changed. Whenever you’re ready, you can start again with the button below.',
  'signInProblem.againHeading': 'Please sign in again',
  'signInProblem.againBody': 'To keep your account safe, we need you to sign in once more. It only takes a moment.',
  'signInProblem.staleHeading': 'That sign-in took a little too long',
  'signInProblem.staleBody':
    'Sign-in pages time out after a few minutes, or this one may have been opened in another tab. No harm done: just start again.',
  'signInProblem.otherHeading': 'Something went wrong on our side',
  'signInProblem.otherBody': 'Sorry, that’s on us, not you. Please try again. If it keeps happening, wait a few minutes and try once more.',
  'signInProblem.tryAgain': 'Try again',

  'survey.next': 'Next',
  'survey.back': 'Go back',
  'survey.chooseOne': 'Please choose an answer to go on.',
  'survey.chooseSome': 'Please choose at least one answer to go on.',
  'survey.chosenCount': '{count} of {max} chosen',
  'survey.maxReached': 'You can choose up to {max}. To pick a different one, untick one first.',
  'survey.exclusiveHint': 'Choosing this unticks your other answers.',
  'survey.exclusiveCleared': 'We unticked your other answers, since you chose “{option}”.',
  'survey.exclusiveUnticked': 'We unticked “{option}”, since you chose an answer.',
  'survey.saving': 'Saving…',
  'survey.saved': 'Saved',
  'survey.saveFailed': 'Not saved yet – retrying',
  'survey.refused': 'We couldn’t save that answer. Please check it and try again.',
  'survey.refusedStatus': 'One answer wasn’t saved.',
  'survey.refusedLink': 'Check that answer',
  'survey.changeDevice': 'Change my answer',
  'survey.finishQuestions': 'Answer the rest',


  'progress.label': 'Your progress',
  'progress.done': '(done)',
  'progress.questionOf': '{n} of {of}',

  'survey.nameAndBirth.firstName': 'First name',
  'survey.nameAndBirth.lastName': 'Last name',
  'survey.nameAndBirth.dateOfBirth': 'Date of birth',
  'survey.nameAndBirth.month': 'Month',
  'survey.nameAndBirth.day': 'Day',
  'survey.nameAndBirth.year': 'Year',
  'survey.nameAndBirth.adultsOnly': 'Our services are for adults aged {age} or older.',
  'survey.nameAndBirth.device': 'Which phone do you use?',
  'survey.nameAndBirth.iphone': 'iPhone',
  'survey.nameAndBirth.android': 'Android',
  'survey.nameAndBirth.termsBefore': 'I agree to the',
  'survey.nameAndBirth.terms': 'terms and conditions',
  'survey.nameAndBirth.termsBetween': 'and the',
  'survey.nameAndBirth.privacy': 'privacy policy',
  'survey.nameAndBirth.termsAfter': '.',
  'survey.nameAndBirth.firstNameMissing': 'Please add your first name.',
  'survey.nameAndBirth.lastNameMissing': 'Please add your last name.',
  'survey.nameAndBirth.deviceMissing': 'Please choose iPhone or Android.',
  'survey.nameAndBirth.termsMissing': 'Please tick the box to agree to the terms.',
  'survey.nameAndBirth.shortMonth': '{month} has only {days} days. Please check the day.',
  'survey.nameAndBirth.notLeapYear': '{year} wasn’t a leap year, so February had 28 days. Please check the date.',
  'survey.nameAndBirth.tooYoungTitle': 'Thank you for telling us',
  'survey.nameAndBirth.tooYoungBody': 'Our coaching is for adults aged {age} or older, so we can’t go on together just yet.',
  'survey.nameAndBirth.tooYoungHelp':
    'If ADHD makes things hard for you, a parent or guardian, a school counselor or your doctor can help you find support that fits your age.',
  'survey.nameAndBirth.tooYoungCrisis': 'If you’re struggling right now, you can call or text 988 any time.',
  'survey.nameAndBirth.call988': 'Call 988',
  'survey.nameAndBirth.tooYoungMistake': 'Picked the wrong date by mistake? Change it above.',

  'survey.liveState.label': 'State',
  'survey.liveState.choose': 'Choose your state',
  'survey.liveState.missing': 'Please choose your state.',

  'survey.score.meter': '{score} of 6 answers point to ADHD',
  'survey.score.missingTitle': 'A few answers are missing',
  'survey.score.missingBody': 'Your score needs all 6 questionnaire answers. It only takes a minute.',

  'survey.account.email': 'Email',
  'survey.account.emailNote': 'We’ll write to you at this address. It’s the one you signed in with.',
  'survey.account.phone': 'Phone number (optional)',
  'survey.account.phoneHint': 'Your coach can text you gentle reminders. Leave it empty if you’d rather not.',
  'survey.account.phoneInvalid': 'Please give a phone number of 7 to 20 digits, like +1 555 010 0199.',
  'survey.account.timeZone': 'Time zone',
  'survey.account.timeZoneHint': 'Your coach will suggest times in this zone.',

  'timeZone.America/New_York': 'Eastern (New York)',
  'timeZone.America/Chicago': 'Central (Chicago)',
  'timeZone.America/Denver': 'Mountain (Denver)',
  'timeZone.America/Phoenix': 'Arizona (Phoenix)',
  'timeZone.America/Los_Angeles': 'Pacific (Los Angeles)',
  'timeZone.America/Anchorage': 'Alaska (Anchorage)',
  'timeZone.Pacific/Honolulu': 'Hawaii (Honolulu)',

  'month.1': 'January',
  'month.2': 'February',
  'month.3': 'March',
  'month.4': 'April',
  'month.5': 'May',
  'month.6': 'June',
  'month.7': 'July',
  'month.8': 'August',
  'month.9': 'September',
  'month.10': 'October',
  'month.11': 'November',
  'month.12': 'December',

  'notFound.title': 'Not Found',
  'notFound.code': '404',
  'notFound.heading': 'Not Found',
  'notFound.body': 'The resource requested could not be found.',
  'notFound.link': 'Go back home',

  'failure.connection': 'We couldn’t reach {brand}. Check that you’re online, then try again.',
  'failure.server': 'The problem is on our side, not yours. Please try again in a minute.',
  'failure.reference': 'Reference: {id}',

  'routeError.title': 'Something went wrong',
  'routeError.heading': 'This page didn’t load',
  'routeError.body': 'It may be your connection. Check that you’re online, then try again.',
  'routeError.retry': 'Try again',

  'safety.title': 'Help is available now',
  'safety.heading': 'You matter, and help is available right now',
  'safety.intro':
    'Thank you for telling us. You don’t have to go through this alone: people trained to help are ready to listen, right now.',
  'safety.lifelineHeading': '988 Suicide & Crisis Lifeline',
  'safety.lifelineBody': 'Free and confidential, any time, day or night.',
  'safety.call988': 'Call 988',
  'safety.text988': 'Text 988',
  'safety.chat988': 'Chat online',
  'safety.dangerHeading': 'In immediate danger?',
  'safety.dangerBody': 'Call 911 now.',
  'safety.call911': 'Call 911',
  'safety.outsideUs': 'Outside the US? Call your local emergency number.',
  'safety.closing': 'Reaching out is a strong step. You deserve support.',
} as const;

/** MessageKey names one piece of copy. */
export type MessageKey = keyof typeof en;

/** Catalog is one language's copy; every language must supply every key. */
export type Catalog = Readonly<Record<MessageKey, string>>;

/** Locale names a language the app has copy for. */
export type Locale = 'en';

export const catalogs: Readonly<Record<Locale, Catalog>> = { en };

export const defaultLocale: Locale = 'en';

/** MessageParams fills a message's {placeholders}; numbers are written as they are. */
export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * interpolate fills {name} placeholders from params. A placeholder with no value is left as it is,
 * so a forgotten value shows up in review instead of silently vanishing from a sentence.
 */
export function interpolate(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    return value === undefined ? placeholder : String(value);
  });
}

/** translate returns one message in a language, with its placeholders filled. */
export function translate(key: MessageKey, params?: MessageParams, locale: Locale = defaultLocale): string {
  return interpolate(catalogs[locale][key], params);
}

/** Translate is the function components use to get their copy. */
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/** useT returns translate with {brand} filled from the runtime settings. */
export function useT(): Translate {
  const { brandName } = useRuntimeConfig();
  return useCallback<Translate>((key, params) => translate(key, { brand: brandName, ...params }), [brandName]);
}
