/**
 * The school admin's /schooladminroutine against a fake server (msw): the list with its filters in
 * the address, adding a routine (a clash's 409 shown as the server named it), editing one (the
 * update goes to the same id), deleting after "Are you sure to delete?", the week view, and Bangla.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, fakeAuthServer, renderApp, server } from './helpers';
import { ROWS, serveRoutineLookups } from './routines-fixtures';

interface Sent {
  lists: URLSearchParams[];
  saves: Record<string, unknown>[];
  deletes: string[];
}

function serveRoutines(opts: { save?: (body: Record<string, unknown>) => Response; del?: () => Response } = {}) {
  const sent: Sent = { lists: [], saves: [], deletes: [] };
  serveRoutineLookups();
  server.use(
    http.get('/api/routine/school/filter', ({ request }) => {
      const q = new URL(request.url).searchParams;
      sent.lists.push(q);
      const rows = ROWS.filter((r) => !q.get('class_id') || String(r.class_id) === q.get('class_id'));
      return HttpResponse.json({ rows, total: rows.length, limit: Number(q.get('limit') ?? 20), offset: 0 });
    }),
    http.get('/api/routine/admin-search', ({ request }) => {
      const q = new URL(request.url).searchParams;
      const rows = ROWS.filter((r) => !q.get('section_id') || String(r.section_id) === q.get('section_id'));
      return HttpResponse.json({ rows, total: rows.length, limit: 500, offset: 0 });
    }),
    http.post('/api/routine/all', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.saves.push(body);
      if (opts.save) return opts.save(body);
      return HttpResponse.json(
        body.id
          ? { ok: true, id: body.id, message: 'Routine updated successfully', code: 'routines.updated' }
          : { ok: true, id: 99, message: 'routine added successfully!!', code: 'routines.created' },
      );
    }),
    http.post('/api/routine/delete', ({ request }) => {
      sent.deletes.push(new URL(request.url).searchParams.get('id') ?? '');
      if (opts.del) return opts.del();
      return HttpResponse.json({ ok: true, message: 'Routine deleted successfully', code: 'routines.deleted' });
    }),
  );
  return sent;
}

const form = () => screen.getByRole('form', { name: 'Add Class Routine' });

async function fillForm(user: ReturnType<typeof renderApp>['user']) {
  const f = within(form());
  await user.selectOptions(f.getByLabelText('Class'), 'Six');
  await user.selectOptions(f.getByLabelText('Section'), 'B');
  await user.selectOptions(f.getByLabelText('Day'), 'Sunday');
  await user.selectOptions(f.getByLabelText('Period'), 'P1 (8:00 AM–8:45 AM)');
  await user.selectOptions(f.getByLabelText('Subject'), 'Bangla');
  await user.selectOptions(f.getByLabelText('Teacher'), 'ARH — Mr. Abdur Rahim');
  await user.type(f.getByLabelText('Room'), '201');
}

describe('/schooladminroutine', () => {
  it('lists the school’s routines with the spec’s columns; a filter goes to the address and the call', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const sent = serveRoutines();
    const { user } = renderApp('/schooladminroutine');
    expect(await screen.findByRole('heading', { name: 'Class Routines' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'All Class Routines' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      '#',
      'Class',
      'Section',
      'Day',
      'Period',
      'Subject',
      'Teacher',
      'Room',
      'Session',
      'Shift',
      'Edit',
      'Delete',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Mathematics');
    expect(rows[1]).toHaveTextContent('Bangla');
    // The start and end shown come from the period: none is chosen yet, so no time is shown
    // (not the old form's 0:00:00, which reads as midnight).
    const times = within(form()).getByText('Start').parentElement!;
    expect(times).toHaveTextContent('Start: — · End: —');
    expect(times).not.toHaveTextContent('0:00');

    const filters = screen.getByRole('group', { name: 'Filter the class routines' });
    await user.selectOptions(within(filters).getByLabelText('Class'), 'Seven');
    await waitFor(() => expect(window.location.search).toContain('class_id=7'));
    await waitFor(() => expect(sent.lists.at(-1)?.get('class_id')).toBe('7'));
    expect(await screen.findByText('No class routines match these filters.')).toBeInTheDocument();
  });

  it('adds a routine that clashes: the 409 names the clash and the form keeps what was chosen', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const clash = 'Mr. Abdur Rahim (ARH) already teaches Six A (Bangla) on Sunday, period P1.';
    let first = true;
    const sent = serveRoutines({
      save: () => {
        if (!first)
          return HttpResponse.json({
            ok: true,
            id: 99,
            message: 'routine added successfully!!',
            code: 'routines.created',
          });
        first = false;
        return HttpResponse.json(
          { error: { code: 'routines.teacher_clash', message: clash, fields: { teacher_id: clash } } },
          { status: 409 },
        );
      },
    });
    const { user } = renderApp('/schooladminroutine');
    await screen.findByRole('table', { name: 'All Class Routines' });
    // An incomplete form is not sent.
    await user.click(within(form()).getByRole('button', { name: 'Submit' }));
    expect(within(form()).getAllByText('Choose one.').length).toBeGreaterThan(0);
    expect(sent.saves).toHaveLength(0);

    await fillForm(user);
    expect(within(form()).getByText('Start').parentElement).toHaveTextContent('8:00 AM');
    await user.click(within(form()).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent.saves).toHaveLength(1));
    expect(sent.saves[0]).toMatchObject({
      id: '',
      class_id: 6,
      section_id: 4,
      day_id: 1,
      period_id: 1,
      subject_id: 601,
      teacher_id: 41,
      room: '201',
      session_id: 2,
      shift_id: 1,
      school_info_id: 10,
      start: '0:00:00',
      end: '0:00:00',
    });
    const teacher = within(form()).getByLabelText('Teacher');
    expect(await within(form()).findAllByText(clash)).not.toHaveLength(0);
    expect(teacher).toHaveAttribute('aria-invalid', 'true');
    expect(within(form()).getByLabelText('Room')).toHaveValue('201');

    await user.selectOptions(teacher, 'NAK — Ms. Nasima Akter');
    await user.click(within(form()).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('routine added successfully!!')).toBeInTheDocument();
    expect(sent.saves[1]).toMatchObject({ teacher_id: 42, id: '' });
  });

  it('a period on the school’s weekly off day is refused under Day, in the user’s language', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const refusal = 'Friday is a weekly off day of this school: no classes are held.';
    const sent = serveRoutines({
      save: () =>
        HttpResponse.json(
          {
            error: {
              code: 'routines.weekly_off',
              message: `day_id: ${refusal}`,
              fields: { day_id: refusal },
              params: { day: 'Friday' },
            },
          },
          { status: 400 },
        ),
    });
    const { user } = renderApp('/schooladminroutine');
    await screen.findByRole('table', { name: 'All Class Routines' });
    await fillForm(user);
    const day = within(form()).getByLabelText('Day');
    await user.selectOptions(day, 'Friday');
    await user.click(within(form()).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent.saves).toHaveLength(1));
    expect(sent.saves[0]).toMatchObject({ day_id: 6 });
    // Under the Day field and in the form's alert, without the field's name in front.
    expect(await within(form()).findAllByText(refusal)).toHaveLength(2);
    expect(day).toHaveAttribute('aria-invalid', 'true');
    expect(within(form()).getByRole('alert')).toHaveTextContent(refusal);
    expect(within(form()).getByRole('alert')).not.toHaveTextContent('day_id');

    const theForm = form();
    await act(() => setLanguage('bn'));
    try {
      const bangla = 'এই বারটি স্কুলের সাপ্তাহিক ছুটির দিন: এদিন কোনো ক্লাস হয় না। স্কুল খোলা থাকে এমন একটি বার বেছে নিন।';
      // Under the Day field and in the form's alert.
      expect(await within(theForm).findAllByText(bangla)).toHaveLength(2);
      expect(within(theForm).queryByText(refusal)).not.toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('edits a routine: the form holds the row and the save updates that routine', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const sent = serveRoutines();
    const { user } = renderApp('/schooladminroutine');
    await screen.findByRole('table', { name: 'All Class Routines' });
    const listsBefore = sent.lists.length;
    await user.click(screen.getByRole('button', { name: 'Edit the routine of Six A, Sunday, period P1' }));
    expect(screen.getByRole('heading', { name: 'Edit Class Routine' })).toBeInTheDocument();
    const f = within(form());
    expect(f.getByLabelText('Teacher')).toHaveDisplayValue('ARH — Mr. Abdur Rahim');
    expect(f.getByLabelText('Room')).toHaveValue('201');
    await user.clear(f.getByLabelText('Room'));
    await user.type(f.getByLabelText('Room'), 'Lab 2');
    await user.click(f.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Routine updated successfully')).toBeInTheDocument();
    expect(sent.saves[0]).toMatchObject({ id: 11, room: 'Lab 2', section_id: 3, teacher_id: 41 });
    // The list is read again, and the form is a new one.
    await waitFor(() => expect(sent.lists.length).toBeGreaterThan(listsBefore));
    expect(screen.getByRole('heading', { name: 'Add Class Routine' })).toBeInTheDocument();
  });

  it('deletes after "Are you sure to delete?"; a routine with attendance is refused with the server’s reason', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    let refuse = false;
    const sent = serveRoutines({
      del: () =>
        refuse
          ? HttpResponse.json(
              {
                error: {
                  code: 'routines.has_attendance',
                  message:
                    'Attendance has been taken for this routine, so it cannot be deleted: its attendance history is kept.',
                },
              },
              { status: 409 },
            )
          : HttpResponse.json({ ok: true, message: 'Routine deleted successfully', code: 'routines.deleted' }),
    });
    const { user } = renderApp('/schooladminroutine');
    await screen.findByRole('table', { name: 'All Class Routines' });
    await user.click(screen.getByRole('button', { name: 'Delete the routine of Six B, Monday, period P2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure to delete?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent.deletes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete the routine of Six B, Monday, period P2' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Routine deleted successfully')).toBeInTheDocument();
    expect(sent.deletes).toEqual(['12']);

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Delete the routine of Six A, Sunday, period P1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/its attendance history is kept/)).toBeInTheDocument();
    expect(sent.deletes).toEqual(['12', '11']);
  });

  it('shows a section’s week as a grid of days and periods', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    serveRoutines();
    const { user } = renderApp('/schooladminroutine?view=week');
    const lists = await screen.findByRole('region', { name: 'All Class Routines' });
    await user.selectOptions(await within(lists).findByLabelText('Section'), 'Class Six, Section A');
    await waitFor(() => expect(window.location.search).toContain('of=3'));
    const grid = await screen.findByRole('table', { name: 'Weekly routine: Class Six, Section A' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'P18:00 AM–8:45 AM']);
    expect(within(grid).getByRole('rowheader', { name: 'Sunday' })).toBeInTheDocument();
    expect(within(grid).getByText('Bangla')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();

    // Every section at once: a grid each (a page each when printed).
    await user.selectOptions(within(lists).getByLabelText('Section'), 'Every section (a page each when printed)');
    expect(await screen.findByRole('table', { name: 'Weekly routine: Class Six, Section B' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Weekly routine: Class Six, Section A' })).toBeInTheDocument();
    expect(document.querySelectorAll('.routine-print')).toHaveLength(2);
  });

  it('warns before leaving with an unsaved form', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    serveRoutines();
    const { user } = renderApp('/schooladminroutine');
    await screen.findByRole('table', { name: 'All Class Routines' });
    await user.selectOptions(within(form()).getByLabelText('Class'), 'Six');
    const { hasUnsavedChanges } = await import('@/ui/unsaved');
    expect(hasUnsavedChanges()).toBe(true);
    // Edit of a row asks before throwing the typed work away.
    const editButton = screen.getByRole('button', { name: 'Edit the routine of Six A, Sunday, period P1' });
    await user.click(editButton);
    const ask = await screen.findByRole('dialog', { name: 'Discard the routine you were writing?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Add Class Routine' })).toBeInTheDocument();
    expect(within(form()).getByLabelText('Class')).toHaveDisplayValue('Six');
    await user.click(within(form()).getByRole('button', { name: 'Clear form' }));
    expect(hasUnsavedChanges()).toBe(false);
    // Nothing to lose: Edit asks nothing.
    await user.click(editButton);
    expect(screen.getByRole('heading', { name: 'Edit Class Routine' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('/schooladminroutine in Bangla', () => {
  afterEach(() => setLanguage('en'));

  it('shows no time before a period is chosen (not 0:00:00), and the period’s once chosen', async () => {
    await setLanguage('bn');
    fakeAuthServer(ADMIN).savedSignIn();
    serveRoutines();
    renderApp('/schooladminroutine');
    const f = await screen.findByRole('form', { name: 'ক্লাস রুটিন যোগ করুন' });
    const times = within(f).getByText('শুরু').parentElement!;
    expect(times).toHaveTextContent('শুরু: — · শেষ: —');
    expect(times).not.toHaveTextContent(/[0০]:[0০][0০]/);
  });
});
