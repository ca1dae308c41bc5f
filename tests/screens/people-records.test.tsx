/**
 * Records on the admin's people screens against a fake server (msw; docs/DOMAIN.md, Records):
 * editing a teacher from the list (the list shows the change), marking a student as left after a
 * confirmation that says what happens (the list then leaves them out, the "show who left" option
 * shows them with a badge), reactivating, and the certificates offered for one who left; one in
 * Bangla.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, fakeAuthServer, renderApp, server } from './helpers';

afterEach(async () => {
  await setLanguage('en');
});

const TEACHER = {
  id: 2,
  initial: 'NJH',
  full_name: 'Nusrat Jahan',
  teacher_code: 'T-2',
  mobile: '01911000091',
  designation: 'Lecturer',
  email: '',
  left_on: null as string | null,
};
const TEACHER_RECORD = {
  id: 2,
  teacher_code: 'T-2',
  title: '',
  first_name: 'Nusrat',
  middle_name: '',
  last_name: 'Jahan',
  mobile: '01911000091',
  initial: 'NJH',
  designation: 'Lecturer',
  department: '',
  mpo_status: '',
  index_no: '',
  blood_group: '',
  email: '',
  dob: '',
  subject_code: '',
  left: null,
};

function serveTeachers() {
  const updates: unknown[] = [];
  let row = { ...TEACHER };
  server.use(
    http.get('/api/teacher/all', () => HttpResponse.json([row], { headers: { 'x-total-count': '1' } })),
    http.get('/api/teacher/record', () => HttpResponse.json(TEACHER_RECORD)),
    http.post('/api/teacher/update', async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      updates.push({ query: new URL(request.url).searchParams.get('teacher_id'), body });
      row = { ...row, full_name: `${body.first_name} ${body.last_name}`, designation: body.designation };
      return HttpResponse.json({
        ok: true,
        message: 'Saved.',
        code: 'records.teacher_updated',
        id: 2,
        enrolment_changed: false,
      });
    }),
  );
  return updates;
}

describe('/add-teacher records', () => {
  it('edits a teacher from the list and the list shows the change', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const updates = serveTeachers();
    const { user } = renderApp('/add-teacher');
    const list = await screen.findByRole('table', { name: /Teacher Id/ });
    await user.click(within(list).getByRole('button', { name: 'Edit Nusrat Jahan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit teacher: Nusrat Jahan' });
    await user.click(await within(dialog).findByRole('button', { name: 'Edit' }));
    const designation = within(dialog).getByLabelText(/^Designation/, { selector: 'input' });
    expect(designation).toHaveValue('Lecturer');
    await user.clear(designation);
    await user.type(designation, 'Senior Teacher');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Saved.')).toBeInTheDocument();
    expect(updates).toEqual([
      {
        query: '2',
        body: expect.objectContaining({
          teacher_code: 'T-2',
          first_name: 'Nusrat',
          initial: 'NJH',
          designation: 'Senior Teacher',
        }),
      },
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('table', { name: /Teacher Id/ })).toHaveTextContent('Senior Teacher'));
  });
});

const STUDENT_ROW = {
  id: 41,
  student_code: 'S-41',
  first_name: 'Rafi',
  full_name: 'Rafi Hasan',
  mobile_no: '',
  email: '',
  session_year: '2026',
  class_id: 6,
  class_name: 'Six',
  section_id: 61,
  section_default_name: 'A',
  class_roll_no: 12,
  left_on: null as string | null,
};
const STUDENT_RECORD = {
  id: 41,
  student_code: 'S-41',
  first_name: 'Rafi',
  middle_name: '',
  last_name: 'Hasan',
  mobile_no: '',
  email: '',
  present_address: '',
  permanent_address: '',
  father_name: '',
  father_phone_number: '',
  mother_name: '',
  mother_phone_number: '',
  dob: '',
  blood_group: '',
  gender_id: null,
  division_id: null,
  enrolment: { session_id: 2, shift_id: 1, class_id: 6, section_id: 61, group_id: null, class_roll_no: 12 },
  left: null as null | { date: string; reason: string; note: string },
  changes: [],
};

function serveStudents() {
  const calls: { url: string; body: unknown }[] = [];
  let left: string | null = null;
  server.use(
    http.get('/api/section/all', () =>
      HttpResponse.json([
        { id: 61, section_default_name: 'A', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
      ]),
    ),
    http.get('/api/session', () => HttpResponse.json([{ id: 2, session_year: '2026', current: true }])),
    http.get('/api/groups/all', () => HttpResponse.json([{ id: 1, division_name: 'Science' }])),
    http.get('/api/gender', () => HttpResponse.json([{ id: 1, name: 'Male' }])),
    http.get('/api/student/all', ({ request }) => {
      const all = new URL(request.url).searchParams.get('include_inactive') === 'true';
      const rows = left && !all ? [] : [{ ...STUDENT_ROW, left_on: left }];
      return HttpResponse.json(rows, { headers: { 'x-total-count': String(rows.length) } });
    }),
    http.get('/api/student/record', () =>
      HttpResponse.json({ ...STUDENT_RECORD, left: left ? { date: left, reason: 'transfer', note: '' } : null }),
    ),
    http.post('/api/student/deactivate', async ({ request }) => {
      const body = (await request.json()) as { date: string };
      calls.push({ url: '/api/student/deactivate', body });
      left = body.date;
      return HttpResponse.json({ ok: true, message: 'Marked as left.', code: 'records.deactivated' });
    }),
    http.post('/api/student/reactivate', async ({ request }) => {
      calls.push({ url: '/api/student/reactivate', body: await request.json() });
      left = null;
      return HttpResponse.json({ ok: true, message: 'Back.', code: 'records.reactivated' });
    }),
  );
  return calls;
}

describe('/add-student records', () => {
  it('marks a student as left after a confirmation, lists them only when asked, with a badge, and reactivates', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const calls = serveStudents();
    const { user } = renderApp('/add-student');
    const list = await screen.findByRole('table', { name: /Student Id/ });
    await user.click(within(list).getByRole('button', { name: 'Edit Rafi Hasan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit student: Rafi Hasan' });
    await user.click(await within(dialog).findByRole('button', { name: 'Mark as left' }));
    // Without a reason nothing is asked or sent.
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(calls).toEqual([]);
    await user.selectOptions(within(dialog).getByLabelText(/^Reason/), 'transfer');
    await user.type(within(dialog).getByLabelText(/^Note/), 'To Chattogram');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Mark as left?' });
    expect(confirm).toHaveTextContent(/is on no attendance roll and no default list, and cannot sign in/);
    expect(calls).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Mark as left' }));
    expect(await within(dialog).findByText('Rafi Hasan is marked as left.')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        url: '/api/student/deactivate',
        body: { student_id: 41, date: expect.any(String), reason: 'transfer', note: 'To Chattogram' },
      },
    ]);
    // The certificates are offered for a student who left.
    expect(
      within(dialog).getByRole('button', { name: /Transfer certificate of Rafi Hasan \(PDF\) English/ }),
    ).toBeInTheDocument();
    // The list leaves them out, unless the admin asks; then with a badge.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('table', { name: /Student Id/ })).not.toBeInTheDocument());
    await user.click(screen.getByRole('checkbox', { name: 'Show people who have left' }));
    const again = await screen.findByRole('table', { name: /Student Id/ });
    expect(within(again).getByText('Left')).toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Edit Rafi Hasan' }));
    const second = await screen.findByRole('dialog', { name: 'Edit student: Rafi Hasan' });
    await user.click(await within(second).findByRole('button', { name: 'Reactivate' }));
    const ask = await screen.findByRole('dialog', { name: 'Reactivate?' });
    await user.click(within(ask).getByRole('button', { name: 'Reactivate' }));
    expect(await within(second).findByText('Rafi Hasan is active again.')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ url: '/api/student/reactivate', body: { student_id: 41 } });
  });

  it('in Bangla', async () => {
    await setLanguage('bn');
    fakeAuthServer(ADMIN).savedSignIn();
    serveStudents();
    const { user } = renderApp('/add-student');
    const list = await screen.findByRole('table');
    await user.click(within(list).getByRole('button', { name: 'Rafi Hasan সম্পাদনা' }));
    const dialog = await screen.findByRole('dialog', { name: 'শিক্ষার্থী সম্পাদনা: Rafi Hasan' });
    expect(await within(dialog).findByRole('button', { name: 'প্রস্থান হিসেবে চিহ্নিত' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /প্রশংসাপত্র \(পিডিএফ\) বাংলা/ })).toBeInTheDocument();
  });
});
