import { useId, useState } from 'react';
import { Link } from 'wouter';
import { useT } from '@/lib/messages';
import { staffWebhooksMessages } from '@/messages/staff-webhooks';
import { useNotify } from '@/features/backoffice/shared/Notices';
import { problemOf } from '@/features/backoffice/shared/problem';
import { webhookPath } from '@/features/backoffice/shared/staff-paths';
import { useStaffTitle } from '@/features/backoffice/shared/use-staff-title';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import { LoadFailed, Loading } from '@/features/backoffice/admin/PageStatus';
import admin from '@/features/backoffice/admin/admin.module.css';
import { useCreateWebhook } from './api/create-webhook';
import { useWebhooks, type WebhookEndpoint } from './api/get-webhooks';
import { EndpointForm } from './EndpointForm';
import { EndpointFacts, refusalText, StatusBadge } from './parts';
import { SecretPanel } from './SecretPanel';
import { endpointName } from './words';
import styles from './Webhooks.module.css';

export { WebhookPage } from './WebhookPage';

function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useT(staffWebhooksMessages);
  const headingId = useId();
  const name = endpointName(endpoint);
  return (
    <li>
      <article className={`${shared.card} ${styles.endpoint}`} aria-labelledby={headingId}>
        <div className={styles.endpointHead}>
          <h2 id={headingId} className={styles.name}>
            {name}
          </h2>
          <StatusBadge active={endpoint.active} />
        </div>
        <EndpointFacts endpoint={endpoint} />
        <p>
          <Link to={webhookPath(endpoint.endpointId)}>
            {t('open')} <span className="visually-hidden">{name}</span>
          </Link>
        </p>
      </article>
    </li>
  );
}

/**
 * AddWebhook adds an endpoint and shows its secret once. The form starts afresh after each one,
 * and the secret stays on the page until the admin says they have saved it.
 */
function AddWebhook() {
  const t = useT(staffWebhooksMessages);
  const notify = useNotify();
  const headingId = useId();
  const create = useCreateWebhook();
  const [added, setAdded] = useState(0);
  const [secret, setSecret] = useState('');

  const fieldsRefused = Object.keys(problemOf(create.error).fields).length > 0;
  return (
    <>
      {secret ? <SecretPanel secret={secret} onDone={() => setSecret('')} /> : null}
      <section className={shared.card} aria-labelledby={headingId}>
        <h2 id={headingId}>{t('addHeading')}</h2>
        <p>{t('addIntro')}</p>
        <EndpointForm
          key={added}
          submitLabel={t('add')}
          pendingLabel={t('adding')}
          pending={create.isPending}
          error={create.error}
          onSubmit={(request) =>
            create.mutate(request, {
              onSuccess: ({ endpoint, secret }) => {
                setSecret(secret);
                setAdded((n) => n + 1);
                create.reset();
                notify({ tone: 'success', text: t('addedDone', { name: endpointName(endpoint) }) });
              },
            })
          }
        />
        {create.isError && !fieldsRefused ? (
          <div className={shared.failed} role="alert">
            <p className={shared.failedText}>{t('addFailed')}</p>
            <p>{refusalText(t, create.error)}</p>
          </div>
        ) : null}
      </section>
    </>
  );
}

/**
 * WebhooksPage lists the webhooks an admin has set up, each with where it sends which events and
 * whether it is on, and adds new ones. Each webhook's own page has its deliveries and settings.
 */
export function WebhooksPage() {
  const t = useT(staffWebhooksMessages);
  useStaffTitle(t('title'));
  const query = useWebhooks();

  let body;
  if (query.isPending) body = <Loading text={t('loading')} />;
  else if (query.isError) body = <LoadFailed title={t('loadFailedTitle')} error={query.error} retry={() => void query.refetch()} />;
  else if (query.data.length === 0) body = <p className={admin.empty}>{t('none')}</p>;
  else
    body = (
      <ul className={styles.list} aria-label={t('listLabel')}>
        {query.data.map((endpoint) => (
          <EndpointCard key={endpoint.endpointId} endpoint={endpoint} />
        ))}
      </ul>
    );

  return (
    <div className={shared.page}>
      <div className={admin.headText}>
        <h1>{t('title')}</h1>
        <p className={shared.lead}>{t('lead')}</p>
      </div>
      {body}
      {query.isError ? null : <AddWebhook />}
    </div>
  );
}
