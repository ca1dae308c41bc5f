/**
 * A ledger entry's printable receipt: an A5 page with the school, the receipt number
 * and day (school time zone), the student, how it was paid (a mobile wallet's name and
 * transaction id), and each invoice it settled with the invoice's amount, this receipt's share and
 * what was due right after it. Refunds and corrections get their own title and the receipt they
 * reverse. A test entry (the payment sandbox's) is titled TEST PAYMENT - NO MONEY RECEIVED and
 * lists its invoices with nothing settled. Amounts come from the database as integer poisha text
 * and are only ever formatted as text, so 1,250.50 prints as 1,250.50. Fonts and Bangla shaping as
 * the grade sheet does them.
 */
import { sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { formatPoisha } from '@/api/schemas/fees';
import { paymentsBn } from '@/i18n/areas/payments.bn';
import { paymentsEn } from '@/i18n/areas/payments.en';
import { localDigits } from '@/i18n/digits';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';
import { fonts, line, type PdfLanguage } from './gradesheet-pdf';

const LABELS = { en: paymentsEn.receipt, bn: paymentsBn.receipt } as const;

export interface ReceiptData {
  paymentId: number;
  schoolId: number;
  studentId: number;
  schoolName: string;
  receiptNo: string;
  kind: 'payment' | 'refund' | 'correction';
  method: 'cash' | 'mobile_wallet' | 'bank';
  reference: string;
  wallet: string | null;
  provider: string | null;
  reason: string;
  reversesReceiptNo: string | null;
  /** A test entry (the payment sandbox's): printed as TEST PAYMENT - NO MONEY RECEIVED. */
  test: boolean;
  /** Poisha, as text. */
  amount: string;
  date: string;
  studentName: string;
  studentCode: string;
  lines: {
    sector: string;
    /** The sector's Bangla name ('' = none), printed on a Bangla receipt (docs/i18n.md, "Bangla names"). */
    sectorBn?: string;
    session: string;
    invoiceAmount: string;
    amount: string;
    dueAfter: string;
  }[];
}

/** A ledger entry's receipt data, or null when there is no such entry. */
export async function receiptData(db: DbOrTx, paymentId: number, timeZone: (schoolId: number) => Promise<string>) {
  const [p] = rowsOf<{
    id: number;
    school_id: number;
    student_id: number;
    school_name: string;
    receipt_no: string;
    kind: ReceiptData['kind'];
    method: ReceiptData['method'];
    reference: string;
    reason: string;
    amount: string;
    created_at: Date | string;
    reverses_receipt_no: string | null;
    is_test: boolean;
    wallet: string | null;
    provider: string | null;
    student_name: string;
    student_code: string;
  }>(
    await db.execute(sql`select p.id, p.school_id, p.student_id, sc.school_name, p.receipt_no, p.kind, p.method, p.reference, p.reason,
               p.amount_poisha::text as amount, p.created_at, r.receipt_no as reverses_receipt_no, p.is_test,
               op.wallet, op.provider,
               concat_ws(' ', s.first_name, nullif(s.middle_name, ''), nullif(s.last_name, '')) as student_name,
               s.student_code
        from payments p
        join schools sc on sc.id = p.school_id
        join students s on s.id = p.student_id
        left join payments r on r.id = p.reverses_payment_id
        left join online_payments op on op.payment_id = coalesce(p.reverses_payment_id, p.id)
        where p.id = ${paymentId}`),
  );
  if (!p) return null;
  const tz = await timeZone(p.school_id);
  const [{ date }] = rowsOf<{ date: string }>(
    await db.execute(
      sql`select to_char(${new Date(p.created_at)}::timestamptz at time zone ${tz}, 'DD-MM-YYYY') as date`,
    ),
  );
  const dueAfter = sql`(i.amount_poisha
                 - coalesce((select sum(w.amount_poisha) from invoice_waivers w
                             where w.invoice_id = i.id and w.created_at <= p.created_at), 0)
                 - coalesce((select sum(a.amount_poisha) from payment_allocations a
                             where a.invoice_id = i.id and a.payment_id <= p.id), 0))::text`;
  const lines = rowsOf<{
    sector: string;
    sector_bn: string;
    session: string;
    invoice_amount: string;
    amount: string;
    due_after: string;
  }>(
    await db.execute(
      p.is_test
        ? // A test entry settled nothing (no allocations): its invoices are the online payment's, each
          // with nothing of this receipt on it and its due unchanged.
          sql`select fs.sector_name as sector, fs.sector_name_bn as sector_bn, ses.session_year as session, i.amount_poisha::text as invoice_amount,
                 '0' as amount, ${dueAfter} as due_after
          from payments p
          join online_payments op on op.payment_id = coalesce(p.reverses_payment_id, p.id)
          join invoices i on i.id = any(op.invoice_ids) and i.school_id = p.school_id
          join fees f on f.id = i.fee_id
          join fee_sectors fs on fs.id = f.sector_id
          join academic_sessions ses on ses.id = f.session_id
          where p.id = ${paymentId}
          order by f.last_date, i.id`
        : sql`select fs.sector_name as sector, fs.sector_name_bn as sector_bn, ses.session_year as session, i.amount_poisha::text as invoice_amount,
               pa.amount_poisha::text as amount, ${dueAfter} as due_after
        from payment_allocations pa
        join payments p on p.id = pa.payment_id
        join invoices i on i.id = pa.invoice_id
        join fees f on f.id = i.fee_id
        join fee_sectors fs on fs.id = f.sector_id
        join academic_sessions ses on ses.id = f.session_id
        where pa.payment_id = ${paymentId}
        order by f.last_date, i.id`,
    ),
  );
  const data: ReceiptData = {
    paymentId: p.id,
    schoolId: p.school_id,
    studentId: p.student_id,
    schoolName: p.school_name,
    receiptNo: p.receipt_no,
    kind: p.kind,
    method: p.method,
    reference: p.reference,
    wallet: p.wallet,
    provider: p.provider,
    reason: p.reason,
    reversesReceiptNo: p.reverses_receipt_no,
    test: p.is_test,
    amount: p.amount,
    date,
    studentName: p.student_name,
    studentCode: p.student_code,
    lines: lines.map((l) => ({
      sector: l.sector,
      sectorBn: l.sector_bn,
      session: l.session,
      invoiceAmount: l.invoice_amount,
      amount: l.amount,
      dueAfter: l.due_after,
    })),
  };
  return data;
}

/** Poisha text as the receipt prints it: "৳1,250.50", with Bangla digits in Bangla. Never a float. */
export function receiptTaka(poisha: string, lang: PdfLanguage): string {
  const text = formatPoisha(poisha);
  const negative = text.startsWith('-');
  const [whole, frac] = (negative ? text.slice(1) : text).split('.');
  return localDigits(`${negative ? '-' : ''}৳${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`, lang);
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

const A5 = { width: 419.53, height: 595.28, margin: 28 };

/** The receipt as a one-page A5 PDF. `printedOn` is the school's today (DD-MM-YYYY). */
export function receiptPdf(r: ReceiptData, lang: PdfLanguage, printedOn: string, opts: { compress?: boolean } = {}) {
  const l = LABELS[lang];
  const doc = new PDFDocument({
    size: 'A5',
    margin: A5.margin,
    compress: opts.compress ?? true,
    info: { Title: `${l.title} ${r.receiptNo}`, Author: r.schoolName, Producer: 'Pathshala', Creator: 'Pathshala' },
  });
  for (const [name, data] of fonts()) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const x = A5.margin;
  const inner = A5.width - 2 * A5.margin;
  const digits = (t: string) => localDigits(t, lang);
  let y = A5.margin;
  line(doc, r.schoolName, x, y, { size: 14, bold: true, align: 'center', width: inner });
  y += 22;
  if (r.test) {
    // Never mistakable for money: the title itself says so, in red, with what it means below.
    line(doc, l.test, x, y, { size: 13, bold: true, align: 'center', width: inner, color: '#b91c1c' });
    y += 22;
    line(doc, l.testNote, x, y, { size: 9, bold: true, align: 'center', width: inner, color: '#b91c1c' });
    y += 28;
  } else {
    const title = r.kind === 'payment' ? l.title : l[r.kind];
    line(doc, title, x, y, { size: 12, bold: true, align: 'center', width: inner });
    y += 22;
  }
  doc
    .moveTo(x, y)
    .lineTo(x + inner, y)
    .lineWidth(0.6)
    .stroke('#444444');
  y += 8;
  const method =
    r.method === 'mobile_wallet' && r.wallet && r.wallet in l
      ? `${l.mobile_wallet} (${l[r.wallet as 'bkash' | 'nagad' | 'rocket']})`
      : l[r.method];
  const facts: [string, string][] = [
    [l.receiptNo, r.receiptNo],
    [l.date, digits(r.date)],
    [l.student, r.studentName],
    [l.studentCode, r.studentCode],
    [l.method, method],
    ...(r.reference ? ([[l.reference, r.reference]] as [string, string][]) : []),
    ...(r.reason ? ([[l.reason, r.reason]] as [string, string][]) : []),
  ];
  for (const [label, value] of facts) {
    line(doc, label, x, y, { size: 9.5, color: '#555555', width: 110 });
    line(doc, value, x + 115, y, { size: 9.5, bold: true, width: inner - 115 });
    y += 15;
  }
  if (r.reversesReceiptNo) {
    line(doc, fill(l.reverses, { receipt: r.reversesReceiptNo }), x, y, { size: 9.5, bold: true, width: inner });
    y += 15;
  }
  y += 8;
  // The invoices this entry settled (or took back from).
  const cols = [
    { label: l.sector, w: 0.3 },
    { label: l.session, w: 0.14 },
    { label: l.invoiceAmount, w: 0.19 },
    { label: l.thisReceipt, w: 0.19 },
    { label: l.dueAfter, w: 0.18 },
  ].map((c) => ({ ...c, w: c.w * inner }));
  const row = (cells: string[], bold: boolean, shade?: string) => {
    if (shade) doc.rect(x, y - 3, inner, 16).fill(shade);
    let at = x;
    cells.forEach((text, i) => {
      line(doc, text, at + 2, y, { size: 8.5, bold, width: cols[i].w - 4, align: i >= 2 ? 'right' : 'left' });
      at += cols[i].w;
    });
    y += 16;
  };
  row(
    cols.map((c) => c.label),
    true,
    '#e8eef5',
  );
  for (const ln of r.lines) {
    row(
      [
        lang === 'bn' && ln.sectorBn ? ln.sectorBn : ln.sector,
        digits(ln.session),
        receiptTaka(ln.invoiceAmount, lang),
        receiptTaka(ln.amount, lang),
        receiptTaka(ln.dueAfter, lang),
      ],
      false,
    );
  }
  doc
    .moveTo(x, y)
    .lineTo(x + inner, y)
    .lineWidth(0.6)
    .stroke('#444444');
  y += 6;
  line(doc, `${r.test ? l.testTotal : l.total}: ${receiptTaka(r.amount, lang)}`, x, y, {
    size: 12,
    bold: true,
    align: 'right',
    width: inner,
    ...(r.test ? { color: '#b91c1c' } : {}),
  });
  y += 30;
  line(doc, fill(l.footer, { date: digits(printedOn) }), x, y, { size: 8, color: '#555555', width: inner });
  doc.end();
  return done;
}
