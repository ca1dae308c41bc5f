/**
 * React glue for the session machine: one actor per app, created with the saved sign-in read
 * once at start, and registered with the API client so that a 401 on its calls ends it (the
 * calls carry the session's HttpOnly cookie, which no script here can read).
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createActorContext } from '@xstate/react';
import { useLocation } from 'wouter';
import { configureAuth } from '@/api/client';
import { readOfflineProfile, readStoredSession, setSchoolTimeZone, STORAGE_KEY } from '@/api/session';
import { sessionMachine, type SessionMachine } from '@/machines/session.machine';
import type { SnapshotFrom } from 'xstate';
import { i18n, isLanguage, setLanguage } from '@/i18n/i18n';

export const SessionContext = createActorContext(sessionMachine);

export type SessionSnapshot = SnapshotFrom<SessionMachine>;

export function useSession<T>(selector: (snapshot: SessionSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return SessionContext.useSelector(selector, compare);
}

/** The signed-in user; only for screens the guard renders inside the app shell. */
export function useSignedIn() {
  const profile = useSession((s) => s.context.profile);
  const userType = useSession((s) => s.context.userType);
  const school = useSession((s) => s.context.school);
  if (!profile || !userType) throw new Error('useSignedIn used outside a signed-in screen');
  return { profile, userType, school };
}

export function useSessionActor() {
  return SessionContext.useActorRef();
}

export function SessionProvider({ children, logic }: { children: ReactNode; logic?: SessionMachine }) {
  // Read storage once per provider; the machine decides whether to trust it (it asks the server).
  const [input] = useState(() => ({ stored: readStoredSession(), offlineProfile: readOfflineProfile() }));
  return (
    <SessionContext.Provider logic={logic ?? sessionMachine} options={{ input }}>
      <ClientBridge />
      {children}
    </SessionContext.Provider>
  );
}

function ClientBridge() {
  const actor = SessionContext.useActorRef();
  const [location] = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;

  useLayoutEffect(
    () =>
      configureAuth({
        getSessionKey: () => actor.getSnapshot().context.sessionKey,
        onUnauthorized: (refusedKey) => {
          // A late answer for a sign-in that is no longer ours must not end the current session.
          if (refusedKey !== actor.getSnapshot().context.sessionKey) return;
          const returnTo = locationRef.current + (typeof window !== 'undefined' ? window.location.search : '');
          actor.send({ type: 'session.expired', returnTo });
        },
      }),
    [actor],
  );

  // The school's time zone follows the profile. A subscription (not a render) sets it, so it is
  // in place before any screen that reads it renders with the new profile.
  useLayoutEffect(() => {
    const follow = (snapshot: SessionSnapshot) => setSchoolTimeZone(snapshot.context.profile?.time_zone);
    follow(actor.getSnapshot());
    const subscription = actor.subscribe(follow);
    return () => subscription.unsubscribe();
  }, [actor]);

  // Signed in or restored: the app speaks the profile's language (the user's, else the school's).
  // Only a new profile applies it; a choice made since (language-switch) is already in place.
  useLayoutEffect(() => {
    let applied: unknown = null;
    const follow = (snapshot: SessionSnapshot) => {
      const profile = snapshot.context.profile;
      if (!profile || profile === applied) return;
      applied = profile;
      if (isLanguage(profile.language) && profile.language !== i18n.language) void setLanguage(profile.language);
    };
    follow(actor.getSnapshot());
    const subscription = actor.subscribe(follow);
    return () => subscription.unsubscribe();
  }, [actor]);

  // Another tab signed in or out: follow it.
  useLayoutEffect(() => {
    if (typeof window === 'undefined') return;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEY) return;
      const snapshot = actor.getSnapshot();
      const stored = readStoredSession();
      if (stored && (snapshot.matches('signedOut') || snapshot.matches('expired'))) {
        actor.send({ type: 'session.restore', stored });
      } else if (!stored && snapshot.matches('signedIn')) {
        actor.send({ type: 'session.logout' });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [actor]);

  return null;
}
