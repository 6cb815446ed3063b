import type { Question, SavedAnswers, SurveyDefinition } from './api/types';
import { flowOf } from './journey';

// A small survey definition for tests, shaped like internal/survey/definition.json.

const frequency = [
  { key: 'never', value: 'Never' },
  { key: 'rarely', value: 'Rarely' },
  { key: 'sometimes', value: 'Sometimes' },
  { key: 'often', value: 'Often' },
  { key: 'very-often', value: 'Very often' },
];

function q(slug: string, fields: Partial<Question> & Pick<Question, 'type' | 'title'>): Question {
  return { slug, groupId: 2, groupTitle: 'Personalizing your care', prevStep: '', nextStep: '', required: false, ...fields };
}

export const testDefinition: SurveyDefinition = {
  title: 'Getting started with {brand}',
  firstQuestion: 'name-and-birth',
  groups: [
    { id: 0, key: 'info', title: 'Getting to know you' },
    { id: 1, key: 'info', title: 'Getting to know you' },
    { id: 2, key: 'personalize', title: 'Personalizing your care' },
    { id: 3, key: 'coach', title: 'Matching you with a coach' },
    { id: 4, key: 'adhdq', title: 'ADHD questionnaire' },
  ],
  questions: {
    'progress-basic': q('progress-basic', {
      type: 'Progress',
      groupId: 0,
      nextStep: 'coach-welcome',
      illustration: 'progress-basic',
      title: 'Let’s get to know you',
      text: ['A few quick questions.', 'About 5 minutes.'],
      nextLabel: 'Let’s start',
    }),
    'coach-welcome': q('coach-welcome', {
      type: 'ResponseView',
      prevStep: 'progress-basic',
      nextStep: 'name-and-birth',
      title: 'Welcome to {brand}',
    }),
    'name-and-birth': q('name-and-birth', {
      type: 'Custom',
      groupId: 0,
      required: true,
      prevStep: 'coach-welcome',
      nextStep: 'how-you-identify',
      title: 'About you',
      text: ['Tell us your name and date of birth.'],
    }),
    'live-state': q('live-state', {
      type: 'Custom',
      groupId: 1,
      required: true,
      prevStep: 'how-you-identify',
      nextStep: 'whats-your-motivation',
      title: 'Where do you live?',
      answerVariants: [
        { key: 'CA', value: 'California', timeZone: 'America/Los_Angeles' },
        { key: 'DC', value: 'District of Columbia', timeZone: 'America/New_York' },
        { key: 'NY', value: 'New York', timeZone: 'America/New_York' },
      ],
    }),
    'score-screen': q('score-screen', {
      type: 'Custom',
      groupId: 4,
      prevStep: 'overly-active-motor',
      nextStep: 'progress-coach',
      title: 'You scored {score}/6',
      feedback: 'You are in the right place!',
      text: ['A score of 4 to 6 suggests a high likelihood of adult ADHD.'],
    }),
    account: q('account', {
      type: 'Custom',
      groupId: 3,
      prevStep: 'pre-account',
      nextStep: 'meet-your-coach',
      title: 'Your details',
      answerVariants: [
        { key: 'email', value: 'Email' },
        { key: 'phone', value: 'Phone' },
        { key: 'timeZone', value: 'Time zone' },
      ],
    }),
    testimonials: q('testimonials', {
      type: 'ResponseView',
      groupId: 3,
      prevStep: 'meet-your-coach',
      nextStep: 'plan-recommendation',
      title: 'You’re not alone',
      text: ['Small, steady steps add up.'],
    }),
    'how-would-you-like-agave': q('how-would-you-like-agave', {
      type: 'ResponseView',
      groupId: 1,
      prevStep: 'have-you-experienced-adhd',
      nextStep: 'process-personalize',
      title: 'Good to know, {firstName}',
    }),
    'how-you-identify': q('how-you-identify', {
      type: 'SelectOne',
      required: true,
      prevStep: 'name-and-birth',
      nextStep: 'live-state',
      title: 'How do you identify, {firstName}?',
      answerVariants: [
        { key: 'female', value: 'Female' },
        { key: 'male', value: 'Male' },
      ],
    }),
    'have-you-experienced-adhd': q('have-you-experienced-adhd', {
      type: 'SelectOne',
      required: true,
      prevStep: 'did-you-know-currently-diagnosed',
      nextStep: 'process-personalize',
      title: 'Have you had coaching before?',
      answerVariants: [
        { key: 'yes', value: 'Yes', branchTo: 'how-would-you-like-agave' },
        { key: 'no', value: 'No' },
      ],
    }),
    'whats-your-motivation': q('whats-your-motivation', {
      type: 'SelectMany',
      required: true,
      prevStep: 'live-state',
      nextStep: 'did-you-know-currently-diagnosed',
      title: 'What brings you here?',
      answerVariants: [
        { key: 'learn-more', value: 'Learn more' },
        { key: 'other', value: 'Something else', text: 'Tell us in a few words (optional)' },
      ],
    }),
    'your-challenge-is': q('your-challenge-is', {
      type: 'SelectMany',
      required: true,
      max: 3,
      prevStep: 'did-you-know-cbt',
      nextStep: 'what-apply-to-you',
      title: 'What’s hardest for you right now?',
      answerVariants: [
        { key: 'staying-focused', value: 'Staying focused' },
        { key: 'procrastination', value: 'Getting started on tasks' },
        { key: 'time-management', value: 'Managing my time' },
        { key: 'forgetfulness', value: 'Remembering things' },
      ],
    }),
    'what-apply-to-you': q('what-apply-to-you', {
      type: 'SelectMany',
      required: true,
      prevStep: 'your-challenge-is',
      nextStep: 'lets-better-understand-prompt',
      title: 'Do any of these apply to you?',
      answerVariants: [
        { key: 'self-harm', value: 'Thoughts of hurting myself in the past 6 months', branchTo: 'we-are-sorry-no-go' },
        { key: 'anxiety', value: 'Anxiety' },
        { key: 'none', value: 'None of these', exclusive: true },
      ],
    }),
    'trouble-order': q('trouble-order', {
      type: 'Rate',
      groupId: 4,
      required: true,
      prevStep: 'how-often-trouble-wrapping',
      nextStep: 'trouble-appointment',
      title: 'How often do you have difficulty getting things in order?',
      text: ['Question 2 of 6'],
      attribution: 'From the Adult ADHD Self-Report Scale (ASRS v1.1), World Health Organization.',
      answerVariants: frequency,
    }),
    'ios-only': q('ios-only', {
      type: 'ResponseView',
      prevStep: 'name-and-birth',
      title: 'We’re iPhone-only for now',
      text: ['Coaching with {brand} happens in our iPhone app.'],
    }),
  },
};

/** Answers a member of the test survey gave to its required steps, as the server keeps them. */
const givenAnswers: Readonly<Record<string, SavedAnswers['answers']>> = {
  'name-and-birth': [
    { key: 'firstName', value: 'Test' },
    { key: 'lastName', value: 'Member' },
    { key: 'dateOfBirth', value: '1990-04-30' },
    { key: 'termsOfService', value: 'true' },
    { key: 'device', value: 'iphone' },
  ],
  'how-you-identify': [{ key: 'female', value: '' }],
  'live-state': [{ key: 'TX', value: '' }],
  'whats-your-motivation': [{ key: 'learn-more', value: '' }],
};

/**
 * answeredBefore returns the saved answers of a member who has reached slug on the test survey's
 * main path: every required step before it answered, so the journey lets them open it. Without a
 * slug, every required step is answered.
 */
export function answeredBefore(slug?: string): SavedAnswers[] {
  const flow = flowOf(testDefinition);
  const before = slug && flow.includes(slug) ? flow.slice(0, flow.indexOf(slug)) : flow;
  return before
    .filter((s) => testDefinition.questions[s]?.required)
    .map((s) => ({ questionSlug: s, answers: givenAnswers[s] ?? [], updatedAt: '2026-01-01T00:00:00Z' }));
}

/** resumeAtOf is where the server would resume a member of the test survey with these answers. */
export function resumeAtOf(answers: readonly SavedAnswers[]): string {
  const given = new Set(answers.map((a) => a.questionSlug));
  return flowOf(testDefinition).find((s) => testDefinition.questions[s]?.required && !given.has(s)) ?? 'pre-account';
}
