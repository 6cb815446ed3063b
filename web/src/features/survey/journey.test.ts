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

const nothingSaved: SavedJourney = { safetyHold: false, coachId: null };

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
  it.each([
    // [what the member did, where they ask to go, where they are taken ('' = they stay)]
    ['a fresh member', answered('name-and-birth'), nothingSaved, MEET_YOUR_COACH, 'name-and-birth'],
    ['a fresh member', answered('name-and-birth'), nothingSaved, 'how-you-identify', 'name-and-birth'],
    ['a fresh member', answered('name-and-birth'), nothingSaved, 'progress-basic', ''],
    ['a fresh member', answered('name-and-birth'), nothingSaved, 'ios-only', ''],
    ['a member halfway', answered('what-apply-to-you'), nothingSaved, 'what-apply-to-you', ''],
    ['a member halfway', answered('what-apply-to-you'), nothingSaved, 'your-challenge-is', ''],
    ['a member halfway', answered('what-apply-to-you'), nothingSaved, 'fidget', 'what-apply-to-you'],
    ['a member halfway', answered('what-apply-to-you'), nothingSaved, 'account', 'what-apply-to-you'],
    ['a member who finished the survey', answered(), nothingSaved, MEET_YOUR_COACH, ''],
    ['a member who finished the survey', answered(), nothingSaved, 'plan-recommendation', 'pre-account'],
    ['a member who finished the survey', answered(), nothingSaved, DONE, 'pre-account'],
    ['a member with a coach', answered(), { safetyHold: false, coachId: 'maya' }, 'plan-preview', ''],
    ['a member with a coach', answered(), { safetyHold: false, coachId: 'maya' }, DONE, ''],
    ['a member on hold', answered(), { safetyHold: true, coachId: null }, 'how-you-identify', NO_GO],
    ['a member on hold', answered(), { safetyHold: true, coachId: 'maya' }, DONE, NO_GO],
    ['a member on hold', answered(), { safetyHold: true, coachId: null }, NO_GO, ''],
    [
      'a member who just ticked self-harm, before the save arrived',
      answered(undefined, { 'what-apply-to-you': [{ key: 'self-harm', value: '' }] }),
      nothingSaved,
      'what-apply-to-you',
      NO_GO,
    ],
  ])('%s asking for %s… (%#)', (_who, answersOf, saved, where, want) => {
    const journey = journeyOf(definition, saved, answersOf, false);
    expect(redirectFor(definition, journey, where)).toBe(want);
  });

  it('says where to continue', () => {
    expect(journeyOf(definition, nothingSaved, answered('name-and-birth'), false).resumeAt).toBe('name-and-birth');
    expect(journeyOf(definition, nothingSaved, answered('fidget'), false).resumeAt).toBe('fidget');
    expect(journeyOf(definition, nothingSaved, answered(), false).resumeAt).toBe('pre-account');
    expect(journeyOf(definition, nothingSaved, answered(undefined, { account: [{ key: 'timeZone', value: 'America/Chicago' }] }), false).resumeAt).toBe(
      MEET_YOUR_COACH,
    );
    expect(journeyOf(definition, { safetyHold: false, coachId: 'maya' }, answered(), false).resumeAt).toBe(DONE);
    expect(journeyOf(definition, { safetyHold: false, coachId: 'maya' }, answered(), true).resumeAt).toBe('testimonials');
    expect(journeyOf(definition, { safetyHold: true, coachId: 'maya' }, answered(), false).resumeAt).toBe(NO_GO);
  });

  it('keeps a saved safety hold even when the answer was changed on this page', () => {
    const journey = journeyOf(definition, { safetyHold: true, coachId: null }, answered(undefined, { 'what-apply-to-you': [{ key: 'none', value: '' }] }), false);
    expect(journey.hold).toBe(true);
  });
});

describe('what follows the coach choice', () => {
  it('is the done step without payment, and the steps toward the plan with it', () => {
    expect(afterCoachChoice(definition, false)).toBe(DONE);
    expect(afterCoachChoice(definition, true)).toBe('testimonials');
    expect(definition.questions.testimonials!.nextStep).toBe('plan-recommendation');
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
