/**
 * The viewer's routine screens and the week grid against a fake server (msw): /viewerRoutine's
 * two cards, /viewershowstudentroutine's search (its fields go to /api/routine/admin-search with
 * the chosen school), /teacherdata's list opening a teacher's week, the teacher's own week as a
 * grid, and Bangla.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, fakeAuthServer, renderApp, server, TEACHER, VIEWER } from './helpers';
import { ROWS, serveRoutineLookups } from './routines-fixtures';

const CHOSEN = { id: 3, school_name: 'Hill View High School' };

function serveSearch() {
  const asked: URLSearchParams[] = [];
  serveRoutineLookups();
  server.use(
    http.get('/api/routine/admin-search', ({ request }) => {
      const q = new URL(request.url).searchParams;
      asked.push(q);
      const rows = ROWS.filter((r) => !q.get('teacher_id') || String(r.teacher_id) === q.get('teacher_id'));
      return HttpResponse.json({ rows, total: rows.length, limit: 500, offset: 0 });
    }),
  );
  return asked;
}

describe('viewer routine screens', () => {
  it('/viewerRoutine offers the teacher routine search and the teacher list', async () => {
    fakeAuthServer(VIEWER).savedSignIn(CHOSEN);
    renderApp('/viewerRoutine');
    const nav = await screen.findByRole('navigation', { name: 'Routine pages' });
    expect(within(nav).getByRole('link', { name: /View Teacher Routine/ })).toHaveAttribute(
      'href',
      '/viewershowstudentroutine',
    );
    expect(within(nav).getByRole('link', { name: /Student Routine/ })).toHaveAttribute('href', '/teacherdata');
  });

  it('/viewershowstudentroutine searches the chosen school with the spec’s fields', async () => {
    fakeAuthServer(VIEWER).savedSignIn(CHOSEN);
    const asked = serveSearch();
    const { user } = renderApp('/viewershowstudentroutine');
    const form = await screen.findByRole('form', { name: 'Routine search' });
    expect(screen.getByText('Choose the filters and press Search Routine.')).toBeInTheDocument();
    const f = within(form);
    for (const label of ['Session', 'Class', 'Section', 'Day', 'Teacher'])
      expect(f.getByLabelText(label)).toBeInTheDocument();
    await user.selectOptions(f.getByLabelText('Session'), '2026');
    await user.selectOptions(f.getByLabelText('Teacher'), 'ARH — Mr. Abdur Rahim');
    expect(asked).toHaveLength(0);
    await user.click(f.getByRole('button', { name: 'Search Routine' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0].get('school_info_id')).toBe('3');
    expect(asked[0].get('teacher_id')).toBe('41');
    expect(asked[0].get('session_id')).toBe('2');
    expect(window.location.search).toContain('teacher_id=41');
    const table = await screen.findByRole('table', { name: 'Routine search results' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'Period', 'Start', 'End', 'Subject', 'Class', 'Section', 'Room', 'Teacher']);
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Sunday');
    expect(row).toHaveTextContent('8:00 AM');
    expect(row).toHaveTextContent('8:45 AM');
    expect(row).toHaveTextContent('Bangla');
    expect(row).toHaveTextContent('ARH');

    // One teacher's results also come as their week.
    await user.click(screen.getByRole('button', { name: 'Week of the teacher' }));
    expect(await screen.findByRole('table', { name: 'Weekly routine: ARH — Mr. Abdur Rahim' })).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    fakeAuthServer(VIEWER).savedSignIn(CHOSEN);
    serveSearch();
    server.use(
      http.get('/api/routine/admin-search', () => HttpResponse.json({ rows: [], total: 0, limit: 500, offset: 0 })),
    );
    renderApp('/viewershowstudentroutine?searched=1&day_id=6');
    expect(await screen.findByText('No routine matches this search.')).toBeInTheDocument();
  });

  it('/teacherdata lists the chosen school’s teachers and opens one’s week', async () => {
    fakeAuthServer(VIEWER).savedSignIn(CHOSEN);
    const asked = serveSearch();
    const teacherCalls: string[] = [];
    server.use(
      http.get('/api/teacher/filter', ({ request }) => {
        teacherCalls.push(new URL(request.url).search);
        return HttpResponse.json([
          {
            id: 41,
            initial: 'ARH',
            full_name: 'Mr. Abdur Rahim',
            teacher_code: 'T-41',
            mobile: '01711000041',
            designation: 'Senior Teacher',
            email: '',
          },
        ]);
      }),
    );
    const { user } = renderApp('/teacherdata');
    const table = await screen.findByRole('table', { name: 'The school’s teachers' });
    expect(teacherCalls[0]).toContain('school_info_id=3');
    expect(within(table).getByText('Senior Teacher')).toBeInTheDocument();
    await user.click(within(table).getByRole('link', { name: 'Week of Mr. Abdur Rahim' }));
    expect(await screen.findByRole('heading', { name: 'Week of Mr. Abdur Rahim' })).toBeInTheDocument();
    const grid = await screen.findByRole('table', { name: 'Weekly routine: ARH — Mr. Abdur Rahim' });
    expect(within(grid).getByText('Bangla')).toBeInTheDocument();
    expect(asked.at(-1)?.get('teacher_id')).toBe('41');
  });

  it('/teacherdata is also the school admin’s: the spec’s columns, and a new one-time password after asking', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    serveSearch();
    const resets: string[] = [];
    server.use(
      http.post('/api/users/reset_password', ({ request }) => {
        resets.push(new URL(request.url).searchParams.get('user_code') ?? '');
        return HttpResponse.json({
          ok: true,
          message: 'A new one-time password was made.',
          code: 'people.password_reset',
          user_code: 'T-41',
          initial_password: 'Hx7kPq2mVt9w',
        });
      }),
    );
    const { user } = renderApp('/teacherdata');
    const table = await screen.findByRole('table', { name: 'The school’s teachers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Teacher Id', 'Name', 'Mobile', 'Designation', 'Email', 'Week', 'Reset password']);
    expect(within(table).getByText('(NAK)')).toBeInTheDocument();
    const row = within(table).getByText('T-41').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Give Mr. Abdur Rahim a new one-time password?');
    expect(resets).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: /OK|Yes|Confirm|Reset/ }));
    expect(await screen.findByText(/Hx7kPq2mVt9w/)).toBeInTheDocument();
    expect(resets).toEqual(['T-41']);
  });
});

describe('week grid', () => {
  it('the teacher’s /routine shows the week as a grid on request, with a print button', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json(ROWS)));
    const { user } = renderApp('/routine');
    await user.click(await screen.findByRole('button', { name: 'Week' }));
    expect(window.location.search).toContain('view=grid');
    const grid = await screen.findByRole('table', { name: /Weekly routine/ });
    const heads = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(heads).toEqual(['Day', 'P18:00 AM–8:45 AM', 'P28:45 AM–9:30 AM']);
    const monday = within(grid).getByRole('rowheader', { name: 'Monday' }).closest('tr')!;
    const cells = within(monday).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('—');
    expect(cells[1]).toHaveTextContent('Mathematics');
    expect(cells[1]).toHaveTextContent('Class Six, Section B');
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('speaks Bangla: the viewer’s menu, and the admin’s save and clash by their codes', async () => {
    await setLanguage('bn');
    try {
      fakeAuthServer(VIEWER).savedSignIn(CHOSEN);
      const menu = renderApp('/viewerRoutine');
      expect(await screen.findByRole('link', { name: /শিক্ষকের রুটিন দেখুন/ })).toBeInTheDocument();
      menu.unmount();

      fakeAuthServer(ADMIN).savedSignIn();
      serveSearch();
      let first = true;
      server.use(
        http.get('/api/routine/school/filter', () => HttpResponse.json({ rows: ROWS, total: 2, limit: 20, offset: 0 })),
        http.post('/api/routine/all', () => {
          if (!first)
            return HttpResponse.json({
              ok: true,
              id: 99,
              message: 'routine added successfully!!',
              code: 'routines.created',
            });
          first = false;
          return HttpResponse.json(
            {
              error: {
                code: 'routines.room_clash',
                message: 'Room 201 is already used by Six A on Sunday, period P1.',
              },
            },
            { status: 409 },
          );
        }),
      );
      const { user } = renderApp('/schooladminroutine');
      const form = await screen.findByRole('form', { name: 'ক্লাস রুটিন যোগ করুন' });
      const f = within(form);
      await user.selectOptions(f.getByLabelText('শ্রেণি'), '6');
      await user.selectOptions(f.getByLabelText('শাখা'), '4');
      await user.selectOptions(f.getByLabelText('বার'), '1');
      await user.selectOptions(f.getByLabelText('পিরিয়ড'), '1');
      await user.selectOptions(f.getByLabelText('বিষয়'), '601');
      await user.selectOptions(f.getByLabelText('শিক্ষক'), '42');
      await user.click(f.getByRole('button', { name: 'জমা দিন' }));
      expect(await screen.findByText('এই কক্ষ ওই বার ও পিরিয়ডে অন্য ক্লাসের জন্য ব্যবহৃত হচ্ছে।')).toBeInTheDocument();
      await user.click(f.getByRole('button', { name: 'জমা দিন' }));
      expect(await screen.findByText('রুটিন সফলভাবে যোগ হয়েছে!!')).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });
});
