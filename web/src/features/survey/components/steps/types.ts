import type { ReactNode } from 'react';
import type { Answer, Question } from '@/features/survey/api/types';

/** CustomStepProps is what every form step with a screen of its own receives from the step screen. */
export interface CustomStepProps {
  /** question is the step as the definition describes it: title, text lines, answer variants. */
  question: Question;
  /** copy fills {firstName} and {brand} in the definition's copy. */
  copy: (text: string) => string;
  /** initial is what the member answered earlier, to start from. */
  initial?: Answer[];
  /** busy is true while a save is on its way; submitting again is ignored. */
  busy: boolean;
  /** serverProblem is what the server said about this step's answers, if it refused them. */
  serverProblem?: string;
  /** onSubmit is called only with answers that pass the app's own checks. */
  onSubmit: (answers: Answer[]) => void;
  /** actions is the Next / Go back bar, rendered at the end of the form. */
  actions: ReactNode;
}

/** valueOf returns the value given for a key, or undefined. */
export function valueOf(answers: readonly Answer[] | undefined, key: string): string | undefined {
  return answers?.find((a) => a.key === key)?.value;
}
