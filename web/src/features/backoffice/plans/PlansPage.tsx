import { useEffect, useId, useRef, useState } from 'react';
import { useT, type MessageKey, type Translate } from '@/lib/messages';
import { staffPlansMessages } from '@/messages/staff-plans';
import { Button } from '@/components/button/Button';
import { useNotify } from '@/features/backoffice/shared/Notices';
import { problemOf, ProblemError } from '@/features/backoffice/shared/problem';
import { useStaffTitle } from '@/features/backoffice/shared/use-staff-title';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import { LoadFailed, Loading, refusedWith } from '@/features/backoffice/admin/PageStatus';
import admin from '@/features/backoffice/admin/admin.module.css';
import { useStaffPlans, type StaffPlan } from './api/get-plans';
import { useSetPlanOffered } from './api/set-plan-offered';
import { priceText } from './money';
import styles from './PlansPage.module.css';

/**
 * supportNames are the words for each plan's level of support. The keys are written out rather
 * than built from the level, so the catalog's test can see each in use.
 */
const supportNames = {
  light: 'support.light',
  standard: 'support.standard',
  intensive: 'support.intensive',
} as const satisfies Record<StaffPlan['support'], MessageKey<typeof staffPlansMessages>>;

function trialText(t: Translate<typeof staffPlansMessages>, days: number): string {
  if (days <= 0) return t('noTrial');
  return days === 1 ? t('trialOneDay') : t('trialDays', { days });
}

interface PlanCardProps {
  plan: StaffPlan;
  saving: boolean;
  onToggle: (plan: StaffPlan) => void;
}

function PlanCard({ plan, saving, onToggle }: PlanCardProps) {
  const t = useT(staffPlansMessages);
  const headingId = useId();
  return (
    <li>
      <article className={`${shared.card} ${styles.plan}`} aria-labelledby={headingId}>
        <div className={styles.planHead}>
          <h2 id={headingId} className={styles.name}>
            {plan.name}
          </h2>
          <span className={plan.active ? `${shared.badge} ${shared.badgeGood}` : shared.badge}>{plan.active ? t('offered') : t('withdrawn')}</span>
        </div>
        <dl className={shared.facts}>
          <div>
            <dt>{t('price')}</dt>
            <dd>{priceText(t, plan)}</dd>
          </div>
          <div>
            <dt>{t('trial')}</dt>
            <dd>{trialText(t, plan.trialDays)}</dd>
          </div>
          <div>
            <dt>{t('support')}</dt>
            <dd>{t(supportNames[plan.support])}</dd>
          </div>
          <div className={shared.wide}>
            <dt>{t('stripePriceId')}</dt>
            <dd>{plan.stripePriceId ? <code className={styles.code}>{plan.stripePriceId}</code> : t('noStripePrice')}</dd>
          </div>
        </dl>
        {plan.includes.length > 0 ? (
          <div className={styles.includes}>
            <h3 className={styles.includesTitle} id={`${headingId}-includes`}>
              {t('includes')}
            </h3>
            <ul aria-labelledby={`${headingId}-includes`}>
              {plan.includes.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className={styles.toggle}>
          <Button
            variant="secondary"
            onClick={() => {
              if (!saving) onToggle(plan);
            }}
            aria-disabled={saving || undefined}
          >
            {/* The plan's name makes each button's name unique when heard out of its card. */}
            {saving ? t('saving') : plan.active ? t('withdraw') : t('offerAgain')} <span className="visually-hidden">{plan.name}</span>
          </Button>
        </div>
      </article>
    </li>
  );
}

interface ConfirmWithdrawProps {
  plan: StaffPlan | null;
  onConfirm: (plan: StaffPlan) => void;
  onClose: () => void;
}

/**
 * ConfirmWithdraw asks before a plan is withdrawn, in a native modal dialog: it keeps focus
 * inside, closes on Escape and returns focus to the button that opened it. Focus starts on
 * keeping the plan, the choice that changes nothing.
 */
function ConfirmWithdraw({ plan, onConfirm, onClose }: ConfirmWithdrawProps) {
  const t = useT(staffPlansMessages);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element || !plan) return;
    if (!element.open) element.showModal();
    return () => {
      if (element.open) element.close();
    };
  }, [plan]);

  return (
    <dialog ref={dialog} className={admin.dialog} aria-labelledby={titleId} aria-describedby={bodyId} onClose={onClose}>
      {plan ? (
        <div className={admin.dialogBody}>
          <h2 id={titleId}>{t('confirmTitle', { name: plan.name })}</h2>
          <p id={bodyId}>{t('confirmBody', { name: plan.name })}</p>
          <div className={admin.actions}>
            <Button variant="secondary" autoFocus onClick={() => dialog.current?.close()}>
              {t('confirmKeep')}
            </Button>
            <Button
              onClick={() => {
                onConfirm(plan);
                dialog.current?.close();
              }}
            >
              {t('confirmWithdraw', { name: plan.name })}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

/**
 * PlansPage lists the plans, offered and withdrawn, and lets an admin withdraw one (after
 * confirming) or offer it again. A server that takes no payments has no plans (404): the page says
 * so rather than showing an error.
 */
export function PlansPage() {
  const t = useT(staffPlansMessages);
  useStaffTitle(t('title'));
  const notify = useNotify();
  const query = useStaffPlans();
  const change = useSetPlanOffered();
  const [confirming, setConfirming] = useState<StaffPlan | null>(null);

  function setOffered(plan: StaffPlan, active: boolean) {
    change.mutate(
      { planId: plan.planId, active },
      {
        onSuccess: (saved) =>
          notify({ tone: 'success', text: saved.active ? t('offeredDone', { name: saved.name }) : t('withdrawnDone', { name: saved.name }) }),
        onError: (error) => {
          const refused = refusedWith(error, 403);
          const detail = refused ? t('refused') : error instanceof ProblemError ? problemOf(error).detail : '';
          notify({ tone: 'error', text: t('changeFailed', { name: plan.name }), detail: detail || t('changeFailedDetail') });
        },
      },
    );
  }

  let body;
  if (query.isPending) body = <Loading text={t('loading')} />;
  else if (query.isError && refusedWith(query.error, 404))
    body = (
      <section className={shared.card} aria-labelledby="plans-not-set-up">
        <h2 id="plans-not-set-up">{t('notSetUpHeading')}</h2>
        <p>{t('notSetUp')}</p>
      </section>
    );
  else if (query.isError) body = <LoadFailed title={t('loadFailedTitle')} error={query.error} retry={() => void query.refetch()} />;
  else if (query.data.length === 0) body = <p className={admin.empty}>{t('none')}</p>;
  else
    body = (
      <ul className={styles.list}>
        {query.data.map((plan) => (
          <PlanCard
            key={plan.planId}
            plan={plan}
            saving={change.isPending && change.variables.planId === plan.planId}
            onToggle={(p) => (p.active ? setConfirming(p) : setOffered(p, true))}
          />
        ))}
      </ul>
    );

  return (
    <div className={shared.page}>
      <div className={admin.headText}>
        <h1>{t('title')}</h1>
        <p className={shared.lead}>{t('lead')}</p>
      </div>
      {body}
      <ConfirmWithdraw plan={confirming} onConfirm={(plan) => setOffered(plan, false)} onClose={() => setConfirming(null)} />
    </div>
  );
}
