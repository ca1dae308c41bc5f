/**
 * The app: providers, the route switch and its guard, and the boundaries that keep a failure from
 * blanking the page.
 *
 * The guard (decideAccess) is the client half of access control; the server enforces the same
 * permissions table on every call. Its rules:
 * - while a saved sign-in is being checked (or a sign-out is under way): a loading screen;
 * - a signed-out visitor to a protected page goes to /login, and the page is remembered;
 * - a signed-in user on /, /login goes to the remembered page (if theirs) or their dashboard;
 * - a signed-in user on a page their user type may not open goes to their own dashboard, with a
 *   short message naming who the page is for;
 * - a user who browses a chosen school (a viewer) goes to the school list first when none is chosen.
 *
 * Every navigation (links, the palette, `navigate()`) passes `navigateGuarded`: unsaved work asks
 * first (src/ui/unsaved.tsx), and once a new deployment is detected (src/ui/lazy-retry.ts) the
 * navigation loads the new build at its destination instead of moving within the old one.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Route, Router, Switch, useLocation, type AroundNavHandler } from 'wouter';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/api/query';
import { can, HOME_ROUTE, PASSWORD_ROUTE, type UserType } from '@/api/permissions';
import type { ChosenSchool } from '@/api/session';
import type { SessionMachine } from '@/machines/session.machine';
import { audience, canOpen, findRoute, isPublic, ROUTES, TWO_FACTOR_ROUTE, type AppRoute } from '@/routes';
import { SessionProvider, useSession, useSessionActor, type SessionSnapshot } from '@/ui/session';
import { Loading, FullPageLoading } from '@/ui/status';
import { ToastProvider, useToast } from '@/ui/toast';
import { ConfirmProvider } from '@/ui/confirm';
import { AppUpdate } from '@/ui/app-update';
import { guardNavigation, UnsavedChangesPrompt } from '@/ui/unsaved';
import { prefetchShell, shellChunk } from '@/ui/shell-loader';
import { AppCrash, ErrorBoundary, ScreenCrash } from '@/ui/error-boundary';
import { forgetFailedChunks, isStale, lazyWithRetry, reloadTo, retryImport, watchForNewVersion } from '@/ui/lazy-retry';
import NotFound from '@/screens/not-available/not-found';
import { i18n, setLanguage, storedLanguage, useI18n } from '@/i18n/i18n';
import '@/screens/notices/commands';
import '@/screens/attendance/commands';
import '@/screens/guardians/commands';
import '@/screens/subject-activities/commands';

// The offline part (the kept profile and teacher's day, the queue, sign-out clearing) is
// not needed to draw the first screen: its own chunk, loaded right after (the initial JS budget).
// If it cannot load, the app works online as before; the queue is sent the next time it loads.
const OfflineBridge = lazy(() =>
  retryImport(() => import('@/offline/offline-bridge'))
    .then((m): { default: ComponentType } => ({ default: m.OfflineBridge }))
    .catch(() => ({ default: () => null })),
);

// The signed-in chrome (header, menu, palette) is its own chunk, fetched ahead of signing in
// (src/ui/shell-loader.ts) but never ahead of the sign-in form.
const AppShell = lazyWithRetry(shellChunk);

/** Options for navigations the app must make whatever the screen holds (redirects of the guard). */
export const FORCED = { force: true } as const;

/** The router's `aroundNav`: unsaved work asks first; a stale build reloads at the destination. */
export const navigateGuarded: AroundNavHandler = (navigate, to, options) =>
  guardNavigation(
    (target, opts) => {
      if (isStale() && reloadTo(new URL(target, window.location.origin).href, opts?.replace)) return;
      navigate(target, opts);
    },
    to,
    options,
  );

/** Before sign-in: the language chosen on this device (the profile's wins after sign-in). */
function useDeviceLanguage() {
  useState(() => {
    const stored = storedLanguage();
    if (stored && stored !== i18n.language) void setLanguage(stored);
    return stored;
  });
}

export function App({ sessionLogic, queryClient }: { sessionLogic?: SessionMachine; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useDeviceLanguage();
  return (
    <ErrorBoundary fallback={(props) => <AppCrash {...props} />}>
      <Router aroundNav={navigateGuarded}>
        <QueryClientProvider client={client}>
          <SessionProvider logic={sessionLogic}>
            <ClearCacheOnUserChange />
            <OfflineBridgeOnceSignedIn />
            <ReloadOnBackWhenStale />
            <ToastProvider>
              <ConfirmProvider>
                <AppRoutes />
                <UnsavedChangesPrompt />
                <AppUpdate />
              </ConfirmProvider>
            </ToastProvider>
          </SessionProvider>
        </QueryClientProvider>
      </Router>
    </ErrorBoundary>
  );
}

/**
 * The offline part from the first moment a sign-in is known (a saved one being checked, or one
 * just made) and from then on, through sign-out (whose question about unsent work it asks). A
 * signed-out visitor has nothing kept to send, so the sign-in form does not wait for its chunk;
 * nor for the shell's, which a known sign-in starts loading at once.
 */
function OfflineBridgeOnceSignedIn() {
  const known = useSession((s) => phaseOf(s) !== 'signedOut');
  const [mounted, setMounted] = useState(known);
  if (known && !mounted) setMounted(true);
  useEffect(() => {
    if (known) prefetchShell();
  }, [known]);
  return mounted ? (
    <Suspense fallback={null}>
      <OfflineBridge />
    </Suspense>
  ) : null;
}

/**
 * Back and Forward skip `aroundNav`; once the build is stale they reload at the address they
 * reached (the unsaved-work guard, listening first, has already asked or kept the user here).
 */
function ReloadOnBackWhenStale() {
  useEffect(() => {
    watchForNewVersion();
    const onPopState = () => {
      if (isStale()) reloadTo(window.location.href);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  return null;
}

/** Nothing read for one sign-in is ever shown to the next: sign-out or another user empties the cache. */
function ClearCacheOnUserChange() {
  const client = useQueryClient();
  const signIn = useSession((s) => s.context.sessionKey ?? null);
  const [seen, setSeen] = useState(signIn);
  // During render, not in an effect: the next user's screens (rendered after this) must never
  // see one frame of the last user's answers. Clearing twice (StrictMode) is harmless.
  if (seen !== signIn) {
    setSeen(signIn);
    if (seen !== null) client.clear();
  }
  return null;
}

export type SessionPhase = 'restoring' | 'signingOut' | 'signedIn' | 'signedOut';

export interface SessionView {
  phase: SessionPhase;
  userType: UserType | null;
  school: ChosenSchool | null;
  returnTo: string | null;
  /** Signed in with a one-time password that must be changed first. */
  mustChangePassword?: boolean;
  /** Must set up two-factor sign-in first. */
  twoFactorSetupRequired?: boolean;
}

export type Access =
  | { kind: 'loading'; label: string }
  | { kind: 'public' }
  | { kind: 'shell' }
  | { kind: 'notFound' }
  | { kind: 'redirect'; to: string; message?: string; remember?: string; landed?: boolean };

/** "That page is for teachers." / "That page is for school admins and viewers." */
export function forWhom(route: AppRoute): string {
  const names = audience(route).map((t) => i18n.t(`shell.userTypePlurals.${t}`));
  const list =
    names.length <= 1
      ? names.join('')
      : i18n.t('shell.guard.and', { list: names.slice(0, -1).join(', '), last: names[names.length - 1] });
  return i18n.t('shell.guard.pageIsFor', { who: list });
}

function landingFor(view: SessionView): string {
  const wanted = view.returnTo ? findRoute(view.returnTo) : undefined;
  if (view.returnTo && wanted && view.userType && canOpen(wanted, view.userType)) return view.returnTo;
  return view.userType ? HOME_ROUTE[view.userType] : '/login';
}

/** Pure: what to show for this location and session. */
export function decideAccess(location: string, route: AppRoute | undefined, view: SessionView): Access {
  // Texts in the current language (i18n.t outside React; English is the spec's).
  if (view.phase === 'restoring') return { kind: 'loading', label: i18n.t('shell.guard.checkingSignIn') };
  if (view.phase === 'signingOut') return { kind: 'loading', label: i18n.t('shell.guard.signingOut') };
  const signedIn = view.phase === 'signedIn' && view.userType !== null;

  if (!route) return { kind: 'notFound' };
  if (isPublic(route)) {
    return signedIn ? { kind: 'redirect', to: landingFor(view), landed: true } : { kind: 'public' };
  }
  if (!signedIn) return { kind: 'redirect', to: '/login', remember: location };
  const userType = view.userType as UserType;
  const passwordRoute = view.mustChangePassword ? PASSWORD_ROUTE[userType] : undefined;
  if (passwordRoute && route.path !== passwordRoute) {
    return { kind: 'redirect', to: passwordRoute, message: i18n.t('shell.guard.mustChangePassword') };
  }
  if (!passwordRoute && view.twoFactorSetupRequired && route.path !== TWO_FACTOR_ROUTE) {
    return { kind: 'redirect', to: TWO_FACTOR_ROUTE, message: i18n.t('two_factor.errors.setup_required') };
  }
  if (!canOpen(route, userType)) {
    return { kind: 'redirect', to: HOME_ROUTE[userType], message: forWhom(route) };
  }
  if (route.needsSchool && can(userType, 'session.choose-school') && !view.school) {
    return { kind: 'redirect', to: '/viewer-school', message: i18n.t('shell.guard.chooseSchoolFirst') };
  }
  return { kind: 'shell' };
}

function phaseOf(s: SessionSnapshot): SessionPhase {
  if (s.matches('booting') || s.matches('restoring')) return 'restoring';
  if (s.matches('signingOut')) return 'signingOut';
  if (s.matches('signedIn')) return 'signedIn';
  return 'signedOut';
}

function useSessionView(): SessionView {
  const phase = useSession(phaseOf);
  const userType = useSession((s) => s.context.userType);
  const school = useSession((s) => s.context.school);
  const returnTo = useSession((s) => s.context.returnTo);
  const mustChangePassword = useSession((s) => s.context.mustChangePassword === true);
  const twoFactorSetupRequired = useSession((s) => s.context.twoFactorSetupRequired === true);
  return { phase, userType, school, returnTo, mustChangePassword, twoFactorSetupRequired };
}

function currentLocation(path: string): string {
  return typeof window === 'undefined' ? path : path + window.location.search;
}

function AppRoutes() {
  const { t } = useI18n();
  const [location] = useLocation();
  const view = useSessionView();
  const route = findRoute(location);
  const access = decideAccess(currentLocation(location), route, view);

  useEffect(() => {
    const app = t('common.appName');
    document.title = route && !isPublic(route) ? `${t(`shell.pages.${route.labelKey}`)} · ${app}` : app;
  }, [route, t]);
  // Going elsewhere is a fresh try for any chunk that failed before.
  useEffect(() => forgetFailedChunks(), [location]);

  switch (access.kind) {
    case 'loading':
      return <FullPageLoading label={access.label} />;
    case 'redirect':
      return <GuardRedirect access={access} />;
    case 'notFound':
      return view.phase === 'signedIn' ? (
        <Shell>
          <NotFound />
        </Shell>
      ) : (
        <NotFound />
      );
    case 'public':
      return <Screens fallback={<FullPageLoading label={t('common.loading')} />} />;
    case 'shell':
      return (
        <Shell>
          <Screens fallback={<Loading />} />
        </Shell>
      );
  }
}

/** The signed-in chrome; if its own chunk cannot be loaded, a whole-page message with "Try again". */
function Shell({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  return (
    <ErrorBoundary fallback={(props) => <AppCrash {...props} />}>
      <Suspense fallback={<FullPageLoading label={t('common.loading')} />}>
        <AppShell>{children}</AppShell>
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * Each screen has its own boundary, inside the shell: a screen that fails to load or to render
 * shows its title, what happened and "Try again", while the header and the palette stay usable.
 * Keyed by path, so going elsewhere starts clean.
 */
function Screens({ fallback }: { fallback: ReactNode }) {
  const { t } = useI18n();
  return (
    <Switch>
      {ROUTES.map((route) => (
        <Route key={route.path} path={route.path}>
          <ErrorBoundary
            key={route.path}
            fallback={(props) => <ScreenCrash {...props} title={t(`shell.pages.${route.labelKey}`)} />}
          >
            <Suspense fallback={fallback}>
              <route.screen route={route} />
            </Suspense>
          </ErrorBoundary>
        </Route>
      ))}
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

function GuardRedirect({ access }: { access: Extract<Access, { kind: 'redirect' }> }) {
  const [, navigate] = useLocation();
  const actor = useSessionActor();
  const toast = useToast();
  useEffect(() => {
    if (access.remember) actor.send({ type: 'session.remember', returnTo: access.remember });
    if (access.landed) actor.send({ type: 'session.landed' });
    if (access.message) toast.show(access.message);
    // A redirect of the guard is not the user leaving: it never asks about unsaved work.
    navigate(access.to, { ...FORCED, replace: true });
  }, [access.to, access.message, access.remember, access.landed, actor, navigate, toast]);
  const { t } = useI18n();
  return <FullPageLoading label={t('shell.guard.redirecting')} />;
}
