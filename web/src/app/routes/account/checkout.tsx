import { PlaceholderPage } from '@/components/page/PlaceholderPage';

/** Payment for the plan, when payment is switched on. It is built with the billing work. */
export function Component() {
  return <PlaceholderPage titleKey="checkout.title" headingKey="checkout.heading" bodyKey="checkout.body" />;
}
