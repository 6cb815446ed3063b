import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useT } from '@/lib/messages';
import { staffAuditMessages } from '@/messages/staff-audit';
import { Button } from '@/components/button/Button';
import { staffLocale } from '@/features/backoffice/shared/dates';
import { memberPath, staffPaths } from '@/features/backoffice/shared/staff-paths';
import { MoreEntries } from '@/features/backoffice/shared/MoreEntries';
import { useStaffTitle } from '@/features/backoffice/shared/use-staff-title';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import { LoadFailed, Loading } from '@/features/backoffice/admin/PageStatus';
import admin from '@/features/backoffice/admin/admin.module.css';
import { actionText } from './actions';
import { useAuditLog, type AuditEntry, type AuditFilters } from './api/get-audit-log';
import styles from './AuditPage.module.css';

/** filtersOf reads the filters from the address's query (?memberId=&staffId=). */
export function filtersOf(search: string): AuditFilters {
  const query = new URLSearchParams(search);
  return { memberId: query.get('memberId')?.trim() ?? '', staffId: query.get('staffId')?.trim() ?? '' };
}

/** auditPath is the audit page's address with the given filters, leaving out empty ones. */
export function auditPath(filters: AuditFilters): string {
  const query = new URLSearchParams();
  if (filters.memberId) query.set('memberId', filters.memberId);
  if (filters.staffId) query.set('staffId', filters.staffId);
  const search = query.toString();
  return search ? `${staffPaths.audit}?${search}` : staffPaths.audit;
}

/**
 * Filters edits the two filters. They are applied on submit, not on each key press, so typing an
 * id doesn't send a request per character; the address then carries them, so a filtered view can
 * be shared, bookmarked and reached from a member's page.
 */
function Filters({ filters }: { filters: AuditFilters }) {
  const t = useT(staffAuditMessages);
  const [, navigate] = useLocation();
  const id = useId();
  const [memberId, setMemberId] = useState(filters.memberId);
  const [staffId, setStaffId] = useState(filters.staffId);
  const filtered = filters.memberId !== '' || filters.staffId !== '';

  function submit(event: FormEvent) {
    event.preventDefault();
    navigate(auditPath({ memberId: memberId.trim(), staffId: staffId.trim() }));
  }

  return (
    <form className={`${shared.card} ${styles.filters}`} onSubmit={submit} role="search" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('filtersHeading')}</h2>
      <div className={styles.fields}>
        <div className={shared.field}>
          <label className={shared.label} htmlFor={`${id}-member`}>
            {t('memberId')}
          </label>
          <p id={`${id}-member-hint`} className={admin.hint}>
            {t('memberIdHint')}
          </p>
          <input
            id={`${id}-member`}
            className={shared.control}
            value={memberId}
            onChange={(e) => setMemberId(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${id}-member-hint`}
          />
        </div>
        <div className={shared.field}>
          <label className={shared.label} htmlFor={`${id}-staff`}>
            {t('staffId')}
          </label>
          <p id={`${id}-staff-hint`} className={admin.hint}>
            {t('staffIdHint')}
          </p>
          <input
            id={`${id}-staff`}
            className={shared.control}
            value={staffId}
            onChange={(e) => setStaffId(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${id}-staff-hint`}
          />
        </div>
      </div>
      <div className={admin.actions}>
        <Button type="submit" variant="secondary">
          {t('apply')}
        </Button>
        {filtered ? (
          <Link className={styles.clear} to={staffPaths.audit}>
            {t('clear')}
          </Link>
        ) : null}
      </div>
    </form>
  );
}

// An audit entry's time is written to the second, in the reader's own time zone: entries often
// come seconds apart, and their order must be plain to see.
const momentFormat = new Intl.DateTimeFormat(staffLocale, { dateStyle: 'medium', timeStyle: 'medium' });

/** formatMoment writes an entry's time ("Mar 4, 2026, 3:05:09 PM"), or the raw value if it can't be read. */
function formatMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : momentFormat.format(date);
}

/** Nothing fills an empty cell: a dash to the eye, "none" to a screen reader. */
function Nothing() {
  const t = useT(staffAuditMessages);
  return (
    <>
      <span aria-hidden="true">{t('nothing')}</span>
      <span className="visually-hidden">{t('nothingWords')}</span>
    </>
  );
}

/** Label repeats a cell's column name inside it, for the stacked rows on a phone. */
function Label({ children }: { children: string }) {
  return (
    <span className={admin.cellLabel} aria-hidden="true">
      {children}
    </span>
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const t = useT(staffAuditMessages);
  return (
    <tr>
      <td className={styles.nowrap}>
        <Label>{t('when')}</Label>
        <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
      </td>
      <td className={styles.nowrap}>
        <Label>{t('staff')}</Label>
        {/* An entry without a staff email is the member's own: they closed their account. */}
        <span>{entry.staffEmail || t('member')}</span>
      </td>
      <td>
        <Label>{t('action')}</Label>
        <span>{actionText(t, entry.action)}</span>
      </td>
      <td className={styles.nowrap}>
        <Label>{t('member')}</Label>
        <span>{entry.memberId ? <Link to={memberPath(entry.memberId)}>{entry.memberId}</Link> : <Nothing />}</span>
      </td>
      <td className={styles.wrap}>
        <Label>{t('target')}</Label>
        <span>{entry.target || <Nothing />}</span>
      </td>
      <td className={styles.nowrap}>
        <Label>{t('address')}</Label>
        <span>{entry.address || <Nothing />}</span>
      </td>
    </tr>
  );
}

/**
 * AuditPage shows who on staff read or changed what, newest first, narrowed to one member or one
 * staff user by the address's query, so a member's page can link straight to their entries. The
 * server sends 100 entries at a time; "Older entries" asks for the next hundred, before the last
 * one shown, while a full page came back.
 */
export function AuditPage() {
  const t = useT(staffAuditMessages);
  useStaffTitle(t('title'));
  const search = useSearch();
  const filters = filtersOf(search);
  const query = useAuditLog(filters);
  const captionId = useId();
  const filtered = filters.memberId !== '' || filters.staffId !== '';

  let body;
  if (query.isPending) body = <Loading text={t('loading')} />;
  else if (query.isError && !query.data)
    body = <LoadFailed title={t('loadFailedTitle')} error={query.error} retry={() => void query.refetch()} />;
  else {
    const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
    body =
      entries.length === 0 ? (
        <p className={admin.empty}>{filtered ? t('noneFiltered') : t('none')}</p>
      ) : (
        <>
          <p className={shared.muted}>{entries.length === 1 ? t('shownOne') : t('shown', { count: entries.length })}</p>
          <div className={admin.tableScroll} role="region" aria-labelledby={captionId} tabIndex={0}>
            <table className={`${admin.table} ${admin.stacked} ${styles.table}`}>
              <caption id={captionId} className="visually-hidden">
                {t('caption')}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('when')}</th>
                  <th scope="col">{t('staff')}</th>
                  <th scope="col">{t('action')}</th>
                  <th scope="col">{t('member')}</th>
                  <th scope="col">{t('target')}</th>
                  <th scope="col">{t('address')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} />
                ))}
              </tbody>
            </table>
          </div>
          <MoreEntries query={query} more={t('older')} loading={t('loadingOlder')} failed={t('olderFailed')} />
        </>
      );
  }

  return (
    <div className={shared.page}>
      <div className={admin.headText}>
        <h1>{t('title')}</h1>
        <p className={shared.lead}>{t('lead')}</p>
      </div>
      {/* The form starts again from the address whenever it changes (a link from a member's page,
          Back, "Clear filters"), so what it shows is always what the table is filtered by. */}
      <Filters key={search} filters={filters} />
      {body}
    </div>
  );
}
