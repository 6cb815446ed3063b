import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SavedAnswers, SurveyDefinition, Question } from '@/features/survey/api/types';

/** DefinitionCopy is the survey's words in one language, as the app's catalog keeps them. */
interface DefinitionCopy {
  title: string;
  groups: Record<string, string>;
  questions: Record<
    string,
    Partial<Pick<Question, 'title' | 'text' | 'paymentText' | 'nextLabel' | 'feedback' | 'attribution'>> & {
      answers?: Record<string, string>;
      answerTexts?: Record<string, string>;
    }
  >;
}

function readJSON<T>(fromHere: string): T {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), fromHere);
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/**
 * realDefinition is the survey definition the server embeds and serves, for tests that must agree
 * with it: the order of steps, the journey's gates, the slugs the router knows. The server keeps the
 * structure (internal/survey/definition.json) apart from its English words (the app's catalog,
 * messages/en/definition.json) and merges them when it loads, as this does.
 */
export const realDefinition: SurveyDefinition = (() => {
  const raw = readJSON<SurveyDefinition>('../../../internal/survey/definition.json');
  const words = readJSON<DefinitionCopy>('../messages/en/definition.json');
  raw.title = words.title;
  for (const group of raw.groups) group.title = words.groups[group.key]!;
  for (const [slug, question] of Object.entries(raw.questions)) {
    const { answers = {}, answerTexts = {}, ...copy } = words.questions[slug]!;
    Object.assign(question, copy);
    // The server fills in each question's slug from its key, and its group's title from the group.
    question.slug = slug;
    question.groupTitle = raw.groups.find((g) => g.id === question.groupId)!.title;
    for (const variant of question.answerVariants ?? []) {
      variant.value = answers[variant.key]!;
      if (answerTexts[variant.key] !== undefined) variant.text = answerTexts[variant.key];
    }
  }
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
