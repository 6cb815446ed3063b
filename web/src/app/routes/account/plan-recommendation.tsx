import { PlaceholderPage } from '@/components/page/PlaceholderPage';

/** The plan we recommend from the member's answers. It is built with the plan feature. */
export function Component() {
  return <PlaceholderPage titleKey="planRecommendation.title" headingKey="planRecommendation.heading" bodyKey="planRecommendation.body" />;
}
