/**
 * The database itself refuses states the school's structure makes impossible, whatever code writes
 * to it: a routine's subject belongs to its class, its period and section to its shift, and an
 * enrolment's shift is its section's shift. Runs on PGlite and (with DATABASE_URL) PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@server/db/client';
import { freshDb } from '../helpers/test-db';

let handle: DbHandle;
beforeAll(async () => {
  handle = await freshDb();
});
afterAll(() => handle.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await handle.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The constraint PostgreSQL names when it refuses the statement (drizzle wraps the error). */
async function refusal(query: ReturnType<typeof sql>): Promise<string> {
  try {
    await handle.db.execute(query);
  } catch (err) {
    const cause = (err as { cause?: { constraint?: string; message?: string } }).cause;
    return cause?.constraint ?? cause?.message ?? String(err);
  }
  return 'accepted';
}

async function firstRoutine() {
  const [routine] = await rows<{ id: number; class_id: number; shift_id: number; school_id: number }>(
    sql`select id, class_id, shift_id, school_id from routines order by id limit 1`,
  );
  return routine;
}

async function otherShift(shiftId: number) {
  const [shift] = await rows<{ id: number }>(sql`select id from shifts where id <> ${shiftId} order by id limit 1`);
  return shift.id;
}

it('refuses a routine whose subject belongs to another class', async () => {
  const routine = await firstRoutine();
  const [foreign] = await rows<{ id: number }>(
    sql`select id from subjects where class_id <> ${routine.class_id} order by id limit 1`,
  );
  expect(await refusal(sql`update routines set subject_id = ${foreign.id} where id = ${routine.id}`)).toBe(
    'routines_subject_class_fk',
  );
});

it('refuses a routine in a period of another shift', async () => {
  const routine = await firstRoutine();
  const shift = await otherShift(routine.shift_id);
  const [period] = await rows<{ id: number }>(
    sql`insert into periods (school_id, shift_id, period_code, serial, start_time, end_time)
        values (${routine.school_id}, ${shift}, 'X1', 99, '07:00', '07:40') returning id`,
  );
  expect(await refusal(sql`update routines set period_id = ${period.id} where id = ${routine.id}`)).toBe(
    'routines_period_shift_fk',
  );
});

it('refuses a routine or an enrolment in a shift other than its section’s', async () => {
  const routine = await firstRoutine();
  const shift = await otherShift(routine.shift_id);
  expect(await refusal(sql`update routines set shift_id = ${shift} where id = ${routine.id}`)).toMatch(
    /^routines_(section|period)_shift_fk$/,
  );
  const [enrolment] = await rows<{ id: number }>(sql`select id from enrolments order by id limit 1`);
  expect(await refusal(sql`update enrolments set shift_id = ${shift} where id = ${enrolment.id}`)).toBe(
    'enrolments_section_shift_fk',
  );
});

it('still accepts a consistent change', async () => {
  const routine = await firstRoutine();
  const [same] = await rows<{ id: number }>(
    sql`select id from subjects where class_id = ${routine.class_id} order by id desc limit 1`,
  );
  await handle.db.execute(sql`update routines set subject_id = ${same.id} where id = ${routine.id}`);
  const [after] = await rows<{ subject_id: number }>(sql`select subject_id from routines where id = ${routine.id}`);
  expect(after.subject_id).toBe(same.id);
});

// ------------------------------------------------------------------ attendance

it('refuses a mark whose routine or date is not its taking’s, and a taking’s marks follow its date', async () => {
  const [mark] = await rows<{ id: number; taking_id: number; routine_id: number; date: string }>(
    sql`select id, taking_id, routine_id, date::text from attendance_marks order by id limit 1`,
  );
  const [other] = await rows<{ id: number }>(
    sql`select id from routines where id <> ${mark.routine_id} and school_id = (select school_id from attendance_marks where id = ${mark.id}) limit 1`,
  );
  expect(await refusal(sql`update attendance_marks set routine_id = ${other.id} where id = ${mark.id}`)).toBe(
    'attendance_marks_taking_fk',
  );
  expect(await refusal(sql`update attendance_marks set date = date + 7 where id = ${mark.id}`)).toBe(
    'attendance_marks_taking_fk',
  );
  await handle.db.execute(sql`update attendance_takings set date = date - 700 where id = ${mark.taking_id}`);
  const [moved] = await rows<{ n: number }>(
    sql`select count(*)::int as n from attendance_marks m join attendance_takings t on t.id = m.taking_id
        where m.taking_id = ${mark.taking_id} and m.date = t.date and m.date = ${mark.date}::date - 700`,
  );
  expect(moved.n).toBeGreaterThan(0);
  await handle.db.execute(sql`update attendance_takings set date = date + 700 where id = ${mark.taking_id}`);
});

/** Rows of the section-day read model that a recount from takings and marks does not give, or the reverse. */
const readModelDrift = async () => {
  const fresh = sql`
    select r.school_id, r.section_id, r.session_id, d.date, d.taken_periods,
      case when m.n > 0 then m.present end as present, case when m.n > 0 then m.n - m.present end as absent
    from (
      select t.date, r.section_id, r.session_id, count(*)::int as taken_periods,
        (array_agg(t.id order by p.serial, t.id))[1] as first_id
      from attendance_takings t join routines r on r.id = t.routine_id join periods p on p.id = r.period_id
      group by 1, 2, 3
    ) d
    join lateral (
      select school_id, section_id, session_id from routines
      where section_id = d.section_id and session_id = d.session_id limit 1
    ) r on true
    left join lateral (
      select count(*)::int as n, (count(*) filter (where status = 1))::int as present
      from attendance_marks where taking_id = d.first_id
    ) m on true`;
  const kept = sql`select school_id, section_id, session_id, date, taken_periods, present, absent from attendance_section_days`;
  const [row] = await rows<{ n: number }>(
    sql`select count(*)::int as n from ((${fresh} except ${kept}) union all (${kept} except ${fresh})) x`,
  );
  return row.n;
};

it('keeps the per-section-day summary equal to a recount, whatever statement changes takings or marks', async () => {
  const [{ n: days }] = await rows<{ n: number }>(sql`select count(*)::int as n from attendance_section_days`);
  expect(days).toBeGreaterThan(0);
  expect(await readModelDrift()).toBe(0);
  const [day] = await rows<{ section_id: number; date: string }>(
    sql`select section_id, date::text from attendance_section_days order by date desc, section_id limit 1`,
  );
  const takingsOfDay = sql`select t.id from attendance_takings t join routines r on r.id = t.routine_id
    join periods p on p.id = r.period_id where r.section_id = ${day.section_id} and t.date = ${day.date}
    order by p.serial`;
  const [first] = await rows<{ id: number }>(takingsOfDay);

  await handle.db.execute(
    sql`update attendance_marks set status = 1 - status where taking_id = ${first.id} and id % 3 = 0`,
  );
  expect(await readModelDrift()).toBe(0);
  await handle.db.execute(sql`delete from attendance_marks where taking_id = ${first.id}`);
  expect(await readModelDrift()).toBe(0);
  await handle.db.execute(sql`delete from attendance_takings where id = ${first.id}`);
  expect(await readModelDrift()).toBe(0);
  await handle.db.execute(sql`delete from attendance_takings where id in (${takingsOfDay})`);
  expect(await readModelDrift()).toBe(0);
  const [gone] = await rows<{ n: number }>(
    sql`select count(*)::int as n from attendance_section_days where section_id = ${day.section_id} and date = ${day.date}`,
  );
  expect(gone.n).toBe(0);
});
