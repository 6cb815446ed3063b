import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useT } from '@/lib/messages';
import { staffInsightsMessages } from '@/messages/staff-insights';
import { Button } from '@/components/button/Button';
import { staffPaths } from '@/features/backoffice/shared/staff-paths';
import admin from '@/features/backoffice/admin/admin.module.css';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import type { CampaignRow } from './api/get-campaigns';
import { defaultRange, insightsPath, isFiltered, type ReportFilters } from './report-filters';
import styles from './InsightsPage.module.css';

// The choices of the device and payment filters, in the API's words; "" is any. The keys of their
// names are written out, so the catalog's test sees each in use.
const devices = [
  ['iphone', 'device.iphone'],
  ['android', 'device.android'],
  ['none', 'device.none'],
] as const;

const payments = [
  ['offered', 'payment.offered'],
  ['not-offered', 'payment.not-offered'],
] as const;

/** oneOf keeps a value the select can show, or "" (any) for one it can't. */
function oneOf(value: string, choices: readonly (readonly [string, string])[]): string {
  return choices.some(([v]) => v === value) ? value : '';
}

/** formOf is what the form shows for filters: a device or payment it has no choice for shows as any. */
function formOf(filters: ReportFilters): ReportFilters {
  return { ...filters, device: oneOf(filters.device, devices), payment: oneOf(filters.payment, payments) };
}

/** distinct lists the values once each, sorted, without the empty one, and with current kept. */
function distinct(values: Iterable<string>, current: string): string[] {
  const set = new Set(values);
  if (current) set.add(current);
  set.delete('');
  return [...set].sort((a, b) => a.localeCompare(b));
}

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: (described: { 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode;
}

/** Field lays out a label, the control and the server's message about it, tied together. */
function Field({ id, label, error, className, children }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={className ? `${shared.field} ${className}` : shared.field}>
      <label className={shared.label} htmlFor={id}>
        {label}
      </label>
      {children({ 'aria-describedby': error ? errorId : undefined, 'aria-invalid': error ? true : undefined })}
      {error ? (
        <p id={errorId} className={shared.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface FiltersFormProps {
  filters: ReportFilters;
  /** campaigns are the rows of the same days' campaigns report, for the source and campaign choices. */
  campaigns: readonly CampaignRow[];
  /** errors are the server's messages by the API's field names (from, utm_source, device…). */
  errors: Readonly<Record<string, string>>;
}

/**
 * FiltersForm edits the reports' filters. They apply when "Show" is pressed, not as a date is
 * typed; the address then carries them, so Back returns to the filters before and a link shares
 * the view.
 */
export function FiltersForm({ filters, campaigns, errors }: FiltersFormProps) {
  const t = useT(staffInsightsMessages);
  const [, navigate] = useLocation();
  const id = useId();
  const [form, setForm] = useState(() => formOf(filters));
  // The form starts again from the address whenever it changes (Show, Back, "Reset filters"). It is
  // set here rather than by remounting the form, so focus stays on the Show button after a press.
  const [shown, setShown] = useState(filters);
  if (shown !== filters) {
    setShown(filters);
    setForm(formOf(filters));
  }
  const { from, to, source, campaign, device, payment } = form;
  const set = (change: Partial<ReportFilters>) => setForm((f) => ({ ...f, ...change }));

  const sources = distinct(
    campaigns.map((row) => row.utmSource),
    source,
  );
  // The campaigns offered are the chosen source's, or every one when any source will do.
  const campaignNames = distinct(
    campaigns.filter((row) => !source || row.utmSource === source).map((row) => row.utmCampaign),
    campaign,
  );
  const range = defaultRange();
  const changed = isFiltered(filters) || filters.from !== range.from || filters.to !== range.to;

  function chooseSource(value: string) {
    // A campaign of another source would find no one: the choice goes back to any.
    const keep = !value || !campaign || campaigns.some((row) => row.utmSource === value && row.utmCampaign === campaign);
    set({ source: value, campaign: keep ? campaign : '' });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    navigate(insightsPath({ from: from || range.from, to: to || range.to, source, campaign, device, payment }));
  }

  return (
    <form className={`${shared.card} ${styles.filters}`} onSubmit={submit} role="search" aria-labelledby={`${id}-heading`} noValidate>
      <h2 id={`${id}-heading`}>{t('filtersHeading')}</h2>
      <div className={styles.fields}>
        <Field id={`${id}-from`} label={t('from')} error={errors.from} className={styles.dateField}>
          {(described) => <input id={`${id}-from`} className={shared.control} type="date" value={from} onChange={(e) => set({ from: e.target.value })} {...described} />}
        </Field>
        <Field id={`${id}-to`} label={t('to')} error={errors.to} className={styles.dateField}>
          {(described) => <input id={`${id}-to`} className={shared.control} type="date" value={to} onChange={(e) => set({ to: e.target.value })} {...described} />}
        </Field>
        <Field id={`${id}-source`} label={t('source')} error={errors.utm_source}>
          {(described) => (
            <select id={`${id}-source`} className={shared.control} value={source} onChange={(e) => chooseSource(e.target.value)} {...described}>
              <option value="">{t('any')}</option>
              {sources.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-campaign`} label={t('campaign')} error={errors.utm_campaign}>
          {(described) => (
            <select id={`${id}-campaign`} className={shared.control} value={campaign} onChange={(e) => set({ campaign: e.target.value })} {...described}>
              <option value="">{t('any')}</option>
              {campaignNames.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-device`} label={t('device')} error={errors.device}>
          {(described) => (
            <select id={`${id}-device`} className={shared.control} value={device} onChange={(e) => set({ device: e.target.value })} {...described}>
              <option value="">{t('any')}</option>
              {devices.map(([value, key]) => (
                <option key={value} value={value}>
                  {t(key)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-payment`} label={t('payment')} error={errors.payment}>
          {(described) => (
            <select id={`${id}-payment`} className={shared.control} value={payment} onChange={(e) => set({ payment: e.target.value })} {...described}>
              <option value="">{t('any')}</option>
              {payments.map(([value, key]) => (
                <option key={value} value={value}>
                  {t(key)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className={admin.actions}>
        <Button type="submit" variant="primary">
          {t('show')}
        </Button>
        {changed ? (
          <Link className={styles.reset} to={staffPaths.insights}>
            {t('reset')}
          </Link>
        ) : null}
      </div>
    </form>
  );
}
