import { LegalPage } from './LegalPage';

/** PrivacyPage says plainly what we keep about members, why, and what they can ask of us. */
export function PrivacyPage() {
  return (
    <LegalPage
      title="privacy.title"
      intro="privacy.intro"
      sections={[
        { heading: 'privacy.keepHeading', body: ['privacy.keep1', 'privacy.keep2'] },
        { heading: 'privacy.useHeading', body: ['privacy.use1'] },
        { heading: 'privacy.neverHeading', body: ['privacy.never1', 'privacy.never2'] },
        { heading: 'privacy.safeHeading', body: ['privacy.safe1'] },
        { heading: 'privacy.rightsHeading', body: ['privacy.rights1', 'privacy.rights2', 'privacy.rights3'] },
      ]}
    />
  );
}
