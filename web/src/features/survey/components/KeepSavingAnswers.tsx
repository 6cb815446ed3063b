import { useRetryWhenOnline, useWarnBeforeLeaving } from '@/features/survey/save-queue';
import { surveySaveQueue } from '@/features/survey/save-queue-instance';

/**
 * KeepSavingAnswers sends answers that could not be saved again when the network returns, and
 * warns before the page is left with some still unsaved. It sits in the app's frame rather than on
 * the survey's screens, so it keeps working on every page the survey leads to: the crisis page
 * above all, which opens at once whatever the network is doing.
 */
export function KeepSavingAnswers() {
  useRetryWhenOnline(surveySaveQueue);
  useWarnBeforeLeaving(surveySaveQueue);
  return null;
}
