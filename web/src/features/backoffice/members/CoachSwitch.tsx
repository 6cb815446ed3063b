import { useId, useState, type FormEvent } from 'react';
import { useT, type Translate } from '@/lib/messages';
import { staffMembersMessages } from '@/messages/staff-members';
import { coachFullName, hasRoom, useStaffCoaches, type StaffCoach } from '@/features/backoffice/shared/api/get-staff-coaches';
import { formatDate } from '@/features/backoffice/shared/dates';
import { LoadFailed } from '@/features/backoffice/shared/LoadFailed';
import { useNotify } from '@/features/backoffice/shared/Notices';
import { problemOf } from '@/features/backoffice/shared/problem';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import type { StaffMember } from './api/get-member';
import { useSwitchCoach } from './api/switch-coach';
import styles from './MemberPage.module.css';

type History = StaffMember['coaches'];

/** currentCoachOf is the member's coach now: the one whose time with them has not ended. */
export function currentCoachOf(history: History): History[number] | undefined {
  return history.find((entry) => entry.endedAt === null);
}

/** optionLabel names a coach in the chooser with what stands in the way of choosing them. */
function optionLabel(t: Translate<typeof staffMembersMessages>, coach: StaffCoach, currentId: string | undefined): string {
  const name = coachFullName(coach);
  if (coach.coachId === currentId) return t('coachCurrentMark', { name });
  if (!coach.active) return t('coachResting', { name });
  if (coach.assigned >= coach.capacity) return t('coachFull', { name, assigned: coach.assigned, capacity: coach.capacity });
  return t('coachPlaces', { name, assigned: coach.assigned, capacity: coach.capacity });
}

/**
 * CoachSwitch shows the member's coach and switches them to another. Every coach is listed, with
 * who is resting or full said in words; those, and the current coach, can't be chosen, since the
 * server would refuse. The outcome is the spec's notice: "Coach switched successfully", or "Switch
 * coach error: Unable to switch coach" followed by the server's reason.
 */
export function CoachSwitch({ userId, history }: { userId: string; history: History }) {
  const t = useT(staffMembersMessages);
  const notify = useNotify();
  const selectId = useId();
  const coaches = useStaffCoaches();
  const mutation = useSwitchCoach(userId);
  const [chosen, setChosen] = useState('');
  const current = currentCoachOf(history);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen) return;
    mutation.mutate(chosen, {
      onSuccess: () => {
        setChosen('');
        notify({ tone: 'success', text: t('coachSwitched') });
      },
      onError: (error) => notify({ tone: 'error', text: t('coachSwitchFailed'), detail: problemOf(error).detail || undefined }),
    });
  }

  return (
    <div className={styles.coach}>
      <p className={styles.currentCoach}>{current ? t('currentCoach', { name: current.name }) : t('noCurrentCoach')}</p>
      {coaches.isError ? (
        <LoadFailed text={t('coachesFailed')} onRetry={() => void coaches.refetch()} />
      ) : coaches.data?.length === 0 ? (
        <p className={shared.muted}>{t('noCoaches')}</p>
      ) : (
        <form className={styles.switchForm} onSubmit={onSubmit}>
          <div className={shared.field}>
            <label className={shared.label} htmlFor={selectId}>
              {t('chooseCoach')}
            </label>
            <select
              id={selectId}
              className={shared.control}
              value={chosen}
              disabled={!coaches.data}
              onChange={(event) => setChosen(event.target.value)}
            >
              <option value="">{t('chooseCoachPlaceholder')}</option>
              {(coaches.data ?? []).map((coach) => (
                <option key={coach.coachId} value={coach.coachId} disabled={coach.coachId === current?.coachId || !hasRoom(coach)}>
                  {optionLabel(t, coach, current?.coachId)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={shared.secondaryButton} disabled={!chosen || mutation.isPending}>
            {mutation.isPending ? t('switchingCoach') : t('switchCoach')}
          </button>
        </form>
      )}
      <CoachHistory history={history} t={t} />
    </div>
  );
}

function CoachHistory({ history, t }: { history: History; t: Translate<typeof staffMembersMessages> }) {
  const newestFirst = [...history].sort((a, b) => b.assignedAt.localeCompare(a.assignedAt));
  return (
    <div className={styles.subsection}>
      <h3>{t('coachHistory')}</h3>
      {newestFirst.length === 0 ? (
        <p className={shared.muted}>{t('noCoachHistory')}</p>
      ) : (
        <ol className={styles.plainList}>
          {newestFirst.map((entry) => (
            <li key={`${entry.coachId}-${entry.assignedAt}`}>
              <span className={styles.listMain}>{entry.name}</span>{' '}
              <span className={shared.muted}>
                {entry.endedAt
                  ? t('coachFromTo', { from: formatDate(entry.assignedAt), to: formatDate(entry.endedAt) })
                  : t('coachSince', { from: formatDate(entry.assignedAt) })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
