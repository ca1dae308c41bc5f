/**
 * The frame around every signed-in page: header (school, who is signed in, the search button that
 * opens the palette, the profile menu), and the global keyboard shortcuts (Ctrl/Cmd+K and `/` for
 * the palette, `?` for the shortcut list; their hints are hidden on touch screens, where the
 * search button is the way in). Per the spec's header: a school admin sees first and last name,
 * admin code and school name; a teacher name and teacher code; a student name and student code.
 * Focus goes back where it was when the palette or the shortcut list closes.
 */
import { askSignOutWithQueue, OfflineBanner } from '@/offline/offline-bridge';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { can, HOME_ROUTE, PROFILE_ROUTE } from '@/api/permissions';
import { Avatar } from '@/ui/avatar';
import type { UserProfile } from '@/api/schemas/auth';
import type { ChosenSchool } from '@/api/session';
import { useSession, useSessionActor } from '@/ui/session';
import { useRegisterCommands, type CommandContext } from '@/ui/commands';
import { builtInCommands, momentCommands, taskCommands } from '@/ui/built-in-commands';
import { ShortcutsDialog } from '@/ui/shortcuts-dialog';
import { isTouchScreen, isTypingTarget } from '@/ui/keyboard';
import { confirmLeave } from '@/ui/unsaved';
import { ErrorBoundary } from '@/ui/error-boundary';
import { lazyWithRetry } from '@/ui/lazy-retry';
import { SimpleDialog } from '@/ui/dialog';
import { Alert } from '@/ui/alert';
import { LanguageChoiceProvider, useChooseLanguage } from '@/ui/language-switch';
import { LANGUAGES, useI18n } from '@/i18n/i18n';

// The palette (cmdk) loads on first use; most visits never open it.
const CommandPalette = lazyWithRetry(() => import('@/ui/command-palette'));

export interface Identity {
  name: string;
  /** English (the spec's); the header shows `t(\`shell.header.${codeKey}\`)`. */
  codeLabel: string;
  codeKey: 'adminCode' | 'teacherCode' | 'studentCode' | 'userId';
  code: string;
  school: string | null;
}

/**
 * What the header says about the signed-in user (exported for tests and other headers): the
 * code the account carries names the role (admin, teacher or student code); a viewer's school is
 * the one chosen to browse.
 */
export function identityOf(profile: UserProfile, chosen: ChosenSchool | null): Identity {
  const firstLast = `${profile.first_name} ${profile.last_name}`.trim();
  const fullName = profile.full_name || firstLast;
  const school = chosen?.school_name ?? profile.school_name ?? null;
  if (profile.admin_code)
    return {
      name: firstLast || fullName,
      codeLabel: 'Admin code',
      codeKey: 'adminCode',
      code: profile.admin_code,
      school,
    };
  if (profile.teacher_code)
    return { name: fullName, codeLabel: 'Teacher code', codeKey: 'teacherCode', code: profile.teacher_code, school };
  if (profile.student_code)
    return { name: fullName, codeLabel: 'Student code', codeKey: 'studentCode', code: profile.student_code, school };
  return { name: fullName, codeLabel: 'User ID', codeKey: 'userId', code: profile.user_code, school };
}

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1][0] ?? '') : '')).toUpperCase() || '?';
}

/** Log out, after asking when a screen holds unsaved work (signing out would lose it). */
export function useLogout() {
  const actor = useSessionActor();
  const [, navigate] = useLocation();
  return useCallback(async () => {
    if (!(await confirmLeave())) return;
    // Attendance saved on this phone and not yet sent would be deleted: ask first.
    if (!(await askSignOutWithQueue())) return;
    actor.send({ type: 'session.logout' });
    // Asked already: the navigation must not ask again (see guardNavigation).
    navigate('/login', { replace: false, ...{ force: true } });
  }, [actor, navigate]);
}

const here = () => window.location.pathname + window.location.search;

/**
 * After an overlay closed, focus goes back to what opened it, unless something else took it (a
 * question about unsaved work). When a command went to another page, focus goes to the page's
 * main region instead, where the new screen appears and reading starts.
 */
function restoreFocus(opener: { element: HTMLElement | null; at: string }) {
  // After the dialog's own focus restoring (a microtask when it unmounts).
  setTimeout(() => {
    const active = document.activeElement;
    const lost = !active || active === document.body || active === opener.element;
    if (opener.at !== here()) {
      // Unless the new screen put focus somewhere itself (e.g. the field a command asked for).
      if (lost) document.getElementById('main')?.focus();
    } else if (lost && opener.element?.isConnected && active !== opener.element) {
      opener.element.focus();
    }
  }, 0);
}

const menuItem =
  'flex min-h-11 w-full items-center px-4 py-2 text-left text-sm text-slate-800 data-[focus]:bg-slate-100';

export function AppShell({ children }: { children: ReactNode }) {
  return (
    <LanguageChoiceProvider>
      <Frame>{children}</Frame>
    </LanguageChoiceProvider>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const { t, lang } = useI18n();
  const { choose: chooseLanguage, busy: languageBusy } = useChooseLanguage();
  const profile = useSession((s) => s.context.profile);
  const userType = useSession((s) => s.context.userType);
  const school = useSession((s) => s.context.school);
  const [location, navigate] = useLocation();
  const logout = useLogout();
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const opener = useRef<{ element: HTMLElement | null; at: string }>({ element: null, at: '' });
  const [touch] = useState(isTouchScreen);

  useRegisterCommands(builtInCommands);
  useRegisterCommands(taskCommands);
  useRegisterCommands(momentCommands);

  const remember = () => {
    const active = document.activeElement;
    // Opening one overlay from the other keeps the first opener.
    if (active instanceof HTMLElement && active.closest('[role="dialog"]')) return;
    opener.current = { element: active instanceof HTMLElement ? active : null, at: here() };
  };
  const openPalette = useCallback(() => {
    remember();
    setShortcutsOpen(false);
    setPaletteOpen(true);
  }, []);
  const openShortcuts = useCallback(() => {
    remember();
    setPaletteOpen(false);
    setShortcutsOpen(true);
  }, []);
  const closePalette = useCallback(() => {
    setPaletteOpen(false);
    restoreFocus(opener.current);
  }, []);
  const closeShortcuts = useCallback(() => {
    setShortcutsOpen(false);
    restoreFocus(opener.current);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        if (paletteOpen) closePalette();
        else openPalette();
        return;
      }
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      if (event.key === '/') {
        event.preventDefault();
        openPalette();
      } else if (event.key === '?') {
        event.preventDefault();
        openShortcuts();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [paletteOpen, openPalette, closePalette, openShortcuts]);

  const ctx = useMemo<CommandContext | null>(
    () =>
      userType && profile
        ? {
            userType,
            profile,
            school,
            location,
            navigate,
            logout,
            openShortcuts,
            touch,
            chooseLanguage,
            language: lang,
          }
        : null,
    [userType, profile, school, location, navigate, logout, openShortcuts, touch, chooseLanguage, lang],
  );

  if (!profile || !userType || !ctx) return null;
  const who = identityOf(profile, school);
  const profileRoute = PROFILE_ROUTE[userType];
  const avatar = initials(who.name);

  return (
    <div className="min-h-dvh bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('shell.header.skipToContent')}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 sm:gap-x-4">
          <Link href={HOME_ROUTE[userType]} className="flex min-h-11 min-w-0 flex-1 flex-col justify-center rounded">
            <span className="text-lg font-bold leading-tight text-indigo-700">{t('common.appName')}</span>
            <span className="truncate text-sm text-slate-600" data-testid="header-school">
              {who.school ?? t(`shell.userTypes.${userType}`)}
            </span>
          </Link>
          <button
            type="button"
            onClick={openPalette}
            aria-keyshortcuts="Control+K Meta+K /"
            className="order-last flex min-h-11 w-full items-center justify-between gap-3 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700 ring-1 ring-inset ring-slate-200 hover:bg-slate-200 sm:order-none sm:w-auto"
          >
            <span className="flex items-center gap-2">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
                <path d="M8.5 3a5.5 5.5 0 0 1 4.38 8.82l3.65 3.65a.75.75 0 1 1-1.06 1.06l-3.65-3.65A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z" />
              </svg>
              {t('shell.header.searchOrJump')}
            </span>
            <kbd className="rounded border border-slate-300 bg-white px-1.5 font-mono text-xs touch:hidden">
              {IS_MAC ? '⌘K' : 'Ctrl K'}
            </kbd>
          </button>
          <div
            className="min-w-0 max-w-[45%] text-right text-sm leading-tight sm:max-w-xs"
            data-testid="header-identity"
          >
            <p className="truncate font-semibold text-slate-900">{who.name}</p>
            <p className="truncate text-slate-600">
              {t(`shell.header.${who.codeKey}`)}: {who.code}
            </p>
          </div>
          <Menu as="div" className="relative shrink-0">
            {/* The name includes what the button shows (axe: label-content-name-mismatch). */}
            <MenuButton
              aria-label={t('shell.header.profileMenu', { initials: avatar })}
              className="flex h-11 w-11 items-center justify-center rounded-full"
            >
              {/* The photo, else the initials (docs/DOMAIN.md, "Profiles"). */}
              <Avatar photoUrl={profile.photo_url} initials={avatar} alt="" />
            </MenuButton>
            <MenuItems className="absolute right-0 z-30 mt-2 w-56 rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200 focus:outline-none">
              {profileRoute ? (
                <MenuItem>
                  <Link href={profileRoute} className={menuItem}>
                    {t('shell.header.profile')}
                  </Link>
                </MenuItem>
              ) : null}
              {can(userType, 'session.choose-school') ? (
                <MenuItem>
                  <Link href="/viewer-school" className={menuItem}>
                    {t('shell.header.switchSchool')}
                  </Link>
                </MenuItem>
              ) : null}
              <div role="presentation" className="border-t border-slate-100 px-4 pt-2 text-xs text-slate-500">
                {t('language.label')}
              </div>
              {LANGUAGES.map((code) => (
                <MenuItem key={code} disabled={languageBusy}>
                  <button
                    type="button"
                    lang={code}
                    onClick={() => code !== lang && chooseLanguage(code)}
                    className={`${menuItem} justify-between`}
                  >
                    {t(`language.${code}`)}
                    {code === lang ? <span aria-hidden="true">✓</span> : null}
                  </button>
                </MenuItem>
              ))}
              <MenuItem>
                <button type="button" onClick={() => void logout()} className={`${menuItem} border-t border-slate-100`}>
                  {t('shell.header.logOut')}
                </button>
              </MenuItem>
            </MenuItems>
          </Menu>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 focus:outline-none">
        <OfflineBanner />
        {children}
      </main>
      {paletteOpen ? (
        <ErrorBoundary fallback={({ reset }) => <PaletteUnavailable onClose={closePalette} onRetry={reset} />}>
          <Suspense fallback={null}>
            <CommandPalette open onClose={closePalette} ctx={ctx} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
      <ShortcutsDialog open={shortcutsOpen} onClose={closeShortcuts} />
    </div>
  );
}

/** The palette's chunk could not be loaded (after its retries): say so, offer to try again. */
function PaletteUnavailable({ onClose, onRetry }: { onClose: () => void; onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <SimpleDialog open onClose={onClose} title={t('shell.header.searchOrJump')}>
      <Alert tone="error" title={t('shell.header.paletteFailed')} onRetry={onRetry}>
        <p>{t('shell.header.checkConnection')}</p>
      </Alert>
    </SimpleDialog>
  );
}
