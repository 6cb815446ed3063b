import { use, useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { Route, Switch, useLocation, useParams } from 'wouter';
import { paths } from '@/config/paths';
import { launchFlags } from '@/lib/launch-flags';
import { mayBeSignedIn, onSignedInHintChange } from '@/lib/session';
import { isNativeShell } from '@/lib/native-bridge';
import { lazyComponent } from '@/lib/lazy-component';
import { PageDataContext } from '@/lib/resource';
import { withQueries } from '@/lib/with-queries';
import { AppLayout } from '@/components/layout/AppLayout';
import { LoadingOverlay } from '@/components/layout/LoadingOverlay';
import { PageLoading } from '@/components/layout/PageLoading';
import { PageErrorBoundary } from '@/components/route-error/PageErrorBoundary';
import { AccountMenu } from '@/features/account/components/AccountMenu';
import { CrisisSupportPage } from '@/features/safety/CrisisSupportPage';
import { KeepSavingAnswers } from '@/features/survey/components/KeepSavingAnswers';
import { isSurveySlug } from '@/features/survey/slugs';
import { Component as Home } from './routes/home';

// page turns a route module (which exports its page as Component) into a lazily loaded page, so
// a member downloads a page's code only when they open it, with the query client's (see withQueries).
function page<P extends object>(load: () => Promise<{ Component: ComponentType<P> }>) {
  return lazyComponent(withQueries(() => load().then((m) => m.Component)), <PageLoading />);
}

// A survey step reads only the profile, the definition and the member's answers, which the page's
// own small cache keeps (lib/resource.ts): its first screen goes without the query client's code.
// The one step that reads more (the Android waitlist) loads the query client with its form.
const SurveyStep = lazyComponent(() => import('./routes/survey-step').then((m) => m.Component), <PageLoading />);

const Register = page(() => import('./routes/register'));
const AccountLayout = page(() => import('./routes/account/layout'));
const AccountIndex = page(() => import('./routes/account/index'));
const MeetYourCoach = page(() => import('./routes/account/meet-your-coach'));
const PlanRecommendation = page(() => import('./routes/account/plan-recommendation'));
const PlanPreview = page(() => import('./routes/account/plan-preview'));
const Checkout = page(() => import('./routes/account/checkout'));
const PaymentResponse = page(() => import('./routes/account/payment-response'));
const DownloadApp = page(() => import('./routes/account/download-app'));
const Finish = page(() => import('./routes/account/finish'));
const Chat = page(() => import('./routes/chat'));
const SignInProblem = page(() => import('./routes/sign-in-problem'));
const Terms = page(() => import('./routes/terms'));
const Privacy = page(() => import('./routes/privacy'));
const Goodbye = page(() => import('./routes/goodbye'));
const NotFound = page(() => import('./routes/not-found'));

// The sign-in guard and the sign-out button carry the HTTP client and the profile's read, which the
// home page's first screen does without; they load with the first page that needs them.
const RequireMember = lazyComponent(() => import('./auth/RequireMember').then((m) => m.RequireMember), <LoadingOverlay />);
// The staff app's gate (see StaffGate) loads only at /staff; the staff app itself is a download of
// its own, asked for only once the profile says the user is staff. These lines are all of it that
// the main bundle carries.
const StaffGate = lazyComponent(() => import('./auth/RequireStaff').then((m) => m.StaffGate), <LoadingOverlay />);
const SignOutButton = lazyComponent(() => import('./auth/SignOutButton').then((m) => m.SignOutButton));

/**
 * preparePage loads the code of everything the page at path shows in its first render, so that
 * the render paints the whole page and not a loading fallback: the app waits for it before it
 * takes over a page that arrived drawn (see src/first-frame/render.tsx), whose frame a fallback
 * would replace. A survey step needs the sign-in guard, the step's page and the step's own form;
 * the other pages that arrive drawn are in the main bundle.
 */
export function preparePage(path: string): Promise<void> {
  const slug = path.slice(1);
  if (!isSurveySlug(slug)) return Promise.resolve();
  return Promise.all([
    RequireMember.load(),
    SurveyStep.load(),
    import('@/features/survey/components/SurveyStepScreen').then((m) => m.loadStepForm(slug)),
  ]).then(() => undefined);
}

/**
 * Guarded shows its pages only to a signed-in member, with the loading overlay from the start.
 * page is the page it guards: its code downloads alongside the guard's, not after it.
 */
function Guarded({ page, visitors, children }: { page?: { preload: () => void }; visitors?: 'sign-in' | 'home'; children: ReactNode }) {
  page?.preload();
  return <RequireMember visitors={visitors}>{children}</RequireMember>;
}

/**
 * Pages is the page area's error boundary, so a page that fails (or whose code fails to load) never
 * takes the frame down with it. Moving to another page clears an earlier failure.
 */
function Pages({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  return <PageErrorBoundary resetKey={pathname}>{children}</PageErrorBoundary>;
}

/**
 * HeaderControls is the right of the top bar. A web member who may be signed in gets the account
 * menu (sign out, their data, deleting their account), whose panel loads on first use; a visitor
 * gets nothing.
 * Inside the native app the app owns the account, so the page shows only the spec's sign-out icon,
 * and only when ?ff_logout=1 asks for it (§2). If either's code fails to load, the top bar simply
 * goes without it.
 */
function HeaderControls() {
  // The frame rendered ahead of time (first-frame/render.tsx) is a visitor's.
  const signedIn = useSyncExternalStore(onSignedInHintChange, mayBeSignedIn, () => false);
  let control: ReactNode = null;
  if (isNativeShell()) control = launchFlags().logout ? <SignOutButton /> : null;
  else if (signedIn) control = <AccountMenu />;
  return control ? <PageErrorBoundary fallback={null}>{control}</PageErrorBoundary> : null;
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <AppLayout headerEnd={<HeaderControls />}>
      <KeepSavingAnswers />
      <Pages>{children}</Pages>
    </AppLayout>
  );
}

/**
 * SurveyStepRoute guards the survey's steps, and only them: /:slug matches any one segment, and a
 * mistyped address should get Not Found at once, not a trip through sign-in first. A step needs
 * the survey's definition and the member's answers as much as the profile, so it asks for them
 * alongside the profile rather than after it: the member waits one round trip less.
 */
function SurveyStepRoute() {
  const { slug } = useParams<{ slug: string }>();
  const step = isSurveySlug(slug);
  const data = use(PageDataContext);
  useEffect(() => {
    if (!step) return;
    // Its code is in the step's own file, which is on its way already (see vite.config.ts). If
    // that file can't load, the step's page, which needs it too, says so; the head start is lost.
    import('@/features/survey/api/prefetch-step').then(
      (m) => m.prefetchStep(data),
      () => undefined,
    );
  }, [step, data]);
  if (!step) return <NotFound />;
  return (
    <Guarded page={SurveyStep}>
      <SurveyStep />
    </Guarded>
  );
}

/**
 * AccountRoutes is the account area (spec §2, "Inside /account"). Its paths are written in full,
 * as everywhere else in the app, rather than relative to a nested router: a link then means the
 * same address wherever it appears.
 */
function AccountRoutes() {
  return (
    <AccountLayout>
      <Switch>
        <Route path={paths.account.root} component={AccountIndex} />
        <Route path={paths.account.meetYourCoach} component={MeetYourCoach} />
        <Route path={paths.account.planRecommendation} component={PlanRecommendation} />
        <Route path={paths.account.planPreview} component={PlanPreview} />
        <Route path={paths.account.checkout} component={Checkout} />
        <Route path={paths.account.paymentResponse} component={PaymentResponse} />
        <Route path={paths.account.downloadApp} component={DownloadApp} />
        <Route path={paths.account.finish} component={Finish} />
        <Route component={NotFound} />
      </Switch>
    </AccountLayout>
  );
}

/**
 * AppRoutes is the app's route tree (spec §2), matched in order: the first route that fits the
 * address wins. Routing is wouter's: React Router's declarative mode cost 13.8 KB gzip of the first
 * screen, wouter about 2 KB, and the app needs only paths, parameters and links.
 *
 * Two pages ship in the main bundle instead of loading lazily:
 *   - the home page, the first screen of most visits: loading it lazily would add a request, and
 *     a round trip, before anything but the frame could paint (the budget is three requests);
 *   - the crisis-support page, which must appear with no request at all (see CrisisSupportPage).
 *     It sits outside the account area and its sign-in guard on purpose: this page must never
 *     wait for sign-in or the profile.
 *
 * Guarded (RequireMember) stands in front of the account area, the chat and the survey steps:
 * their content appears only to a signed-in member, and staff who open one are taken to /staff. A
 * visitor who opens the chat goes home rather than to sign-in. The home page, the goodbye page,
 * sign-up, the sign-in problem page, the legal pages and the crisis pages are open to everyone.
 *
 * The staff app (/staff) comes first and sits outside the member frame: it has a frame of its own.
 * A member who types /staff gets the Not Found page in the member frame, and none of its code.
 */
export function AppRoutes() {
  return (
    <Switch>
      <Route path={paths.staff.area}>
        <StaffGate frame={(page) => <Frame>{page}</Frame>} notFound={<NotFound />} />
      </Route>
      <Route>
        <MemberRoutes />
      </Route>
    </Switch>
  );
}

/** MemberRoutes are the member app's pages, in the member frame. */
function MemberRoutes() {
  return (
    <Frame>
      <Switch>
        <Route path={paths.home} component={Home} />
        <Route path={paths.register} component={Register} />
        <Route path={paths.noGo} component={CrisisSupportPage} />
        <Route path={paths.account.thankYou} component={CrisisSupportPage} />
        <Route path={paths.signInProblem} component={SignInProblem} />
        <Route path={paths.terms} component={Terms} />
        <Route path={paths.privacy} component={Privacy} />
        <Route path={paths.goodbye} component={Goodbye} />
        <Route path={paths.account.area}>
          <Guarded page={AccountLayout}>
            <AccountRoutes />
          </Guarded>
        </Route>
        <Route path={paths.chat}>
          <Guarded page={Chat} visitors="home">
            <Chat />
          </Guarded>
        </Route>
        <Route path={paths.surveyStep} component={SurveyStepRoute} />
        <Route component={NotFound} />
      </Switch>
    </Frame>
  );
}
