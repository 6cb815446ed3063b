import { useEffect } from 'react';
import { saveSurvey } from '@/features/survey/api/save-survey';
import { CoachChooser } from '@/features/coaches/components/CoachChooser';
import { clearUtm, storedUtm } from '@/lib/utm';

/**
 * The coach chooser (/account and /account/meet-your-coach). As it opens, a campaign the member
 * arrived with is sent with their progress one last time and then forgotten (spec §4): from here on
 * the server holds it for good, and the browser has no reason to keep it.
 */
export function Component() {
  useEffect(() => {
    const utm = storedUtm();
    if (Object.keys(utm).length === 0) return;
    saveSurvey({ fromSlug: 'meet-your-coach', data: [], utm }).then(clearUtm, (error: unknown) => {
      // Kept for the next visit: the chooser works the same without it.
      console.error('Sending the campaign values failed', error);
    });
  }, []);
  return <CoachChooser />;
}
