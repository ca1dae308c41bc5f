/**
 * The guardian's side against a mock server (msw): /guardian-admin with a card per
 * child (today's attendance, this month's rate, dues, unread notices, links with ?student=), the
 * student screens showing the chosen child (asked for with that child's id) with a switcher, a
 * student id that is not theirs, no children, and a guardian sent home from a teacher page.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { InvoiceRow } from '@/api/schemas/fees';
import type { GuardianChild } from '@/api/schemas/guardians';
import type { StudentNoticeRow } from '@/api/schemas/notices';
import { setLanguage } from '@/i18n/i18n';
import { GUARDIAN, currentPath, fakeAuthServer, renderApp, server } from './helpers';

const page = <T,>(rows: T[]) => ({ rows, total: rows.length, limit: 500, offset: 0 });
const today = '2026-03-10';

const child = (over: Partial<GuardianChild>): GuardianChild => ({
  student_id: 41,
  student_code: 'S-1-0001',
  full_name: 'Arif Hossain',
  relation: 'father',
  school_info_id: 1,
  school_name: 'Green Valley School',
  session_id: 1,
  class_id: 6,
  class_name: 'Six',
  section_id: 3,
  section_default_name: 'A',
  class_roll_no: 7,
  today,
  ...over,
});
const ARIF = child({});
const NADIA = child({
  student_id: 52,
  student_code: 'S-1-0150',
  full_name: 'Nadia Hossain',
  class_id: 8,
  class_name: 'Eight',
  section_id: 9,
  section_default_name: 'B',
  class_roll_no: 3,
});

const invoice = (studentId: number, due: string): InvoiceRow => ({
  id: 70 + studentId,
  fee_id: 3,
  student_id: studentId,
  student_code: 'S',
  full_name: 'X',
  sector_code: 'TUI',
  sector_name: 'Tuition',
  session_year: '2026',
  last_date: '2099-01-31',
  amount: due,
  waived: '0.00',
  paid: '0.00',
  due,
  late_fee: '0.00',
  overdue: false,
  receipts: [],
});

function guardianApi(kids: GuardianChild[]) {
  const asked: string[] = [];
  server.use(
    http.get('/api/guardian/children', () => HttpResponse.json(kids)),
    http.get('/api/guardian/preferences', () => HttpResponse.json({ sms: 'sms', language: 'bn' })),
    http.get('/api/guardian/sms-opt-outs', () => HttpResponse.json({ opted_out: ['calendar'] })),
    http.put('/api/guardian/sms-opt-outs', () => HttpResponse.json({ ok: true, message: 'SMS choices saved.' })),
    http.get('/api/attendance/student/individual/summary', ({ request }) => {
      const u = new URL(request.url);
      const id = Number(u.searchParams.get('student_id'));
      const oneDay = u.searchParams.get('start_date') === u.searchParams.get('end_date');
      // Arif: present today, 90% this month; Nadia: absent today, 75% this month.
      const s =
        id === ARIF.student_id
          ? oneDay
            ? { total: 6, present: 6, absent: 0, present_rate: 100 }
            : { total: 40, present: 36, absent: 4, present_rate: 90 }
          : oneDay
            ? { total: 6, present: 0, absent: 6, present_rate: 0 }
            : { total: 40, present: 30, absent: 10, present_rate: 75 };
      return HttpResponse.json({ student_id: id, start_date: today, end_date: today, ...s });
    }),
    http.get('/api/invoice/due', ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('student_id'));
      asked.push(`due:${id}`);
      return HttpResponse.json(page(id === ARIF.student_id ? [invoice(id, '1250.50')] : []));
    }),
    http.get('/api/invoice/paid', ({ request }) => {
      asked.push(`paid:${new URL(request.url).searchParams.get('student_id')}`);
      return HttpResponse.json(page([]));
    }),
    http.get('/api/notice/student', ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('student_id'));
      const row = (n: number, read: boolean): StudentNoticeRow => ({
        id: n,
        notice_headline: `Notice ${n}`,
        notice_description: '',
        type: 2,
        school_info_id: 1,
        class_id: 0,
        class_name: 'ALL',
        section_id: 0,
        section_default_name: 'ALL',
        session_id: 1,
        session_year: '2026',
        publishing_date: today,
        notice_users: '',
        students: [],
        student_id: null,
        creator_name: 'Head teacher',
        edited_by_name: null,
        edited_at: null,
        read,
      });
      return HttpResponse.json(page(id === ARIF.student_id ? [row(1, false), row(2, false), row(3, true)] : []));
    }),
  );
  return asked;
}

afterEach(() => setLanguage('en'));

describe('/guardian-admin', () => {
  it('shows a card per child with today, this month, dues, unread notices and the child’s links', async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    guardianApi([ARIF, NADIA]);
    renderApp('/guardian-admin');
    expect(await screen.findByRole('heading', { name: 'Guardian Dashboard' })).toBeInTheDocument();
    const arif = (await screen.findByRole('heading', { name: 'Arif Hossain' })).closest('li')!;
    const nadia = screen.getByRole('heading', { name: 'Nadia Hossain' }).closest('li')!;
    expect(arif).toHaveTextContent('Class Six, section A');
    expect(await within(arif).findByText('Present')).toBeInTheDocument();
    expect(await within(arif).findByText('90% present')).toBeInTheDocument();
    expect(await within(arif).findByText(/1,250\.50/)).toBeInTheDocument();
    expect(await within(arif).findByText('2 unread')).toBeInTheDocument();
    expect(await within(nadia).findByText('Absent')).toBeInTheDocument();
    expect(await within(nadia).findByText('Nothing due')).toBeInTheDocument();
    expect(await within(nadia).findByText('0 unread')).toBeInTheDocument();
    expect(within(nadia).getByRole('link', { name: 'Due invoices' })).toHaveAttribute(
      'href',
      `/dueinvoice?student=${NADIA.student_id}`,
    );
    expect(within(arif).getByRole('link', { name: 'Attendance history' })).toHaveAttribute(
      'href',
      `/studentviewattendance?student=${ARIF.student_id}`,
    );
  });

  it('says so when no child is linked yet', async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    guardianApi([]);
    renderApp('/guardian-admin');
    expect(await screen.findByText(/No student is linked to your account yet/)).toBeInTheDocument();
  });

  it('is in Bangla for a guardian who reads Bangla', async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    guardianApi([ARIF]);
    setLanguage('bn');
    renderApp('/guardian-admin');
    expect(await screen.findByRole('heading', { name: 'অভিভাবকের ড্যাশবোর্ড' })).toBeInTheDocument();
    expect(await screen.findByText('২টি অপঠিত')).toBeInTheDocument();
  });

  it('sends a guardian who opens a teacher page home with a message', async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    guardianApi([ARIF]);
    renderApp('/teacher-admin');
    expect(await screen.findByRole('heading', { name: 'Guardian Dashboard' })).toBeInTheDocument();
    expect(currentPath()).toBe('/guardian-admin');
    expect(screen.getByText('That page is for teachers.')).toBeInTheDocument();
  });
});

describe('absence messages on /guardian-admin', () => {
  it('shows the current choice, sends the new one and says saved only after the server answered', async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    guardianApi([ARIF]);
    const sent: unknown[] = [];
    let answer: () => void = () => {};
    server.use(
      http.put('/api/guardian/preferences', async ({ request }) => {
        sent.push(await request.json());
        await new Promise<void>((r) => (answer = r));
        return HttpResponse.json({ message: 'Preferences saved.' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/guardian-admin');
    const sms = await screen.findByRole('radio', { name: 'SMS to my phone' });
    expect(sms).toBeChecked();
    expect(screen.getByRole('radio', { name: 'বাংলা' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'No message' }));
    // Keyboard: the arrow key moves within the language group.
    screen.getByRole('radio', { name: 'বাংলা' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(screen.queryByText('Your choice is saved.')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByText('Your choice is saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ sms: 'none', language: 'en' }]);
  });

  it('lets the guardian choose which SMS they want, saved as opt-outs', async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    guardianApi([ARIF]);
    const sent: unknown[] = [];
    server.use(
      http.put('/api/guardian/preferences', () => HttpResponse.json({ message: 'Preferences saved.' })),
      http.put('/api/guardian/sms-opt-outs', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ok: true, message: 'SMS choices saved.' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/guardian-admin');
    const results = await screen.findByRole('checkbox', { name: 'Results' });
    expect(results).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Holidays and events' })).not.toBeChecked();
    await user.click(results);
    await user.click(screen.getByRole('checkbox', { name: 'Holidays and events' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your choice is saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ opted_out: ['result'] }]);
  });

  it('shows the server’s refusal in Bangla and saves on retry', async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    guardianApi([ARIF]);
    setLanguage('bn');
    let calls = 0;
    server.use(
      http.put('/api/guardian/preferences', () =>
        ++calls === 1
          ? HttpResponse.json({ error: { code: 'forbidden', message: 'You may not do that.' } }, { status: 403 })
          : HttpResponse.json({ message: 'Preferences saved.' }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/guardian-admin');
    await user.click(await screen.findByRole('radio', { name: 'কোনো বার্তা নয়' }));
    const save = screen.getByRole('button', { name: 'সংরক্ষণ করুন' });
    // The form's own alert (the page's summary above it has its own state).
    const form = within(save.closest('form')!);
    await user.click(save);
    const alert = await form.findByRole('alert');
    expect(alert).not.toHaveTextContent('You may not do that.');
    expect(alert.textContent).toMatch(/[\u0980-\u09FF]/);
    await user.click(form.getByRole('button', { name: 'আবার চেষ্টা করুন' }));
    expect(await screen.findByText('আপনার পছন্দ সংরক্ষিত হয়েছে।')).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});

describe('a student screen for the chosen child', () => {
  it('asks for the child in the address and switches between children', async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    const asked = guardianApi([ARIF, NADIA]);
    const { user } = renderApp(`/dueinvoice?student=${ARIF.student_id}`);
    expect(await screen.findByText(/Total due/)).toHaveTextContent('1,250.50');
    expect(asked).toContain(`due:${ARIF.student_id}`);
    const switcher = screen.getByRole('navigation', { name: 'Child' });
    expect(within(switcher).getByRole('link', { name: 'Arif Hossain' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(switcher).getByRole('link', { name: 'Nadia Hossain' }));
    expect(await screen.findByText('No dues. Thank you!')).toBeInTheDocument();
    expect(asked).toContain(`due:${NADIA.student_id}`);
    expect(asked.every((a) => a.endsWith(String(ARIF.student_id)) || a.endsWith(String(NADIA.student_id)))).toBe(true);
  });

  it('asks which child when none is named, and refuses an id that is not theirs without asking the server', async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    const asked = guardianApi([ARIF, NADIA]);
    renderApp('/paidinvoice');
    expect(await screen.findByText('Choose a child')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('a student id that is not one of the children is not shown', async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    const asked = guardianApi([ARIF, NADIA]);
    renderApp('/paidinvoice?student=999');
    expect(await screen.findByText(/not linked to your account/)).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
