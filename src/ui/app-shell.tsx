/**
 * The frame around every signed-in page: header (school, who is signed in, the palette button,
 * the profile menu), and the global keyboard shortcuts (Ctrl/Cmd+K and `/` for the palette, `?` for
 * the shortcut list). Per the spec's header: a school admin sees first and last name, admin code
 * and school name; a teacher name and teacher code; a student name and student code.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { HOME_ROUTE, USER_TYPE_LABELS, type UserType } from '@/api/permissions';
import type { UserProfile } from '@/api/schemas/auth';
import type { ChosenSchool } from '@/api/session';
import { PROFILE_ROUTE } from '@/routes';
import { useSession, useSessionActor } from '@/ui/session';
import { useRegisterCommands, type CommandContext } from '@/ui/commands';
import { builtInCommands } from '@/ui/built-in-commands';
import { ShortcutsDialog } from '@/ui/shortcuts-dialog';
import { isTypingTarget } from '@/ui/keyboard';

// The palette (cmdk) loads on first use; most visits never open it.
const CommandPalette = lazy(() => import('@/ui/command-palette'));

export interface Identity {
  name: string;
  codeLabel: string;
  code: string;
  school: string | null;
}

/** What the header says about the signed-in user (exported for tests and other headers). */
export function identityOf(profile: UserProfile, userType: UserType, chosen: ChosenSchool | null): Identity {
  const fullName = profile.full_name || `${profile.first_name} ${profile.last_name}`.trim();
  switch (userType) {
    case 4:
      return {
        name: `${profile.first_name} ${profile.last_name}`.trim(),
        codeLabel: 'Admin code',
        code: profile.admin_code ?? profile.user_code,
        school: profile.school_name,
      };
    case 2:
      return {
        name: fullName,
        codeLabel: 'Teacher code',
        code: profile.teacher_code ?? profile.user_code,
        school: profile.school_name,
      };
    case 1:
      return {
        name: fullName,
        codeLabel: 'Student code',
        code: profile.student_code ?? profile.user_code,
        school: profile.school_name,
      };
    case 6:
      return { name: fullName, codeLabel: 'User ID', code: profile.user_code, school: chosen?.school_name ?? null };
    default:
      return { name: fullName, codeLabel: 'User ID', code: profile.user_code, school: null };
  }
}

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1][0] ?? '') : '')).toUpperCase() || '?';
}

export function useLogout() {
  const actor = useSessionActor();
  const [, navigate] = useLocation();
  return useCallback(() => {
    actor.send({ type: 'session.logout' });
    navigate('/login');
  }, [actor, navigate]);
}

export function AppShell({ children }: { children: ReactNode }) {
  const profile = useSession((s) => s.context.profile);
  const userType = useSession((s) => s.context.userType);
  const school = useSession((s) => s.context.school);
  const [location, navigate] = useLocation();
  const logout = useLogout();
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);

  useRegisterCommands(builtInCommands);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setShortcutsOpen(false);
        setPaletteOpen((open) => !open);
        return;
      }
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      if (event.key === '/') {
        event.preventDefault();
        setShortcutsOpen(false);
        setPaletteOpen(true);
      } else if (event.key === '?') {
        event.preventDefault();
        setPaletteOpen(false);
        setShortcutsOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const ctx = useMemo<CommandContext | null>(
    () =>
      userType ? { userType, school, location, navigate, logout, openShortcuts: () => setShortcutsOpen(true) } : null,
    [userType, school, location, navigate, logout],
  );

  if (!profile || !userType || !ctx) return null;
  const who = identityOf(profile, userType, school);
  const profileRoute = PROFILE_ROUTE[userType];

  return (
    <div className="min-h-dvh bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:gap-x-4">
          <Link href={HOME_ROUTE[userType]} className="flex min-w-0 flex-1 flex-col rounded">
            <span className="text-lg font-bold text-indigo-700">Pathshala</span>
            <span className="truncate text-sm text-slate-600" data-testid="header-school">
              {who.school ?? USER_TYPE_LABELS[userType]}
            </span>
          </Link>
          <button
            type="button"
            onClick={() => setPaletteOpen(true)}
            aria-keyshortcuts="Control+K Meta+K /"
            className="order-last flex w-full items-center justify-between gap-3 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-600 ring-1 ring-inset ring-slate-200 hover:bg-slate-200 sm:order-none sm:w-auto"
          >
            <span>Search or jump</span>
            <kbd className="rounded border border-slate-300 bg-white px-1.5 font-mono text-xs">
              {IS_MAC ? '⌘K' : 'Ctrl K'}
            </kbd>
          </button>
          <div
            className="min-w-0 max-w-[45%] text-right text-sm leading-tight sm:max-w-xs"
            data-testid="header-identity"
          >
            <p className="truncate font-semibold text-slate-900">{who.name}</p>
            <p className="truncate text-slate-600">
              {who.codeLabel}: {who.code}
            </p>
          </div>
          <Menu as="div" className="relative shrink-0">
            <MenuButton
              aria-label="Profile menu"
              className="flex h-10 w-10 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white"
            >
              {initials(who.name)}
            </MenuButton>
            <MenuItems className="absolute right-0 z-30 mt-2 w-44 rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200 focus:outline-none">
              {profileRoute ? (
                <MenuItem>
                  <Link
                    href={profileRoute}
                    className="block px-4 py-2 text-sm text-slate-800 data-[focus]:bg-slate-100"
                  >
                    Profile
                  </Link>
                </MenuItem>
              ) : null}
              {userType === 6 ? (
                <MenuItem>
                  <Link
                    href="/viewer-school"
                    className="block px-4 py-2 text-sm text-slate-800 data-[focus]:bg-slate-100"
                  >
                    Switch school
                  </Link>
                </MenuItem>
              ) : null}
              <MenuItem>
                <button
                  type="button"
                  onClick={logout}
                  className="block w-full px-4 py-2 text-left text-sm text-slate-800 data-[focus]:bg-slate-100"
                >
                  Log out
                </button>
              </MenuItem>
            </MenuItems>
          </Menu>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6">
        {children}
      </main>
      {paletteOpen ? (
        <Suspense fallback={null}>
          <CommandPalette open onClose={() => setPaletteOpen(false)} ctx={ctx} />
        </Suspense>
      ) : null}
      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </div>
  );
}
