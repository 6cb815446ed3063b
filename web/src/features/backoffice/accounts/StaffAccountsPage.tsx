import { useId, useState, type FormEvent } from 'react';
import { useT, type MessageKey, type Translate } from '@/lib/messages';
import { staffAccountsMessages } from '@/messages/staff-accounts';
import { Button } from '@/components/button/Button';
import { Notification } from '@/components/notification/Notification';
import { formatDate } from '@/features/backoffice/shared/dates';
import { useNotify } from '@/features/backoffice/shared/Notices';
import { problemOf, ProblemError } from '@/features/backoffice/shared/problem';
import { useStaffTitle } from '@/features/backoffice/shared/use-staff-title';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import { LoadFailed, Loading } from '@/features/backoffice/admin/PageStatus';
import admin from '@/features/backoffice/admin/admin.module.css';
import { useStaffAccounts, type StaffAccount, type StaffRole } from './api/get-accounts';
import { useSetStaffRole } from './api/set-role';
import styles from './StaffAccountsPage.module.css';

const roleChoices: readonly StaffRole[] = ['staff', 'admin', 'member'];

/**
 * roleWords are each role's words: its name in the list, its choice in the form, and the notice
 * once it is given. The keys are written out rather than built from the role, so the catalog's test
 * can see each in use.
 */
const roleWords = {
  staff: { name: 'role.staff', option: 'option.staff', given: 'given.staff' },
  admin: { name: 'role.admin', option: 'option.admin', given: 'given.admin' },
  member: { name: 'role.member', option: 'option.member', given: 'given.member' },
} as const satisfies Record<StaffRole, Record<'name' | 'option' | 'given', MessageKey<typeof staffAccountsMessages>>>;

function roleName(t: Translate<typeof staffAccountsMessages>, role: StaffRole): string {
  return t(roleWords[role].name);
}

/**
 * refusalText says why a role was not given: no one signed up with the email (404), the change
 * can't be made here (409: the admin's own account, or roles that come from the identity
 * provider), the account may not change roles (403), or the request did not arrive. The server's
 * reason is shown when it gave one: it says which of these it was.
 */
function refusalText(t: Translate<typeof staffAccountsMessages>, error: unknown): string {
  const status = error instanceof ProblemError ? error.status : 0;
  const { detail } = problemOf(error);
  if (status === 404) return detail || t('notFound');
  if (status === 409) return detail || t('conflict');
  if (status === 403) return t('refused');
  if (status === 400) return detail || t('failedTitle');
  return t('failed');
}

/** GiveRole gives the person who signed up with an email a role, or takes staff access away. */
function GiveRole() {
  const t = useT(staffAccountsMessages);
  const notify = useNotify();
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('staff');
  const [missing, setMissing] = useState(false);
  const give = useSetStaffRole();

  const emailError = missing ? t('emailMissing') : give.error ? problemOf(give.error).fields.email : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (give.isPending) return;
    const address = email.trim();
    if (!address) {
      give.reset();
      setMissing(true);
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setMissing(false);
    give.mutate(
      { email: address, role },
      {
        onSuccess: (account) => {
          notify({ tone: 'success', text: t(roleWords[account.role].given, { email: account.email }) });
          setEmail('');
        },
      },
    );
  }

  return (
    <section className={shared.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('formHeading')}</h2>
      <p id={`${id}-intro`}>{t('formIntro')}</p>
      <form className={styles.form} onSubmit={submit} noValidate aria-describedby={`${id}-intro`}>
        <div className={shared.field}>
          <label className={shared.label} htmlFor={`${id}-email`}>
            {t('formEmail')}
          </label>
          <input
            id={`${id}-email`}
            className={shared.control}
            type="email"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
          />
          {emailError ? (
            <p id={`${id}-email-error`} className={shared.fieldError}>
              {emailError}
            </p>
          ) : null}
        </div>
        <div className={shared.field}>
          <label className={shared.label} htmlFor={`${id}-role`}>
            {t('formRole')}
          </label>
          <select
            id={`${id}-role`}
            className={shared.control}
            value={role}
            onChange={(e) => setRole(e.target.value as StaffRole)}
            aria-describedby={`${id}-role-hint`}
          >
            {roleChoices.map((choice) => (
              <option key={choice} value={choice}>
                {t(roleWords[choice].option)}
              </option>
            ))}
          </select>
        </div>
        <p id={`${id}-role-hint`} className={`${admin.hint} ${styles.roleHint}`}>
          {t('roleHint')}
        </p>
        <div className={styles.submit}>
          <Button type="submit" aria-disabled={give.isPending || undefined}>
            {give.isPending ? t('saving') : t('submit')}
          </Button>
        </div>
      </form>
      {give.isError && !problemOf(give.error).fields.email ? (
        <div className={shared.failed} role="alert">
          <p className={shared.failedText}>{t('failedTitle')}</p>
          <p>{refusalText(t, give.error)}</p>
        </div>
      ) : null}
    </section>
  );
}

/** Label repeats a cell's column name inside it, for the stacked rows on a phone. */
function Label({ children }: { children: string }) {
  return (
    <span className={admin.cellLabel} aria-hidden="true">
      {children}
    </span>
  );
}

function AccountsTable({ accounts }: { accounts: StaffAccount[] }) {
  const t = useT(staffAccountsMessages);
  const captionId = useId();
  return (
    <div className={admin.tableScroll} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={`${admin.table} ${admin.stacked} ${styles.table}`}>
        <caption id={captionId} className="visually-hidden">
          {t('caption')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('email')}</th>
            <th scope="col">{t('name')}</th>
            <th scope="col">{t('role')}</th>
            <th scope="col">{t('since')}</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => {
            const name = `${account.firstName} ${account.lastName}`.trim();
            return (
              <tr key={account.userId}>
                <th scope="row" className={styles.email}>
                  {account.email}
                </th>
                <td>
                  <Label>{t('name')}</Label>
                  <span>{name || <span className={shared.muted}>{t('noName')}</span>}</span>
                </td>
                <td>
                  <Label>{t('role')}</Label>
                  <span className={account.role === 'admin' ? `${shared.badge} ${shared.badgeGood}` : shared.badge}>
                    {roleName(t, account.role)}
                  </span>
                </td>
                <td className={styles.since}>
                  <Label>{t('since')}</Label>
                  <time dateTime={account.signedUpAt}>{formatDate(account.signedUpAt)}</time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * StaffAccountsPage lists who can use the back office and lets an admin give someone a role. When
 * roles come from the identity provider, this server can't change them: the page says where they
 * are changed instead of offering a form the server would refuse.
 */
export function StaffAccountsPage() {
  const t = useT(staffAccountsMessages);
  useStaffTitle(t('title'));
  const query = useStaffAccounts();

  let body;
  if (query.isPending) body = <Loading text={t('loading')} />;
  else if (query.isError) body = <LoadFailed title={t('loadFailedTitle')} error={query.error} retry={() => void query.refetch()} />;
  else
    body = (
      <>
        {query.data.accounts.length === 0 ? <p className={admin.empty}>{t('none')}</p> : <AccountsTable accounts={query.data.accounts} />}
        {query.data.rolesFromProvider ? (
          <Notification title={t('providerTitle')}>{t('providerBody')}</Notification>
        ) : (
          <GiveRole />
        )}
      </>
    );

  return (
    <div className={shared.page}>
      <div className={admin.headText}>
        <h1>{t('title')}</h1>
        <p className={shared.lead}>{t('lead')}</p>
      </div>
      {body}
    </div>
  );
}
