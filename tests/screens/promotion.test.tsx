/**
 * Promotion on /add-student against a fake server (msw): the section's students listed ticked,
 * one unticked (repeating the year), a confirmation before anything is sent, the server's answer
 * shown; a refusal shows the server's message and keeps the choices.
 */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ADMIN, fakeAuthServer, renderApp, server } from './helpers';

const STUDENTS = [1, 2, 3].map((n) => ({
  id: 100 + n,
  student_id: 100 + n,
  student_code: `S-${n}`,
  full_name: ['Rafi Hasan', 'Mim Akter', 'Tanvir Ahmed'][n - 1],
  mobile_no: '',
  class_roll_no: n,
  enrolment_id: 500 + n,
  class_id: 6,
  section_id: 61,
}));

function serve(answer: 'ok' | 'taken') {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/section/all', () =>
      HttpResponse.json([
        { id: 61, section_default_name: 'A', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
        { id: 71, section_default_name: 'A', class_id: 7, class_name: 'Seven', shift_id: 1, school_info_id: 10 },
      ]),
    ),
    http.get('/api/session', () =>
      HttpResponse.json([
        { id: 2, session_year: '2026', current: true },
        { id: 3, session_year: '2027', current: false },
      ]),
    ),
    http.get('/api/groups/all', () => HttpResponse.json([])),
    http.get('/api/gender', () => HttpResponse.json([])),
    http.get('/api/student/all', () => HttpResponse.json([], { headers: { 'x-total-count': '0' } })),
    http.get('/api/student/section', ({ request }) => {
      const q = new URL(request.url).searchParams;
      return HttpResponse.json(q.get('section_id') === '61' && q.get('session_id') === '2' ? STUDENTS : []);
    }),
    http.post('/api/student/promote', async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      if (answer === 'taken') {
        return HttpResponse.json(
          {
            error: {
              code: 'people.roll_taken',
              message: 'Class rolls already taken in Seven A (2027): 1, 3',
              fields: { class_roll_no: 'is already taken' },
            },
          },
          { status: 409 },
        );
      }
      return HttpResponse.json({
        ok: true,
        message: '2 students promoted to Seven, section A (2027)',
        promoted: 2,
        to_session_year: '2027',
        to_class_name: 'Seven',
        to_section_name: 'A',
      });
    }),
  );
  return sent;
}

async function choose(user: ReturnType<typeof renderApp>['user']) {
  const section = await screen.findByLabelText(/^Promote from section/, { selector: 'select' });
  await user.selectOptions(section, 'Six A');
  await user.selectOptions(screen.getByLabelText(/^Into class and section/, { selector: 'select' }), 'Seven A');
  const list = await screen.findByRole('table', { name: /students to promote/ });
  expect(
    within(list)
      .getAllByRole('checkbox')
      .every((box) => (box as HTMLInputElement).checked),
  ).toBe(true);
  await user.click(within(list).getByRole('checkbox', { name: 'Promote Mim Akter' }));
  expect(screen.getByRole('table', { name: '2 students to promote' })).toBeInTheDocument();
}

describe('promoting a section', () => {
  it('asks first, then sends the ticked students and shows the server’s answer', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const sent = serve('ok');
    const { user } = renderApp('/add-student');
    await choose(user);
    // Next year is chosen for the admin already.
    expect(screen.getByLabelText(/^To session/, { selector: 'select' })).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'Promote…' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('2 students of Six A will be enrolled in Seven A for 2027');
    expect(sent).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText('2 students promoted to Seven, section A (2027)')).toBeInTheDocument();
    expect(sent).toEqual([
      { from_session_id: 2, section_id: 61, to_session_id: 3, to_section_id: 71, student_ids: [101, 103] },
    ]);
  });

  it('a refusal shows the server’s message and keeps the choices', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    serve('taken');
    const { user } = renderApp('/add-student');
    await choose(user);
    await user.click(screen.getByRole('button', { name: 'Promote…' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText('Class rolls already taken in Seven A (2027): 1, 3')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Promote from section/, { selector: 'select' })).toHaveValue('61');
    expect(screen.getByRole('checkbox', { name: 'Promote Mim Akter' })).not.toBeChecked();
  });
});

describe('a student’s password reset from the list', () => {
  it('asks first, then shows the new one-time password once the server made it', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    serve('ok');
    const resets: string[] = [];
    server.use(
      http.get('/api/student/all', () =>
        HttpResponse.json(
          [{ id: 101, student_code: 'S-1', first_name: 'Rafi', full_name: 'Rafi Hasan', mobile_no: '', email: '' }],
          {
            headers: { 'x-total-count': '1' },
          },
        ),
      ),
      http.post('/api/users/reset_password', ({ request }) => {
        resets.push(new URL(request.url).searchParams.get('user_code') ?? '');
        return HttpResponse.json({
          ok: true,
          message: 'A new one-time password was made.',
          code: 'people.password_reset',
          user_code: 'S-1',
          initial_password: 'Kp9mWq3zRt6v',
        });
      }),
    );
    const { user } = renderApp('/add-student');
    const list = await screen.findByRole('table', { name: /Student Id/ });
    await user.click(within(list).getByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog');
    expect(resets).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: /OK|Yes|Confirm|Reset/ }));
    expect(await screen.findByText(/Kp9mWq3zRt6v/)).toBeInTheDocument();
    expect(resets).toEqual(['S-1']);
  });
});
