/**
 * Deleting a record made by mistake (docs/DOMAIN.md, "Deleting"; server/services/record-deletes.ts):
 * each delete removes a record nothing depends on, and otherwise answers 409 naming its dependents
 * with their counts and the alternative; another school's record is 403, a missing one 404, a
 * teacher or student 403; every delete is audited; the routine entries go all or none; the caches
 * see the deletes.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  classes,
  enrolments,
  examTypes,
  feeSectors,
  guardianStudents,
  routines,
  schools,
  sections,
  securityAudit,
  students,
  subjects,
  teachers,
  users,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
const S = {} as {
  school1: number;
  school2: number;
  admin1: number;
  six: number;
  sixA: number;
  session: number;
  subject: number;
  student2: number;
  teacher2: number;
};

const del = (as: string, url: string, payload?: unknown) =>
  t.call(as, { method: 'DELETE', url, ...(payload ? { payload: payload as object } : {}) });

let seq = 0;
const addStudent = async (code: string) => {
  const res = await t.post('admin1', '/api/add_student', {
    student_code: code,
    first_name: 'Mistake',
    last_name: `Pupil ${code}`,
    class_id: S.six,
    section_id: S.sixA,
    class_roll_no: 900 + seq++,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
};
const addTeacher = async (code: string, initial: string) => {
  const res = await t.post('admin1', '/api/add_teacher', { teacher_code: code, first_name: 'Wrong', initial });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.db.select({ id: teachers.id }).from(teachers).where(eq(teachers.teacherCode, code));
  return row.id;
};
const lastAudit = async () => (await t.db.select().from(securityAudit).orderBy(desc(securityAudit.id)).limit(1))[0];
const enrolmentOf = async (studentId: number) =>
  (await t.db.select({ id: enrolments.id }).from(enrolments).where(eq(enrolments.studentId, studentId)))[0].id;

beforeAll(async () => {
  t = await createTestApp();
  const code = async (c: string) => (await t.db.select().from(users).where(eq(users.userCode, c)))[0];
  const a1 = await code('admin1');
  S.school1 = a1.schoolId!;
  S.admin1 = a1.id;
  S.school2 = (await code('admin2')).schoolId!;
  S.six = (await t.db.select({ id: classes.id }).from(classes).where(eq(classes.className, 'Six')))[0].id;
  const [a] = await t.db
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.schoolId, S.school1), eq(sections.classId, S.six), eq(sections.sectionDefaultName, 'A')));
  S.sixA = a.id;
  const [e] = await t.db
    .select({ session: enrolments.sessionId })
    .from(enrolments)
    .where(eq(enrolments.sectionId, S.sixA))
    .orderBy(desc(enrolments.sessionId))
    .limit(1);
  S.session = e.session;
  S.subject = (await t.db.select({ id: subjects.id }).from(subjects).where(eq(subjects.classId, S.six)).limit(1))[0].id;
  S.student2 = (
    await t.db.select({ id: students.id }).from(students).where(eq(students.schoolId, S.school2)).limit(1)
  )[0].id;
  S.teacher2 = (
    await t.db.select({ id: teachers.id }).from(teachers).where(eq(teachers.schoolId, S.school2)).limit(1)
  )[0].id;
});
afterAll(() => t.close());

describe('DELETE /api/student/delete', () => {
  it('a student with marks and attendance: 409 naming each with its count, deactivate instead; nothing removed', async () => {
    const id = await addStudent('RD-MARKS');
    const enrolment = await enrolmentOf(id);
    // Two exam marks and three attendance marks, copied from a classmate's rows.
    const [mate] = await t.db
      .select({ id: enrolments.id })
      .from(enrolments)
      .where(and(eq(enrolments.sectionId, S.sixA), eq(enrolments.sessionId, S.session)))
      .limit(1);
    await t.db.execute(sql`
      insert into exam_marks (school_id, exam_id, full_marks, section_id, session_id, enrolment_id, marks_obtained, entered_by_user_id)
      select school_id, id, full_marks, section_id, session_id, ${enrolment}, 10, ${S.admin1}
      from exams where section_id = ${S.sixA} and session_id = ${S.session} order by id limit 2`);
    await t.db.execute(sql`
      insert into attendance_marks (school_id, taking_id, enrolment_id, status, routine_id, date)
      select school_id, taking_id, ${enrolment}, status, routine_id, date
      from attendance_marks where enrolment_id = ${mate.id} order by id limit 3`);
    const res = await del('admin1', `/api/student/delete?id=${id}`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      error: {
        code: 'deletes.has_dependents',
        message: 'This student cannot be deleted: it has 2 exam marks and 3 attendance marks; deactivate instead.',
        dependents: { exam_marks: 2, attendance_marks: 3 },
        instead: 'deactivate',
      },
    });
    expect(await t.db.select({ id: students.id }).from(students).where(eq(students.id, id))).toEqual([{ id }]);
    expect(await t.db.select({ id: enrolments.id }).from(enrolments).where(eq(enrolments.studentId, id))).toHaveLength(
      1,
    );
  });

  it('a fresh student goes with their enrolment, guardian link and login, in one step, audited', async () => {
    const id = await addStudent('RD-FRESH');
    const [stu] = await t.db.select({ userId: students.userId }).from(students).where(eq(students.id, id));
    const link = await t.post('admin1', '/api/guardian', {
      name: 'Mistake Parent',
      phone: '01799000777',
      relation: 'father',
      student_ids: [id],
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(await t.db.select().from(guardianStudents).where(eq(guardianStudents.studentId, id))).toHaveLength(1);
    const res = await del('admin1', `/api/student/delete?id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, id, message: 'Student deleted.', code: 'deletes.student' });
    expect(await t.db.select().from(students).where(eq(students.id, id))).toEqual([]);
    expect(await t.db.select().from(enrolments).where(eq(enrolments.studentId, id))).toEqual([]);
    expect(await t.db.select().from(guardianStudents).where(eq(guardianStudents.studentId, id))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, stu.userId))).toEqual([]);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ actorUserId: S.admin1, action: 'delete.student', schoolId: S.school1 });
    expect(audit.detail).toMatchObject({
      id,
      student_code: 'RD-FRESH',
      user_id: stu.userId,
      removed: { enrolments: 1, guardian_links: 1 },
    });
    // The deleted student cannot sign in, and the same id is now missing: 404.
    expect((await del('admin1', `/api/student/delete?id=${id}`)).statusCode).toBe(404);
  });

  it('another school’s student is 403, a missing one 404, a teacher or a student 403', async () => {
    const other = await del('admin1', `/api/student/delete?id=${S.student2}`);
    expect(other.statusCode).toBe(403);
    expect(await t.db.select({ id: students.id }).from(students).where(eq(students.id, S.student2))).toHaveLength(1);
    const missing = await del('admin1', '/api/student/delete?id=999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    for (const who of ['teacher1', 'student1', 'viewer1', 'superadmin']) {
      const res = await del(who, `/api/student/delete?id=${S.student2}`);
      expect(res.statusCode, who).toBe(403);
    }
  });
});

describe('DELETE /api/teacher/delete', () => {
  it('a teacher with routine entries: 409 with the count, deactivate instead', async () => {
    const id = await addTeacher('RD-T1', 'RDT');
    const [u1] = await t.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'teacher1'));
    const teacher1 = (await t.db.select({ id: teachers.id }).from(teachers).where(eq(teachers.userId, u1.id)))[0].id;
    const two = await t.db
      .select({ id: routines.id })
      .from(routines)
      .where(eq(routines.teacherId, teacher1))
      .orderBy(routines.id)
      .limit(2);
    expect(two).toHaveLength(2);
    await t.db.execute(sql`update routines set teacher_id = ${id} where id in (${two[0].id}, ${two[1].id})`);
    const res = await del('admin1', `/api/teacher/delete?id=${id}`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({ dependents: { routines: 2 }, instead: 'deactivate' });
    await t.db.execute(sql`update routines set teacher_id = ${teacher1} where id in (${two[0].id}, ${two[1].id})`);
  });

  it('a fresh teacher goes with their login, audited; another school’s is 403', async () => {
    const id = await addTeacher('RD-T2', 'RDU');
    const res = await del('admin1', `/api/teacher/delete?id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBe('deletes.teacher');
    expect(await t.db.select().from(teachers).where(eq(teachers.id, id))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.userCode, 'RD-T2'))).toEqual([]);
    expect(await lastAudit()).toMatchObject({ action: 'delete.teacher', detail: { id, teacher_code: 'RD-T2' } });
    expect((await del('admin1', `/api/teacher/delete?id=${S.teacher2}`)).statusCode).toBe(403);
    expect((await del('admin1', `/api/teacher/delete?id=${id}`)).statusCode).toBe(404);
    expect((await del('teacher1', `/api/teacher/delete?id=${id}`)).statusCode).toBe(403);
  });
});

describe('exams and exam types', () => {
  it('an exam with marks and a type with an exam are refused with counts; without them they go', async () => {
    const type = await t.post('admin1', '/api/exam_name', {
      exam_name: 'RD Class Test',
      exam_name_bn: 'ভুল পরীক্ষা',
      kind: 'class_test',
    });
    expect(type.statusCode, type.body).toBe(200);
    const typeId = type.json().id as number;
    const made = await t.post('admin1', '/api/exam_info', {
      session_id: S.session,
      exam_name_id: typeId,
      class_id: S.six,
      section_id: S.sixA,
      subject_id: S.subject,
      full_marks: 20,
      converted_marks: 20,
    });
    expect(made.statusCode, made.body).toBe(200);
    const examId = made.json().rows[0].id as number;
    await t.db.execute(sql`
      insert into exam_marks (school_id, exam_id, full_marks, section_id, session_id, enrolment_id, marks_obtained, entered_by_user_id)
      select e.school_id, e.id, e.full_marks, e.section_id, e.session_id, n.id, 15, ${S.admin1}
      from exams e join enrolments n on n.section_id = e.section_id and n.session_id = e.session_id
      where e.id = ${examId} order by n.id limit 2`);

    const exam = await del('admin1', `/api/exam/delete?id=${examId}`);
    expect(exam.statusCode, exam.body).toBe(409);
    expect(exam.json().error).toEqual({
      code: 'deletes.has_dependents',
      message: 'This exam cannot be deleted: it has 2 exam marks.',
      dependents: { exam_marks: 2 },
    });
    const kind = await del('admin1', `/api/exam_type/delete?id=${typeId}`);
    expect(kind.statusCode).toBe(409);
    expect(kind.json().error.dependents).toEqual({ exams: 1 });

    await t.db.execute(sql`delete from exam_marks where exam_id = ${examId}`);
    const gone = await del('admin1', `/api/exam/delete?id=${examId}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'delete.exam', schoolId: S.school1 });
    expect((await del('admin1', `/api/exam/delete?id=${examId}`)).statusCode).toBe(404);

    // The cached Bangla names (GET /api/names/bn reads exam types) see the type go.
    const before = (await t.get('admin1', '/api/names/bn')).json();
    expect(Object.keys(before.exam_types)).toContain('RD Class Test');
    const typeGone = await del('admin1', `/api/exam_type/delete?id=${typeId}`);
    expect(typeGone.statusCode, typeGone.body).toBe(200);
    expect(await t.db.select().from(examTypes).where(eq(examTypes.id, typeId))).toEqual([]);
    const after = (await t.get('admin1', '/api/names/bn')).json();
    expect(Object.keys(after.exam_types)).not.toContain('RD Class Test');

    const [otherType] = await t.db
      .select({ id: examTypes.id })
      .from(examTypes)
      .where(eq(examTypes.schoolId, S.school2));
    expect((await del('admin1', `/api/exam_type/delete?id=${otherType.id}`)).statusCode).toBe(403);
    expect((await del('teacher1', `/api/exam_type/delete?id=${otherType.id}`)).statusCode).toBe(403);
  });
});

describe('fee heads and invoices', () => {
  it('a fee head with a fee is refused; an unpaid invoice is cancelled with its reason; a paid one is 409', async () => {
    const sector = await t.post('admin1', '/api/add_sector', { sector_code: 'RD-FEE', sector_name: 'Mistake fee' });
    expect(sector.statusCode, sector.body).toBe(200);
    const sectorId = sector.json().id as number;
    const a = await addStudent('RD-INV-A');
    const b = await addStudent('RD-INV-B');
    const fee = await t.post('admin1', '/api/fee', {
      sector_id: sectorId,
      session_id: S.session,
      amount: '100',
      last_date: '2026-12-31',
      student_ids: [a, b],
    });
    expect(fee.statusCode, fee.body).toBe(200);
    const head = await del('admin1', `/api/payment/delete?id=${sectorId}`);
    expect(head.statusCode).toBe(409);
    expect(head.json().error.dependents).toEqual({ fees: 1, invoices: 2 });

    const invoiceOf = async (studentId: number) =>
      (
        (await t.db.execute(sql`select id from invoices where student_id = ${studentId}`)) as unknown as {
          rows: { id: number }[];
        }
      ).rows[0].id;
    const invA = await invoiceOf(a);
    const invB = await invoiceOf(b);
    const paid = await t.call('admin1', {
      method: 'POST',
      url: '/api/payment',
      payload: { invoice_id: invB, amount: '40', method: 'cash' },
      headers: { 'idempotency-key': `rd-${Date.now()}` },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    // A reason is required.
    const noReason = await del('admin1', `/api/invoice/delete?id=${invA}`);
    expect(noReason.statusCode, noReason.body).toBe(400);
    expect(noReason.json().error.fields, noReason.body).toHaveProperty('reason');
    const cancelled = await del('admin1', `/api/invoice/delete?id=${invA}`, { reason: 'Charged twice' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ ok: true, id: invA, message: 'Invoice cancelled.', code: 'deletes.invoice' });
    expect(await lastAudit()).toMatchObject({
      action: 'invoice.cancel',
      detail: { id: invA, reason: 'Charged twice', amount_poisha: 10000, student_id: a },
    });
    const partPaid = await del('admin1', `/api/invoice/delete?id=${invB}&reason=Mistake`);
    expect(partPaid.statusCode).toBe(409);
    expect(partPaid.json().error).toMatchObject({ dependents: { payments: 1 }, instead: 'refund' });
    // The student with a payment is kept too.
    const stuB = await del('admin1', `/api/student/delete?id=${b}`);
    expect(stuB.json().error.dependents).toEqual({ payments: 1 });
    expect((await del('admin1', `/api/invoice/delete?id=${invA}&reason=again`)).statusCode).toBe(404);

    const fresh = await t.post('admin1', '/api/add_sector', { sector_code: 'RD-FEE2', sector_name: 'Typo' });
    const freshId = fresh.json().id as number;
    expect((await del('admin1', `/api/payment/delete?id=${freshId}`)).statusCode).toBe(200);
    expect(await t.db.select().from(feeSectors).where(eq(feeSectors.id, freshId))).toEqual([]);
    const [other] = await t.db.select({ id: feeSectors.id }).from(feeSectors).where(eq(feeSectors.schoolId, S.school2));
    expect((await del('admin1', `/api/payment/delete?id=${other.id}`)).statusCode).toBe(403);
    expect((await del('student1', `/api/payment/delete?id=${other.id}`)).statusCode).toBe(403);
  });
});

describe('DELETE /api/school/delete (the super admin)', () => {
  it('a school with students is refused with counts; a new one goes with its admin account', async () => {
    const demo = await del('superadmin', `/api/school/delete?id=${S.school2}`);
    expect(demo.statusCode).toBe(409);
    const deps = demo.json().error.dependents as Record<string, number>;
    expect(deps.students).toBeGreaterThan(0);
    expect(deps.teachers).toBeGreaterThan(0);
    expect((await del('admin1', `/api/school/delete?id=${S.school1}`)).statusCode).toBe(403);

    const [type] = await t.db.select({ id: schools.schoolTypeId }).from(schools).limit(1);
    const [fresh] = await t.db
      .insert(schools)
      .values({ eiin: '990077', schoolName: 'Mistake School', shortName: 'MS', schoolTypeId: type.id })
      .returning({ id: schools.id });
    const res = await del('superadmin', `/api/school/delete?id=${fresh.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBe('deletes.school');
    expect(await t.db.select().from(schools).where(eq(schools.id, fresh.id))).toEqual([]);
    expect(await lastAudit()).toMatchObject({ action: 'delete.school', schoolId: null, detail: { eiin: '990077' } });
    expect((await del('superadmin', `/api/school/delete?id=${fresh.id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/routine/deleteAll', () => {
  it('all or nothing: one entry with attendance keeps them all; without it they all go, and the cached week sees it', async () => {
    const taken = (
      (await t.db.execute(
        sql`select r.id from routines r where r.school_id = ${S.school1}
            and exists (select 1 from attendance_takings a where a.routine_id = r.id) limit 1`,
      )) as unknown as { rows: { id: number }[] }
    ).rows[0];
    // Two entries nobody has taken attendance in: copies of a current entry on the weekly off days.
    const free = (
      (await t.db.execute(
        sql`insert into routines (school_id, session_id, shift_id, class_id, section_id, day_id, period_id, subject_id, teacher_id, room)
            select school_id, session_id, shift_id, class_id, section_id, d.day, period_id, subject_id, teacher_id, room
            from (select * from routines where school_id = ${S.school1} and session_id = ${S.session} order by id limit 1) r
            cross join (values (6), (7)) as d(day)
            returning id, section_id, class_id`,
      )) as unknown as { rows: { id: number; section_id: number; class_id: number }[] }
    ).rows;
    expect(free).toHaveLength(2);
    const ids = free.map((r) => r.id);
    const refused = await t.post('admin1', '/api/routine/deleteAll', { ids: [...ids, taken.id] });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('deletes.has_dependents');
    expect(Object.keys(refused.json().error.dependents)).toContain('attendance_takings');
    expect(await t.db.select({ id: routines.id }).from(routines).where(eq(routines.id, ids[0]))).toHaveLength(1);

    const [r2] = await t.db.select({ id: routines.id }).from(routines).where(eq(routines.schoolId, S.school2)).limit(1);
    expect((await t.post('admin1', '/api/routine/deleteAll', { ids: [ids[0], r2.id] })).statusCode).toBe(403);
    expect((await t.post('admin1', '/api/routine/deleteAll', { ids: [ids[0], 999999] })).statusCode).toBe(404);
    expect((await t.post('teacher1', '/api/routine/deleteAll', { ids })).statusCode).toBe(403);
    expect((await t.post('admin1', '/api/routine/deleteAll', { ids: [] })).statusCode).toBe(400);
    expect(await t.db.select({ id: routines.id }).from(routines).where(eq(routines.id, ids[0]))).toHaveLength(1);

    const weekUrl = `/api/routine/student?section_id=${free[0].section_id}&class_id=${free[0].class_id}`;
    const weekBefore = (await t.get('admin1', weekUrl)).json() as { id: number }[];
    expect(weekBefore.map((r) => r.id)).toContain(ids[0]);
    const ok = await t.post('admin1', '/api/routine/deleteAll', { ids });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ ok: true, ids, message: 'Routine deleted successfully', code: 'deletes.routine' });
    expect(await t.db.select({ id: routines.id }).from(routines).where(eq(routines.id, ids[0]))).toEqual([]);
    expect(await lastAudit()).toMatchObject({ action: 'delete.routines', detail: { ids } });
    const weekAfter = (await t.get('admin1', weekUrl)).json() as { id: number }[];
    expect(weekAfter.map((r) => r.id)).not.toContain(ids[0]);
  });
});
