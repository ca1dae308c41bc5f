import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { firstDayShown } from '@/screens/dashboards/teacher-dashboard';
import { fakeAuthServer, renderApp, routineRow, server, TEACHER } from './helpers';

describe('teacher dashboard (/teacher-admin)', () => {
  // Friday 27 November 2026, 10:00 in Dhaka (a weekly off day).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T04:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the six tiles, the teacher’s name and code, and the routine rows from the API', async () => {
    const auth = fakeAuthServer(TEACHER);
    const token = auth.savedSignIn();
    const asked: Array<{ teacherId: string | null; token: string }> = [];
    server.use(
      http.get('/api/routine/teacher', ({ request }) => {
        asked.push({ teacherId: new URL(request.url).searchParams.get('teacher_id'), token: auth.sessionOf(request) });
        return HttpResponse.json([
          routineRow({
            id: 1,
            day: 'Sunday',
            period_code: 'P1',
            start_time: '08:00:00',
            end_time: '08:45:00',
            subject_name: 'Mathematics',
            class_name: 'Six',
            section_default_name: 'A',
            room: '101',
          }),
          routineRow({
            id: 2,
            day_id: 2,
            day: 'Monday',
            period_code: 'P3',
            start_time: '13:10:00',
            end_time: '13:55:00',
            subject_name: 'General Science',
            class_name: 'Seven',
            section_default_name: 'B',
            room: 'Lab 2',
          }),
        ]);
      }),
    );
    const { user } = renderApp('/teacher-admin');

    expect(await screen.findByRole('heading', { name: 'Teacher Dashboard' })).toBeInTheDocument();
    const tiles = within(screen.getByRole('navigation', { name: 'Features' })).getAllByRole('link');
    expect(tiles.map((t) => t.getAttribute('href'))).toEqual([
      '/teacher-calender',
      '/routine',
      '/teacherattendance',
      '/teacherhomework',
      '/teachernotice',
      '/markentry',
      '/student-resource',
      '/teacher-students',
      '/teacher-eschool',
      '/student-activity',
    ]);

    const profile = screen.getByRole('region', { name: 'My profile' });
    expect(profile).toHaveTextContent('Rahima Khatun');
    expect(profile).toHaveTextContent('T-1001');

    const cells = () =>
      within(screen.getByRole('table', { name: 'Your routine' }))
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        );
    const sunday = ['Sunday', 'P1', '8:00 AM', '8:45 AM', 'Mathematics', 'Six', 'A', '101'];
    const monday = ['Monday', 'P3', '1:10 PM', '1:55 PM', 'General Science', 'Seven', 'B', 'Lab 2'];
    // Friday: no classes today or tomorrow; the next day with classes, Sunday, is shown first.
    await screen.findByRole('table', { name: 'Your routine' });
    expect(cells()).toEqual([sunday]);
    const days = screen.getByRole('group', { name: 'Show the routine of' });
    expect(within(days).getByRole('button', { name: 'Sunday' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(days).getByRole('button', { name: 'Monday' }));
    expect(cells()).toEqual([monday]);
    await user.click(within(days).getByRole('button', { name: 'Whole week' }));
    expect(cells()).toEqual([sunday, monday]);
    expect(asked).toEqual([{ teacherId: '41', token }]);
  });

  it('says so when the routine is empty', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([])));
    renderApp('/teacher-admin');
    expect(await screen.findByText('No classes are in your routine yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the server’s error and retries on request', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    let attempts = 0;
    server.use(
      http.get('/api/routine/teacher', () => {
        attempts += 1;
        return attempts === 1
          ? HttpResponse.json(
              { error: { code: 'internal', message: 'Something went wrong on our side.' } },
              { status: 500 },
            )
          : HttpResponse.json([routineRow({ subject_name: 'English' })]);
      }),
    );
    const { user } = renderApp('/teacher-admin');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your routine. Something went wrong on our side.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'English' })).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});

describe('the day the dashboard shows first', () => {
  it('is today when it has classes, else the next day round the week that has, else the whole week', () => {
    expect(firstDayShown([1, 2, 5], 5)).toBe(5);
    expect(firstDayShown([1, 2, 5], 6)).toBe(1);
    expect(firstDayShown([1, 2, 5], 3)).toBe(5);
    expect(firstDayShown([7], 1)).toBe(7);
    expect(firstDayShown([], 4)).toBe('week');
  });
});

describe('the reminder of registers not taken (docs/DOMAIN.md, Attendance)', () => {
  // Sunday 22 November 2026, 10:00 in Dhaka.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T04:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  const today = (over: Parameters<typeof routineRow>[0], taken: boolean) => ({
    ...routineRow({ day_id: 1, day: 'Sunday', ...over }),
    date: '2026-11-22',
    attendance_taken: taken,
  });

  it('names today’s periods whose attendance nobody took 15 minutes after they ended, and only those', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const asked: Array<Record<string, string>> = [];
    server.use(
      http.get('/api/routine/teacher', () => HttpResponse.json([])),
      http.get('/api/routine/teacher/today', ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json([
          // Ended 08:45: missing since 09:00.
          today({ id: 1, period_code: '1st', start_time: '08:00:00', end_time: '08:45:00' }, false),
          // Taken: not listed.
          today({ id: 2, period_code: '2nd', start_time: '08:50:00', end_time: '09:35:00' }, true),
          // Ended 09:50: missing only from 10:05.
          today({ id: 3, period_code: '3rd', start_time: '09:40:00', end_time: '09:50:00' }, false),
        ]);
      }),
    );
    renderApp('/teacher-admin');
    const reminder = await screen.findByText(
      'Attendance not taken yet, 15 minutes or more after the period ended (1):',
    );
    const box = reminder.closest('[role="alert"], [role="status"], div')!;
    expect(
      within(box as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1st · Mathematics, Class Six A, ended 8:45 AM. Take attendance']);
    expect(within(box as HTMLElement).getByRole('link', { name: 'Take attendance' })).toHaveAttribute(
      'href',
      '/teacherattendance',
    );
    expect(asked[0]).toEqual({ teacher_id: String(TEACHER.id), today: '2026-11-22' });
  });
});
