/**
 * /payment against a mock server (msw): the Payment Sector form and list (reloaded after a save),
 * fee setup asking how many students first and generating only after the confirmation, and the
 * collection desk: a student's due invoices, a partial cash payment, the receipt number shown only
 * after the server answered, and amounts exact with ৳ (and Bangla digits in Bangla).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { InvoiceRow, SectorRow } from '@/api/schemas/fees';
import type { StudentListRow } from '@/api/schemas/people';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, fakeAuthServer, renderApp, server, VIEWER } from './helpers';
import { banglaNamesAnswer } from '../helpers/msw';

const page = <T,>(rows: T[]) => ({ rows, total: rows.length, limit: 500, offset: 0 });

const student = (over: Partial<StudentListRow>): StudentListRow => ({
  id: 5,
  student_code: 'S-0005',
  first_name: 'Rahim',
  full_name: 'Rahim Uddin',
  mobile_no: '',
  email: '',
  session_year: '2026',
  class_id: 6,
  class_name: 'Six',
  section_id: 61,
  section_default_name: 'A',
  class_roll_no: 12,
  ...over,
});
const RAHIM = student({});

/** The school's Bangla names (GET /api/names/bn), keyed by the English name the rows carry. */
function banglaNamesApi() {
  server.use(banglaNamesAnswer({ classes: { Six: 'ষষ্ঠ' }, fee_sectors: { Tuition: 'মাসিক বেতন' } }));
}

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
    // The desk's finder: a code matches one student, who is chosen at once.
    http.get('/api/student/all', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      const rows = q === 'S-0005' ? [RAHIM] : [];
      return HttpResponse.json(rows, { headers: { 'x-total-count': String(rows.length) } });
    }),
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
    expect(within(dialog).getByText('This will invoice 40 students ৳1,250.50 each.')).toBeInTheDocument();
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
    await user.type(await screen.findByRole('textbox', { name: 'Student: name, roll or code' }), 'S-0005');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    const table = await screen.findByRole('table', { name: 'Due invoices of Rahim Uddin' });
    expect(within(table).getAllByText('৳1,250.50')).toHaveLength(2);
    await user.click(within(table).getByRole('checkbox'));
    // Ticked: the amount is what the invoice leaves due; lowered for a partial payment.
    expect(screen.getByRole('textbox', { name: 'Amount received (৳)' })).toHaveValue('1250.50');
    await user.clear(screen.getByRole('textbox', { name: 'Amount received (৳)' }));
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
    await user.clear(screen.getByRole('textbox', { name: 'Amount received (৳)' }));
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

/**
 * The collection desk at the counter: a student found by name (several listed with class,
 * section and roll), a late fee named as one, dates as DD-MM-YYYY, the amount filled in from the
 * ticked invoices; in English and in Bangla.
 */
describe('/payment collection desk', () => {
  const invoice = (over: Partial<InvoiceRow>): InvoiceRow => ({
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
    late_fee: '100.00',
    kind: 'fee',
    overdue: true,
    receipts: [],
    ...over,
  });
  const DUE = [invoice({}), invoice({ id: 71, kind: 'late_fee', amount: '100.00', due: '100.00', late_fee: '0.00' })];
  const RAHIMS = [
    RAHIM,
    student({
      id: 6,
      student_code: 'S-0006',
      full_name: 'Rahim Mia',
      section_id: 62,
      section_default_name: 'B',
      class_roll_no: 3,
    }),
  ];

  function deskApi() {
    const searches: Record<string, string>[] = [];
    server.use(
      http.get('/api/section/all', () =>
        HttpResponse.json([
          { id: 61, section_default_name: 'A', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
          { id: 62, section_default_name: 'B', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
        ]),
      ),
      http.get('/api/session', () => HttpResponse.json([{ id: 2, session_year: '2026', current: true }])),
      http.get('/api/groups/all', () => HttpResponse.json([])),
      http.get('/api/gender', () => HttpResponse.json([])),
      http.get('/api/student/all', ({ request }) => {
        const params = Object.fromEntries(new URL(request.url).searchParams);
        searches.push(params);
        const rows = RAHIMS.filter(
          (r) =>
            (!params.q || r.full_name.toLowerCase().includes(params.q.toLowerCase())) &&
            (!params.section_id || String(r.section_id) === params.section_id),
        );
        return HttpResponse.json(rows, { headers: { 'x-total-count': String(rows.length) } });
      }),
      http.get('/api/invoice/due', ({ request }) => {
        const code = new URL(request.url).searchParams.get('student_code');
        return HttpResponse.json(page(code === 'S-0005' ? DUE : []));
      }),
    );
    return searches;
  }

  it('finds a student by name, lists several with class, section and roll, and opens the chosen one', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const searches = deskApi();
    const { user } = renderApp('/payment?tab=collect');
    await user.type(await screen.findByRole('textbox', { name: 'Student: name, roll or code' }), 'rahim');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    const found = await screen.findByRole('table', { name: 'Students found' });
    const rows = within(found)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 5)
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['S-0005', 'Rahim Uddin', 'Six', 'A', '12'],
      ['S-0006', 'Rahim Mia', 'Six', 'B', '3'],
    ]);
    expect(searches.at(-1)).toMatchObject({ q: 'rahim' });
    await user.click(within(found).getByRole('button', { name: 'Choose Rahim Uddin (S-0005)' }));
    expect(await screen.findByRole('table', { name: 'Due invoices of Rahim Uddin' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Students found' })).toBeNull();
  });

  it('finds by class and section alone', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const searches = deskApi();
    const { user } = renderApp('/payment?tab=collect');
    const classes = await screen.findByRole('combobox', { name: 'Class' });
    await within(classes).findByRole('option', { name: 'Six' });
    await user.selectOptions(classes, '6');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Section' }), '62');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    // One student in Six B: chosen at once.
    expect(await screen.findByRole('heading', { name: 'Due invoices of S-0006' })).toBeInTheDocument();
    expect(searches.at(-1)).toMatchObject({ class_id: '6', section_id: '62' });
    expect(searches.at(-1)).not.toHaveProperty('q');
  });

  it('names a late fee as one, shows dates as DD-MM-YYYY and fills the amount in from the ticked invoices', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    deskApi();
    const { user } = renderApp('/payment?tab=collect&student_code=S-0005');
    const table = await screen.findByRole('table', { name: 'Due invoices of Rahim Uddin' });
    // One "Tuition" line (the fee); the late fee is "Late fee", on Tuition.
    expect(within(table).getAllByText('Tuition')).toHaveLength(1);
    expect(within(table).getByText('Late fee')).toBeInTheDocument();
    expect(within(table).getByText('on Tuition')).toBeInTheDocument();
    expect(within(table).getAllByText('31-01-2026')).toHaveLength(2);
    expect(within(table).queryByText(/2026-01-31/)).toBeNull();
    const amount = screen.getByRole('textbox', { name: 'Amount received (৳)' });
    expect(amount).toHaveValue('');
    await user.click(within(table).getByRole('checkbox', { name: 'Tuition 31-01-2026' }));
    expect(amount).toHaveValue('1250.50');
    await user.click(within(table).getByRole('checkbox', { name: 'Late fee (Tuition) 31-01-2026' }));
    expect(amount).toHaveValue('1350.50');
    await user.click(within(table).getByRole('checkbox', { name: 'Tuition 31-01-2026' }));
    expect(amount).toHaveValue('100.00');
    await user.click(within(table).getByRole('checkbox', { name: 'Late fee (Tuition) 31-01-2026' }));
    expect(amount).toHaveValue('');
  });

  describe('in Bangla', () => {
    beforeEach(async () => {
      await setLanguage('bn');
    });
    afterEach(async () => {
      await setLanguage('en');
    });

    it('finds by a name, names the late fee, Bangla-digit dates, the amount from the ticked invoices', async () => {
      fakeAuthServer(ADMIN).savedSignIn();
      deskApi();
      banglaNamesApi();
      const { user } = renderApp('/payment?tab=collect');
      await user.type(await screen.findByRole('textbox', { name: 'শিক্ষার্থী: নাম, রোল বা কোড' }), 'rahim');
      await user.click(screen.getByRole('button', { name: 'খুঁজুন' }));
      const found = await screen.findByRole('table', { name: 'পাওয়া শিক্ষার্থী' });
      expect(within(found).getByText('১২')).toBeInTheDocument();
      // The class by the school's Bangla name, in the finder's list and its class filter.
      expect(await within(found).findAllByText('ষষ্ঠ')).toHaveLength(2);
      expect(within(found).queryByText('Six')).toBeNull();
      expect(
        within(screen.getByRole('combobox', { name: 'শ্রেণি' })).getByRole('option', { name: 'ষষ্ঠ' }),
      ).toBeInTheDocument();
      await user.click(within(found).getByRole('button', { name: 'বাছাই: Rahim Uddin (S-0005)' }));
      const table = await screen.findByRole('table', { name: 'Rahim Uddin এর বকেয়া ইনভয়েস' });
      expect(within(table).getAllByText('মাসিক বেতন')).toHaveLength(1);
      expect(within(table).getByText('বিলম্ব ফি')).toBeInTheDocument();
      expect(within(table).getByText('মাসিক বেতন এর')).toBeInTheDocument();
      expect(within(table).queryByText(/Tuition/)).toBeNull();
      expect(within(table).getAllByText('৩১-০১-২০২৬')).toHaveLength(2);
      await user.click(within(table).getByRole('checkbox', { name: 'মাসিক বেতন ৩১-০১-২০২৬' }));
      await user.click(within(table).getByRole('checkbox', { name: 'বিলম্ব ফি (মাসিক বেতন) ৩১-০১-২০২৬' }));
      expect(screen.getByRole('textbox', { name: 'গৃহীত পরিমাণ (৳)' })).toHaveValue('1350.50');
    });

    it('the count of students to invoice reads as Bangla', async () => {
      fakeAuthServer(ADMIN).savedSignIn();
      const api = feeApi();
      banglaNamesApi();
      api.sectors = [{ id: 4, sector_code: 'TUI', sector_name: 'Tuition' }];
      const { user } = renderApp('/payment?tab=fees');
      const sector = await screen.findByRole('combobox', { name: 'খাত' });
      await within(sector).findByRole('option', { name: 'TUI · মাসিক বেতন' });
      await user.selectOptions(sector, '4');
      expect(
        within(screen.getByRole('combobox', { name: 'সেশন' })).getByRole('option', { name: '২০২৬' }),
      ).toBeInTheDocument();
      const classes = await screen.findByRole('combobox', { name: 'শ্রেণি' });
      expect(within(classes).getByRole('option', { name: 'ষষ্ঠ' })).toBeInTheDocument();
      expect(within(classes).queryByRole('option', { name: 'Six' })).toBeNull();
      await user.selectOptions(classes, '6');
      await user.type(screen.getByRole('textbox', { name: 'পরিমাণ (৳)' }), '1250.50');
      await user.type(screen.getByRole('textbox', { name: 'শেষ তারিখ' }), '31-01-2026');
      await user.tab();
      await user.click(screen.getByRole('button', { name: 'ইনভয়েস তৈরি করুন' }));
      const dialog = await screen.findByRole('dialog', { name: 'ইনভয়েস তৈরি করবেন?' });
      expect(within(dialog).getByText('৪০ জন শিক্ষার্থীর প্রত্যেকের নামে ৳১,২৫০.৫০ এর ইনভয়েস হবে।')).toBeInTheDocument();
    });
  });

  it('one student to invoice is said in the singular', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = feeApi();
    api.sectors = [{ id: 4, sector_code: 'TUI', sector_name: 'Tuition' }];
    server.use(
      http.post('/api/fee', () =>
        HttpResponse.json({
          ok: true,
          fee_id: null,
          students: 1,
          created: 0,
          existing: 0,
          message: 'Dry run: 1 invoices would be generated; nothing was saved.',
          code: 'fees.fee_dry_run',
        }),
      ),
    );
    const { user } = renderApp('/payment?tab=fees');
    const sector = await screen.findByRole('combobox', { name: 'Sector' });
    await within(sector).findByRole('option', { name: 'TUI · Tuition' });
    await user.selectOptions(sector, '4');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Class' }), '6');
    await user.type(screen.getByRole('textbox', { name: 'Amount (৳)' }), '500');
    await user.type(screen.getByRole('textbox', { name: 'Last date' }), '31-01-2026');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Generate invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate invoices?' });
    expect(within(dialog).getByText('This will invoice 1 student ৳500.00.')).toBeInTheDocument();
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
      banglaNamesApi();
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
      const table = await screen.findByRole('table', { name: 'শ্রেণি ও শাখা অনুযায়ী বকেয়া' });
      expect(asked.dues).toEqual([{ school_info_id: '3', session_id: '2', limit: '500' }]);
      // The class by its Bangla name, the session in Bangla digits.
      await waitFor(() =>
        expect(
          within(table)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ).toEqual(['ষষ্ঠ', 'A', '৪০', '৳৫০,০০০.০০', '৳০.০০', '৳৪২,৫০০.৫০', '৳৭,৪৯৯.৫০']),
      );
      expect(
        within(screen.getByRole('combobox', { name: 'সেশন' })).getByRole('option', { name: '২০২৬' }),
      ).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });
});
