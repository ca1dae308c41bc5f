/**
 * /payment's Adjustments tab against a mock server (msw): a waiver or discount on one invoice and a
 * refund of a payment, each asking first, needing a reason, sending an Idempotency-Key (the same
 * one on "Try again"), and reporting success only after the server answered; then the lists show
 * the new entry; a test payment (the payment sandbox's) is marked and never refundable. Amounts
 * exact with ৳; the texts in Bangla too.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { InvoiceRow, PaymentRow } from '@/api/schemas/fees';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, VIEWER, fakeAuthServer, renderApp, server } from './helpers';

const page = <T,>(rows: T[]) => ({ rows, total: rows.length, limit: 500, offset: 0 });

function adjustApi() {
  const state = {
    waivers: [] as { body: Record<string, unknown>; key: string | null }[],
    reversals: [] as { body: Record<string, unknown>; key: string | null }[],
    failNextReverse: false,
    invoice: {
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
      late_fee: '50.00',
      kind: 'fee',
      overdue: true,
      receipts: [],
    } as InvoiceRow,
    payments: [
      {
        id: 9,
        receipt_no: 'R-000009',
        kind: 'payment',
        method: 'cash',
        reference: '',
        amount: '1000.25',
        reverses_payment_id: null,
        reason: '',
        student_id: 5,
        student_code: 'S-0005',
        full_name: 'Rahim Uddin',
        test: false,
        created_at: '2026-03-02T05:00:00Z',
      },
    ] as PaymentRow[],
  };
  server.use(
    http.get('/api/invoice/due', () => HttpResponse.json(page([state.invoice]))),
    // The desk's student finder (its class and section choices, and the match for a code).
    http.get('/api/section/all', () => HttpResponse.json([])),
    http.get('/api/session', () => HttpResponse.json([{ id: 2, session_year: '2026', current: true }])),
    http.get('/api/groups/all', () => HttpResponse.json([])),
    http.get('/api/gender', () => HttpResponse.json([])),
    http.get('/api/student/all', () =>
      HttpResponse.json(
        [{ id: 5, student_code: 'S-0005', first_name: 'Rahim', full_name: 'Rahim Uddin', mobile_no: '', email: '' }],
        { headers: { 'x-total-count': '1' } },
      ),
    ),
    http.get('/api/payment/all', ({ request }) => {
      expect(new URL(request.url).searchParams.get('student_code')).toBe('S-0005');
      return HttpResponse.json(page(state.payments));
    }),
    http.post('/api/invoice/waiver', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.waivers.push({ body, key: request.headers.get('idempotency-key') });
      state.invoice = { ...state.invoice, waived: '250.50', due: '1000.00' };
      return HttpResponse.json({ ok: true, id: 1, message: 'Waiver saved', code: 'fees.waived' });
    }),
    http.post('/api/payment/reverse', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.reversals.push({ body, key: request.headers.get('idempotency-key') });
      if (state.failNextReverse) {
        state.failNextReverse = false;
        return HttpResponse.json({ error: { code: 'unavailable', message: 'Try again.' } }, { status: 503 });
      }
      state.payments = [
        {
          ...state.payments[0],
          id: 10,
          receipt_no: 'R-000010',
          kind: 'refund',
          amount: '-1000.25',
          reverses_payment_id: 9,
          reason: 'Paid twice',
        },
        ...state.payments,
      ];
      return HttpResponse.json({
        ok: true,
        payment_id: 10,
        receipt_no: 'R-000010',
        amount: '-1000.25',
        allocations: [{ invoice_id: 70, amount: '-1000.25', due_after: '1250.50' }],
        message: 'Entry recorded: receipt R-000010',
        code: 'fees.reversed',
      });
    }),
  );
  return state;
}

describe('/payment adjustments', () => {
  it('a discount needs a reason, asks first, and shows the server’s answer and the new due', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = adjustApi();
    const { user } = renderApp('/payment?tab=adjust');
    await user.type(await screen.findByRole('textbox', { name: 'Student: name, roll or code' }), 'S-0005');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    const table = await screen.findByRole('table', { name: 'Due invoices of Rahim Uddin' });
    await user.click(within(table).getByRole('button', { name: 'Waive or discount: Tuition 31-01-2026' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'discount');
    const amount = screen.getByRole('textbox', { name: 'Amount (৳)' });
    expect(amount).toHaveValue('1250.50');
    await user.clear(amount);
    await user.type(amount, '250.50');
    await user.click(screen.getByRole('button', { name: 'Save waiver' }));
    expect(await screen.findByText('Enter the reason')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Sibling discount');
    await user.click(screen.getByRole('button', { name: 'Save waiver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this waiver?' });
    expect(within(dialog).getByText('Discount of ৳250.50 for Rahim Uddin.')).toBeInTheDocument();
    expect(within(dialog).getByText('Reason: Sibling discount')).toBeInTheDocument();
    expect(api.waivers).toEqual([]);
    expect(screen.queryByText('Waiver saved')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, record it' }));
    expect(await screen.findByText('Waiver saved', { selector: '[role=status] *' })).toBeInTheDocument();
    expect(api.waivers).toEqual([
      {
        body: { invoice_id: 70, kind: 'discount', amount: '250.50', reason: 'Sibling discount' },
        key: expect.stringMatching(/\S/),
      },
    ]);
    await waitFor(() => expect(within(table).getByText('৳1,000.00')).toBeInTheDocument());
    expect(within(table).getByText('৳250.50')).toBeInTheDocument();
  });

  it('a refund of all of a payment: a failed try is retried with the same key, and the ledger shows the new entry', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = adjustApi();
    api.failNextReverse = true;
    const { user } = renderApp('/payment?tab=adjust&student_code=S-0005');
    const ledger = await screen.findByRole('table', { name: 'Payments of Rahim Uddin' });
    await user.click(within(ledger).getByRole('button', { name: 'Refund or correct: R-000009' }));
    const amount = screen.getByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveValue('1000.25');
    await user.clear(amount); // empty: all of it not yet taken back
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Paid twice');
    await user.click(screen.getByRole('button', { name: 'Record entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record this refund or correction?' });
    expect(within(dialog).getByText('Refund of ৳1,000.25 on receipt R-000009.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, record it' }));
    expect(await screen.findByText(/Nothing was recorded\./)).toBeInTheDocument();
    expect(screen.queryByText(/Entry recorded/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('Entry recorded: receipt R-000010', { selector: '[role=status] *' }),
    ).toBeInTheDocument();
    expect(api.reversals).toHaveLength(2);
    expect(api.reversals[0].body).toEqual({ payment_id: 9, kind: 'refund', reason: 'Paid twice' });
    expect(api.reversals[1].key).toBe(api.reversals[0].key);
    await waitFor(() => expect(within(ledger).getByText('-৳1,000.25')).toBeInTheDocument());
    expect(within(ledger).getByText('All taken back')).toBeInTheDocument();
    expect(within(ledger).queryByRole('button', { name: /Refund or correct/ })).toBeNull();
  });

  it('a test payment (the payment sandbox) is marked in the ledger and offers no refund', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = adjustApi();
    api.payments = [
      {
        ...api.payments[0],
        id: 11,
        receipt_no: 'TEST-000004',
        method: 'mobile_wallet',
        reference: 'SBX00AA11',
        amount: '500.00',
        test: true,
      },
      ...api.payments,
    ];
    renderApp('/payment?tab=adjust&student_code=S-0005');
    const ledger = await screen.findByRole('table', { name: 'Payments of Rahim Uddin' });
    const row = within(ledger).getByText('TEST-000004').closest('tr')!;
    expect(within(row).getByText('TEST PAYMENT - NO MONEY RECEIVED')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(within(row).queryByText('All taken back')).toBeNull();
    // The money payment beside it is refundable as before.
    expect(within(ledger).getByRole('button', { name: 'Refund or correct: R-000009' })).toBeInTheDocument();
    expect(within(ledger).queryByRole('button', { name: 'Refund or correct: TEST-000004' })).toBeNull();
  });

  it('cancelling the confirmation sends nothing', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = adjustApi();
    const { user } = renderApp('/payment?tab=adjust&student_code=S-0005');
    const ledger = await screen.findByRole('table', { name: 'Payments of Rahim Uddin' });
    await user.click(within(ledger).getByRole('button', { name: 'Refund or correct: R-000009' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Wrong student');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'correction');
    await user.click(screen.getByRole('button', { name: 'Record entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record this refund or correction?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.reversals).toEqual([]);
  });

  it('the chart of collections over the session comes with its summary and a table of every month', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const asked: string[] = [];
    server.use(
      http.get('/api/session', () => HttpResponse.json([{ id: 2, session_year: '2026', current: true }])),
      http.get('/api/section/all', () => HttpResponse.json([])),
      http.get('/api/groups/all', () => HttpResponse.json([])),
      http.get('/api/gender', () => HttpResponse.json([])),
      http.get('/api/fee/report/collections/monthly', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({
          session_year: '2026',
          total: '3751.25',
          rows: Array.from({ length: 12 }, (_, i) => ({
            month: `2026-${String(i + 1).padStart(2, '0')}`,
            receipts: i === 2 ? 3 : i === 0 ? 1 : 0,
            amount: i === 2 ? '2500.75' : i === 0 ? '1250.50' : '0.00',
          })),
        });
      }),
    );
    renderApp('/payment?tab=reports&report=session');
    expect(
      await screen.findByText('Net collections in 2026: ৳3,751.25 in all; the most in March (৳2,500.75).'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Collections per month' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getByRole('row', { name: /January 1 ৳1,250\.50/ })).toBeInTheDocument();
    expect(asked).toEqual(['?session_id=2']);
  });

  it('a viewer’s Payment tile opens the chosen school’s reports, read only', async () => {
    fakeAuthServer(VIEWER).savedSignIn({ id: 4, school_name: 'River Side Girls School' });
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/session', () => HttpResponse.json([{ id: 2, session_year: '2026', current: true }])),
      http.get('/api/section/all', () => HttpResponse.json([])),
      http.get('/api/groups/all', () => HttpResponse.json([])),
      http.get('/api/gender', () => HttpResponse.json([])),
      http.get('/api/fee/report/dues', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(
          page([
            {
              class_id: 6,
              class_name: 'Six',
              section_id: 61,
              section_default_name: 'A',
              students: 30,
              amount: '37515.00',
              waived: '1250.50',
              paid: '30000.25',
              due: '6264.25',
            },
          ]),
        );
      }),
    );
    const { user } = renderApp('/viewer-admin');
    await user.click(await screen.findByRole('link', { name: /Payment/ }));
    expect(await screen.findByRole('heading', { name: 'Fee reports' })).toBeInTheDocument();
    expect(screen.getAllByText('River Side Girls School').length).toBeGreaterThan(0);
    expect(await screen.findByText('৳6,264.25')).toBeInTheDocument();
    expect(asked[0].get('school_info_id')).toBe('4');
    // No desk: no tabs to set fees, take payments or adjust.
    expect(screen.queryByRole('button', { name: 'Collection' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Adjustments' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Sector Code' })).toBeNull();
  });

  describe('in Bangla', () => {
    beforeEach(async () => {
      await setLanguage('bn');
    });
    afterEach(async () => {
      await setLanguage('en');
    });
    it('labels the desk in Bangla with Bangla digits', async () => {
      fakeAuthServer(ADMIN).savedSignIn();
      adjustApi();
      renderApp('/payment?tab=adjust&student_code=S-0005');
      const ledger = await screen.findByRole('table', { name: 'Rahim Uddin-এর পরিশোধসমূহ' });
      expect(within(ledger).getByText('৳১,০০০.২৫')).toBeInTheDocument();
      expect(within(ledger).getByRole('button', { name: 'ফেরত বা সংশোধন: R-০০০০০৯' })).toBeInTheDocument();
    });
  });
});
