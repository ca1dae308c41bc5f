/**
 * Records (docs/DOMAIN.md, Records): the admin's edit of a student and a teacher (audited, a
 * dated enrolment change seen in the section's roll at once), leaving and coming back (off the
 * attendance roll and default lists, no sign-in, sessions ended, history kept), and the transfer
 * certificate and testimonial (a PDF, numbered per school, the number kept when issued again).
 * Refusals: another school's admin, a teacher or student (403), a bad field (400 naming it), a
 * roll taken (409).
 */
import { and, desc, eq, like } from 'drizzle-orm';
import {
  academicSessions,
  certificates,
  classes,
  enrolmentChanges,
  enrolments,
  feeSectors,
  sections,
  securityAudit,
  students,
  teachers,
  users,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/server';
import { schoolToday } from '../helpers/run-clock';

let t: TestApp;
const S = {} as { school1: number; school2: number; six: number; sixA: number; sixB: number; sixA2: number };
const TODAY = schoolToday().toISODate()!;

beforeAll(async () => {
  t = await createTestApp();
  const [admin1] = await t.db.select({ s: users.schoolId }).from(users).where(eq(users.userCode, 'admin1'));
  const [admin2] = await t.db.select({ s: users.schoolId }).from(users).where(eq(users.userCode, 'admin2'));
  S.school1 = admin1.s!;
  S.school2 = admin2.s!;
  const [six] = await t.db.select({ id: classes.id }).from(classes).where(eq(classes.className, 'Six'));
  S.six = six.id;
  const sec = async (school: number, name: string) =>
    (
      await t.db
        .select({ id: sections.id })
        .from(sections)
        .where(and(eq(sections.schoolId, school), eq(sections.classId, six.id), eq(sections.sectionDefaultName, name)))
    )[0].id;
  S.sixA = await sec(S.school1, 'A');
  S.sixB = await sec(S.school1, 'B');
  S.sixA2 = await sec(S.school2, 'A');
});
afterAll(() => t.close());

let serial = 0;
/** A new student of school 1, six A, with a roll of their own; answers their id, code and password. */
async function newStudent(over: Record<string, unknown> = {}) {
  serial += 1;
  const code = `REC-${serial}`;
  const res = await t.post('admin1', '/api/add_student', {
    student_code: code,
    first_name: 'Rafi',
    last_name: `Hasan${serial}`,
    father_name: 'Karim Hasan',
    mother_name: 'Salma Begum',
    dob: '2013-04-09',
    class_id: S.six,
    section_id: S.sixA,
    class_roll_no: 700 + serial,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().id as number, code, password: res.json().initial_password as string, roll: 700 + serial };
}

const studentBody = (over: Record<string, unknown> = {}) => ({
  student_code: 'REC-1',
  first_name: 'Rafi',
  last_name: 'Hasan1',
  class_id: S.six,
  section_id: S.sixA,
  class_roll_no: 701,
  ...over,
});

const login = (user_code: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: { user_code, password } });

const rollOf = async (sectionId: number) =>
  (await t.get('admin1', `/api/attendance/student?section_id=${sectionId}`)).json() as {
    student_id: number;
    class_roll_no: number;
  }[];

describe('editing a student', () => {
  it('saves the fields, and a new section and roll is a dated enrolment change seen in the roll at once', async () => {
    const s = await newStudent();
    expect((await rollOf(S.sixA)).map((r) => r.student_id)).toContain(s.id);
    const res = await t.post('admin1', `/api/student/update?student_id=${s.id}`, {
      ...studentBody({ student_code: s.code, last_name: 'Chowdhury', section_id: S.sixB, class_roll_no: 77 }),
      father_name: 'Karim Chowdhury',
      effective_date: TODAY,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, code: 'records.student_updated', enrolment_changed: true });
    // The section's roll shows it at once, the old one no more.
    expect((await rollOf(S.sixA)).map((r) => r.student_id)).not.toContain(s.id);
    expect((await rollOf(S.sixB)).find((r) => r.student_id === s.id)?.class_roll_no).toBe(77);
    const [row] = await t.db.select().from(students).where(eq(students.id, s.id));
    expect(row.lastName).toBe('Chowdhury');
    expect(row.fatherName).toBe('Karim Chowdhury');
    const changes = await t.db
      .select()
      .from(enrolmentChanges)
      .innerJoin(enrolments, eq(enrolments.id, enrolmentChanges.enrolmentId))
      .where(eq(enrolments.studentId, s.id));
    expect(changes.map((c) => c.enrolment_changes)).toMatchObject([
      { effectiveOn: TODAY, fromSectionId: S.sixA, fromRollNo: s.roll, toSectionId: S.sixB, toRollNo: 77 },
    ]);
    const record = (await t.get('admin1', `/api/student/record?student_id=${s.id}`)).json();
    expect(record.enrolment).toMatchObject({ section_id: S.sixB, class_roll_no: 77 });
    expect(record.changes).toHaveLength(1);
    // The trail: who, and the fields before and after.
    const [audit] = await t.db
      .select()
      .from(securityAudit)
      .where(eq(securityAudit.action, 'records.student_update'))
      .orderBy(desc(securityAudit.id))
      .limit(1);
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'admin1'));
    expect(audit.actorUserId).toBe(admin.id);
    expect(audit.detail).toMatchObject({
      student_id: s.id,
      before: { lastName: `Hasan${s.roll - 700}`, sectionId: S.sixA, classRollNo: s.roll },
      after: { lastName: 'Chowdhury', sectionId: S.sixB, classRollNo: 77 },
      effective_on: TODAY,
    });
  });

  it('a name-only change is no enrolment change', async () => {
    const s = await newStudent();
    const res = await t.post(
      'admin1',
      `/api/student/update?student_id=${s.id}`,
      studentBody({ student_code: s.code, first_name: 'Rafiq', class_roll_no: s.roll }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().enrolment_changed).toBe(false);
    const list = (await t.get('admin1', `/api/student/all?q=${s.code}`)).json();
    expect(list[0].full_name).toMatch(/^Rafiq /);
  });

  it('400 naming the field; a roll taken in the section 409; another school’s section 400', async () => {
    const a = await newStudent();
    const b = await newStudent();
    const url = `/api/student/update?student_id=${a.id}`;
    const missing = await t.post('admin1', url, studentBody({ student_code: a.code, first_name: '' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('first_name');
    const badMobile = await t.post('admin1', url, { ...studentBody({ student_code: a.code }), mobile_no: '123' });
    expect(badMobile.statusCode).toBe(400);
    expect(badMobile.json().error.fields).toHaveProperty('mobile_no');
    const taken = await t.post('admin1', url, studentBody({ student_code: a.code, class_roll_no: b.roll }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'people.duplicate',
      fields: { class_roll_no: expect.any(String) },
    });
    const codeTaken = await t.post('admin1', url, studentBody({ student_code: b.code, class_roll_no: a.roll }));
    expect(codeTaken.statusCode).toBe(409);
    expect(codeTaken.json().error.fields).toHaveProperty('student_code');
    const foreign = await t.post('admin1', url, studentBody({ student_code: a.code, section_id: S.sixA2 }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toHaveProperty('section_id');
    const future = await t.post('admin1', url, {
      ...studentBody({ student_code: a.code, class_roll_no: 999 }),
      effective_date: '2099-01-01',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toMatchObject({
      code: 'records.future_date',
      fields: { effective_date: expect.any(String) },
    });
  });

  it('another school’s admin is refused by scope; a teacher, a student and a viewer by role', async () => {
    const s = await newStudent();
    const body = studentBody({ student_code: s.code, class_roll_no: s.roll });
    const other = await t.post('admin2', `/api/student/update?student_id=${s.id}`, body);
    expect(other.statusCode).toBe(403);
    for (const who of ['teacher1', 'student1', 'viewer1']) {
      const res = await t.post(who, `/api/student/update?student_id=${s.id}`, body);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().error.code).toBe('forbidden_role');
    }
    for (const [url, payload] of [
      ['/api/student/deactivate', { student_id: s.id, date: TODAY, reason: 'transfer' }],
      ['/api/student/reactivate', { student_id: s.id }],
    ] as const) {
      expect((await t.post('admin2', url, payload)).statusCode, url).toBe(403);
    }
    expect((await t.get('admin2', `/api/student/transfer_certificate?student_id=${s.id}`)).statusCode).toBe(403);
  });
});

describe('editing a teacher', () => {
  it('saves the fields, audited; an initial of another teacher is 409; another school’s admin 403', async () => {
    const add = await t.post('admin1', '/api/add_teacher', {
      teacher_code: 'REC-T1',
      first_name: 'Nasrin',
      last_name: 'Akter',
      initial: 'RNA',
    });
    expect(add.statusCode, add.body).toBe(200);
    const id = add.json().id as number;
    const body = {
      teacher_code: 'REC-T1',
      first_name: 'Nasrin',
      last_name: 'Sultana',
      initial: 'RNS',
      designation: 'Senior Teacher',
    };
    const res = await t.post('admin1', `/api/teacher/update?teacher_id=${id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(teachers).where(eq(teachers.id, id));
    expect(row).toMatchObject({ lastName: 'Sultana', initial: 'RNS', designation: 'Senior Teacher' });
    const [audit] = await t.db
      .select()
      .from(securityAudit)
      .where(eq(securityAudit.action, 'records.teacher_update'))
      .orderBy(desc(securityAudit.id))
      .limit(1);
    expect(audit.detail).toMatchObject({
      teacher_id: id,
      before: { lastName: 'Akter', initial: 'RNA' },
      after: { lastName: 'Sultana', initial: 'RNS' },
    });
    const [another] = await t.db
      .select({ initial: teachers.initial })
      .from(teachers)
      .where(and(eq(teachers.schoolId, S.school1), like(teachers.teacherCode, 'T%')))
      .limit(1);
    const clash = await t.post('admin1', `/api/teacher/update?teacher_id=${id}`, { ...body, initial: another.initial });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.fields).toHaveProperty('initial');
    expect((await t.post('admin2', `/api/teacher/update?teacher_id=${id}`, body)).statusCode).toBe(403);
  });
});

describe('leaving and coming back', () => {
  it('a student who left is off the roll and default lists from the date, cannot sign in, and keeps their history', async () => {
    const s = await newStudent();
    // Signed in before leaving: that session ends.
    const before = await login(s.code, s.password);
    expect(before.statusCode, before.body).toBe(200);
    const token = before.json().accessToken as string;
    const res = await t.post('admin1', '/api/student/deactivate', {
      student_id: s.id,
      date: TODAY,
      reason: 'transfer',
      note: 'Moving to Chattogram',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBe('records.deactivated');
    expect((await rollOf(S.sixA)).map((r) => r.student_id)).not.toContain(s.id);
    const section = (await t.get('admin1', `/api/student/section?section_id=${S.sixA}`)).json() as { id: number }[];
    expect(section.map((r) => r.id)).not.toContain(s.id);
    expect((await t.get('admin1', `/api/student/all?q=${s.code}`)).json()).toEqual([]);
    const search = (await t.get('admin1', `/api/student/admin-search?section_id=${S.sixA}`)).json() as { id: number }[];
    expect(search.map((r) => r.id)).not.toContain(s.id);
    const all = (await t.get('admin1', `/api/student/all?q=${s.code}&include_inactive=true`)).json();
    expect(all).toMatchObject([{ id: s.id, left_on: TODAY }]);
    // No sign-in, said plainly; the old session is gone.
    const again = await login(s.code, s.password);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe('records.inactive_account');
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/users/user_id',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(old.statusCode).toBe(401);
    // History kept: the enrolment stays and the record is readable.
    expect(await t.db.select().from(enrolments).where(eq(enrolments.studentId, s.id))).toHaveLength(1);
    const record = (await t.get('admin1', `/api/student/record?student_id=${s.id}`)).json();
    expect(record.left).toEqual({ date: TODAY, reason: 'transfer', note: 'Moving to Chattogram' });
    const history = await t.get('admin1', `/api/attendance/student/individual?student_id=${s.id}`);
    expect(history.statusCode, history.body).toBe(200);
    // Twice is 409; a date after today 400; a reason outside the list 400 naming it.
    expect(
      (await t.post('admin1', '/api/student/deactivate', { student_id: s.id, date: TODAY, reason: 'transfer' })).json()
        .error.code,
    ).toBe('records.already_inactive');
    const other = await newStudent();
    const future = await t.post('admin1', '/api/student/deactivate', {
      student_id: other.id,
      date: '2099-01-01',
      reason: 'other',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields).toHaveProperty('date');
    const reason = await t.post('admin1', '/api/student/deactivate', {
      student_id: other.id,
      date: TODAY,
      reason: 'expelled',
    });
    expect(reason.statusCode).toBe(400);
    expect(reason.json().error.fields).toHaveProperty('reason');
    // Audited.
    const [audit] = await t.db
      .select()
      .from(securityAudit)
      .where(eq(securityAudit.action, 'records.student_deactivate'))
      .orderBy(desc(securityAudit.id))
      .limit(1);
    expect(audit.detail).toMatchObject({ student_id: s.id, after: { left_on: TODAY, left_reason: 'transfer' } });

    // Reactivated: back on the roll, signs in again.
    const back = await t.post('admin1', '/api/student/reactivate', { student_id: s.id });
    expect(back.statusCode, back.body).toBe(200);
    expect((await rollOf(S.sixA)).map((r) => r.student_id)).toContain(s.id);
    expect((await login(s.code, s.password)).statusCode).toBe(200);
    expect((await t.post('admin1', '/api/student/reactivate', { student_id: s.id })).json().error.code).toBe(
      'records.not_inactive',
    );
  });

  it('a teacher who left cannot sign in, is out of the default list and flagged in the routine', async () => {
    const [teacher] = await t.db
      .select()
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(eq(users.userCode, 'teacher1'));
    const res = await t.post('admin1', '/api/teacher/deactivate', {
      teacher_id: teacher.teachers.id,
      date: TODAY,
      reason: 'other',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await login('teacher1', 'demo1234')).json().error.code).toBe('records.inactive_account');
    const list = (await t.get('admin1', '/api/teacher/all?limit=500')).json() as { id: number }[];
    expect(list.map((r) => r.id)).not.toContain(teacher.teachers.id);
    const routine = (await t.get('admin1', `/api/routine/teacher?teacher_id=${teacher.teachers.id}`)).json() as {
      teacher_left_on?: string | null;
    }[];
    expect(routine.length).toBeGreaterThan(0);
    expect(routine.every((r) => r.teacher_left_on === TODAY)).toBe(true);
    expect((await t.post('admin1', '/api/teacher/reactivate', { teacher_id: teacher.teachers.id })).statusCode).toBe(
      200,
    );
    expect((await login('teacher1', 'demo1234')).statusCode).toBe(200);
  });
});

describe('certificates', () => {
  it('a transfer certificate is a PDF, numbered per school and kept when issued again', async () => {
    const a = await newStudent();
    const b = await newStudent();
    const active = await t.get('admin1', `/api/student/transfer_certificate?student_id=${a.id}`);
    expect(active.statusCode).toBe(409);
    expect(active.json().error.code).toBe('records.not_inactive');
    for (const s of [a, b]) {
      await t.post('admin1', '/api/student/deactivate', { student_id: s.id, date: TODAY, reason: 'transfer' });
    }
    const first = await t.get('admin1', `/api/student/transfer_certificate?student_id=${a.id}&lang=en`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const second = await t.get('admin1', `/api/student/transfer_certificate?student_id=${b.id}&lang=bn`);
    expect(second.statusCode).toBe(200);
    const again = await t.get('admin1', `/api/student/transfer_certificate?student_id=${a.id}&lang=bn`);
    expect(again.statusCode).toBe(200);
    const year = TODAY.slice(0, 4);
    expect(first.headers['content-disposition']).toContain(`TC-${year}-0001`);
    expect(second.headers['content-disposition']).toContain(`TC-${year}-0002`);
    expect(again.headers['content-disposition']).toContain(`TC-${year}-0001`);
    const rows = await t.db.select().from(certificates).where(eq(certificates.kind, 'tc'));
    expect(rows.map((r) => [r.studentId, r.serialNo])).toEqual([
      [a.id, 1],
      [b.id, 2],
    ]);
    // Another school's sequence starts at its own 1; a testimonial has its own sequence too.
    const [other] = await t.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.schoolId, S.school2))
      .limit(1);
    await t.post('admin2', '/api/student/deactivate', { student_id: other.id, date: TODAY, reason: 'completed' });
    const theirs = await t.get('admin2', `/api/student/transfer_certificate?student_id=${other.id}`);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.headers['content-disposition']).toContain(`TC-${year}-0001`);
    const testimonial = await t.get('admin1', `/api/student/testimonial?student_id=${a.id}&lang=bn`);
    expect(testimonial.statusCode).toBe(200);
    expect(testimonial.headers['content-disposition']).toContain(`TM-${year}-0001`);
  });
});

describe('who left is off the school’s books for a fee and a promotion', () => {
  it('a section’s fee does not invoice them, and the section moves up without them', async () => {
    const left = await newStudent();
    const stays = await newStudent();
    const session = (await t.get('admin1', '/api/session')).json().find((x: { current: boolean }) => x.current);
    const [sector] = await t.db
      .select({ id: feeSectors.id })
      .from(feeSectors)
      .where(eq(feeSectors.schoolId, S.school1));
    const fee = { sector_id: sector.id, session_id: session.id, amount: '500.00', last_date: TODAY, dry_run: true };
    const before = (await t.post('admin1', '/api/fee', { ...fee, section_id: S.sixA })).json().students as number;
    const gone = await t.post('admin1', '/api/student/deactivate', {
      student_id: left.id,
      date: TODAY,
      reason: 'completed',
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await t.post('admin1', '/api/fee', { ...fee, section_id: S.sixA })).json().students).toBe(before - 1);

    // The whole section promoted into next year's Seven: the one who left has no enrolment there.
    const [year] = await t.db
      .select({ y: academicSessions.sessionYear })
      .from(academicSessions)
      .where(eq(academicSessions.id, session.id));
    const nextYear = String(Number(year.y) + 1);
    await t.db.insert(academicSessions).values({ sessionYear: nextYear }).onConflictDoNothing();
    const [next] = await t.db
      .select({ id: academicSessions.id })
      .from(academicSessions)
      .where(eq(academicSessions.sessionYear, nextYear));
    const [seven] = await t.db.select({ id: classes.id }).from(classes).where(eq(classes.className, 'Seven'));
    const [sevenA] = await t.db
      .select({ id: sections.id })
      .from(sections)
      .where(
        and(eq(sections.schoolId, S.school1), eq(sections.classId, seven.id), eq(sections.sectionDefaultName, 'A')),
      );
    const moved = await t.post('admin1', '/api/student/promote', {
      from_session_id: session.id,
      section_id: S.sixA,
      to_session_id: next.id,
      to_section_id: sevenA.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const nextYearOf = async (studentId: number) =>
      t.db
        .select({ id: enrolments.id })
        .from(enrolments)
        .where(and(eq(enrolments.studentId, studentId), eq(enrolments.sessionId, next.id)));
    expect(await nextYearOf(left.id)).toHaveLength(0);
    expect(await nextYearOf(stays.id)).toHaveLength(1);
  });
});
