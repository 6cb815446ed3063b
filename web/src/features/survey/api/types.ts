import type { components } from '@/lib/api-schema';

// The shapes of the survey API, generated from the server's OpenAPI document. Slugs and keys are a
// contract with the iOS app: never "correct" them.

type Schemas = components['schemas'];

export type QuestionType = Schemas['QuestionType'];
export type AnswerVariant = Schemas['AnswerVariant'];
export type Question = Schemas['Question'];
export type SurveyGroup = Schemas['SurveyGroup'];
export type SurveyDefinition = Schemas['SurveyDefinition'];
export type Answer = Schemas['Answer'];
export type QuestionAnswers = Schemas['QuestionAnswers'];
/** SurveySaveBody is what PUT /api/onboarding/survey takes (spec §7). */
export type SurveySaveBody = Schemas['SurveySaveBody'];
export type SavedAnswers = Schemas['SavedAnswers'];
/** SurveyState is what GET /api/onboarding/survey returns: the member's answers and where to resume. */
export type SurveyState = Schemas['SurveyState'];
