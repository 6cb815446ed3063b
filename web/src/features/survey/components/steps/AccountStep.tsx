import { useId, useRef, useState, type FormEvent } from 'react';
import { useT } from '@/lib/messages';
import { surveyAccountMessages } from '@/messages/survey-account';
import { StepLines } from '@/features/survey/components/StepLines';
import stepStyles from '@/features/survey/components/SurveyStep.module.css';
import styles from './Fields.module.css';
import { startingTimeZone, timeZoneNames, timeZones } from './time-zones';
import { valueOf, type CustomStepProps } from './types';

interface AccountStepProps extends CustomStepProps {
  /** email is the address the member signed in with; it is shown, not edited here. */
  email: string;
  /** stateTimeZone is the zone of the member's state (from live-state), to start the time zone from. */
  stateTimeZone?: string;
}

/** A phone number as people write it: 7 to 20 characters of digits, spaces, dashes, brackets, a leading +. */
const phonePattern = /^\+?[\d\s().-]{7,20}$/;

function validPhone(phone: string): boolean {
  return phonePattern.test(phone) && (phone.match(/\d/g)?.length ?? 0) >= 7 && phone.length <= 20;
}

/**
 * AccountStep asks the member to confirm how their coach reaches them: the sign-in email (shown),
 * an optional phone number for reminders, and their time zone.
 */
export function AccountStep({ question, copy, initial, busy, serverProblem, onSubmit, actions, email, stateTimeZone }: AccountStepProps) {
  const t = useT(surveyAccountMessages);
  const ids = useId();
  const [phone, setPhone] = useState(valueOf(initial, 'phone') ?? '');
  const [zone, setZone] = useState<string>(() =>
    startingTimeZone(valueOf(initial, 'timeZone'), stateTimeZone, Intl.DateTimeFormat().resolvedOptions().timeZone),
  );
  const [problem, setProblem] = useState('');
  const phoneInput = useRef<HTMLInputElement>(null);
  const phoneHint = `${ids}-phone-hint`;
  const phoneError = `${ids}-phone-error`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const number = phone.trim();
    if (number && !validPhone(number)) {
      setProblem(t('phoneInvalid'));
      phoneInput.current?.focus();
      return;
    }
    onSubmit([
      ...(email ? [{ key: 'email', value: email }] : []),
      ...(number ? [{ key: 'phone', value: number }] : []),
      { key: 'timeZone', value: zone },
    ]);
  };

  return (
    <form className={stepStyles.form} onSubmit={submit} noValidate>
      <h1>{copy(question.title)}</h1>
      <StepLines lines={question.text} copy={copy} />

      {email ? (
        <div className={styles.field}>
          <p className={styles.label} id={`${ids}-email`}>
            {t('email')}
          </p>
          <p className={styles.readOnly} aria-labelledby={`${ids}-email`}>
            {email}
          </p>
          <p className={styles.hint}>{t('emailNote')}</p>
        </div>
      ) : null}

      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${ids}-phone`}>
          {t('phone')}
        </label>
        <p className={styles.hint} id={phoneHint}>
          {t('phoneHint')}
        </p>
        <input
          ref={phoneInput}
          id={`${ids}-phone`}
          className={styles.input}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
          value={phone}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${phoneHint} ${phoneError}` : phoneHint}
          onChange={(e) => {
            setPhone(e.currentTarget.value);
            setProblem('');
          }}
        />
        {problem ? (
          <p id={phoneError} className={styles.error}>
            {problem}
          </p>
        ) : null}
      </div>

      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${ids}-zone`}>
          {t('timeZone')}
        </label>
        <p className={styles.hint} id={`${ids}-zone-hint`}>
          {t('timeZoneHint')}
        </p>
        <select
          id={`${ids}-zone`}
          className={styles.select}
          value={zone}
          aria-describedby={`${ids}-zone-hint`}
          onChange={(e) => setZone(e.currentTarget.value)}
        >
          {timeZones.map((z) => (
            <option key={z} value={z}>
              {t(timeZoneNames[z])}
            </option>
          ))}
        </select>
      </div>

      <div aria-live="polite">{serverProblem ? <p className={styles.error}>{serverProblem}</p> : null}</div>
      {actions}
    </form>
  );
}
