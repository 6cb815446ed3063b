import { PlaceholderPage } from '@/components/page/PlaceholderPage';

/** The last onboarding screen, handing over to the app. It is built with the hand-off work. */
export function Component() {
  return <PlaceholderPage titleKey="finish.title" headingKey="finish.heading" bodyKey="finish.body" />;
}
