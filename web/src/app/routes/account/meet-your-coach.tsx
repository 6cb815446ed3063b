import { useCallback, useEffect } from 'react';
import { useLocation } from 'wouter';
import { useRuntimeConfig } from '@/config/runtime-context';
import { useResourceOf } from '@/lib/resource';
import { clearUtm, storedUtm } from '@/lib/utm';
import { CoachChooser } from '@/features/coaches/components/CoachChooser';
import { handOff } from '@/features/coaches/handoff';
import { useDefinition } from '@/features/survey/api/get-definition';
import { surveyResource, useSurvey } from '@/features/survey/api/get-survey';
import { saveSurvey } from '@/features/survey/api/save-survey';
import { afterCoachChoice, DONE, pathOfStep } from '@/features/survey/journey';

/**
 * The coach chooser (/account and /account/meet-your-coach). As it opens, a campaign the member
 * arrived with is sent with their progress one last time and then forgotten (spec §4): from here on
 * the server holds it for good, and the browser has no reason to keep it.
 *
 * What follows a choice is the journey's (afterCoachChoice): without payment, or for a member who
 * already holds a plan, the hand-off to the app (the native app takes over, an iPhone goes to the
 * App Store, anything else to the download page); with payment on, the steps toward the plan.
 */
export function Component() {
  const survey = useResourceOf(surveyResource);
  const definition = useDefinition().data;
  // A member who already holds a plan and switches coach goes to the hand-off, not the plan again.
  const paid = useSurvey().data?.paid ?? false;
  const { appStoreUrl, paymentEnabled } = useRuntimeConfig();
  const [, navigate] = useLocation();

  useEffect(() => {
    const utm = storedUtm();
    if (Object.keys(utm).length === 0) return;
    saveSurvey({ fromSlug: 'meet-your-coach', data: [], utm }).then(clearUtm, (error: unknown) => {
      // Kept for the next visit: the chooser works the same without it.
      console.error('Sending the campaign values failed', error);
    });
  }, []);

  const onChosen = (coachId: string, saved: boolean) => {
    const next = definition ? afterCoachChoice(definition, paymentEnabled, paid) : DONE;
    // The journey moves on at once; the server's state says the same when next read.
    const moveOn = () => {
      if (saved) survey.update((state) => state && { ...state, coachId, resumeAt: next });
    };
    if (next !== DONE) {
      // The plan needs the choice saved: without it, the member stays to choose again.
      if (!saved) return 'not-saved' as const;
      moveOn();
      navigate(pathOfStep(next));
      return;
    }
    const handoff = handOff({ coachId, saved, appStoreUrl, userAgent: navigator.userAgent });
    if (handoff.kind === 'store') window.location.assign(handoff.url);
    else if (handoff.kind === 'download') {
      moveOn();
      navigate(pathOfStep(DONE));
      // Inside the native app the page stays as it is: the app has taken over.
    } else return 'app' as const;
  };

  // A refusal may mean the journey has not reached the coaches after all (a safety disclosure made
  // on another device, say): reading the state again lets the account area take the member there.
  const onRefused = useCallback(() => survey.invalidate(), [survey]);

  return <CoachChooser onChosen={onChosen} onRefused={onRefused} />;
}
