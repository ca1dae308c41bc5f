/**
 * Deleting a record made by mistake against msw (docs/DOMAIN.md, "Deleting"): the student list's
 * Delete asks first (naming the student), sends that row's id, and on a 409 shows what depends on
 * the student with counts and "deactivate instead", in English and Bangla; a success says so and
 * reads the list again. The routine list's "Delete selected" sends every ticked entry in one call.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, fakeAuthServer, renderApp, server } from './helpers';
import { ROWS, serveRoutineLookups } from './routines-fixtures';

afterEach(async () => {
  await setLanguage('en');
});

const STUDENTS = [
  {
    id: 7,
    student_code: 'S-7',
    first_name: 'Rahim',
    full_name: 'Rahim Uddin',
    mobile_no: '',
    email: '',
    session_year: '2026',
    class_id: 6,
    class_name: 'Six',
    section_id: 61,
    section_default_name: 'A',
    class_roll_no: 20,
  },
];

const REFUSAL = {
  error: {
    code: 'deletes.has_dependents',
    message: 'This student cannot be deleted: it has 12 exam marks and 40 attendance marks; deactivate instead.',
    dependents: { exam_marks: 12, attendance_marks: 40 },
    instead: 'deactivate',
  },
};

function serveStudents(answer: 'refuse' | 'delete') {
  const sent = { deletes: [] as string[], lists: 0 };
  let rows = [...STUDENTS];
  server.use(
    http.get('/api/section/all', () => HttpResponse.json([])),
    http.get('/api/session', () => HttpResponse.json([{ id: 2, session_year: '2026', current: true }])),
    http.get('/api/groups/all', () => HttpResponse.json([])),
    http.get('/api/gender', () => HttpResponse.json([])),
    http.get('/api/student/all', () => {
      sent.lists += 1;
      return HttpResponse.json(rows, { headers: { 'x-total-count': String(rows.length) } });
    }),
    http.delete('/api/student/delete', ({ request }) => {
      const id = new URL(request.url).searchParams.get('id') ?? '';
      sent.deletes.push(id);
      if (answer === 'refuse') return HttpResponse.json(REFUSAL, { status: 409 });
      rows = rows.filter((r) => String(r.id) !== id);
      return HttpResponse.json({ ok: true, id: Number(id), message: 'Student deleted.', code: 'deletes.student' });
    }),
  );
  return sent;
}

describe('deleting a student from /add-student', () => {
  it('asks first, then shows what depends on the student and offers deactivation', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const sent = serveStudents('refuse');
    const { user } = renderApp('/add-student');
    await user.click(await screen.findByRole('button', { name: 'Delete: Rahim Uddin (S-7)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this student?' });
    expect(dialog).toHaveTextContent(
      'The student Rahim Uddin (S-7), with their enrolment, guardian links and sign-in, will be deleted.',
    );
    // Asking sends nothing.
    expect(sent.deletes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This record cannot be deleted');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['12 exam marks', '40 attendance marks']);
    expect(alert).toHaveTextContent('It has marks/attendance/payments; deactivate instead.');
    expect(sent.deletes).toEqual(['7']);
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'S-7' })).toBeInTheDocument();
  });

  it('in Bangla, the refusal in Bangla with Bangla digits', async () => {
    await setLanguage('bn');
    fakeAuthServer(ADMIN).savedSignIn();
    serveStudents('refuse');
    const { user } = renderApp('/add-student');
    await user.click(await screen.findByRole('button', { name: 'মুছুন: Rahim Uddin (S-7)' }));
    const dialog = await screen.findByRole('dialog', { name: 'এই শিক্ষার্থীকে মুছবেন?' });
    await user.click(within(dialog).getByRole('button', { name: 'মুছুন' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['১২টি পরীক্ষার নম্বর', '৪০টি হাজিরার চিহ্ন']);
    expect(alert).toHaveTextContent('নম্বর/হাজিরা/পরিশোধ আছে; মোছার বদলে নিষ্ক্রিয় করুন।');
  });

  it('a student nothing depends on is deleted and leaves the list; cancel sends nothing', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const sent = serveStudents('delete');
    const { user } = renderApp('/add-student');
    await user.click(await screen.findByRole('button', { name: 'Delete: Rahim Uddin (S-7)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.deletes).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete: Rahim Uddin (S-7)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Student deleted.')).toBeInTheDocument();
    expect(sent.deletes).toEqual(['7']);
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'S-7' })).not.toBeInTheDocument());
  });
});

describe('"Delete selected" on /schooladminroutine', () => {
  it('sends every ticked entry in one call, after asking', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    serveRoutineLookups();
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/routine/school/filter', () =>
        HttpResponse.json({ rows: ROWS, total: ROWS.length, limit: 20, offset: 0 }),
      ),
      http.get('/api/routine/admin-search', () =>
        HttpResponse.json({ rows: ROWS, total: ROWS.length, limit: 500, offset: 0 }),
      ),
      http.post('/api/routine/deleteAll', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          ok: true,
          ids: [11, 12],
          message: 'Routine deleted successfully',
          code: 'deletes.routine',
        });
      }),
    );
    const { user } = renderApp('/schooladminroutine');
    const deleteSelected = await screen.findByRole('button', { name: 'Delete selected' });
    expect(deleteSelected).toBeDisabled();
    const boxes = await screen.findAllByRole('checkbox', { name: /^Select / });
    expect(boxes).toHaveLength(2);
    for (const box of boxes) await user.click(box);
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(deleteSelected);
    const dialog = await screen.findByRole('dialog', { name: 'Delete the routine entries chosen?' });
    expect(bodies).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bodies).toEqual([{ ids: [12, 11] }]));
    expect(await screen.findByText('Routine deleted successfully')).toBeInTheDocument();
  });
});

describe('cancelling an unpaid invoice at the /payment desk', () => {
  it('asks the reason first, then what will go, and sends the reason with the id', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const invoice = {
      id: 70,
      fee_id: 3,
      student_id: 5,
      student_code: 'S-0005',
      full_name: 'Rahim Uddin',
      sector_code: 'TUI',
      sector_name: 'Tuition',
      session_year: '2026',
      last_date: '2026-01-31',
      amount: '1250.50',
      waived: '0.00',
      paid: '0.00',
      due: '1250.50',
      late_fee: '0.00',
      overdue: false,
    };
    let rows = [invoice];
    const cancels: string[] = [];
    const page = <T,>(r: T[]) => HttpResponse.json({ rows: r, total: r.length, limit: 100, offset: 0 });
    server.use(
      http.get('/api/section/all', () => HttpResponse.json([])),
      http.get('/api/session', () => HttpResponse.json([{ id: 2, session_year: '2026', current: true }])),
      http.get('/api/groups/all', () => HttpResponse.json([])),
      http.get('/api/gender', () => HttpResponse.json([])),
      http.get('/api/sector/all', () => page([])),
      http.get('/api/fee/all', () => page([])),
      http.get('/api/invoice/due', () => page(rows)),
      http.get('/api/student/all', () => HttpResponse.json([], { headers: { 'x-total-count': '0' } })),
      http.delete('/api/invoice/delete', ({ request }) => {
        cancels.push(new URL(request.url).search);
        rows = [];
        return HttpResponse.json({ ok: true, id: 70, message: 'Invoice cancelled.', code: 'deletes.invoice' });
      }),
    );
    const { user } = renderApp('/payment?tab=collect&student_code=S-0005');
    await screen.findByRole('table', { name: 'Due invoices of Rahim Uddin' });
    await user.click(screen.getByRole('button', { name: /^Cancel invoice: / }));
    const reasonDialog = await screen.findByRole('dialog', { name: 'Cancel this invoice?' });
    // No reason, no going on.
    await user.click(within(reasonDialog).getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('dialog', { name: 'Cancel this invoice?' })).toBeInTheDocument();
    await user.type(within(reasonDialog).getByRole('textbox', { name: /Reason for cancelling/ }), 'Charged twice');
    await user.click(within(reasonDialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this invoice?' });
    await waitFor(() => expect(confirm).toHaveTextContent('will be cancelled'));
    expect(cancels).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel invoice' }));
    expect(await screen.findByText('Invoice cancelled.')).toBeInTheDocument();
    expect(cancels).toEqual(['?id=70&reason=Charged+twice']);
  });
});
