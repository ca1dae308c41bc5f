/**
 * The notice editor screens (/teachernotice, /schooladminnotice) as a user meets them, against a
 * fake notice API (msw): what is sent, what is asked before anything reaches many people, what
 * the user reads on failure, and that nothing typed is lost by accident.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { NOTICE_FIELD_MESSAGES } from '@/api/schemas/notices';
import { schoolToday } from '@/screens/notices/dates';
import { ADMIN, currentPath, fakeAuthServer, renderApp, server, TEACHER } from './helpers';
import {
  CREATED_MESSAGE,
  DELETED_MESSAGE,
  errorAnswer,
  notice,
  noticeApi,
  SIX_A_SEVEN_A,
  UPDATED_MESSAGE,
  type NoticeApi,
} from './notices-fixtures';

async function openTeacherScreen(api: NoticeApi = noticeApi(), path = '/teachernotice') {
  fakeAuthServer(TEACHER).savedSignIn();
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Notices', level: 1 });
  await screen.findByRole('textbox', { name: 'Headline' });
  // The first student list (class and section ALL) has arrived.
  await screen.findByRole('combobox', { name: 'Find students' });
  return { ...view, api };
}

const form = () => screen.getByRole('form', { name: 'Create notice' });
const field = (name: string) => within(form()).getByLabelText(name) as HTMLInputElement & HTMLSelectElement;
const submit = () => within(form()).getByRole('button', { name: /^(Submit|Update|Try again|Saving…|Checking…)$/ });
type User = Awaited<ReturnType<typeof openTeacherScreen>>['user'];

async function write(user: User, headline: string, description: string) {
  await user.type(field('Headline'), headline);
  await user.type(field('Description'), description);
}

/** Picks students in the search box, one search each. */
async function pick(user: User, ...searches: Array<[string, RegExp]>) {
  for (const [text, option] of searches) {
    const box = screen.getByRole('combobox', { name: 'Find students' });
    await user.clear(box);
    await user.type(box, text);
    await user.click(await screen.findByRole('option', { name: option }));
  }
  await user.keyboard('{Escape}');
}

// ---- nothing irreversible by accident --------------------------------------------------------------

describe('publishing (/teachernotice)', () => {
  it('Enter in the Headline never submits: nothing is sent and nothing is asked', async () => {
    const { user, api } = await openTeacherScreen();
    await user.type(field('Headline'), 'A{Enter}');
    await user.type(field('Publishing date'), '{Enter}');
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls.save).toEqual([]);
    expect(api.calls.audience).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field('Headline').value).toBe('A');
  });

  it('a notice to the whole school says how many students it reaches and asks; Cancel sends nothing', async () => {
    const { user, api } = await openTeacherScreen();
    expect(screen.getByText('You have not created any notices yet.')).toBeInTheDocument();
    // Defaults: today (Asia/Dhaka) and the current session; class and section ALL.
    expect(field('Publishing date').value).toBe(schoolToday().split('-').reverse().join('-'));
    expect(field('Class').value).toBe('0');
    await write(user, 'Eid holidays', 'The school is closed from 10 to 14 April.');

    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Publish this notice?' });
    expect(dialog).toHaveTextContent('This goes to 4 students: everyone in the school.');
    expect(api.calls.audience).toEqual([{ school_info_id: '10', session_id: '2', class_id: '0', section_id: '0' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.save).toEqual([]);
    expect(field('Headline').value).toBe('Eid holidays');

    // Publish: sent once, and the success message only after the server's 200.
    const release = api.hold('save');
    await user.click(submit());
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Publish this notice?' })).getByRole('button', {
        name: 'Publish',
      }),
    );
    await waitFor(() => expect(api.calls.save).toHaveLength(1));
    expect(submit()).toHaveTextContent('Saving…');
    expect(screen.queryByText(CREATED_MESSAGE)).not.toBeInTheDocument();
    expect(api.calls.save[0].body).toMatchObject({
      id: '',
      school_info_id: 10,
      class_id: 0,
      section_id: 0,
      students: [],
      session_id: 2,
      headline: 'Eid holidays',
      description: 'The school is closed from 10 to 14 April.',
      date: schoolToday(),
    });
    release();
    expect(await screen.findByText(CREATED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(field('Headline').value).toBe(''));
    // The list is read again after the save and shows the new notice.
    expect(await screen.findByRole('cell', { name: /Eid holidays/ })).toBeInTheDocument();
  });

  it('a whole class: the count is the server’s for that class', async () => {
    const { user, api } = await openTeacherScreen();
    await write(user, 'Class Six picnic', 'Bring lunch.');
    await user.selectOptions(field('Class'), '6');
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Publish this notice?' });
    expect(dialog).toHaveTextContent('This goes to 3 students: everyone in class Six.');
    expect(api.calls.audience.at(-1)).toMatchObject({ class_id: '6', section_id: '0' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await screen.findByText(CREATED_MESSAGE);
    expect(api.calls.save).toHaveLength(1);
    expect(api.calls.save[0].body).toMatchObject({ class_id: 6, section_id: 0, students: [] });
  });

  it('chosen students: sent without the count question, the choice on screen already says who', async () => {
    const { user, api } = await openTeacherScreen();
    await write(user, 'See me', 'After the third period.');
    await pick(user, ['Nus', /Nusrat Jahan/]);
    expect(screen.getByText('1 chosen: only they receive the notice.')).toBeInTheDocument();
    await user.click(submit());
    await screen.findByText(CREATED_MESSAGE);
    expect(api.calls.audience).toEqual([]);
    expect(api.calls.save.map((c) => c.body.students)).toEqual([[102]]);
  });
});

// ---- choosing students -------------------------------------------------------------------------------

describe('choosing students', () => {
  it('searches by name, roll or code, one Tab stop instead of a checkbox per student', async () => {
    const { user } = await openTeacherScreen();
    const box = screen.getByRole('combobox', { name: 'Find students' });
    expect(within(form()).queryAllByRole('checkbox', { name: /Arif|Nusrat|Rafi|Mim/ })).toEqual([]);

    await user.type(box, 'akter');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      expect.stringContaining('Mim Akter'),
    ]);
    await user.clear(box);
    await user.type(box, '1');
    // Digits are a roll number (or a code's end): roll 1 of each section, not every code with a 1.
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.querySelector('span span')?.textContent)).toEqual([
        'Arif Hossain',
        'Rafi Ahmed',
        'Mim Akter',
      ]),
    );
    await user.clear(box);
    await user.type(box, 's-1-0103');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await user.click(screen.getByRole('option', { name: /Rafi Ahmed/ }));
    await user.clear(box);
    await user.type(box, 'zzz');
    expect(await screen.findByText('No student matches “zzz”.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(within(form()).getByRole('list', { name: 'Chosen students' })).toHaveTextContent('Rafi Ahmed');
    // A chip removes its student.
    await user.click(screen.getByRole('button', { name: 'Remove Rafi Ahmed' }));
    expect(screen.getByText(/No student chosen/)).toBeInTheDocument();
  });

  it('select all per section: a box per section of the list, toggling just that section', async () => {
    const { user } = await openTeacherScreen();
    await user.selectOptions(field('Class'), '6');
    const sixA = await screen.findByRole('checkbox', { name: 'All of Six A (2)' });
    const sixB = screen.getByRole('checkbox', { name: 'All of Six B (1)' });
    expect(screen.queryByRole('checkbox', { name: /Seven/ })).not.toBeInTheDocument();
    await user.click(sixA);
    expect(sixA).toBeChecked();
    expect(sixB).not.toBeChecked();
    expect(screen.getByText('2 chosen: only they receive the notice.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Chosen students' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Arif Hossain×', 'Nusrat Jahan×']);
    // One of Six B by search, then all of Six A off again.
    await pick(user, ['Rafi', /Rafi Ahmed/]);
    expect(sixB).toBeChecked();
    await user.click(sixA);
    expect(screen.getByText('1 chosen: only they receive the notice.')).toBeInTheDocument();
    // A new class is a new choice.
    await user.selectOptions(field('Class'), '7');
    expect(await screen.findByRole('checkbox', { name: 'All of Seven A (1)' })).not.toBeChecked();
    expect(screen.getByText(/No student chosen/)).toBeInTheDocument();
  });
});

// ---- errors in the user's words ------------------------------------------------------------------------

describe('errors', () => {
  it('field errors name the field as the form labels it; Submit stays Submit and nothing is sent', async () => {
    const { user, api } = await openTeacherScreen();
    await user.click(submit());
    const alert = await within(form()).findByRole('alert');
    expect(alert).toHaveTextContent('Headline: enter a headline');
    expect(alert).toHaveTextContent('Description: enter a description');
    expect(alert).not.toHaveTextContent(/headline:|description:/);
    expect(field('Headline')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Headline')).toHaveAccessibleDescription('Enter a headline');
    expect(submit()).toHaveTextContent('Submit');
    expect(api.calls.save).toEqual([]);
    expect(api.calls.audience).toEqual([]);
    // Fixing a field clears its own complaint.
    await user.type(field('Headline'), 'Exams');
    expect(field('Headline')).not.toHaveAttribute('aria-invalid');
    expect(within(form()).getByRole('alert')).not.toHaveTextContent('Headline');
  });

  it('the server’s 400 is shown with the labels too, and Submit stays Submit', async () => {
    const { user, api } = await openTeacherScreen();
    await write(user, 'See me', 'Now.');
    await pick(user, ['Arif', /Arif Hossain/]);
    api.next(
      'save',
      errorAnswer(400, 'students: Student 101 is not enrolled in this school, session, class and section.', {
        students: 'Student 101 is not enrolled in this school, session, class and section.',
      }),
    );
    await user.click(submit());
    const alert = await within(form()).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Students: student 101 is not enrolled in this school, session, class and section.',
    );
    expect(alert).not.toHaveTextContent('students:');
    expect(submit()).toHaveTextContent('Submit');
    expect(field('Headline').value).toBe('See me');
  });

  it('a lost answer offers Try again, which sends the same idempotency key; the next notice gets a new one', async () => {
    const { user, api } = await openTeacherScreen();
    await write(user, 'See me', 'Now.');
    await pick(user, ['Arif', /Arif Hossain/]);
    api.next('save', errorAnswer(503, 'Something went wrong on our side. Please try again.'));
    await user.click(submit());
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(submit()).toHaveTextContent('Try again');
    expect(screen.queryByText(CREATED_MESSAGE)).not.toBeInTheDocument();
    await user.click(submit());
    expect(await screen.findByText(CREATED_MESSAGE)).toBeInTheDocument();
    expect(api.calls.save).toHaveLength(2);
    expect(api.calls.save[0].key).toBeTruthy();
    expect(api.calls.save[1].key).toBe(api.calls.save[0].key);
    // A new notice is a new submission.
    await waitFor(() => expect(field('Headline').value).toBe(''));
    await write(user, 'Another', 'Words.');
    await pick(user, ['Mim', /Mim Akter/]);
    await user.click(submit());
    await waitFor(() => expect(api.calls.save).toHaveLength(3));
    expect(api.calls.save[2].key).not.toBe(api.calls.save[0].key);
  });
});

// ---- unsaved work ---------------------------------------------------------------------------------------

describe('unsaved work', () => {
  it('leaving with text typed asks first: Stay keeps it, Leave goes', async () => {
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([])));
    const { user } = await openTeacherScreen();
    await user.type(field('Headline'), 'Half-written');
    const home = screen.getAllByRole('link').find((l) => l.getAttribute('href') === '/teacher-admin')!;
    await user.click(home);
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(dialog).toHaveTextContent('Your notice is not published yet.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(currentPath()).toBe('/teachernotice');
    expect(field('Headline').value).toBe('Half-written');
    await user.click(home);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(currentPath()).toBe('/teacher-admin'));
  });

  it('collapsing the card clears every field, asking first when something was typed', async () => {
    const { user } = await openTeacherScreen();
    const toggle = screen.getByRole('button', { name: /Create notice/ });
    await user.type(field('Headline'), 'Draft');
    await user.selectOptions(field('Class'), '6');
    await user.click(toggle);
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(field('Headline').value).toBe('Draft');
    await user.click(toggle);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
    await user.click(toggle);
    expect(await screen.findByRole('textbox', { name: 'Headline' })).toHaveValue('');
    expect(field('Class').value).toBe('0');
    // Nothing typed: leaving does not ask.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

// ---- the list ---------------------------------------------------------------------------------------------

describe('the notice list', () => {
  const many = Array.from({ length: 45 }, (_, i) =>
    notice({ id: 100 + i, notice_headline: `Notice ${i + 1}`, publishing_date: '2026-02-01' }),
  );

  it('pages 20 at a time, the page in the address', async () => {
    const api = noticeApi(many);
    const { user } = await openTeacherScreen(api);
    const table = await screen.findByRole('table', { name: 'My notices' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(api.calls.list[0]).toMatchObject({ limit: '20', offset: '0' });
    const pages = screen.getByRole('navigation', { name: 'Notice pages' });
    expect(pages).toHaveTextContent('Showing 1–20 of 45');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(currentPath()).toBe('/teachernotice?page=2'));
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Notice pages' })).toHaveTextContent('21–40'));
    expect(api.calls.list.at(-1)).toMatchObject({ limit: '20', offset: '20' });
    expect(within(screen.getByRole('table', { name: 'My notices' })).getAllByRole('row')[1]).toHaveTextContent(
      'Notice 21',
    );
  });

  it('opens on the page the address names', async () => {
    const api = noticeApi(many);
    await openTeacherScreen(api, '/teachernotice?page=3');
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Notice pages' })).toHaveTextContent('41–45'));
    expect(api.calls.list[0]).toMatchObject({ offset: '40' });
  });

  it('Delete asks “Are you sure to delete?”; Cancel keeps the notice, Delete removes it', async () => {
    const api = noticeApi([notice({}), notice({ id: 9, notice_headline: 'Holiday' })]);
    const { user } = await openTeacherScreen(api);
    await user.click(await screen.findByRole('button', { name: 'Delete Holiday' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete notice' });
    expect(dialog).toHaveTextContent('Are you sure to delete?');
    expect(dialog).toHaveTextContent('Holiday');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.delete).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete Holiday' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(DELETED_MESSAGE)).toBeInTheDocument();
    expect(api.calls.delete).toEqual(['9']);
    await waitFor(() => expect(screen.queryByRole('cell', { name: /Holiday/ })).not.toBeInTheDocument());
  });

  it('Edit loads the notice, says who else edited it, and Update sends its id', async () => {
    const edited = notice({
      id: 9,
      notice_headline: 'Exam dates',
      class_id: 6,
      section_id: 0,
      section_default_name: 'ALL',
      students: [],
      notice_users: '',
      student_id: null,
      edited_by_name: 'Nasrin Akter',
      edited_at: '2026-03-02T04:00:00.000Z',
    });
    const api = noticeApi([edited]);
    const { user } = await openTeacherScreen(api);
    const row = (await screen.findByRole('cell', { name: /Exam dates/ })).closest('tr')!;
    expect(row).toHaveTextContent('edited by Nasrin Akter on 02-03-2026');
    await user.click(within(row).getByRole('button', { name: 'Edit Exam dates' }));
    await waitFor(() => expect(field('Headline').value).toBe('Exam dates'));
    expect(form()).toHaveTextContent('Last edited by Nasrin Akter on 02-03-2026.');
    await waitFor(() => expect(field('Headline')).toHaveFocus());
    await user.type(field('Headline'), ' (changed)');
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Save the changes to this notice?' });
    expect(dialog).toHaveTextContent('This goes to 3 students: everyone in class Six.');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(UPDATED_MESSAGE)).toBeInTheDocument();
    expect(api.calls.save[0].body).toMatchObject({ id: 9, headline: 'Exam dates (changed)' });
  });

  it('a list that fails to load says so and retries', async () => {
    const api = noticeApi([notice({})]);
    api.next('list', errorAnswer(500, 'The notices are unavailable right now.'));
    const { user } = await openTeacherScreen(api);
    const card = screen.getByRole('region', { name: 'My notices' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('The notices are unavailable right now.');
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByRole('cell', { name: /Sports day/ })).toBeInTheDocument();
  });
});

// ---- school admin -------------------------------------------------------------------------------------------

describe('school admin notices (/schooladminnotice)', () => {
  it('lists the school’s notices under “Information” with the kind in the address, and mobile numbers in the picker', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = noticeApi(
      [
        notice({
          id: 1,
          type: 1,
          notice_headline: 'Teacher’s note',
          read_count: undefined,
          recipient_count: undefined,
        }),
        notice({ id: 2, type: 2, notice_headline: 'Prize giving', creator_name: 'Nasrin Akter' }),
      ],
      '/api/notice/school',
    );
    const { user } = renderApp('/schooladminnotice');
    await screen.findByRole('heading', { name: 'Admin Notice', level: 1 });
    const table = await screen.findByRole('table', { name: 'Information' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Publishing Date', "Note's Headline", 'Description', 'Class', 'Section', 'Read', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // "read by N of M" only where the server sent it (the admin's own notice).
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('—');
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('read by 0 of 1');

    await user.selectOptions(screen.getByLabelText('Kind of notice'), '2');
    await waitFor(() => expect(currentPath()).toBe('/schooladminnotice?type=2'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(api.calls.list.at(-1)).toMatchObject({ type: '2', offset: '0' });

    const box = await screen.findByRole('combobox', { name: 'Find students' });
    await user.type(box, 'Arif');
    expect(await screen.findByRole('option', { name: /Arif Hossain/ })).toHaveTextContent('0171100101');
  });

  it('says so when the school has no notices', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    noticeApi([], '/api/notice/school');
    renderApp('/schooladminnotice');
    expect(await screen.findByText('The school has no notices yet.')).toBeInTheDocument();
  });
});

// ---- the palette ---------------------------------------------------------------------------------------------

describe('the palette', () => {
  async function choose(user: User, text: string, option: string) {
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search pages and actions…'), text);
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getByRole('option', { selected: true })).toHaveTextContent(option),
    );
    await user.keyboard('{Enter}');
  }

  it('“New notice” opens the screen with the headline focused; a jump opens a notice for edit', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const api = noticeApi([notice({}), notice({ id: 9, notice_headline: 'Holiday', class_id: 0, class_name: 'ALL' })]);
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([])));
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    expect(api.calls.list).toEqual([]);

    await choose(user, 'new notice', 'New notice');
    await waitFor(() => expect(currentPath()).toBe('/teachernotice'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Headline' })).toHaveFocus());

    await choose(user, 'holiday', 'Holiday');
    await waitFor(() => expect(field('Headline').value).toBe('Holiday'));
    expect(api.calls.edit).toEqual(['9']);
    expect(currentPath()).toBe('/teachernotice');

    // Something typed: the next jump asks before replacing it (once).
    await user.type(field('Headline'), '!');
    await choose(user, 'sports day', 'Sports day');
    const ask = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(ask).toHaveTextContent('Your notice is not published yet.');
    await user.click(within(ask).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(field('Headline').value).toBe('Sports day'));
    expect(api.calls.edit).toEqual(['9', '5']);
  });
});

// ---- a teacher's reach ---------------------------------------------------------------------------------

describe('a teacher’s notice goes only to the sections they teach', () => {
  const optionsOf = (name: string) =>
    within(field(name))
      .getAllByRole('option')
      .map((o) => o.textContent);

  it('offers only their classes and sections, starts on their first section and publishes there', async () => {
    const { user, api } = await openTeacherScreen(noticeApi([], '/api/notice/creator', SIX_A_SEVEN_A));
    // Six A and Seven A are theirs, Six B is not: no ALL class, and Six offers A alone.
    expect(optionsOf('Class')).toEqual(['Six', 'Seven']);
    expect(field('Class').value).toBe('6');
    expect(optionsOf('Section')).toEqual(['A']);
    expect(field('Section').value).toBe('3');
    // Seven's one section is theirs: the whole class is a choice.
    await user.selectOptions(field('Class'), '7');
    expect(optionsOf('Section')).toEqual(['ALL', 'A']);
    await user.selectOptions(field('Class'), '6');
    expect(field('Section').value).toBe('3');

    await write(user, 'Test on Sunday', 'Chapters 1 to 3.');
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Publish this notice?' });
    expect(dialog).toHaveTextContent('This goes to 2 students: everyone in Six A.');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await screen.findByText(CREATED_MESSAGE);
    expect(api.calls.save.map((c) => c.body)).toMatchObject([{ class_id: 6, section_id: 3, students: [] }]);
  });

  it('the server’s refusal names the field in the user’s words, and nothing claims success', async () => {
    const api = noticeApi([], '/api/notice/creator', SIX_A_SEVEN_A);
    const { user } = await openTeacherScreen(api);
    await write(user, 'Test on Sunday', 'Chapters 1 to 3.');
    // The routine changed since the screen opened: the server no longer counts Six A as theirs.
    api.next(
      'audience',
      errorAnswer(403, `section_id: ${NOTICE_FIELD_MESSAGES.notYourSection}`, {
        section_id: NOTICE_FIELD_MESSAGES.notYourSection,
      }),
    );
    await user.click(submit());
    const alert = await within(form()).findByRole('alert');
    expect(alert).toHaveTextContent('Section: you do not teach this section in this session.');
    expect(api.calls.save).toEqual([]);
    expect(screen.queryByText(CREATED_MESSAGE)).not.toBeInTheDocument();
  });
});
