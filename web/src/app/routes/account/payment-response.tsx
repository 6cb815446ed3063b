import { PlaceholderPage } from '@/components/page/PlaceholderPage';

/** Where checkout returns to, with the payment's outcome. It is built with the billing work. */
export function Component() {
  return <PlaceholderPage titleKey="paymentResponse.title" headingKey="paymentResponse.heading" bodyKey="paymentResponse.body" />;
}
