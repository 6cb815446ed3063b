import { describe, expect, it } from 'vitest';
import { realDefinition as definition } from '@/test/definition';
import type { Answer } from './api/types';
import {
  afterCoachChoice,
  DONE,
  finishedGroups,
  flowOf,
  journeyOf,
  MEET_YOUR_COACH,
  NO_GO,
  pathOfStep,
  redirectFor,
  type SavedJourney,
} from './journey';

// The journey's rules against the real definition, the same rules internal/survey/journey.go and
// internal/onboarding/service.go keep on the server (their tests use the same cases).

const flow = flowOf(definition);
const required = flow.filter((slug) => definition.questions[slug]!.required);

/** answered is a member's answers: every required step up to (not including) until, or all. */
function answered(until?: string, extra: Record<string, Answer[]> = {}): (slug: string) => Answer[] | undefined {
  const steps = until ? required.slice(0, required.indexOf(until)) : required;
  const given: Record<string, Answer[]> = Object.fromEntries(steps.map((slug) => [slug, [{ key: 'x', value: '' }]]));
  return (slug) => extra[slug] ?? given[slug];
}

const nothingSaved: SavedJourney = { safetyHold: false, coachId: null, resumeAt: 'pre-account', paid: false };
const withCoach: SavedJourney = { safetyHold: false, coachId: 'maya', resumeAt: DONE, paid: false };
const paid: SavedJourney = { ...withCoach, paid: true };
const held: SavedJourney = { safetyHold: true, coachId: null, resumeAt: NO_GO, paid: false };
const nothingOnPage = () => undefined;
const onPage = (slug: string, key: string) => (s: string) => (s === slug ? [{ key, value: '' }] : undefined);

/** journey is journeyOf with saved answers (answersOf) and, apart, those given on this page. */
function journey(
  saved: SavedJourney | undefined,
  answersOf: (slug: string) => Answer[] | undefined,
  { givenOnPage = nothingOnPage, payment = false }: { givenOnPage?: (slug: string) => Answer[] | undefined; payment?: boolean } = {},
) {
  return journeyOf(definition, { saved, answersOf: (slug) => givenOnPage(slug) ?? answersOf(slug), givenOnPage, paymentEnabled: payment });
}

describe('flowOf', () => {
  it('follows nextStep from the head of the main path, as the server does', () => {
    expect(flow[0]).toBe('progress-basic');
    expect(flow.slice(0, 4)).toEqual(['progress-basic', 'coach-welcome', 'name-and-birth', 'how-you-identify']);
    expect(flow.at(-1)).toBe(DONE);
    for (let i = 1; i < flow.length; i++) expect(definition.questions[flow[i]!]!.prevStep).toBe(flow[i - 1]);
  });

  it('leaves out the screens only a branch leads to', () => {
    for (const slug of ['ios-only', 'how-would-you-like-agave', NO_GO]) expect(flow).not.toContain(slug);
  });
});

describe('journeyOf and redirectFor', () => {
  const halfway = answered('what-apply-to-you');
  const fresh = answered('name-and-birth');
  const reviewed = answered(undefined, { 'what-apply-to-you': [{ key: 'self-harm', value: '' }] });
  it.each([
    // [who, their journey, the step they ask for, where they are taken ('' = they stay)]
    ['a fresh member', () => journey(nothingSaved, fresh), MEET_YOUR_COACH, 'name-and-birth'],
    ['a fresh member', () => journey(nothingSaved, fresh), 'how-you-identify', 'name-and-birth'],
    ['a fresh member', () => journey(nothingSaved, fresh), 'progress-basic', ''],
    ['a fresh member', () => journey(nothingSaved, fresh), 'ios-only', ''],
    ['a member halfway', () => journey(nothingSaved, halfway), 'what-apply-to-you', ''],
    ['a member halfway', () => journey(nothingSaved, halfway), 'your-challenge-is', ''],
    ['a member halfway', () => journey(nothingSaved, halfway), 'fidget', 'what-apply-to-you'],
    ['a member halfway', () => journey(nothingSaved, halfway), 'account', 'what-apply-to-you'],
    ['a member who finished the survey', () => journey(nothingSaved, answered()), MEET_YOUR_COACH, ''],
    ['a member who finished the survey', () => journey(nothingSaved, answered()), 'plan-recommendation', 'pre-account'],
    ['a member who finished the survey', () => journey(nothingSaved, answered()), DONE, 'pre-account'],
    ['a member with a coach', () => journey(withCoach, answered()), DONE, ''],
    ['a member with a coach, payment off', () => journey(withCoach, answered()), 'plan-preview', DONE],
    ['a member with a coach, payment off', () => journey(withCoach, answered()), 'testimonials', DONE],
    ['a member with a coach, payment on', () => journey(withCoach, answered(), { payment: true }), 'plan-preview', ''],
    ['a member with a coach, payment on', () => journey(withCoach, answered(), { payment: true }), 'testimonials', ''],
    ['a member with a coach, payment on', () => journey(withCoach, answered(), { payment: true }), DONE, ''],
    ['a member who paid', () => journey(paid, answered(), { payment: true }), 'testimonials', DONE],
    ['a member who paid', () => journey(paid, answered(), { payment: true }), 'plan-recommendation', DONE],
    ['a member who paid', () => journey(paid, answered(), { payment: true }), 'plan-preview', DONE],
    ['a member who paid', () => journey(paid, answered(), { payment: true }), DONE, ''],
    ['a member who paid', () => journey(paid, answered(), { payment: true }), MEET_YOUR_COACH, ''],
    ['a member who paid, payment off on this site', () => journey(paid, answered()), 'plan-preview', DONE],
    ['a member who paid, then disclosed', () => journey({ ...paid, safetyHold: true }, answered(), { payment: true }), DONE, NO_GO],
    ['a member who paid, whose saved answer the server no longer takes', () => journey({ ...paid, resumeAt: 'fidget' }, answered(), { payment: true }), DONE, 'fidget'],
    ['a member on hold', () => journey(held, answered()), 'how-you-identify', NO_GO],
    ['a member on hold', () => journey({ ...held, coachId: 'maya' }, answered()), DONE, NO_GO],
    ['a member on hold', () => journey(held, answered()), NO_GO, ''],
    ['one who ticked self-harm here, before it was saved', () => journey(nothingSaved, answered(), { givenOnPage: onPage('what-apply-to-you', 'self-harm') }), 'fidget', NO_GO],
    ['one whose disclosure was reviewed, the answer still saved', () => journey(nothingSaved, reviewed), MEET_YOUR_COACH, ''],
    ['one whose saved answer the server no longer takes', () => journey({ ...nothingSaved, resumeAt: 'what-apply-to-you' }, answered()), MEET_YOUR_COACH, 'what-apply-to-you'],
    [
      'one who answered that step again here',
      () => journey({ ...nothingSaved, resumeAt: 'what-apply-to-you' }, answered(), { givenOnPage: onPage('what-apply-to-you', 'none') }),
      MEET_YOUR_COACH,
      '',
    ],
    ['one whose state could not be read', () => journey(undefined, fresh), MEET_YOUR_COACH, ''],
    ['one whose state could not be read, who ticked self-harm here', () => journey(undefined, answered(), { givenOnPage: onPage('what-apply-to-you', 'self-harm') }), MEET_YOUR_COACH, NO_GO],
  ])('%s, asking for %s… (%#)', (_who, make, where, want) => {
    expect(redirectFor(definition, make(), where)).toBe(want);
  });

  it('says where to continue', () => {
    expect(journey(nothingSaved, fresh).resumeAt).toBe('name-and-birth');
    expect(journey(nothingSaved, answered('fidget')).resumeAt).toBe('fidget');
    expect(journey(nothingSaved, answered()).resumeAt).toBe('pre-account');
    expect(journey(nothingSaved, answered(undefined, { account: [{ key: 'timeZone', value: 'America/Chicago' }] })).resumeAt).toBe(MEET_YOUR_COACH);
    expect(journey(withCoach, answered()).resumeAt).toBe(DONE);
    expect(journey(withCoach, answered(), { payment: true }).resumeAt).toBe('testimonials');
    expect(journey(paid, answered(), { payment: true }).resumeAt).toBe(DONE);
    expect(journey(paid, answered(), { payment: true }).paid).toBe(true);
    expect(journey(withCoach, answered(), { payment: true }).paid).toBe(false);
    expect(journey({ ...held, coachId: 'maya' }, answered()).resumeAt).toBe(NO_GO);
  });

  it('keeps a saved safety hold even when the answer was changed on this page', () => {
    expect(journey(held, answered(), { givenOnPage: onPage('what-apply-to-you', 'none') }).hold).toBe(true);
  });
});

describe('what follows the coach choice', () => {
  it('is the done step without payment, and the steps toward the plan with it', () => {
    expect(afterCoachChoice(definition, false, false)).toBe(DONE);
    expect(afterCoachChoice(definition, true, false)).toBe('testimonials');
    expect(definition.questions.testimonials!.nextStep).toBe('plan-recommendation');
  });

  it('is the done step for a member who already holds a plan, with payment on or off', () => {
    expect(afterCoachChoice(definition, true, true)).toBe(DONE);
    expect(afterCoachChoice(definition, false, true)).toBe(DONE);
  });
});

describe('pathOfStep', () => {
  it.each([
    ['how-you-identify', '/how-you-identify'],
    ['account', '/account'],
    [MEET_YOUR_COACH, '/account/meet-your-coach'],
    ['plan-recommendation', '/account/plan-recommendation'],
    ['plan-preview', '/account/plan-preview'],
    [DONE, '/account/download-app'],
    [NO_GO, '/we-are-sorry-no-go'],
  ])('shows %s at %s', (slug, path) => {
    expect(pathOfStep(slug)).toBe(path);
  });
});

describe('finishedGroups', () => {
  it('finishes a group only when every required step of it is answered', () => {
    expect([...finishedGroups(definition, answered('name-and-birth'))]).toEqual([]);
    expect([...finishedGroups(definition, answered('how-you-identify'))]).toEqual([0]);
    expect(new Set(finishedGroups(definition, answered()))).toEqual(new Set([0, 1, 2, 3, 4]));
    // Answers to later steps without the earlier ones finish nothing before them.
    const skipped = answered(undefined, { 'what-apply-to-you': [] });
    expect(finishedGroups(definition, skipped).has(2)).toBe(false);
    expect(finishedGroups(definition, skipped).has(4)).toBe(true);
  });
});
