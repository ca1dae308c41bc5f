/**
 * Teachers and students: profiles and lists, always within a school the caller may see; which
 * students and sections of it a caller reaches is server/auth/scope.ts's to say.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  SECTION_STUDENTS_PAGE,
  STUDENT_LIST_PAGE,
  sectionStudentRow,
  studentAllQuery,
  studentListRow,
  studentProfile,
  studentProfileQuery,
  studentSectionQuery,
  teacherFilterQuery,
  teacherListRow,
  teacherProfile,
  teacherProfileQuery,
} from '@/api/schemas/people';
import { reachesStudent, sectionInScope, sectionsInReach, studentInScope } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import { latinDigits } from '@/i18n/digits';
import { academicSessions, classes, divisions, enrolments, schools, sections, students, teachers } from '../db/schema';
import { notFound } from '../errors';
import { studentFullName as studentFullNameSql } from '../services/names';
import { schoolClock, sessionIdForDate } from '../services/school-time';
import { studentFullName, teacherFullName } from './users';

export async function peopleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  app.get(
    '/teacher/profile',
    {
      config: { action: 'teacher.profile' },
      schema: { querystring: teacherProfileQuery, response: { 200: teacherProfile } },
    },
    async (req) => {
      const [t] = await db.select().from(teachers).where(eq(teachers.id, req.query.teacher_id));
      if (!t) throw notFound('Teacher');
      await schoolOf(req, t.schoolId);
      return {
        id: t.id,
        full_name: teacherFullName(t),
        teacher_code: t.teacherCode,
        initial: t.initial,
        mobile: t.mobile,
        email: t.email,
        designation: t.designation,
        school_info_id: t.schoolId,
      };
    },
  );

  app.get(
    '/student/profile',
    {
      config: { action: 'student.profile' },
      schema: {
        description:
          'One student’s card (a list of one). A student reads only their own; a school admin or viewer any of ' +
          'the school’s; a teacher any of the school’s, with mobile_no and email empty unless the student is in a ' +
          'section they teach this session.',
        querystring: studentProfileQuery,
        response: { 200: z.array(studentProfile) },
      },
    },
    async (req) => {
      // A student's own record; for staff, a student of a school they may see.
      const { id: studentId } = await studentInScope(req, req.query.student_id);
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
      // A teacher sees any pupil's card of the school (name, class, roll), but the mobile and
      // e-mail only of the pupils they teach this session: the rest answer them empty.
      const contact = await reachesStudent(req, s.student.id, sessionId);
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
          full_name: studentFullName(s.student),
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
    },
  );

  app.get(
    '/teacher/filter',
    {
      config: { action: 'teacher.list' },
      schema: {
        querystring: teacherFilterQuery,
        response: { 200: z.array(teacherListRow) },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      const rows = await db
        .select()
        .from(teachers)
        .where(eq(teachers.schoolId, schoolId))
        .orderBy(asc(teachers.initial));
      return rows.map((t) => ({
        id: t.id,
        initial: t.initial,
        full_name: teacherFullName(t),
        teacher_code: t.teacherCode,
        mobile: t.mobile,
        designation: t.designation,
        email: t.email,
      }));
    },
  );

  app.get(
    '/student/section',
    {
      config: { action: 'student.section' },
      schema: {
        description:
          'The students enrolled in a class and section (0 = ALL) in roll order, with a phone to reach their ' +
          'guardian. A teacher sees only the sections they teach (a routine row of theirs in the session): ' +
          'naming another section is 403, ALL means all of their sections. A school admin or viewer sees any ' +
          `section of the school. A bare list, paged by limit (default ${SECTION_STUDENTS_PAGE.defaultLimit}, ` +
          `at most ${SECTION_STUDENTS_PAGE.maxLimit}) and offset; the total is in the X-Total-Count header.`,
        querystring: studentSectionQuery,
        response: { 200: z.array(sectionStudentRow) },
      },
    },
    async (req, reply) => {
      // Guardians' phones are for the people who teach the class, not for every teacher: a teacher
      // names only a section they teach in the session (server/auth/scope.ts).
      const schoolId = req.query.section_id
        ? (
            await sectionInScope(req, req.query.section_id, {
              schoolInfoId: req.query.school_info_id,
              sessionId: req.query.session_id,
            })
          ).schoolId
        : await schoolOf(req, req.query.school_info_id);
      const { today } = await schoolClock(db, schoolId);
      const sessionId = req.query.session_id ?? (await sessionIdForDate(db, today));
      if (!sessionId) {
        reply.header('x-total-count', '0');
        return [];
      }
      const where: SQL[] = [eq(enrolments.schoolId, schoolId), eq(enrolments.sessionId, sessionId)];
      if (req.query.class_id) where.push(eq(enrolments.classId, req.query.class_id));
      if (req.query.section_id) where.push(eq(enrolments.sectionId, req.query.section_id));
      // ALL sections: a teacher's are those they teach.
      const reach = sectionsInReach(req, sessionId);
      if (reach) where.push(inArray(enrolments.sectionId, reach));
      const rows = await db
        .select({ s: students, e: enrolments, total: sql<number>`(count(*) over ())::int` })
        .from(enrolments)
        .innerJoin(students, eq(students.id, enrolments.studentId))
        .innerJoin(classes, eq(classes.id, enrolments.classId))
        .innerJoin(sections, eq(sections.id, enrolments.sectionId))
        .where(and(...where))
        .orderBy(
          asc(classes.sortOrder),
          asc(sections.sectionDefaultName),
          asc(enrolments.classRollNo),
          asc(enrolments.id),
        )
        .limit(req.query.limit)
        .offset(req.query.offset);
      reply.header('x-total-count', String(rows[0]?.total ?? (req.query.offset ? await countEnrolled(where) : 0)));
      return rows.map(({ s, e }) => ({
        id: s.id,
        student_id: s.id,
        student_code: s.studentCode,
        full_name: studentFullName(s),
        mobile_no: s.mobileNo || s.fatherPhoneNumber || s.motherPhoneNumber,
        class_roll_no: e.classRollNo,
        enrolment_id: e.id,
        class_id: e.classId,
        section_id: e.sectionId,
      }));
    },
  );

  /** How many enrolments match, for a page past the end (where the window count has no row). */
  const countEnrolled = async (where: SQL[]) => {
    const [{ count }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(enrolments)
      .where(and(...where));
    return count;
  };

  app.get(
    '/student/all',
    {
      config: { action: 'student.list' },
      schema: {
        description:
          'The school’s students, newest first, each with where they are placed (class, section and roll of ' +
          'their latest enrolment). Searched by q: a student code, any part of a name or mobile number, or a roll number ' +
          '(Latin or Bangla digits); class_id and section_id keep the students placed there. A bare list, ' +
          `paged by limit (default ${STUDENT_LIST_PAGE.defaultLimit}, at most ${STUDENT_LIST_PAGE.maxLimit}) ` +
          'and offset; the total is in the X-Total-Count header.',
        querystring: studentAllQuery,
        response: { 200: z.array(studentListRow) },
      },
    },
    async (req, reply) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      const where: SQL[] = [eq(students.schoolId, schoolId)];
      if (req.query.q) {
        const like = `%${req.query.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
        const matches: SQL[] = [
          ilike(students.studentCode, like),
          ilike(students.firstName, like),
          ilike(students.lastName, like),
          ilike(studentFullNameSql(), like),
          ilike(students.mobileNo, like),
        ];
        // A roll is typed in either digit set ("২০" is 20), as mark entry accepts it.
        const roll = latinDigits(req.query.q);
        if (/^\d{1,6}$/.test(roll)) matches.push(eq(enrolments.classRollNo, Number(roll)));
        where.push(or(...matches)!);
      }
      if (req.query.class_id) where.push(eq(enrolments.classId, req.query.class_id));
      if (req.query.section_id) where.push(eq(enrolments.sectionId, req.query.section_id));
      // The latest enrolment: the newest session's (session years sort as text: "2026", "2026-27").
      const latest = sql`(
        select le.id from ${enrolments} le
        join ${academicSessions} ls on ls.id = le.session_id
        where le.student_id = ${students.id} and le.school_id = ${students.schoolId}
        order by ls.session_year desc, le.id desc
        limit 1
      )`;
      const placed = () =>
        db
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
          .leftJoin(sections, eq(sections.id, enrolments.sectionId));
      const [{ count }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(students)
        .leftJoin(enrolments, eq(enrolments.id, latest))
        .where(and(...where));
      reply.header('x-total-count', String(count));
      const rows = await placed()
        .where(and(...where))
        .orderBy(desc(students.id))
        .limit(req.query.limit)
        .offset(req.query.offset);
      return rows.map(({ s, e, sessionYear, className, sectionName }) => ({
        id: s.id,
        student_code: s.studentCode,
        first_name: s.firstName,
        full_name: studentFullName(s),
        mobile_no: s.mobileNo,
        email: s.email,
        session_year: sessionYear,
        class_id: e?.classId ?? null,
        class_name: className,
        section_id: e?.sectionId ?? null,
        section_default_name: sectionName,
        class_roll_no: e?.classRollNo ?? null,
      }));
    },
  );
}
