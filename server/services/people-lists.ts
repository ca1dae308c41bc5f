/**
 * Teachers' and students' profiles and lists, within a school the caller may see (routes/people.ts).
 * Which students and sections of it the caller reaches is server/auth/scope.ts's to say: the route
 * passes its answers in (the school check of a teacher's school, a teacher's contact reach, a
 * teacher's sections), so these read only what the caller may see.
 */
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { studentAllQuery, studentSectionQuery } from '@/api/schemas/people';
import { latinDigits } from '@/i18n/digits';
import type { sectionsInReach } from '../auth/scope';
import type { DbOrTx } from '../db/client';
import { academicSessions, classes, divisions, enrolments, schools, sections, students, teachers } from '../db/schema';
import { notFound } from '../errors';
import { studentFullName as studentFullNameSql, studentNameOf, teacherNameOf } from './names';
import { onTheBooks } from './leaving';
import { schoolClock, sessionIdForDate } from './school-time';

/** A teacher's card: 404 for none; `schoolCheck` refuses a school the caller may not see (tenant.ts). */
export async function teacherCard(db: DbOrTx, teacherId: number, schoolCheck: (schoolId: number) => Promise<unknown>) {
  const [t] = await db.select().from(teachers).where(eq(teachers.id, teacherId));
  if (!t) throw notFound('Teacher');
  await schoolCheck(t.schoolId);
  return {
    id: t.id,
    full_name: teacherNameOf(t),
    teacher_code: t.teacherCode,
    initial: t.initial,
    mobile: t.mobile,
    email: t.email,
    designation: t.designation,
    school_info_id: t.schoolId,
  };
}

/**
 * A student's card (a list of one) with their enrolment in the school's current session. The
 * mobile and e-mail are answered only when `contactReach` says so (scope.ts `reachesStudent`: a
 * teacher sees them only for the pupils they teach this session), else empty.
 */
export async function studentCard(
  db: DbOrTx,
  studentId: number,
  contactReach: (studentId: number, sessionId: number | null) => Promise<boolean>,
) {
  const [s] = await db
    .select({
      student: students,
      schoolName: schools.schoolName,
      district: schools.district,
      division: divisions.name,
    })
    .from(students)
    .innerJoin(schools, eq(schools.id, students.schoolId))
    .leftJoin(divisions, eq(divisions.id, schools.divisionId))
    .where(eq(students.id, studentId));
  if (!s) throw notFound('Student');
  const { today } = await schoolClock(db, s.student.schoolId);
  const sessionId = await sessionIdForDate(db, today);
  const contact = await contactReach(s.student.id, sessionId);
  const [e] = sessionId
    ? await db
        .select({
          sectionId: enrolments.sectionId,
          sectionName: sections.sectionDefaultName,
          classId: enrolments.classId,
          className: classes.className,
          roll: enrolments.classRollNo,
        })
        .from(enrolments)
        .innerJoin(sections, eq(sections.id, enrolments.sectionId))
        .innerJoin(classes, eq(classes.id, enrolments.classId))
        .where(and(eq(enrolments.studentId, s.student.id), eq(enrolments.sessionId, sessionId)))
    : [];
  return [
    {
      id: s.student.id,
      full_name: studentNameOf(s.student),
      student_code: s.student.studentCode,
      section_id: e?.sectionId ?? null,
      section_default_name: e?.sectionName ?? null,
      class_id: e?.classId ?? null,
      class_name: e?.className ?? null,
      class_roll_no: e?.roll ?? null,
      school_info_id: s.student.schoolId,
      school_name: s.schoolName,
      address_district: s.district,
      address_division: s.division,
      mobile_no: contact ? s.student.mobileNo : '',
      email: contact ? s.student.email : '',
    },
  ];
}

/** The school's teachers by initial (a school has tens of teachers: not paged). */
export async function teachersOfSchool(db: DbOrTx, schoolId: number) {
  const rows = await db.select().from(teachers).where(eq(teachers.schoolId, schoolId)).orderBy(asc(teachers.initial));
  return rows.map((t) => ({
    id: t.id,
    initial: t.initial,
    full_name: teacherNameOf(t),
    teacher_code: t.teacherCode,
    mobile: t.mobile,
    designation: t.designation,
    email: t.email,
  }));
}

/**
 * The students enrolled in a class and section (or all) of the session (named, else the school's
 * current one; none: an empty page), in roll order, with a phone to reach their guardian. `reach`
 * is the sections a teacher's list stops at (scope.ts `sectionsInReach`), null for the school's.
 */
export async function sectionStudentsPage(
  db: DbOrTx,
  schoolId: number,
  q: z.output<typeof studentSectionQuery>,
  reach: (sessionId: number) => ReturnType<typeof sectionsInReach>,
) {
  const { today } = await schoolClock(db, schoolId);
  const sessionId = q.session_id ?? (await sessionIdForDate(db, today));
  if (!sessionId) return { total: 0, rows: [] };
  const where: SQL[] = [eq(enrolments.schoolId, schoolId), eq(enrolments.sessionId, sessionId)];
  if (q.class_id) where.push(eq(enrolments.classId, q.class_id));
  if (q.section_id) where.push(eq(enrolments.sectionId, q.section_id));
  // docs/DOMAIN.md, Records: a student who left is on no section's list from that date.
  where.push(onTheBooks(students.leftOn, today));
  // ALL sections: a teacher's are those they teach.
  const taught = reach(sessionId);
  if (taught) where.push(inArray(enrolments.sectionId, taught));
  const rows = await db
    .select({ s: students, e: enrolments, total: sql<number>`(count(*) over ())::int` })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .innerJoin(classes, eq(classes.id, enrolments.classId))
    .innerJoin(sections, eq(sections.id, enrolments.sectionId))
    .where(and(...where))
    .orderBy(asc(classes.sortOrder), asc(sections.sectionDefaultName), asc(enrolments.classRollNo), asc(enrolments.id))
    .limit(q.limit)
    .offset(q.offset);
  // A page past the end has no row to carry the window count: count apart.
  const total = rows[0]?.total ?? (q.offset ? await countEnrolled(db, where) : 0);
  return {
    total,
    rows: rows.map(({ s, e }) => ({
      id: s.id,
      student_id: s.id,
      student_code: s.studentCode,
      full_name: studentNameOf(s),
      mobile_no: s.mobileNo || s.fatherPhoneNumber || s.motherPhoneNumber,
      class_roll_no: e.classRollNo,
      enrolment_id: e.id,
      class_id: e.classId,
      section_id: e.sectionId,
    })),
  };
}

/** How many enrolments match, for a page past the end (where the window count has no row). */
async function countEnrolled(db: DbOrTx, where: SQL[]) {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(enrolments)
    // The list's conditions name the student (who left is not on it).
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .where(and(...where));
  return count;
}

/**
 * The school's students, newest first, each with their latest enrolment; searched by code, name,
 * mobile or roll (either digit set), kept to a class and section of that enrolment.
 */
export async function studentsOfSchoolPage(db: DbOrTx, schoolId: number, q: z.output<typeof studentAllQuery>) {
  const where: SQL[] = [eq(students.schoolId, schoolId)];
  // docs/DOMAIN.md, Records: the list is of the active unless the admin asks for everyone.
  if (q.include_inactive !== 'true') where.push(onTheBooks(students.leftOn, (await schoolClock(db, schoolId)).today));
  if (q.q) {
    const like = `%${q.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    const matches: SQL[] = [
      ilike(students.studentCode, like),
      ilike(students.firstName, like),
      ilike(students.lastName, like),
      ilike(studentFullNameSql(), like),
      ilike(students.mobileNo, like),
    ];
    // A roll is typed in either digit set ("২০" is 20), as mark entry accepts it.
    const roll = latinDigits(q.q);
    if (/^\d{1,6}$/.test(roll)) matches.push(eq(enrolments.classRollNo, Number(roll)));
    where.push(or(...matches)!);
  }
  if (q.class_id) where.push(eq(enrolments.classId, q.class_id));
  if (q.section_id) where.push(eq(enrolments.sectionId, q.section_id));
  // The latest enrolment: the newest session's (session years sort as text: "2026", "2026-27").
  const latest = sql`(
    select le.id from ${enrolments} le
    join ${academicSessions} ls on ls.id = le.session_id
    where le.student_id = ${students.id} and le.school_id = ${students.schoolId}
    order by ls.session_year desc, le.id desc
    limit 1
  )`;
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(students)
    .leftJoin(enrolments, eq(enrolments.id, latest))
    .where(and(...where));
  const rows = await db
    .select({
      s: students,
      e: enrolments,
      sessionYear: academicSessions.sessionYear,
      className: classes.className,
      sectionName: sections.sectionDefaultName,
    })
    .from(students)
    .leftJoin(enrolments, eq(enrolments.id, latest))
    .leftJoin(academicSessions, eq(academicSessions.id, enrolments.sessionId))
    .leftJoin(classes, eq(classes.id, enrolments.classId))
    .leftJoin(sections, eq(sections.id, enrolments.sectionId))
    .where(and(...where))
    .orderBy(desc(students.id))
    .limit(q.limit)
    .offset(q.offset);
  return {
    total: count,
    rows: rows.map(({ s, e, sessionYear, className, sectionName }) => ({
      id: s.id,
      student_code: s.studentCode,
      first_name: s.firstName,
      full_name: studentNameOf(s),
      mobile_no: s.mobileNo,
      email: s.email,
      session_year: sessionYear,
      class_id: e?.classId ?? null,
      class_name: className,
      section_id: e?.sectionId ?? null,
      section_default_name: sectionName,
      class_roll_no: e?.classRollNo ?? null,
      left_on: s.leftOn,
    })),
  };
}
