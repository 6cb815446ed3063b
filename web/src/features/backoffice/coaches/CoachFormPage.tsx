import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useT, type MessageKey, type Translate } from '@/lib/messages';
import { staffCoachesMessages } from '@/messages/staff-coaches';
import { Button } from '@/components/button/Button';
import { ImageUpload } from '@/features/backoffice/shared/ImageUpload';
import { coachFullName, useStaffCoaches, type StaffCoach } from '@/features/backoffice/shared/api/get-staff-coaches';
import { useNotify } from '@/features/backoffice/shared/Notices';
import { problemOf, ProblemError } from '@/features/backoffice/shared/problem';
import { staffPaths } from '@/features/backoffice/shared/staff-paths';
import { useIsAdmin } from '@/features/backoffice/shared/staff-user';
import { useStaffTitle } from '@/features/backoffice/shared/use-staff-title';
import { LoadFailed, Loading, refusedWith } from '@/features/backoffice/admin/PageStatus';
import admin from '@/features/backoffice/admin/admin.module.css';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import { useSaveCoach, type StaffCoachInput } from './api/save-coach';
import { useUploadCoachPortrait } from './api/upload-portrait';
import { timeZoneGroups } from './time-zones';
import styles from './CoachFormPage.module.css';

/** Draft is the form as typed: every field a string, but for the checkbox. */
interface Draft {
  firstName: string;
  lastName: string;
  nickname: string;
  oneLiner: string;
  tags: string;
  timezone: string;
  description: string;
  introVideoUrl: string;
  captionsUrl: string;
  capacity: string;
  active: boolean;
}

type FieldName = keyof Draft;

const emptyDraft: Draft = {
  firstName: '',
  lastName: '',
  nickname: '',
  oneLiner: '',
  tags: '',
  timezone: '',
  description: '',
  introVideoUrl: '',
  captionsUrl: '',
  capacity: '10',
  active: true,
};

function draftOf(coach: StaffCoach | undefined): Draft {
  if (!coach) return emptyDraft;
  return {
    firstName: coach.firstName,
    lastName: coach.lastName,
    nickname: coach.nickname,
    oneLiner: coach.oneLiner,
    tags: coach.tags,
    timezone: coach.timezone,
    description: coach.description,
    introVideoUrl: coach.introVideoUrl,
    captionsUrl: coach.captionsUrl,
    capacity: String(coach.capacity),
    active: coach.active,
  };
}

// The fields in the order the form shows them, with their labels: the error summary lists the
// server's errors in this order, and names a field the form has no control for by its label.
const fieldLabels: readonly [string, MessageKey<typeof staffCoachesMessages>][] = [
  ['firstName', 'firstName'],
  ['lastName', 'lastName'],
  ['nickname', 'nickname'],
  ['oneLiner', 'oneLiner'],
  ['tags', 'tags'],
  ['timezone', 'timezone'],
  ['description', 'about'],
  ['introVideoUrl', 'introVideoUrl'],
  ['captionsUrl', 'captionsUrl'],
  ['active', 'active'],
  ['capacity', 'capacity'],
  ['avatarUrl', 'avatarUrl'],
];

/** plainLabel is a field's label without its "(optional)", for use inside a sentence. */
function plainLabel(t: Translate<typeof staffCoachesMessages>, key: MessageKey<typeof staffCoachesMessages>): string {
  return t(key).replace(/\s*\(optional\)$/, '');
}

/**
 * fieldMessage writes a server message as a sentence: the server names what to fix ("is
 * required", "must be zero or more"), and the label in front says which field it is about. A
 * message that is a sentence already is kept as it is.
 */
export function fieldMessage(t: Translate<typeof staffCoachesMessages>, key: MessageKey<typeof staffCoachesMessages>, message: string): string {
  const sentence = /^[a-z]/.test(message) ? t('fieldProblem', { label: plainLabel(t, key), message }) : message;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: (describedBy: string | undefined) => ReactNode;
}

/** Field lays out a label, an optional hint, the control and its error, and ties them together. */
function Field({ id, label, hint, error, children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={shared.field}>
      <label className={shared.label} htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={admin.hint}>
          {hint}
        </p>
      ) : null}
      {children(describedBy)}
      {error ? (
        <p id={errorId} className={shared.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface TimeZoneSelectProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  describedBy: string | undefined;
  invalid: boolean;
}

/**
 * TimeZoneSelect offers every Region/City zone the browser knows, grouped by region; typing a
 * zone's first letters jumps to it. It is memoised: its four hundred options need not be drawn
 * again at each key press in the other fields.
 */
const TimeZoneSelect = memo(function TimeZoneSelect({ id, value, onChange, describedBy, invalid }: TimeZoneSelectProps) {
  const t = useT(staffCoachesMessages);
  const zones = useMemo(() => timeZoneGroups(value), [value]);
  return (
    <select
      id={id}
      className={shared.control}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
    >
      <option value="">{t('timezoneNone')}</option>
      {zones.map(([region, names]) => (
        <optgroup key={region} label={region}>
          {names.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
});

interface CoachFormProps {
  /** coach is the coach being edited, or undefined for a new one. */
  coach?: StaffCoach;
}

/**
 * CoachForm adds a coach or edits one. The server checks every field and answers each problem by
 * field name; the form puts each message beside its field (tied to it with aria-describedby) and
 * lists them all at the top, where focus goes, so nothing refused is missed. Only the capacity is
 * checked here first: a number that isn't one can't be sent as JSON at all.
 */
function CoachForm({ coach }: CoachFormProps) {
  const t = useT(staffCoachesMessages);
  const notify = useNotify();
  const [, navigate] = useLocation();
  const formId = useId();
  const summaryRef = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(coach));
  const [localErrors, setLocalErrors] = useState<Partial<Record<string, string>>>({});
  // failures counts refused saves, so focus returns to the summary after each one.
  const [failures, setFailures] = useState(0);
  const save = useSaveCoach(coach?.coachId);
  // The portrait may change on this page before the details are saved; the newest is in the list.
  const coaches = useStaffCoaches();
  const setTimezone = useCallback((value: string) => setDraft((d) => ({ ...d, timezone: value })), []);

  const serverErrors = save.error ? problemOf(save.error).fields : {};
  const errors: Partial<Record<string, string>> = { ...serverErrors, ...localErrors };
  const errorFor = (field: FieldName): string | undefined => {
    const message = errors[field];
    const key = fieldLabels.find(([name]) => name === field)?.[1];
    return message && key ? fieldMessage(t, key, message) : undefined;
  };
  const failed = save.isError || Object.keys(localErrors).length > 0;

  // Focus moves to the summary after each refused save, so the problems are read out at once.
  useEffect(() => {
    if (failures > 0) summaryRef.current?.focus();
  }, [failures]);

  const id = (field: string) => `${formId}-${field}`;
  const set =
    <K extends FieldName>(field: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const capacity = draft.capacity.trim();
    if (!/^\d+$/.test(capacity)) {
      save.reset();
      setLocalErrors({ capacity: t('capacityWhole') });
      setFailures((n) => n + 1);
      return;
    }
    setLocalErrors({});
    const current = coaches.data?.find((c) => c.coachId === coach?.coachId) ?? coach;
    const input: StaffCoachInput = {
      firstName: draft.firstName.trim(),
      lastName: draft.lastName.trim(),
      nickname: draft.nickname.trim(),
      avatarUrl: current?.avatarUrl ?? '',
      oneLiner: draft.oneLiner.trim(),
      tags: draft.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean)
        .join(', '),
      timezone: draft.timezone,
      description: draft.description.trim(),
      introVideoUrl: draft.introVideoUrl.trim(),
      captionsUrl: draft.captionsUrl.trim(),
      active: draft.active,
      capacity: Number(capacity),
    };
    save.mutate(input, {
      onSuccess: (saved) => {
        const name = coachFullName(saved);
        notify({ tone: 'success', text: coach ? t('saved', { name }) : t('created', { name }) });
        navigate(staffPaths.coaches);
      },
      onError: () => setFailures((n) => n + 1),
    });
  }

  // The summary: the server's reason, then each field to fix, in the form's order, linked to it.
  let summary: ReactNode = null;
  if (failed) {
    const status = save.error instanceof ProblemError ? save.error.status : 0;
    const problem = problemOf(save.error);
    const lead =
      status === 403 || refusedWith(save.error, 403)
        ? t('refused')
        : status === 0 && save.isError
          ? t('saveFailedNetwork')
          : problem.detail || t('saveFailed');
    const listed = fieldLabels.filter(([field]) => errors[field]);
    summary = (
      <div ref={summaryRef} className={styles.summary} role="alert" tabIndex={-1} aria-labelledby={`${formId}-summary`}>
        <h2 id={`${formId}-summary`} className={styles.summaryTitle}>
          {t('saveFailedTitle')}
        </h2>
        <p>{lead}</p>
        {listed.length > 0 ? (
          <ul className={styles.summaryList}>
            {listed.map(([field, key]) => {
              const message = fieldMessage(t, key, errors[field] ?? '');
              return (
                <li key={field}>
                  {field in draft ? (
                    <a
                      href={`#${id(field)}`}
                      onClick={(event) => {
                        // The link moves focus into the field, not only the view to it.
                        event.preventDefault();
                        document.getElementById(id(field))?.focus();
                      }}
                    >
                      {message}
                    </a>
                  ) : (
                    message
                  )}
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    );
  }

  const resting = coach !== undefined && coach.active && !draft.active && coach.assigned > 0;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={save.isPending}>
      {summary}
      <fieldset className={styles.group}>
        <legend className={styles.legend}>
          <h2>{t('detailsHeading')}</h2>
        </legend>
        <div className={styles.pair}>
          <Field id={id('firstName')} label={t('firstName')} error={errorFor('firstName')}>
            {(describedBy) => (
              <input
                id={id('firstName')}
                className={shared.control}
                value={draft.firstName}
                onChange={(e) => set('firstName')(e.target.value)}
                autoComplete="off"
                required
                aria-describedby={describedBy}
                aria-invalid={errorFor('firstName') ? true : undefined}
              />
            )}
          </Field>
          <Field id={id('lastName')} label={t('lastName')} error={errorFor('lastName')}>
            {(describedBy) => (
              <input
                id={id('lastName')}
                className={shared.control}
                value={draft.lastName}
                onChange={(e) => set('lastName')(e.target.value)}
                autoComplete="off"
                required
                aria-describedby={describedBy}
                aria-invalid={errorFor('lastName') ? true : undefined}
              />
            )}
          </Field>
        </div>
        <div className={styles.pair}>
          <Field id={id('nickname')} label={t('nickname')} hint={t('nicknameHint')} error={errorFor('nickname')}>
            {(describedBy) => (
              <input
                id={id('nickname')}
                className={shared.control}
                value={draft.nickname}
                onChange={(e) => set('nickname')(e.target.value)}
                autoComplete="off"
                aria-describedby={describedBy}
                aria-invalid={errorFor('nickname') ? true : undefined}
              />
            )}
          </Field>
          <Field id={id('timezone')} label={t('timezone')} hint={t('timezoneHint')} error={errorFor('timezone')}>
            {(describedBy) => (
              <TimeZoneSelect
                id={id('timezone')}
                value={draft.timezone}
                onChange={setTimezone}
                describedBy={describedBy}
                invalid={errorFor('timezone') !== undefined}
              />
            )}
          </Field>
        </div>
        <Field id={id('oneLiner')} label={t('oneLiner')} hint={t('oneLinerHint')} error={errorFor('oneLiner')}>
          {(describedBy) => (
            <input
              id={id('oneLiner')}
              className={shared.control}
              value={draft.oneLiner}
              onChange={(e) => set('oneLiner')(e.target.value)}
              autoComplete="off"
              aria-describedby={describedBy}
              aria-invalid={errorFor('oneLiner') ? true : undefined}
            />
          )}
        </Field>
        <Field id={id('tags')} label={t('tags')} hint={t('tagsHint')} error={errorFor('tags')}>
          {(describedBy) => (
            <input
              id={id('tags')}
              className={shared.control}
              value={draft.tags}
              onChange={(e) => set('tags')(e.target.value)}
              autoComplete="off"
              aria-describedby={describedBy}
              aria-invalid={errorFor('tags') ? true : undefined}
            />
          )}
        </Field>
        <Field id={id('description')} label={t('about')} hint={t('aboutHint')} error={errorFor('description')}>
          {(describedBy) => (
            <textarea
              id={id('description')}
              className={`${shared.control} ${admin.textarea}`}
              value={draft.description}
              onChange={(e) => set('description')(e.target.value)}
              rows={8}
              aria-describedby={describedBy}
              aria-invalid={errorFor('description') ? true : undefined}
            />
          )}
        </Field>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>
          <h2>{t('videoHeading')}</h2>
        </legend>
        <Field id={id('introVideoUrl')} label={t('introVideoUrl')} hint={t('introVideoUrlHint')} error={errorFor('introVideoUrl')}>
          {(describedBy) => (
            <input
              id={id('introVideoUrl')}
              className={shared.control}
              type="url"
              inputMode="url"
              value={draft.introVideoUrl}
              onChange={(e) => set('introVideoUrl')(e.target.value)}
              autoComplete="off"
              aria-describedby={describedBy}
              aria-invalid={errorFor('introVideoUrl') ? true : undefined}
            />
          )}
        </Field>
        <Field id={id('captionsUrl')} label={t('captionsUrl')} hint={t('captionsUrlHint')} error={errorFor('captionsUrl')}>
          {(describedBy) => (
            <input
              id={id('captionsUrl')}
              className={shared.control}
              type="url"
              inputMode="url"
              value={draft.captionsUrl}
              onChange={(e) => set('captionsUrl')(e.target.value)}
              autoComplete="off"
              aria-describedby={describedBy}
              aria-invalid={errorFor('captionsUrl') ? true : undefined}
            />
          )}
        </Field>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>
          <h2>{t('availabilityHeading')}</h2>
        </legend>
        <div className={styles.rest}>
          <h3 className={styles.restTitle}>{t('restHeading')}</h3>
          <p id={id('active-hint')} className={admin.hint}>
            {t('restBody')}
          </p>
          <label className={admin.check}>
            <input
              id={id('active')}
              type="checkbox"
              checked={draft.active}
              onChange={(e) => set('active')(e.target.checked)}
              aria-describedby={[id('active-hint'), errorFor('active') ? id('active-error') : ''].filter(Boolean).join(' ')}
            />
            {t('active')}
          </label>
          {errorFor('active') ? (
            <p id={id('active-error')} className={shared.fieldError}>
              {errorFor('active')}
            </p>
          ) : null}
          {resting ? (
            <p className={styles.restNow}>
              {coach.assigned === 1
                ? t('restNowOne', { name: coach.firstName })
                : t('restNow', { name: coach.firstName, count: coach.assigned })}
            </p>
          ) : null}
        </div>
        <div className={styles.short}>
          <Field id={id('capacity')} label={t('capacity')} hint={t('capacityHint')} error={errorFor('capacity')}>
            {(describedBy) => (
              <input
                id={id('capacity')}
                className={shared.control}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={draft.capacity}
                onChange={(e) => set('capacity')(e.target.value)}
                aria-describedby={describedBy}
                aria-invalid={errorFor('capacity') ? true : undefined}
              />
            )}
          </Field>
        </div>
      </fieldset>

      <div className={admin.actions}>
        <Button type="submit" aria-disabled={save.isPending || undefined}>
          {save.isPending ? t('saving') : coach ? t('save') : t('create')}
        </Button>
        <Link className={styles.cancel} to={staffPaths.coaches}>
          {t('cancel')}
        </Link>
      </div>
    </form>
  );
}

/** Portrait uploads an existing coach's portrait on its own: it is saved as soon as it is chosen. */
function Portrait({ coach }: { coach: StaffCoach }) {
  const t = useT(staffCoachesMessages);
  const upload = useUploadCoachPortrait(coach.coachId);
  const coaches = useStaffCoaches();
  const current = coaches.data?.find((c) => c.coachId === coach.coachId) ?? coach;
  return (
    <section className={styles.portrait} aria-labelledby="coach-portrait-heading">
      <h2 id="coach-portrait-heading">{t('portraitHeading')}</h2>
      <p className={admin.hint}>{t('portraitNote')}</p>
      <ImageUpload
        label={t('portraitLabel')}
        currentUrl={current.avatarUrl || null}
        alt={t('portraitOf', { name: coachFullName(current) })}
        upload={async (file) => {
          await upload.mutateAsync(file);
        }}
        failureText={t('portraitFailed')}
      />
    </section>
  );
}

/**
 * CoachFormPage is the form for a new coach (no coachId) or for one already on the list. There is
 * no call for one coach: the list has every coach, and most admins arrive here from it, so the
 * coach is usually on hand already. Staff who are not admins are told plainly that they can't
 * change coaches, rather than shown a form the server would refuse.
 */
export function CoachFormPage({ coachId }: { coachId?: string }) {
  const t = useT(staffCoachesMessages);
  const isAdmin = useIsAdmin();
  const query = useStaffCoaches();
  const coach = coachId === undefined ? undefined : query.data?.find((c) => c.coachId === coachId);
  // The heading names the coach as saved, not as being typed: the list changes only on a save.
  const title = coachId === undefined ? t('addTitle') : coach ? t('editTitle', { name: coachFullName(coach) }) : t('editUnknown');
  useStaffTitle(title);

  let body: ReactNode;
  if (!isAdmin) {
    body = (
      <section className={shared.card} aria-labelledby="coach-admin-only">
        <h2 id="coach-admin-only">{t('adminOnlyTitle')}</h2>
        <p>{t('adminOnly')}</p>
      </section>
    );
  } else if (coachId === undefined) {
    body = (
      <>
        <p className={admin.hint}>{t('portraitLater')}</p>
        <CoachForm />
      </>
    );
  } else if (query.isPending) {
    body = <Loading text={t('loading')} />;
  } else if (query.isError) {
    body = <LoadFailed title={t('loadFailedTitle')} error={query.error} retry={() => void query.refetch()} />;
  } else if (!coach) {
    body = (
      <section className={shared.card} aria-labelledby="coach-not-found">
        <h2 id="coach-not-found">{t('notFoundTitle')}</h2>
        <p>{t('notFound')}</p>
      </section>
    );
  } else {
    body = (
      <>
        <Portrait coach={coach} />
        <CoachForm key={coach.coachId} coach={coach} />
      </>
    );
  }

  return (
    <div className={`${shared.page} ${styles.page}`}>
      <p>
        <Link to={staffPaths.coaches} className={styles.back}>
          <span aria-hidden="true">←</span>
          {t('back')}
        </Link>
      </p>
      <h1>{title}</h1>
      {body}
    </div>
  );
}
