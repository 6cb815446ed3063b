import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SavedAnswers, SurveyDefinition } from '@/features/survey/api/types';

/**
 * realDefinition is the survey definition the server embeds and serves (internal/survey/
 * definition.json), read as it is, for tests that must agree with it: the order of steps, the
 * journey's gates, the slugs the router knows.
 */
export const realDefinition: SurveyDefinition = (() => {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../internal/survey/definition.json');
  const raw = JSON.parse(readFileSync(file, 'utf8')) as SurveyDefinition;
  // The server fills in each question's slug from its key when it loads the definition.
  for (const [slug, question] of Object.entries(raw.questions)) question.slug = slug;
  return raw;
})();

/**
 * finishedRealSurvey returns saved answers to every required step of the real definition's main
 * path, as the server keeps them: a member who may go on to the coaches.
 */
export function finishedRealSurvey(): SavedAnswers[] {
  const { questions } = realDefinition;
  const answers: SavedAnswers[] = [];
  for (let slug = 'progress-basic'; slug; slug = questions[slug]!.nextStep) {
    const q = questions[slug]!;
    if (!q.required) continue;
    const given =
      slug === 'name-and-birth'
        ? [
            { key: 'firstName', value: 'Test' },
            { key: 'lastName', value: 'Member' },
            { key: 'dateOfBirth', value: '1990-04-30' },
            { key: 'termsOfService', value: 'true' },
            { key: 'device', value: 'iphone' },
          ]
        : [{ key: slug === 'what-apply-to-you' ? 'none' : q.answerVariants![0]!.key, value: '' }];
    answers.push({ questionSlug: slug, answers: given, updatedAt: '2026-01-01T00:00:00Z' });
  }
  return answers;
}
