import { useId, useRef, useState, type FormEvent } from 'react';
import { useT, type MessageKey } from '@/lib/messages';
import { aheadMarkers, useRenderedAhead } from '@/lib/rendered-ahead';
import { surveyNameAndBirthMessages } from '@/messages/survey-name-and-birth';
import stepStyles from '@/features/survey/components/SurveyStep.module.css';
import {
  ageOn,
  birthYears,
  daysInMonth,
  defaultDateOfBirth,
  MINIMUM_AGE,
  parseISODate,
  toISODate,
  type DateParts,
} from './date-of-birth';
import { InertAhead } from '@/features/survey/components/InertAhead';
import styles from './Fields.module.css';
import { valueOf, type CustomStepProps } from './types';

const MAX_NAME_LENGTH = 100;

export const monthKeys: MessageKey<typeof surveyNameAndBirthMessages>[] = [
  'month.1', 'month.2', 'month.3', 'month.4', 'month.5', 'month.6',
  'month.7', 'month.8', 'month.9', 'month.10', 'month.11', 'month.12',
];

interface NameAndBirthStepProps extends CustomStepProps {
  /** nativeApp hides the phone choice: inside the app the member is on an iPhone. */
  nativeApp: boolean;
  today: Date;
  termsHref: string;
  privacyHref: string;
  /** profileFirstName and profileLastName start the fields when the member hasn't answered yet. */
  profileFirstName?: string;
  profileLastName?: string;
}

type Field = 'firstName' | 'lastName' | 'dateOfBirth' | 'device' | 'termsOfService';

/**
 * NameAndBirthStep is the first form (spec §2 and §5): the member's name, date of birth, phone and
 * agreement to the terms. Dates that can't exist are refused with the reason, and someone under 18
 * is told kindly why they can't go on, and where else to turn, instead of seeing an error.
 */
export function NameAndBirthStep(props: NameAndBirthStepProps) {
  const { question, copy, initial, busy, serverProblem, onSubmit, actions, nativeApp, today } = props;
  const t = useT(surveyNameAndBirthMessages);
  const ids = useId();
  // Rendered ahead, the date starts from markers for today's, which the server fills in, each the
  // only option of its list: the frame is built once, and read on any day.
  const ahead = useRenderedAhead();
  const start = parseISODate(valueOf(initial, 'dateOfBirth')) ?? defaultDateOfBirth(today);
  const [firstName, setFirstName] = useState(valueOf(initial, 'firstName') ?? props.profileFirstName ?? '');
  const [lastName, setLastName] = useState(valueOf(initial, 'lastName') ?? props.profileLastName ?? '');
  const [date, setDate] = useState<DateParts>(start);
  const [device, setDevice] = useState(valueOf(initial, 'device') ?? '');
  const [terms, setTerms] = useState(valueOf(initial, 'termsOfService') === 'true');
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [tooYoung, setTooYoung] = useState(false);
  const firstNameRef = useRef<HTMLInputElement>(null);
  const lastNameRef = useRef<HTMLInputElement>(null);
  const monthRef = useRef<HTMLSelectElement>(null);
  const deviceRef = useRef<HTMLInputElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);
  const stopRef = useRef<HTMLHeadingElement>(null);

  const dateProblem = (d: DateParts): string => {
    if (d.day <= daysInMonth(d.year, d.month)) return '';
    if (d.month === 2 && d.day === 29) return t('notLeapYear', { year: d.year });
    return t('shortMonth', { month: t(monthKeys[d.month - 1]!), days: daysInMonth(d.year, d.month) });
  };

  const changeDate = (part: keyof DateParts, value: string) => {
    setDate({ ...date, [part]: Number(value) });
    setTooYoung(false);
    setProblems({ ...problems, dateOfBirth: undefined });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found: Partial<Record<Field, string>> = {};
    if (!firstName.trim()) found.firstName = t('firstNameMissing');
    if (!lastName.trim()) found.lastName = t('lastNameMissing');
    const badDate = dateProblem(date);
    if (badDate) found.dateOfBirth = badDate;
    if (!nativeApp && device !== 'iphone' && device !== 'android') found.device = t('deviceMissing');
    if (!terms) found.termsOfService = t('termsMissing');
    setProblems(found);
    // Focus goes to the first field with a problem, in the order the form shows them.
    const fields: [Field, HTMLElement | null][] = [
      ['firstName', firstNameRef.current],
      ['lastName', lastNameRef.current],
      ['dateOfBirth', monthRef.current],
      ['device', deviceRef.current],
      ['termsOfService', termsRef.current],
    ];
    const first = fields.find(([field]) => found[field]);
    if (first) {
      first[1]?.focus();
      return;
    }
    if (ageOn(date, today) < MINIMUM_AGE) {
      setTooYoung(true);
      // The explanation takes focus so a screen reader reads it at once.
      requestAnimationFrame(() => stopRef.current?.focus());
      return;
    }
    onSubmit([
      { key: 'firstName', value: firstName.trim() },
      { key: 'lastName', value: lastName.trim() },
      { key: 'dateOfBirth', value: toISODate(date) },
      { key: 'termsOfService', value: 'true' },
      ...(nativeApp ? [] : [{ key: 'device', value: device }]),
    ]);
  };

  const errorId = (field: Field) => `${ids}-${field}-error`;
  const invalid = (field: Field) => (problems[field] ? { 'aria-invalid': true, 'aria-describedby': errorId(field) } : {});
  const error = (field: Field) =>
    problems[field] ? (
      <p id={errorId(field)} className={styles.error}>
        {problems[field]}
      </p>
    ) : null;
  const newTab = <span className="visually-hidden"> {t('opensInNewTab')}</span>;

  return (
    <form className={stepStyles.form} onSubmit={submit} noValidate>
      <h1>{copy(question.title)}</h1>
      {question.text?.[0] ? <p className={stepStyles.lines}>{copy(question.text[0])}</p> : null}

      <InertAhead>

        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${ids}-first`}>
            {t('firstName')}
          </label>
          <input
            ref={firstNameRef}
            id={`${ids}-first`}
            className={styles.input}
            autoComplete="given-name"
            maxLength={MAX_NAME_LENGTH}
            value={firstName}
            onChange={(e) => setFirstName(e.currentTarget.value)}
            {...invalid('firstName')}
          />
          {error('firstName')}
        </div>

        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${ids}-last`}>
            {t('lastName')}
          </label>
          <input
            ref={lastNameRef}
            id={`${ids}-last`}
            className={styles.input}
            autoComplete="family-name"
            maxLength={MAX_NAME_LENGTH}
            value={lastName}
            onChange={(e) => setLastName(e.currentTarget.value)}
            {...invalid('lastName')}
          />
          {error('lastName')}
        </div>

        <fieldset className={styles.group} {...(problems.dateOfBirth ? { 'aria-describedby': errorId('dateOfBirth') } : {})}>
          <legend className={styles.legend}>{t('dateOfBirth')}</legend>
          <div className={styles.date}>
            <div className={styles.field}>
              <label className={styles.hint} htmlFor={`${ids}-month`}>
                {t('month')}
              </label>
              <select
                ref={monthRef}
                id={`${ids}-month`}
                className={styles.select}
                autoComplete="bday-month"
                value={ahead ? 0 : date.month}
                onChange={(e) => changeDate('month', e.currentTarget.value)}
                aria-invalid={problems.dateOfBirth ? true : undefined}
              >
                {ahead ? (
                  <option value={0}>{aheadMarkers.birthMonth}</option>
                ) : (
                  monthKeys.map((key, i) => (
                    <option key={key} value={i + 1}>
                      {t(key)}
                    </option>
                  ))
                )}
              </select>
            </div>
            <div className={styles.field}>
              <label className={styles.hint} htmlFor={`${ids}-day`}>
                {t('day')}
              </label>
              <select
                id={`${ids}-day`}
                className={styles.select}
                autoComplete="bday-day"
                value={ahead ? 0 : date.day}
                onChange={(e) => changeDate('day', e.currentTarget.value)}
                aria-invalid={problems.dateOfBirth ? true : undefined}
              >
                {ahead ? (
                  <option value={0}>{aheadMarkers.birthDay}</option>
                ) : (
                  Array.from({ length: 31 }, (_, i) => (
                    <option key={i} value={i + 1}>
                      {i + 1}
                    </option>
                  ))
                )}
              </select>
            </div>
            <div className={styles.field}>
              <label className={styles.hint} htmlFor={`${ids}-year`}>
                {t('year')}
              </label>
              <select
                id={`${ids}-year`}
                className={styles.select}
                autoComplete="bday-year"
                value={ahead ? 0 : date.year}
                onChange={(e) => changeDate('year', e.currentTarget.value)}
                aria-invalid={problems.dateOfBirth ? true : undefined}
              >
                {ahead ? (
                  <option value={0}>{aheadMarkers.birthYear}</option>
                ) : (
                  birthYears(today).map((year) => (
                    <option key={year} value={year}>
                      {year}
                    </option>
                  ))
                )}
              </select>
            </div>
          </div>
          {error('dateOfBirth')}
        </fieldset>

        <p className={styles.note}>{t('adultsOnly', { age: MINIMUM_AGE })}</p>

        {tooYoung ? (
          <section className={styles.stop} aria-labelledby={`${ids}-stop`}>
            <h2 id={`${ids}-stop`} ref={stopRef} tabIndex={-1}>
              {t('tooYoungTitle')}
            </h2>
            <p>{t('tooYoungBody', { age: MINIMUM_AGE })}</p>
            <p>{t('tooYoungHelp')}</p>
            <p>
              {t('tooYoungCrisis')} <a href="tel:988">{t('call988')}</a>
            </p>
            <p className={styles.hint}>{t('tooYoungMistake')}</p>
          </section>
        ) : null}

        {nativeApp ? null : (
          <fieldset className={styles.group} {...(problems.device ? { 'aria-describedby': errorId('device') } : {})}>
            <legend className={styles.legend}>{t('device')}</legend>
            <div className={styles.pair}>
              {(['iphone', 'android'] as const).map((value, i) => (
                <label key={value} className={stepStyles.choice}>
                  <input
                    ref={i === 0 ? deviceRef : undefined}
                    type="radio"
                    name={`${ids}-device`}
                    value={value}
                    checked={device === value}
                    aria-invalid={problems.device ? true : undefined}
                    onChange={() => {
                      setDevice(value);
                      setProblems({ ...problems, device: undefined });
                    }}
                  />
                  <span>{t(value)}</span>
                </label>
              ))}
            </div>
            {error('device')}
          </fieldset>
        )}

        <div className={styles.field}>
          <div className={styles.check}>
            <input
              ref={termsRef}
              id={`${ids}-terms`}
              type="checkbox"
              checked={terms}
              onChange={(e) => {
                setTerms(e.currentTarget.checked);
                setProblems({ ...problems, termsOfService: undefined });
              }}
              {...invalid('termsOfService')}
            />
            <label htmlFor={`${ids}-terms`}>
              {t('termsBefore')}{' '}
              <a href={props.termsHref} target="_blank" rel="noopener">
                {t('terms')}
                {newTab}
              </a>{' '}
              {t('termsBetween')}{' '}
              <a href={props.privacyHref} target="_blank" rel="noopener">
                {t('privacy')}
                {newTab}
              </a>
              {t('termsAfter')}
            </label>
          </div>
          {error('termsOfService')}
        </div>

      </InertAhead>

      <div aria-live="polite">{serverProblem ? <p className={styles.error}>{serverProblem}</p> : null}</div>
      {actions}
    </form>
  );
}
