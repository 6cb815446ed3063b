import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useT } from '@/lib/messages';
import { staffWebhooksMessages } from '@/messages/staff-webhooks';
import { Button } from '@/components/button/Button';
import { formatDateTime } from '@/features/backoffice/shared/dates';
import { useNotify } from '@/features/backoffice/shared/Notices';
import { problemOf } from '@/features/backoffice/shared/problem';
import { staffPaths } from '@/features/backoffice/shared/staff-paths';
import { useStaffTitle } from '@/features/backoffice/shared/use-staff-title';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import { LoadFailed, Loading } from '@/features/backoffice/admin/PageStatus';
import admin from '@/features/backoffice/admin/admin.module.css';
import type { WebhookEndpointRequest } from './api/create-webhook';
import { useDeleteWebhook } from './api/delete-webhook';
import { useWebhookDeliveries, type WebhookDelivery } from './api/get-webhook-deliveries';
import { useWebhooks, type WebhookEndpoint } from './api/get-webhooks';
import { useResendWebhookDelivery } from './api/resend-webhook-delivery';
import { useRotateWebhookSecret } from './api/rotate-webhook-secret';
import { useUpdateWebhook } from './api/update-webhook';
import { ConfirmDialog } from './ConfirmDialog';
import { EndpointForm } from './EndpointForm';
import { EndpointFacts, refusalText, StatusBadge } from './parts';
import { SecretPanel } from './SecretPanel';
import { endpointName, eventWords, statusWords } from './words';
import styles from './Webhooks.module.css';

/** Label repeats a cell's column name inside it, for the stacked rows on a phone. */
function Label({ children }: { children: string }) {
  return (
    <span className={admin.cellLabel} aria-hidden="true">
      {children}
    </span>
  );
}

/** requestOf is an endpoint as a change sends it, with what changes put over it. */
function requestOf(endpoint: WebhookEndpoint, change: Partial<WebhookEndpointRequest> = {}): WebhookEndpointRequest {
  return { url: endpoint.url, description: endpoint.description, events: endpoint.events, active: endpoint.active, ...change };
}

type Asking = 'pause' | 'rotate' | 'delete' | null;

/**
 * Settings shows where the webhook sends which events, and changes it: edit it, pause it or turn
 * it on, give it a new secret (shown once), or delete it. Pausing, a new secret and deleting are
 * asked about first; turning on is not, since it only sends what was asked for.
 */
function Settings({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useT(staffWebhooksMessages);
  const notify = useNotify();
  const [, navigate] = useLocation();
  const headingId = useId();
  const name = endpointName(endpoint);
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<Asking>(null);
  const [secret, setSecret] = useState('');
  const update = useUpdateWebhook();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();

  const failed = (error: unknown) => notify({ tone: 'error', text: t('changeFailed', { name }), detail: refusalText(t, error) });

  function save(request: WebhookEndpointRequest) {
    update.mutate(
      { endpointId: endpoint.endpointId, request },
      {
        onSuccess: () => {
          setEditing(false);
          update.reset();
          notify({ tone: 'success', text: t('savedDone') });
        },
      },
    );
  }

  function setActive(active: boolean) {
    update.mutate(
      { endpointId: endpoint.endpointId, request: requestOf(endpoint, { active }) },
      {
        onSuccess: (saved) => {
          update.reset();
          notify({ tone: 'success', text: saved.active ? t('onDone', { name }) : t('pausedDone', { name }) });
        },
        onError: failed,
      },
    );
  }

  function confirmed() {
    if (asking === 'pause') setActive(false);
    else if (asking === 'rotate') rotate.mutate(endpoint.endpointId, { onSuccess: (answer) => setSecret(answer.secret), onError: failed });
    // The list loses the endpoint as soon as it is deleted, which takes this page's settings away
    // with it: the promise, unlike mutate's callbacks, still says how it went.
    else if (asking === 'delete')
      remove.mutateAsync(endpoint.endpointId).then(() => {
        notify({ tone: 'success', text: t('deletedDone', { name }) });
        navigate(staffPaths.webhooks);
      }, failed);
  }

  const busy = update.isPending || rotate.isPending || remove.isPending;
  const fieldsRefused = Object.keys(problemOf(update.error).fields).length > 0;
  const dialogs = {
    pause: { title: t('pauseTitle', { name }), body: t('pauseBody'), confirm: t('confirmPause'), keep: t('keepOn') },
    rotate: { title: t('rotateTitle', { name }), body: t('rotateBody'), confirm: t('confirmRotate'), keep: t('keepSecret') },
    delete: { title: t('deleteTitle', { name }), body: t('deleteBody'), confirm: t('confirmDelete'), keep: t('keepIt') },
  };
  const dialog = asking ? dialogs[asking] : dialogs.pause;

  return (
    <>
      {secret ? <SecretPanel secret={secret} onDone={() => setSecret('')} /> : null}
      <section className={shared.card} aria-labelledby={headingId}>
        <div className={styles.endpointHead}>
          <h2 id={headingId}>{t('settingsHeading')}</h2>
          <StatusBadge active={endpoint.active} />
        </div>
        {editing ? (
          <>
            <EndpointForm
              endpoint={endpoint}
              submitLabel={t('save')}
              pendingLabel={t('saving')}
              pending={update.isPending}
              error={update.error}
              onSubmit={save}
              onCancel={() => {
                setEditing(false);
                update.reset();
              }}
            />
            {update.isError && !fieldsRefused ? (
              <div className={shared.failed} role="alert">
                <p className={shared.failedText}>{t('saveFailed')}</p>
                <p>{refusalText(t, update.error)}</p>
              </div>
            ) : null}
          </>
        ) : (
          <>
            <EndpointFacts endpoint={endpoint} />
            <div className={admin.actions}>
              <Button variant="secondary" onClick={() => setEditing(true)}>
                {t('edit')}
              </Button>
              <Button
                variant="secondary"
                aria-disabled={busy || undefined}
                onClick={() => {
                  if (busy) return;
                  if (endpoint.active) setAsking('pause');
                  else setActive(true);
                }}
              >
                {endpoint.active ? t('pause') : t('turnOn')}
              </Button>
              <Button variant="secondary" aria-disabled={busy || undefined} onClick={() => !busy && setAsking('rotate')}>
                {t('rotate')}
              </Button>
              <Button variant="secondary" aria-disabled={busy || undefined} onClick={() => !busy && setAsking('delete')}>
                {t('delete')}
              </Button>
            </div>
          </>
        )}
      </section>
      <ConfirmDialog open={asking !== null} {...dialog} onConfirm={confirmed} onClose={() => setAsking(null)} />
    </>
  );
}

/**
 * reasonOf is what to say of a failure besides its status code: an error status says enough on its
 * own, so the server's words are shown when there was no answer, or a redirect that was not followed.
 */
function reasonOf(statusCode: number | null, error: string): string {
  return statusCode !== null && statusCode >= 400 ? '' : error;
}

/** Attempts is a delivery's count of attempts, and its newest attempts folded away until asked for. */
function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  const t = useT(staffWebhooksMessages);
  return (
    <span className={styles.attempts}>
      <span>{delivery.attempts}</span>
      {delivery.log.length > 0 ? (
        <details className={styles.log}>
          <summary>{t('attemptsLog')}</summary>
          <ol>
            {delivery.log.map((a, i) => (
              <li key={`${a.at}-${i}`}>
                <time dateTime={a.at}>{formatDateTime(a.at)}</time>: {a.statusCode ?? t('noAnswer')}, {t('attemptTook', { n: a.durationMs })}
                {reasonOf(a.statusCode, a.error) ? <span className={styles.reason}>{a.error}</span> : null}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </span>
  );
}

function DeliveryRow({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const t = useT(staffWebhooksMessages);
  const notify = useNotify();
  const resend = useResendWebhookDelivery(endpointId);
  const status = delivery.status;
  const badge = status === 'delivered' ? `${shared.badge} ${shared.badgeGood}` : status === 'failed' ? `${shared.badge} ${shared.badgeAlert}` : shared.badge;
  const lastAnswer = delivery.attempts === 0 && delivery.log.length === 0 ? t('notTried') : (delivery.lastStatusCode ?? t('noAnswer'));
  return (
    <tr>
      <th scope="row">
        <span className={styles.eventName}>{t(eventWords[delivery.eventType].name)}</span>
        <time className={styles.when} dateTime={delivery.createdAt}>
          {formatDateTime(delivery.createdAt)}
        </time>
      </th>
      <td>
        <Label>{t('colEventId')}</Label>
        <code className={styles.code}>{delivery.eventId}</code>
      </td>
      <td>
        <Label>{t('colStatus')}</Label>
        <span className={badge}>{t(statusWords[status])}</span>
      </td>
      <td>
        <Label>{t('colAttempts')}</Label>
        <Attempts delivery={delivery} />
      </td>
      <td>
        <Label>{t('colLastAnswer')}</Label>
        <span>
          {lastAnswer}
          {reasonOf(delivery.lastStatusCode, delivery.lastError) ? <span className={styles.reason}>{delivery.lastError}</span> : null}
        </span>
      </td>
      <td>
        <Label>{t('colNext')}</Label>
        {delivery.nextAttemptAt ? <time dateTime={delivery.nextAttemptAt}>{formatDateTime(delivery.nextAttemptAt)}</time> : <span>{t('nothingNext')}</span>}
      </td>
      <td>
        <Label>{t('colAction')}</Label>
        <Button
          variant="secondary"
          className={styles.rowButton}
          aria-disabled={resend.isPending || undefined}
          onClick={() => {
            if (resend.isPending) return;
            resend.mutate(delivery.deliveryId, {
              onSuccess: () => notify({ tone: 'success', text: t('resentDone') }),
              onError: (error) => notify({ tone: 'error', text: t('resendFailed'), detail: refusalText(t, error) }),
            });
          }}
        >
          {resend.isPending ? t('resending') : t('resend')} <span className="visually-hidden">{delivery.eventId}</span>
        </Button>
      </td>
    </tr>
  );
}

/** Deliveries is the endpoint's newest deliveries, refreshed while any of them waits. */
function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useT(staffWebhooksMessages);
  const headingId = useId();
  const captionId = useId();
  const query = useWebhookDeliveries(endpoint.endpointId);

  let body;
  if (query.isPending) body = <Loading text={t('deliveriesLoading')} />;
  else if (query.isError) body = <LoadFailed title={t('deliveriesFailed')} error={query.error} retry={() => void query.refetch()} />;
  else if (query.data.length === 0) body = <p className={admin.empty}>{t('noDeliveries')}</p>;
  else
    body = (
      <div className={admin.tableScroll} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={`${admin.table} ${admin.stacked} ${styles.deliveries}`}>
          <caption id={captionId} className="visually-hidden">
            {t('deliveriesCaption', { name: endpointName(endpoint) })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('colEvent')}</th>
              <th scope="col">{t('colEventId')}</th>
              <th scope="col">{t('colStatus')}</th>
              <th scope="col">{t('colAttempts')}</th>
              <th scope="col">{t('colLastAnswer')}</th>
              <th scope="col">{t('colNext')}</th>
              <th scope="col">{t('colAction')}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((delivery) => (
              <DeliveryRow key={delivery.deliveryId} endpointId={endpoint.endpointId} delivery={delivery} />
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <section className={styles.deliveriesSection} aria-labelledby={headingId}>
      <div className={admin.head}>
        <div className={admin.headText}>
          <h2 id={headingId}>{t('deliveriesHeading')}</h2>
          <p className={admin.hint}>{t('deliveriesLead')}</p>
        </div>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('refresh')}
        </Button>
      </div>
      {body}
    </section>
  );
}

/**
 * WebhookPage is one webhook: its settings, which an admin changes here, and its newest deliveries,
 * each with its attempts and a way to send it again.
 */
export function WebhookPage({ endpointId }: { endpointId: string }) {
  const t = useT(staffWebhooksMessages);
  const query = useWebhooks();
  const endpoint = query.data?.find((e) => e.endpointId === endpointId);
  useStaffTitle(endpoint ? endpointName(endpoint) : t('title'));

  let body;
  if (query.isPending) body = <Loading text={t('loading')} />;
  else if (query.isError) body = <LoadFailed title={t('loadFailedTitle')} error={query.error} retry={() => void query.refetch()} />;
  else if (!endpoint)
    body = (
      <section className={shared.card} aria-labelledby="webhook-not-found">
        <h2 id="webhook-not-found">{t('notFoundHeading')}</h2>
        <p>{t('notFound')}</p>
      </section>
    );
  else
    body = (
      <>
        <Settings endpoint={endpoint} />
        <Deliveries endpoint={endpoint} />
      </>
    );

  return (
    <div className={shared.page}>
      <p>
        <Link to={staffPaths.webhooks}>{t('backToList')}</Link>
      </p>
      <div className={admin.headText}>
        <h1 className={styles.title}>{endpoint ? endpointName(endpoint) : t('title')}</h1>
      </div>
      {body}
    </div>
  );
}
