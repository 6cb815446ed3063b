import { useId, useRef, useState, type FormEvent } from 'react';
import { isHttpStatus } from '@/lib/api-client';
import { useT, type MessageKey, type Translate } from '@/lib/messages';
import { surveyWaitlistMessages } from '@/messages/survey-waitlist';
import { Button } from '@/components/button/Button';
import { FailureText as RequestFailureText } from '@/components/failure/FailureText';
import { useAndroidWaitlist } from '@/features/survey/api/get-android-waitlist';
import { useJoinAndroidWaitlist, WaitlistRefusedError, type WaitlistField } from '@/features/survey/api/join-android-waitlist';
import { useLeaveAndroidWaitlist } from '@/features/survey/api/leave-android-waitlist';
import { StepLines } from '@/features/survey/components/StepLines';
import stepStyles from '@/features/survey/components/SurveyStep.module.css';
import fieldStyles from './Fields.module.css';
import styles from './AndroidWaitlistStep.module.css';
import type { CustomStepProps } from './types';

interface AndroidWaitlistStepProps extends CustomStepProps {
  /** email is the address the member signed in with; the waitlist's address starts from it. */
  email: string;
}

type WaitlistKey = MessageKey<typeof surveyWaitlistMessages>;
type WaitlistT = Translate<typeof surveyWaitlistMessages>;

/** A looser check than the server's: it catches typing slips, and the server has the last word. */
const emailPattern = /^[^\s@]+@[^\s@.][^\s@]*\.[^\s@]+$/;

/** Failure is a failed request with the step's words for it, should the server have answered. */
interface Failure {
  text: WaitlistKey;
  error: unknown;
}

/** failureOf picks the step's words for a failed request: a sign-in that ended, or our side. */
function failureOf(error: unknown, ourSide: WaitlistKey): Failure {
  return { text: isHttpStatus(error, 401) ? 'signedOut' : ourSide, error };
}

function FailureText({ failure, t }: { failure: Failure; t: WaitlistT }) {
  return (
    <p className={styles.failure}>
      <RequestFailureText error={failure.error} text={t(failure.text)} />
    </p>
  );
}

/**
 * AndroidWaitlistStep is ios-only: the app is on iPhone only, so a member who uses Android is told
 * so, and may join a waitlist to hear, once, when it is on Android too. The step's own actions
 * (change the phone answer) stay under it.
 */
export function AndroidWaitlistStep({ question, copy, actions, email }: AndroidWaitlistStepProps) {
  return (
    <div className={stepStyles.form}>
      <h1>{copy(question.title)}</h1>
      <StepLines lines={question.text} copy={copy} />
      <AndroidWaitlist accountEmail={email} />
      {actions}
    </div>
  );
}

/**
 * AndroidWaitlist shows where the member stands on the waitlist: the form to join, or the calm
 * confirmation with the way to leave. After either, focus moves to the section's heading, and the
 * status region under it says what changed, so keyboard and screen reader users hear the outcome
 * where they are.
 */
function AndroidWaitlist({ accountEmail }: { accountEmail: string }) {
  const t = useT(surveyWaitlistMessages);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const status = useAndroidWaitlist();
  const leave = useLeaveAndroidWaitlist();
  const [left, setLeft] = useState(false);
  // The address of the member's last place, so that joining again after leaving starts from it.
  const [lastAddress, setLastAddress] = useState('');
  const [leaveFailure, setLeaveFailure] = useState<Failure | null>(null);

  const focusHeading = () => requestAnimationFrame(() => headingRef.current?.focus());
  const place = status.data;
  const joined = place?.joined === true;

  const onLeave = () => {
    if (leave.isPending || !place?.joined) return;
    const address = place.email;
    setLeaveFailure(null);
    leave.mutate(undefined, {
      onSuccess: () => {
        setLastAddress(address);
        setLeft(true);
        focusHeading();
      },
      onError: (error) => setLeaveFailure(failureOf(error, 'leaveFailed')),
    });
  };

  let body;
  if (!place && status.isError) {
    body = (
      <div className={styles.stack}>
        <FailureText failure={failureOf(status.error, 'loadFailed')} t={t} />
        <div>
          <Button variant="secondary" onClick={() => void status.refetch()}>
            {t('retry')}
          </Button>
        </div>
      </div>
    );
  } else if (!place) {
    body = null;
  } else if (place.joined) {
    body = (
      <>
        <p className={fieldStyles.hint}>{t('joinedNote')}</p>
        <div>
          <Button variant="secondary" onClick={onLeave} aria-disabled={leave.isPending || undefined}>
            {leave.isPending ? t('leaving') : t('leave')}
          </Button>
          <div aria-live="polite" className={styles.live}>
            {leaveFailure ? <FailureText failure={leaveFailure} t={t} /> : null}
          </div>
        </div>
      </>
    );
  } else {
    body = (
      <JoinForm
        initialEmail={lastAddress || accountEmail}
        onJoined={() => {
          setLeft(false);
          focusHeading();
        }}
      />
    );
  }

  return (
    <section className={`${styles.card} ${joined ? styles.joined : ''}`} aria-labelledby={headingId} aria-busy={status.isPending || undefined}>
      <div>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.heading}>
          {joined ? <CheckMark /> : null}
          {joined ? t('joinedHeading') : t('heading')}
        </h2>
        {/* One region for every outcome, there from the start, so a change is announced. */}
        <div role="status" className={styles.status}>
          {status.isPending ? <p className={fieldStyles.hint}>{t('loading')}</p> : null}
          {place?.joined ? <JoinedText email={place.email} t={t} /> : null}
          {place && !place.joined && left ? <p>{t('left')}</p> : null}
        </div>
      </div>
      {body}
    </section>
  );
}

/**
 * JoinedText says where the news will go, with the address standing out. A long address may break
 * before its @ rather than anywhere.
 */
function JoinedText({ email, t }: { email: string; t: WaitlistT }) {
  const marker = '\u0000';
  const [before = '', after = ''] = t('joinedBody', { email: marker }).split(marker);
  const at = email.lastIndexOf('@');
  return (
    <p>
      {before}
      <strong className={styles.address}>
        {at > 0 ? (
          <>
            {email.slice(0, at)}
            <wbr />
            {email.slice(at)}
          </>
        ) : (
          email
        )}
      </strong>
      {after}
    </p>
  );
}

function CheckMark() {
  return (
    <svg className={styles.check} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="var(--color-on-selected)" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

interface JoinFormProps {
  /** initialEmail starts the address: the member's last one on the list, or their sign-in email. */
  initialEmail: string;
  onJoined: () => void;
}

/**
 * JoinForm asks for the address and the consent. Each problem is said under its field and tied to
 * it (aria-invalid, aria-describedby), and focus goes to the first one; the server's refusal is
 * put under the field it names.
 */
function JoinForm({ initialEmail, onJoined }: JoinFormProps) {
  const t = useT(surveyWaitlistMessages);
  const ids = useId();
  const join = useJoinAndroidWaitlist();
  const [address, setAddress] = useState(initialEmail);
  const [consent, setConsent] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<WaitlistField, string>>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [refusal, setRefusal] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);

  const focusFirst = (found: Partial<Record<WaitlistField, string>>) => {
    if (found.email) emailRef.current?.focus();
    else if (found.consent) consentRef.current?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (join.isPending) return;
    setFailure(null);
    setRefusal('');
    const email = address.trim();
    const found: Partial<Record<WaitlistField, string>> = {};
    if (!email) found.email = t('emailMissing');
    else if (!emailPattern.test(email)) found.email = t('emailInvalid');
    if (!consent) found.consent = t('consentMissing');
    setProblems(found);
    if (found.email || found.consent) {
      focusFirst(found);
      return;
    }
    join.mutate(
      { email, consent: true },
      {
        onSuccess: onJoined,
        onError: (error) => {
          if (error instanceof WaitlistRefusedError) {
            setProblems(error.fields);
            // A refusal that names no field of the form is said under the button.
            if (!error.fields.email && !error.fields.consent) setRefusal(error.detail || t('joinFailed'));
            focusFirst(error.fields);
            return;
          }
          setFailure(failureOf(error, 'joinFailed'));
        },
      },
    );
  };

  const hintId = `${ids}-email-hint`;
  const errorId = (field: WaitlistField) => `${ids}-${field}-error`;
  const error = (field: WaitlistField) =>
    problems[field] ? (
      <p id={errorId(field)} className={fieldStyles.error}>
        {problems[field]}
      </p>
    ) : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={fieldStyles.field}>
        <label className={fieldStyles.label} htmlFor={`${ids}-email`}>
          {t('emailLabel')}
        </label>
        <p className={fieldStyles.hint} id={hintId}>
          {t('emailHint')}
        </p>
        <input
          ref={emailRef}
          id={`${ids}-email`}
          className={fieldStyles.input}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          value={address}
          aria-invalid={problems.email ? true : undefined}
          aria-describedby={problems.email ? `${hintId} ${errorId('email')}` : hintId}
          onChange={(e) => {
            setAddress(e.currentTarget.value);
            setProblems({ ...problems, email: undefined });
          }}
        />
        {error('email')}
      </div>

      <div className={fieldStyles.field}>
        <div className={fieldStyles.check}>
          <input
            ref={consentRef}
            id={`${ids}-consent`}
            type="checkbox"
            checked={consent}
            aria-invalid={problems.consent ? true : undefined}
            aria-describedby={problems.consent ? errorId('consent') : undefined}
            onChange={(e) => {
              setConsent(e.currentTarget.checked);
              setProblems({ ...problems, consent: undefined });
            }}
          />
          <label htmlFor={`${ids}-consent`}>{t('consent')}</label>
        </div>
        {error('consent')}
      </div>

      <div>
        <Button type="submit" className={styles.submit} aria-disabled={join.isPending || undefined}>
          {join.isPending ? t('joining') : t('join')}
        </Button>
        <div aria-live="polite" className={styles.live}>
          {failure ? <FailureText failure={failure} t={t} /> : null}
          {refusal ? <p className={styles.failure}>{refusal}</p> : null}
        </div>
      </div>
    </form>
  );
}
