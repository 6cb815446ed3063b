import { useId, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useT, type Translate } from '@/lib/messages';
import { staffMembersMessages } from '@/messages/staff-members';
import { formatDate, formatDateTime } from '@/features/backoffice/shared/dates';
import { DownloadButton } from '@/features/backoffice/shared/DownloadButton';
import { EmailText } from '@/features/backoffice/shared/EmailText';
import { LoadFailed, Loading } from '@/features/backoffice/shared/LoadFailed';
import { memberPath } from '@/features/backoffice/shared/staff-paths';
import { useIsAdmin } from '@/features/backoffice/shared/staff-user';
import { useStaffTitle } from '@/features/backoffice/shared/use-staff-title';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import { downloadMembers } from './api/download-members';
import { useMembers, type StaffMemberRow } from './api/search-members';
import { useMemberSearch } from './use-member-search';
import { paymentNames, stepName } from './member-text';
import styles from './MembersPage.module.css';

/** fullName is a member's name as a list shows it, or "" before they have given one. */
export function fullName(member: { firstName: string; lastName: string }): string {
  return `${member.firstName} ${member.lastName}`.trim();
}

/**
 * MembersPage is the staff app's start (/staff): a search by name or email and the members found,
 * newest first, 25 a page. Each row leads to the member's page. A safety disclosure awaiting review
 * is written out in the row ("Needs review"), never shown by colour alone. On narrow screens each
 * row becomes a card with its labels beside the values. Admins can also download every member as a
 * CSV file (no survey answers), which the server writes to the audit log.
 */
export function MembersPage() {
  const t = useT(staffMembersMessages);
  useStaffTitle(t('listTitle'));
  const isAdmin = useIsAdmin();
  const searchId = useId();
  const hintId = useId();
  const { search, page, submit, next, previous } = useMemberSearch();
  const query = useMembers(search);
  const data = query.data;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = new FormData(event.currentTarget).get('q');
    submit(typeof q === 'string' ? q : '');
  }

  return (
    <div className={shared.page}>
      <div className={styles.head}>
        <div className={styles.intro}>
          <h1>{t('listHeading')}</h1>
          <p className={shared.muted}>{t('listLead')}</p>
        </div>
        {/* Only admins may take every member's details away in one file; the server refuses staff. */}
        {isAdmin ? <DownloadButton label={t('downloadMembers')} hint={t('downloadMembersHint')} download={downloadMembers} /> : null}
      </div>
      <form className={styles.search} role="search" onSubmit={onSubmit}>
        <label className={shared.label} htmlFor={searchId}>
          {t('searchLabel')}
        </label>
        <p id={hintId} className={styles.searchNote}>
          {t('searchHint')}
        </p>
        <div className={styles.searchRow}>
          {/* Keyed by the search, so "Show everyone" empties the box as well as the list. */}
          <input
            key={search.q}
            id={searchId}
            className={`${shared.control} ${styles.searchInput}`}
            type="search"
            name="q"
            defaultValue={search.q}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={hintId}
          />
          <button type="submit" className={shared.primaryButton}>
            {t('search')}
          </button>
        </div>
        {search.q ? (
          <p className={styles.searchNote}>
            {t('resultsFor', { q: search.q })}{' '}
            <button type="button" className={styles.linkButton} onClick={() => submit('')}>
              {t('clearSearch')}
            </button>
          </p>
        ) : null}
      </form>

      {query.isError && !data ? (
        <LoadFailed text={t('listFailed')} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Loading />
      ) : data.members.length === 0 ? (
        <p className={styles.empty} role="status">
          {t('noUsers')}
        </p>
      ) : (
        <div className={styles.results} aria-busy={query.isFetching}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('colName')}</th>
                <th scope="col" className={styles.emailColumn}>
                  {t('colEmail')}
                </th>
                <th scope="col">{t('colSignedUp')}</th>
                <th scope="col">{t('colStep')}</th>
                <th scope="col">{t('colCoach')}</th>
                <th scope="col">{t('colPayment')}</th>
                <th scope="col">{t('colSafety')}</th>
              </tr>
            </thead>
            <tbody>
              {data.members.map((member) => (
                <MemberRow key={member.userId} member={member} t={t} />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {data && (page > 1 || data.next) ? (
        <nav className={styles.pager} aria-label={t('pagination')}>
          <button type="button" className={shared.secondaryButton} disabled={page <= 1} onClick={previous}>
            {t('previousPage')}
          </button>
          <span className={styles.pageNumber}>{t('pageNumber', { n: page })}</span>
          <button
            type="button"
            className={shared.secondaryButton}
            disabled={!data.next || query.isPlaceholderData}
            onClick={() => data.next && next(data.next)}
          >
            {t('nextPage')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}

function MemberRow({ member, t }: { member: StaffMemberRow; t: Translate<typeof staffMembersMessages> }) {
  const name = fullName(member);
  return (
    <tr>
      <td data-label={t('colName')} className={styles.nameCell}>
        <Link to={memberPath(member.userId)} className={styles.nameLink}>
          {name || t('noName')}
        </Link>
        {/* On narrower screens the email moves under the name, and its own column goes: only one
            of the two is ever displayed, so it is never read twice. */}
        <span className={styles.emailUnderName}>
          <EmailText email={member.email} />
        </span>
      </td>
      <td data-label={t('colEmail')} className={`${styles.emailCell} ${styles.emailColumn}`}>
        <EmailText email={member.email} />
      </td>
      <td data-label={t('colSignedUp')} className={styles.nowrap}>
        <time dateTime={member.signedUpAt} title={formatDateTime(member.signedUpAt)}>
          {formatDate(member.signedUpAt)}
        </time>
      </td>
      <td data-label={t('colStep')}>{member.stepReached ? stepName(member.stepReached) : <span className={styles.none}>{t('noStep')}</span>}</td>
      <td data-label={t('colCoach')}>{member.coach ? member.coach.name : <span className={styles.none}>{t('noCoach')}</span>}</td>
      <td data-label={t('colPayment')}>{t(paymentNames[member.payment])}</td>
      <td data-label={t('colSafety')}>
        {member.safetyFlag ? (
          <span className={`${shared.badge} ${shared.badgeAlert} ${styles.nowrap}`}>{t('safetyFlag')}</span>
        ) : (
          <span className={styles.none}>{t('safetyNone')}</span>
        )}
      </td>
    </tr>
  );
}
