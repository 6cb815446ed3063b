import { SurveyRejectedError } from './api/save-survey';
import { createSaveQueue } from './save-queue';

/**
 * surveySaveQueue is the page's one save queue. It lives as long as the page, not a screen, so a
 * save that failed on one step is still retried after the member has moved on.
 */
export const surveySaveQueue = createSaveQueue((error) => error instanceof SurveyRejectedError);
