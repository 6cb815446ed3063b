import { PlaceholderPage } from '@/components/page/PlaceholderPage';

/** The coach chooser (the account area's first page). It is built with the coaches feature. */
export function Component() {
  return <PlaceholderPage titleKey="coach.title" headingKey="coach.heading" bodyKey="coach.body" />;
}
