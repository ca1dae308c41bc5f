/**
 * /payment against a mock server (msw): the Payment Sector form and list (reloaded after a save),
 * fee setup asking how many students first and generating only after the confirmation, and the
 * collection desk: a student's due invoices, a partial cash payment, the receipt number shown only
 * after the server answered, and amounts exact with ৳ (and Bangla digits in Bangla).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { InvoiceRow, SectorRow } from '@/api/schemas/fees';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, fakeAuthServer, renderApp, server, VIEWER } from './helpers';

const page = <T,>(rows: T[]) => ({ rows, total: rows.length, limit: 500, offset: 0 });

function feeApi() {
  const state = {
    sectors: [] as SectorRow[],
    sectorPosts: [] as unknown[],
    feePosts: [] as Record<string, unknown>[],
    payments: [] as { body: Record<string, unknown>; key: string | null }[],
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
      late_fee: '0.00',
      overdue: false,
    } as InvoiceRow,
  };
  server.use(
    http.get('/api/section/all', () =>
      HttpResponse.json([
        { id: 61, section_default_name: 'A', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
      ]),
    ),
    http.get('/api/session', () => HttpResponse.json([{ id: 2, session_year: '2026', current: true }])),
    http.get('/api/groups/all', () => HttpResponse.json([])),
    http.get('/api/gender', () => HttpResponse.json([])),
    http.get('/api/sector/all', () => HttpResponse.json(page(state.sectors))),
    http.post('/api/add_sector', async ({ request }) => {
      const body = (await request.json()) as { sector_code: string; sector_name: string };
      state.sectorPosts.push(body);
      state.sectors = [...state.sectors, { id: state.sectors.length + 1, ...body }];
      return HttpResponse.json({
        ok: true,
        id: 1,
        message: 'New Sector saved successfully',
        code: 'fees.sector_created',
      });
    }),
    http.get('/api/fee/all', () => HttpResponse.json(page([]))),
    http.post('/api/fee', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.feePosts.push(body);
      return HttpResponse.json({
        ok: true,
        fee_id: body.dry_run ? null : 3,
        students: 40,
        created: body.dry_run ? 0 : 40,
        existing: 0,
        // As the server words them: a dry run says it saved nothing.
        message: body.dry_run
          ? 'Dry run: 40 invoices would be generated; nothing was saved.'
          : 'Fee saved: 40 invoices generated',
        code: body.dry_run ? 'fees.fee_dry_run' : 'fees.fee_created',
      });
    }),
    http.get('/api/invoice/due', () => HttpResponse.json(page(state.invoice.due === '0.00' ? [] : [state.invoice]))),
    http.post('/api/payment', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.payments.push({ body, key: request.headers.get('idempotency-key') });
      state.invoice = { ...state.invoice, paid: '1000.25', due: '250.25' };
      return HttpResponse.json({
        ok: true,
        payment_id: 9,
        receipt_no: 'R-000009',
        amount: '1000.25',
        allocations: [{ invoice_id: 70, amount: '1000.25', due_after: '250.25' }],
        message: 'Payment recorded: receipt R-000009',
        code: 'fees.payment_recorded',
      });
    }),
  );
  return state;
}

describe('/payment', () => {
  it('saves a sector and the list reloads with it', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = feeApi();
    const { user } = renderApp('/payment');
    expect(await screen.findByText('No sectors yet. Add the first one above.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Sector Code' }), 'TUI');
    await user.type(screen.getByRole('textbox', { name: 'Sector Name' }), 'Tuition');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('New Sector saved successfully')).toBeInTheDocument();
    expect(api.sectorPosts).toEqual([{ sector_code: 'TUI', sector_name: 'Tuition' }]);
    const list = await screen.findByRole('table', { name: 'Sector List' });
    expect(await within(list).findByText('Tuition')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Sector Code' })).toHaveValue('');
  });

  it('fee setup counts the students first and generates only after the confirmation', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = feeApi();
    api.sectors = [{ id: 4, sector_code: 'TUI', sector_name: 'Tuition' }];
    const { user } = renderApp('/payment?tab=fees');
    const sector = await screen.findByRole('combobox', { name: 'Sector' });
    await within(sector).findByRole('option', { name: 'TUI · Tuition' });
    await user.selectOptions(sector, '4');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Class' }), '6');
    await user.type(screen.getByRole('textbox', { name: 'Amount (৳)' }), '1250.505');
    await user.type(screen.getByRole('textbox', { name: 'Last date' }), '31-01-2026');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Generate invoices' }));
    expect(await screen.findByText('Enter an amount in taka with at most two decimals')).toBeInTheDocument();
    expect(api.feePosts).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: 'Amount (৳)' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount (৳)' }), '1250.50');
    await user.click(screen.getByRole('button', { name: 'Generate invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate invoices?' });
    expect(within(dialog).getByText('This invoices 40 students ৳1,250.50 each.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Nothing has been saved yet: the invoices are made only when you choose Generate.'),
    ).toBeInTheDocument();
    // The count alone is no success: nothing says "saved" before Generate.
    expect(screen.queryByText(/invoices generated/)).toBeNull();
    expect(api.feePosts).toEqual([
      { sector_id: 4, session_id: 2, class_id: 6, amount: '1250.50', last_date: '2026-01-31', dry_run: true },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('40 invoices generated')).toBeInTheDocument();
    expect(api.feePosts[1]).not.toHaveProperty('dry_run');
  });

  it('records a partial payment; the receipt number shows after the server confirmed and the due changes', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = feeApi();
    const { user } = renderApp('/payment?tab=collect');
    await user.type(await screen.findByRole('textbox', { name: 'Student code' }), 'S-0005');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    const table = await screen.findByRole('table', { name: 'Due invoices of Rahim Uddin' });
    expect(within(table).getAllByText('৳1,250.50')).toHaveLength(2);
    await user.click(within(table).getByRole('checkbox'));
    await user.type(screen.getByRole('textbox', { name: 'Amount received (৳)' }), '1000.25');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record this payment?' });
    expect(within(dialog).getByText('৳1,000.25 by Cash for Rahim Uddin.')).toBeInTheDocument();
    expect(api.payments).toEqual([]);
    expect(screen.queryByText(/Receipt number/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Payment recorded. Receipt number R-000009')).toBeInTheDocument();
    expect(api.payments).toEqual([
      {
        body: { invoice_ids: [70], amount: '1000.25', method: 'cash', reference: '' },
        key: expect.stringMatching(/\S/),
      },
    ]);
    await waitFor(() => expect(within(table).getByText('৳250.25')).toBeInTheDocument());
  });

  it('a mobile-wallet payment needs its transaction id', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = feeApi();
    const { user } = renderApp('/payment?tab=collect&student_code=S-0005');
    const table = await screen.findByRole('table', { name: 'Due invoices of Rahim Uddin' });
    await user.click(within(table).getByRole('checkbox'));
    await user.type(screen.getByRole('textbox', { name: 'Amount received (৳)' }), '100');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Method' }), 'mobile_wallet');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.payments).toEqual([]);
  });

  describe('in Bangla', () => {
    beforeEach(async () => {
      await setLanguage('bn');
    });
    afterEach(async () => {
      await setLanguage('en');
    });
    it('shows amounts with ৳ and Bangla digits', async () => {
      fakeAuthServer(ADMIN).savedSignIn();
      feeApi();
      renderApp('/payment?tab=collect&student_code=S-0005');
      const table = await screen.findByRole('table', { name: 'Rahim Uddin এর বকেয়া ইনভয়েস' });
      expect(within(table).getAllByText('৳১,২৫০.৫০')).toHaveLength(2);
      expect(within(table).getByText('৳০.০০')).toBeInTheDocument();
    });
  });
});

describe('/payment for a viewer (the dashboard’s Payment tile)', () => {
  const HILL_VIEW = { id: 3, school_name: 'Hill View High School' };
  /** The loading spinner (src/ui/status.tsx Loading), which before never went away. */
  const spinner = () => document.querySelector('.animate-spin');

  /** The calls a viewer's fee reports may make; the school's section list answers as the server does. */
  function viewerFeeApi(sessions: () => Response) {
    const asked = { sections: 0, dues: [] as Record<string, string>[] };
    server.use(
      // A viewer who names no school is refused the school's lists, as the server answers.
      http.get('/api/section/all', () => {
        asked.sections += 1;
        return HttpResponse.json(
          {
            error: {
              code: 'invalid_input',
              message: 'school_info_id: Choose a school.',
              fields: { school_info_id: 'Choose a school.' },
            },
          },
          { status: 400 },
        );
      }),
      http.get('/api/groups/all', () => HttpResponse.json([])),
      http.get('/api/gender', () => HttpResponse.json([])),
      http.get('/api/session', sessions),
      http.get('/api/fee/report/dues', ({ request }) => {
        asked.dues.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json(
          page([
            {
              class_id: 6,
              class_name: 'Six',
              section_id: 61,
              section_default_name: 'A',
              students: 40,
              amount: '50000.00',
              waived: '0.00',
              paid: '42500.50',
              due: '7499.50',
            },
          ]),
        );
      }),
    );
    return asked;
  }

  it('shows the chosen school’s dues report, asking only for what a viewer may read', async () => {
    fakeAuthServer(VIEWER).savedSignIn(HILL_VIEW);
    const asked = viewerFeeApi(() => HttpResponse.json([{ id: 2, session_year: '2026', current: true }]));
    renderApp('/payment');
    expect(await screen.findByRole('heading', { name: 'Fee reports' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Dues by class and section' });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Six', 'A', '40', '৳50,000.00', '৳0.00', '৳42,500.50', '৳7,499.50']);
    expect(asked.dues).toEqual([{ school_info_id: '3', session_id: '2', limit: '500' }]);
    expect(asked.sections).toBe(0);
    expect(spinner()).toBeNull();
    expect(screen.getByRole('link', { name: 'Another school' })).toHaveAttribute('href', '/viewer-school');
  });

  it('a failure to load the sessions is said in the user’s language with Try again, never an endless spinner', async () => {
    await setLanguage('bn');
    try {
      fakeAuthServer(VIEWER).savedSignIn(HILL_VIEW);
      let fail = true;
      const asked = viewerFeeApi(() =>
        fail
          ? HttpResponse.json(
              { error: { code: 'internal', message: 'Something went wrong on our side.' } },
              { status: 500 },
            )
          : HttpResponse.json([{ id: 2, session_year: '2026', current: true }]),
      );
      const { user } = renderApp('/payment');
      const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
      expect(alert).toHaveTextContent('সেশনের তালিকা লোড করা যায়নি।');
      expect(spinner()).toBeNull();
      expect(asked.dues).toEqual([]);
      fail = false;
      await user.click(within(alert).getByRole('button', { name: 'আবার চেষ্টা করুন' }));
      expect(await screen.findByRole('table', { name: 'শ্রেণি ও শাখা অনুযায়ী বকেয়া' })).toBeInTheDocument();
      expect(asked.dues).toEqual([{ school_info_id: '3', session_id: '2', limit: '500' }]);
    } finally {
      await setLanguage('en');
    }
  });
});
