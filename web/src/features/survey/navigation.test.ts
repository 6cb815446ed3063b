// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fillCopy, nextStepOf } from './navigation';
import { testDefinition } from './test-definition';

const question = (slug: string) => {
  const q = testDefinition.questions[slug];
  if (!q) throw new Error(`no ${slug}`);
  return q;
};

describe('nextStepOf', () => {
  it.each([
    ['have-you-experienced-adhd', ['yes'], 'how-would-you-like-agave'],
    ['have-you-experienced-adhd', ['no'], 'process-personalize'],
    ['what-apply-to-you', ['anxiety'], 'lets-better-understand-prompt'],
    ['what-apply-to-you', ['anxiety', 'self-harm'], 'we-are-sorry-no-go'],
    ['trouble-order', ['often'], 'trouble-appointment'],
    ['progress-basic', [], 'coach-welcome'],
  ])('goes from %s with %j to %s', (slug, keys, want) => {
    expect(nextStepOf(question(slug), keys.map((key) => ({ key, value: '' })))).toBe(want);
  });
});

describe('fillCopy', () => {
  it('puts in the first name and the brand', () => {
    expect(fillCopy('How do you identify, {firstName}? {brand}', { firstName: 'Sam', brand: 'Compass' })).toBe(
      'How do you identify, Sam? Compass',
    );
  });

  it('leaves the name out cleanly when it is unknown', () => {
    expect(fillCopy('How do you identify, {firstName}?', { brand: 'Wayfinder' })).toBe('How do you identify?');
  });
});
