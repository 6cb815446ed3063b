import type { ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { lazyComponent } from '@/lib/lazy-component';
import { PageLoading } from '@/components/layout/PageLoading';
import { PageErrorBoundary } from '@/components/route-error/PageErrorBoundary';
import { useMe } from '@/features/account/api/get-me';
import { StaffLayout } from '@/features/backoffice/shared/StaffLayout';
import { AdminOnly } from '@/features/backoffice/shared/AdminOnly';
import { StaffNotFound } from '@/features/backoffice/shared/StaffNotFound';
import { staffPaths } from '@/features/backoffice/shared/staff-paths';
import { StaffUserProvider } from '@/features/backoffice/shared/staff-user';

// staffPage turns a staff page into a lazily loaded one: each page downloads only when it is
// opened, so the members list does not carry the audit log's code, nor staff the admins' pages.
function staffPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazyComponent(load, <PageLoading />);
}

const MembersPage = staffPage(() => import('@/features/backoffice/members/MembersPage').then((m) => m.MembersPage));
const MemberPage = staffPage(() => import('@/features/backoffice/members/MemberPage').then((m) => m.MemberPage));
const SafetyPage = staffPage(() => import('@/features/backoffice/safety/SafetyPage').then((m) => m.SafetyPage));
const AndroidWaitlistPage = staffPage(() => import('@/features/backoffice/waitlist/AndroidWaitlistPage').then((m) => m.AndroidWaitlistPage));
const InsightsPage = staffPage(() => import('@/features/backoffice/insights/InsightsPage').then((m) => m.InsightsPage));

// ── Admin pages (coaches, audit log, staff accounts, plans): their lazy declarations go here, ──
// ── made with staffPage like the ones above. Wrap each admin-only route's page in AdminOnly  ──
// ── (from '@/features/backoffice/shared/AdminOnly'); staff may read the coaches list.        ──
const CoachesPage = staffPage(() => import('@/features/backoffice/coaches/CoachesPage').then((m) => m.CoachesPage));
const CoachFormPage = staffPage(() => import('@/features/backoffice/coaches/CoachesPage').then((m) => m.CoachFormPage));
const AuditPage = staffPage(() => import('@/features/backoffice/audit/AuditPage').then((m) => m.AuditPage));
const StaffAccountsPage = staffPage(() => import('@/features/backoffice/accounts/StaffAccountsPage').then((m) => m.StaffAccountsPage));
const PlansPage = staffPage(() => import('@/features/backoffice/plans/PlansPage').then((m) => m.PlansPage));
const WebhooksPage = staffPage(() => import('@/features/backoffice/webhooks/WebhooksPage').then((m) => m.WebhooksPage));
const WebhookPage = staffPage(() => import('@/features/backoffice/webhooks/WebhooksPage').then((m) => m.WebhookPage));
// ── End of the admin pages' declarations. ──

/**
 * StaffPages is the staff app's route table (paths from staffPaths, written in full, as in the
 * member app). Pages for admins are wrapped in AdminOnly, which shows staff a short note instead
 * and never loads the page's code for them. A page that fails (or whose code fails to load) shows
 * the error page inside the staff frame; moving to another page clears it.
 */
function StaffPages() {
  const [pathname] = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Switch>
        <Route path={staffPaths.members} component={MembersPage} />
        <Route path={staffPaths.member}>{(params) => <MemberPage userId={params.userId} />}</Route>
        <Route path={staffPaths.safety} component={SafetyPage} />
        <Route path={staffPaths.androidWaitlist} component={AndroidWaitlistPage} />
        <Route path={staffPaths.insights} component={InsightsPage} />
        {/* ── Admin pages' routes go here (staff read the coaches; the rest are in AdminOnly). ── */}
        <Route path={staffPaths.coaches} component={CoachesPage} />
        {/* "new" is matched before the coach's id, which would take it for one. */}
        <Route path={staffPaths.newCoach}>
          <AdminOnly>
            <CoachFormPage />
          </AdminOnly>
        </Route>
        <Route path={staffPaths.coach}>
          {(params) => (
            <AdminOnly>
              <CoachFormPage key={params.coachId} coachId={params.coachId} />
            </AdminOnly>
          )}
        </Route>
        <Route path={staffPaths.audit}>
          <AdminOnly>
            <AuditPage />
          </AdminOnly>
        </Route>
        <Route path={staffPaths.accounts}>
          <AdminOnly>
            <StaffAccountsPage />
          </AdminOnly>
        </Route>
        <Route path={staffPaths.plans}>
          <AdminOnly>
            <PlansPage />
          </AdminOnly>
        </Route>
        <Route path={staffPaths.webhooks}>
          <AdminOnly>
            <WebhooksPage />
          </AdminOnly>
        </Route>
        <Route path={staffPaths.webhook}>
          {(params) => (
            <AdminOnly>
              <WebhookPage key={params.endpointId} endpointId={params.endpointId} />
            </AdminOnly>
          )}
        </Route>
        {/* ── End of the admin pages' routes. ── */}
        <Route component={StaffNotFound} />
      </Switch>
    </PageErrorBoundary>
  );
}

/**
 * StaffRoutes is the staff app (/staff): its frame and its pages. The app's guard renders it only
 * for staff and admins, with the profile already loaded; that profile tells the frame who is signed
 * in and which pages to offer.
 */
export function StaffRoutes() {
  const me = useMe({ enabled: false }).data?.me;
  if (!me || (me.role !== 'staff' && me.role !== 'admin')) return null;
  return (
    <StaffUserProvider user={{ userId: me.userId, email: me.email, role: me.role }}>
      <StaffLayout>
        <StaffPages />
      </StaffLayout>
    </StaffUserProvider>
  );
}
