/**
 * The app: session, toasts, the route switch and its guard.
 *
 * The guard (decideAccess) is the client half of access control; the server enforces the same
 * permissions table on every call. Its rules:
 * - while a saved sign-in is being checked (or a sign-out is under way): a loading screen;
 * - a signed-out visitor to a protected page goes to /login, and the page is remembered;
 * - a signed-in user on /, /login goes to the remembered page (if theirs) or their dashboard;
 * - a signed-in user on another type's page goes to their own dashboard, with a short message;
 * - a viewer on a school page without a chosen school goes to the school list first.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Route, Router, Switch, useLocation } from 'wouter';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/api/query';
import { HOME_ROUTE, type UserType } from '@/api/permissions';
import type { ChosenSchool } from '@/api/session';
import type { SessionMachine } from '@/machines/session.machine';
import { canOpen, findRoute, isPublic, ROUTES, type AppRoute } from '@/routes';
import { SessionProvider, useSession, useSessionActor, type SessionSnapshot } from '@/ui/session';
import { Loading, FullPageLoading } from '@/ui/status';
import { ToastProvider, useToast } from '@/ui/toast';
import { ConfirmProvider } from '@/ui/confirm';
import { guardNavigation, UnsavedChangesPrompt } from '@/ui/unsaved';
import NotFound from '@/screens/not-available/not-found';
import '@/screens/notices/commands';
import '@/screens/attendance/commands';

// The signed-in chrome (header, menu, palette) is its own chunk, fetched right away in parallel
// with the first screen so that signing in does not wait for it.
const loadShell = () => import('@/ui/app-shell').then((m) => ({ default: m.AppShell }));
const shellChunk = typeof window !== 'undefined' ? loadShell() : null;
const AppShell = lazy(() => shellChunk ?? loadShell());

export function App({ sessionLogic, queryClient }: { sessionLogic?: SessionMachine; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <Router aroundNav={guardNavigation}>
      <QueryClientProvider client={client}>
        <SessionProvider logic={sessionLogic}>
          <ClearCacheOnUserChange />
          <ToastProvider>
            <ConfirmProvider>
              <AppRoutes />
              <UnsavedChangesPrompt />
            </ConfirmProvider>
          </ToastProvider>
        </SessionProvider>
      </QueryClientProvider>
    </Router>
  );
}

/** Nothing read for one sign-in is ever shown to the next: sign-out or another user empties the cache. */
function ClearCacheOnUserChange() {
  const client = useQueryClient();
  const token = useSession((s) => s.context.token ?? null);
  const [seen, setSeen] = useState(token);
  // During render, not in an effect: the next user's screens (rendered after this) must never
  // see one frame of the last user's answers. Clearing twice (StrictMode) is harmless.
  if (seen !== token) {
    setSeen(token);
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
}

export type Access =
  | { kind: 'loading'; label: string }
  | { kind: 'public' }
  | { kind: 'shell' }
  | { kind: 'notFound' }
  | { kind: 'redirect'; to: string; message?: string; remember?: string; landed?: boolean };

const PLURAL: Record<UserType, string> = {
  1: 'students',
  2: 'teachers',
  4: 'school admins',
  5: 'super admins',
  6: 'viewers',
};

/** "That page is for teachers." / "That page is for school admins and viewers." */
export function forWhom(route: AppRoute): string {
  const types = route.userTypes === 'public' ? [] : route.userTypes;
  const names = types.map((t) => PLURAL[t]);
  const list = names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `That page is for ${list}.`;
}

function landingFor(view: SessionView): string {
  const wanted = view.returnTo ? findRoute(view.returnTo) : undefined;
  if (view.returnTo && wanted && view.userType && canOpen(wanted, view.userType)) return view.returnTo;
  return view.userType ? HOME_ROUTE[view.userType] : '/login';
}

/** Pure: what to show for this location and session. */
export function decideAccess(location: string, route: AppRoute | undefined, view: SessionView): Access {
  if (view.phase === 'restoring') return { kind: 'loading', label: 'Checking your sign-in…' };
  if (view.phase === 'signingOut') return { kind: 'loading', label: 'Signing you out…' };
  const signedIn = view.phase === 'signedIn' && view.userType !== null;

  if (!route) return { kind: 'notFound' };
  if (isPublic(route)) {
    return signedIn ? { kind: 'redirect', to: landingFor(view), landed: true } : { kind: 'public' };
  }
  if (!signedIn) return { kind: 'redirect', to: '/login', remember: location };
  const userType = view.userType as UserType;
  if (!canOpen(route, userType)) {
    return { kind: 'redirect', to: HOME_ROUTE[userType], message: forWhom(route) };
  }
  if (userType === 6 && route.needsSchool && !view.school) {
    return { kind: 'redirect', to: '/viewer-school', message: 'Choose a school first.' };
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
  return { phase, userType, school, returnTo };
}

function currentLocation(path: string): string {
  return typeof window === 'undefined' ? path : path + window.location.search;
}

function AppRoutes() {
  const [location] = useLocation();
  const view = useSessionView();
  const route = findRoute(location);
  const access = decideAccess(currentLocation(location), route, view);

  useEffect(() => {
    document.title = route && !isPublic(route) ? `${route.label} · Pathshala` : 'Pathshala';
  }, [route]);

  switch (access.kind) {
    case 'loading':
      return <FullPageLoading label={access.label} />;
    case 'redirect':
      return <GuardRedirect access={access} />;
    case 'notFound':
      return view.phase === 'signedIn' ? (
        <Suspense fallback={<FullPageLoading label="Loading…" />}>
          <AppShell>
            <NotFound />
          </AppShell>
        </Suspense>
      ) : (
        <NotFound />
      );
    case 'public':
      return <Screens fallback={<FullPageLoading label="Loading…" />} />;
    case 'shell':
      return (
        <Suspense fallback={<FullPageLoading label="Loading…" />}>
          <AppShell>
            <Screens fallback={<Loading />} />
          </AppShell>
        </Suspense>
      );
  }
}

function Screens({ fallback }: { fallback: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <Switch>
        {ROUTES.map((route) => (
          <Route key={route.path} path={route.path}>
            <route.screen route={route} />
          </Route>
        ))}
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </Suspense>
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
    navigate(access.to, { replace: true });
  }, [access.to, access.message, access.remember, access.landed, actor, navigate, toast]);
  return <FullPageLoading label="Redirecting…" />;
}
