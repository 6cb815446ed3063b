import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useT } from '@/lib/messages';
import { staffMessages } from '@/messages/staff';
import { staffPaths } from './staff-paths';
import { useIsAdmin } from './staff-user';
import { useStaffTitle } from './use-staff-title';
import styles from './StaffPage.module.css';

/**
 * AdminOnly shows its page to admins only. Staff who open an admin page's address get a short,
 * plain note instead, never an error: the page's code is not even loaded for them, and the server
 * refuses its calls anyway.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  return useIsAdmin() ? children : <ForAdministrators />;
}

function ForAdministrators() {
  const t = useT(staffMessages);
  useStaffTitle(t('adminOnlyTitle'));
  return (
    <div className={styles.page}>
      <h1>{t('adminOnlyHeading')}</h1>
      <p className={styles.lead}>{t('adminOnlyBody')}</p>
      <p>
        <Link to={staffPaths.members}>{t('backToMembers')}</Link>
      </p>
    </div>
  );
}
