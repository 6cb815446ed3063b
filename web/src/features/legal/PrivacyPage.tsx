import { privacy } from './documents';
import { LegalPage } from './LegalPage';

/** PrivacyPage says plainly what we keep about members, why, and what they can ask of us. */
export function PrivacyPage() {
  return <LegalPage document={privacy} />;
}
