import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { CountedNoticeRow, StudentNoticeRow } from '@/api/schemas/notices';
import { currentPath, fakeAuthServer, renderApp, server, STUDENT, VIEWER } from './helpers';

/** A page of rows as the server answers it, for the query the client sent. */
function page<T>(rows: T[], q: Record<string, string> = {}) {
  const limit = Number(q.limit ?? 20);
  const offset = Number(q.offset ?? 0);
  return HttpResponse.json({ rows: rows.slice(offset, offset + limit), total: rows.length, limit, offset });
}
const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

function row(over: Partial<CountedNoticeRow>): CountedNoticeRow {
  return {
    id: 1,
    notice_headline: 'Sports day',
    notice_description: 'Bring your kit on Thursday.',
    type: 1,
    school_info_id: 10,
    class_id: 6,
    class_name: 'Six',
    section_id: 3,
    section_default_name: 'A',
    session_id: 2,
    session_year: '2026',
    publishing_date: '2026-03-01',
    notice_users: '',
    students: [],
    student_id: null,
    creator_name: 'Rahima Khatun',
    edited_by_name: null,
    edited_at: null,
    read_count: 3,
    recipient_count: 30,
    ...over,
  };
}

function studentRow(over: Partial<StudentNoticeRow>): StudentNoticeRow {
  const { read_count: _r, recipient_count: _m, ...base } = row({});
  return { ...base, read: false, ...over };
}

const STUDENT_NOTICES: StudentNoticeRow[] = [
  studentRow({
    id: 3,
    notice_headline: 'Exam routine',
    notice_description: 'Half-yearly exams start 20 March.',
    publishing_date: '2026-03-09',
    read: false,
  }),
  studentRow({ id: 2, notice_headline: 'Sports day', publishing_date: '2026-03-01', read: true }),
  studentRow({
    id: 1,
    notice_headline: 'Welcome back',
    notice_description: 'Classes resume.',
    publishing_date: '2026-01-02',
    read: true,
  }),
];

describe('student notices', () => {
  it('the options page leads to School Notice (type 2) and Teacher Notice (type 1)', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const asked: string[] = [];
    server.use(
      http.get('/api/notice/student', ({ request }) => {
        asked.push(new URL(request.url).search);
        return page([]);
      }),
    );
    const { user } = renderApp('/student-notice_option');
    expect(await screen.findByRole('heading', { name: 'Notices', level: 1 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Kinds of notice' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.querySelector('span')?.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['School Notice', '/student-notice-list?type=2'],
      ['Teacher Notice', '/student-notice-list?type=1'],
    ]);

    await user.click(within(nav).getByRole('link', { name: /Teacher Notice/ }));
    expect(await screen.findByRole('heading', { name: 'Teacher Notice', level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe('/student-notice-list?type=1');
    expect(await screen.findByText('No notices yet.')).toBeInTheDocument();
    expect(asked).toContain('?type=1&limit=20&offset=0');
  });

  it('lists notices newest first with Date as DD-MM-YYYY, marks unread ones, filters by date range, and records opening', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const queries: Array<Record<string, string>> = [];
    const reads: string[] = [];
    server.use(
      http.get('/api/notice/student', ({ request }) => {
        const q = query(request);
        queries.push(q);
        return page(
          STUDENT_NOTICES.filter(
            (n) =>
              (!q.start_date || n.publishing_date >= q.start_date) && (!q.end_date || n.publishing_date <= q.end_date),
          ),
          q,
        );
      }),
      http.post('/api/notice/read', ({ request }) => {
        const id = new URL(request.url).searchParams.get('id') ?? '';
        reads.push(id);
        return HttpResponse.json({ ok: true, id: Number(id), read: true });
      }),
    );
    const { user } = renderApp('/student-notice-list?type=2');
    expect(await screen.findByRole('heading', { name: 'School Notice', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Notices' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('button').textContent)).toEqual([
      expect.stringContaining('Exam routine'),
      expect.stringContaining('Sports day'),
      expect.stringContaining('Welcome back'),
    ]);
    expect(cards[0]).toHaveTextContent('Date: 09-03-2026');
    expect(cards[0]).toHaveTextContent('Half-yearly exams start 20 March.');
    expect(cards[2]).toHaveTextContent('Date: 02-01-2026');
    expect(cards.map((c) => c.getAttribute('data-read'))).toEqual(['false', 'true', 'true']);
    expect(within(cards[0]).getByText(/not read yet/)).toBeInTheDocument();
    expect(queries[0]).toEqual({ type: '2', limit: '20', offset: '0' });

    // Opening an unread notice tells the server once; a read one is not sent again.
    await user.click(within(cards[0]).getByRole('button', { name: /Exam routine/ }));
    expect(within(cards[0]).getByRole('button', { name: /Exam routine/ })).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(reads).toEqual(['3']));
    await waitFor(() => expect(cards[0].getAttribute('data-read')).toBe('true'));
    await user.click(within(cards[0]).getByRole('button', { name: /Exam routine/ }));
    await user.click(within(cards[0]).getByRole('button', { name: /Exam routine/ }));
    await user.click(within(cards[1]).getByRole('button', { name: /Sports day/ }));
    expect(reads).toEqual(['3']);

    // The dates (typed DD-MM-YYYY) apply on Search, and go into the address.
    await user.type(screen.getByLabelText('Start Date'), '01-02-2026');
    await user.type(screen.getByLabelText('End Date'), '05-03-2026');
    expect(queries).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Notices' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(queries.at(-1)).toEqual({
      type: '2',
      start_date: '2026-02-01',
      end_date: '2026-03-05',
      limit: '20',
      offset: '0',
    });
    expect(currentPath()).toBe('/student-notice-list?type=2&start=2026-02-01&end=2026-03-05');
    expect(screen.getByRole('list', { name: 'Notices' })).toHaveTextContent('Sports day');
    expect(screen.getByRole('list', { name: 'Notices' })).toHaveTextContent('Date: 01-03-2026');

    await user.clear(screen.getByLabelText('End Date'));
    await user.type(screen.getByLabelText('End Date'), '20-03-2026');
    await user.clear(screen.getByLabelText('Start Date'));
    await user.type(screen.getByLabelText('Start Date'), '10-03-2026');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No notices in these dates.')).toBeInTheDocument();

    // Back returns to the previous dates, fields included.
    window.history.back();
    await waitFor(() => expect(screen.getByLabelText('Start Date')).toHaveValue('01-02-2026'));
    expect(await screen.findByRole('list', { name: 'Notices' })).toHaveTextContent('Sports day');
  });

  it('shows the server’s message for a bad range', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    server.use(
      http.get('/api/notice/student', ({ request }) =>
        new URL(request.url).searchParams.get('start_date')
          ? HttpResponse.json(
              { error: { code: 'invalid_input', message: 'The end date must not be before the start date.' } },
              { status: 400 },
            )
          : page([]),
      ),
    );
    // A shared link with the dates the wrong way round.
    renderApp('/student-notice-list?type=1&start=2026-03-10&end=2026-03-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('The end date must not be before the start date.');
  });
});

describe('the palette’s jump to a notice, for readers', () => {
  async function jump(user: ReturnType<typeof renderApp>['user'], typed: string, headline: string) {
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search pages and actions…'), typed);
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getByRole('option', { selected: true })).toHaveTextContent(headline),
    );
    await user.keyboard('{Enter}');
  }

  it('a student on the dashboard types a headline and lands on their notice list with it open (and read)', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const queries: Array<Record<string, string>> = [];
    const reads: string[] = [];
    const all = [
      studentRow({ id: 3, type: 2, notice_headline: 'Exam routine', publishing_date: '2026-03-09' }),
      studentRow({ id: 2, type: 1, notice_headline: 'Sports day', notice_description: 'Bring your kit.' }),
      studentRow({ id: 1, type: 1, notice_headline: 'Welcome back', read: true }),
    ];
    server.use(
      http.get('/api/notice/student', ({ request }) => {
        const q = query(request);
        queries.push(q);
        return page(
          all.filter((n) => !q.type || String(n.type) === q.type),
          q,
        );
      }),
      http.post('/api/notice/read', ({ request }) => {
        const id = new URL(request.url).searchParams.get('id') ?? '';
        reads.push(id);
        return HttpResponse.json({ ok: true, id: Number(id), read: true });
      }),
    );
    const { user } = renderApp('/student-admin');
    await screen.findByRole('heading', { name: 'Student Dashboard' });
    expect(queries).toEqual([]);

    await jump(user, 'sports', 'Sports day');
    expect(await screen.findByRole('heading', { name: 'Teacher Notice', level: 1 })).toBeInTheDocument();
    const card = await screen.findByRole('button', { name: /Sports day/ });
    await waitFor(() => expect(card).toHaveAttribute('aria-expanded', 'true'));
    expect(card).toHaveFocus();
    expect(card.closest('li')).toHaveTextContent('From Rahima Khatun');
    await waitFor(() => expect(reads).toEqual(['2']));
    expect(currentPath()).toBe('/student-notice-list?type=1');
    // The palette asked for the newest of every kind (no type); the list for its own.
    expect(queries[0]).toEqual({ limit: '100' });
    expect(queries.at(-1)).toEqual({ type: '1', limit: '20', offset: '0' });
  });

  it('a viewer jumps to a notice of the chosen school', async () => {
    fakeAuthServer(VIEWER).savedSignIn({ id: 3, school_name: 'Hill View High School' });
    server.use(
      http.get('/api/notice/school', ({ request }) => {
        const q = query(request);
        const rows = [
          row({ id: 7, type: 2, notice_headline: 'Annual prize giving' }),
          row({ id: 8, type: 1, notice_headline: 'Science fair' }),
        ];
        return page(
          rows.filter((n) => !q.type || String(n.type) === q.type),
          q,
        );
      }),
    );
    const { user } = renderApp('/viewer-admin');
    await screen.findByRole('heading', { name: 'Administrator Dashboard' });
    await jump(user, 'annual prize', 'Annual prize giving');
    expect(await screen.findByRole('heading', { name: 'School Notes', level: 1 })).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { name: 'Annual prize giving' })).closest('li')!;
    await waitFor(() => expect(card).toHaveFocus());
    expect(card).toHaveAttribute('aria-current', 'true');
    expect(currentPath()).toBe('/show-notice?type=2');
  });
});

describe('viewer notices', () => {
  it('shows the chosen school’s name and the two kinds, then that school’s notices of the kind', async () => {
    fakeAuthServer(VIEWER).savedSignIn({ id: 3, school_name: 'Hill View High School' });
    const asked: Array<Record<string, string>> = [];
    server.use(
      http.get('/api/notice/school', ({ request }) => {
        const q = query(request);
        asked.push(q);
        return page(
          q.type === '2'
            ? [
                row({
                  id: 7,
                  type: 2,
                  notice_headline: 'Annual prize giving',
                  publishing_date: '2026-02-14',
                  class_id: 0,
                  class_name: 'ALL',
                  section_id: 0,
                  section_default_name: 'ALL',
                  creator_name: 'Nasrin Akter',
                  edited_by_name: 'Kamal Uddin',
                  edited_at: '2026-02-15T06:00:00.000Z',
                }),
              ]
            : [],
          q,
        );
      }),
    );
    const { user } = renderApp('/viewer-notice');
    expect(await screen.findByRole('heading', { name: 'Notices', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Hill View High School', { selector: 'p' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Kinds of notice' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.querySelector('span')?.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['School Notes', '/show-notice?type=2'],
      ['School/Teacher Notes', '/show-notice?type=1'],
    ]);

    await user.click(within(nav).getByRole('link', { name: /^School Notes/ }));
    expect(await screen.findByRole('heading', { name: 'School Notes', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Notices' });
    expect(list).toHaveTextContent('Annual prize giving');
    expect(list).toHaveTextContent('Date: 14-02-2026');
    expect(list).toHaveTextContent('Class ALL · Section ALL · Nasrin Akter · edited by Kamal Uddin on 15-02-2026');
    // Who read it is for its author only: even counts sent by mistake are not shown to a viewer.
    expect(list).not.toHaveTextContent(/read by/);
    expect(asked).toEqual([{ school_info_id: '3', type: '2', limit: '20', offset: '0' }]);
    // Read-only: nothing to change.
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'All kinds of notes' }));
    await user.click(await screen.findByRole('link', { name: /School\/Teacher Notes/ }));
    expect(await screen.findByText('This school has no notices of this kind yet.')).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ school_info_id: '3', type: '1', limit: '20', offset: '0' });
  });

  it('pages through a long list, the page in the address', async () => {
    fakeAuthServer(VIEWER).savedSignIn({ id: 3, school_name: 'Hill View High School' });
    const rows = Array.from({ length: 25 }, (_, i) =>
      row({ id: 100 + i, type: 2, notice_headline: `Notice ${i + 1}` }),
    );
    server.use(http.get('/api/notice/school', ({ request }) => page(rows, query(request))));
    const { user } = renderApp('/show-notice?type=2');
    const list = await screen.findByRole('list', { name: 'Notices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await user.click(
      within(screen.getByRole('navigation', { name: 'Notice pages' })).getByRole('button', { name: 'Next' }),
    );
    await waitFor(() => expect(currentPath()).toBe('/show-notice?type=2&page=2'));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Notices' })).getAllByRole('listitem')).toHaveLength(5),
    );
    expect(screen.getByRole('list', { name: 'Notices' })).toHaveTextContent('Notice 21');
  });
});

describe('student notice pages', () => {
  it('a jump to an older notice opens the page it is on', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const all = Array.from({ length: 30 }, (_, i) =>
      studentRow({ id: 200 - i, type: 2, notice_headline: `School notice ${i + 1}`, read: true }),
    );
    const queries: Array<Record<string, string>> = [];
    server.use(
      http.get('/api/notice/student', ({ request }) => {
        const q = query(request);
        queries.push(q);
        return page(
          all.filter((n) => !q.type || String(n.type) === q.type),
          q,
        );
      }),
    );
    const { user } = renderApp('/student-admin');
    await screen.findByRole('heading', { name: 'Student Dashboard' });
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search pages and actions…'), 'school notice 25');
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getByRole('option', { selected: true })).toHaveTextContent(
        'School notice 25',
      ),
    );
    await user.keyboard('{Enter}');
    const card = await screen.findByRole('button', { name: /School notice 25/ });
    await waitFor(() => expect(card).toHaveAttribute('aria-expanded', 'true'));
    expect(queries.at(-1)).toEqual({ type: '2', limit: '20', offset: '20' });
    expect(currentPath()).toBe('/student-notice-list?type=2&page=2');
  });
});
