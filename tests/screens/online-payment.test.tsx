/**
 * Paying online on /payoption against a mock server (msw): the chosen invoices, amount and wallet
 * go to POST /api/payment/online/start and the browser to the answered checkout page; more than is
 * due is refused before anything is sent; the server's refusal is shown; back from the provider the
 * page shows only what the server recorded (paid with its receipt, cancelled, failed, pending; a
 * sandbox payment as TEST PAYMENT - NO MONEY RECEIVED); on a server without online payment the
 * page offers no wallet and says so; /paidinvoice downloads a receipt; both languages.
 */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { InvoiceRow } from '@/api/schemas/fees';
import type { OnlineOptions, OnlinePaymentRow } from '@/api/schemas/online-payments';
import { setLanguage } from '@/i18n/i18n';
import { checkout } from '@/screens/fees/student-pay-option';
import type { GuardianChild } from '@/api/schemas/guardians';
import { GUARDIAN, STUDENT, fakeAuthServer, renderApp, server } from './helpers';

const page = <T,>(rows: T[]) => ({ rows, total: rows.length, limit: 500, offset: 0 });
const invoice = (over: Partial<InvoiceRow>): InvoiceRow => ({
  id: 70,
  fee_id: 3,
  student_id: STUDENT.id,
  student_code: 'S-2024-07',
  full_name: 'Arif Hossain',
  sector_code: 'TUI',
  sector_name: 'Tuition',
  session_year: '2026',
  last_date: '2026-01-31',
  amount: '1250.50',
  waived: '0.00',
  paid: '0.00',
  due: '1250.50',
  late_fee: '0.00',
  overdue: true,
  receipts: [],
  ...over,
});
const DUE = [
  invoice({}),
  invoice({ id: 71, sector_name: 'Exam fee', amount: '500.00', paid: '249.75', due: '250.25' }),
];
const TOKEN = 'tok_abcdefghijklmnopqrstuvwx';
const record = (over: Partial<OnlinePaymentRow>): OnlinePaymentRow => ({
  token: TOKEN,
  status: 'paid',
  wallet: 'nagad',
  amount: '1000.25',
  invoice_ids: [70],
  student_id: STUDENT.id,
  provider_txn_id: 'SBX00AA11',
  payment_id: 42,
  receipt_no: 'R-000042',
  failure: '',
  test: false,
  created_at: '2026-11-24T10:00:00Z',
  ...over,
});
/** A server running the payment sandbox (PAYMENT_PROVIDER=sandbox): every payment a test. */
const SANDBOX: OnlineOptions = { available: true, provider: 'sandbox', test: true };

function api(opts: { start?: () => Response; status?: OnlinePaymentRow[]; options?: OnlineOptions } = {}) {
  const started: unknown[] = [];
  let reads = 0;
  server.use(
    http.get('/api/payment/online/options', () => HttpResponse.json(opts.options ?? SANDBOX)),
    http.get('/api/invoice/due', () => HttpResponse.json(page(DUE))),
    http.post('/api/payment/online/start', async ({ request }) => {
      started.push(await request.json());
      return (
        opts.start?.() ??
        HttpResponse.json({
          ok: true,
          token: TOKEN,
          checkout_url: `/api/payment/sandbox/checkout?token=${TOKEN}`,
          amount: '1000.25',
          code: 'payments.online_started',
        })
      );
    }),
    http.get('/api/payment/online/:token', () => {
      const list = opts.status ?? [record({})];
      return HttpResponse.json(list[Math.min(reads++, list.length - 1)]);
    }),
  );
  return { started, reads: () => reads };
}

let opened: string[] = [];
beforeEach(() => {
  opened = [];
  vi.spyOn(checkout, 'open').mockImplementation((url: string) => void opened.push(url));
});
afterEach(() => vi.restoreAllMocks());

describe('/payoption: paying by wallet', () => {
  it('sends the chosen invoices, a part amount and the wallet, then goes to the checkout page', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const calls = api();
    const { user } = renderApp('/payoption?invoice=70');
    const amount = await screen.findByLabelText('Amount in taka');
    expect(amount).toHaveValue('1250.50');
    // Ticking the second invoice raises the default to both dues.
    await user.click(screen.getByRole('checkbox', { name: /Exam fee/ }));
    expect(amount).toHaveValue('1500.75');
    await user.click(screen.getByRole('checkbox', { name: /Exam fee/ }));
    await user.clear(amount);
    await user.type(amount, '1000.25');
    await user.click(screen.getByRole('radio', { name: 'Nagad' }));
    expect(
      screen.getByText('SANDBOX: payments here are TEST payments. No money moves and your invoices stay due.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make a test payment of ৳1,000.25 with Nagad' }));
    await vi.waitFor(() => expect(opened).toEqual([`/api/payment/sandbox/checkout?token=${TOKEN}`]));
    expect(calls.started).toEqual([{ invoice_ids: [70], amount: '1000.25', wallet: 'nagad' }]);
  });

  it('refuses more than is due, a bad amount and no invoice before sending anything', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const calls = api();
    const { user } = renderApp('/payoption?invoice=71');
    const amount = await screen.findByLabelText('Amount in taka');
    await user.clear(amount);
    await user.type(amount, '250.26');
    await user.click(screen.getByRole('button', { name: /^Make a test payment of / }));
    expect(await screen.findByText('At most ৳250.25 is due on the chosen invoices.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '12.345');
    await user.click(screen.getByRole('button', { name: /^Make a test payment of / }));
    expect(await screen.findByText('Enter an amount in taka such as 1250.50.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Exam fee/ }));
    await user.click(screen.getByRole('button', { name: /^Make a test payment of / }));
    expect(await screen.findByText('Choose at least one invoice.')).toBeInTheDocument();
    expect(calls.started).toEqual([]);
    expect(opened).toEqual([]);
  });

  it('shows the server’s refusal and stays on the page', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    api({
      start: () =>
        HttpResponse.json(
          {
            error: { code: 'fees.overpayment', message: 'The amount is more than is due: at most 200.00 may be paid.' },
          },
          { status: 409 },
        ),
    });
    const { user } = renderApp('/payoption?invoice=71');
    await user.click(await screen.findByRole('button', { name: /^Make a test payment of / }));
    expect(await screen.findByText(/at most 200.00 may be paid/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(opened).toEqual([]);
  });
});

describe('/payoption on a server without online payment (PAYMENT_PROVIDER unset)', () => {
  it('says online payment is not available, offers no wallet, and keeps the school office steps', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const calls = api({ options: { available: false, provider: 'none', test: false } });
    renderApp('/payoption?invoice=71');
    expect(
      await screen.findByText(
        'Online payment is not available at this school. Please pay at the school office, as below.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pay at the school office' })).toBeInTheDocument();
    expect(screen.getByText(/student code S-2024-07/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Amount in taka')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: /pay/i })).toBeNull();
    expect(calls.started).toEqual([]);
  });

  it('in Bangla too', async () => {
    await setLanguage('bn');
    try {
      fakeAuthServer(STUDENT).savedSignIn();
      api({ options: { available: false, provider: 'none', test: false } });
      renderApp('/payoption?invoice=71');
      expect(
        await screen.findByText('এই স্কুলে অনলাইনে পরিশোধের ব্যবস্থা নেই। নিচের নিয়মে স্কুল অফিসে পরিশোধ করুন।'),
      ).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });
});

describe('/payoption for a guardian', () => {
  const kid = (student_id: number, full_name: string, student_code: string): GuardianChild => ({
    student_id,
    student_code,
    full_name,
    relation: 'father',
    school_info_id: 1,
    school_name: 'Green Valley School',
    session_id: 1,
    class_id: 6,
    class_name: 'Six',
    section_id: 3,
    section_default_name: 'A',
    class_roll_no: 7,
    today: '2026-11-24',
  });

  it("pays the chosen child's invoice: the child's dues are asked for, and the office steps name that child", async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/guardian/children', () =>
        HttpResponse.json([kid(41, 'Arif Hossain', 'S-1-0001'), kid(52, 'Nadia Hossain', 'S-1-0150')]),
      ),
    );
    const calls = api();
    server.use(
      http.get('/api/invoice/due', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('student_id'));
        return HttpResponse.json(page(DUE.map((r) => ({ ...r, student_id: 52 }))));
      }),
    );
    const { user } = renderApp('/payoption?invoice=71&student=52');
    expect(await screen.findByRole('link', { name: 'Nadia Hossain', current: 'page' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Amount in taka')).toHaveValue('250.25');
    expect(asked).toContain('52');
    expect(screen.getByText(/S-1-0150/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make a test payment of ৳250.25 with bKash' }));
    await vi.waitFor(() => expect(opened).toEqual([`/api/payment/sandbox/checkout?token=${TOKEN}`]));
    expect(calls.started).toEqual([{ invoice_ids: [71], amount: '250.25', wallet: 'bkash' }]);
  });
});

describe('/payoption?payment=: the outcome from the server', () => {
  it('paid: the receipt number, the wallet transaction and the receipt PDF', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    api({ status: [record({})] });
    const pdf: string[] = [];
    server.use(
      http.get('/api/payment/:id/receipt', ({ params }) => {
        pdf.push(String(params.id));
        return new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="r.pdf"' },
        });
      }),
    );
    URL.createObjectURL ??= () => 'blob:x';
    URL.revokeObjectURL ??= () => {};
    const { user } = renderApp(`/payoption?payment=${TOKEN}`);
    expect(await screen.findByText('Payment received: receipt R-000042')).toBeInTheDocument();
    expect(screen.getByText(/৳1,000.25 paid with Nagad \(transaction SBX00AA11\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download receipt R-000042 (PDF)' }));
    await vi.waitFor(() => expect(pdf).toEqual(['42']));
  });

  it('a sandbox payment: TEST PAYMENT - NO MONEY RECEIVED, the invoices still due, its test receipt', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    api({ status: [record({ test: true, receipt_no: 'TEST-000007', payment_id: 7 })] });
    const pdf: string[] = [];
    server.use(
      http.get('/api/payment/:id/receipt', ({ params }) => {
        pdf.push(String(params.id));
        return new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="r.pdf"' },
        });
      }),
    );
    URL.createObjectURL ??= () => 'blob:x';
    URL.revokeObjectURL ??= () => {};
    const { user } = renderApp(`/payoption?payment=${TOKEN}`);
    expect(await screen.findByText('TEST PAYMENT - NO MONEY RECEIVED: receipt TEST-000007')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The Nagad payment of ৳1,000.25 (transaction SBX00AA11) was a sandbox test. No money was received and your invoices are still due.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Payment received/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Go to Paid Invoice' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Download test receipt TEST-000007 (PDF)' }));
    await vi.waitFor(() => expect(pdf).toEqual(['7']));
  });

  it('cancelled and failed say so, and nothing is shown as paid', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    api({ status: [record({ status: 'cancelled', payment_id: null, receipt_no: null, provider_txn_id: null })] });
    const first = renderApp(`/payoption?payment=${TOKEN}`);
    expect(await screen.findByText('Payment cancelled: nothing was paid.')).toBeInTheDocument();
    expect(screen.queryByText(/Payment received/)).toBeNull();
    first.unmount();
    api({
      status: [
        record({ status: 'failed', payment_id: null, receipt_no: null, failure: 'The wallet declined the payment.' }),
      ],
    });
    renderApp(`/payoption?payment=${TOKEN}`);
    expect(await screen.findByText('The payment failed: The wallet declined the payment.')).toBeInTheDocument();
  });

  it('pending until the server has the callback, then paid', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const calls = api({
      status: [record({ status: 'pending', payment_id: null, receipt_no: null, provider_txn_id: null }), record({})],
    });
    renderApp(`/payoption?payment=${TOKEN}`);
    expect(await screen.findByText('The wallet has not confirmed this payment yet.')).toBeInTheDocument();
    expect(await screen.findByText('Payment received: receipt R-000042', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(calls.reads()).toBeGreaterThanOrEqual(2);
  });

  describe('in Bangla', () => {
    beforeEach(() => setLanguage('bn'));
    afterEach(() => setLanguage('en'));
    it('says the outcome in Bangla with Bangla digits', async () => {
      fakeAuthServer(STUDENT).savedSignIn();
      api({ status: [record({})] });
      renderApp(`/payoption?payment=${TOKEN}`);
      // The receipt number in Bangla digits too, as the fees desk and the receipt links write it.
      expect(await screen.findByText('পরিশোধ গৃহীত: রসিদ R-০০০০৪২')).toBeInTheDocument();
      expect(screen.getByText(/৳১,০০০.২৫/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'রসিদ R-০০০০৪২ ডাউনলোড করুন (পিডিএফ)' })).toBeInTheDocument();
    });
  });
});

describe('/paidinvoice receipts', () => {
  it('each receipt downloads its PDF', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const asked: string[] = [];
    server.use(
      http.get('/api/invoice/paid', () =>
        HttpResponse.json(
          page([
            invoice({
              paid: '1250.50',
              due: '0.00',
              receipts: [
                { payment_id: 42, receipt_no: 'R-000042', kind: 'payment', amount: '1000.25', date: '2026-01-10' },
                { payment_id: 43, receipt_no: 'R-000043', kind: 'payment', amount: '250.25', date: '2026-01-20' },
              ],
            }),
          ]),
        ),
      ),
      http.get('/api/payment/:id/receipt', ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json({ error: { code: 'not_found', message: 'Receipt not found.' } }, { status: 404 });
      }),
    );
    const { user } = renderApp('/paidinvoice');
    const table = await screen.findByRole('table', { name: 'Your paid invoices' });
    await user.click(within(table).getByRole('button', { name: 'Receipt R-000043 (PDF)' }));
    expect(await screen.findByText('Receipt not found.')).toBeInTheDocument();
    expect(asked).toEqual(['43']);
  });
});
