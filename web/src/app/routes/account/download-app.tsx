import { PlaceholderPage } from '@/components/page/PlaceholderPage';

/** The link to the iOS app, where coaching happens. It is built with the hand-off work. */
export function Component() {
  return <PlaceholderPage titleKey="downloadApp.title" headingKey="downloadApp.heading" bodyKey="downloadApp.body" />;
}
