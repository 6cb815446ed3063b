import type { ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { PageLoading } from '@/components/layout/PageLoading';
import { pathOfStep, redirectFor, stepOfAccountPath } from '@/features/survey/journey';
import { useJourney } from '@/features/survey/use-journey';

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
