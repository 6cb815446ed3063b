import { PlaceholderPage } from '@/components/page/PlaceholderPage';

/** The full detail of the recommended plan. It is built with the plan feature. */
export function Component() {
  return <PlaceholderPage titleKey="planPreview.title" headingKey="planPreview.heading" bodyKey="planPreview.body" />;
}
