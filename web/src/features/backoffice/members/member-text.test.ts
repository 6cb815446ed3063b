import { describe, expect, it } from 'vitest';
import { questionText, stepName } from './member-text';

describe('the members’ text helpers', () => {
  it.each([
    ['how-you-identify', 'How you identify'],
    ['name-and-birth', 'Name and birth'],
    ['account', 'Account'],
    ['discribe-diagnosis', 'Describe diagnosis'],
    ['how-would-you-like-agave', 'Coaching before'],
    ['ios-only', 'iPhone only'],
    ['we-are-sorry-no-go', 'Crisis support'],
    ['', ''],
  ])('names the step %s “%s”', (slug, want) => {
    expect(stepName(slug)).toBe(want);
  });

  it('fills a question as the member saw it', () => {
    expect(questionText('How do you identify, {firstName}?', { firstName: 'Sam', brand: 'Wayfinder' })).toBe('How do you identify, Sam?');
    expect(questionText('How do you identify, {firstName}?', { firstName: '', brand: 'Wayfinder' })).toBe('How do you identify?');
    expect(questionText('Why {brand}?', { firstName: 'Sam', brand: 'Compass' })).toBe('Why Compass?');
  });
});
