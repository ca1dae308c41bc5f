/**
 * The student's home screen (/student-admin): what the day asks of them. The homework still to do
 * (asked for with pending=1), flagged on its last day and once overdue; today's classes of their
 * section, not the week's; the fees due with their total; each empty state; Bangla.
 */
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { InvoiceRow } from '@/api/schemas/fees';
import type { StudentHomeworkRow } from '@/api/schemas/homework';
import { setLanguage } from '@/i18n/i18n';
import { STUDENT, fakeAuthServer, renderApp, routineRow, server } from './helpers';

// Thursday 26 November 2026, 10:00 in Dhaka: day id 5 (1 = Sunday).
const NOW = new Date('2026-11-26T04:00:00Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(async () => {
  vi.useRealTimers();
  await act(() => setLanguage('en'));
});

const homework = (over: Partial<StudentHomeworkRow>): StudentHomeworkRow => ({
  id: 1,
  school_info_id: 10,
  session_id: 2,
  session_year: '2026',
  class_id: 6,
  class_name: 'Six',
  section_id: 3,
  section_local_name: 'A',
  subject_id: 21,
  subject_name: 'Mathematics',
  teacher_id: 41,
  initial: 'RK',
  teacher_name: 'Rahima Khatun',
  topic: 'Fractions',
  details: 'Exercise 3.2',
  issue_date: '2026-11-20',
  due_date: '2026-11-30',
  file_url: null,
  attachment_link: null,
  file_name: null,
  submitted: 3,
  students: 30,
  submission: null,
  ...over,
});

const invoice = (over: Partial<InvoiceRow>): InvoiceRow => ({
  id: 70,
  fee_id: 3,
  student_id: STUDENT.id,
  student_code: 'S-2024-07',
  full_name: 'Arif Hossain',
  sector_code: 'TUI',
  sector_name: 'Tuition',
  session_year: '2026',
  last_date: '2026-11-30',
  amount: '1250.50',
  waived: '0.00',
  paid: '0.00',
  due: '1250.50',
  late_fee: '0.00',
  overdue: false,
  receipts: [],
  ...over,
});

function dayServer() {
  const asked: { homework: string[]; routine: string[] } = { homework: [], routine: [] };
  server.use(
    http.get('/api/homework/student', ({ request }) => {
      asked.homework.push(new URL(request.url).search);
      return HttpResponse.json({
        rows: [
          homework({ id: 3, topic: 'Map of Bangladesh', subject_name: 'Geography', due_date: '2026-11-24' }),
          homework({ id: 4, topic: 'Fractions', due_date: '2026-11-26' }),
          homework({ id: 5, topic: 'Poem by heart', subject_name: 'Bangla', due_date: '2026-11-30' }),
        ],
        total: 3,
        limit: 5,
        offset: 0,
      });
    }),
    http.get('/api/routine/student', ({ request }) => {
      asked.routine.push(new URL(request.url).search);
      return HttpResponse.json([
        routineRow({ id: 1, day_id: 1, day: 'Sunday', period_code: 'P1', subject_name: 'Mathematics' }),
        routineRow({
          id: 2,
          day_id: 5,
          day: 'Thursday',
          period_code: 'P2',
          start_time: '09:00:00',
          end_time: '09:45:00',
          subject_name: 'English',
          initial: 'NA',
          room: '204',
        }),
        routineRow({
          id: 3,
          day_id: 5,
          day: 'Thursday',
          period_code: 'P1',
          start_time: '08:00:00',
          end_time: '08:45:00',
          subject_name: 'Bangla',
          initial: 'SR',
          room: '',
        }),
      ]);
    }),
    http.get('/api/invoice/due', () =>
      HttpResponse.json({
        rows: [invoice({}), invoice({ id: 71, due: '300.00', amount: '300.00' })],
        total: 2,
        limit: 200,
        offset: 0,
      }),
    ),
  );
  return asked;
}

describe('the student’s home screen (/student-admin)', () => {
  it('shows the homework still to do with its urgency, today’s classes in order, and the fees due', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const asked = dayServer();
    renderApp('/student-admin');

    const toDo = await screen.findByRole('region', { name: 'Still to do' });
    const items = await within(toDo).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Map of BangladeshGeography · Last date 24-11-2026Overdue',
      'FractionsMathematics · Last date 26-11-2026Due today',
      'Poem by heartBangla · Last date 30-11-2026',
    ]);
    expect(within(items[1]).getByRole('link')).toHaveAttribute('href', '/studenthomeworksubmit?homework=4');
    expect(within(toDo).getByRole('link', { name: 'All homework' })).toHaveAttribute('href', '/studenthomework');
    expect(asked.homework).toEqual(['?pending=1&limit=5&offset=0']);

    const classes = screen.getByRole('region', { name: 'Today’s classes' });
    const periods = await within(classes).findAllByRole('listitem');
    expect(periods.map((li) => li.textContent)).toEqual([
      'P1 · BanglaTeacher SR8:00 AM–8:45 AM',
      'P2 · EnglishTeacher NA · Room 2049:00 AM–9:45 AM',
    ]);
    expect(asked.routine).toEqual(['?section_id=3&class_id=6&school_info_id=10']);

    const fees = screen.getByRole('region', { name: 'Fees due' });
    expect(await within(fees).findByText('৳1,550.50 due on 2 invoices')).toBeInTheDocument();
    expect(within(fees).getByRole('link', { name: 'See and pay' })).toHaveAttribute('href', '/student-payment');
  });

  it('says plainly when nothing is waiting: no homework, no classes today, nothing due', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    renderApp('/student-admin');
    expect(await screen.findByText('No homework is waiting for an answer.')).toBeInTheDocument();
    expect(await screen.findByText('No classes today.')).toBeInTheDocument();
    expect(await screen.findByText('Nothing is due.')).toBeInTheDocument();
  });

  it('in Bangla: Bangla headings, dates, digits and flags', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    dayServer();
    renderApp('/student-admin');
    await screen.findByRole('region', { name: 'Still to do' });
    await act(() => setLanguage('bn'));
    const toDo = await screen.findByRole('region', { name: 'যা বাকি' });
    const items = await within(toDo).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('শেষ তারিখ ২৪ নভেম্বর ২০২৬');
    expect(items[0]).toHaveTextContent('সময় পেরিয়ে গেছে');
    expect(items[1]).toHaveTextContent('আজ শেষ দিন');
    const fees = screen.getByRole('region', { name: 'বকেয়া ফি' });
    expect(await within(fees).findByText('২টি চালানে বকেয়া ৳১,৫৫০.৫০')).toBeInTheDocument();
  });
});
