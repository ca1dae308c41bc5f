/**
 * eSchool and activities against a mock server (msw): a student's online classes (join link only
 * while a class is open, cancelled ones marked), the empty and error states; the teacher's editor
 * refusing an http link before anything is sent, sending the server's body after a fix and showing
 * the server's message only once it answered, and cancelling only after the confirmation; the
 * student's activities with the Extra Curriculum part, in Bangla too.
 */
import { screen, within, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { OnlineClassRow } from '@/api/schemas/eschool';
import { setLanguage } from '@/i18n/i18n';
import { STUDENT, TEACHER, fakeAuthServer, renderApp, server } from './helpers';

const row = (over: Partial<OnlineClassRow>): OnlineClassRow => ({
  id: 5,
  session_id: 1,
  class_id: 6,
  class_name: 'Six',
  section_id: 11,
  section_default_name: 'A',
  subject_id: 21,
  subject_name: 'Mathematics',
  teacher_id: 3,
  teacher_name: 'Mr. Rahim',
  initial: 'MRH',
  topic: 'Fractions',
  date: '2026-11-25',
  start_time: '16:00',
  starts_at: '2026-11-25T10:00:00Z',
  ends_at: '2026-11-25T10:40:00Z',
  duration_minutes: 40,
  meeting_url: 'https://meet.example.org/x',
  cancelled: false,
  status: 'upcoming',
  ...over,
});
const page = <T,>(rows: T[]) => ({ rows, total: rows.length, limit: 20, offset: 0 });

afterEach(async () => {
  await setLanguage('en');
});

describe('eSchool', () => {
  it('a student sees their classes: a join link while open, none for a cancelled one', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    server.use(
      http.get('/api/eschool/classes', () =>
        HttpResponse.json(
          page([row({}), row({ id: 6, subject_name: 'English', cancelled: true, status: 'cancelled' })]),
        ),
      ),
    );
    renderApp('/student-eschool');
    const table = await screen.findByRole('table', { name: 'Online classes' });
    const [, maths, english] = within(table).getAllByRole('row');
    expect(within(maths).getByRole('link', { name: /Join Mathematics/ })).toHaveAttribute(
      'href',
      'https://meet.example.org/x',
    );
    expect(within(english).getByText('Cancelled')).toBeInTheDocument();
    expect(within(english).queryByRole('link')).toBeNull();
  });

  it('says so when there are none, and shows the server’s error with Try again', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    let calls = 0;
    server.use(
      http.get('/api/eschool/classes', () =>
        ++calls === 1
          ? HttpResponse.json(
              { error: { code: 'internal', message: 'Something went wrong on our side.' } },
              { status: 500 },
            )
          : HttpResponse.json(page([])),
      ),
    );
    const { user } = renderApp('/student-eschool');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No online classes yet.')).toBeInTheDocument();
  });

  it('the teacher’s editor refuses an http link before sending, then saves and cancels after confirming', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const sent: unknown[] = [];
    let cancelled = 0;
    server.use(
      http.get('/api/eschool/classes', () => HttpResponse.json(page([row({})]))),
      http.get('/api/eschool/options', () =>
        HttpResponse.json([
          {
            class_id: 6,
            class_name: 'Six',
            section_id: 11,
            section_default_name: 'A',
            subject_id: 21,
            subject_name: 'Mathematics',
            teacher_id: 3,
            teacher_name: 'Mr. Rahim',
          },
        ]),
      ),
      http.post('/api/eschool/classes', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ok: true, id: 9, code: 'eschool.created', message: 'Online class scheduled.' });
      }),
      http.post('/api/eschool/classes/5/cancel', () => {
        cancelled++;
        return HttpResponse.json({ ok: true, id: 5, code: 'eschool.cancelled', message: 'Online class cancelled.' });
      }),
    );
    const { user } = renderApp('/teacher-eschool');
    await user.click(await screen.findByRole('button', { name: 'Schedule online class' }));
    await user.selectOptions(screen.getByLabelText('Class, section and subject'), '11|21|3');
    await user.type(screen.getByLabelText('Start time'), '16:30');
    await user.type(screen.getByLabelText('Meeting link'), 'http://meet.example.org/abc');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The meeting link must be an https:// address.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(screen.getByLabelText('Meeting link'));
    await user.type(screen.getByLabelText('Meeting link'), 'https://meet.example.org/abc');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Online class scheduled.')).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({
        section_id: 11,
        subject_id: 21,
        start_time: '16:30',
        duration_minutes: 40,
        meeting_url: 'https://meet.example.org/abc',
      }),
    ]);

    await user.click(await screen.findByRole('button', { name: /Cancel class: Mathematics/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this online class?' });
    expect(cancelled).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the class' }));
    await waitFor(() => expect(cancelled).toBe(1));
    expect(await screen.findByText('Online class cancelled.')).toBeInTheDocument();
  });
});

describe('activities', () => {
  const mine = {
    session_id: 1,
    session_year: '2026',
    rows: [
      {
        id: 1,
        name: 'Debate Club',
        kind: 'club',
        teacher_name: 'Mr. Rahim',
        full_marks: 20,
        role: 'Speaker',
        marks: 16,
      },
      { id: 2, name: 'Science Fair', kind: 'competition', teacher_name: null, full_marks: 100, role: '', marks: null },
    ],
    extra_curriculum: 4,
  };

  it('a student sees their activities, marks and the Extra Curriculum part, in Bangla too', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    server.use(http.get('/api/activities/mine', () => HttpResponse.json(mine)));
    renderApp('/student-activity');
    const table = await screen.findByRole('table', { name: 'Your activities' });
    expect(within(table).getByText('16 / 20')).toBeInTheDocument();
    expect(within(table).getByText('Not marked yet')).toBeInTheDocument();
    expect(screen.getByText('Extra Curriculum on your grade sheet: 4 of 5')).toBeInTheDocument();
    await setLanguage('bn');
    expect(await screen.findByText('তোমার গ্রেড শিটে সহশিক্ষা: ৫-এর মধ্যে ৪')).toBeInTheDocument();
  });

  it('says so when the student takes part in nothing', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    server.use(
      http.get('/api/activities/mine', () =>
        HttpResponse.json({ session_id: 1, session_year: '2026', rows: [], extra_curriculum: null }),
      ),
    );
    renderApp('/student-activity');
    expect(await screen.findByText('You take part in no activity this session.')).toBeInTheDocument();
  });
});
