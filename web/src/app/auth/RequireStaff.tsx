import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { LoadingOverlay } from '@/components/layout/LoadingOverlay';
import { PageErrorBoundary } from '@/components/route-error/PageErrorBoundary';
import { RouteErrorPage } from '@/components/route-error/RouteErrorPage';
import { lazyComponent } from '@/lib/lazy-component';
import { withQueries } from '@/lib/with-queries';
import { GuardProblem, isStaffRole, useSignInGuard } from './RequireMember';

// The staff gate is a module of its own, so a member on a survey step downloads none of it. The
// staff app itself is rendered, and so downloaded, only by StaffGate once the profile says the user
// is staff or an admin.
const StaffApp = lazyComponent(
  withQueries(() => import('@/app/routes/staff/StaffRoutes').then((m) => m.StaffRoutes)),
  <LoadingOverlay />,
);

interface RequireStaffProps {
  /** children is the staff app, rendered (and so downloaded) only for staff and admins. */
  children: ReactNode;
  /** denied is what a signed-in member sees instead: the ordinary Not Found page. */
  denied: ReactNode;
  /** frame puts a problem screen in the member app's frame (the staff frame is not loaded yet). */
  frame: (page: ReactNode) => ReactNode;
}

/**
 * RequireStaff stands in front of the staff app (/staff). It asks who is signed in and renders the
 * staff app only for staff and admins: until then nothing of the staff app is rendered, so its code
 * is never requested by anyone else. A member sees the Not Found page, exactly as for any address
 * the app does not know: the staff app's existence is no business of theirs. A visitor who is not
 * signed in goes to sign-in and comes back here, as with the member pages; the server checks the
 * role again on every staff request.
 */
export function RequireStaff({ children, denied, frame }: RequireStaffProps) {
  const { state, native, role } = useSignInGuard('sign-in');
  if (state === 'ready') return isStaffRole(role) ? children : denied;
  if (state === 'failed' || (state === 'unauthorized' && native)) {
    return frame(<GuardProblem kind={state === 'failed' ? 'failed' : 'expired'} />);
  }
  return <LoadingOverlay />;
}

/**
 * StaffGate is /staff and everything inside it: RequireStaff in front of the staff app. The staff
 * app is not fetched alongside the guard, as member pages are: it is rendered, and so requested,
 * only once the profile says the user is staff or an admin. frame puts a page in the member app's
 * frame, for what is shown to everyone else (notFound, for a member) and for the staff app's code
 * failing to load, with its "Try again".
 */
export function StaffGate({ frame, notFound }: { frame: (page: ReactNode) => ReactNode; notFound: ReactNode }) {
  const [pathname] = useLocation();
  return (
    <RequireStaff denied={frame(notFound)} frame={frame}>
      <PageErrorBoundary resetKey={pathname} fallback={frame(<RouteErrorPage />)}>
        <StaffApp />
      </PageErrorBoundary>
    </RequireStaff>
  );
}
