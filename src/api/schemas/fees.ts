/**
 * Fees and payments on the wire (spec part 2, Payments). The school admin keeps the
 * school's sectors (`POST /api/add_sector`, `GET /api/sector/all`), sets fees that invoice a
 * class, a section or named students (`POST /api/fee`), records payments against invoices
 * (`POST /api/payment`, with an Idempotency-Key), waivers and refunds, and reads reports.
 *
 * Money travels as decimal strings in taka with at most two decimals ("1250.50"), never as JSON
 * numbers: a float cannot hold 0.10 exactly. The server keeps integer poisha (1 taka = 100
 * poisha); `parseTaka` and `formatPoisha` convert without ever going through floating point.
 */
import { z } from 'zod';
import { banglaName, banglaNameOut, id, idList, isoDate, optionalId, pageOf, pageQueryWith } from './common';

// ---------------------------------------------------------------- money

/** The largest amount one field may carry: 999,999,999.99 taka (well inside a safe integer of poisha). */
export const MAX_TAKA_DIGITS = 9;
const TAKA = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

export const MONEY_MESSAGES = {
  text: 'must be an amount in taka as text, e.g. "1250.50"',
  decimals: 'may have at most 2 decimals (poisha)',
  format: 'must be an amount in taka such as 1250.50',
  positive: 'must be more than 0',
} as const;

/** "1250.50" -> 125050 poisha; "1250.5" -> 125050; "1250" -> 125000. Null when it is not such text. */
export function parseTaka(text: string): number | null {
  const m = TAKA.exec(text.trim());
  if (!m) return null;
  const whole = Number(m[1]);
  const frac = Number((m[2] ?? '').padEnd(2, '0'));
  return whole * 100 + frac;
}

/** Why a text is not an amount, or null when it is one. */
export function moneyProblem(text: string): string | null {
  const t = text.trim();
  if (/^\d+\.\d{3,}$/.test(t)) return MONEY_MESSAGES.decimals;
  if (parseTaka(t) === null) return MONEY_MESSAGES.format;
  return null;
}

/** Poisha (a whole number, bigint or its decimal text, as PostgreSQL sums arrive) -> "1250.50". */
export function formatPoisha(poisha: number | bigint | string): string {
  const p = BigInt(poisha);
  const sign = p < 0n ? '-' : '';
  const abs = p < 0n ? -p : p;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** A money field of a request: decimal text in, integer poisha out; a 400 names the field. */
export const money = (label: string, { positive = true }: { positive?: boolean } = {}) =>
  z.string({ error: `${label} ${MONEY_MESSAGES.text}` }).transform((text, ctx) => {
    const problem = moneyProblem(text);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: `${label} ${problem}` });
      return z.NEVER;
    }
    const poisha = parseTaka(text)!;
    if (positive && poisha <= 0) {
      ctx.addIssue({ code: 'custom', message: `${label} ${MONEY_MESSAGES.positive}` });
      return z.NEVER;
    }
    return poisha;
  });

/** A money field of a response: "1250.50". */
const amount = z.string().regex(/^-?\d+\.\d{2}$/);

// ---------------------------------------------------------------- messages

export const FEE_MESSAGES = {
  sectorCreated: 'New Sector saved successfully',
  feeCreated: (n: number) => `Fee saved: ${n} invoices generated`,
  /** A dry run writes nothing: it says what a save would do. */
  feeDryRun: (n: number) => `Dry run: ${n} invoices would be generated; nothing was saved.`,
  paymentRecorded: (receipt: string) => `Payment recorded: receipt ${receipt}`,
  reversed: (receipt: string) => `Entry recorded: receipt ${receipt}`,
  waived: 'Waiver saved',
  lateFees: (n: number) => `Late fees: ${n} invoices generated`,
} as const;

export const FEE_CODES = {
  sectorCreated: 'fees.sector_created',
  feeCreated: 'fees.fee_created',
  feeDryRun: 'fees.fee_dry_run',
  paymentRecorded: 'fees.payment_recorded',
  reversed: 'fees.reversed',
  waived: 'fees.waived',
  lateFees: 'fees.late_fees',
  overpayment: 'fees.overpayment',
  sectorExists: 'fees.sector_exists',
  feeAmountDiffers: 'fees.fee_amount_differs',
  idempotencyRequired: 'fees.idempotency_key_required',
  nothingToReverse: 'fees.nothing_to_reverse',
  testPayment: 'fees.test_payment',
  noStudents: 'fees.no_students',
} as const;

export const FEE_PAGE = { defaultLimit: 50, maxLimit: 500 } as const;
export const FEE_MAX_STUDENTS = 500;
export const FEE_MAX_INVOICES_PER_PAYMENT = 50;

// ---------------------------------------------------------------- sectors

export const sectorBody = z
  .object({
    school_info_id: optionalId('school_info_id'),
    sector_code: z
      .string({ error: 'Enter the sector code' })
      .trim()
      .min(1, 'Enter the sector code')
      .max(20, 'sector_code must be at most 20 characters'),
    sector_name: z
      .string({ error: 'Enter the sector name' })
      .trim()
      .min(1, 'Enter the sector name')
      .max(100, 'sector_name must be at most 100 characters'),
    /** Optional; absent keeps the stored one (a new sector gets the listed one, server/services/bangla-names.ts). */
    sector_name_bn: banglaName('sector_name_bn', 100),
  })
  .strict();
export type SectorBody = z.input<typeof sectorBody>;

export const sectorRow = z.object({
  id: z.number().int(),
  sector_code: z.string(),
  sector_name: z.string(),
  /** The Bangla name ('' = none). */
  sector_name_bn: banglaNameOut,
});
// The input type: a row without its Bangla name (an older answer, a fixture) is one with none.
export type SectorRow = z.input<typeof sectorRow>;
export const sectorPage = pageOf(sectorRow);
export type SectorPage = z.infer<typeof sectorPage>;

export const schoolPageQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  ...pageQueryWith(FEE_PAGE).shape,
});
export type SchoolPageQuery = z.input<typeof schoolPageQuery>;

export const writeResponse = z.object({
  ok: z.literal(true),
  id: z.number().int(),
  message: z.string(),
  code: z.string(),
});
export type WriteResponse = z.infer<typeof writeResponse>;

// ---------------------------------------------------------------- fees

/**
 * POST /api/fee: a sector's amount for a session and one target: a class (`class_id`), a section
 * (`section_id`) or named students (`student_ids`). `dry_run: true` only counts the students it
 * would invoice (the screen's confirmation); otherwise every student covered gets an invoice, in
 * one transaction. Posting the same fee again invoices only those who have none yet.
 */
export const feeBody = z
  .object({
    school_info_id: optionalId('school_info_id'),
    sector_id: id('sector_id'),
    session_id: id('session_id'),
    amount: money('amount'),
    late_fee: money('late_fee', { positive: false }).optional(),
    last_date: z.string({ error: 'Choose the last date' }).pipe(isoDate),
    class_id: optionalId('class_id'),
    section_id: optionalId('section_id'),
    student_ids: idList('student_ids', FEE_MAX_STUDENTS).optional(),
    dry_run: z.boolean({ error: 'dry_run must be true or false' }).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const targets = [v.class_id || v.section_id ? 1 : 0, v.student_ids?.length ? 1 : 0].reduce((a, b) => a + b, 0);
    if (targets !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['class_id'],
        message: 'Choose a class, a section or students (one of them)',
      });
    }
  });
export type FeeBody = z.input<typeof feeBody>;

export const feeResponse = z.object({
  ok: z.literal(true),
  /** Null on a dry run. */
  fee_id: z.number().int().nullable(),
  /** Students the fee covers. */
  students: z.number().int(),
  /** Invoices created by this call (0 when all existed already). */
  created: z.number().int(),
  /** Students who already had an invoice of this fee. */
  existing: z.number().int(),
  message: z.string(),
  code: z.string(),
});
export type FeeResponse = z.infer<typeof feeResponse>;

export const feeListQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  session_id: optionalId('session_id'),
  ...pageQueryWith(FEE_PAGE).shape,
});
export type FeeListQuery = z.input<typeof feeListQuery>;

export const FEE_SCOPES = ['class', 'section', 'students'] as const;
export const feeRow = z.object({
  id: z.number().int(),
  sector_id: z.number().int(),
  sector_code: z.string(),
  sector_name: z.string(),
  session_id: z.number().int(),
  session_year: z.string(),
  scope: z.enum(FEE_SCOPES),
  class_id: z.number().int().nullable(),
  class_name: z.string().nullable(),
  section_id: z.number().int().nullable(),
  section_default_name: z.string().nullable(),
  amount: amount,
  late_fee: amount,
  last_date: z.string(),
  invoices: z.number().int(),
  /** Late fee invoices generated so far (students who still owed after the last date). */
  late_invoices: z.number().int().optional(),
});
export type FeeRow = z.infer<typeof feeRow>;
export const feePage = pageOf(feeRow);
export type FeePage = z.infer<typeof feePage>;

// ---------------------------------------------------------------- invoices

/** A student's invoices: a student asks for their own (student_id may be left out); an admin names one. */
export const invoiceQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  student_id: optionalId('student_id'),
  student_code: z.string().trim().max(40).optional(),
  ...pageQueryWith(FEE_PAGE).shape,
});
export type InvoiceQuery = z.input<typeof invoiceQuery>;

/** A ledger entry's share of one invoice: its receipt number, kind, amount and day (school time zone). */
export const invoiceReceipt = z.object({
  /** The ledger entry, for its receipt PDF (GET /api/payment/:id/receipt). */
  payment_id: z.number().int().optional(),
  receipt_no: z.string(),
  kind: z.enum(['payment', 'refund', 'correction']),
  amount: amount,
  date: z.string(),
});
export type InvoiceReceipt = z.infer<typeof invoiceReceipt>;

export const invoiceRow = z.object({
  id: z.number().int(),
  fee_id: z.number().int(),
  student_id: z.number().int(),
  student_code: z.string(),
  full_name: z.string(),
  sector_code: z.string(),
  sector_name: z.string(),
  session_year: z.string(),
  last_date: z.string(),
  amount: amount,
  waived: amount,
  paid: amount,
  due: amount,
  late_fee: amount,
  /** 'late_fee': the fee's late fee, invoiced after the last date to a student who still owed. */
  kind: z.enum(['fee', 'late_fee']).optional(),
  /** Past the last date with something still due. */
  overdue: z.boolean(),
  /** The receipts that paid (or took back) part of this invoice, oldest first. */
  receipts: z.array(invoiceReceipt).default([]),
});
export type InvoiceRow = z.infer<typeof invoiceRow>;
export const invoicePage = pageOf(invoiceRow);
export type InvoicePage = z.infer<typeof invoicePage>;

// ---------------------------------------------------------------- payments

export const PAYMENT_METHODS = ['cash', 'mobile_wallet', 'bank'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * POST /api/payment: one student's invoices (`invoice_ids`, or one `invoice_id`), the amount
 * received, the method and its reference (a mobile-wallet transaction id is required). The amount
 * settles the invoices oldest last date first; a partial payment leaves the rest due; more than
 * is due is refused (409). Send an Idempotency-Key header: a retry never records twice.
 */
export const paymentBody = z
  .object({
    school_info_id: optionalId('school_info_id'),
    invoice_id: optionalId('invoice_id'),
    invoice_ids: idList('invoice_ids', FEE_MAX_INVOICES_PER_PAYMENT).optional(),
    amount: money('amount'),
    method: z.enum(PAYMENT_METHODS, { error: 'method must be one of cash, mobile_wallet, bank' }),
    reference: z.string().trim().max(60, 'reference must be at most 60 characters').optional().default(''),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.invoice_id && !v.invoice_ids?.length) {
      ctx.addIssue({ code: 'custom', path: ['invoice_ids'], message: 'Choose the invoices to pay' });
    }
    if (v.method === 'mobile_wallet' && !v.reference) {
      ctx.addIssue({ code: 'custom', path: ['reference'], message: 'Enter the wallet transaction id' });
    }
  });
export type PaymentBody = z.input<typeof paymentBody>;

export const allocationRow = z.object({ invoice_id: z.number().int(), amount: amount, due_after: amount });
export const paymentResponse = z.object({
  ok: z.literal(true),
  payment_id: z.number().int(),
  receipt_no: z.string(),
  amount: amount,
  allocations: z.array(allocationRow),
  message: z.string(),
  code: z.string(),
});
export type PaymentResponse = z.infer<typeof paymentResponse>;

/**
 * POST /api/payment/reverse: a refund (money given back) or a correction (an entry made in error)
 * of an earlier payment, as a new ledger entry; the original is never edited. `amount` defaults to
 * all of the payment not yet reversed.
 */
export const reverseBody = z
  .object({
    payment_id: id('payment_id'),
    kind: z.enum(['refund', 'correction'], { error: 'kind must be refund or correction' }),
    amount: money('amount').optional(),
    reason: z.string({ error: 'Enter the reason' }).trim().min(1, 'Enter the reason').max(300),
  })
  .strict();
export type ReverseBody = z.input<typeof reverseBody>;

/** POST /api/invoice/waiver: a waiver or discount on one invoice, with its reason; at most what is due. */
export const waiverBody = z
  .object({
    invoice_id: id('invoice_id'),
    kind: z.enum(['waiver', 'discount'], { error: 'kind must be waiver or discount' }),
    amount: money('amount'),
    reason: z.string({ error: 'Enter the reason' }).trim().min(1, 'Enter the reason').max(300),
  })
  .strict();
export type WaiverBody = z.input<typeof waiverBody>;

export const paymentListQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  student_id: optionalId('student_id'),
  student_code: z.string().trim().max(40).optional(),
  ...pageQueryWith(FEE_PAGE).shape,
});
export type PaymentListQuery = z.input<typeof paymentListQuery>;

export const paymentRow = z.object({
  id: z.number().int(),
  receipt_no: z.string(),
  kind: z.enum(['payment', 'refund', 'correction']),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  amount: amount,
  reverses_payment_id: z.number().int().nullable(),
  reason: z.string(),
  student_id: z.number().int(),
  student_code: z.string(),
  full_name: z.string(),
  /** A test entry (the payment sandbox's): no money received, settles nothing, cannot be refunded. */
  test: z.boolean(),
  created_at: z.string(),
});
export type PaymentRow = z.infer<typeof paymentRow>;
export const paymentPage = pageOf(paymentRow);
export type PaymentPage = z.infer<typeof paymentPage>;

// ---------------------------------------------------------------- reports

export const duesReportQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  session_id: id('session_id'),
  ...pageQueryWith(FEE_PAGE).shape,
});
export type DuesReportQuery = z.input<typeof duesReportQuery>;
export const duesRow = z.object({
  class_id: z.number().int(),
  class_name: z.string(),
  section_id: z.number().int(),
  section_default_name: z.string(),
  students: z.number().int(),
  amount: amount,
  waived: amount,
  paid: amount,
  due: amount,
});
export type DuesRow = z.infer<typeof duesRow>;
export const duesPage = pageOf(duesRow);

export const collectionsQuery = z
  .object({
    school_info_id: optionalId('school_info_id'),
    from: z.string({ error: 'Choose the first day' }).pipe(isoDate),
    to: z.string({ error: 'Choose the last day' }).pipe(isoDate),
    ...pageQueryWith(FEE_PAGE).shape,
  })
  .superRefine((v, ctx) => {
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  });
export type CollectionsQuery = z.input<typeof collectionsQuery>;
export const collectionRow = z.object({
  date: z.string(),
  sector_id: z.number().int(),
  sector_code: z.string(),
  sector_name: z.string(),
  receipts: z.number().int(),
  /** Net: payments less refunds and corrections of that day. */
  amount: amount,
});
export type CollectionRow = z.infer<typeof collectionRow>;
export const collectionsPage = pageOf(collectionRow);

export const defaultersQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  session_id: id('session_id'),
  /** Overdue as of this day (default: the school's today). */
  as_of: isoDate.optional(),
  ...pageQueryWith(FEE_PAGE).shape,
});
export type DefaultersQuery = z.input<typeof defaultersQuery>;
export const defaulterRow = z.object({
  student_id: z.number().int(),
  student_code: z.string(),
  full_name: z.string(),
  class_name: z.string(),
  section_default_name: z.string(),
  class_roll_no: z.number().int(),
  invoices: z.number().int(),
  due: amount,
  oldest_last_date: z.string(),
});
export type DefaulterRow = z.infer<typeof defaulterRow>;
export const defaultersPage = pageOf(defaulterRow);

/** GET /api/fee/report/collections/monthly: a session's net collections per month (the chart's data). */
export const monthlyQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  session_id: id('session_id'),
});
export type MonthlyQuery = z.input<typeof monthlyQuery>;
export const monthlyRow = z.object({
  /** "2026-03". */
  month: z.string(),
  receipts: z.number().int(),
  /** Net: payments less refunds and corrections of that month. */
  amount: amount,
});
export type MonthlyRow = z.infer<typeof monthlyRow>;
/** Every month of the session, in order, months without entries as "0.00". */
export const monthlyReport = z.object({ session_year: z.string(), rows: z.array(monthlyRow), total: amount });
export type MonthlyReport = z.infer<typeof monthlyReport>;

/** POST /api/fee/late-fees: invoice the late fees due by today now (the housekeeping job does it too). */
export const lateFeesBody = z.object({ school_info_id: optionalId('school_info_id') }).strict();
export const lateFeesResponse = z.object({
  ok: z.literal(true),
  created: z.number().int(),
  message: z.string(),
  code: z.string(),
});
export type LateFeesResponse = z.infer<typeof lateFeesResponse>;
