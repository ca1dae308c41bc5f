/**
 * A school's structure: who may change what, the 409s a user can act on (in use,
 * duplicate, overlapping periods), cross-school refusals of the routes the guard table lists as
 * global, and opening a new session with the last one's routine copied.
 */
import { and, eq } from 'drizzle-orm';
import { academicSessions, classes, periods, routines, schoolTypes, sections, shifts, users } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
let school1: number;
let school2: number;
let six: number;
let typeId: number;
let shift: number;

beforeAll(async () => {
  t = await createTestApp();
  const code = async (c: string) =>
    (await t.db.select({ id: users.schoolId }).from(users).where(eq(users.userCode, c)))[0].id!;
  school1 = await code('admin1');
  school2 = await code('admin2');
  const [cls] = await t.db.select().from(classes).where(eq(classes.className, 'Six'));
  six = cls.id;
  typeId = cls.schoolTypeId;
  const [sec] = await t.db
    .select({ shiftId: sections.shiftId })
    .from(sections)
    .where(eq(sections.schoolId, school1))
    .limit(1);
  shift = sec.shiftId;
});
afterAll(() => t.close());

const put = (as: string, url: string, payload: unknown) =>
  t.call(as, { method: 'PUT', url, payload: payload as never });
const del = (as: string, url: string) => t.call(as, { method: 'DELETE', url });

describe('sections', () => {
  it('a school admin creates, lists, renames and deletes a section of their own school', async () => {
    const created = await t.post('admin1', '/api/create_section', {
      class_id: six,
      shift_id: shift,
      section_default_name: 'Z',
    });
    expect(created.statusCode, created.body).toBe(200);
    const row = created.json().row;
    expect(row).toMatchObject({ section_default_name: 'Z', class_name: 'Six', school_info_id: school1 });
    expect(created.json().message).toBe('New Section Created!');

    const list = (await t.get('admin1', `/api/setup/sections?class_id=${six}`)).json();
    expect(list.rows.map((r: { id: number }) => r.id)).toContain(row.id);
    expect(list.rows.every((r: { school_info_id: number }) => r.school_info_id === school1)).toBe(true);

    const renamed = await put('admin1', `/api/setup/sections/${row.id}`, {
      class_id: six,
      shift_id: shift,
      section_default_name: 'Y',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().row.section_default_name).toBe('Y');

    const gone = await del('admin1', `/api/setup/sections/${row.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await t.db.select().from(sections).where(eq(sections.id, row.id))).length).toBe(0);
  });

  it('a duplicate name is a 409 naming the field', async () => {
    const res = await t.post('admin1', '/api/create_section', {
      class_id: six,
      shift_id: shift,
      section_default_name: 'A',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('structure.duplicate');
    expect(res.json().error.fields).toHaveProperty('section_default_name');
  });

  it('deleting a section with students and routines is a 409 that says what uses it, and nothing is deleted', async () => {
    const [a] = await t.db
      .select({ id: sections.id })
      .from(sections)
      .where(and(eq(sections.schoolId, school1), eq(sections.classId, six), eq(sections.sectionDefaultName, 'A')));
    const res = await del('admin1', `/api/setup/sections/${a.id}`);
    expect(res.statusCode).toBe(409);
    const error = res.json().error;
    expect(error.code).toBe('structure.in_use');
    expect(error.message).toMatch(/^Section A of Six cannot be deleted: .*student enrolments.*routine entries/);
    expect(Number(error.fields.enrolments)).toBeGreaterThan(0);
    expect((await t.db.select().from(sections).where(eq(sections.id, a.id))).length).toBe(1);
  });

  it('moving a used section to another class is refused with what uses it; its name may change', async () => {
    const [a] = await t.db
      .select({ id: sections.id })
      .from(sections)
      .where(and(eq(sections.schoolId, school1), eq(sections.classId, six), eq(sections.sectionDefaultName, 'B')));
    const [seven] = await t.db.select({ id: classes.id }).from(classes).where(eq(classes.className, 'Seven'));
    const moved = await put('admin1', `/api/setup/sections/${a.id}`, {
      class_id: seven.id,
      shift_id: shift,
      section_default_name: 'Moved',
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.code).toBe('structure.in_use');
    const renamed = await put('admin1', `/api/setup/sections/${a.id}`, {
      class_id: six,
      shift_id: shift,
      section_default_name: 'Bee',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('another school’s section cannot be listed, created into, changed or deleted by a school admin', async () => {
    const [other] = await t.db
      .select({ id: sections.id })
      .from(sections)
      .where(eq(sections.schoolId, school2))
      .limit(1);
    const body = { class_id: six, shift_id: shift, section_default_name: 'Q' };
    expect((await t.get('admin1', `/api/setup/sections?school_info_id=${school2}`)).statusCode).toBe(403);
    expect((await t.post('admin1', '/api/create_section', { ...body, school_info_id: school2 })).statusCode).toBe(403);
    expect((await put('admin1', `/api/setup/sections/${other.id}`, body)).statusCode).toBe(403);
    expect((await del('admin1', `/api/setup/sections/${other.id}`)).statusCode).toBe(403);
  });

  it('the super admin names the school a section belongs to', async () => {
    const missing = await t.post('superadmin', '/api/create_section', {
      class_id: six,
      shift_id: shift,
      section_default_name: 'S',
    });
    expect(missing.statusCode).toBe(400);
    const res = await t.post('superadmin', '/api/create_section', {
      school_info_id: school2,
      class_id: six,
      shift_id: shift,
      section_default_name: 'S',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().row.school_info_id).toBe(school2);
  });
});

describe('periods', () => {
  const base = { period_code: '7th', serial: 7 };

  it('a period that overlaps another of the shift is refused, naming the period; one that starts as another ends is fine', async () => {
    const overlap = await t.post('admin1', '/api/create_period', {
      ...base,
      shift_id: shift,
      start_time: '14:00',
      end_time: '15:30',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error.code).toBe('structure.period_overlap');
    expect(overlap.json().error.message).toBe('These times overlap period 5th (13:30–14:15) of this shift.');
    const next = await t.post('admin1', '/api/create_period', {
      ...base,
      shift_id: shift,
      start_time: '15:00',
      end_time: '15:45',
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().row).toMatchObject({ start_time: '15:00:00', end_time: '15:45:00', serial: 7 });
  });

  it('the database itself refuses overlapping periods (not only the route)', async () => {
    await expect(
      t.db.insert(periods).values({
        schoolId: school1,
        shiftId: shift,
        periodCode: 'X',
        serial: 20,
        startTime: '10:30:00',
        endTime: '10:50:00',
      }),
    ).rejects.toThrow();
  });

  it('end before start is a 400 on end_time; a duplicate serial is a 409 naming serial', async () => {
    const backwards = await t.post('admin1', '/api/create_period', {
      period_code: '9th',
      serial: 9,
      shift_id: shift,
      start_time: '17:00',
      end_time: '16:00',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toHaveProperty('end_time');
    const dup = await t.post('admin1', '/api/create_period', {
      period_code: '9th',
      serial: 1,
      shift_id: shift,
      start_time: '17:00',
      end_time: '17:30',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toHaveProperty('serial');
  });

  it('an unused period is deleted; one in the routine is a 409 naming the routine entries', async () => {
    const list = (await t.get('admin1', `/api/setup/periods?shift_id=${shift}`)).json();
    const seventh = list.rows.find((p: { period_code: string }) => p.period_code === '7th');
    expect((await del('admin1', `/api/setup/periods/${seventh.id}`)).statusCode).toBe(200);
    const first = list.rows.find((p: { period_code: string }) => p.period_code === '1st');
    const used = await del('admin1', `/api/setup/periods/${first.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().error.message).toMatch(/^Period 1st cannot be deleted: \d+ routine entries use it\./);
  });

  it('moving a period onto another’s times is refused as an overlap', async () => {
    const list = (await t.get('admin1', `/api/setup/periods?shift_id=${shift}`)).json();
    const second = list.rows.find((p: { period_code: string }) => p.period_code === '2nd');
    const res = await put('admin1', `/api/setup/periods/${second.id}`, {
      period_code: '2nd',
      serial: second.serial,
      shift_id: shift,
      start_time: '11:00',
      end_time: '11:45',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('period 3rd');
  });
});

describe('classes and subjects are shared: only the super admin changes them', () => {
  it('a school admin may list them but not write', async () => {
    expect((await t.get('admin1', '/api/setup/classes')).statusCode).toBe(200);
    expect((await t.get('admin1', `/api/setup/subjects?class_id=${six}`)).json().total).toBeGreaterThan(4);
    const res = await t.post('admin1', '/api/create_class', {
      school_type_id: typeId,
      class_name: 'Thirteen',
      class_code: '13',
    });
    expect(res.statusCode).toBe(403);
  });

  it('the super admin creates a class and a subject, and deleting the used class is a 409 naming its subjects', async () => {
    const cls = await t.post('superadmin', '/api/create_class', {
      school_type_id: typeId,
      shift_id: shift,
      class_name: 'Six Special',
      class_code: '6S',
    });
    expect(cls.statusCode, cls.body).toBe(200);
    const classId = cls.json().row.id;
    const dupCode = await t.post('superadmin', '/api/create_class', {
      school_type_id: typeId,
      class_name: 'Other',
      class_code: '6S',
    });
    expect(dupCode.statusCode).toBe(409);
    expect(dupCode.json().error.fields).toHaveProperty('class_code');

    const sub = await t.post('superadmin', '/api/create_subject', {
      school_type_id: typeId,
      class_id: classId,
      subject_code: '901',
      subject_name: 'Handwriting',
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const wrongType = await t.post('superadmin', '/api/create_subject', {
      school_type_id: typeId + 1,
      class_id: classId,
      subject_code: '902',
      subject_name: 'Drawing',
    });
    expect(wrongType.statusCode).toBe(400);

    const used = await del('superadmin', `/api/setup/classes/${classId}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().error.message).toBe(
      'Class Six Special cannot be deleted: 1 subject use it. Remove or move those first.',
    );
    expect((await del('superadmin', `/api/setup/subjects/${sub.json().row.id}`)).statusCode).toBe(200);
    expect((await del('superadmin', `/api/setup/classes/${classId}`)).statusCode).toBe(200);
  });

  it('a subject in routines cannot be deleted', async () => {
    const [r] = await t.db.select({ subjectId: routines.subjectId }).from(routines).limit(1);
    const res = await del('superadmin', `/api/setup/subjects/${r.subjectId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields.routines).toBeDefined();
  });

  it('lists are paged', async () => {
    const page = (await t.get('admin1', '/api/setup/classes?limit=3&offset=0')).json();
    expect(page.rows).toHaveLength(3);
    expect(page.total).toBeGreaterThan(3);
    expect((await t.get('admin1', '/api/setup/classes?limit=500')).statusCode).toBe(400);
  });
});

describe('opening a new session', () => {
  it('copies the school’s routine of its last session into the next, once, in one go', async () => {
    // The demo keeps the previous session's routine too: only the last session's is copied.
    const years = (
      await t.db
        .select({ year: academicSessions.sessionYear })
        .from(routines)
        .innerJoin(academicSessions, eq(academicSessions.id, routines.sessionId))
        .where(eq(routines.schoolId, school1))
    ).map((r) => Number(r.year));
    const last = Math.max(...years);
    expect(new Set(years)).toEqual(new Set([last - 1, last]));
    const current = years.filter((y) => y === last).length;
    expect(current).toBeGreaterThan(0);
    const res = await t.post('admin1', '/api/setup/sessions', { copy_routines: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.routines_copied).toBe(current);
    const [session] = await t.db
      .select()
      .from(academicSessions)
      .where(eq(academicSessions.sessionYear, body.session.session_year));
    const copied = await t.db
      .select()
      .from(routines)
      .where(and(eq(routines.schoolId, school1), eq(routines.sessionId, session.id)));
    expect(copied).toHaveLength(current);
    // The other school's routine is untouched.
    const theirs = await t.db
      .select()
      .from(routines)
      .where(and(eq(routines.schoolId, school2), eq(routines.sessionId, session.id)));
    expect(theirs).toHaveLength(0);

    const again = await t.post('admin1', '/api/setup/sessions', {
      copy_routines: true,
      session_year: Number(body.session.session_year),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('structure.session_has_routines');
  });

  it('the super admin opens a new year; an open year is a 409', async () => {
    const res = await t.post('superadmin', '/api/setup/sessions', {});
    expect(res.statusCode, res.body).toBe(200);
    const year = res.json().session.session_year;
    const again = await t.post('superadmin', '/api/setup/sessions', { session_year: Number(year) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('structure.session_already_open');
  });

  it('a school admin cannot copy into another school', async () => {
    const res = await t.post('admin1', '/api/setup/sessions', { school_info_id: school2, copy_routines: true });
    expect(res.statusCode).toBe(403);
  });
});

it('shifts and school types used here exist (fixture sanity)', async () => {
  expect((await t.db.select().from(shifts).where(eq(shifts.id, shift))).length).toBe(1);
  expect((await t.db.select().from(schoolTypes).where(eq(schoolTypes.id, typeId))).length).toBe(1);
});
