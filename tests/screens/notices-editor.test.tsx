import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ClassRow, SectionRow, SessionRow } from '@/api/schemas/lookups';
import type { CountedNoticeRow } from '@/api/schemas/notices';
import type { SectionStudentRow } from '@/api/schemas/people';
import { schoolToday } from '@/screens/notices/dates';
import { ADMIN, currentPath, fakeAuthServer, renderApp, server, TEACHER } from './helpers';

// ---- fixtures ---------------------------------------------------------------------------------

const CLASSES: ClassRow[] = [
  { id: 6, class_name: 'Six', class_code: '06', school_type_id: 1 },
  { id: 7, class_name: 'Seven', class_code: '07', school_type_id: 1 },
];
const SECTIONS: SectionRow[] = [
  { id: 3, section_default_name: 'A', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
  { id: 4, section_default_name: 'B', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
  { id: 5, section_default_name: 'A', class_id: 7, class_name: 'Seven', shift_id: 1, school_info_id: 10 },
];
const SESSIONS: SessionRow[] = [
  { id: 1, session_year: '2025', current: false },
  { id: 2, session_year: '2026', current: true },
];

function student(id: number, full_name: string, class_id: number, section_id: number, roll: number): SectionStudentRow {
  return {
    id,
    student_id: id,
    student_code: `S-1-${String(id).padStart(4, '0')}`,
    full_name,
    mobile_no: `0171100${id}`,
    class_roll_no: roll,
    enrolment_id: id + 1000,
    class_id,
    section_id,
  };
}
const STUDENTS = [
  student(101, 'Arif Hossain', 6, 3, 1),
  student(102, 'Nusrat Jahan', 6, 3, 2),
  student(103, 'Rafi Ahmed', 6, 4, 1),
  student(104, 'Mim Akter', 7, 5, 1),
];

function notice(over: Partial<CountedNoticeRow>): CountedNoticeRow {
  return {
    id: 5,
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
    notice_users: '101',
    students: [101],
    student_id: 101,
    creator_name: 'Rahima Khatun',
    edited_by_name: null,
    edited_at: null,
    read_count: 0,
    recipient_count: 1,
    ...over,
  };
}

type Json = Record<string, unknown>;

/**
 * The notice API as msw handlers over a small in-memory list. `calls` records what the client
 * sent; `hold` makes the next POST /api/notice wait until the test lets it answer.
 */
function noticeApi(
  initial: CountedNoticeRow[],
  listPath: '/api/notice/creator' | '/api/notice/school' = '/api/notice/creator',
) {
  let list = [...initial];
  let nextId = 40;
  const calls = {
    list: 0,
    students: [] as Array<Record<string, string>>,
    edit: [] as string[],
    save: [] as Json[],
    delete: [] as string[],
    classQuery: [] as Array<string | null>,
  };
  let saveAnswer: (() => Response | Promise<Response>) | null = null;
  const gate: { release: (() => void) | null } = { release: null };
  let held = false;

  server.use(
    http.get('/api/class', ({ request }) => {
      calls.classQuery.push(new URL(request.url).searchParams.get('school_type_id'));
      return HttpResponse.json(CLASSES);
    }),
    http.get('/api/section/all', () => HttpResponse.json(SECTIONS)),
    http.get('/api/session', () => HttpResponse.json(SESSIONS)),
    http.get('/api/student/section', ({ request }) => {
      const q = Object.fromEntries(new URL(request.url).searchParams);
      calls.students.push(q);
      const classId = Number(q.class_id ?? 0);
      const sectionId = Number(q.section_id ?? 0);
      return HttpResponse.json(
        STUDENTS.filter((s) => (!classId || s.class_id === classId) && (!sectionId || s.section_id === sectionId)),
      );
    }),
    http.get(listPath, () => {
      calls.list += 1;
      return HttpResponse.json(list);
    }),
    http.get('/api/notice/edit', ({ request }) => {
      const id = new URL(request.url).searchParams.get('id') ?? '';
      calls.edit.push(id);
      return HttpResponse.json(list.filter((n) => String(n.id) === id));
    }),
    http.post('/api/notice', async ({ request }) => {
      const body = (await request.json()) as Json;
      calls.save.push(body);
      if (held) await new Promise<void>((resolve) => (gate.release = resolve));
      if (saveAnswer) return saveAnswer();
      const existing = body.id ? list.find((n) => n.id === body.id) : undefined;
      const row = notice({
        id: existing?.id ?? nextId++,
        notice_headline: String(body.headline),
        notice_description: String(body.description),
        class_id: Number(body.class_id),
        class_name: CLASSES.find((c) => c.id === body.class_id)?.class_name ?? 'ALL',
        section_id: Number(body.section_id),
        section_default_name: SECTIONS.find((s) => s.id === body.section_id)?.section_default_name ?? 'ALL',
        publishing_date: String(body.date),
        students: body.students as number[],
        notice_users: (body.students as number[]).join(','),
        recipient_count: (body.students as number[]).length,
      });
      list = existing ? list.map((n) => (n.id === row.id ? row : n)) : [row, ...list];
      return HttpResponse.json({
        ok: true,
        id: row.id,
        message: existing ? 'Note updated successfully!' : 'new note added successfully!',
      });
    }),
    http.post('/api/notice/delete', ({ request }) => {
      const id = new URL(request.url).searchParams.get('id') ?? '';
      calls.delete.push(id);
      list = list.filter((n) => String(n.id) !== id);
      return HttpResponse.json({ ok: true, message: "Note's deleted successfully" });
    }),
  );

  return {
    calls,
    gate,
    holdSaves() {
      held = true;
    },
    answerSavesWith(answer: () => Response | Promise<Response>) {
      saveAnswer = answer;
    },
  };
}

async function openTeacherScreen(initial: CountedNoticeRow[] = []) {
  fakeAuthServer(TEACHER).savedSignIn();
  const api = noticeApi(initial);
  const view = renderApp('/teachernotice');
  await screen.findByRole('heading', { name: 'Notices', level: 1 });
  await screen.findByRole('textbox', { name: 'Headline' });
  // The first student list (class and section ALL) has arrived.
  await screen.findByRole('checkbox', { name: /Select all/ });
  return { ...view, api };
}

const form = () => screen.getByRole('form', { name: "Create Note's" });
const field = (name: string) => within(form()).getByLabelText(name) as HTMLInputElement & HTMLSelectElement;

async function chooseAudience(
  user: Awaited<ReturnType<typeof openTeacherScreen>>['user'],
  classId: string,
  sectionId: string,
) {
  await user.selectOptions(field('Class'), classId);
  await waitFor(() => expect(within(form()).getAllByRole('checkbox').length).toBe(4)); // select all + 3 of class Six
  await user.selectOptions(field('Section'), sectionId);
  await waitFor(() => expect(within(form()).getAllByRole('checkbox').length).toBe(3)); // select all + 2 of Six A
}

// ---- teacher ------------------------------------------------------------------------------------

describe('teacher notices (/teachernotice)', () => {
  it('creates a notice for one student: the payload, and the success message only after the server’s 200', async () => {
    const { user, api } = await openTeacherScreen();
    expect(screen.getByText('You have not created any notices yet.')).toBeInTheDocument();
    expect(api.calls.classQuery).toContain('1');

    // Defaults: today (Asia/Dhaka) and the current session; class and section ALL.
    expect(field('Publishing date').value).toBe(schoolToday());
    expect(field('Academic Session').value).toBe('2');
    expect(field('Class').value).toBe('0');
    expect(field('Section').value).toBe('0');
    expect(api.calls.students[0]).toEqual({ class_id: '0', section_id: '0', session_id: '2' });

    await user.type(field('Headline'), 'Science fair');
    await user.type(field('Description'), 'Projects due Sunday.');
    await chooseAudience(user, '6', '3');
    expect(api.calls.students.at(-1)).toEqual({ class_id: '6', section_id: '3', session_id: '2' });
    await user.click(within(form()).getByRole('checkbox', { name: /Arif Hossain/ }));
    expect(screen.getByText('1 chosen: only they receive the notice.')).toBeInTheDocument();

    api.holdSaves();
    await user.click(within(form()).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls.save).toHaveLength(1));
    expect(api.calls.save[0]).toEqual({
      id: '',
      school_info_id: 10,
      class_id: 6,
      section_id: 3,
      students: [101],
      session_id: 2,
      headline: 'Science fair',
      description: 'Projects due Sunday.',
      date: schoolToday(),
      uid: 41,
      type: 1,
    });
    // The server has not answered: no success yet, and the button says so.
    expect(within(form()).getByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(screen.queryByText('new note added successfully!')).not.toBeInTheDocument();

    act(() => api.gate.release?.());
    expect(await screen.findByText('new note added successfully!')).toBeInTheDocument();
    // The form resets and the list reloads with the new notice.
    await waitFor(() => expect(field('Headline').value).toBe(''));
    expect(field('Class').value).toBe('0');
    const table = await screen.findByRole('table', { name: 'My notices' });
    const row = within(table).getByRole('row', { name: /Science fair/ });
    expect(row).toHaveTextContent('read by 0 of 1');
    expect(row).toHaveTextContent('Six');
    expect(api.calls.list).toBeGreaterThanOrEqual(2);
  });

  it('shows the server’s message on a 400 and keeps what was typed', async () => {
    const { user, api } = await openTeacherScreen();
    api.answerSavesWith(() =>
      HttpResponse.json(
        { error: { code: 'invalid_input', message: 'Enter a headline', fields: { headline: 'Enter a headline' } } },
        { status: 400 },
      ),
    );
    await user.type(field('Description'), 'No headline here.');
    await user.click(within(form()).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a headline');
    expect(field('Headline')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Description').value).toBe('No headline here.');
    expect(screen.queryByText('new note added successfully!')).not.toBeInTheDocument();

    // Retry sends the same notice again.
    await user.click(within(form()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.calls.save).toHaveLength(2));
    expect(api.calls.save[1]).toEqual(api.calls.save[0]);
  });

  it('Edit loads the notice into the form and Update sends its id', async () => {
    const { user, api } = await openTeacherScreen([notice({})]);
    const table = await screen.findByRole('table', { name: 'My notices' });
    expect(within(table).getByRole('row', { name: /Sports day/ })).toHaveTextContent('01-03-2026');

    await user.click(screen.getByRole('button', { name: 'Edit Sports day' }));
    await waitFor(() => expect(field('Headline').value).toBe('Sports day'));
    expect(api.calls.edit).toContain('5');
    expect(field('Description').value).toBe('Bring your kit on Thursday.');
    expect(field('Class').value).toBe('6');
    expect(field('Section').value).toBe('3');
    expect(field('Publishing date').value).toBe('2026-03-01');
    await waitFor(() => expect(within(form()).getByRole('checkbox', { name: /Arif Hossain/ })).toBeChecked());
    expect(within(form()).getByRole('checkbox', { name: /Nusrat Jahan/ })).not.toBeChecked();

    await user.clear(field('Headline'));
    await user.type(field('Headline'), 'Sports day moved');
    await user.click(within(form()).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Note updated successfully!')).toBeInTheDocument();
    expect(api.calls.save[0]).toMatchObject({
      id: 5,
      headline: 'Sports day moved',
      class_id: 6,
      section_id: 3,
      students: [101],
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'My notices' })).getByText('Sports day moved'),
      ).toBeInTheDocument(),
    );
    expect(field('Headline').value).toBe('');
  });

  it('Delete asks “Are you sure to delete?”, Cancel keeps the notice, Delete removes it', async () => {
    const { user, api } = await openTeacherScreen([
      notice({}),
      notice({ id: 9, notice_headline: 'Holiday', class_id: 0, class_name: 'ALL' }),
    ]);
    await screen.findByRole('table', { name: 'My notices' });

    await user.click(screen.getByRole('button', { name: 'Delete Sports day' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure to delete?');
    expect(dialog).toHaveTextContent('Sports day');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.delete).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Sports day' }));
    dialog = await screen.findByRole('dialog');
    expect(screen.queryByText("Note's deleted successfully")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("Note's deleted successfully")).toBeInTheDocument();
    expect(api.calls.delete).toEqual(['5']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Sports day' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Delete Holiday' })).toBeInTheDocument();
  });

  it('a refused delete shows the server’s message', async () => {
    const { user } = await openTeacherScreen([notice({})]);
    server.use(
      http.post('/api/notice/delete', () =>
        HttpResponse.json(
          { error: { code: 'forbidden', message: 'That is another teacher’s notice.' } },
          { status: 403 },
        ),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete Sports day' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('That is another teacher’s notice.')).toBeInTheDocument();
    expect(screen.queryByText("Note's deleted successfully")).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Sports day' })).toBeInTheDocument();
  });

  it('collapsing the card clears every field', async () => {
    const { user } = await openTeacherScreen();
    await user.type(field('Headline'), 'Draft');
    await user.type(field('Description'), 'Half written');
    await user.clear(field('Publishing date'));
    await user.type(field('Publishing date'), '2026-05-05');
    await chooseAudience(user, '6', '3');
    await user.click(within(form()).getByRole('checkbox', { name: /Select all/ }));

    const toggle = screen.getByRole('button', { name: /Create Note's/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form', { name: "Create Note's" })).not.toBeInTheDocument();

    await user.click(toggle);
    await screen.findByRole('checkbox', { name: /Select all/ });
    expect(field('Headline').value).toBe('');
    expect(field('Description').value).toBe('');
    expect(field('Publishing date').value).toBe(schoolToday());
    expect(field('Class').value).toBe('0');
    expect(field('Section').value).toBe('0');
    expect(
      within(form())
        .getAllByRole('checkbox')
        .filter((c) => (c as HTMLInputElement).checked),
    ).toEqual([]);
  });

  it('the palette’s “New notice” opens the screen with the headline focused, and lists notices by headline', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    noticeApi([notice({})]);
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([])));
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });

    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search pages and actions…'), 'new notice');
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getByRole('option', { selected: true })).toHaveTextContent(
        'New notice',
      ),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/teachernotice'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Headline' })).toHaveFocus());

    // On the notice screen, the palette jumps to a notice by its headline (into the editor).
    await screen.findByRole('table', { name: 'My notices' });
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search pages and actions…'), 'sports');
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getByRole('option', { selected: true })).toHaveTextContent(
        'Sports day',
      ),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(field('Headline').value).toBe('Sports day'));
  });
});

describe('editing a notice whose recipients left its section', () => {
  it('says how many recipients will be removed on save instead of dropping them silently', async () => {
    // 103 was in Six A when the notice was written; the list of Six A no longer has them.
    const { user, api } = await openTeacherScreen([
      notice({ students: [101, 103], notice_users: '101,103', student_id: 101, recipient_count: 2 }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Edit Sports day' }));
    await waitFor(() => expect(within(form()).getByRole('checkbox', { name: /Arif Hossain/ })).toBeChecked());
    expect(
      within(form()).getByText('1 recipient is no longer in this class and section and will be removed on save.'),
    ).toBeInTheDocument();
    expect(screen.getByText('1 chosen: only they receive the notice.')).toBeInTheDocument();

    await user.click(within(form()).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Note updated successfully!')).toBeInTheDocument();
    expect(api.calls.save[0]).toMatchObject({ id: 5, students: [101] });
    // A new form: nothing to warn about.
    await waitFor(() => expect(field('Headline').value).toBe(''));
    expect(within(form()).queryByText(/will be removed on save/)).not.toBeInTheDocument();
  });

  it('a student list that fails to load keeps the recipients chosen (the notice is not widened to the section)', async () => {
    const { user, api } = await openTeacherScreen([notice({})]);
    server.use(
      http.get('/api/student/section', () =>
        HttpResponse.json(
          { error: { code: 'internal', message: 'The student list is unavailable.' } },
          { status: 500 },
        ),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Sports day' }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent('The student list is unavailable.');
    expect(screen.getByText('1 chosen: only they receive the notice.')).toBeInTheDocument();
    await user.click(within(form()).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.calls.save).toHaveLength(1));
    expect(api.calls.save[0]).toMatchObject({ id: 5, students: [101] });
  });
});

describe('the palette’s jump to a notice, from anywhere', () => {
  it('a teacher on the dashboard types a headline and lands on the notice, open for edit', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const api = noticeApi([notice({}), notice({ id: 9, notice_headline: 'Holiday', class_id: 0, class_name: 'ALL' })]);
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([])));
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    // Nothing about notices is fetched before the palette opens.
    expect(api.calls.list).toBe(0);

    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search pages and actions…'), 'holiday');
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getByRole('option', { selected: true })).toHaveTextContent('Holiday'),
    );
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('edit · 01-03-2026');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(field('Headline').value).toBe('Holiday'));
    expect(api.calls.edit).toEqual(['9']);
    expect(screen.getByText('Editing a notice. Submit saves your changes to it.')).toBeInTheDocument();
    // The jump is done: the address is the screen's own again.
    expect(currentPath()).toBe('/teachernotice');

    // And again from the notice screen itself, to the other notice.
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search pages and actions…'), 'sports day');
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getByRole('option', { selected: true })).toHaveTextContent(
        'Sports day',
      ),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(field('Headline').value).toBe('Sports day'));
    expect(api.calls.edit).toEqual(['9', '5']);
  });

  it('a school admin jumps from the dashboard to any notice of the school, open for edit', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = noticeApi(
      [notice({ id: 21, type: 2, notice_headline: 'Prize giving', creator_name: 'Nasrin Akter' })],
      '/api/notice/school',
    );
    const { user } = renderApp('/school-admin');
    await screen.findByRole('heading', { name: 'School Admin Dashboard' });
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search pages and actions…'), 'prize');
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getByRole('option', { selected: true })).toHaveTextContent(
        'Prize giving',
      ),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(field('Headline').value).toBe('Prize giving'));
    expect(currentPath()).toBe('/schooladminnotice');
    expect(api.calls.edit).toEqual(['21']);
  });
});

// ---- school admin -------------------------------------------------------------------------------

describe('school admin notices (/schooladminnotice)', () => {
  it('lists every notice of the school under “Information”, 20 a page, and shows mobile numbers in the student list', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const many = Array.from({ length: 25 }, (_, i) =>
      notice({
        id: 100 + i,
        type: i % 2 ? 1 : 2,
        notice_headline: `Notice ${i + 1}`,
        publishing_date: `2026-02-${String(28 - i).padStart(2, '0')}`,
        read_count: i,
        recipient_count: 30,
      }),
    );
    const api = noticeApi(many, '/api/notice/school');
    const { user } = renderApp('/schooladminnotice');
    expect(await screen.findByRole('heading', { name: 'Admin Notice', level: 1 })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Information' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Publishing Date', "Note's Headline", 'Description', 'Class', 'Section', 'Read', 'Actions']);
    let rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    expect(
      within(rows[0])
        .getAllByRole('cell')
        .slice(0, 6)
        .map((c) => c.textContent),
    ).toEqual(['28-02-2026', 'Notice 1', 'Bring your kit on Thursday.', 'Six', 'A', 'read by 0 of 30']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    rows = within(screen.getByRole('table', { name: 'Information' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(5);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();

    const students = await screen.findByRole('list', { name: 'Students' });
    expect(
      within(students)
        .getByText(/Arif Hossain/)
        .closest('label'),
    ).toHaveTextContent('0171100101');

    // The admin's notice is type 2.
    await user.type(field('Headline'), 'Prize giving');
    await user.click(within(form()).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('new note added successfully!')).toBeInTheDocument();
    expect(api.calls.save[0]).toMatchObject({
      type: 2,
      uid: 5,
      class_id: 0,
      section_id: 0,
      students: [],
      headline: 'Prize giving',
    });
  });

  it('shows “read by N of M” on the admin’s own notices only (the server sends the counts only there)', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const { read_count: _r, recipient_count: _m, ...teachers } = notice({ id: 30, notice_headline: 'Teacher’s own' });
    noticeApi(
      [
        notice({ id: 31, type: 2, notice_headline: 'Admin’s own', read_count: 2, recipient_count: 30 }),
        teachers as CountedNoticeRow,
      ],
      '/api/notice/school',
    );
    renderApp('/schooladminnotice');
    const table = await screen.findByRole('table', { name: 'Information' });
    const readCell = (name: RegExp) => within(within(table).getByRole('row', { name })).getAllByRole('cell')[5];
    expect(readCell(/Admin’s own/)).toHaveTextContent('read by 2 of 30');
    expect(readCell(/Teacher’s own/)).toHaveTextContent(/^$/);
  });

  it('says so when the school has no notices', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    noticeApi([], '/api/notice/school');
    renderApp('/schooladminnotice');
    expect(await screen.findByText('The school has no notices yet.')).toBeInTheDocument();
  });
});
