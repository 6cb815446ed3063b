import { useState } from 'react';
import { useRuntimeConfig } from '@/config/runtime-context';
import { isHttpStatus } from '@/lib/api-client';
import { logout } from '@/lib/logout';
import { holdsPlan } from '@/lib/subscription';
import { useT } from '@/lib/messages';
import { accountMessages } from '@/messages/account';
import { LoadingOverlay } from '@/components/layout/LoadingOverlay';
import { useSignedInMember } from '@/features/account/api/get-me';
import { downloadMyData } from '@/features/account/api/export-my-data';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { DownloadStatus, type DownloadState } from './DownloadStatus';
import styles from './AccountMenu.module.css';

/**
 * AccountPanel is the account menu's panel (see AccountMenu, which owns the button and loads this
 * on first use): who the member is signed in as, a copy of their data, their password (when this
 * site's own sign-in keeps it), deleting their account, and signing out. It stays mounted once
 * loaded, so a download's status and the delete dialog outlive the panel's closing.
 */
export function AccountPanel({ open, id, onDone }: { open: boolean; id: string; onDone: (focusButton: boolean) => void }) {
  const t = useT(accountMessages);
  const { accountUrl } = useRuntimeConfig();
  const member = useSignedInMember();
  const [download, setDownload] = useState<DownloadState>({ state: 'idle' });
  const [deleting, setDeleting] = useState(false);
  const [leaving, setLeaving] = useState(false);

  if (!member) {
    return (
      <div id={id} className={styles.panel} hidden={!open} role="group" aria-label={t('menuLabel')}>
        <p className={styles.status}>{t('loading')}</p>
      </div>
    );
  }

  async function onDownload() {
    setDownload({ state: 'working' });
    try {
      await downloadMyData();
      setDownload({ state: 'done' });
    } catch (error) {
      setDownload({
        state: 'failed',
        text: isHttpStatus(error, 429) ? 'downloadTooOften' : 'downloadFailed',
        error,
      });
    }
  }

  const isMember = member.role === 'member';
  return (
    <>
      <div id={id} className={styles.panel} hidden={!open} role="group" aria-label={t('menuLabel')}>
        <p className={styles.who}>
          <span className={styles.whoLabel}>{t('signedInAs')}</span>
          <span className={styles.email}>{member.email}</span>
        </p>
        <ul className={styles.items}>
          <li>
            <button type="button" className={styles.item} onClick={() => void onDownload()} aria-disabled={download.state === 'working'}>
              {t('download')}
            </button>
          </li>
          {accountUrl ? (
            <li>
              {/* A plain link: the password page is the identity provider's, not a page of the app. */}
              <a className={styles.item} href={accountUrl}>
                {t('changePassword')}
              </a>
            </li>
          ) : null}
          {isMember ? (
            <li>
              <button
                type="button"
                className={`${styles.item} ${styles.danger}`}
                onClick={() => {
                  onDone(false);
                  setDeleting(true);
                }}
              >
                {t('delete')}
              </button>
            </li>
          ) : null}
          <li className={styles.separated}>
            <button
              type="button"
              className={styles.item}
              onClick={() => {
                setLeaving(true);
                void logout();
              }}
            >
              {t('signOut')}
            </button>
          </li>
        </ul>
        <DownloadStatus download={download} />
      </div>
      {deleting ? (
        <DeleteAccountDialog
          subscribed={holdsPlan(member.subscription.status)}
          onClose={() => {
            setDeleting(false);
            onDone(true);
          }}
          download={download}
          onDownload={() => void onDownload()}
        />
      ) : null}
      {leaving ? <LoadingOverlay /> : null}
    </>
  );
}
