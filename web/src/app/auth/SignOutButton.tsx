import { useState } from 'react';
import { useSignedInMember } from '@/features/account/api/get-me';
import { launchFlags } from '@/lib/launch-flags';
import { logout } from '@/lib/logout';
import { useT } from '@/lib/messages';
import { appMessages } from '@/messages/app';
import { SignOutIcon } from '@/components/icons/SignOutIcon';
import { LoadingOverlay } from '@/components/layout/LoadingOverlay';
import styles from '@/components/button/IconButton.module.css';

/**
 * SignOutButton is the top bar's sign-out icon (spec §2). It appears only when the page was opened
 * with ?ff_logout=1 and the member is signed in. Signing out ends at the site's home page; the
 * overlay covers the wait so nothing can be pressed twice.
 */
export function SignOutButton() {
  const t = useT(appMessages);
  const enabled = launchFlags().logout;
  const member = useSignedInMember({ active: enabled });
  const [leaving, setLeaving] = useState(false);
  if (!enabled || !member) return null;
  return (
    <>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('signOut')}
        title={t('signOut')}
        onClick={() => {
          setLeaving(true);
          void logout();
        }}
      >
        <SignOutIcon />
      </button>
      {leaving ? <LoadingOverlay /> : null}
    </>
  );
}
