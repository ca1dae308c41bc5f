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
