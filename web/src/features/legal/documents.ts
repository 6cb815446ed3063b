import type { MessageKey } from '@/lib/messages';
import type { legalMessages } from '@/messages/legal';

// The shape of the legal pages: which of the legal copy's texts each page shows, in what order.
// The words themselves are in the catalog (legalMessages).

type LegalTextKey = MessageKey<typeof legalMessages>;

/** LegalDocument is one legal page: a title, an introduction, then short headed sections. */
export interface LegalDocument {
  title: LegalTextKey;
  intro: LegalTextKey;
  sections: readonly { heading: LegalTextKey; body: readonly LegalTextKey[] }[];
}

/** terms is the terms and conditions the sign-up form asks members to accept. */
export const terms: LegalDocument = {
  title: 'terms.title',
  intro: 'terms.intro',
  sections: [
    { heading: 'terms.serviceHeading', body: ['terms.service1', 'terms.service2'] },
    { heading: 'terms.emergencyHeading', body: ['terms.emergency1'] },
    { heading: 'terms.whoHeading', body: ['terms.who1'] },
    { heading: 'terms.accountHeading', body: ['terms.account1'] },
    { heading: 'terms.coachingHeading', body: ['terms.coaching1'] },
    { heading: 'terms.paymentHeading', body: ['terms.payment1'] },
    { heading: 'terms.endingHeading', body: ['terms.ending1'] },
    { heading: 'terms.changesHeading', body: ['terms.changes1'] },
  ],
};

/** privacy says plainly what we keep about members, why, and what they can ask of us. */
export const privacy: LegalDocument = {
  title: 'privacy.title',
  intro: 'privacy.intro',
  sections: [
    { heading: 'privacy.keepHeading', body: ['privacy.keep1', 'privacy.keep2'] },
    { heading: 'privacy.useHeading', body: ['privacy.use1'] },
    { heading: 'privacy.neverHeading', body: ['privacy.never1', 'privacy.never2'] },
    { heading: 'privacy.safeHeading', body: ['privacy.safe1'] },
    { heading: 'privacy.rightsHeading', body: ['privacy.rights1', 'privacy.rights2', 'privacy.rights3'] },
  ],
};
