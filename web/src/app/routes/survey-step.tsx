import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/not-found/NotFoundPage';
import { isSurveySlug } from '@/features/survey/slugs';
import { SurveyStepPlaceholder } from '@/features/survey/SurveyStepPlaceholder';

/**
 * One survey step, addressed by its slug (/how-you-identify). The /:slug pattern matches any
 * single segment, so an address that is not a step gets the Not Found page here.
 */
export function Component() {
  const { slug } = useParams();
  if (!isSurveySlug(slug)) return <NotFoundPage />;
  return <SurveyStepPlaceholder />;
}
