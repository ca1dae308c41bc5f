/**
 * The people screens against a fake server (msw): adding a teacher (the one-time
 * password shown once, the list refreshed), importing students (the dry run's problems by row and
 * column, then the import and its passwords), the password change with its rules, the forced
 * change after a one-time password, and the student's contact edit; one in Bangla.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, currentPath, fakeAuthServer, renderApp, server, signInWith, STUDENT } from './helpers';
import { banglaNamesAnswer } from '../helpers/msw';

afterEach(async () => {
  await setLanguage('en');
});

const TEACHERS = [
  {
    id: 2,
    initial: 'NJH',
    full_name: 'Nusrat Jahan',
    teacher_code: 'T-2',
    mobile: '01911000091',
    designation: 'Lecturer',
    email: '',
  },
];

function serveTeachers() {
  const added: unknown[] = [];
  let rows = [...TEACHERS];
  server.use(
    http.get('/api/teacher/all', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      const found = rows.filter((r) => !q || r.full_name.toLowerCase().includes(q.toLowerCase()));
      return HttpResponse.json(found, { headers: { 'x-total-count': String(found.length) } });
    }),
    http.post('/api/add_teacher', async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      added.push(body);
      if (body.initial === 'NJH') {
        return HttpResponse.json(
          {
            error: {
              code: 'people.duplicate',
              message: 'initial: NJH is already another teacher’s initial',
              fields: { initial: 'NJH is already another teacher’s initial' },
            },
          },
          { status: 409 },
        );
      }
      rows = [
        { ...TEACHERS[0], id: 3, initial: body.initial, full_name: body.first_name, teacher_code: body.teacher_code },
        ...rows,
      ];
      return HttpResponse.json({
        ok: true,
        message: 'New Teacher Added Successfully!!',
        code: 'people.teacher_added',
        id: 3,
        user_code: body.teacher_code,
        initial_password: 'Qw3rTy7uPa9s',
      });
    }),
  );
  return added;
}

describe('/add-teacher', () => {
  it('adds a teacher, names a duplicate initial, shows the one-time password once and refreshes the list', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const added = serveTeachers();
    const { user } = renderApp('/add-teacher');
    const list = await screen.findByRole('table', { name: /Teacher Id/ });
    expect(within(list).getByText('Nusrat Jahan')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // Nothing is sent while required fields are empty; they are named.
    expect(added).toHaveLength(0);
    expect(screen.getAllByText('Required').length).toBeGreaterThanOrEqual(3);
    await user.type(screen.getByLabelText(/^Teacher Id/, { selector: 'input' }), 'T-9');
    await user.type(screen.getByLabelText(/^First Name/, { selector: 'input' }), 'Sajid');
    await user.type(screen.getByLabelText(/^Initial/, { selector: 'input' }), 'NJH');
    await user.type(screen.getByLabelText(/^Mobile/, { selector: 'input' }), '01911000001');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('NJH is already another teacher’s initial')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Initial/, { selector: 'input' }));
    await user.type(screen.getByLabelText(/^Initial/, { selector: 'input' }), 'SJD');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('New Teacher Added Successfully!!')).toBeInTheDocument();
    expect(screen.getByText('Qw3rTy7uPa9s')).toBeInTheDocument();
    expect(added.at(-1)).toMatchObject({
      teacher_code: 'T-9',
      first_name: 'Sajid',
      initial: 'SJD',
      mobile: '01911000001',
    });
    await waitFor(() => expect(screen.getByRole('table', { name: /Teacher Id/ })).toHaveTextContent('Sajid'));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('Qw3rTy7uPa9s')).not.toBeInTheDocument();
  });
});

const LOOKUPS = () =>
  server.use(
    http.get('/api/section/all', () =>
      HttpResponse.json([
        { id: 61, section_default_name: 'A', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
      ]),
    ),
    http.get('/api/session', () => HttpResponse.json([{ id: 2, session_year: '2026', current: true }])),
    http.get('/api/groups/all', () => HttpResponse.json([{ id: 1, division_name: 'Science' }])),
    http.get('/api/gender', () => HttpResponse.json([{ id: 1, name: 'Male' }])),
    http.get('/api/student/all', () => HttpResponse.json([], { headers: { 'x-total-count': '0' } })),
  );

describe('/add-student form', () => {
  it('enrols the student in the chosen class and section of the current session', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    LOOKUPS();
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/add_student', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({
          ok: true,
          message: 'New Student Added Successfully!!',
          code: 'people.student_added',
          id: 5,
          user_code: 'S-5',
          initial_password: 'Mn4bV5cX6zL7',
        });
      }),
    );
    const { user } = renderApp('/add-student');
    await user.selectOptions(await screen.findByLabelText(/^Class/, { selector: 'select' }), 'Six');
    await user.selectOptions(screen.getByLabelText(/^Section/, { selector: 'select' }), 'A');
    await user.type(screen.getByLabelText(/^Class Roll/, { selector: 'input' }), '12');
    await user.type(screen.getByLabelText(/^Student Id/, { selector: 'input' }), 'S-5');
    await user.type(screen.getByLabelText(/^First Name/, { selector: 'input' }), 'মিম');
    await user.type(screen.getByLabelText(/^Father’s Mobile/, { selector: 'input' }), '01711000005');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Mn4bV5cX6zL7')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      student_code: 'S-5',
      first_name: 'মিম',
      session_id: 2,
      class_id: 6,
      section_id: 61,
      class_roll_no: 12,
      father_phone_number: '01711000005',
    });
  });
});

describe('/add-student list', () => {
  const PLACED = [
    {
      id: 9,
      student_code: 'BN-1',
      first_name: 'রাহিম',
      full_name: 'রাহিম উদ্দিন',
      mobile_no: '',
      email: '',
      session_year: '2026',
      class_id: 6,
      class_name: 'Six',
      section_id: 61,
      section_default_name: 'A',
      class_roll_no: 20,
    },
    {
      id: 8,
      student_code: 'BN-0',
      first_name: 'Tania',
      full_name: 'Tania Akter',
      mobile_no: '',
      email: '',
      session_year: null,
      class_id: null,
      class_name: null,
      section_id: null,
      section_default_name: null,
      class_roll_no: null,
    },
  ];
  const cellsOf = (row: HTMLElement) =>
    within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);

  it('shows where each student is placed: class, section and roll', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    LOOKUPS();
    server.use(http.get('/api/student/all', () => HttpResponse.json(PLACED, { headers: { 'x-total-count': '2' } })));
    renderApp('/add-student');
    const table = await screen.findByRole('table', { name: /Student Id, Student Name, Class, Section, Roll/ });
    const [, first, second] = within(table).getAllByRole('row');
    expect(cellsOf(first).slice(0, 5)).toEqual(['BN-1', 'রাহিম উদ্দিন', 'Six', 'A', '20']);
    expect(cellsOf(second).slice(0, 5)).toEqual(['BN-0', 'Tania Akter', 'Not enrolled', '—', '—']);
  });

  it('in Bangla, the class by its Bangla name, the roll and the session in Bangla digits', async () => {
    await setLanguage('bn');
    fakeAuthServer(ADMIN).savedSignIn();
    LOOKUPS();
    server.use(
      http.get('/api/student/all', () => HttpResponse.json(PLACED, { headers: { 'x-total-count': '2' } })),
      banglaNamesAnswer({ classes: { Six: 'ষষ্ঠ' } }),
    );
    renderApp('/add-student');
    const table = await screen.findByRole('table', { name: /শিক্ষার্থী আইডি, শিক্ষার্থীর নাম, শ্রেণি, শাখা, রোল/ });
    const [, first, second] = within(table).getAllByRole('row');
    await waitFor(() => expect(cellsOf(first).slice(0, 5)).toEqual(['BN-1', 'রাহিম উদ্দিন', 'ষষ্ঠ', 'A', '২০']));
    expect(cellsOf(second)[2]).toBe('ভর্তি নেই');
    // The enrolment form: the session in Bangla digits, the class by its Bangla name.
    expect(
      within(screen.getByRole('combobox', { name: /^সেশন/ })).getByRole('option', { name: '২০২৬' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('combobox', { name: /^শ্রেণি/ })).getByRole('option', { name: 'ষষ্ঠ' }),
    ).toBeInTheDocument();
  });
});

describe('/add-student import', () => {
  it('shows the dry run’s problems by row and column, then imports a clean file and offers the passwords', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    LOOKUPS();
    const sent: { dryRun: boolean; body: string; type: string | null }[] = [];
    server.use(
      http.post('/api/student/import', async ({ request }) => {
        const body = await request.text();
        const dryRun = new URL(request.url).searchParams.get('dry_run') === 'true';
        sent.push({ dryRun, body, type: request.headers.get('content-type') });
        if (body.includes('31/02/2013')) {
          return HttpResponse.json(
            {
              ok: false,
              dry_run: dryRun,
              rows: 2,
              errors: [{ row: 3, column: 'dob', message: 'must be a date as YYYY-MM-DD or DD/MM/YYYY' }],
              message: 'The file has problems: nothing was imported.',
              accounts: [],
              error: { code: 'people.import_refused', message: 'The file has problems: nothing was imported.' },
            },
            { status: 400 },
          );
        }
        return HttpResponse.json({
          ok: true,
          dry_run: dryRun,
          rows: 2,
          errors: [],
          message: dryRun ? 'No problems found' : 'Imported. 2',
          accounts: dryRun
            ? []
            : [
                { user_code: 'IMP-1', name: 'সাকিব আহমেদ', initial_password: 'Aa1Bb2Cc3Dd4' },
                { user_code: 'IMP-2', name: 'Tania Akter', initial_password: 'Ee5Ff6Gg7Hh8' },
              ],
        });
      }),
    );
    const { user } = renderApp('/add-student');
    const input = await screen.findByLabelText('CSV file');
    const header = 'student_code,first_name,last_name,class,section,roll,dob,father_phone_number';
    const bad = `${header}\nIMP-1,সাকিব,আহমেদ,Six,A,1,2013-04-09,\nIMP-2,Tania,Akter,Six,A,2,31/02/2013,\n`;
    await user.upload(input, new File([bad], 'students.csv', { type: 'text/csv' }));
    const problems = await screen.findByRole('table', { name: 'Problems in the file' });
    const row = within(problems).getAllByRole('row')[1];
    expect(row).toHaveTextContent('3');
    expect(row).toHaveTextContent('dob');
    expect(row).toHaveTextContent('must be a date');
    expect(screen.getByText(/1 problem: nothing was written/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Import 2 rows/ })).not.toBeInTheDocument();
    expect(sent).toEqual([{ dryRun: true, body: bad, type: 'text/csv' }]);
    await user.upload(input, new File([bad.replace('31/02/2013', '28/02/2013')], 'fixed.csv', { type: 'text/csv' }));
    expect(await screen.findByText('No problems in 2 rows. Nothing is written yet.')).toBeInTheDocument();
    expect(sent.filter((s) => !s.dryRun)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    expect(await screen.findByText(/Imported 2 people/)).toBeInTheDocument();
    expect(sent.at(-1)!.dryRun).toBe(false);
    const accounts = screen.getByRole('table', { name: 'New accounts' });
    expect(within(accounts).getByText('Aa1Bb2Cc3Dd4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the one-time passwords (CSV)' })).toBeInTheDocument();
  });
});

describe('passwords', () => {
  function servePasswordChange() {
    const sent: { query: string | null; body: unknown }[] = [];
    server.use(
      http.post('/api/update_user', async ({ request }) => {
        const body = (await request.json()) as { Pass: string; current_password: string };
        sent.push({ query: new URL(request.url).searchParams.get('user_code'), body });
        if (body.current_password !== 'correct horse') {
          return HttpResponse.json(
            {
              error: {
                code: 'invalid_input',
                message: 'current_password: is not your current password',
                fields: { current_password: 'is not your current password' },
              },
            },
            { status: 400 },
          );
        }
        return HttpResponse.json({
          ok: true,
          message: 'password Changed successfully!!',
          code: 'people.password_changed',
        });
      }),
    );
    return sent;
  }

  it('/studentpassword names a weak password before sending, a wrong current one after, and confirms a change', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const sent = servePasswordChange();
    const { user } = renderApp('/studentpassword');
    await user.type(await screen.findByLabelText(/^Current password/), 'nope');
    await user.type(screen.getByLabelText(/^New password(?! again)/), '12345678');
    await user.type(screen.getByLabelText(/^New password again/), '12345678');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getAllByText('At least 8 characters, not only digits.').length).toBeGreaterThanOrEqual(1);
    expect(sent).toHaveLength(0);
    await user.clear(screen.getByLabelText(/^New password(?! again)/));
    await user.type(screen.getByLabelText(/^New password(?! again)/), 'new-pass-22');
    await user.clear(screen.getByLabelText(/^New password again/));
    await user.type(screen.getByLabelText(/^New password again/), 'new-pass-22');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This is not your current password.')).toBeInTheDocument();
    expect(screen.queryByText('password Changed successfully!!')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Current password/));
    await user.type(screen.getByLabelText(/^Current password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('password Changed successfully!!')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({
      query: STUDENT.user_code,
      body: { Pass: 'new-pass-22', current_password: 'correct horse' },
    });
  });

  it('a one-time password sends the student to the password screen first, in Bangla too', async () => {
    const auth = fakeAuthServer(STUDENT);
    const sent = servePasswordChange();
    const changed = () =>
      sent.some((c) => (c.body as { current_password: string }).current_password === 'correct horse');
    server.use(
      // The server keeps the mark on the account until the password is changed.
      http.get('/api/users/user_id', ({ request }) =>
        auth.valid.has(auth.sessionOf(request))
          ? HttpResponse.json({ ...STUDENT, must_change_password: !changed() })
          : auth.refuse(),
      ),
      http.post('/api/users/login', async ({ request }) => {
        const body = (await request.json()) as { user_code: string };
        auth.valid.add('tok-once');
        auth.jar.session = 'tok-once';
        return HttpResponse.json({
          user_type_id: 1,
          accessToken: 'tok-once',
          user_code: body.user_code,
          expires_at: '2099-01-01T00:00:00.000Z',
          must_change_password: true,
        });
      }),
    );
    const { user } = renderApp('/login');
    await signInWith(user, STUDENT.user_code, 'Aa1Bb2Cc3Dd4');
    await waitFor(() => expect(currentPath()).toBe('/studentpassword'));
    expect(await screen.findByText(/signed in with a one-time password/)).toBeInTheDocument();
    // Other pages wait until the password is changed.
    window.history.pushState(null, '', '/studentroutine');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(currentPath()).toBe('/studentpassword'));
    await setLanguage('bn');
    expect(await screen.findByRole('button', { name: 'পাসওয়ার্ড বদলান' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^বর্তমান পাসওয়ার্ড/), 'correct horse');
    await user.type(screen.getByLabelText(/^নতুন পাসওয়ার্ড$/), 'new-pass-22');
    await user.type(screen.getByLabelText(/^আবার নতুন পাসওয়ার্ড/), 'new-pass-22');
    await user.click(screen.getByRole('button', { name: 'পাসওয়ার্ড বদলান' }));
    expect(await screen.findByText('পাসওয়ার্ড সফলভাবে বদলানো হয়েছে!!')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'আমার হোম পাতায় যান' }));
    await waitFor(() => expect(currentPath()).toBe('/student-admin'));
  });
});

describe('/studentprofileedit', () => {
  it('saves the student’s own mobile and e-mail', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const sent: { code: string | null; body: unknown }[] = [];
    server.use(
      http.get('/api/student/profile', () =>
        HttpResponse.json([
          {
            id: 77,
            full_name: 'Arif Hossain',
            student_code: 'S-2024-07',
            section_id: 3,
            section_default_name: 'A',
            class_id: 6,
            class_name: 'Six',
            class_roll_no: 7,
            school_info_id: 10,
            school_name: 'Green Valley School',
            address_district: 'Dhaka',
            address_division: 'Dhaka',
            mobile_no: '',
            email: '',
          },
        ]),
      ),
      http.post('/api/student/profile_update', async ({ request }) => {
        sent.push({ code: new URL(request.url).searchParams.get('student_code'), body: await request.json() });
        return HttpResponse.json({
          ok: true,
          message: 'Profile updated',
          code: 'profiles.updated',
        });
      }),
    );
    const { user } = renderApp('/studentprofileedit');
    await user.type(await screen.findByLabelText(/^Mobile/), '01311000077');
    await user.type(screen.getByLabelText(/^Email/), 'arif@example.com');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(sent).toEqual([{ code: 'S-2024-07', body: { mobile: '01311000077', email: 'arif@example.com' } }]),
    );
  });
});
