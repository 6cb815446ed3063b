import { PlaceholderPage } from '@/components/page/PlaceholderPage';

/**
 * RegisterPage will start sign-up with the identity provider. Until sign-up opens it says so, and
 * offers the way back home.
 */
export function RegisterPage() {
  return <PlaceholderPage titleKey="register.title" headingKey="register.heading" bodyKey="register.body" />;
}
