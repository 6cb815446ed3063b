import { formatLocale, useT } from '@/lib/messages';
import { coachesMessages } from '@/messages/coaches';
import { Button } from '@/components/button/Button';
import type { Coach } from '@/features/coaches/api/list-coaches';
import { matchReason } from '@/features/coaches/match-reason';
import { AboutText } from './AboutText';
import { CoachMedia } from './CoachMedia';
import styles from './CoachCard.module.css';

interface CoachCardProps {
  coach: Coach;
  onShow: boolean;
  /** busy is true while any choice is being saved; saving, while this coach's is. */
  busy: boolean;
  saving: boolean;
  onChoose: (coach: Coach) => void;
}

/** timeZoneName writes a zone as people know it ("Central Time"), or as stored when the browser can't. */
export function timeZoneName(zone: string): string {
  try {
    const parts = new Intl.DateTimeFormat(formatLocale, { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(new Date());
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
  } catch {
    return zone;
  }
}

/** CoachCard is one coach in the chooser (spec §2): who they are, their hello, and the button to choose them. */
export function CoachCard({ coach, onShow, busy, saving, onChoose }: CoachCardProps) {
  const t = useT(coachesMessages);
  const name = `${coach.firstName} ${coach.lastName}`;
  const reason = coach.recommended
    ? matchReason(coach.match, {
        topics: (topics) => t('reasonTopics', { topics }),
        sameZone: t('reasonSameZone'),
        nearZone: t('reasonNearZone'),
        and: t('and'),
      })
    : '';
  const tags = coach.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)
    .join(', ');

  return (
    <article className={styles.card} aria-labelledby={`coach-${coach.coachId}`}>
      <header className={styles.header}>
        <h2 id={`coach-${coach.coachId}`} className={styles.name}>
          {name}
        </h2>
        {coach.current ? <p className={styles.badge}>{t('current')}</p> : null}
        {coach.recommended ? (
          <p className={`${styles.badge} ${styles.recommended}`}>
            <span>{t('recommended')}</span>
            {reason ? <span className={styles.reason}>{reason}</span> : null}
          </p>
        ) : null}
      </header>
      <CoachMedia coach={coach} onShow={onShow} />
      {coach.oneLiner ? <p className={styles.oneLiner}>{coach.oneLiner}</p> : null}
      <dl className={styles.facts}>
        {tags ? (
          <div>
            <dt>{t('tags')}</dt>
            <dd>{tags}</dd>
          </div>
        ) : null}
        {coach.timezone ? (
          <div>
            <dt>{t('timezone')}</dt>
            <dd>{timeZoneName(coach.timezone)}</dd>
          </div>
        ) : null}
      </dl>
      {coach.description ? (
        <section className={styles.aboutSection} aria-label={t('aboutLabel', { name })}>
          <h3 className={styles.aboutHeading}>{t('about')}</h3>
          <AboutText text={coach.description} />
        </section>
      ) : null}
      <Button className={styles.choose} block aria-disabled={busy || undefined} onClick={() => !busy && onChoose(coach)}>
        {saving ? t('choosing') : t('choose', { firstName: coach.firstName })}
      </Button>
    </article>
  );
}
