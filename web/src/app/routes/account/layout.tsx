import type { ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { PageLoading } from '@/components/layout/PageLoading';
import { paths } from '@/config/paths';
import { MEET_YOUR_COACH, pathOfStep, redirectFor } from '@/features/survey/journey';
import { useJourney } from '@/features/survey/use-journey';

/**
 * stepOfAccountPath names the step of the journey an address in the account area belongs to, so
 * the area's pages follow the same rules as the survey's steps. The index is the account step
 * (the chooser follows it there); checkout belongs with the plan, so it closes once the member
 * holds one. The download and finish pages open with the chooser: a member whose choice could not
 * be saved is still handed over to the app (spec §4), where the coach can be chosen again. So does
 * the payment's answer page: it must stay open after paying, when the plan's steps have closed.
 */
function stepOfAccountPath(pathname: string): string {
  switch (pathname.replace(/\/+$/, '') || paths.account.root) {
    case paths.account.root:
      return 'account';
    case paths.account.meetYourCoach:
      return MEET_YOUR_COACH;
    case paths.account.planRecommendation:
      return 'plan-recommendation';
    case paths.account.planPreview:
    case paths.account.checkout:
      return 'plan-preview';
    case paths.account.paymentResponse:
    case paths.account.downloadApp:
    case paths.account.finish:
      return MEET_YOUR_COACH;
  }
  return '';
}

/**
 * The account area's layout. The sign-in check wraps it in the route tree (RequireMember), so it
 * renders only for a signed-in member. It keeps the journey's order here as the survey steps do:
 * whatever address is typed, nothing past the survey shows until the survey is complete, a safety
 * disclosure keeps the member on the crisis page, and the plan waits for a coach. The server
 * refuses those calls too; this only spares the member a screen that would fail.
 */
export function Component({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  const state = useJourney();
  if (!state) return <PageLoading />;
  const step = stepOfAccountPath(pathname);
  const elsewhere = step ? redirectFor(state.definition, state.journey, step) : '';
  if (elsewhere) return <Redirect to={pathOfStep(elsewhere)} replace />;
  return children;
}
