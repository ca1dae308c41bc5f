/**
 * The school admin's guardians panel on /add-student against a mock server (msw): the
 * student's guardians listed, a new guardian added (the one-time password shown once, with a copy
 * button), a guardian matched by phone (no password), an unlink only after a confirmation (and
 * a cancelled one sending nothing), and a refusal shown in the user's language.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { StudentGuardianRow } from '@/api/schemas/guardians';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, fakeAuthServer, renderApp, server } from './helpers';

afterEach(async () => {
  await setLanguage('en');
});

const STUDENTS = [
  { id: 41, student_code: 'S-1-0001', first_name: 'Arif', full_name: 'Arif Hossain', mobile_no: '', email: '' },
  { id: 52, student_code: 'S-1-0002', first_name: 'Nadia', full_name: 'Nadia Hossain', mobile_no: '', email: '' },
];
const KARIM: StudentGuardianRow = {
  guardian_id: 7,
  name: 'Karim Hossain',
  phone: '01711000007',
  email: '',
  relation: 'father',
  user_code: '01711000007',
};

function serve(initial: StudentGuardianRow[] = [KARIM]) {
  const linked = new Map<number, StudentGuardianRow[]>([[41, [...initial]]]);
  const creates: Record<string, unknown>[] = [];
  const unlinks: Record<string, unknown>[] = [];
  const asked: number[] = [];
  server.use(
    http.get('/api/section/all', () => HttpResponse.json([])),
    http.get('/api/session', () => HttpResponse.json([{ id: 2, session_year: '2026', current: true }])),
    http.get('/api/groups/all', () => HttpResponse.json([])),
    http.get('/api/gender', () => HttpResponse.json([])),
    http.get('/api/student/all', () => HttpResponse.json(STUDENTS, { headers: { 'x-total-count': '2' } })),
    http.get('/api/guardian/student', ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('student_id'));
      asked.push(id);
      return HttpResponse.json(linked.get(id) ?? []);
    }),
    http.post('/api/guardian', async ({ request }) => {
      const body = (await request.json()) as { name: string; phone: string; relation: string; student_ids: number[] };
      creates.push(body);
      if (body.phone === '01811000001') {
        return HttpResponse.json(
          {
            error: {
              code: 'guardians.phone_taken',
              message: 'That phone number is another account’s user id.',
              fields: { phone: 'is another account’s user id' },
            },
          },
          { status: 409 },
        );
      }
      const matched = body.phone === KARIM.phone || body.phone === '01911000009';
      const row: StudentGuardianRow = {
        guardian_id: matched ? 9 : 8,
        name: body.name,
        phone: body.phone,
        email: '',
        relation: body.relation as StudentGuardianRow['relation'],
        user_code: body.phone,
      };
      for (const id of body.student_ids) linked.set(id, [...(linked.get(id) ?? []), row]);
      return HttpResponse.json({
        guardian_id: row.guardian_id,
        user_code: body.phone,
        initial_password: matched ? null : 'Gh7kLm2nPq4r',
        matched,
        message: matched ? 'Guardian found by phone and linked.' : 'Guardian created and linked.',
      });
    }),
    http.post('/api/guardian/unlink', async ({ request }) => {
      const body = (await request.json()) as { guardian_id: number; student_id: number };
      unlinks.push(body);
      linked.set(
        body.student_id,
        (linked.get(body.student_id) ?? []).filter((g) => g.guardian_id !== body.guardian_id),
      );
      return HttpResponse.json({ message: 'Guardian unlinked.' });
    }),
  );
  return { creates, unlinks, asked };
}

async function openPanel(name = 'Arif Hossain') {
  fakeAuthServer(ADMIN).savedSignIn();
  const { user } = renderApp('/add-student');
  await user.click(await screen.findByRole('button', { name: `Guardians of ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: `Guardians of ${name}` });
  return { user, dialog };
}

describe('/add-student guardians panel', () => {
  it('lists the student’s guardians with name, phone and relation; none for another student', async () => {
    const calls = serve();
    const { user, dialog } = await openPanel();
    const table = await within(dialog).findByRole('table');
    expect(within(table).getByText('Karim Hossain')).toBeInTheDocument();
    expect(within(table).getByText('01711000007')).toBeInTheDocument();
    expect(within(table).getByText('Father')).toBeInTheDocument();
    expect(calls.asked).toContain(41);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Guardians of Nadia Hossain' }));
    const other = await screen.findByRole('dialog', { name: 'Guardians of Nadia Hossain' });
    expect(await within(other).findByText('No guardian is linked to this student yet.')).toBeInTheDocument();
  });

  it('adds a new guardian: required fields named first, then the one-time password shown once', async () => {
    const calls = serve([]);
    const { user, dialog } = await openPanel();
    await within(dialog).findByText('No guardian is linked to this student yet.');
    await user.click(within(dialog).getByRole('button', { name: 'Add guardian' }));
    expect(calls.creates).toHaveLength(0);
    expect(within(dialog).getAllByText('Required')).toHaveLength(3);
    await user.type(within(dialog).getByLabelText(/^Name/, { selector: 'input' }), 'Rahima Khatun');
    await user.type(within(dialog).getByLabelText(/^Phone/, { selector: 'input' }), '01898765432');
    await user.selectOptions(within(dialog).getByLabelText(/^Relation/, { selector: 'select' }), 'Mother');
    await user.click(within(dialog).getByRole('button', { name: 'Add guardian' }));
    expect(await within(dialog).findByText('Guardian created and linked.')).toBeInTheDocument();
    expect(calls.creates).toEqual([
      { name: 'Rahima Khatun', phone: '01898765432', relation: 'mother', student_ids: [41] },
    ]);
    expect(within(dialog).getByText('Gh7kLm2nPq4r')).toBeInTheDocument();
    expect(within(dialog).getByText(/shown only now/)).toBeInTheDocument();
    // The list reloads with the new guardian; the form is empty again.
    expect(await within(dialog).findByRole('cell', { name: 'Rahima Khatun' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/, { selector: 'input' })).toHaveValue('');
    // Copy puts the password on the clipboard.
    await user.click(within(dialog).getByRole('button', { name: 'Copy password' }));
    expect(await within(dialog).findByText('Copied.')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('Gh7kLm2nPq4r');
    // Once dismissed it is gone for good.
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(within(dialog).queryByText('Gh7kLm2nPq4r')).not.toBeInTheDocument();
  });

  it('links an existing guardian matched by phone and says so, with no password', async () => {
    const calls = serve();
    const { user, dialog } = await openPanel();
    await within(dialog).findByRole('table');
    await user.type(within(dialog).getByLabelText(/^Name/, { selector: 'input' }), 'Salma Begum');
    await user.type(within(dialog).getByLabelText(/^Phone/, { selector: 'input' }), '01911000009');
    await user.selectOptions(within(dialog).getByLabelText(/^Relation/, { selector: 'select' }), 'Grandparent');
    await user.click(within(dialog).getByRole('button', { name: 'Add guardian' }));
    expect(
      await within(dialog).findByText(
        'A guardian with this phone number already existed and was linked to this student.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/One-time password/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Copy password' })).not.toBeInTheDocument();
    expect(await within(dialog).findByRole('cell', { name: 'Salma Begum' })).toBeInTheDocument();
    expect(calls.creates).toHaveLength(1);
  });

  it('unlinks only after the confirmation; a cancel sends nothing', async () => {
    const calls = serve();
    const { user, dialog } = await openPanel();
    await within(dialog).findByRole('cell', { name: 'Karim Hossain' });
    await user.click(within(dialog).getByRole('button', { name: 'Unlink Karim Hossain' }));
    let confirm = await screen.findByRole('dialog', { name: 'Unlink Karim Hossain?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Unlink Karim Hossain?' })).not.toBeInTheDocument(),
    );
    expect(calls.unlinks).toHaveLength(0);
    expect(within(dialog).getByRole('cell', { name: 'Karim Hossain' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Unlink Karim Hossain' }));
    confirm = await screen.findByRole('dialog', { name: 'Unlink Karim Hossain?' });
    await user.click(within(confirm).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('Guardian unlinked.')).toBeInTheDocument();
    expect(calls.unlinks).toEqual([{ guardian_id: 7, student_id: 41 }]);
    const panel = screen.getByRole('dialog', { name: 'Guardians of Arif Hossain' });
    expect(await within(panel).findByText('No guardian is linked to this student yet.')).toBeInTheDocument();
  });

  it('shows the server’s refusal in Bangla and keeps what was typed', async () => {
    await setLanguage('bn');
    serve([]);
    fakeAuthServer(ADMIN).savedSignIn();
    const { user } = renderApp('/add-student');
    await user.click(await screen.findByRole('button', { name: 'অভিভাবক: Arif Hossain' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arif Hossain-এর অভিভাবক' });
    await within(dialog).findByText('এই শিক্ষার্থীর সাথে এখনো কোনো অভিভাবক যুক্ত নেই।');
    await user.type(within(dialog).getByLabelText(/^নাম/, { selector: 'input' }), 'Rahim');
    await user.type(within(dialog).getByLabelText(/^ফোন/, { selector: 'input' }), '01811000001');
    await user.selectOptions(within(dialog).getByLabelText(/^সম্পর্ক/, { selector: 'select' }), 'বাবা');
    await user.click(within(dialog).getByRole('button', { name: 'অভিভাবক যোগ করুন' }));
    expect(await within(dialog).findByText('এই ফোন নম্বরটি অন্য একটি অ্যাকাউন্টের ইউজার আইডি।')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^ফোন/, { selector: 'input' })).toHaveValue('01811000001');
    expect(within(dialog).queryByText('এই পাসওয়ার্ড শুধু এখনই দেখানো হচ্ছে।', { exact: false })).not.toBeInTheDocument();
  });
});
