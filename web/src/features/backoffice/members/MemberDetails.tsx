import { Link } from 'wouter';
import { formatDate, formatDateTime } from '@/features/backoffice/shared/dates';
import { staffPaths } from '@/features/backoffice/shared/staff-paths';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import type { components } from '@/lib/api-schema';
import type { StaffMember } from './api/get-member';
import { useRuntimeConfig } from '@/config/runtime-context';
import { useT } from '@/lib/messages';
import { staffMembersMessages } from '@/messages/staff-members';
import { paymentNames, questionText, stepName } from './member-text';
import styles from './MemberPage.module.css';

type Utm = components['schemas']['Utm'];

/** utmKeys are the campaign values the server keeps, in the order they are shown. */
const utmKeys: readonly (keyof Utm)[] = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'utm_adgroup', 'utm_adid', 'gclid', 'coupon'];

/** When writes a moment as a date and time, with the exact moment for machines. */
function When({ at }: { at: string }) {
  return <time dateTime={at}>{formatDateTime(at)}</time>;
}

/**
 * Answers shows what the member told us, question by question in the survey's own words, with the
 * ADHD questionnaire's score (ASRS v1.1 Part A: how many of its 6 answers point to ADHD) and what
 * that score means.
 */
export function Answers({ member }: { member: StaffMember }) {
  const t = useT(staffMembersMessages);
  const { brandName } = useRuntimeConfig();
  return (
    <>
      <p className={styles.score}>
        {member.score === null ? (
          <span className={shared.muted}>{t('notScored')}</span>
        ) : (
          <>
            <span className={styles.scoreValue}>{t('scored', { score: member.score })}</span>
            <span className={`${shared.badge} ${member.highLikelihood ? shared.badgeAlert : ''}`}>
              {t(member.highLikelihood ? 'highLikelihood' : 'lowLikelihood')}
            </span>
          </>
        )}
      </p>
      {member.answers.length === 0 ? (
        <p className={shared.muted}>{t('noAnswers')}</p>
      ) : (
        <dl className={styles.answers}>
          {member.answers.map((answer) => (
            <div key={answer.questionSlug} className={styles.answer}>
              <dt className={styles.question}>{questionText(answer.question, { firstName: member.profile.firstName, brand: brandName })}</dt>
              <dd>
                {answer.answers.length === 1 ? (
                  <p>{answer.answers[0]}</p>
                ) : (
                  <ul className={styles.answerList}>
                    {answer.answers.map((text, index) => (
                      <li key={index}>{text}</li>
                    ))}
                  </ul>
                )}
                <p className={shared.muted}>{t('answeredOn', { date: formatDate(answer.updatedAt) })}</p>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}

function UtmValues({ heading, utm, at }: { heading: string; utm: Utm; at: string }) {
  const t = useT(staffMembersMessages);
  const present = utmKeys.filter((key) => utm[key]);
  return (
    <div className={styles.utm}>
      <h3>{heading}</h3>
      <p className={shared.muted}>
        <When at={at} />
      </p>
      {present.length === 0 ? (
        <p className={shared.muted}>{t('utmEmpty')}</p>
      ) : (
        <dl className={styles.pairs}>
          {present.map((key) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{utm[key]}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/** Campaign shows the campaign values of the member's first visit and of their latest. */
export function Campaign({ utm }: { utm: StaffMember['utm'] }) {
  const t = useT(staffMembersMessages);
  if (!utm) return <p className={shared.muted}>{t('utmNone')}</p>;
  return (
    <div className={styles.utmGrid}>
      <UtmValues heading={t('utmFirst')} utm={utm.first} at={utm.firstAt} />
      <UtmValues heading={t('utmLatest')} utm={utm.latest} at={utm.latestAt} />
    </div>
  );
}

/**
 * Progress is the member's way through sign-up, step by step, oldest first. A long trail scrolls
 * in its own box, which keyboard users can reach and scroll too.
 */
export function Progress({ progress }: { progress: StaffMember['progress'] }) {
  const t = useT(staffMembersMessages);
  if (progress.length === 0) return <p className={shared.muted}>{t('noProgress')}</p>;
  return (
    <div className={styles.timelineBox} tabIndex={0} role="group" aria-label={t('progressSteps')}>
      <ol className={styles.timeline}>
        {progress.map((step, index) => (
          <li key={`${step.fromSlug}-${step.at}-${index}`}>
            <span className={styles.listMain}>{stepName(step.fromSlug)}</span>{' '}
            <span className={shared.muted}>
              <When at={step.at} />
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Payment says where the member's payment stands, and for which plan. */
export function Payment({ subscription }: { subscription: StaffMember['subscription'] }) {
  const t = useT(staffMembersMessages);
  return (
    <p>
      <span className={styles.listMain}>{t(paymentNames[subscription.status])}</span>
      {subscription.planId ? <span className={shared.muted}> · {t('paymentPlan', { plan: subscription.planId })}</span> : null}
    </p>
  );
}

/**
 * Safety lists the member's safety disclosures and whether someone has followed each up; the
 * follow-up itself happens in the safety queue. The answer is never repeated here.
 */
export function Safety({ safety }: { safety: StaffMember['safety'] }) {
  const t = useT(staffMembersMessages);
  if (safety.length === 0) return <p className={shared.muted}>{t('safetyNoneRecorded')}</p>;
  return (
    <>
      <ul className={styles.plainList}>
        {safety.map((entry) => (
          <li key={entry.disclosedAt}>
            {t('safetyDisclosed', { date: formatDateTime(entry.disclosedAt) })}{' '}
            {entry.reviewedAt ? (
              t('safetyReviewed', { date: formatDateTime(entry.reviewedAt) })
            ) : (
              <span className={`${shared.badge} ${shared.badgeAlert}`}>{t('safetyAwaiting')}</span>
            )}
          </li>
        ))}
      </ul>
      <p>
        <Link to={staffPaths.safety}>{t('safetyQueueLink')}</Link>
      </p>
    </>
  );
}
