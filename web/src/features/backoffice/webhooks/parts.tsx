import { useT, type Translate } from '@/lib/messages';
import { staffWebhooksMessages } from '@/messages/staff-webhooks';
import { problemOf } from '@/features/backoffice/shared/problem';
import { formatDate } from '@/features/backoffice/shared/dates';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import { refusedWith } from '@/features/backoffice/admin/PageStatus';
import type { WebhookEndpoint } from './api/get-webhooks';
import { eventTypes, eventWords } from './words';
import styles from './Webhooks.module.css';

// The pieces both webhook pages show.

/** eventsText lists an endpoint's events in words, in the journey's order. */
function eventsText(t: Translate<typeof staffWebhooksMessages>, endpoint: Pick<WebhookEndpoint, 'events'>): string {
  return eventTypes
    .filter((type) => endpoint.events.includes(type))
    .map((type) => t(eventWords[type].name))
    .join(', ');
}

/** refusalText says why a change did not go through: the server's reason, or what to do. */
export function refusalText(t: Translate<typeof staffWebhooksMessages>, error: unknown): string {
  if (refusedWith(error, 403)) return t('refused');
  return problemOf(error).detail || t('failedDetail');
}

/** StatusBadge says whether events go to an endpoint, in words. */
export function StatusBadge({ active }: { active: boolean }) {
  const t = useT(staffWebhooksMessages);
  return <span className={active ? `${shared.badge} ${shared.badgeGood}` : shared.badge}>{active ? t('on') : t('paused')}</span>;
}


/** EndpointFacts lists an endpoint's address, events and when it was added. */
export function EndpointFacts({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useT(staffWebhooksMessages);
  return (
    <dl className={shared.facts}>
      <div className={shared.wide}>
        <dt>{t('address')}</dt>
        <dd>
          <code className={styles.code}>{endpoint.url}</code>
        </dd>
      </div>
      <div className={shared.wide}>
        <dt>{t('events')}</dt>
        <dd>{eventsText(t, endpoint)}</dd>
      </div>
      <div>
        <dt>{t('added')}</dt>
        <dd>
          <time dateTime={endpoint.createdAt}>{formatDate(endpoint.createdAt)}</time>
        </dd>
      </div>
    </dl>
  );
}
