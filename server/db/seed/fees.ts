/**
 * Demo fees: for each school, four sectors (session fee, tuition, exam fee, sports) and
 * the current session's fees for every class — the session fee in January, tuition every month
 * (late fee ৳50.00), the sports fee in March, the half-yearly and final exam fees — up to a month
 * ahead of today. Each invoice then gets a fate from a seeded PRNG: mostly paid by the last date
 * (cash or a mobile wallet, a receipt each, receipt numbers in date order), some partly paid, some
 * discounted or waived with a reason, some left owing; a few payments are refunded or corrected
 * as new entries. Late fees are then invoiced by the same rule as the housekeeping job. So /payment's
 * reports, the chart and the student pages show a living ledger on `npm start`. Deterministic:
 * every choice comes from the PRNG over rows read in a fixed order; bulk inserts only.
 */
import type { DateTime } from 'luxon';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { rowsOf } from '../rows';
import { feeReceiptCounters, feeSectors, invoiceWaivers, paymentAllocations, payments } from '../schema';
import { generateLateFees } from '../../services/fees';
import { listedNameBn } from '../../services/bangla-names';
import { createRng } from './random';

const PRNG_SEED = 0xfee5_2026;
const BATCH_ROWS = 2000;
const ZONE = 'Asia/Dhaka';

const SECTORS = [
  ['SES', 'Session fee'],
  ['TUI', 'Tuition'],
  ['EXM', 'Exam fee'],
  ['SPT', 'Sports'],
] as const;
type SectorCode = (typeof SECTORS)[number][0];

const WALLETS = ['bKash', 'Nagad', 'Rocket'] as const;

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) await insert(rows.slice(i, i + BATCH_ROWS));
}

export async function seedFees(tx: Tx, today: DateTime): Promise<Record<string, number>> {
  const rng = createRng(PRNG_SEED);
  const year = today.year;
  const iso = (d: DateTime) => d.toISODate()!;
  const todayIso = iso(today);
  const horizon = iso(today.plus({ months: 1 }));
  const [session] = rowsOf<{ id: number }>(
    await tx.execute(sql`select id from academic_sessions where session_year = ${String(year)}`),
  );
  if (!session) return {};
  const schoolRows = rowsOf<{ id: number; admin_user_id: number | null }>(
    await tx.execute(sql`select s.id, (select sa.user_id from school_admins sa where sa.school_id = s.id order by sa.user_id limit 1) as admin_user_id
        from schools s order by s.id`),
  );
  const counts = { feeSectors: 0, fees: 0, invoices: 0, payments: 0, waivers: 0, lateFeeInvoices: 0 };

  for (const school of schoolRows) {
    const sectorRows = await tx
      .insert(feeSectors)
      .values(
        SECTORS.map(([code, name]) => ({
          schoolId: school.id,
          sectorCode: code,
          sectorName: name,
          sectorNameBn: listedNameBn('fee_sectors', name),
        })),
      )
      .returning({ id: feeSectors.id, code: feeSectors.sectorCode });
    const sectorId = new Map(sectorRows.map((r) => [r.code as SectorCode, r.id]));
    counts.feeSectors += sectorRows.length;

    const classRows = rowsOf<{ class_id: number; sort_order: number }>(
      await tx.execute(sql`select distinct e.class_id, c.sort_order from enrolments e join classes c on c.id = e.class_id
          where e.school_id = ${school.id} and e.session_id = ${session.id} order by c.sort_order, e.class_id`),
    );
    // Amounts rise with the class: Six pays the least.
    const plan: { sector: SectorCode; classId: number; taka: number; late: number; lastDate: string }[] = [];
    for (const [i, c] of classRows.entries()) {
      plan.push({ sector: 'SES', classId: c.class_id, taka: 150000 + i * 10000, late: 0, lastDate: `${year}-01-31` });
      for (let m = 1; m <= 12; m++) {
        const lastDate = `${year}-${String(m).padStart(2, '0')}-10`;
        plan.push({ sector: 'TUI', classId: c.class_id, taka: 80000 + i * 5000, late: 5000, lastDate });
      }
      plan.push({ sector: 'SPT', classId: c.class_id, taka: 25000, late: 0, lastDate: `${year}-03-31` });
      plan.push({ sector: 'EXM', classId: c.class_id, taka: 65050 + i * 2500, late: 0, lastDate: `${year}-06-15` });
      plan.push({ sector: 'EXM', classId: c.class_id, taka: 75050 + i * 2500, late: 0, lastDate: `${year}-11-25` });
    }
    const feeValues = plan
      .filter((p) => p.lastDate <= horizon)
      .map(
        (p) => sql`(${school.id}, ${sectorId.get(p.sector)!}, ${session.id}, 'class', ${p.classId},
                       ${p.taka}, ${p.late}, ${p.lastDate}::date, ${school.admin_user_id})`,
      );
    if (!feeValues.length) continue;
    await tx.execute(sql`
      insert into fees (school_id, sector_id, session_id, scope, class_id, amount_poisha, late_fee_poisha, last_date, created_by_user_id)
      values ${sql.join(feeValues, sql`, `)}`);
    counts.fees += feeValues.length;
    const created = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into invoices (school_id, fee_id, student_id, amount_poisha)
          select f.school_id, f.id, e.student_id, f.amount_poisha
          from fees f join enrolments e on e.class_id = f.class_id and e.session_id = f.session_id and e.school_id = f.school_id
          where f.school_id = ${school.id}
          order by f.id, e.student_id
          returning id`),
    );
    counts.invoices += created.length;

    // Every invoice in a fixed order, with what decides its fate.
    const invoiceRows = rowsOf<{
      id: number;
      student_id: number;
      amount: number;
      last_date: string;
      sector_code: SectorCode;
    }>(
      await tx.execute(sql`select i.id, i.student_id, i.amount_poisha::int as amount, f.last_date::text as last_date, fs.sector_code
          from invoices i join fees f on f.id = i.fee_id join fee_sectors fs on fs.id = f.sector_id
          join students s on s.id = i.student_id
          where i.school_id = ${school.id}
          order by f.last_date, fs.sector_code, s.student_code`),
    );
    // A few families fall behind for good: nothing paid after March.
    const behind = new Set<number>();
    for (const sid of [...new Set(invoiceRows.map((r) => r.student_id))]) if (rng.chance(0.06)) behind.add(sid);

    type Pay = { invoiceId: number; studentId: number; amount: number; at: DateTime; method: string; ref: string };
    const pays: Pay[] = [];
    const waivers: { invoiceId: number; kind: 'waiver' | 'discount'; amount: number; reason: string }[] = [];
    const jan1 = today.set({ month: 1, day: 1 }).startOf('day');
    const payDay = (lastDate: string, early: number) => {
      let d = today.set({ year, month: Number(lastDate.slice(5, 7)), day: Number(lastDate.slice(8, 10)) });
      d = d.minus({ days: early });
      if (d < jan1) d = jan1;
      if (d >= today) d = today.minus({ days: 1 });
      return d.set({ hour: 9 + rng.int(0, 5), minute: rng.int(0, 59) });
    };
    const method = () => {
      if (rng.chance(0.65)) return { method: 'cash', ref: '' };
      return { method: 'mobile_wallet', ref: `${rng.pick(WALLETS).slice(0, 2).toUpperCase()}${rng.digits(8)}` };
    };
    for (const inv of invoiceRows) {
      const upcoming = inv.last_date >= todayIso;
      const fate = upcoming
        ? rng.weighted([
            ['paid', 25],
            ['open', 75],
          ] as const)
        : behind.has(inv.student_id) && inv.last_date > `${year}-03-31`
          ? 'open'
          : rng.weighted([
              ['paid', 74],
              ['partly', 8],
              ['discount', 5],
              ['waived', 2],
              ['open', 11],
            ] as const);
      const early = rng.int(0, 15);
      if (fate === 'paid') {
        pays.push({
          invoiceId: inv.id,
          studentId: inv.student_id,
          amount: inv.amount,
          at: payDay(inv.last_date, early),
          ...method(),
        });
      } else if (fate === 'partly') {
        const part = Math.floor(inv.amount / 200) * 100; // about half, in whole taka
        pays.push({
          invoiceId: inv.id,
          studentId: inv.student_id,
          amount: part,
          at: payDay(inv.last_date, early),
          ...method(),
        });
      } else if (fate === 'discount') {
        const off = Math.floor(inv.amount / 500) * 100; // a fifth, in whole taka
        waivers.push({ invoiceId: inv.id, kind: 'discount', amount: off, reason: 'Sibling discount (20%)' });
        pays.push({
          invoiceId: inv.id,
          studentId: inv.student_id,
          amount: inv.amount - off,
          at: payDay(inv.last_date, early),
          ...method(),
        });
      } else if (fate === 'waived') {
        waivers.push({ invoiceId: inv.id, kind: 'waiver', amount: inv.amount, reason: 'Merit scholarship' });
      }
    }
    // Receipt numbers follow the days the money came in.
    pays.sort((a, b) => a.at.toMillis() - b.at.toMillis() || a.invoiceId - b.invoiceId);
    let receiptNo = 0;
    const receipt = () => `R-${String(++receiptNo).padStart(6, '0')}`;
    const paymentIds: number[] = [];
    await inBatches(pays, async (batch) => {
      const rows = await tx
        .insert(payments)
        .values(
          batch.map((p) => ({
            schoolId: school.id,
            studentId: p.studentId,
            receiptNo: receipt(),
            kind: 'payment',
            method: p.method,
            reference: p.ref,
            amountPoisha: p.amount,
            receivedByUserId: school.admin_user_id,
            createdAt: new Date(p.at.setZone(ZONE).toMillis()),
          })),
        )
        .returning({ id: payments.id, receiptNo: payments.receiptNo });
      rows.sort((a, b) => a.receiptNo.localeCompare(b.receiptNo));
      paymentIds.push(...rows.map((r) => r.id));
    });
    await inBatches(
      pays.map((p, i) => ({
        schoolId: school.id,
        paymentId: paymentIds[i],
        invoiceId: p.invoiceId,
        amountPoisha: p.amount,
      })),
      (batch) => tx.insert(paymentAllocations).values(batch),
    );
    counts.payments += pays.length;

    // A few refunds and corrections, each a new entry a few days after the payment it reverses.
    const reversals = pays
      .map((p, i) => ({ p, id: paymentIds[i] }))
      .filter(({ p }) => p.at < today.minus({ days: 10 }))
      .filter(() => rng.chance(0.004))
      .map(({ p, id }) => {
        const refund = rng.chance(0.5);
        const amount = refund ? Math.min(p.amount, 10000) : p.amount;
        return {
          original: id,
          p,
          amount,
          kind: refund ? ('refund' as const) : ('correction' as const),
          reason: refund ? 'Paid twice by mistake' : 'Entered against the wrong invoice',
          at: p.at.plus({ days: rng.int(1, 7), hours: 1 }),
        };
      })
      .sort((a, b) => a.at.toMillis() - b.at.toMillis());
    for (const r of reversals) {
      const [row] = await tx
        .insert(payments)
        .values({
          schoolId: school.id,
          studentId: r.p.studentId,
          receiptNo: receipt(),
          kind: r.kind,
          method: r.p.method,
          reference: r.p.ref,
          amountPoisha: -r.amount,
          reversesPaymentId: r.original,
          reason: r.reason,
          receivedByUserId: school.admin_user_id,
          createdAt: new Date(r.at.toMillis()),
        })
        .returning({ id: payments.id });
      await tx
        .insert(paymentAllocations)
        .values({ schoolId: school.id, paymentId: row.id, invoiceId: r.p.invoiceId, amountPoisha: -r.amount });
    }
    counts.payments += reversals.length;
    if (receiptNo) await tx.insert(feeReceiptCounters).values({ schoolId: school.id, lastNo: receiptNo });

    await inBatches(
      waivers.map((w) => ({
        schoolId: school.id,
        invoiceId: w.invoiceId,
        kind: w.kind,
        amountPoisha: w.amount,
        reason: w.reason,
        createdByUserId: school.admin_user_id,
      })),
      (batch) => tx.insert(invoiceWaivers).values(batch),
    );
    counts.waivers += waivers.length;
    counts.lateFeeInvoices += await generateLateFees(tx, { schoolId: school.id, today: todayIso });
  }
  return counts;
}
