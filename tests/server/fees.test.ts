import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { FEE_CODES, FEE_MESSAGES, formatPoisha, parseTaka } from '@/api/schemas/fees';
import { enrolments, students, users } from '@server/db/schema';
import { runLateFees } from '@server/plugins/housekeeping';
import { createTestApp, type TestApp } from '../helpers/server';
import { clearDemoFees } from '../helpers/fees';
import { schoolDate, schoolToday } from '../helpers/run-clock';

let t: TestApp;
const exec = async (query: SQL) => (await t.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };

const S = {} as {
  school1: number;
  school2: number;
  session: number;
  section: number;
  classId: number;
  me: number;
  classmates: number[];
  otherSectionPupil: number;
  school2Pupil: number;
  sector: number;
};

let keyNo = 0;
const key = () => `fees-test-${Date.now()}-${keyNo++}`;
const pay = (body: Record<string, unknown>, as = 'admin1', idem: string | null = key()) =>
  t.call(as, {
    method: 'POST',
    url: '/api/payment',
    payload: body,
    headers: idem ? { 'idempotency-key': idem } : {},
  });

function expectField(
  res: { statusCode: number; body: string; json(): { error: { fields?: Record<string, string>; code?: string } } },
  status: number,
  field: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.fields, res.body).toHaveProperty(field);
}

/** A money write with an Idempotency-Key (required on payments, waivers and reversals). */
const keyed = (as: string, url: string, body: Record<string, unknown>, idem: string | null = key()) =>
  t.call(as, { method: 'POST', url, payload: body, headers: idem ? { 'idempotency-key': idem } : {} });

const due = async (studentId: number, as = 'admin1') => {
  const res = await t.get(as, `/api/invoice/due?student_id=${studentId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows as {
    id: number;
    sector_code: string;
    amount: string;
    paid: string;
    due: string;
    waived: string;
  }[];
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  // This file builds its ledger from nothing: the demo seed's fees (server/db/seed/fees.ts) go first.
  await clearDemoFees(db);
  const schoolOfUser = async (code: string) =>
    (await db.select({ id: users.schoolId }).from(users).where(eq(users.userCode, code)))[0].id!;
  S.school1 = await schoolOfUser('admin1');
  S.school2 = await schoolOfUser('admin2');
  const [me] = await db
    .select({
      id: students.id,
      section: enrolments.sectionId,
      session: enrolments.sessionId,
      classId: enrolments.classId,
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(enrolments, eq(enrolments.studentId, students.id))
    .where(eq(users.userCode, 'student1'))
    .orderBy(asc(enrolments.sessionId));
  Object.assign(S, { me: me.id, section: me.section, session: me.session, classId: me.classId });
  const mates = await db
    .select({ id: enrolments.studentId })
    .from(enrolments)
    .where(
      and(eq(enrolments.sectionId, S.section), eq(enrolments.sessionId, S.session), ne(enrolments.studentId, me.id)),
    )
    .orderBy(asc(enrolments.classRollNo));
  S.classmates = mates.map((m) => m.id);
  const [other] = await db
    .select({ id: enrolments.studentId })
    .from(enrolments)
    .where(and(eq(enrolments.schoolId, S.school1), ne(enrolments.sectionId, S.section)))
    .limit(1);
  S.otherSectionPupil = other.id;
  const [s2] = await db.select({ id: students.id }).from(students).where(eq(students.schoolId, S.school2)).limit(1);
  S.school2Pupil = s2.id;
  expect(S.classmates.length).toBeGreaterThan(3);
});
afterAll(() => t.close());

describe('money', () => {
  it('parses taka text to poisha and back without floating point', () => {
    expect(parseTaka('1250.50')).toBe(125050);
    expect(parseTaka('1250.5')).toBe(125050);
    expect(parseTaka('0.10')).toBe(10);
    expect(parseTaka('1250.505')).toBeNull();
    expect(parseTaka('12e3')).toBeNull();
    expect(formatPoisha(125050)).toBe('1250.50');
    expect(formatPoisha('-7')).toBe('-0.07');
    expect(formatPoisha('99999999999999999999')).toBe('999999999999999999.99');
  });
});

describe('sectors', () => {
  it('the admin adds a sector and lists their school’s only', async () => {
    const res = await t.post('admin1', '/api/add_sector', { sector_code: 'TUI', sector_name: 'Tuition' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, message: FEE_MESSAGES.sectorCreated });
    S.sector = res.json().id;
    const dup = await t.post('admin1', '/api/add_sector', { sector_code: 'TUI', sector_name: 'Again' });
    expectField(dup, 409, 'sector_code');
    // Another school may use the same code: sectors are per school now.
    expect((await t.post('admin2', '/api/add_sector', { sector_code: 'TUI', sector_name: 'Tuition' })).statusCode).toBe(
      200,
    );
    const list = (await t.get('admin1', '/api/sector/all')).json();
    // Sent without a Bangla name, a listed head gets the listed one (server/services/bangla-names.ts).
    expect(list.rows).toEqual([
      { id: S.sector, sector_code: 'TUI', sector_name: 'Tuition', sector_name_bn: 'মাসিক বেতন' },
    ]);
    expect(list.total).toBe(1);
    expectField(await t.post('admin1', '/api/add_sector', { sector_code: ' ', sector_name: 'x' }), 400, 'sector_code');
    expect((await t.post('student1', '/api/add_sector', { sector_code: 'X', sector_name: 'x' })).statusCode).toBe(403);
    expect(
      (await t.post('admin1', '/api/add_sector', { school_info_id: S.school2, sector_code: 'X', sector_name: 'x' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('fees and invoices', () => {
  const feeBody = (patch: Record<string, unknown> = {}) => ({
    sector_id: S.sector,
    session_id: S.session,
    amount: '1250.50',
    last_date: '2026-01-31',
    section_id: S.section,
    ...patch,
  });

  it('refuses amounts with more than two decimals, numbers and no target, naming the field', async () => {
    expectField(await t.post('admin1', '/api/fee', feeBody({ amount: '1250.505' })), 400, 'amount');
    const r = await t.post('admin1', '/api/fee', feeBody({ amount: '1250.505' }));
    expect(r.json().error.fields.amount).toMatch(/2 decimals/);
    expectField(await t.post('admin1', '/api/fee', feeBody({ amount: 1250.5 })), 400, 'amount');
    expectField(await t.post('admin1', '/api/fee', feeBody({ amount: '0' })), 400, 'amount');
    expectField(await t.post('admin1', '/api/fee', feeBody({ late_fee: '1.001' })), 400, 'late_fee');
    expectField(await t.post('admin1', '/api/fee', feeBody({ section_id: undefined })), 400, 'class_id');
  });

  it('a dry run counts the students, writes nothing and says so', async () => {
    const res = await t.post('admin1', '/api/fee', feeBody({ dry_run: true }));
    expect(res.statusCode, res.body).toBe(200);
    const n = S.classmates.length + 1;
    expect(res.json()).toMatchObject({ fee_id: null, students: n, created: 0, existing: 0 });
    // It says what a save would do and that nothing was written, never "Fee saved".
    expect(res.json().message).toBe(`Dry run: ${n} invoices would be generated; nothing was saved.`);
    expect(res.json().code).toBe('fees.fee_dry_run');
    expect(await due(S.me)).toEqual([]);
    const [{ fees: written }] = (await exec(sql`select count(*)::int as fees from fees`)).rows as { fees: number }[];
    const again = await t.post('admin1', '/api/fee', feeBody({ dry_run: true }));
    expect(again.json().message).toBe(`Dry run: ${n} invoices would be generated; nothing was saved.`);
    const [{ fees: after }] = (await exec(sql`select count(*)::int as fees from fees`)).rows as { fees: number }[];
    expect(after).toBe(written);
  });

  it('generates one invoice per student of the section, and running it twice creates no duplicates', async () => {
    const first = await t.post('admin1', '/api/fee', feeBody({ late_fee: '50' }));
    expect(first.statusCode, first.body).toBe(200);
    const n = S.classmates.length + 1;
    expect(first.json()).toMatchObject({ students: n, created: n, existing: 0, code: FEE_CODES.feeCreated });
    expect(first.json().message).toBe(`Fee saved: ${n} invoices generated`);
    const again = await t.post('admin1', '/api/fee', feeBody({ late_fee: '50.00' }));
    expect(again.json()).toMatchObject({ fee_id: first.json().fee_id, created: 0, existing: n });
    const [{ count }] = (
      await exec(sql`select count(*)::int as count from invoices where fee_id = ${first.json().fee_id}`)
    ).rows as { count: number }[];
    expect(count).toBe(n);
    expect(await due(S.otherSectionPupil)).toEqual([]);
    const mine = await due(S.me);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ sector_code: 'TUI', amount: '1250.50', paid: '0.00', due: '1250.50' });
    // The same fee with another amount is a conflict, not a second fee.
    expectField(await t.post('admin1', '/api/fee', feeBody({ amount: '1300', late_fee: '50' })), 409, 'amount');
    const list = (await t.get('admin1', '/api/fee/all')).json();
    expect(list.rows[0]).toMatchObject({ amount: '1250.50', late_fee: '50.00', scope: 'section', invoices: n });
  });

  it('invoices named students only, and refuses another school’s sector or students', async () => {
    const res = await t.post(
      'admin1',
      '/api/fee',
      feeBody({ section_id: undefined, student_ids: [S.otherSectionPupil], amount: '300', last_date: '2026-02-28' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ students: 1, created: 1 });
    expect(await due(S.otherSectionPupil)).toHaveLength(1);
    expectField(
      await t.post('admin1', '/api/fee', feeBody({ section_id: undefined, student_ids: [S.school2Pupil] })),
      400,
      'student_ids',
    );
    const [s2sector] = (await exec(sql`select id from fee_sectors where school_id = ${S.school2}`)).rows as {
      id: number;
    }[];
    expectField(await t.post('admin1', '/api/fee', feeBody({ sector_id: s2sector.id })), 404, 'sector_id');
  });
});

describe('payments', () => {
  it('needs an Idempotency-Key', async () => {
    const [inv] = await due(S.me);
    expectField(await pay({ invoice_id: inv.id, amount: '1', method: 'cash' }, 'admin1', null), 400, 'Idempotency-Key');
    // So do a waiver and a refund or correction: a retry after a timeout must never take twice.
    const waiver = await keyed(
      'admin1',
      '/api/invoice/waiver',
      { invoice_id: inv.id, kind: 'waiver', amount: '1', reason: 'x' },
      null,
    );
    expectField(waiver, 400, 'Idempotency-Key');
    expect(waiver.json().error.code).toBe(FEE_CODES.idempotencyRequired);
    const reverse = await keyed('admin1', '/api/payment/reverse', { payment_id: 1, kind: 'refund', reason: 'x' }, null);
    expectField(reverse, 400, 'Idempotency-Key');
    expect((await due(S.me))[0]).toMatchObject({ waived: '0.00', due: '1250.50' });
  });

  it('keeps 1,250.50 exact through partial payments, refuses overpayment, and numbers receipts', async () => {
    const [inv] = await due(S.me);
    const over = await pay({ invoice_id: inv.id, amount: '1250.51', method: 'cash' });
    expectField(over, 409, 'amount');
    expect(over.json().error.code).toBe(FEE_CODES.overpayment);

    const k = key();
    const first = await pay({ invoice_id: inv.id, amount: '1000.25', method: 'cash' }, 'admin1', k);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      amount: '1000.25',
      allocations: [{ invoice_id: inv.id, amount: '1000.25', due_after: '250.25' }],
    });
    expect(first.json().receipt_no).toMatch(/^R-\d{6}$/);
    // A retry with the same key replays the same receipt and records nothing.
    const retry = await pay({ invoice_id: inv.id, amount: '1000.25', method: 'cash' }, 'admin1', k);
    expect(retry.json().receipt_no).toBe(first.json().receipt_no);
    expect((await due(S.me))[0]).toMatchObject({ paid: '1000.25', due: '250.25' });

    expectField(await pay({ invoice_id: inv.id, amount: '5', method: 'mobile_wallet' }), 400, 'reference');
    const second = await pay({ invoice_ids: [inv.id], amount: '250.25', method: 'mobile_wallet', reference: 'BK8X2' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().receipt_no).not.toBe(first.json().receipt_no);
    expect(await due(S.me)).toEqual([]);
    const paid = (await t.get('admin1', `/api/invoice/paid?student_id=${S.me}`)).json().rows;
    expect(paid[0]).toMatchObject({ amount: '1250.50', paid: '1250.50', due: '0.00' });
    // The paid invoice names both receipts that settled it, oldest first, each with its share and day.
    expect(paid[0].receipts).toEqual([
      {
        payment_id: first.json().payment_id,
        receipt_no: first.json().receipt_no,
        kind: 'payment',
        amount: '1000.25',
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
      {
        payment_id: second.json().payment_id,
        receipt_no: second.json().receipt_no,
        kind: 'payment',
        amount: '250.25',
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    ]);
    expectField(await pay({ invoice_id: inv.id, amount: '0.01', method: 'cash' }), 409, 'amount');
  });

  it('a payment over several invoices settles the oldest first and refuses mixing students', async () => {
    const mate = S.classmates[0];
    await t.post('admin1', '/api/fee', {
      sector_id: S.sector,
      session_id: S.session,
      amount: '100.10',
      last_date: '2026-03-31',
      section_id: S.section,
    });
    const invs = await due(mate);
    expect(invs.map((i) => i.due)).toEqual(['1250.50', '100.10']);
    const res = await pay({ invoice_ids: invs.map((i) => i.id), amount: '1300.55', method: 'cash' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().allocations.map((a: { due_after: string }) => a.due_after)).toEqual(['0.00', '50.05']);
    const [myInv] = (await exec(sql`select id from invoices where student_id = ${S.me} order by id desc limit 1`))
      .rows as { id: number }[];
    expectField(await pay({ invoice_ids: [invs[1].id, myInv.id], amount: '1', method: 'cash' }), 400, 'invoice_ids');
  });

  it('two cashiers taking the same last taka at once: one receipt, one refusal', async () => {
    const mate = S.classmates[3];
    const [inv] = await due(mate);
    const [a, b] = await Promise.all([
      pay({ invoice_id: inv.id, amount: inv.due, method: 'cash' }),
      pay({ invoice_id: inv.id, amount: inv.due, method: 'cash' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await due(mate)).map((i) => i.id)).not.toContain(inv.id);
    const [{ paid }] = (
      await exec(sql`select sum(amount_poisha)::text as paid from payment_allocations where invoice_id = ${inv.id}`)
    ).rows as { paid: string }[];
    expect(formatPoisha(paid)).toBe('1250.50');
  });

  it('a waiver lowers the due, with a reason, and never below zero', async () => {
    const mate = S.classmates[1];
    const [inv] = await due(mate);
    expectField(
      await keyed('admin1', '/api/invoice/waiver', { invoice_id: inv.id, kind: 'waiver', amount: '1', reason: '' }),
      400,
      'reason',
    );
    const ok = await keyed('admin1', '/api/invoice/waiver', {
      invoice_id: inv.id,
      kind: 'discount',
      amount: '250.50',
      reason: 'Sibling discount',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await due(mate))[0]).toMatchObject({ waived: '250.50', due: '1000.00' });
    expectField(
      await keyed('admin1', '/api/invoice/waiver', {
        invoice_id: inv.id,
        kind: 'waiver',
        amount: '1000.01',
        reason: 'x',
      }),
      409,
      'amount',
    );
  });

  it('a refund is a new entry with its own receipt; the payment is never edited', async () => {
    const mate = S.classmates[2];
    const [inv] = await due(mate);
    const p = await pay({ invoice_id: inv.id, amount: '500', method: 'cash' });
    const before = (await exec(sql`select * from payments where id = ${p.json().payment_id}`)).rows[0];
    const refund = await keyed('admin1', '/api/payment/reverse', {
      payment_id: p.json().payment_id,
      kind: 'refund',
      amount: '200.75',
      reason: 'Paid twice by mistake',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({ amount: '-200.75', allocations: [{ due_after: '951.25' }] });
    expect(refund.json().receipt_no).not.toBe(p.json().receipt_no);
    expect((await exec(sql`select * from payments where id = ${p.json().payment_id}`)).rows[0]).toEqual(before);
    expect((await due(mate))[0]).toMatchObject({ paid: '299.25', due: '951.25' });
    const tooMuch = await keyed('admin1', '/api/payment/reverse', {
      payment_id: p.json().payment_id,
      kind: 'correction',
      amount: '299.26',
      reason: 'x',
    });
    expectField(tooMuch, 409, 'amount');
    const rest = await keyed('admin1', '/api/payment/reverse', {
      payment_id: p.json().payment_id,
      kind: 'correction',
      reason: 'Entered against the wrong student',
    });
    expect(rest.json().amount).toBe('-299.25');
    expect((await due(mate))[0]).toMatchObject({ paid: '0.00', due: '1250.50' });
    const ledger = (await t.get('admin1', `/api/payment/all?student_id=${mate}`)).json();
    expect(ledger.rows.map((r: { kind: string; amount: string }) => [r.kind, r.amount])).toEqual([
      ['correction', '-299.25'],
      ['refund', '-200.75'],
      ['payment', '500.00'],
    ]);
  });

  it('the ledger balances: entries equal their allocations, and amount = waived + paid + due on every invoice', async () => {
    const [entries] = (
      await exec(sql`
        select (select coalesce(sum(amount_poisha), 0) from payments)::text as entries,
               (select coalesce(sum(amount_poisha), 0) from payment_allocations)::text as allocations`)
    ).rows as { entries: string; allocations: string }[];
    expect(entries.entries).toBe(entries.allocations);
    expect(BigInt(entries.entries)).toBeGreaterThan(0n);
    const perEntry = (
      await exec(sql`
        select p.id from payments p left join payment_allocations pa on pa.payment_id = p.id
        group by p.id, p.amount_poisha having p.amount_poisha <> coalesce(sum(pa.amount_poisha), 0)`)
    ).rows;
    expect(perEntry).toEqual([]);
    const bad = (
      await exec(sql`
        select i.id from invoices i
        where i.amount_poisha < coalesce((select sum(amount_poisha) from payment_allocations where invoice_id = i.id), 0)
                              + coalesce((select sum(amount_poisha) from invoice_waivers where invoice_id = i.id), 0)
           or coalesce((select sum(amount_poisha) from payment_allocations where invoice_id = i.id), 0) < 0`)
    ).rows;
    expect(bad).toEqual([]);
    // The reports add up to the same totals.
    const dues = (await t.get('admin1', `/api/fee/report/dues?session_id=${S.session}`)).json();
    const paidPoisha = dues.rows.reduce((s: number, r: { paid: string }) => s + parseTaka(r.paid)!, 0);
    expect(formatPoisha(paidPoisha)).toBe(formatPoisha(entries.entries));
  });

  it('the database refuses bad states even past the service', async () => {
    await expect(
      exec(sql`insert into payments (school_id, student_id, receipt_no, kind, method, amount_poisha)
                       values (${S.school1}, ${S.me}, 'X-1', 'payment', 'cash', -5)`),
    ).rejects.toThrow();
    await expect(
      exec(sql`insert into payments (school_id, student_id, receipt_no, kind, method, amount_poisha)
                       values (${S.school1}, ${S.me}, 'R-000001', 'payment', 'cash', 5)`),
    ).rejects.toThrow();
  });
});

describe('who sees whose invoices', () => {
  it('a student sees only their own; an admin only their school’s; a viewer none', async () => {
    const own = await t.get('student1', '/api/invoice/paid');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().rows[0]).toMatchObject({ student_id: S.me, amount: '1250.50' });
    expect((await t.get('student1', `/api/invoice/due?student_id=${S.classmates[0]}`)).statusCode).toBe(403);
    expect((await t.get('admin2', `/api/invoice/due?student_id=${S.me}`)).statusCode).toBe(403);
    expect((await t.get('viewer1', `/api/invoice/due?student_id=${S.me}`)).statusCode).toBe(403);
    expect((await t.get('teacher1', `/api/invoice/due?student_id=${S.me}`)).statusCode).toBe(403);
    expect((await t.get('admin1', '/api/invoice/due?student_id=99999999')).statusCode).toBe(404);
  });

  it('another school’s admin cannot pay, waive or reverse this school’s invoices', async () => {
    const [inv] = (await exec(sql`select id from invoices where student_id = ${S.classmates[0]} limit 1`)).rows as {
      id: number;
    }[];
    expect((await pay({ invoice_id: inv.id, amount: '1', method: 'cash' }, 'admin2')).statusCode).toBe(404);
    expect(
      (await keyed('admin2', '/api/invoice/waiver', { invoice_id: inv.id, kind: 'waiver', amount: '1', reason: 'x' }))
        .statusCode,
    ).toBe(404);
    const [p] = (await exec(sql`select id from payments where school_id = ${S.school1} limit 1`)).rows as {
      id: number;
    }[];
    expect(
      (await keyed('admin2', '/api/payment/reverse', { payment_id: p.id, kind: 'refund', reason: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('reports', () => {
  it('dues by class and section, collections by day and sector, and defaulters', async () => {
    const dues = (await t.get('admin1', `/api/fee/report/dues?session_id=${S.session}`)).json();
    const mine = dues.rows.find((r: { section_id: number }) => r.section_id === S.section);
    expect(mine.students).toBe(S.classmates.length + 1);
    const from = schoolDate(-2);
    const to = schoolDate(2);
    const col = (await t.get('admin1', `/api/fee/report/collections?from=${from}&to=${to}`)).json();
    expect(col.rows.length).toBeGreaterThan(0);
    expect(col.rows[0]).toMatchObject({ sector_code: 'TUI' });
    const signed = (a: string) => (a.startsWith('-') ? -parseTaka(a.slice(1))! : parseTaka(a)!);
    const total = col.rows.reduce((s: number, r: { amount: string }) => s + signed(r.amount), 0);
    const [net] = (
      await exec(sql`select coalesce(sum(amount_poisha), 0)::text as n from payments where school_id = ${S.school1}`)
    ).rows as { n: string }[];
    expect(formatPoisha(total)).toBe(formatPoisha(net.n));
    const late = (await t.get('admin1', `/api/fee/report/defaulters?session_id=${S.session}&as_of=2026-12-31`)).json();
    const owed = new Map(late.rows.map((r: { student_id: number; due: string }) => [r.student_id, r.due]));
    // student1 paid the January fee in full; the March one (100.10) is still open.
    expect(owed.get(S.me)).toBe('100.10');
    expect(owed.get(S.classmates[0])).toBe('50.05');
    expect(owed.get(S.classmates[1])).toBe('1100.10');
    expect(owed.get(S.otherSectionPupil)).toBe('300.00');
    const feb = (await t.get('admin1', `/api/fee/report/defaulters?session_id=${S.session}&as_of=2026-02-15`)).json();
    expect(feb.rows.map((r: { student_id: number }) => r.student_id)).not.toContain(S.me);
    const early = (await t.get('admin1', `/api/fee/report/defaulters?session_id=${S.session}&as_of=2026-01-01`)).json();
    expect(early.rows).toEqual([]);
    const viewer = await t.get('viewer1', `/api/fee/report/dues?session_id=${S.session}&school_info_id=${S.school1}`);
    expect(viewer.statusCode, viewer.body).toBe(200);
    expect(viewer.json().rows).toEqual(dues.rows);
  });
});

describe('late fees', () => {
  const lateOf = async (studentId: number) =>
    (await t.get('admin1', `/api/invoice/due?student_id=${studentId}`))
      .json()
      .rows.filter((r: { kind?: string }) => r.kind === 'late_fee') as {
      id: number;
      amount: string;
      due: string;
      fee_id: number;
      overdue: boolean;
    }[];

  it('after the last date, invoices the late fee once per student who still owes, however often it runs', async () => {
    // The January fee (late fee 50.00, last date 2026-01-31) of student1's section.
    const [{ id: feeId }] = (
      await exec(sql`select id from fees where school_id = ${S.school1} and late_fee_poisha = 5000 limit 1`)
    ).rows as { id: number }[];
    const [{ owing }] = (
      await exec(sql`
        select count(*)::int as owing from invoices i where i.fee_id = ${feeId} and i.kind = 'fee'
          and i.amount_poisha - coalesce((select sum(amount_poisha) from invoice_waivers where invoice_id = i.id), 0)
                              - coalesce((select sum(amount_poisha) from payment_allocations where invoice_id = i.id), 0) > 0`)
    ).rows as { owing: number }[];
    expect(owing).toBeGreaterThan(2);
    const first = await t.post('admin1', '/api/fee/late-fees', {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ created: owing, code: FEE_CODES.lateFees });
    // Again, and the job and the request at the same time: nothing more.
    const [again, job] = await Promise.all([t.post('admin1', '/api/fee/late-fees', {}), runLateFees(t.db)]);
    expect(again.json().created + job).toBe(0);
    expect(await lateOf(S.me)).toEqual([]); // student1 paid in full before
    expect(await lateOf(S.classmates[3])).toEqual([]);
    const late = await lateOf(S.classmates[1]);
    expect(late).toHaveLength(1);
    expect(late[0]).toMatchObject({ fee_id: feeId, amount: '50.00', due: '50.00', overdue: true });
    const list = (await t.get('admin1', '/api/fee/all')).json().rows.find((r: { id: number }) => r.id === feeId);
    expect(list).toMatchObject({ late_invoices: owing });
    // Another school's admin runs theirs only.
    expect((await t.post('admin2', '/api/fee/late-fees', {})).json().created).toBe(0);
    expect((await t.post('teacher1', '/api/fee/late-fees', {})).statusCode).toBe(403);
  });

  it('no late fee before the last date has passed, nor for a fee without one', async () => {
    const future = await t.post('admin1', '/api/fee', {
      sector_id: S.sector,
      session_id: S.session,
      amount: '10.00',
      late_fee: '5.00',
      last_date: '2099-12-31',
      student_ids: [S.me],
    });
    expect(future.statusCode, future.body).toBe(200);
    expect((await t.post('admin1', '/api/fee/late-fees', {})).json().created).toBe(0);
    expect(await lateOf(S.me)).toEqual([]);
  });
});

describe('the ledger balances', () => {
  it('after invoices, partial payments, waivers, reversals and late fees: exact to the poisha', async () => {
    const mate = S.classmates[4] ?? S.classmates[1];
    const invs = await due(mate);
    const late = invs.find((i) => (i as { kind?: string }).kind === 'late_fee')!;
    const main = invs.find((i) => i.amount === '1250.50')!;
    expect(late).toBeDefined();
    // A partial payment over the fee and its late fee, a discount, then a refund of part of it.
    const p = await pay({ invoice_ids: [main.id, late.id], amount: '700.35', method: 'cash' });
    expect(p.statusCode, p.body).toBe(200);
    const w = await keyed('admin1', '/api/invoice/waiver', {
      invoice_id: late.id,
      kind: 'waiver',
      amount: '0.15',
      reason: 'Rounding',
    });
    expect(w.statusCode, w.body).toBe(200);
    const r = await keyed('admin1', '/api/payment/reverse', {
      payment_id: p.json().payment_id,
      kind: 'refund',
      amount: '100.20',
      reason: 'Overpaid at the counter',
    });
    expect(r.statusCode, r.body).toBe(200);
    const after = await due(mate);
    const sumOf = (rows: { due: string }[]) => rows.reduce((s, i) => s + BigInt(parseTaka(i.due)!), 0n);
    // 1250.50 + 50.00 - 700.35 - 0.15 + 100.20 = 700.20 still due on these two.
    expect(formatPoisha(sumOf(after.filter((i) => i.id === main.id || i.id === late.id)))).toBe('700.20');

    const [l] = (
      await exec(sql`
        select (select coalesce(sum(i.amount_poisha), 0) from invoices i where i.school_id = ${S.school1})::text as invoiced,
               (select coalesce(sum(pa.amount_poisha), 0) from payment_allocations pa where pa.school_id = ${S.school1})::text as paid,
               (select coalesce(sum(w.amount_poisha), 0) from invoice_waivers w where w.school_id = ${S.school1})::text as waived,
               (select coalesce(sum(i.amount_poisha
                  - coalesce((select sum(amount_poisha) from invoice_waivers where invoice_id = i.id), 0)
                  - coalesce((select sum(amount_poisha) from payment_allocations where invoice_id = i.id), 0)), 0)
                  from invoices i where i.school_id = ${S.school1})::text as due,
               (select coalesce(sum(p.amount_poisha), 0) from payments p where p.school_id = ${S.school1} and p.kind = 'payment')::text as payments,
               (select coalesce(sum(p.amount_poisha), 0) from payments p where p.school_id = ${S.school1} and p.kind <> 'payment')::text as reversals`)
    ).rows as Record<'invoiced' | 'paid' | 'waived' | 'due' | 'payments' | 'reversals', string>[];
    const b = Object.fromEntries(Object.entries(l).map(([k, v]) => [k, BigInt(v)])) as Record<keyof typeof l, bigint>;
    expect(b.reversals).toBeLessThan(0n);
    expect(b.waived).toBeGreaterThan(0n);
    // invoiced = paid + waived + due, and payments - reversals = paid (reversals are negative entries).
    expect(formatPoisha(b.invoiced)).toBe(formatPoisha(b.paid + b.waived + b.due));
    expect(formatPoisha(b.payments + b.reversals)).toBe(formatPoisha(b.paid));

    // The reports say the same, in decimal text, to the poisha.
    const dues = (await t.get('admin1', `/api/fee/report/dues?session_id=${S.session}&limit=500`)).json().rows as {
      amount: string;
      waived: string;
      paid: string;
      due: string;
    }[];
    const total = (k: 'amount' | 'waived' | 'paid' | 'due') =>
      dues.reduce((s, row) => s + BigInt(parseTaka(row[k])!), 0n);
    // Named-student fees of pupils outside an enrolled section would fall out; here all are enrolled.
    expect(formatPoisha(total('amount'))).toBe(formatPoisha(total('paid') + total('waived') + total('due')));
    expect(formatPoisha(total('paid'))).toBe(formatPoisha(b.paid));
    // The chart's months are the session year's, by the day each entry was made (all of them this year).
    const year = String(schoolToday().year);
    const [{ id: thisSession }] = (await exec(sql`select id from academic_sessions where session_year = ${year}`))
      .rows as { id: number }[];
    const monthly = await t.get('admin1', `/api/fee/report/collections/monthly?session_id=${thisSession}`);
    expect(monthly.statusCode, monthly.body).toBe(200);
    expect(monthly.json().rows).toHaveLength(12);
    expect(monthly.json().total).toBe(formatPoisha(b.paid));
    const month = schoolToday().toFormat('yyyy-MM');
    expect(monthly.json().rows.find((m: { month: string }) => m.month === month).amount).toBe(formatPoisha(b.paid));
    // A viewer reads a linked school's chart; a student none.
    const viewer = await t.get(
      'viewer1',
      `/api/fee/report/collections/monthly?session_id=${thisSession}&school_info_id=${S.school1}`,
    );
    expect(viewer.json()).toEqual(monthly.json());
    expect((await t.get('student1', `/api/fee/report/collections/monthly?session_id=${thisSession}`)).statusCode).toBe(
      403,
    );
  });
});
