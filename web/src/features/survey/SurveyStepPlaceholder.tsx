import { PlaceholderPage } from '@/components/page/PlaceholderPage';

/**
 * SurveyStepPlaceholder stands in for every survey step until the survey is built. It deliberately
 * shows no question: a made-up question would collect nothing and mislead.
 */
export function SurveyStepPlaceholder() {
  return <PlaceholderPage titleKey="survey.title" headingKey="survey.heading" bodyKey="survey.body" />;
}
