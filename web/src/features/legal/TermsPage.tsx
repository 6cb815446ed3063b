import { LegalPage } from './LegalPage';

/** TermsPage is the terms and conditions the sign-up form asks members to accept. */
export function TermsPage() {
  return (
    <LegalPage
      title="terms.title"
      intro="terms.intro"
      sections={[
        { heading: 'terms.serviceHeading', body: ['terms.service1', 'terms.service2'] },
        { heading: 'terms.emergencyHeading', body: ['terms.emergency1'] },
        { heading: 'terms.whoHeading', body: ['terms.who1'] },
        { heading: 'terms.accountHeading', body: ['terms.account1'] },
        { heading: 'terms.coachingHeading', body: ['terms.coaching1'] },
        { heading: 'terms.paymentHeading', body: ['terms.payment1'] },
        { heading: 'terms.endingHeading', body: ['terms.ending1'] },
        { heading: 'terms.changesHeading', body: ['terms.changes1'] },
      ]}
    />
  );
}
