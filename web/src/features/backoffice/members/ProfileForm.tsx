import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useT, type MessageKey } from '@/lib/messages';
import { staffMembersMessages } from '@/messages/staff-members';
import { EmailText } from '@/features/backoffice/shared/EmailText';
import { useNotify } from '@/features/backoffice/shared/Notices';
import { problemOf } from '@/features/backoffice/shared/problem';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import type { MemberProfile } from './api/get-member';
import { useUpdateProfile, type StaffProfileRequest } from './api/update-profile';
import { deviceNames } from './member-text';
import styles from './MemberPage.module.css';

type Values = { firstName: string; lastName: string; dateOfBirth: string; device: StaffProfileRequest['device'] };
type FieldName = keyof Values;

const devices: readonly StaffProfileRequest['device'][] = ['', 'iphone', 'android'];

/** today is the local calendar date, the latest a date of birth can be. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * ProfileForm corrects a member's name, date of birth and phone. The server checks every field
 * (a member must be an adult, names must not be empty): when it refuses, each of its messages goes
 * beside its field and focus moves to the first field to fix, while the notice says the spec's
 * "Unable to update user profile". The email is shown, not edited: it is the member's sign-in.
 */
export function ProfileForm({ userId, profile }: { userId: string; profile: MemberProfile }) {
  const t = useT(staffMembersMessages);
  const notify = useNotify();
  const mutation = useUpdateProfile(userId);
  const form = useRef<HTMLFormElement>(null);
  const ids = { firstName: useId(), lastName: useId(), dateOfBirth: useId(), device: useId() };
  const [values, setValues] = useState<Values>({
    firstName: profile.firstName,
    lastName: profile.lastName,
    dateOfBirth: profile.dateOfBirth ?? '',
    device: profile.device,
  });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  // After a refusal, focus goes to the first field to fix, so a keyboard user starts right there.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body: StaffProfileRequest = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      dateOfBirth: values.dateOfBirth || null,
      device: values.device,
    };
    mutation.mutate(body, {
      onSuccess: () => {
        setErrors({});
        notify({ tone: 'success', text: t('profileSaved') });
      },
      onError: (error) => {
        const { detail, fields } = problemOf(error);
        setErrors(fields);
        notify({ tone: 'error', text: t('profileFailed'), detail: detail || undefined });
      },
    });
  }

  // Every value is a string, and the phone's comes from its own select's options.
  const set = (name: FieldName) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  const field = (name: FieldName, label: MessageKey<typeof staffMembersMessages>, control: (props: FieldProps) => ReactNode) => {
    const error = errors[name];
    const errorId = `${ids[name]}-error`;
    return (
      <div className={shared.field}>
        <label className={shared.label} htmlFor={ids[name]}>
          {t(label)}
        </label>
        {control({ id: ids[name], 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
        {error ? (
          <p id={errorId} className={shared.fieldError}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form ref={form} className={styles.profileForm} onSubmit={onSubmit} noValidate>
      <div className={styles.fieldGrid}>
        {field('firstName', 'firstName', (props) => (
          <input {...props} className={shared.control} type="text" autoComplete="off" value={values.firstName} onChange={(e) => set('firstName')(e.target.value)} />
        ))}
        {field('lastName', 'lastName', (props) => (
          <input {...props} className={shared.control} type="text" autoComplete="off" value={values.lastName} onChange={(e) => set('lastName')(e.target.value)} />
        ))}
        {field('dateOfBirth', 'dateOfBirth', (props) => (
          <input {...props} className={shared.control} type="date" max={today()} value={values.dateOfBirth} onChange={(e) => set('dateOfBirth')(e.target.value)} />
        ))}
        {field('device', 'phone', (props) => (
          <select {...props} className={shared.control} value={values.device} onChange={(e) => set('device')(e.target.value)}>
            {devices.map((device) => (
              <option key={device} value={device}>
                {t(deviceNames[device])}
              </option>
            ))}
          </select>
        ))}
      </div>
      <div className={styles.email}>
        <p className={shared.label}>{t('email')}</p>
        <p className={styles.emailValue}>
          <EmailText email={profile.email} />
        </p>
        <p className={shared.muted}>{t('emailNote')}</p>
      </div>
      <div>
        <button type="submit" className={shared.primaryButton} disabled={mutation.isPending}>
          {mutation.isPending ? t('savingProfile') : t('saveProfile')}
        </button>
      </div>
    </form>
  );
}

interface FieldProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}
