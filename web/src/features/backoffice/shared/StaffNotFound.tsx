import { Link } from 'wouter';
import { useT } from '@/lib/messages';
import { staffMessages } from '@/messages/staff';
import { staffPaths } from './staff-paths';
import { useStaffTitle } from './use-staff-title';
import styles from './StaffPage.module.css';

/** StaffNotFound answers an address inside /staff that the staff app does not know. */
export function StaffNotFound() {
  const t = useT(staffMessages);
  useStaffTitle(t('notFoundTitle'));
  return (
    <div className={styles.page}>
      <h1>{t('notFoundHeading')}</h1>
      <p className={styles.lead}>{t('notFoundBody')}</p>
      <p>
        <Link to={staffPaths.members}>{t('backToMembers')}</Link>
      </p>
    </div>
  );
}
