/**
 * The structure setup screens against a mock server (msw): a school admin's sections
 * (create with the shift, the list, edit, delete after the question, a 409 in use shown with the
 * server's words, and in Bangla with the counts), periods (an overlap shown under the times, an
 * end before the start never sent), the shared classes as a read-only list for a school admin,
 * the super admin's class form and school choice, and opening the next session.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SetupPeriodRow, SetupSectionRow } from '@/api/schemas/structure';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, fakeAuthServer, renderApp, schoolRow, server } from './helpers';

const SUPER = {
  ...ADMIN,
  user_type: 5 as const,
  user_code: 'SA-1',
  school_id: null,
  school_info_id: null,
  school_type: null,
  school_name: null,
};

const section = (over: Partial<SetupSectionRow>): SetupSectionRow => ({
  id: 1,
  section_default_name: 'A',
  class_id: 6,
  class_name: 'Six',
  shift_id: 1,
  shift_name: 'Day',
  school_info_id: 10,
  ...over,
});
const period = (over: Partial<SetupPeriodRow>): SetupPeriodRow => ({
  id: 1,
  period_code: '1st',
  serial: 1,
  shift_id: 1,
  shift_name: 'Day',
  start_time: '10:00:00',
  end_time: '10:45:00',
  school_info_id: 10,
  ...over,
});
const page = <T,>(rows: T[]) => ({ rows, total: rows.length, limit: 50, offset: 0 });

function choices() {
  server.use(
    http.get('/api/shift', () => HttpResponse.json([{ id: 1, shift_name: 'Day' }])),
    http.get('/api/class', () =>
      HttpResponse.json([
        { id: 6, class_name: 'Six', class_code: '6', school_type_id: 1 },
        { id: 7, class_name: 'Seven', class_code: '7', school_type_id: 1 },
        { id: 11, class_name: 'Eleven', class_code: '11', school_type_id: 3 },
      ]),
    ),
    http.get('/api/groups/all', () => HttpResponse.json([{ id: 1, division_name: 'Science' }])),
  );
}

function sections(initial: SetupSectionRow[]) {
  const state = { rows: initial, asked: [] as URLSearchParams[] };
  server.use(
    http.get('/api/setup/sections', ({ request }) => {
      state.asked.push(new URL(request.url).searchParams);
      return HttpResponse.json(page(state.rows));
    }),
  );
  return state;
}

afterEach(async () => {
  await setLanguage('en');
});

describe('/section-create (school admin)', () => {
  it('creates a section with its class and shift, shows the server’s message and reloads the list', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    choices();
    const list = sections([section({ id: 1 })]);
    const posted: unknown[] = [];
    server.use(
      http.post('/api/create_section', async ({ request }) => {
        posted.push(await request.json());
        const row = section({ id: 2, section_default_name: 'B', class_id: 7, class_name: 'Seven' });
        list.rows = [...list.rows, row];
        return HttpResponse.json({ ok: true, code: 'structure.created', message: 'Section B of Seven created.', row });
      }),
    );
    const { user } = renderApp('/section-create');
    const table = await screen.findByRole('table', { name: 'Sections' });
    expect(within(table).getByText('Six')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Create New Section' });
    // Only the school's own type's classes are offered.
    const classSelect = within(form).getByLabelText('Class');
    expect(within(classSelect).queryByRole('option', { name: 'Eleven' })).not.toBeInTheDocument();
    await user.selectOptions(classSelect, '7');
    await user.type(within(form).getByLabelText('Section Name'), 'B');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Section B of Seven created.')).toBeInTheDocument();
    expect(posted).toEqual([{ class_id: 7, shift_id: 1, section_default_name: 'B' }]);
    expect(await within(table).findByText('Seven')).toBeInTheDocument();
    expect(within(form).getByLabelText('Section Name')).toHaveValue('');
  });

  it('a section without a name is not sent', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    choices();
    sections([]);
    let posts = 0;
    server.use(http.post('/api/create_section', () => void (posts += 1)));
    const { user } = renderApp('/section-create');
    expect(await screen.findByText('No sections yet. Create the first one above.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Create New Section' });
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await within(form).findByText('section_default_name is required')).toBeInTheDocument();
    expect(posts).toBe(0);
  });

  it('Edit opens the dialog filled in and saves with PUT', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    choices();
    sections([section({ id: 3, section_default_name: 'A' })]);
    const put: unknown[] = [];
    server.use(
      http.put('/api/setup/sections/3', async ({ request }) => {
        put.push(await request.json());
        return HttpResponse.json({
          ok: true,
          code: 'structure.updated',
          message: 'Section Rose of Six updated.',
          row: section({ id: 3, section_default_name: 'Rose' }),
        });
      }),
    );
    const { user } = renderApp('/section-create');
    await user.click(await screen.findByRole('button', { name: 'Edit Six A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit section' });
    const name = within(dialog).getByLabelText('Section Name');
    expect(name).toHaveValue('A');
    await user.clear(name);
    await user.type(name, 'Rose');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Section Rose of Six updated.')).toBeInTheDocument();
    expect(put).toEqual([{ class_id: 6, shift_id: 1, section_default_name: 'Rose' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('delete asks first; an unused one goes, one in use shows what uses it (in Bangla with the counts)', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    choices();
    sections([section({ id: 4, section_default_name: 'A' }), section({ id: 5, section_default_name: 'C' })]);
    const deleted: string[] = [];
    server.use(
      http.delete('/api/setup/sections/:id', ({ params }) => {
        deleted.push(String(params.id));
        if (params.id === '4')
          return HttpResponse.json(
            {
              error: {
                code: 'structure.in_use',
                message:
                  'Section A of Six cannot be deleted: 32 student enrolments and 30 routine entries use it. Remove or move those first.',
                fields: { enrolments: '32', routines: '30' },
              },
            },
            { status: 409 },
          );
        return HttpResponse.json({ ok: true, code: 'structure.deleted', message: 'Section C of Six deleted.' });
      }),
    );
    const { user } = renderApp('/section-create');
    await user.click(await screen.findByRole('button', { name: 'Delete Six C' }));
    const ask = await screen.findByRole('dialog', { name: 'Are you sure to delete?' });
    expect(deleted).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Section C of Six deleted.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Six A' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure to delete?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(
      await screen.findByText(
        'Section A of Six cannot be deleted: 32 student enrolments and 30 routine entries use it. Remove or move those first.',
      ),
    ).toBeInTheDocument();
    expect(deleted).toEqual(['5', '4']);

    await setLanguage('bn');
    await user.click(screen.getByRole('button', { name: 'মুছে ফেলুন: Six A' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'আপনি কি নিশ্চিতভাবে মুছতে চান?' })).getByRole('button', {
        name: 'মুছে ফেলুন',
      }),
    );
    expect(await screen.findByText(/মোছা যাবে না: ৩২টি শিক্ষার্থী ভর্তি, ৩০টি রুটিনের ঘর/)).toBeInTheDocument();
  });

  it('opens the next session after the question, copying the routine', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    choices();
    sections([]);
    const posted: unknown[] = [];
    server.use(
      http.post('/api/setup/sessions', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({
          ok: true,
          code: 'structure.session_opened',
          message: 'Session 2027 opened. 412 routine entries copied from the last session.',
          session: { id: 4, session_year: '2027' },
          routines_copied: 412,
        });
      }),
    );
    const { user } = renderApp('/section-create');
    await user.click(await screen.findByRole('button', { name: 'Open next session' }));
    const ask = await screen.findByRole('dialog', { name: 'Open the next academic session?' });
    expect(posted).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Open next session' }));
    expect(
      await screen.findByText('Session 2027 opened. 412 routine entries copied from the last session.'),
    ).toBeInTheDocument();
    expect(posted).toEqual([{ copy_routines: true }]);
  });
});

describe('/period-create (school admin)', () => {
  it('shows an overlap refused by the server under the times, keeping the form', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    choices();
    server.use(
      http.get('/api/setup/periods', () => HttpResponse.json(page([period({})]))),
      http.post('/api/create_period', () =>
        HttpResponse.json(
          {
            error: {
              code: 'structure.period_overlap',
              message: 'These times overlap period 1st (10:00–10:45) of this shift.',
              fields: {
                start_time: 'These times overlap period 1st (10:00–10:45) of this shift.',
                end_time: 'These times overlap period 1st (10:00–10:45) of this shift.',
              },
            },
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp('/create-period');
    const table = await screen.findByRole('table', { name: 'Periods' });
    expect(within(table).getByText('10:00–10:45')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Create New Period' });
    await user.type(within(form).getByLabelText('Period'), '2nd');
    await user.type(within(form).getByLabelText('Serial No.'), '2');
    await user.type(within(form).getByLabelText('Start Time'), '10:30');
    await user.type(within(form).getByLabelText('End Time'), '11:15');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(
      await within(form).findAllByText('These times overlap period 1st (10:00–10:45) of this shift.'),
    ).toHaveLength(2);
    expect(within(form).getByLabelText('Period')).toHaveValue('2nd');
    expect(within(form).getByLabelText('Start Time')).toHaveAttribute('aria-invalid', 'true');
    // In Bangla the refusal is the catalogue's, by its code.
    await setLanguage('bn');
    expect(await within(form).findAllByText('এই সময় এই শিফটের অন্য একটি পিরিয়ডের সঙ্গে মিলে যাচ্ছে।')).toHaveLength(2);
  });

  it('an end before the start is not sent', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    choices();
    let posts = 0;
    server.use(
      http.get('/api/setup/periods', () => HttpResponse.json(page([]))),
      http.post('/api/create_period', () => void (posts += 1)),
    );
    const { user } = renderApp('/period-create');
    const form = await screen.findByRole('form', { name: 'Create New Period' });
    await user.type(within(form).getByLabelText('Period'), '9th');
    await user.type(within(form).getByLabelText('Serial No.'), '9');
    await user.type(within(form).getByLabelText('Start Time'), '15:00');
    await user.type(within(form).getByLabelText('End Time'), '14:00');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await within(form).findByText('end_time must be after start_time')).toBeInTheDocument();
    expect(posts).toBe(0);
  });
});

describe('adding one after another', () => {
  /** Two shifts, so that a kept shift is the one chosen, not the only one. */
  function twoShifts() {
    choices();
    server.use(
      http.get('/api/shift', () =>
        HttpResponse.json([
          { id: 1, shift_name: 'Morning' },
          { id: 2, shift_name: 'Day' },
        ]),
      ),
    );
  }

  it.each([
    ['en', 'Create New Section', 'Class', 'Shift', 'Section Name', 'Submit'],
    ['bn', 'নতুন শাখা তৈরি', 'শ্রেণি', 'শিফট', 'শাখার নাম', 'জমা দিন'],
  ] as const)(
    'in %s, a created section keeps the class and shift, and focus goes back to the first field',
    async (lang, formName, classLabel, shiftLabel, nameLabel, submit) => {
      if (lang === 'bn') await setLanguage('bn');
      fakeAuthServer(ADMIN).savedSignIn();
      twoShifts();
      const list = sections([]);
      const posted: unknown[] = [];
      server.use(
        http.post('/api/create_section', async ({ request }) => {
          const body = (await request.json()) as { section_default_name: string };
          posted.push(body);
          const row = section({ id: posted.length, section_default_name: body.section_default_name, class_id: 7 });
          list.rows = [...list.rows, row];
          return HttpResponse.json({ ok: true, code: 'structure.created', message: 'Section created.', row });
        }),
      );
      const { user } = renderApp('/section-create');
      const form = await screen.findByRole('form', { name: formName });
      await user.selectOptions(within(form).getByLabelText(classLabel), '7');
      await user.selectOptions(within(form).getByLabelText(shiftLabel), '2');
      await user.type(within(form).getByLabelText(nameLabel), 'B');
      await user.click(within(form).getByRole('button', { name: submit }));
      await waitFor(() => expect(within(form).getByLabelText(nameLabel)).toHaveValue(''));
      expect(within(form).getByLabelText(classLabel)).toHaveValue('7');
      expect(within(form).getByLabelText(shiftLabel)).toHaveValue('2');
      await waitFor(() => expect(within(form).getByLabelText(classLabel)).toHaveFocus());
      // The next one needs only its name.
      await user.type(within(form).getByLabelText(nameLabel), 'C');
      await user.click(within(form).getByRole('button', { name: submit }));
      await waitFor(() => expect(posted).toHaveLength(2));
      expect(posted).toEqual([
        { class_id: 7, shift_id: 2, section_default_name: 'B' },
        { class_id: 7, shift_id: 2, section_default_name: 'C' },
      ]);
    },
  );

  it('a created period keeps the shift, and focus goes back to the first field', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    twoShifts();
    const posted: unknown[] = [];
    server.use(
      http.get('/api/setup/periods', () => HttpResponse.json(page([]))),
      http.post('/api/create_period', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({
          ok: true,
          code: 'structure.created',
          message: 'Period 2nd created.',
          row: period({}),
        });
      }),
    );
    const { user } = renderApp('/period-create');
    const form = await screen.findByRole('form', { name: 'Create New Period' });
    await user.selectOptions(within(form).getByLabelText('Shift'), '2');
    await user.type(within(form).getByLabelText('Period'), '2nd');
    await user.type(within(form).getByLabelText('Serial No.'), '2');
    await user.type(within(form).getByLabelText('Start Time'), '10:45');
    await user.type(within(form).getByLabelText('End Time'), '11:30');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Period 2nd created.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Period')).toHaveValue('');
    expect(within(form).getByLabelText('Shift')).toHaveValue('2');
    await waitFor(() => expect(within(form).getByLabelText('Shift')).toHaveFocus());
  });

  it('an empty submit puts focus on the first field with a problem', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    twoShifts();
    sections([]);
    const { user } = renderApp('/section-create');
    const form = await screen.findByRole('form', { name: 'Create New Section' });
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(within(form).getByLabelText('Class')).toHaveFocus());
  });
});

describe('/create-class', () => {
  const types = () =>
    server.use(
      http.get('/api/setup/school_types', () =>
        HttpResponse.json([
          { id: 1, name: 'Secondary', code: 'SEC' },
          { id: 3, name: 'Higher Secondary', code: 'HSC' },
        ]),
      ),
      http.get('/api/setup/classes', () =>
        HttpResponse.json(
          page([
            {
              id: 6,
              class_name: 'Six',
              class_code: '6',
              school_type_id: 1,
              school_type_name: 'Secondary',
              sort_order: 6,
            },
          ]),
        ),
      ),
    );

  it('a school admin sees the shared classes but no form and no Edit or Delete', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    types();
    renderApp('/class-create');
    const table = await screen.findByRole('table', { name: 'Classes' });
    expect(within(table).getByText('Six')).toBeInTheDocument();
    expect(screen.getByText(/Only the super admin adds or changes them/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Create New Class' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('the super admin creates a class of an organization type', async () => {
    fakeAuthServer(SUPER).savedSignIn();
    types();
    const posted: unknown[] = [];
    server.use(
      http.post('/api/create_class', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({
          ok: true,
          code: 'structure.created',
          message: 'Class Thirteen created.',
          row: {
            id: 20,
            class_name: 'Thirteen',
            class_code: '13',
            school_type_id: 3,
            school_type_name: 'Higher Secondary',
            sort_order: 13,
          },
        });
      }),
    );
    const { user } = renderApp('/create-class');
    const form = await screen.findByRole('form', { name: 'Create New Class' });
    await user.type(within(form).getByLabelText('Class Name'), 'Thirteen');
    await user.type(within(form).getByLabelText('Class Code'), '13');
    await waitFor(() => expect(within(form).getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(within(form).getByLabelText('Organization Type'), '3');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Class Thirteen created.')).toBeInTheDocument();
    expect(posted).toEqual([{ school_type_id: 3, class_name: 'Thirteen', class_code: '13' }]);
  });

  it('the class form takes a Bangla name, and the list shows it beside the English', async () => {
    fakeAuthServer(SUPER).savedSignIn();
    types();
    server.use(
      http.get('/api/setup/classes', () =>
        HttpResponse.json(
          page([
            {
              id: 6,
              class_name: 'Six',
              class_name_bn: 'ষষ্ঠ',
              class_code: '6',
              school_type_id: 1,
              school_type_name: 'Secondary',
              sort_order: 6,
            },
          ]),
        ),
      ),
    );
    const posted: unknown[] = [];
    server.use(
      http.post('/api/create_class', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({
          ok: true,
          code: 'structure.created',
          message: 'Class Thirteen created.',
          row: {
            id: 20,
            class_name: 'Thirteen',
            class_name_bn: 'ত্রয়োদশ',
            class_code: '13',
            school_type_id: 3,
            school_type_name: 'Higher Secondary',
            sort_order: 13,
          },
        });
      }),
    );
    const { user } = renderApp('/create-class');
    const table = await screen.findByRole('table', { name: 'Classes' });
    expect(await within(table).findByText('Six · ষষ্ঠ')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Create New Class' });
    await user.type(within(form).getByLabelText('Class Name'), 'Thirteen');
    await user.type(within(form).getByLabelText('Name in Bangla'), 'ত্রয়োদশ');
    await user.type(within(form).getByLabelText('Class Code'), '13');
    await waitFor(() => expect(within(form).getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(within(form).getByLabelText('Organization Type'), '3');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Class Thirteen created.')).toBeInTheDocument();
    expect(posted).toEqual([{ school_type_id: 3, class_name: 'Thirteen', class_name_bn: 'ত্রয়োদশ', class_code: '13' }]);
  });
});

it('the super admin chooses a school before its sections are shown', async () => {
  fakeAuthServer(SUPER).savedSignIn();
  choices();
  const list = sections([section({ school_info_id: 10 })]);
  server.use(
    http.get('/api/school_info/all', () =>
      HttpResponse.json([schoolRow({ id: 10, school_name: 'Green Valley School' })]),
    ),
  );
  const { user } = renderApp('/section-create');
  const school = await screen.findByLabelText('School');
  expect(screen.queryByRole('table', { name: 'Sections' })).not.toBeInTheDocument();
  await waitFor(() => expect(within(school).getAllByRole('option').length).toBe(2));
  await user.selectOptions(school, '10');
  expect(await screen.findByRole('table', { name: 'Sections' })).toBeInTheDocument();
  expect(list.asked.at(-1)?.get('school_info_id')).toBe('10');
});
