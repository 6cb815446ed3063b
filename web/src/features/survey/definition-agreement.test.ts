import { describe, expect, it } from 'vitest';
import { realDefinition } from '@/test/definition';
import { surveySlugs } from './slugs';
import { testDefinition } from './test-definition';

// The app keeps no order of steps of its own: it follows the definition's nextStep and prevStep.
// The one list it has, the slugs its router knows before the definition arrives, and the small
// definition the unit tests use, must both agree with the definition the server serves.

describe('the app against the server’s survey definition', () => {
  it('knows every step of the definition as an address, and no other', () => {
    // The crisis page has a route of its own, open to everyone, outside the survey's steps.
    const steps = Object.keys(realDefinition.questions).filter((slug) => slug !== 'we-are-sorry-no-go');
    expect([...surveySlugs].sort()).toEqual(steps.sort());
  });

  it('uses a test definition whose steps are the real ones', () => {
    for (const [slug, question] of Object.entries(testDefinition.questions)) {
      const real = realDefinition.questions[slug];
      expect(real, `${slug} is not a step of the definition`).toBeDefined();
      expect({ slug, type: question.type, required: question.required }).toEqual({ slug, type: real!.type, required: real!.required });
      for (const variant of question.answerVariants ?? []) {
        const same = real!.answerVariants?.find((v) => v.key === variant.key);
        expect(same, `${slug} has no option ${variant.key}`).toBeDefined();
        expect([variant.branchTo, variant.exclusive]).toEqual([same!.branchTo, same!.exclusive]);
      }
    }
  });
});
