/**
 * The academic calendar screens against a mock server (msw): the admin's list, month, "Add
 * Calender", the "Update Calender" modal (the form kept on a refusal) and delete after the
 * question; the read-only student, teacher and viewer calendars; the teacher's attendance screen
 * on a holiday.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { CalendarRow } from '@/api/schemas/calendar';
import { schoolToday } from '@/api/school-time';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, fakeAuthServer, renderApp, server, STUDENT, TEACHER, VIEWER } from './helpers';

const row = (over: Partial<CalendarRow>): CalendarRow => ({
  id: 1,
  school_info_id: 10,
  session_id: 1,
  type: 'holiday',
  topics: 'Victory Day',
  details: '',
  date: '2026-12-16',
  end_date: '2026-12-16',
  ...over,
});
const VICTORY = row({ id: 7 });
const FINALS = row({
  id: 8,
  type: 'exam',
  topics: 'Final examination',
  date: '2026-11-29',
  end_date: '2026-12-10',
});
const page = (rows: CalendarRow[]) => ({ rows, total: rows.length, limit: 20, offset: 0 });

/** The admin's list read; every request's query is recorded, and `rows` may change between reads. */
function schoolCalendar(initial: CalendarRow[]) {
  const state = { rows: initial, asked: [] as URLSearchParams[] };
  server.use(
    http.get('/api/calender', ({ request }) => {
      state.asked.push(new URL(request.url).searchParams);
      return HttpResponse.json(page(state.rows));
    }),
  );
  return state;
}

describe('admin /academic-calender', () => {
  it('lists the entries with Edit and Delete; "Add Calender" adds with an empty id and shows the server’s message', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const cal = schoolCalendar([FINALS, VICTORY]);
    const posted: unknown[] = [];
    server.use(
      http.post('/api/calender', async ({ request }) => {
        posted.push(await request.json());
        cal.rows = [
          ...cal.rows,
          row({ id: 9, type: 'event', topics: 'Science fair', date: schoolToday(), end_date: schoolToday() }),
        ];
        return HttpResponse.json({
          ok: true,
          id: 9,
          message: 'Academic Calendar saved successfully',
          code: 'calendar.created',
        });
      }),
    );
    const { user } = renderApp('/academic-calender?view=list&type=exam');
    const table = await screen.findByRole('table', { name: 'Academic calendar' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['#', 'Schedule Type', 'Schedule', 'Schedule Date', 'Edit', 'Delete']);
    expect(within(table).getByText('Final examination')).toBeInTheDocument();
    expect(within(table).getByText('29 Nov 2026 to 10 Dec 2026')).toBeInTheDocument();
    // The filters in the address reach the server.
    expect(cal.asked[0].get('type')).toBe('exam');

    await user.click(screen.getByRole('button', { name: 'Add Calender' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Calender' });
    await user.selectOptions(within(dialog).getByLabelText('Schedule Type'), 'event');
    await user.type(within(dialog).getByLabelText('Schedule'), 'Science fair');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Academic Calendar saved successfully')).toBeInTheDocument();
    expect(posted).toEqual([
      { id: '', type: 'event', topics: 'Science fair', details: '', date: schoolToday(), end_date: '' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is read again after the save.
    await waitFor(() => expect(cal.asked.length).toBeGreaterThan(1));
  });

  it('an empty schedule is not sent: the field says what is missing', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    schoolCalendar([]);
    let posts = 0;
    server.use(http.post('/api/calender', () => void (posts += 1)));
    const { user } = renderApp('/academic-calender?view=list');
    await user.click(await screen.findByRole('button', { name: 'Add Calender' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Calender' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Enter the schedule')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Schedule')).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toBe(0);
  });

  it('Edit opens "Update Calender" filled in; a refusal names the field and keeps the form', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    schoolCalendar([FINALS]);
    const posted: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/calender', async ({ request }) => {
        posted.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(
          {
            error: {
              code: 'invalid_input',
              message: 'end_date: The end date must be in the same academic session (year) as the start date.',
              fields: { end_date: 'The end date must be in the same academic session (year) as the start date.' },
            },
          },
          { status: 400 },
        );
      }),
    );
    const { user } = renderApp('/academic-calender?view=list');
    await user.click(await screen.findByRole('button', { name: 'Edit: Final examination' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Calender' });
    const topics = within(dialog).getByLabelText('Schedule');
    expect(topics).toHaveValue('Final examination');
    expect(within(dialog).getByLabelText('Schedule Type')).toHaveValue('exam');
    await user.clear(topics);
    await user.type(topics, 'Annual examination');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      await within(dialog).findByText('The end date must be in the same academic session (year) as the start date.'),
    ).toBeInTheDocument();
    expect(posted[0]).toMatchObject({ id: 8, topics: 'Annual examination', type: 'exam', date: '2026-11-29' });
    // Still open, still holding what was typed.
    expect(screen.getByRole('dialog', { name: 'Update Calender' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Schedule')).toHaveValue('Annual examination');
  });

  it('Delete asks "Are you sure to delete?" and deletes that row’s id only after confirming', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const cal = schoolCalendar([FINALS, VICTORY]);
    const deleted: string[] = [];
    server.use(
      http.post('/api/calender/delete', ({ request }) => {
        deleted.push(new URL(request.url).searchParams.get('id')!);
        cal.rows = [FINALS];
        return HttpResponse.json({
          ok: true,
          message: 'Academic Calendar deleted successfully',
          code: 'calendar.deleted',
        });
      }),
    );
    const { user } = renderApp('/academic-calender?view=list');
    await user.click(await screen.findByRole('button', { name: 'Delete: Victory Day' }));
    const question = await screen.findByRole('dialog', { name: 'Are you sure to delete?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete: Victory Day' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure to delete?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Academic Calendar deleted successfully')).toBeInTheDocument();
    expect(deleted).toEqual(['7']);
    await waitFor(() => expect(screen.queryByText('Victory Day')).not.toBeInTheDocument());
  });

  it('the month view puts entries on their days and moves between days with the arrow keys', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const cal = schoolCalendar([VICTORY, FINALS]);
    const { user } = renderApp('/academic-calender?month=2026-12');
    const grid = await screen.findByRole('grid', { name: 'December 2026' });
    expect(cal.asked[0].get('month')).toBe('2026-12');
    const sixteenth = within(grid).getByRole('gridcell', { name: /Wednesday 16 December: Holiday,\s*Victory Day/ });
    expect(sixteenth).toBeInTheDocument();
    // A range shows on each of its days.
    expect(
      within(grid).getByRole('gridcell', { name: /Thursday 3 December: Exam,\s*Final examination/ }),
    ).toBeInTheDocument();
    await user.click(sixteenth);
    sixteenth.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(grid).getByRole('gridcell', { name: /Thursday 17 December/ })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(within(grid).getByRole('gridcell', { name: /Thursday 10 December/ })).toHaveFocus();
    // Enter on a day with an entry opens it for editing.
    await user.keyboard('{ArrowDown}{ArrowLeft}{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Update Calender' })).toBeInTheDocument();
  });
});

describe('the calendar dialog and the keyboard', () => {
  afterEach(() => setLanguage('en'));

  it('"Add Calender" and "Update Calender" open with the cursor on the first field, not the dialog', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    schoolCalendar([FINALS]);
    const { user } = renderApp('/academic-calender?view=list');
    await user.click(await screen.findByRole('button', { name: 'Add Calender' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add Calender' });
    await waitFor(() => expect(within(dialog).getByLabelText('Schedule Type')).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Edit: Final examination' }));
    dialog = await screen.findByRole('dialog', { name: 'Update Calender' });
    await waitFor(() => expect(within(dialog).getByLabelText('Schedule Type')).toHaveFocus());
  });

  it.each([
    [
      'en',
      'Add Calender',
      'Schedule',
      'Schedule Date',
      'Submit',
      'This holiday is already in the calendar: “Victory Day” (2026-12-16).',
    ],
    [
      'bn',
      'বর্ষপঞ্জিতে যোগ করুন',
      'সূচি',
      'সূচির তারিখ',
      'জমা দিন',
      'এই ছুটি বর্ষপঞ্জিতে আগেই আছে: “Victory Day” (2026-12-16)।',
    ],
  ] as const)(
    'in %s, a holiday already entered is refused under its date, and the dialog stays',
    async (lang, add, topicsLabel, dateLabel, submit, said) => {
      if (lang === 'bn') await setLanguage('bn');
      fakeAuthServer(ADMIN).savedSignIn();
      schoolCalendar([VICTORY]);
      const message = 'This holiday is already in the calendar: “Victory Day” (2026-12-16).';
      server.use(
        http.post('/api/calender', () =>
          HttpResponse.json(
            {
              error: {
                code: 'calendar.duplicate_holiday',
                message,
                fields: { date: message },
                params: { topics: 'Victory Day', dates: '2026-12-16' },
              },
            },
            { status: 409 },
          ),
        ),
      );
      const { user } = renderApp('/academic-calender?view=list');
      await user.click(await screen.findByRole('button', { name: add }));
      const dialog = await screen.findByRole('dialog', { name: add });
      await user.type(within(dialog).getByLabelText(topicsLabel), 'Bijoy Dibosh');
      await user.click(within(dialog).getByRole('button', { name: submit }));
      expect(await within(dialog).findByText(said)).toBeInTheDocument();
      expect(within(dialog).getByLabelText(dateLabel)).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).getByLabelText(topicsLabel)).toHaveValue('Bijoy Dibosh');
    },
  );
});

describe('read-only calendars', () => {
  it('/student-academic-calender reads the student’s calendar: no Add, Edit or Delete', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const asked: string[] = [];
    server.use(
      http.get('/api/calender/student', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(page([VICTORY]));
      }),
    );
    renderApp('/student-academic-calender?view=list');
    expect(await screen.findByRole('heading', { name: 'Academic Calendar' })).toBeInTheDocument();
    expect(await screen.findByText('Victory Day')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Calender' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(asked).toHaveLength(1);
  });

  it('/teacher-calender reads the teacher’s calendar', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    server.use(http.get('/api/calender/teacher', () => HttpResponse.json(page([FINALS]))));
    renderApp('/teacher-calender?view=list');
    expect(await screen.findByText('Final examination')).toBeInTheDocument();
  });

  it('/viewer-calender reads the chosen school’s calendar', async () => {
    fakeAuthServer(VIEWER).savedSignIn({ id: 4, school_name: 'River Side Girls School' });
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/calender', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(page([VICTORY]));
      }),
    );
    renderApp('/viewer-calender?view=list');
    expect(await screen.findByText('Victory Day')).toBeInTheDocument();
    expect(screen.getAllByText('River Side Girls School').length).toBeGreaterThan(0);
    expect(asked[0].get('school_info_id')).toBe('4');
    expect(screen.queryByRole('button', { name: 'Add Calender' })).not.toBeInTheDocument();
  });
});

describe('holidays on the teacher’s attendance screen', () => {
  it('a holiday date says so before the teacher starts', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const today = schoolToday();
    server.use(
      http.get('/api/calender/teacher', ({ request }) => {
        const q = new URL(request.url).searchParams;
        expect(q.get('type')).toBe('holiday');
        return HttpResponse.json(page([row({ topics: 'Flood closure', date: today, end_date: today })]));
      }),
    );
    renderApp('/teacherattendance');
    expect(
      await screen.findByText(/is a holiday \(Flood closure\)\. Attendance cannot be taken on a holiday\./),
    ).toBeInTheDocument();
    // The server's empty period list for the day is not worded as "no classes".
    expect(screen.queryByText(/No classes/i)).not.toBeInTheDocument();
  });
});
