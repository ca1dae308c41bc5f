import type { DbHandle } from '../../server/db/client';
import { emptyDb } from '../helpers/test-db';
import { seedDemo } from '../../server/db/seed/demo';
import { seedReference } from '../../server/db/seed/reference';
import { needsRehash, verifyPassword } from '../../server/auth/passwords';

const TODAY = '2026-11-22'; // a Sunday

type Client = DbHandle['pool'];

async function freshSeeded(): Promise<{
  client: Client;
  handle: DbHandle;
  result: Awaited<ReturnType<typeof seedDemo>>;
}> {
  const handle = await emptyDb();
  const client = handle.pool;
  await handle.migrate();
  const result = await seedDemo(handle.db, { today: TODAY });
  return { client, handle, result };
}

describe('demo seed', () => {
  let client: Client;
  let handle: DbHandle;
  let firstResult: { seeded: boolean };

  const rows = async <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    (await client.query(query, params)).rows as T[];
  const one = async <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    (await rows<T>(query, params))[0];
  const num = async (query: string, params: unknown[] = []) =>
    Number(Object.values((await one<Record<string, unknown>>(query, params)) ?? {})[0]);

  beforeAll(async () => {
    ({ client, handle, result: firstResult } = await freshSeeded());
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
  });

  it('seeds an empty database', () => {
    expect(firstResult.seeded).toBe(true);
  });

  it('creates the reference data', async () => {
    expect(await rows(`select id, name from days order by id`)).toEqual([
      { id: 1, name: 'Sunday' },
      { id: 2, name: 'Monday' },
      { id: 3, name: 'Tuesday' },
      { id: 4, name: 'Wednesday' },
      { id: 5, name: 'Thursday' },
      { id: 6, name: 'Friday' },
      { id: 7, name: 'Saturday' },
    ]);
    expect(await num(`select count(*) from divisions`)).toBe(8);
    const secondary = await rows<{ class_name: string; class_code: string; sort_order: number }>(
      `select c.class_name, c.class_code, c.sort_order from classes c join school_types t on t.id = c.school_type_id
       where t.code = 'SEC' order by c.sort_order`,
    );
    expect(secondary.map((c) => [c.class_name, c.class_code, c.sort_order])).toEqual([
      ['Six', '6', 6],
      ['Seven', '7', 7],
      ['Eight', '8', 8],
      ['Nine', '9', 9],
      ['Ten', '10', 10],
    ]);
    const nine = await rows<{ subject_name: string; optional: boolean; grp: string | null }>(
      `select s.subject_name, s.optional, g.name as grp from subjects s join classes c on c.id = s.class_id
       left join student_groups g on g.id = s.group_id where c.class_name = 'Nine'`,
    );
    expect(nine.find((s) => s.subject_name === 'Higher Mathematics')).toMatchObject({ optional: true, grp: 'Science' });
    expect(nine.find((s) => s.subject_name === 'Accounting')).toMatchObject({ grp: 'Business Studies' });
    expect(
      await num(`select count(*) from subjects s join classes c on c.id = s.class_id where c.class_name = 'Six'`),
    ).toBe(7);

    // Reference seeding is idempotent.
    const before = await num(`select count(*) from subjects`);
    await seedReference(handle.db);
    expect(await num(`select count(*) from subjects`)).toBe(before);
  });

  it('creates the fixed demo accounts with the right types and schools', async () => {
    const accounts = await rows<{ user_code: string; user_type: number; eiin: string | null }>(
      `select u.user_code, u.user_type, s.eiin from users u left join schools s on s.id = u.school_id
       where u.user_code in ('superadmin', 'admin1', 'admin2', 'teacher1', 'teacher2', 'student1', 'student2', 'viewer1')
       order by u.user_code`,
    );
    expect(accounts).toEqual([
      { user_code: 'admin1', user_type: 4, eiin: '108234' },
      { user_code: 'admin2', user_type: 4, eiin: '104521' },
      { user_code: 'student1', user_type: 1, eiin: '108234' },
      { user_code: 'student2', user_type: 1, eiin: '104521' },
      { user_code: 'superadmin', user_type: 5, eiin: null },
      { user_code: 'teacher1', user_type: 2, eiin: '108234' },
      { user_code: 'teacher2', user_type: 2, eiin: '104521' },
      { user_code: 'viewer1', user_type: 6, eiin: null },
    ]);
    expect(await one(`select first_name, last_name from users where user_code = 'superadmin'`)).toEqual({
      first_name: 'Super',
      last_name: 'Admin',
    });
    const admins = await rows(
      `select sa.admin_code, s.eiin from school_admins sa join users u on u.id = sa.user_id
       join schools s on s.id = sa.school_id order by sa.admin_code`,
    );
    expect(admins).toEqual([
      { admin_code: 'ADM-1001', eiin: '108234' },
      { admin_code: 'ADM-2001', eiin: '104521' },
    ]);
    // Teacher and student profiles behind the demo logins.
    expect(
      await one(
        `select t.teacher_code from teachers t join users u on u.id = t.user_id where u.user_code = 'teacher1'`,
      ),
    ).toEqual({
      teacher_code: 'T-1-003',
    });
    expect(
      await one(
        `select s.student_code from students s join users u on u.id = s.user_id where u.user_code = 'student2'`,
      ),
    ).toEqual({
      student_code: 'S-2-0001',
    });
  });

  it('links the demo guardian (user id: the phone) to student1 and a sibling in another section', async () => {
    const kids = await rows<{ user_code: string; section: string }>(
      `select u.user_code, sec.section_default_name || c.class_name as section
         from guardians g join users gu on gu.id = g.user_id and gu.user_type = 3 and gu.school_id is null
         join guardian_students gs on gs.guardian_id = g.id
         join students s on s.id = gs.student_id join users u on u.id = s.user_id
         join enrolments e on e.student_id = s.id and e.session_id = (select max(session_id) from enrolments)
         join sections sec on sec.id = e.section_id
         join classes c on c.id = e.class_id
        where gu.user_code = '01710000016' order by u.user_code`,
    );
    expect(kids).toHaveLength(2);
    expect(kids.map((k) => k.user_code)).toContain('student1');
    expect(kids[0].section).not.toBe(kids[1].section);
  });

  it('gives every user a distinct email and an 11-digit mobile number', async () => {
    // A guardian's phone is their user id: users.phone stays free for the students'
    // accounts, which often hold a parent's number.
    const phone = `coalesce(phone, case when user_type = 3 then user_code end)`;
    const stats = await one<{ users: number; emails: number; phones: number; bad: number }>(
      `select count(*)::int as users, count(distinct lower(email))::int as emails, count(distinct ${phone})::int as phones,
              count(*) filter (where ${phone} !~ '^01[3-9][0-9]{8}$')::int as bad from users`,
    );
    expect(stats.users).toBeGreaterThan(600);
    expect(stats.emails).toBe(stats.users);
    expect(stats.phones).toBe(stats.users);
    expect(stats.bad).toBe(0);
    expect(
      await num(
        `select count(*) from students where father_phone_number !~ '^01[3-9][0-9]{8}$' or mother_phone_number !~ '^01[3-9][0-9]{8}$'`,
      ),
    ).toBe(0);
  });

  it('stores the demo password hash', async () => {
    const { password_hash } = await one<{ password_hash: string }>(
      `select password_hash from users where user_code = 'admin1'`,
    );
    expect(await verifyPassword('demo1234', password_hash)).toBe(true);
    expect(await verifyPassword('wrong', password_hash)).toBe(false);
  });

  it('gives every account its own salt, with a cheap hash that the first sign-in upgrades', async () => {
    const hashes = (await rows<{ password_hash: string }>(`select password_hash from users`)).map(
      (r) => r.password_hash,
    );
    expect(hashes.length).toBeGreaterThan(300);
    const salts = new Set(hashes.map((h) => h.split('$')[4]));
    expect(salts.size).toBe(hashes.length);
    expect(new Set(hashes).size).toBe(hashes.length);
    // Cheaper than N=2^17 so that seeding stays fast; needsRehash marks them for the upgrade.
    expect(hashes.every((h) => needsRehash(h))).toBe(true);
  });

  it('links viewer1 to both schools', async () => {
    const linked = await rows(
      `select s.eiin from viewer_schools v join users u on u.id = v.user_id join schools s on s.id = v.school_id
       where u.user_code = 'viewer1' order by s.eiin`,
    );
    expect(linked).toEqual([{ eiin: '104521' }, { eiin: '108234' }]);
  });

  it('gives each school 10 sections of about 30 enrolled students in the current session', async () => {
    const perSchool = await rows<{ eiin: string; sections: number }>(
      `select s.eiin, count(*)::int as sections from sections x join schools s on s.id = x.school_id group by s.eiin order by s.eiin`,
    );
    expect(perSchool).toEqual([
      { eiin: '104521', sections: 10 },
      { eiin: '108234', sections: 10 },
    ]);
    const sizes = await rows<{ n: number }>(
      `select count(e.id)::int as n from sections x
       left join enrolments e on e.section_id = x.id and e.session_id = (select id from academic_sessions where session_year = '2026')
       group by x.id`,
    );
    expect(sizes).toHaveLength(20);
    for (const { n } of sizes) {
      expect(n).toBeGreaterThanOrEqual(25);
      expect(n).toBeLessThanOrEqual(35);
    }
    // Rolls run 1..N in every section; groups only from Class Nine.
    expect(
      await num(
        `select count(*) from (select section_id from enrolments group by section_id, session_id having max(class_roll_no) <> count(*)) x`,
      ),
    ).toBe(0);
    expect(
      await num(`select count(*) from enrolments e join classes c on c.id = e.class_id
                 where (c.sort_order >= 9) <> (e.group_id is not null)`),
    ).toBe(0);
    expect(await num(`select count(distinct gender_id) from students`)).toBe(2);
  });

  it('has teacher1 teaching on every school day, including student1’s section', async () => {
    const days = await rows<{ day_id: number }>(
      `select distinct r.day_id from routines r join teachers t on t.id = r.teacher_id join users u on u.id = t.user_id
       where u.user_code = 'teacher1' order by r.day_id`,
    );
    expect(days.map((d) => d.day_id)).toEqual([1, 2, 3, 4, 5]);

    for (const n of [1, 2]) {
      const shared = await num(
        `select count(*) from routines r
         join teachers t on t.id = r.teacher_id join users tu on tu.id = t.user_id
         join enrolments e on e.section_id = r.section_id and e.session_id = r.session_id
         join students s on s.id = e.student_id join users su on su.id = s.user_id
         where tu.user_code = $1 and su.user_code = $2`,
        [`teacher${n}`, `student${n}`],
      );
      expect(shared).toBeGreaterThan(0);
    }
  });

  it('fills every section’s week and double-books no teacher', async () => {
    // This session's week, and the same week as the previous session's (server/db/seed/exams.ts).
    const bySession = await rows<{ year: string; n: number }>(
      `select s.session_year as year, count(*)::int as n from routines r join academic_sessions s on s.id = r.session_id
       group by 1 order by 1`,
    );
    expect(bySession).toEqual([
      { year: '2025', n: 2 * 10 * 5 * 6 },
      { year: '2026', n: 2 * 10 * 5 * 6 },
    ]);
    expect(
      await num(
        `select count(*) from (select 1 from routines group by teacher_id, session_id, day_id, period_id having count(*) > 1) x`,
      ),
    ).toBe(0);
    // Every routine subject belongs to the section's class.
    expect(
      await num(
        `select count(*) from routines r join subjects s on s.id = r.subject_id where s.class_id <> r.class_id`,
      ),
    ).toBe(0);
  });

  it('publishes school and teacher notices in the last two weeks, one targeted at student1', async () => {
    const counts = await rows<{ eiin: string; type: number; n: number }>(
      `select s.eiin, n.type, count(*)::int as n from notices n join schools s on s.id = n.school_id
       where n.publishing_date between date '2026-11-08' and date '2026-11-22' group by s.eiin, n.type order by s.eiin, n.type`,
    );
    expect(counts.every((c) => c.n >= 2)).toBe(true);
    expect(counts).toHaveLength(4);
    expect(
      await num(`select count(*) from notice_recipients r join students s on s.id = r.student_id
                 join users u on u.id = s.user_id where u.user_code = 'student1'`),
    ).toBe(1);
  });

  it('has attendance for the earlier school days but leaves today to take', async () => {
    expect(await num(`select count(*) from attendance_takings where date = $1`, [TODAY])).toBe(0);
    const dates = await rows<{ date: string; n: number; dow: number }>(
      `select to_char(date, 'YYYY-MM-DD') as date, extract(dow from date)::int as dow, count(*)::int as n
       from attendance_takings where date >= date '2026-01-01' group by date order by date`,
    );
    expect(dates).toHaveLength(20);
    expect(dates.at(-1)!.date).toBe('2026-11-19'); // Thursday; Friday and Saturday are off
    for (const d of dates) {
      expect([5, 6]).not.toContain(d.dow); // Postgres dow: 5 = Friday, 6 = Saturday
      expect(d.n).toBe(120); // 60 routine entries a day in each of two schools
    }
    // One mark per enrolled student of the section per taking.
    expect(
      await num(`select count(*) from attendance_takings t join routines r on r.id = t.routine_id
                 where (select count(*) from attendance_marks m where m.taking_id = t.id)
                    <> (select count(*) from enrolments e where e.section_id = r.section_id and e.session_id = r.session_id)`),
    ).toBe(0);
    const rate = await num(`select avg(status::float) from attendance_marks`);
    expect(rate).toBeGreaterThan(0.85);
    expect(rate).toBeLessThan(0.97);
  });

  it('gives the completed previous session its attendance: each section’s first period of every school day', async () => {
    const days = await rows<{ dow: number; n: number; first_period: boolean }>(
      `select extract(dow from t.date)::int as dow, count(*)::int as n, bool_and(p.serial = 1) as first_period
       from attendance_takings t join routines r on r.id = t.routine_id join periods p on p.id = r.period_id
       join academic_sessions s on s.id = r.session_id
       where s.session_year = '2025' group by t.date`,
    );
    expect(days.length).toBeGreaterThan(200);
    for (const d of days) {
      expect([5, 6]).not.toContain(d.dow); // no Friday or Saturday
      expect(d.n).toBe(20); // one taking a section: ten sections in each of two schools
      expect(d.first_period).toBe(true);
    }
    // Victory Day (16 December) is a demo holiday; every taking is in 2025.
    expect(await num(`select count(*) from attendance_takings where date = date '2025-12-16'`)).toBe(0);
    expect(
      await num(`select count(*) from attendance_takings t join routines r on r.id = t.routine_id
                 join academic_sessions s on s.id = r.session_id
                 where s.session_year = '2025' and extract(year from t.date) <> 2025`),
    ).toBe(0);
  });

  it('gives each school a library with loans (student1 has one overdue), two e-books and links', async () => {
    const perSchool = await rows<{ books: number; on_loan: number; open_loans: number; ebooks: number; links: number }>(
      `select (select count(*)::int from library_books b where b.school_id = s.id) as books,
              (select sum(on_loan)::int from library_books b where b.school_id = s.id) as on_loan,
              (select count(*)::int from library_loans l where l.school_id = s.id and l.returned_on is null) as open_loans,
              (select count(*)::int from ebooks e where e.school_id = s.id) as ebooks,
              (select count(*)::int from important_links k where k.school_id = s.id) as links
         from schools s where exists (select 1 from library_books b where b.school_id = s.id) order by s.id`,
    );
    expect(perSchool).toHaveLength(2);
    for (const school of perSchool) {
      expect(school.books).toBeGreaterThanOrEqual(30);
      expect(school.on_loan).toBe(school.open_loans);
      expect(school.ebooks).toBe(2);
      expect(school.links).toBeGreaterThanOrEqual(3);
    }
    const overdue = await num(
      `select count(*) from library_loans l join students s on s.id = l.student_id join users u on u.id = s.user_id
        where u.user_code = 'student1' and l.returned_on is null and l.due_date < $1::date`,
      [TODAY],
    );
    expect(overdue).toBe(1);
  });

  it('seeds a living fee ledger that balances to the poisha', async () => {
    const perSchool = await rows<{ sectors: number; invoices: number; payments: number; refunds: number }>(
      `select (select count(*)::int from fee_sectors f where f.school_id = s.id) as sectors,
              (select count(*)::int from invoices i where i.school_id = s.id) as invoices,
              (select count(*)::int from payments p where p.school_id = s.id and p.kind = 'payment') as payments,
              (select count(*)::int from payments p where p.school_id = s.id and p.kind <> 'payment') as refunds
       from schools s order by s.id`,
    );
    for (const s of perSchool) {
      expect(s.sectors).toBe(4);
      expect(s.invoices).toBeGreaterThan(1000);
      expect(s.payments).toBeGreaterThan(s.invoices / 2);
      expect(s.refunds).toBeGreaterThan(0);
    }
    const balances = `select i.kind, i.amount_poisha as amount,
        coalesce((select sum(amount_poisha) from invoice_waivers w where w.invoice_id = i.id), 0) as waived,
        coalesce((select sum(amount_poisha) from payment_allocations a where a.invoice_id = i.id), 0) as paid,
        f.last_date from invoices i join fees f on f.id = i.fee_id`;
    const mix = await one<Record<string, number>>(
      `select count(*) filter (where paid + waived = amount and waived = 0)::int as paid,
              count(*) filter (where paid > 0 and paid + waived < amount)::int as partly,
              count(*) filter (where waived > 0)::int as waived,
              count(*) filter (where paid + waived < amount and last_date < date '${TODAY}')::int as overdue,
              count(*) filter (where kind = 'late_fee')::int as late
       from (${balances}) b`,
    );
    for (const k of ['paid', 'partly', 'waived', 'overdue', 'late']) expect(mix[k], k).toBeGreaterThan(0);
    const sums = await one<Record<string, string>>(
      `select sum(amount)::text as invoiced, sum(paid)::text as paid, sum(waived)::text as waived,
              sum(amount - paid - waived)::text as due,
              (select sum(amount_poisha) from payments)::text as entries,
              (select count(*) from (${balances}) x where paid + waived > amount or paid < 0)::text as broken
       from (${balances}) b`,
    );
    expect(BigInt(sums.invoiced)).toBe(BigInt(sums.paid) + BigInt(sums.waived) + BigInt(sums.due));
    expect(sums.entries).toBe(sums.paid);
    expect(sums.broken).toBe('0');
    // Receipt numbers follow the days the money came in; the counter continues after the last.
    const last = await rows<{ school_id: number; last_no: number; max_no: number }>(
      `select c.school_id, c.last_no, (select max(substr(receipt_no, 3)::int) from payments p where p.school_id = c.school_id) as max_no
       from fee_receipt_counters c`,
    );
    expect(last.length).toBe(perSchool.length);
    for (const l of last) expect(l.last_no).toBe(l.max_no);
  });

  it('does nothing when run again', async () => {
    const count = () =>
      num(`select (select count(*) from users) + (select count(*) from students) + (select count(*) from attendance_marks)
                + (select count(*) from notices) + (select count(*) from routines)`);
    const before = await count();
    expect(await seedDemo(handle.db, { today: TODAY })).toEqual({ seeded: false });
    expect(await count()).toBe(before);
  });

  it('is deterministic: a fresh database gets identical data', async () => {
    const other = await freshSeeded();
    try {
      const q = `select s.student_code, s.first_name, s.last_name, s.father_name, s.dob::text, e.class_roll_no
                 from students s join enrolments e on e.student_id = s.id order by s.school_id, s.student_code`;
      const mine = (await client.query(q)).rows;
      const theirs = (await other.client.query(q)).rows;
      expect(theirs).toHaveLength(mine.length);
      expect(theirs).toEqual(mine);
      const marks = `select count(*)::int as n, sum(status)::int as present from attendance_marks`;
      expect((await other.client.query(marks)).rows).toEqual((await client.query(marks)).rows);
      const ledger = `select p.receipt_no, p.kind, p.method, p.amount_poisha::text, s.student_code, p.created_at::text
                      from payments p join students s on s.id = p.student_id order by p.school_id, p.receipt_no`;
      expect((await other.client.query(ledger)).rows).toEqual((await client.query(ledger)).rows);
    } finally {
      await other.handle.close();
    }
  }, 90_000);
});
