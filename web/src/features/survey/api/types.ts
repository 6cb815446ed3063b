// The shapes of the survey API, written from the Go types in internal/survey until they are
// generated from the OpenAPI document. Slugs and keys are a contract: never "correct" them.

export type QuestionType = 'Progress' | 'Custom' | 'SelectOne' | 'SelectMany' | 'ResponseView' | 'Rate';

export interface AnswerVariant {
  key: string;
  value: string;
  /** text, when set, is the prompt of a free-text field that comes with the option. */
  text?: string;
  /** branchTo, when set, is the step that choosing the option leads to instead of nextStep. */
  branchTo?: string;
  /** timeZone is set on live-state's options: the zone most of that state's people live in. */
  timeZone?: string;
}

export interface Question {
  slug: string;
  type: QuestionType;
  groupId: number;
  groupTitle: string;
  prevStep: string;
  nextStep: string;
  required: boolean;
  max?: number;
  illustration?: string;
  title: string;
  text?: string[];
  nextLabel?: string;
  feedback?: string;
  attribution?: string;
  answerVariants?: AnswerVariant[];
}

export interface SurveyGroup {
  id: number;
  key: string;
  title: string;
}

export interface SurveyDefinition {
  title: string;
  firstQuestion: string;
  groups: SurveyGroup[];
  questions: Record<string, Question>;
}

export interface Answer {
  key: string;
  value: string;
}

export interface QuestionAnswers {
  questionSlug: string;
  answers: Answer[];
}

/** SurveySaveBody is what PUT /api/onboarding/survey takes (spec §7). */
export interface SurveySaveBody {
  fromSlug: string;
  data: QuestionAnswers[];
  utm: Record<string, string>;
}

export interface SavedAnswers extends QuestionAnswers {
  updatedAt: string;
}

/** SurveyState is what GET /api/onboarding/survey returns: the member's answers and where to resume. */
export interface SurveyState {
  answers: SavedAnswers[];
  resumeAt: string;
  /** score is null until all six screening items are answered. */
  score: number | null;
  highLikelihood: boolean;
}
