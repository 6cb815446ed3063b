import { Link } from 'wouter';
import { useT, type Translate } from '@/lib/messages';
import { staffCoachesMessages } from '@/messages/staff-coaches';
import { ButtonLink } from '@/components/button/Button';
import { coachFullName, useStaffCoaches, type StaffCoach } from '@/features/backoffice/shared/api/get-staff-coaches';
import { coachPath, staffPaths } from '@/features/backoffice/shared/staff-paths';
import { useIsAdmin } from '@/features/backoffice/shared/staff-user';
import { useStaffTitle } from '@/features/backoffice/shared/use-staff-title';
import { LoadFailed, Loading } from '@/features/backoffice/admin/PageStatus';
import admin from '@/features/backoffice/admin/admin.module.css';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import styles from './CoachesPage.module.css';

export { CoachFormPage } from './CoachFormPage';

/** loadText says how many members a coach has of how many they take, and "full" in words. */
export function loadText(t: Translate<typeof staffCoachesMessages>, coach: Pick<StaffCoach, 'assigned' | 'capacity'>): string {
  const params = { assigned: coach.assigned, capacity: coach.capacity };
  return coach.assigned >= coach.capacity ? t('loadFull', params) : t('load', params);
}

function CoachRow({ coach, editable }: { coach: StaffCoach; editable: boolean }) {
  const t = useT(staffCoachesMessages);
  const name = coachFullName(coach);
  const full = coach.assigned >= coach.capacity;
  return (
    <li className={styles.coach}>
      {/* The portrait is decoration beside the name, which says who it is. */}
      {coach.avatarUrl ? (
        <img className={styles.portrait} src={coach.avatarUrl} alt="" width={64} height={64} loading="lazy" />
      ) : (
        <span className={styles.noPortrait} aria-hidden="true">
          {(coach.firstName[0] ?? '') + (coach.lastName[0] ?? '')}
        </span>
      )}
      <div className={styles.about}>
        <h2 className={styles.name}>
          {name}
          {coach.nickname && coach.nickname !== coach.firstName ? (
            <>
              {' '}
              <span className={styles.nickname}>“{coach.nickname}”</span>
            </>
          ) : null}
        </h2>
        {coach.oneLiner ? <p className={styles.oneLiner}>{coach.oneLiner}</p> : null}
        <p className={styles.facts}>
          <span className={coach.active ? `${shared.badge} ${shared.badgeGood}` : shared.badge}>{coach.active ? t('taking') : t('resting')}</span>
          <span className={full ? styles.full : undefined}>{loadText(t, coach)}</span>
        </p>
      </div>
      {editable ? (
        <Link className={styles.edit} to={coachPath(coach.coachId)}>
          {t('edit')} <span className="visually-hidden">{name}</span>
        </Link>
      ) : null}
    </li>
  );
}

/**
 * CoachesPage lists every coach, resting ones included, with how full each is. Staff read it (to
 * know whom a member can switch to); admins also add and edit coaches from here. The server
 * refuses changes from anyone else, so the controls are only shown to admins.
 */
export function CoachesPage() {
  const t = useT(staffCoachesMessages);
  const isAdmin = useIsAdmin();
  useStaffTitle(t('listTitle'));
  const query = useStaffCoaches();

  let body;
  if (query.isPending) body = <Loading text={t('loading')} />;
  else if (query.isError)
    body = <LoadFailed title={t('loadFailedTitle')} error={query.error} retry={() => void query.refetch()} />;
  else if (query.data.length === 0) body = <p className={admin.empty}>{t('none')}</p>;
  else
    body = (
      <ul className={styles.list} aria-label={t('listLabel')}>
        {query.data.map((coach) => (
          <CoachRow key={coach.coachId} coach={coach} editable={isAdmin} />
        ))}
      </ul>
    );

  return (
    <div className={shared.page}>
      <div className={admin.head}>
        <div className={admin.headText}>
          <h1>{t('listTitle')}</h1>
          <p className={shared.lead}>{t('listLead')}</p>
        </div>
        {isAdmin ? <ButtonLink to={staffPaths.newCoach}>{t('add')}</ButtonLink> : null}
      </div>
      {body}
    </div>
  );
}
