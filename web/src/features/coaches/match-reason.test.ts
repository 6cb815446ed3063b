import { describe, expect, it } from 'vitest';
import { matchReason, midSentence } from './match-reason';

const copy = {
  topics: (t: string) => `Specializes in ${t}`,
  sameZone: 'in your time zone',
  nearZone: 'close to your time zone',
  and: ' and ',
};
const none = { topics: [], sameTimeZone: false, nearTimeZone: false };

describe('matchReason', () => {
  it.each([
    ['nothing', none, ''],
    ['one topic', { ...none, topics: ['Time management'] }, 'Specializes in time management'],
    ['two topics', { ...none, topics: ['Focus', 'ADHD education'] }, 'Specializes in focus and ADHD education'],
    ['only the first two of three', { ...none, topics: ['Focus', 'Memory', 'Relationships'] }, 'Specializes in focus and memory'],
    ['a topic and the same zone', { ...none, topics: ['Time management'], sameTimeZone: true }, 'Specializes in time management; in your time zone'],
    ['only the zone', { ...none, sameTimeZone: true }, 'In your time zone'],
    ['a nearby zone', { ...none, topics: ['Memory'], nearTimeZone: true }, 'Specializes in memory; close to your time zone'],
  ])('%s', (_, match, want) => {
    expect(matchReason(match, copy)).toBe(want);
  });
});

describe('midSentence', () => {
  it.each([
    ['Time management', 'time management'],
    ['ADHD education', 'ADHD education'],
    ['focus', 'focus'],
    ['Émotions', 'émotions'],
  ])('%s → %s', (tag, want) => {
    expect(midSentence(tag)).toBe(want);
  });
});
