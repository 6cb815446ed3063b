import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { AppLayout } from '@/components/layout/AppLayout';
import { PageLoading } from '@/components/layout/PageLoading';
import { PageErrorBoundary } from '@/components/route-error/PageErrorBoundary';
import { CrisisSupportPage } from '@/features/safety/CrisisSupportPage';
import { HomePage } from '@/features/home/HomePage';

// page turns a route module (which exports its page as Component) into a lazily loaded page, so
// a member downloads a page's code only when they open it.
function page(load: () => Promise<{ Component: ComponentType }>) {
  return lazy(() => load().then((m) => ({ default: m.Component })));
}

const Register = page(() => import('./routes/register'));
const AccountLayout = page(() => import('./routes/account/layout'));
const MeetYourCoach = page(() => import('./routes/account/meet-your-coach'));
const PlanRecommendation = page(() => import('./routes/account/plan-recommendation'));
const PlanPreview = page(() => import('./routes/account/plan-preview'));
const Checkout = page(() => import('./routes/account/checkout'));
const PaymentResponse = page(() => import('./routes/account/payment-response'));
const DownloadApp = page(() => import('./routes/account/download-app'));
const Finish = page(() => import('./routes/account/finish'));
const Chat = page(() => import('./routes/chat'));
const SurveyStep = page(() => import('./routes/survey-step'));
const NotFound = page(() => import('./routes/not-found'));

/**
 * Pages is the page area: the loading state while a page's code arrives, and an error boundary
 * so a page that fails never takes the frame down with it. The boundary is keyed by path so that
 * moving to another page clears an earlier failure.
 */
function Pages() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary key={pathname}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}

function Frame() {
  return (
    <AppLayout>
      <Pages />
    </AppLayout>
  );
}

/**
 * AppRoutes is the app's route tree (spec §2). It uses React Router's declarative routes: the
 * data router adds about 16 KB gzip to the first screen for loaders and actions we don't use.
 *
 * Two pages ship in the main bundle instead of loading lazily:
 *   - the home page, the first screen of most visits: loading it lazily would add a request, and
 *     a round trip, before anything but the frame could paint (the budget is three requests);
 *   - the crisis-support page, which must appear with no request at all (see CrisisSupportPage).
 *     It sits outside the account layout on purpose: whatever that layout later waits for
 *     (sign-in, the profile), this page must never wait for it.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Frame />}>
        <Route index element={<HomePage />} />
        <Route path={paths.register} element={<Register />} />
        <Route path={paths.noGo} element={<CrisisSupportPage />} />
        <Route path={paths.account.thankYou} element={<CrisisSupportPage />} />
        <Route path={paths.account.root} element={<AccountLayout />}>
          <Route index element={<MeetYourCoach />} />
          <Route path={paths.account.meetYourCoach} element={<MeetYourCoach />} />
          <Route path={paths.account.planRecommendation} element={<PlanRecommendation />} />
          <Route path={paths.account.planPreview} element={<PlanPreview />} />
          <Route path={paths.account.checkout} element={<Checkout />} />
          <Route path={paths.account.paymentResponse} element={<PaymentResponse />} />
          <Route path={paths.account.downloadApp} element={<DownloadApp />} />
          <Route path={paths.account.finish} element={<Finish />} />
          <Route path={paths.account.notFound} element={<NotFound />} />
        </Route>
        <Route path={paths.chat} element={<Chat />} />
        <Route path={paths.surveyStep} element={<SurveyStep />} />
        <Route path={paths.notFound} element={<NotFound />} />
      </Route>
    </Routes>
  );
}
