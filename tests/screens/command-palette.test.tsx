import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { registerCommands, type Command } from '@/ui/commands';
import type { RoutineTodayRow } from '@/api/schemas/routines';
import { duePeriod } from '@/ui/due-attendance';
import { TOUCH_QUERY } from '@/ui/keyboard';
import {
  ADMIN,
  currentPath,
  fakeAuthServer,
  GUARDIAN,
  holdUnsavedWork,
  renderApp,
  routineRow,
  server,
  signInWith,
  STUDENT,
  TEACHER,
  VIEWER,
} from './helpers';
import { setLanguage } from '@/i18n/i18n';

function optionNames() {
  // The first span is the label; the second carries the group and hints.
  return within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.querySelector('span')?.textContent);
}

describe('command palette', () => {
  beforeEach(() => {
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([])));
  });

  it('opens with Ctrl+K, filters by typing, and Enter goes to the page', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });

    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByPlaceholderText('Search pages and actions…');
    expect(input).toHaveFocus();
    // Every teacher page is listed; no other type's pages are.
    expect(optionNames()).toEqual(expect.arrayContaining(['Teacher Dashboard', 'Take Attendance', 'Log out']));
    expect(optionNames().join('|')).not.toMatch(/Student Dashboard|Add New School|Choose School/);

    await user.type(input, 'attendance');
    await waitFor(() => expect(optionNames()[0]).toBe('Take Attendance'));
    expect(optionNames()).not.toContain('Log out');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Take Attendance');
    expect(screen.getByRole('option', { selected: true })).not.toHaveTextContent('not built yet');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/teacherattendance'));
    expect(screen.queryByPlaceholderText('Search pages and actions…')).not.toBeInTheDocument();
  });

  it('opens with / outside text fields and with the header button; Escape closes it', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const { user } = renderApp('/student-admin');
    await screen.findByRole('heading', { name: 'Student Dashboard' });

    await user.keyboard('/');
    expect(await screen.findByPlaceholderText('Search pages and actions…')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByPlaceholderText('Search pages and actions…')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /Search or jump/ }));
    expect(await screen.findByPlaceholderText('Search pages and actions…')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Search pages and actions…'), 'profile');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/studentprofile'));
  });

  it('? opens the keyboard shortcuts', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const { user } = renderApp('/student-admin');
    await screen.findByRole('heading', { name: 'Student Dashboard' });
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog).toHaveTextContent('Open the command palette');
    expect(dialog).toHaveTextContent('Show these keyboard shortcuts');
  });

  it('Log out from the palette signs out on the server and returns to sign-in', async () => {
    const auth = fakeAuthServer(TEACHER);
    const token = auth.savedSignIn();
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search pages and actions…'), 'log out');
    await user.keyboard('{Enter}');
    expect(await screen.findByLabelText('User ID, e-mail or phone')).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(auth.calls.logout).toEqual([token]);
    expect(auth.valid.has(token)).toBe(false);
    expect(localStorage.length).toBe(0);
  });

  it('a sign-out the server cannot confirm is tried again, then the sign-in screen says so', async () => {
    const auth = fakeAuthServer(TEACHER);
    auth.savedSignIn();
    let tries = 0;
    server.use(
      http.post('/api/users/logout', () => {
        tries += 1;
        return HttpResponse.json({ error: { code: 'unavailable', message: 'Busy' } }, { status: 503 });
      }),
    );
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search pages and actions…'), 'log out');
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText(
        'You are signed out on this device, but the server did not confirm it. On a shared computer, close the browser.',
        {},
        { timeout: 8_000 },
      ),
    ).toBeInTheDocument();
    expect(tries).toBe(3);
    expect(localStorage.length).toBe(0);
  });

  it('a sign-out the server answers 401 (the session had already ended) says nothing more', async () => {
    const auth = fakeAuthServer(TEACHER);
    auth.savedSignIn();
    server.use(
      http.post('/api/users/logout', () =>
        HttpResponse.json({ error: { code: 'unauthorized', message: 'Sign in first.' } }, { status: 401 }),
      ),
    );
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search pages and actions…'), 'log out');
    await user.keyboard('{Enter}');
    expect(await screen.findByLabelText('User ID, e-mail or phone')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers a viewer “Switch school”', async () => {
    fakeAuthServer(VIEWER).savedSignIn({ id: 3, school_name: 'Hill View High School' });
    const { user } = renderApp('/viewer-admin');
    await screen.findByRole('heading', { name: 'Administrator Dashboard' });
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search pages and actions…'), 'switch');
    await waitFor(() => expect(optionNames()).toEqual(expect.arrayContaining(['Switch school', 'Choose School'])));
    await user.click(screen.getByRole('option', { name: /^Switch school/ }));
    await waitFor(() => expect(currentPath()).toBe('/viewer-school'));
  });

  it('lists commands that feature modules register, and drops them when unregistered', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const performed: string[] = [];
    const unregister = registerCommands((ctx) => [
      {
        id: 'test:probe',
        label: 'Probe the palette',
        group: 'Notices',
        keywords: ['create'],
        perform: () => performed.push(ctx.location),
      },
      {
        id: 'notice:admin-only',
        label: 'Admin only',
        group: 'Notices',
        perform: () => {},
        visible: (c) => c.userType === 4,
      },
    ]);
    try {
      const { user } = renderApp('/teacher-admin');
      await screen.findByRole('heading', { name: 'Teacher Dashboard' });
      await user.keyboard('{Control>}k{/Control}');
      const input = await screen.findByPlaceholderText('Search pages and actions…');
      expect(screen.getByText('Notices', { selector: '[cmdk-group-heading]' })).toBeInTheDocument();
      expect(optionNames()).not.toContain('Admin only');
      await user.type(input, 'probe the');
      await waitFor(() => expect(optionNames()[0]).toBe('Probe the palette'));
      await user.keyboard('{Enter}');
      expect(performed).toEqual(['/teacher-admin']);
    } finally {
      act(() => unregister());
    }
  });

  it('loads commands from registered loaders each time it opens, and lists them when they arrive', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const answers: Array<(commands: Command[]) => void> = [];
    const performed: string[] = [];
    const unregister = registerCommands({
      id: 'test:loader',
      label: 'probes',
      visible: (ctx) => ctx.userType === 2,
      load: () => new Promise<Command[]>((resolve) => answers.push(resolve)),
    });
    try {
      const { user } = renderApp('/teacher-admin');
      await screen.findByRole('heading', { name: 'Teacher Dashboard' });
      expect(answers).toHaveLength(0);
      await user.keyboard('{Control>}k{/Control}');
      const input = await screen.findByPlaceholderText('Search pages and actions…');
      await waitFor(() => expect(answers.length).toBeGreaterThan(0));
      expect(screen.getByRole('progressbar', { name: 'Loading probes' })).toBeInTheDocument();
      await user.type(input, 'zebra');
      expect(screen.getByText('Nothing matches yet.')).toBeInTheDocument();
      act(() => {
        for (const answer of answers)
          answer([
            { id: 'probe:zebra', label: 'Zebra probe', group: 'Probes', perform: () => performed.push('zebra') },
          ]);
      });
      await waitFor(() => expect(optionNames()).toEqual(['Zebra probe']));
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      await user.keyboard('{Enter}');
      expect(performed).toEqual(['zebra']);

      // Opened again: asked again.
      const before = answers.length;
      await user.keyboard('{Control>}k{/Control}');
      await screen.findByPlaceholderText('Search pages and actions…');
      await waitFor(() => expect(answers.length).toBeGreaterThan(before));
    } finally {
      act(() => unregister());
    }
  });

  it('is not available to signed-out visitors, and is once they sign in', async () => {
    fakeAuthServer(STUDENT);
    // Both chunks already loaded: had the keys opened it, it would be on screen within the wait
    // below, so its absence is not a race with a lazy load.
    await Promise.all([import('@/ui/app-shell'), import('@/ui/command-palette')]);
    const { user } = renderApp('/login');
    await screen.findByLabelText('User ID, e-mail or phone');
    await user.keyboard('{Control>}k{/Control}');
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByPlaceholderText('Search pages and actions…')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Search or jump/ })).not.toBeInTheDocument();

    // The same keys open it once signed in.
    await signInWith(user, 'S-2024-07', 'correct horse');
    await screen.findByRole('heading', { name: 'Student Dashboard' });
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByPlaceholderText('Search pages and actions…')).toBeInTheDocument();
  });
});

describe('the palette and unsaved work', () => {
  beforeEach(() => {
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([])));
  });

  it('asks before the palette leaves a screen with unsaved work: Stay keeps it, Leave goes', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    const release = holdUnsavedWork('Your attendance marks are not submitted.');
    try {
      await user.keyboard('{Control>}k{/Control}');
      await user.type(await screen.findByPlaceholderText('Search pages and actions…'), 'my routine');
      await user.keyboard('{Enter}');
      const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
      expect(dialog).toHaveTextContent('Your attendance marks are not submitted.');
      await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(currentPath()).toBe('/teacher-admin');

      await user.keyboard('{Control>}k{/Control}');
      await user.type(await screen.findByPlaceholderText('Search pages and actions…'), 'my routine');
      await user.keyboard('{Enter}');
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Leave' }),
      );
      await waitFor(() => expect(currentPath()).toBe('/routine'));
    } finally {
      release();
    }
  });
});

describe('focus after the palette or a dialog closes', () => {
  beforeEach(() => {
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([])));
  });

  it('returns to the search button after Escape', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    const button = screen.getByRole('button', { name: /Search or jump/ });
    await user.click(button);
    expect(await screen.findByPlaceholderText('Search pages and actions…')).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('returns to the tile that had focus after Ctrl+K and Escape, and after the shortcut list', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    const tile = within(screen.getByRole('navigation', { name: 'Features' })).getByRole('link', { name: /Routine/ });
    act(() => tile.focus());
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByPlaceholderText('Search pages and actions…')).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(tile).toHaveFocus());

    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(tile).toHaveFocus());
  });

  it('moves focus to the new page after a command navigates', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    await user.click(screen.getByRole('button', { name: /Search or jump/ }));
    await user.type(await screen.findByPlaceholderText('Search pages and actions…'), 'my routine');
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'My Routine' });
    // The search button is still there, but what the user asked for is the page.
    await waitFor(() => expect(document.getElementById('main')).toHaveFocus());
  });
});

describe('the palette on a touch screen', () => {
  const realMatchMedia = window.matchMedia;
  beforeEach(() => {
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([])));
    window.matchMedia = ((query: string) => ({
      matches: query === TOUCH_QUERY,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it('opens from the header’s search button and leaves the keyboard shortcuts out', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    await user.click(screen.getByRole('button', { name: /Search or jump/ }));
    await screen.findByPlaceholderText('Search pages and actions…');
    expect(optionNames()).toContain('Log out');
    expect(optionNames()).not.toContain('Keyboard shortcuts');
  });
});

describe('the palette ranks for the moment', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const period = (over: Partial<RoutineTodayRow>): RoutineTodayRow => ({
    ...routineRow({}),
    date: '2026-03-01',
    attendance_taken: false,
    ...over,
  });
  const TODAY = [
    period({ id: 11, period_code: '1st', start_time: '08:00:00', end_time: '08:45:00', attendance_taken: true }),
    period({
      id: 12,
      period_code: '3rd',
      start_time: '10:00:00',
      end_time: '10:45:00',
      subject_name: 'Mathematics',
      class_name: 'Six',
      section_default_name: 'A',
    }),
    period({
      id: 13,
      period_code: '4th',
      start_time: '11:00:00',
      end_time: '11:45:00',
      subject_name: 'ICT',
      class_name: 'Ten',
      section_default_name: 'B',
    }),
  ];

  /** The school's clock (Asia/Dhaka, UTC+6) at `time` on 1 March 2026; only Date is faked. */
  function at(time: string) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`2026-03-01T${time}+06:00`));
  }

  function serveToday(periods: RoutineTodayRow[]) {
    const asked: Array<string | null> = [];
    server.use(
      http.get('/api/routine/teacher', () => HttpResponse.json([])),
      http.get('/api/routine/teacher/today', ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${url.searchParams.get('teacher_id')} ${url.searchParams.get('today')}`);
        return HttpResponse.json(periods);
      }),
      http.get('/api/attendance/student', () => HttpResponse.json([])),
    );
    return asked;
  }

  it('offers a teacher in class the period under way first for “attendance”', async () => {
    at('10:20:00');
    const asked = serveToday(TODAY);
    fakeAuthServer(TEACHER).savedSignIn();
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search pages and actions…'), 'attendance');
    await waitFor(() => expect(optionNames()[0]).toBe('Take attendance: 3rd · Mathematics, Six A'));
    expect(optionNames()[1]).toBe('Take Attendance');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('now, until 10:45 AM');
    // (StrictMode asks twice.)
    expect([...new Set(asked)]).toEqual(['41 2026-03-01']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/teacherattendance?next=1'));
  });

  it('in Bangla names the period’s subject and class by the school’s Bangla names', async () => {
    at('10:20:00');
    serveToday(TODAY);
    await setLanguage('bn');
    try {
      fakeAuthServer(TEACHER).savedSignIn();
      const { user } = renderApp('/teacher-admin');
      await screen.findByRole('heading', { name: 'শিক্ষকের ড্যাশবোর্ড' });
      await user.keyboard('{Control>}k{/Control}');
      await user.type(await screen.findByPlaceholderText('পাতা বা কাজ খুঁজুন…'), 'হাজিরা');
      // GET /api/names/bn (tests/helpers/msw.ts): Mathematics → গণিত, Six → ষষ্ঠ.
      await waitFor(() => expect(optionNames()[0]).toBe('হাজিরা নিন: ৩য় · গণিত, ষষ্ঠ A'));
    } finally {
      await setLanguage('en');
    }
  });

  it('offers the next period between classes, and lists it under “Now” before anything is typed', async () => {
    at('10:50:00');
    serveToday(TODAY);
    fakeAuthServer(TEACHER).savedSignIn();
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByPlaceholderText('Search pages and actions…');
    await waitFor(() => expect(optionNames()[0]).toBe('Take attendance: 4th · ICT, Ten B'));
    expect(screen.getByText('Now', { selector: '[cmdk-group-heading]' })).toBeInTheDocument();
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('next, 11:00 AM');
  });

  it('offers nothing extra after the last period: the page comes first', async () => {
    at('15:00:00');
    serveToday(TODAY);
    fakeAuthServer(TEACHER).savedSignIn();
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search pages and actions…'), 'attendance');
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(optionNames()[0]).toBe('Take Attendance');
    expect(optionNames().join('|')).not.toMatch(/Take attendance:/);
  });

  it('is not offered to a school admin, who takes no roster of their own', async () => {
    const asked = serveToday(TODAY);
    fakeAuthServer(ADMIN).savedSignIn();
    const { user } = renderApp('/school-admin');
    await screen.findByRole('heading', { name: 'School Admin Dashboard' });
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search pages and actions…'), 'attendance');
    await waitFor(() => expect(optionNames()[0]).toBe('Attendance Dashboard'));
    expect(asked).toEqual([]);
  });
});

describe('duePeriod', () => {
  it('takes the period under way if not taken, else the next one not taken, else none', () => {
    const p = (id: number, start: string, end: string, taken = false) =>
      ({
        ...routineRow({ id }),
        date: '2026-03-01',
        start_time: start,
        end_time: end,
        attendance_taken: taken,
      }) as RoutineTodayRow;
    const day = [p(2, '09:00:00', '09:45:00'), p(1, '08:00:00', '08:45:00', true), p(3, '10:00:00', '10:45:00')];
    expect(duePeriod(day, '07:30:00')).toMatchObject({ period: { id: 2 }, when: 'next' });
    expect(duePeriod(day, '08:10:00')).toMatchObject({ period: { id: 2 }, when: 'next' });
    expect(duePeriod(day, '09:00:00')).toMatchObject({ period: { id: 2 }, when: 'now' });
    expect(duePeriod(day, '09:45:00')).toMatchObject({ period: { id: 3 }, when: 'next' });
    expect(duePeriod(day, '10:44:59')).toMatchObject({ period: { id: 3 }, when: 'now' });
    expect(duePeriod(day, '10:45:00')).toBeNull();
    expect(duePeriod([], '09:00:00')).toBeNull();
  });
});

describe('scoreCommand', () => {
  it('ranks the label’s start, then a word of it, then keywords; hides the rest', async () => {
    const { scoreCommand } = await import('@/ui/commands');
    expect(scoreCommand('Log out', ['sign out'], 'log')).toBe(1);
    expect(scoreCommand('Take Attendance', [], 'att')).toBe(0.9);
    expect(scoreCommand('Homework', [], 'work')).toBe(0.8);
    expect(scoreCommand('Choose School', ['switch school'], 'switch')).toBe(0.95);
    expect(scoreCommand('Choose School', ['switch school'], 'swi')).toBe(0.6);
    expect(scoreCommand('Take Attendance', ['present'], 'tak att')).toBe(0.6);
    expect(scoreCommand('Academic Calendar', ['holidays'], 'log out')).toBe(0);
    expect(scoreCommand('Anything', [], '   ')).toBe(1);
  });
});

describe('the palette in Bangla', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('finds pages by Bangla words and offers Language / ভাষা', async () => {
    await setLanguage('bn');
    fakeAuthServer(STUDENT).savedSignIn();
    const { user } = renderApp('/student-admin');
    expect(await screen.findByRole('heading', { name: 'শিক্ষার্থীর ড্যাশবোর্ড' })).toBeInTheDocument();
    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByPlaceholderText('পাতা বা কাজ খুঁজুন…');
    await user.type(input, 'উপস্থিতি');
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(within(list).getAllByRole('option')[0]).toHaveTextContent('উপস্থিতির ইতিহাস'));
    await user.clear(input);
    await user.type(input, 'নোটিশ');
    await waitFor(() => expect(within(list).getAllByRole('option')[0]).toHaveTextContent('নোটিশ'));
    await user.clear(input);
    await user.type(input, 'ভাষা');
    await waitFor(() => expect(within(list).getAllByRole('option')[0]).toHaveTextContent('Language / ভাষা'));
    expect(within(list).getAllByRole('option')[0]).toHaveTextContent('English');
  });
});

/**
 * What each role types for a task, and the first thing the palette offers for it (Enter takes
 * it). Tasks done inside a page (collecting a fee, promoting, importing) are found by their own
 * words, in English and in Bangla, and a guardian finds a child's pages by the child's name.
 */
describe('the palette finds each role’s tasks', () => {
  const NADIA = {
    student_id: 52,
    student_code: 'S-1-0150',
    full_name: 'Nadia Hossain',
    relation: 'mother',
    school_info_id: 10,
    school_name: 'Green Valley School',
    session_id: 1,
    class_id: 8,
    class_name: 'Eight',
    section_id: 9,
    section_default_name: 'B',
    class_roll_no: 3,
    today: '2026-03-10',
  };
  beforeEach(() => {
    server.use(
      http.get('/api/routine/teacher', () => HttpResponse.json([])),
      http.get('/api/guardian/children', () => HttpResponse.json([NADIA])),
    );
  });
  afterEach(async () => {
    await setLanguage('en');
  });

  const ROLES = { ADMIN, TEACHER, STUDENT, GUARDIAN } as const;
  const HOME = {
    ADMIN: '/school-admin',
    TEACHER: '/teacher-admin',
    STUDENT: '/student-admin',
    GUARDIAN: '/guardianpassword',
  };

  async function firstFor(role: keyof typeof ROLES, query: string) {
    fakeAuthServer(ROLES[role]).savedSignIn();
    const { user } = renderApp(HOME[role]);
    await screen.findByTestId('header-school');
    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('combobox');
    // Pasted in one go: the ranking of the whole query is the point here (typing letter by letter
    // is the first test's), and each letter re-ranks every page.
    await user.paste(query);
    expect(input).toHaveValue(query);
    // The loaders (a teacher's periods, a guardian's children) answer before the ranking is read.
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    await waitFor(() => expect(optionNames().length).toBeGreaterThan(0));
    return { user, first: optionNames()[0] };
  }

  const ENGLISH: [keyof typeof ROLES, string, string][] = [
    ['ADMIN', 'collect', 'Collect a fee'],
    ['ADMIN', 'defaulters', 'Defaulters'],
    ['ADMIN', 'waiver', 'Waivers, refunds and corrections'],
    // The SMS centre's compose page; the absence messages stay on the attendance pages.
    ['ADMIN', 'sms', 'SMS to Guardians'],
    ['ADMIN', 'absence messages', 'Attendance Dashboard'],
    ['ADMIN', 'promote', 'Add Student'],
    ['ADMIN', 'reset password', 'Add Student'],
    ['ADMIN', 'guardian', 'Add Student'],
    ['ADMIN', 'import', 'Add Student'],
    ['TEACHER', 'sms', 'SMS to Guardians'],
    ['TEACHER', 'correct', 'Take Attendance'],
    ['STUDENT', 'pdf', 'Grade Sheet'],
    ['GUARDIAN', 'nadia', 'Nadia Hossain: Attendance history'],
    ['GUARDIAN', 'nadia fees', 'Nadia Hossain: Due invoices'],
  ];
  it.each(ENGLISH)('%s types “%s”: “%s” comes first', async (role, query, expected) => {
    const { first } = await firstFor(role, query);
    expect(first).toBe(expected);
  });

  const BANGLA: [keyof typeof ROLES, string, string][] = [
    ['ADMIN', 'আদায়', 'ফি আদায় করুন'],
    ['ADMIN', 'খেলাপি', 'খেলাপি তালিকা'],
    ['ADMIN', 'মওকুফ', 'মওকুফ, ফেরত ও সংশোধন'],
    ['ADMIN', 'এসএমএস', 'এসএমএস পাঠান'],
    ['ADMIN', 'প্রমোশন', 'শিক্ষার্থী ভর্তি'],
    ['ADMIN', 'পাসওয়ার্ড রিসেট', 'শিক্ষার্থী ভর্তি'],
    ['ADMIN', 'অভিভাবক', 'শিক্ষার্থী ভর্তি'],
    ['ADMIN', 'ইমপোর্ট', 'শিক্ষার্থী ভর্তি'],
    ['TEACHER', 'এসএমএস', 'এসএমএস পাঠান'],
    ['TEACHER', 'সংশোধন', 'হাজিরা নিন'],
    ['TEACHER', 'পরবর্তী', 'পরের পিরিয়ডের হাজিরা নিন'],
    ['STUDENT', 'পিডিএফ', 'গ্রেডশিট'],
    ['GUARDIAN', 'nadia', 'Nadia Hossain: হাজিরার ইতিহাস'],
    ['GUARDIAN', 'nadia বকেয়া', 'Nadia Hossain: বকেয়া ইনভয়েস'],
  ];
  it.each(BANGLA)('in Bangla, %s types “%s”: “%s” comes first', async (role, query, expected) => {
    await setLanguage('bn');
    const { first } = await firstFor(role, query);
    expect(first).toBe(expected);
  });

  it('Enter on a fee task opens its tab of the fees desk; a guardian’s, the child’s page', async () => {
    const { user } = await firstFor('ADMIN', 'collect');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/payment?tab=collect'));
  });

  it('Enter on a child’s page opens it for that child', async () => {
    const { user } = await firstFor('GUARDIAN', 'nadia');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/studentviewattendance?student=52'));
  });

  it('ranks a whole word of the keywords above a longer word the label starts with', async () => {
    const { scoreCommand } = await import('@/ui/commands');
    expect(scoreCommand('Add Student', ['import', 'csv'], 'import')).toBe(0.95);
    expect(scoreCommand('Important Links', ['links'], 'import')).toBe(0.92);
    expect(scoreCommand('Take Attendance', [], 'attendance')).toBe(0.96);
    expect(scoreCommand('Add Student', ['guardians', 'reset password'], 'password reset')).toBe(0.95);
  });
});

describe('the palette on a phone', () => {
  const realMatchMedia = window.matchMedia;
  beforeEach(() => {
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([])));
    // A phone matches both the app's touch query and Headless UI's own "(pointer: coarse)".
    window.matchMedia = ((query: string) => ({
      matches: query === TOUCH_QUERY || query === '(pointer: coarse)',
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it('puts the cursor in the search box when it opens', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    await user.click(screen.getByRole('button', { name: /Search or jump/ }));
    const input = await screen.findByPlaceholderText('Search pages and actions…');
    await waitFor(() => expect(input).toHaveFocus());
    await user.keyboard('routine');
    expect(input).toHaveValue('routine');
  });
});
