import { LegalPage } from './LegalPage';

/** TermsPage is the terms and conditions the sign-up form asks members to accept. */
export function TermsPage() {
  return (
    <LegalPage
      title="legal.terms.title"
      intro="legal.terms.intro"
      sections={[
        { heading: 'legal.terms.serviceHeading', body: ['legal.terms.service1', 'legal.terms.service2'] },
        { heading: 'legal.terms.emergencyHeading', body: ['legal.terms.emergency1'] },
        { heading: 'legal.terms.whoHeading', body: ['legal.terms.who1'] },
        { heading: 'legal.terms.accountHeading', body: ['legal.terms.account1'] },
        { heading: 'legal.terms.coachingHeading', body: ['legal.terms.coaching1'] },
        { heading: 'legal.terms.paymentHeading', body: ['legal.terms.payment1'] },
        { heading: 'legal.terms.endingHeading', body: ['legal.terms.ending1'] },
        { heading: 'legal.terms.changesHeading', body: ['legal.terms.changes1'] },
      ]}
    />
  );
}
