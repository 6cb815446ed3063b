import { useId } from 'react';
import { useT } from '@/lib/messages';
import { staffWaitlistMessages } from '@/messages/staff-waitlist';
import { staffLocale } from '@/features/backoffice/shared/dates';
import { DownloadButton } from '@/features/backoffice/shared/DownloadButton';
import { EmailText } from '@/features/backoffice/shared/EmailText';
import { MoreEntries } from '@/features/backoffice/shared/MoreEntries';
import { useStaffTitle } from '@/features/backoffice/shared/use-staff-title';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import { LoadFailed, Loading } from '@/features/backoffice/admin/PageStatus';
import admin from '@/features/backoffice/admin/admin.module.css';
import { downloadAndroidWaitlist } from './api/download-android-waitlist';
import { useStaffAndroidWaitlist, type WaitlistEntry } from './api/get-android-waitlist';
import styles from './AndroidWaitlistPage.module.css';

// A joined time is written to the minute, in the reader's own time zone.
const momentFormat = new Intl.DateTimeFormat(staffLocale, { dateStyle: 'medium', timeStyle: 'short' });

/** formatMoment writes a joined time ("Mar 4, 2026, 3:05 PM"), or the raw value if it can't be read. */
function formatMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : momentFormat.format(date);
}

/** Label repeats a cell's column name inside it, for the stacked rows on a phone. */
function Label({ children }: { children: string }) {
  return (
    <span className={admin.cellLabel} aria-hidden="true">
      {children}
    </span>
  );
}

function EntryRow({ entry }: { entry: WaitlistEntry }) {
  const t = useT(staffWaitlistMessages);
  return (
    <tr>
      <td className={styles.email}>
        <Label>{t('email')}</Label>
        <span>
          <EmailText email={entry.email} />
        </span>
      </td>
      <td className={styles.nowrap}>
        <Label>{t('joined')}</Label>
        <time dateTime={entry.joinedAt}>{formatMoment(entry.joinedAt)}</time>
      </td>
    </tr>
  );
}

/**
 * AndroidWaitlistPage shows staff who asked to hear when the app is on Android: how many, and who,
 * newest first, with the joined time, and a download of the whole list as CSV. The server sends 50
 * at a time; "Show more" asks for the next ones while there are more. Every read is audited by the
 * server.
 */
export function AndroidWaitlistPage() {
  const t = useT(staffWaitlistMessages);
  useStaffTitle(t('title'));
  const query = useStaffAndroidWaitlist();
  const captionId = useId();

  let body;
  if (query.isPending) body = <Loading text={t('loading')} />;
  else if (query.isError && !query.data)
    body = <LoadFailed title={t('loadFailedTitle')} error={query.error} retry={() => void query.refetch()} />;
  else {
    const pages = query.data?.pages ?? [];
    const entries = pages.flatMap((page) => page.entries);
    const count = pages.at(-1)?.count ?? 0;
    body =
      count === 0 && entries.length === 0 ? (
        <p className={admin.empty}>{t('none')}</p>
      ) : (
        <>
          <div className={styles.summary}>
            <p className={styles.count}>{count === 1 ? t('countOne') : t('count', { count })}</p>
            {entries.length < count ? <p className={shared.muted}>{t('shown', { shown: entries.length, count })}</p> : null}
          </div>
          <div className={admin.tableScroll} role="region" aria-labelledby={captionId} tabIndex={0}>
            <table className={`${admin.table} ${admin.stacked}`}>
              <caption id={captionId} className="visually-hidden">
                {t('caption')}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('email')}</th>
                  <th scope="col">{t('joined')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry, i) => (
                  <EntryRow key={`${entry.joinedAt}-${entry.email}-${i}`} entry={entry} />
                ))}
              </tbody>
            </table>
          </div>
          <MoreEntries query={query} more={t('more')} loading={t('loadingMore')} failed={t('moreFailed')} />
        </>
      );
  }

  return (
    <div className={shared.page}>
      <div className={admin.head}>
        <div className={admin.headText}>
          <h1>{t('title')}</h1>
          <p className={shared.lead}>{t('lead')}</p>
        </div>
        <DownloadButton label={t('download')} hint={t('downloadHint')} download={downloadAndroidWaitlist} />
      </div>
      {body}
    </div>
  );
}
