import { LegalPage } from './LegalPage';

/** PrivacyPage says plainly what we keep about members, why, and what they can ask of us. */
export function PrivacyPage() {
  return (
    <LegalPage
      title="legal.privacy.title"
      intro="legal.privacy.intro"
      sections={[
        { heading: 'legal.privacy.keepHeading', body: ['legal.privacy.keep1', 'legal.privacy.keep2'] },
        { heading: 'legal.privacy.useHeading', body: ['legal.privacy.use1'] },
        { heading: 'legal.privacy.neverHeading', body: ['legal.privacy.never1', 'legal.privacy.never2'] },
        { heading: 'legal.privacy.safeHeading', body: ['legal.privacy.safe1'] },
        { heading: 'legal.privacy.rightsHeading', body: ['legal.privacy.rights1'] },
      ]}
    />
  );
}
