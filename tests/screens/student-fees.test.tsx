/**
 * The student's side of fees against a mock server (msw): /student-payment's two tiles, /dueinvoice
 * with exact amounts, late marks and the total due (asked for with the student's own id), the
 * empty and error states, /paidinvoice with its receipts, "Pay Now" opening /payoption for that
 * invoice with its due amount and no way to fake a payment, and Bangla digits in Bangla.
 */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { InvoiceRow } from '@/api/schemas/fees';
import { setLanguage } from '@/i18n/i18n';
import { STUDENT, currentPath, fakeAuthServer, renderApp, server } from './helpers';
import { banglaNamesAnswer } from '../helpers/msw';

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

function invoiceApi(due: InvoiceRow[], paid: InvoiceRow[] = []) {
  const asked: { url: string; studentId: string | null }[] = [];
  server.use(
    http.get('/api/invoice/due', ({ request }) => {
      const url = new URL(request.url);
      asked.push({ url: url.pathname, studentId: url.searchParams.get('student_id') });
      return HttpResponse.json(page(due));
    }),
    http.get('/api/invoice/paid', ({ request }) => {
      const url = new URL(request.url);
      asked.push({ url: url.pathname, studentId: url.searchParams.get('student_id') });
      return HttpResponse.json(page(paid));
    }),
    // A server that runs the payment sandbox (PAYMENT_PROVIDER=sandbox).
    http.get('/api/payment/online/options', () =>
      HttpResponse.json({ available: true, provider: 'sandbox', test: true }),
    ),
  );
  return asked;
}

const DUE = [
  invoice({}),
  invoice({
    id: 71,
    sector_code: 'EXM',
    sector_name: 'Exam fee',
    last_date: '2099-12-31',
    amount: '500.00',
    paid: '249.75',
    due: '250.25',
    overdue: false,
  }),
];

describe('the student’s invoices', () => {
  it('/student-payment offers the Due Invoice and Paid Invoice tiles', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const { user } = renderApp('/student-payment');
    expect(await screen.findByRole('heading', { name: 'Student’s Invoice' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Paid Invoice/ })).toHaveAttribute('href', '/paidinvoice');
    invoiceApi(DUE);
    await user.click(screen.getByRole('link', { name: /Due Invoice/ }));
    expect(await screen.findByRole('heading', { name: 'Due Invoice' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dueinvoice');
  });

  it('/dueinvoice lists the student’s own due invoices with exact amounts, late marks and the total', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const asked = invoiceApi(DUE);
    renderApp('/dueinvoice');
    const table = await screen.findByRole('table', { name: 'Your due invoices' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getAllByText('৳1,250.50')).toHaveLength(2);
    expect(within(first).getByText('৳0.00')).toBeInTheDocument();
    expect(within(first).getByText('31-01-2026')).toBeInTheDocument();
    expect(within(first).getByText('Late')).toBeInTheDocument();
    expect(within(second).getByText('৳249.75')).toBeInTheDocument();
    expect(within(second).getByText('৳250.25')).toBeInTheDocument();
    expect(within(second).queryByText('Late')).toBeNull();
    // 1250.50 + 250.25, to the poisha.
    expect(screen.getByText('Total due: ৳1,500.75')).toBeInTheDocument();
    expect(asked).toEqual([{ url: '/api/invoice/due', studentId: String(STUDENT.id) }]);
  });

  it('names fee heads as the school wrote them in English, without asking for the Bangla names', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    invoiceApi(DUE);
    let askedNames = 0;
    server.use(
      http.get('/api/names/bn', () => {
        askedNames++;
        return HttpResponse.json({
          classes: {},
          subjects: {},
          shifts: {},
          exam_types: {},
          fee_sectors: { Tuition: 'মাসিক বেতন', 'Exam fee': 'পরীক্ষার ফি' },
        });
      }),
    );
    renderApp('/dueinvoice');
    const table = await screen.findByRole('table', { name: 'Your due invoices' });
    expect(within(table).getByText('Tuition')).toBeInTheDocument();
    expect(within(table).getByText('Exam fee')).toBeInTheDocument();
    expect(within(table).getAllByText('2026')).toHaveLength(2);
    expect(within(table).queryByText('মাসিক বেতন')).toBeNull();
    expect(askedNames).toBe(0);
  });

  it('says "No dues. Thank you!" when nothing is due', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    invoiceApi([]);
    renderApp('/dueinvoice');
    expect(await screen.findByText('No dues. Thank you!')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the server’s error with Try again, and the list after a retry', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    let calls = 0;
    server.use(
      http.get('/api/invoice/due', () =>
        ++calls === 1
          ? HttpResponse.json({ error: { code: 'internal', message: 'Database unavailable' } }, { status: 503 })
          : HttpResponse.json(page(DUE)),
      ),
    );
    const { user } = renderApp('/dueinvoice');
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Could not load your due invoices.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Your due invoices' })).toBeInTheDocument();
  });

  it('/paidinvoice shows each paid invoice with its receipt numbers and dates', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    invoiceApi(
      [],
      [
        invoice({
          paid: '1250.50',
          due: '0.00',
          overdue: false,
          receipts: [
            { receipt_no: 'R-000009', kind: 'payment', amount: '1000.25', date: '2026-01-10' },
            { receipt_no: 'R-000012', kind: 'payment', amount: '250.25', date: '2026-01-20' },
          ],
        }),
      ],
    );
    renderApp('/paidinvoice');
    const table = await screen.findByRole('table', { name: 'Your paid invoices' });
    expect(within(table).getAllByText('৳1,250.50')).toHaveLength(2);
    expect(within(table).getByText('R-000009 on 10-01-2026 (৳1,000.25)')).toBeInTheDocument();
    expect(within(table).getByText('R-000012 on 20-01-2026 (৳250.25)')).toBeInTheDocument();
  });

  it('Pay Now opens /payoption with that invoice chosen, its due amount and the school office', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    invoiceApi(DUE);
    const { user } = renderApp('/dueinvoice');
    const table = await screen.findByRole('table', { name: 'Your due invoices' });
    await user.click(within(table).getByRole('link', { name: 'Pay Now: Exam fee, 2026' }));
    expect(await screen.findByRole('heading', { name: 'Payment Option' })).toBeInTheDocument();
    expect(currentPath()).toBe('/payoption?invoice=71');
    expect(await screen.findByRole('checkbox', { name: /Exam fee, 2026: ৳250.25 due/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Tuition, 2026: ৳1,250.50 due/ })).not.toBeChecked();
    expect(screen.getByLabelText('Amount in taka')).toHaveValue('250.25');
    expect(screen.getByRole('heading', { name: 'Pay at the school office' })).toBeInTheDocument();
    expect(screen.getByText(/student code S-2024-07/)).toBeInTheDocument();
    expect(screen.getByText(/SANDBOX: payments here are TEST payments/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'bKash' })).toBeChecked();
  });

  it('/payoption for an invoice that is not due says so', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    invoiceApi(DUE);
    renderApp('/payoption?invoice=999');
    expect(
      await screen.findByText('This invoice is not among your due invoices. It may be paid already.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Due Invoice' })).toHaveAttribute('href', '/dueinvoice');
  });

  describe('in Bangla', () => {
    beforeEach(async () => {
      await setLanguage('bn');
    });
    afterEach(async () => {
      await setLanguage('en');
    });
    it('names the fee heads by their Bangla names and the session in Bangla digits', async () => {
      fakeAuthServer(STUDENT).savedSignIn();
      invoiceApi(DUE);
      server.use(
        banglaNamesAnswer({
          classes: { Six: 'ষষ্ঠ' },
          fee_sectors: { Tuition: 'মাসিক বেতন', 'Exam fee': 'পরীক্ষার ফি' },
        }),
      );
      const { user } = renderApp('/dueinvoice');
      const table = await screen.findByRole('table', { name: 'আপনার বকেয়া বিল' });
      expect(await within(table).findByText('মাসিক বেতন')).toBeInTheDocument();
      expect(within(table).getByText('পরীক্ষার ফি')).toBeInTheDocument();
      expect(within(table).getAllByText('২০২৬')).toHaveLength(2);
      expect(within(table).queryByText('Tuition')).toBeNull();
      expect(within(table).queryByText('Exam fee')).toBeNull();
      expect(within(table).queryByText('2026')).toBeNull();
      await user.click(within(table).getByRole('link', { name: 'এখনই পরিশোধ করুন: পরীক্ষার ফি, ২০২৬' }));
      expect(await screen.findByRole('checkbox', { name: /^পরীক্ষার ফি, ২০২৬: বকেয়া/ })).toBeChecked();
      expect(screen.getByRole('checkbox', { name: /^মাসিক বেতন, ২০২৬: বকেয়া/ })).not.toBeChecked();
      expect(screen.queryByText(/Exam fee|Tuition/)).toBeNull();
    });

    it('names a fee head the school gave no Bangla name as written, with Bangla digits', async () => {
      fakeAuthServer(STUDENT).savedSignIn();
      invoiceApi([invoice({ sector_name: 'Class 6 Tuition' })], [invoice({ id: 72, sector_name: 'Tuition' })]);
      server.use(banglaNamesAnswer({}));
      renderApp('/dueinvoice');
      const table = await screen.findByRole('table', { name: 'আপনার বকেয়া বিল' });
      expect(await within(table).findByText('Class ৬ Tuition')).toBeInTheDocument();
      expect(within(table).getByText('২০২৬')).toBeInTheDocument();
    });

    it('shows amounts and the total with ৳ and Bangla digits', async () => {
      fakeAuthServer(STUDENT).savedSignIn();
      invoiceApi(DUE);
      renderApp('/dueinvoice');
      const table = await screen.findByRole('table', { name: 'আপনার বকেয়া বিল' });
      expect(within(table).getAllByText('৳১,২৫০.৫০')).toHaveLength(2);
      expect(screen.getByText('মোট বকেয়া: ৳১,৫০০.৭৫')).toBeInTheDocument();
      expect(within(table).getAllByRole('link', { name: /এখনই পরিশোধ করুন/ })).toHaveLength(2);
    });
  });
});
