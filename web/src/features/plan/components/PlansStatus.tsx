import { useEffect } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { Button, ButtonLink } from '@/components/button/Button';
import { FailureText } from '@/components/failure/FailureText';
import { usePageTitle } from '@/components/layout/usePageTitle';
import { PlansClosedError } from '@/features/plan/api/get-plans';
import { holdsPlan } from '@/lib/subscription';
import { useT } from '@/lib/messages';
import { planMessages } from '@/messages/plan';
import type { PlansResponse } from '@/features/plan/api/types';
import styles from './Plan.module.css';

/**
 * useMovedOnWhenPaid tells the app when the plans say the member already holds a plan (paid in
 * another tab, say, or back from checkout with the Back button): the plan's steps are behind them,
 * and the account area takes them on once it knows.
 */
export function useMovedOnWhenPaid(data: PlansResponse | undefined, onJourneyMoved: (() => void) | undefined): void {
  const paid = data ? holdsPlan(data.subscription.status) : false;
  useEffect(() => {
    if (paid) onJourneyMoved?.();
  }, [paid, onJourneyMoved]);
}

/** PlansLoading says the plan is on its way, in the space the plan will take. */
export function PlansLoading() {
  const t = useT(planMessages);
  return (
    <p className={styles.loading} role="status">
      {t('loading')}
    </p>
  );
}

interface PlansProblemProps {
  query: UseQueryResult<PlansResponse>;
  /**
   * onJourneyMoved runs when the server's answer shows the journey is elsewhere: not at the plan
   * yet, or past it (the member holds a plan). The app then reads the member's state again.
   */
  onJourneyMoved?: () => void;
}

/**
 * PlansProblem says why the plans could not be shown, in plain words and with a way on: this site
 * offers no plans (carry on in the app), the journey has not reached them (the server's reason,
 * and back to where the member left off), or they did not load (try again).
 */
export function PlansProblem({ query, onJourneyMoved }: PlansProblemProps) {
  const t = useT(planMessages);
  const { error } = query;
  const closed = error instanceof PlansClosedError ? error : undefined;
  usePageTitle(closed?.kind === 'not-offered' ? t('notOfferedTitle') : closed ? t('refusedTitle') : t('loadFailedTitle'));
  useEffect(() => {
    if (closed?.kind === 'not-yet') onJourneyMoved?.();
  }, [closed, onJourneyMoved]);

  if (closed?.kind === 'not-offered') {
    return (
      <div className={styles.page}>
        <h1>{t('notOfferedTitle')}</h1>
        <p className={styles.lead}>{closed.detail || t('notOffered')}</p>
        <ButtonLink to={paths.account.downloadApp} block>
          {t('getApp')}
        </ButtonLink>
      </div>
    );
  }
  if (closed) {
    return (
      <div className={styles.page}>
        <h1>{t('refusedTitle')}</h1>
        <p className={styles.lead}>{closed.detail || t('refused')}</p>
        <ButtonLink to={paths.account.root} block>
          {t('carryOn')}
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <h1>{t('loadFailedTitle')}</h1>
      <p className={styles.lead} role="alert">
        <FailureText error={query.error} />
      </p>
      <Button
        onClick={() => {
          if (!query.isFetching) void query.refetch();
        }}
        aria-disabled={query.isFetching || undefined}
        block
      >
        {t('retry')}
      </Button>
    </div>
  );
}
