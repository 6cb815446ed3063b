import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import { isHttpStatus } from '@/lib/api-client';
import { useT } from '@/lib/messages';
import { staffMembersMessages } from '@/messages/staff-members';
import { formatDate } from '@/features/backoffice/shared/dates';
import { EmailText } from '@/features/backoffice/shared/EmailText';
import { ImageUpload } from '@/features/backoffice/shared/ImageUpload';
import { LoadFailed, Loading } from '@/features/backoffice/shared/LoadFailed';
import { staffPaths } from '@/features/backoffice/shared/staff-paths';
import { useStaffTitle } from '@/features/backoffice/shared/use-staff-title';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import { useMember, type StaffMember } from './api/get-member';
import { useRemovePicture } from './api/remove-picture';
import { useUploadPicture } from './api/upload-picture';
import { CoachSwitch } from './CoachSwitch';
import { Answers, Campaign, Payment, Progress, Safety } from './MemberDetails';
import { fullName } from './MembersPage';
import { ProfileForm } from './ProfileForm';
import styles from './MemberPage.module.css';

/** Section is one card of the member's page, named by its heading. */
function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section className={`${shared.card} ${className ?? ''}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * MemberPage is one member as staff see them (/staff/members/:userId): their profile to correct,
 * with their picture; their coach to switch; then what they told us and how far they have come.
 * What staff change is on the left on wide screens; what they read is on the right. A member who
 * can't be found, or a page that fails to load, says the spec's "Unable to fetch user".
 */
export function MemberPage({ userId }: { userId: string }) {
  const t = useT(staffMembersMessages);
  const query = useMember(userId);
  const member = query.data;
  const name = member ? fullName(member.profile) : '';
  useStaffTitle(name || t('memberTitle'));

  if (!member) {
    return (
      <div className={shared.page}>
        <p>
          <Link to={staffPaths.members}>{t('allMembers')}</Link>
        </p>
        {query.isError ? (
          <>
            <h1>{t('memberTitle')}</h1>
            <LoadFailed text={t('fetchFailed')} onRetry={isHttpStatus(query.error, 404) ? undefined : () => void query.refetch()} />
          </>
        ) : (
          <Loading />
        )}
      </div>
    );
  }

  return (
    <div className={shared.page}>
      <p>
        <Link to={staffPaths.members}>{t('allMembers')}</Link>
      </p>
      <header className={styles.header}>
        <h1>{name || t('noName')}</h1>
        <p className={shared.muted}>
          <EmailText email={member.profile.email} /> · {t('signedUpOn', { date: formatDate(member.signedUpAt) })}
        </p>
      </header>
      <div className={styles.columns}>
        <div className={styles.column}>
          <Section title={t('profileHeading')}>
            <Picture member={member} name={name || member.profile.email} />
            <ProfileForm key={userId} userId={userId} profile={member.profile} />
          </Section>
          <Section title={t('coachHeading')}>
            <CoachSwitch userId={userId} history={member.coaches} />
          </Section>
          <Section title={t('paymentHeading')}>
            <Payment subscription={member.subscription} />
          </Section>
          <Section title={t('safetyHeading')}>
            <Safety safety={member.safety} />
          </Section>
        </div>
        <div className={styles.column}>
          <Section title={t('answersHeading')}>
            <Answers member={member} />
          </Section>
          <Section title={t('progressHeading')}>
            <Progress progress={member.progress} />
          </Section>
          <Section title={t('utmHeading')}>
            <Campaign utm={member.utm} />
          </Section>
        </div>
      </div>
    </div>
  );
}

function Picture({ member, name }: { member: StaffMember; name: string }) {
  const t = useT(staffMembersMessages);
  const userId = member.profile.userId;
  const upload = useUploadPicture(userId);
  const remove = useRemovePicture(userId);
  return (
    <ImageUpload
      label={t('pictureLabel')}
      currentUrl={member.profile.pictureUrl}
      alt={t('pictureAlt', { name })}
      upload={async (file) => {
        await upload.mutateAsync(file);
      }}
      remove={() => remove.mutateAsync()}
      failureText={t('pictureFailed')}
    />
  );
}
