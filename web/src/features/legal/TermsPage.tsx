import { terms } from './documents';
import { LegalPage } from './LegalPage';

/** TermsPage is the terms and conditions the sign-up form asks members to accept. */
export function TermsPage() {
  return <LegalPage document={terms} />;
}
