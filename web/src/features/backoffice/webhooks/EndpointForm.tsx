import { useId, useRef, useState, type FormEvent } from 'react';
import { useT } from '@/lib/messages';
import { staffWebhooksMessages } from '@/messages/staff-webhooks';
import { Button } from '@/components/button/Button';
import { problemOf } from '@/features/backoffice/shared/problem';
import admin from '@/features/backoffice/admin/admin.module.css';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import type { WebhookEndpointRequest } from './api/create-webhook';
import type { WebhookEndpoint, WebhookEventType } from './api/get-webhooks';
import { eventTypes, eventWords } from './words';
import styles from './Webhooks.module.css';

interface EndpointFormProps {
  /** endpoint is the webhook being changed; none for a new one, which starts on with no events. */
  endpoint?: WebhookEndpoint;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** error is the last refusal, whose field messages go beside their fields. */
  error: unknown;
  onSubmit: (request: WebhookEndpointRequest) => void;
  onCancel?: () => void;
}

/**
 * EndpointForm is a webhook's address, description and events, for adding one and for changing
 * one. The two things every webhook needs (an address, an event) are checked here before anything
 * is sent, and the first field to fix takes focus; the server checks everything again, and its
 * words go beside the field they are about.
 */
export function EndpointForm({ endpoint, submitLabel, pendingLabel, pending, error, onSubmit, onCancel }: EndpointFormProps) {
  const t = useT(staffWebhooksMessages);
  const id = useId();
  const urlInput = useRef<HTMLInputElement>(null);
  const firstEvent = useRef<HTMLInputElement>(null);
  const [url, setURL] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<ReadonlySet<WebhookEventType>>(new Set(endpoint?.events ?? []));
  const [missing, setMissing] = useState<{ url: boolean; events: boolean }>({ url: false, events: false });

  const fields = problemOf(error).fields;
  const urlError = missing.url ? t('urlMissing') : fields.url;
  const descriptionError = fields.description;
  const eventsError = missing.events ? t('eventsMissing') : fields.events;

  function toggle(type: WebhookEventType, on: boolean) {
    setEvents((current) => {
      const next = new Set(current);
      if (on) next.add(type);
      else next.delete(type);
      return next;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const now = { url: url.trim() === '', events: events.size === 0 };
    setMissing(now);
    if (now.url) return urlInput.current?.focus();
    if (now.events) return firstEvent.current?.focus();
    onSubmit({
      url: url.trim(),
      description: description.trim(),
      events: eventTypes.filter((type) => events.has(type)),
      active: endpoint?.active ?? true,
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={pending}>
      <div className={shared.field}>
        <label className={shared.label} htmlFor={`${id}-url`}>
          {t('url')}
        </label>
        <p id={`${id}-url-hint`} className={admin.hint}>
          {t('urlHint')}
        </p>
        <input
          id={`${id}-url`}
          ref={urlInput}
          className={shared.control}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={url}
          onChange={(e) => setURL(e.target.value)}
          aria-invalid={urlError ? true : undefined}
          aria-describedby={urlError ? `${id}-url-hint ${id}-url-error` : `${id}-url-hint`}
        />
        {urlError ? (
          <p id={`${id}-url-error`} className={shared.fieldError}>
            {urlError}
          </p>
        ) : null}
      </div>
      <div className={shared.field}>
        <label className={shared.label} htmlFor={`${id}-description`}>
          {t('description')}
        </label>
        <p id={`${id}-description-hint`} className={admin.hint}>
          {t('descriptionHint')}
        </p>
        <input
          id={`${id}-description`}
          className={shared.control}
          autoComplete="off"
          value={description}
          maxLength={200}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={descriptionError ? `${id}-description-hint ${id}-description-error` : `${id}-description-hint`}
        />
        {descriptionError ? (
          <p id={`${id}-description-error`} className={shared.fieldError}>
            {descriptionError}
          </p>
        ) : null}
      </div>
      <fieldset className={styles.events} aria-describedby={eventsError ? `${id}-events-hint ${id}-events-error` : `${id}-events-hint`}>
        <legend className={shared.label}>{t('eventsLegend')}</legend>
        <p id={`${id}-events-hint`} className={admin.hint}>
          {t('eventsHint')}
        </p>
        {eventTypes.map((type, i) => (
          <div key={type} className={styles.event}>
            <label className={admin.check}>
              <input
                ref={i === 0 ? firstEvent : undefined}
                type="checkbox"
                checked={events.has(type)}
                onChange={(e) => toggle(type, e.target.checked)}
                aria-describedby={`${id}-${i}-hint`}
                aria-invalid={eventsError ? true : undefined}
              />
              {t(eventWords[type].name)}
            </label>
            <p id={`${id}-${i}-hint`} className={`${admin.hint} ${styles.eventHint}`}>
              {t(eventWords[type].hint)}
            </p>
          </div>
        ))}
        {eventsError ? (
          <p id={`${id}-events-error`} className={shared.fieldError}>
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      <div className={admin.actions}>
        <Button type="submit" aria-disabled={pending || undefined}>
          {pending ? pendingLabel : submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {t('cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
