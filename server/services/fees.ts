/**
 * Fees and payments: invoice generation, the payment ledger and its reports.
 *
 * Money is integer poisha everywhere in here and in the database; it becomes decimal text
 * ("1250.50") only at the edge, through `formatPoisha`, which works on bigint so that sums
 * PostgreSQL returns as text never pass through floating point.
 *
 * The ledger: an invoice's due is its amount less its waivers less its allocations. A payment is
 * a ledger entry (> 0) split into allocations over one student's invoices; a refund or a
 * correction is another entry (< 0) with negative allocations, pointing at the payment it
 * reverses. Nothing is ever updated or deleted. Every write that changes what is due locks the
 * invoices it touches first (SELECT ... FOR UPDATE), so two cashiers cannot both take the last
 * taka of an invoice: paid + waived never exceeds the amount, and each entry's allocations sum to
 * the entry. A test entry (`is_test`: the sandbox's, no money) has no allocations and is left out
 * of every collection: it is shown in the ledger, marked, and counts as nothing received.
 */
import { sql, type SQL } from 'drizzle-orm';
import { formatPoisha, type InvoiceReceipt, type InvoiceRow } from '@/api/schemas/fees';
import type { DbOrTx, Tx } from '../db/client';
import { namedRows } from '../db/prepared';
import { rowsOf } from '../db/rows';
import { feeReceiptCounters } from '../db/schema';
import { ApiError } from '../errors';
import { clock } from '../clock';

export { formatPoisha };

/** A page of a windowed list (each row carrying `count(*) over ()` as `total`) as the API answers it. */
export const pageOf = <T extends { total?: unknown }>(rows: T[], limit: number, offset: number) => ({
  rows: rows.map(({ total: _t, ...r }) => r),
  total: rows.length ? Number(rows[0].total) : 0,
  limit,
  offset,
});

// ---------------------------------------------------------------- receipts

/** The next receipt number of a school ("R-000042"); the counter row serializes concurrent payments. */
export async function nextReceiptNo(tx: Tx, schoolId: number): Promise<string> {
  const [row] = await tx
    .insert(feeReceiptCounters)
    .values({ schoolId, lastNo: 1 })
    .onConflictDoUpdate({ target: feeReceiptCounters.schoolId, set: { lastNo: sql`${feeReceiptCounters.lastNo} + 1` } })
    .returning({ n: feeReceiptCounters.lastNo });
  return `R-${String(row.n).padStart(6, '0')}`;
}

// ---------------------------------------------------------------- balances

interface BalanceRow {
  id: number;
  fee_id: number;
  student_id: number;
  student_code: string;
  full_name: string;
  sector_code: string;
  sector_name: string;
  session_year: string;
  last_date: string;
  amount: string;
  waived: string;
  paid: string;
  due: string;
  late_fee: string;
  kind: 'fee' | 'late_fee';
  total: string;
}

/** Each invoice with what is waived, paid and due (poisha, as text: bigint sums). */
const balances = (where: SQL) => sql`
  select i.id, i.fee_id, i.student_id, s.student_code, concat_ws(' ', s.first_name, nullif(s.middle_name, ''), nullif(s.last_name, '')) as full_name,
         fs.sector_code, fs.sector_name, ses.session_year, f.last_date::text as last_date,
         i.amount_poisha::text as amount,
         coalesce(w.total, 0)::text as waived,
         coalesce(a.total, 0)::text as paid,
         (i.amount_poisha - coalesce(w.total, 0) - coalesce(a.total, 0))::text as due,
         f.late_fee_poisha::text as late_fee, i.kind,
         count(*) over () as total
  from invoices i
  join fees f on f.id = i.fee_id
  join fee_sectors fs on fs.id = f.sector_id
  join academic_sessions ses on ses.id = f.session_id
  join students s on s.id = i.student_id
  left join lateral (select sum(pa.amount_poisha) as total from payment_allocations pa where pa.invoice_id = i.id) a on true
  left join lateral (select sum(iw.amount_poisha) as total from invoice_waivers iw where iw.invoice_id = i.id) w on true
  where ${where}`;

const toInvoiceRow = (r: BalanceRow, today: string, receipts: InvoiceReceipt[] = []): InvoiceRow => ({
  id: r.id,
  fee_id: r.fee_id,
  student_id: r.student_id,
  student_code: r.student_code,
  full_name: r.full_name,
  sector_code: r.sector_code,
  sector_name: r.sector_name,
  session_year: r.session_year,
  last_date: r.last_date,
  amount: formatPoisha(r.amount),
  waived: formatPoisha(r.waived),
  paid: formatPoisha(r.paid),
  due: formatPoisha(r.due),
  late_fee: formatPoisha(r.late_fee),
  kind: r.kind,
  overdue: BigInt(r.due) > 0n && r.last_date < today,
  receipts,
});

/** A page of one student's invoices: those with something due, or those fully settled. */
export async function studentInvoices(
  db: DbOrTx,
  f: {
    schoolId: number;
    studentId: number;
    status: 'due' | 'paid';
    today: string;
    /** The school's IANA time zone: a receipt's date is its day there. */
    timeZone: string;
    limit: number;
    offset: number;
  },
) {
  const dueCondition =
    f.status === 'due'
      ? sql`(i.amount_poisha - coalesce(w.total, 0) - coalesce(a.total, 0)) > 0`
      : sql`(i.amount_poisha - coalesce(w.total, 0) - coalesce(a.total, 0)) = 0`;
  // The student's fees page: a named statement, planned once per connection.
  const rows = await namedRows<BalanceRow>(
    db,
    `student_invoices_${f.status}`,
    sql`${balances(sql`i.school_id = ${f.schoolId} and i.student_id = ${f.studentId} and ${dueCondition}`)}
        order by f.last_date, i.kind, i.id limit ${f.limit} offset ${f.offset}`,
  );
  const receipts = new Map<number, InvoiceReceipt[]>();
  if (rows.length) {
    const idList = sql.join(
      rows.map((r) => sql`${r.id}`),
      sql`, `,
    );
    const entries = rowsOf<{
      invoice_id: number;
      payment_id: number;
      receipt_no: string;
      kind: InvoiceReceipt['kind'];
      amount: string;
      date: string;
    }>(
      await db.execute(sql`select pa.invoice_id, p.id as payment_id, p.receipt_no, p.kind, sum(pa.amount_poisha)::text as amount,
                 to_char(p.created_at at time zone ${f.timeZone}, 'YYYY-MM-DD') as date
          from payment_allocations pa join payments p on p.id = pa.payment_id
          where pa.school_id = ${f.schoolId} and pa.invoice_id in (${idList})
          group by pa.invoice_id, p.id, p.receipt_no, p.kind, p.created_at
          order by p.id`),
    );
    for (const e of entries) {
      const list = receipts.get(e.invoice_id) ?? [];
      list.push({
        payment_id: e.payment_id,
        receipt_no: e.receipt_no,
        kind: e.kind,
        amount: formatPoisha(e.amount),
        date: e.date,
      });
      receipts.set(e.invoice_id, list);
    }
  }
  return {
    rows: rows.map((r) => toInvoiceRow(r, f.today, receipts.get(r.id))),
    total: rows.length ? Number(rows[0].total) : 0,
    limit: f.limit,
    offset: f.offset,
  };
}

/** The invoices named, locked for this transaction, with their balances (poisha as bigint). */
export async function lockedInvoices(tx: Tx, schoolId: number, ids: number[]) {
  if (!ids.length) return [];
  const idList = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  await tx.execute(
    sql`select id from invoices where school_id = ${schoolId} and id in (${idList}) order by id for update`,
  );
  const rows = rowsOf<BalanceRow>(
    await tx.execute(sql`${balances(sql`i.school_id = ${schoolId} and i.id in (${idList})`)}`),
  );
  return rows.map((r) => ({
    id: r.id,
    studentId: r.student_id,
    lastDate: r.last_date,
    amount: BigInt(r.amount),
    paid: BigInt(r.paid),
    due: BigInt(r.due),
  }));
}

/** Another school's invoice and an unknown one look the same: 404. */
export const invoiceNotFound = (field: string) =>
  new ApiError(404, 'not_found', 'Invoice not found.', { [field]: 'is not an invoice of this school' });

// ---------------------------------------------------------------- allocation

/**
 * Split `amount` over invoices in order (oldest last date first), each taking at most its due.
 * Refuses more than is due in all (409 naming `amount`). Pure: the caller has locked the rows.
 */
export function allocate(
  invoices: readonly { id: number; lastDate: string; due: bigint }[],
  amount: bigint,
): { invoiceId: number; amount: bigint; dueAfter: bigint }[] {
  const totalDue = invoices.reduce((s, i) => s + i.due, 0n);
  if (amount > totalDue) {
    throw new ApiError(
      409,
      'fees.overpayment',
      `The amount is more than is due: at most ${formatPoisha(totalDue)} may be paid on these invoices.`,
      { amount: `must be at most ${formatPoisha(totalDue)}` },
    );
  }
  const ordered = [...invoices].sort((a, b) => a.lastDate.localeCompare(b.lastDate) || a.id - b.id);
  const out: { invoiceId: number; amount: bigint; dueAfter: bigint }[] = [];
  let left = amount;
  for (const inv of ordered) {
    if (left === 0n) break;
    const take = inv.due < left ? inv.due : left;
    if (take <= 0n) continue;
    out.push({ invoiceId: inv.id, amount: take, dueAfter: inv.due - take });
    left -= take;
  }
  return out;
}

// ---------------------------------------------------------------- reports

export async function duesByClassSection(
  db: DbOrTx,
  f: { schoolId: number; sessionId: number; limit: number; offset: number },
) {
  const rows = rowsOf<{
    class_id: number;
    class_name: string;
    section_id: number;
    section_default_name: string;
    students: number;
    amount: string;
    waived: string;
    paid: string;
    due: string;
    total: string;
  }>(
    await db.execute(sql`
    with b as (
      select i.student_id, i.amount_poisha as amount,
             coalesce((select sum(iw.amount_poisha) from invoice_waivers iw where iw.invoice_id = i.id), 0) as waived,
             coalesce((select sum(pa.amount_poisha) from payment_allocations pa where pa.invoice_id = i.id), 0) as paid
      from invoices i join fees f on f.id = i.fee_id
      where i.school_id = ${f.schoolId} and f.session_id = ${f.sessionId}
    )
    select e.class_id, c.class_name, e.section_id, sec.section_default_name,
           count(distinct b.student_id)::int as students,
           sum(b.amount)::text as amount, sum(b.waived)::text as waived, sum(b.paid)::text as paid,
           sum(b.amount - b.waived - b.paid)::text as due,
           count(*) over () as total
    from b
    join enrolments e on e.student_id = b.student_id and e.session_id = ${f.sessionId}
    join classes c on c.id = e.class_id
    join sections sec on sec.id = e.section_id
    group by e.class_id, c.class_name, c.sort_order, e.section_id, sec.section_default_name
    order by c.sort_order, sec.section_default_name
    limit ${f.limit} offset ${f.offset}`),
  );
  return {
    rows: rows.map(({ total: _t, amount, waived, paid, due, ...r }) => ({
      amount: formatPoisha(amount),
      waived: formatPoisha(waived),
      paid: formatPoisha(paid),
      due: formatPoisha(due),
      ...r,
    })),
    total: rows.length ? Number(rows[0].total) : 0,
    limit: f.limit,
    offset: f.offset,
  };
}

/** Net collections per day (in the school's time zone) and sector; test entries are no money. */
export async function collectionsByDaySector(
  db: DbOrTx,
  f: { schoolId: number; timeZone: string; from: string; to: string; limit: number; offset: number },
) {
  const day = sql`(p.created_at at time zone ${f.timeZone})::date`;
  const rows = rowsOf<{
    date: string;
    sector_id: number;
    sector_code: string;
    sector_name: string;
    receipts: number;
    amount: string;
    total: string;
  }>(
    await db.execute(sql`
    select ${day}::text as date, fs.id as sector_id, fs.sector_code, fs.sector_name,
           count(distinct p.id)::int as receipts, sum(pa.amount_poisha)::text as amount,
           count(*) over () as total
    from payments p
    join payment_allocations pa on pa.payment_id = p.id
    join invoices i on i.id = pa.invoice_id
    join fees f on f.id = i.fee_id
    join fee_sectors fs on fs.id = f.sector_id
    where p.school_id = ${f.schoolId} and not p.is_test and ${day} between ${f.from}::date and ${f.to}::date
    group by 1, fs.id, fs.sector_code, fs.sector_name
    order by 1, fs.sector_code
    limit ${f.limit} offset ${f.offset}`),
  );
  return {
    rows: rows.map(({ total: _t, ...r }) => ({ ...r, amount: formatPoisha(r.amount) })),
    total: rows.length ? Number(rows[0].total) : 0,
    limit: f.limit,
    offset: f.offset,
  };
}

/** Students with something due past its last date, most owed first. */
export async function defaulters(
  db: DbOrTx,
  f: { schoolId: number; sessionId: number; asOf: string; limit: number; offset: number },
) {
  const rows = rowsOf<{
    student_id: number;
    student_code: string;
    full_name: string;
    class_name: string;
    section_default_name: string;
    class_roll_no: number;
    invoices: number;
    due: string;
    oldest_last_date: string;
    total: string;
  }>(
    await db.execute(sql`
    with b as (
      select i.student_id, f.last_date,
             i.amount_poisha
               - coalesce((select sum(iw.amount_poisha) from invoice_waivers iw where iw.invoice_id = i.id), 0)
               - coalesce((select sum(pa.amount_poisha) from payment_allocations pa where pa.invoice_id = i.id), 0) as due
      from invoices i join fees f on f.id = i.fee_id
      where i.school_id = ${f.schoolId} and f.session_id = ${f.sessionId} and f.last_date < ${f.asOf}::date
    )
    select s.id as student_id, s.student_code, concat_ws(' ', s.first_name, nullif(s.middle_name, ''), nullif(s.last_name, '')) as full_name,
           coalesce(c.class_name, '') as class_name, coalesce(sec.section_default_name, '') as section_default_name,
           coalesce(e.class_roll_no, 0) as class_roll_no,
           count(*)::int as invoices, sum(b.due)::text as due, min(b.last_date)::text as oldest_last_date,
           count(*) over () as total
    from b
    join students s on s.id = b.student_id
    left join enrolments e on e.student_id = s.id and e.session_id = ${f.sessionId}
    left join classes c on c.id = e.class_id
    left join sections sec on sec.id = e.section_id
    where b.due > 0
    group by s.id, s.student_code, s.first_name, s.middle_name, s.last_name, c.class_name, sec.section_default_name, e.class_roll_no
    order by sum(b.due) desc, s.student_code
    limit ${f.limit} offset ${f.offset}`),
  );
  return {
    rows: rows.map(({ total: _t, ...r }) => ({ ...r, due: formatPoisha(r.due) })),
    total: rows.length ? Number(rows[0].total) : 0,
    limit: f.limit,
    offset: f.offset,
  };
}

// ---------------------------------------------------------------- late fees

/**
 * Late fees. The rule: a fee with a late fee (> 0) whose last date has passed in the
 * school's time zone (today > last date) gives every student whose invoice of that fee still has
 * something due a second invoice of the same fee, of kind 'late_fee', for the late fee's amount.
 * It is generated once per fee and student, whenever the job runs: the unique key (fee, student,
 * kind) and ON CONFLICT DO NOTHING make a second run (or two processes at once) create nothing,
 * and one INSERT ... SELECT per school writes them all or none. A student who settles the fee
 * after the last date but before the job ran is not charged; one who settles after it keeps the
 * late fee invoice (it can be waived with a reason like any other). Waived invoices count as
 * settled. The late fee invoice itself never earns another late fee.
 *
 * Where it runs: the housekeeping job (plugins/housekeeping.ts: at start and every ten minutes,
 * in one process) for every school, and `POST /api/fee/late-fees` for the admin's school at once.
 */
export async function generateLateFees(db: DbOrTx, f: { schoolId: number; today: string }): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
    insert into invoices (school_id, fee_id, student_id, amount_poisha, kind)
    select i.school_id, i.fee_id, i.student_id, f.late_fee_poisha, 'late_fee'
    from invoices i
    join fees f on f.id = i.fee_id
    where i.school_id = ${f.schoolId} and i.kind = 'fee' and f.late_fee_poisha > 0 and f.last_date < ${f.today}::date
      and i.amount_poisha
          - coalesce((select sum(iw.amount_poisha) from invoice_waivers iw where iw.invoice_id = i.id), 0)
          - coalesce((select sum(pa.amount_poisha) from payment_allocations pa where pa.invoice_id = i.id), 0) > 0
    order by i.id
    on conflict (fee_id, student_id, kind, school_id) do nothing
    returning id`),
  );
  return rows.length;
}

/** The late fees of every school that has a fee past its last date, each school in its own today. */
export async function generateAllLateFees(db: DbOrTx, todayOf: (schoolId: number) => Promise<string>): Promise<number> {
  const schools = rowsOf<{ school_id: number }>(
    await db.execute(
      // A first sift on the server clock's UTC date (server/clock.ts): no school's today is more than
      // a day past it; each school's own today decides below.
      sql`select distinct school_id from fees where late_fee_poisha > 0
      and last_date < ${new Date(clock.now()).toISOString().slice(0, 10)}::date + 1 order by school_id`,
    ),
  );
  let created = 0;
  for (const s of schools) {
    created += await generateLateFees(db, { schoolId: s.school_id, today: await todayOf(s.school_id) });
  }
  return created;
}

/** A session's net collections per month (school time zone), every month of the year; test entries are none. */
export async function collectionsByMonth(db: DbOrTx, f: { schoolId: number; timeZone: string; sessionYear: string }) {
  const month = sql`to_char(p.created_at at time zone ${f.timeZone}, 'YYYY-MM')`;
  const rows = rowsOf<{ month: string; receipts: number; amount: string }>(
    await db.execute(sql`select ${month} as month, count(*)::int as receipts, sum(p.amount_poisha)::text as amount
        from payments p
        where p.school_id = ${f.schoolId} and not p.is_test and ${month} like ${`${f.sessionYear}-%`}
        group by 1 order by 1`),
  );
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const out = Array.from({ length: 12 }, (_, i) => {
    const m = `${f.sessionYear}-${String(i + 1).padStart(2, '0')}`;
    const r = byMonth.get(m);
    return { month: m, receipts: r?.receipts ?? 0, amount: formatPoisha(r?.amount ?? 0) };
  });
  const total = rows.reduce((s, r) => s + BigInt(r.amount), 0n);
  return { session_year: f.sessionYear, rows: out, total: formatPoisha(total) };
}
