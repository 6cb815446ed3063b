import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useT, type MessageKey, type Translate } from '@/lib/messages';
import { staffSafetyMessages } from '@/messages/staff-safety';
import { formatDateTime, formatRelative } from '@/features/backoffice/shared/dates';
import { EmailText } from '@/features/backoffice/shared/EmailText';
import { LoadFailed, Loading } from '@/features/backoffice/shared/LoadFailed';
import { useNotify } from '@/features/backoffice/shared/Notices';
import { problemOf } from '@/features/backoffice/shared/problem';
import { memberPath, staffPaths } from '@/features/backoffice/shared/staff-paths';
import { useStaffTitle } from '@/features/backoffice/shared/use-staff-title';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import { useSafetyQueue, type SafetyFollowUp, type SafetyStatus } from './api/get-safety-queue';
import { useReopenJourney } from './api/reopen-journey';
import { ReviewDialog } from './ReviewDialog';
import styles from './SafetyPage.module.css';

/**
 * deviceNames are the words for the phone a member uses; "" is a member who hasn't said. The keys
 * are written out rather than built from the phone, so the catalog's test can see each in use.
 */
const deviceNames = {
  '': 'device.',
  iphone: 'device.iphone',
  android: 'device.android',
} as const satisfies Record<SafetyFollowUp['device'], MessageKey<typeof staffSafetyMessages>>;

const statuses: readonly SafetyStatus[] = ['open', 'reviewed'];

function nameOf(followUp: SafetyFollowUp, t: Translate<typeof staffSafetyMessages>): string {
  return `${followUp.firstName} ${followUp.lastName}`.trim() || t('noName');
}

/**
 * SafetyPage is the safety queue (/staff/safety): the members who told us of thoughts of self-harm,
 * for a person to contact and then mark reviewed, with a note and, if it is right, letting them go
 * on with sign-up. It says plainly at the top what these members told us and what to do, and never
 * shows their answers. The two lists are tabs; which one is open is in the address (?status=), so
 * a link can lead straight to either.
 */
export function SafetyPage() {
  const t = useT(staffSafetyMessages);
  useStaffTitle(t('title'));
  const search = useSearch();
  const [, navigate] = useLocation();
  const status: SafetyStatus = new URLSearchParams(search).get('status') === 'reviewed' ? 'reviewed' : 'open';
  const tabIds = { open: useId(), reviewed: useId() };
  const panelId = useId();
  const tabs = useRef<Partial<Record<SafetyStatus, HTMLButtonElement | null>>>({});
  const panel = useRef<HTMLDivElement>(null);

  const notify = useNotify();
  // The follow-up being reviewed. The dialog lives here, beside the lists rather than in one: a
  // review moves the member to the other list, and the dialog must not go (or come back) with it.
  const [reviewing, setReviewing] = useState<SafetyFollowUp | null>(null);

  const choose = (next: SafetyStatus) => navigate(next === 'open' ? staffPaths.safety : `${staffPaths.safety}?status=${next}`, { replace: true });

  // Arrow keys move between the tabs, as in any tab list; Home and End go to the first and last.
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const at = statuses.indexOf(status);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: statuses.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = statuses[(to + statuses.length) % statuses.length]!;
    choose(next);
    tabs.current[next]?.focus();
  }

  return (
    <div className={shared.page}>
      <h1>{t('heading')}</h1>
      <div className={styles.intro}>
        <p>{t('intro')}</p>
        <p className={styles.crisis}>{t('crisisNote')}</p>
      </div>
      <div className={styles.tabs} role="tablist" aria-label={t('tabsLabel')}>
        {statuses.map((value) => (
          <button
            key={value}
            ref={(element) => {
              tabs.current[value] = element;
            }}
            id={tabIds[value]}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={status === value}
            aria-controls={panelId}
            tabIndex={status === value ? 0 : -1}
            onClick={() => choose(value)}
            onKeyDown={onTabKey}
          >
            {t(value === 'open' ? 'tabOpen' : 'tabReviewed')}
          </button>
        ))}
      </div>
      <div ref={panel} id={panelId} role="tabpanel" aria-labelledby={tabIds[status]} tabIndex={-1} className={styles.panel}>
        <FollowUps status={status} t={t} onReview={setReviewing} />
      </div>
      {reviewing ? (
        <ReviewDialog
          key={reviewing.id}
          followUp={reviewing}
          name={nameOf(reviewing, t)}
          onDone={(reopened) => {
            setReviewing(null);
            notify({ tone: 'success', text: t(reopened ? 'reviewedReopened' : 'reviewed') });
            // The card reviewed leaves this list, and its button with it: the list takes focus.
            panel.current?.focus();
          }}
          onClose={() => setReviewing(null)}
        />
      ) : null}
    </div>
  );
}

function FollowUps({ status, t, onReview }: { status: SafetyStatus; t: Translate<typeof staffSafetyMessages>; onReview: (followUp: SafetyFollowUp) => void }) {
  const query = useSafetyQueue(status);

  if (query.isError) return <LoadFailed text={t('loadFailed')} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  if (query.data.length === 0) {
    return <p className={styles.empty}>{t(status === 'open' ? 'noneOpen' : 'noneReviewed')}</p>;
  }
  return (
    <ul className={styles.list}>
      {query.data.map((followUp) => (
        <li key={followUp.id}>
          <FollowUpCard followUp={followUp} t={t} onReview={() => onReview(followUp)} />
        </li>
      ))}
    </ul>
  );
}

function FollowUpCard({ followUp, t, onReview }: { followUp: SafetyFollowUp; t: Translate<typeof staffSafetyMessages>; onReview: () => void }) {
  const headingId = useId();
  const notify = useNotify();
  const reopen = useReopenJourney();
  const name = nameOf(followUp, t);
  const reviewed = followUp.reviewedAt !== null;
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <div className={styles.who}>
        <h2 id={headingId} className={styles.name}>
          {name}
        </h2>
        <a className={styles.email} href={`mailto:${followUp.email}`}>
          <EmailText email={followUp.email} />
        </a>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('phone')}</dt>
          <dd>{t(deviceNames[followUp.device])}</dd>
        </div>
        <div>
          <dt>{t('disclosed')}</dt>
          <dd>
            <time dateTime={followUp.disclosedAt}>
              {t('disclosedWhen', { relative: formatRelative(followUp.disclosedAt), absolute: formatDateTime(followUp.disclosedAt) })}
            </time>
          </dd>
        </div>
        {reviewed ? (
          <>
            <div>
              <dt>{t('reviewedBy')}</dt>
              <dd>
                <EmailText email={followUp.reviewedBy ?? ''} />
              </dd>
            </div>
            <div>
              <dt>{t('reviewedAt')}</dt>
              <dd>
                <time dateTime={followUp.reviewedAt ?? ''}>{formatDateTime(followUp.reviewedAt)}</time>
              </dd>
            </div>
            <div className={styles.wide}>
              <dt>{t('note')}</dt>
              <dd className={styles.noteText}>{followUp.note}</dd>
            </div>
            <div className={styles.wide}>
              <dt>{t('journey')}</dt>
              <dd>
                {followUp.journeyPaused ? (
                  <span className={`${shared.badge} ${shared.badgeAlert}`}>{t('journeyPaused')}</span>
                ) : (
                  t('journeyReopened', { date: formatDateTime(followUp.reopenedAt) })
                )}
              </dd>
            </div>
          </>
        ) : null}
      </dl>
      <div className={styles.actions}>
        {!reviewed ? (
          <button type="button" className={shared.primaryButton} onClick={onReview}>
            {t('markReviewed')}
          </button>
        ) : followUp.journeyPaused ? (
          <button
            type="button"
            className={shared.secondaryButton}
            disabled={reopen.isPending}
            onClick={() =>
              reopen.mutate(followUp.id, {
                onSuccess: () => notify({ tone: 'success', text: t('reopened') }),
                onError: (error) => notify({ tone: 'error', text: t('reopenFailed'), detail: problemOf(error).detail || undefined }),
              })
            }
          >
            {t('reopen')}
          </button>
        ) : null}
        <Link to={memberPath(followUp.userId)} className={styles.memberLink}>
          {t('openMember')}
        </Link>
      </div>
    </article>
  );
}
