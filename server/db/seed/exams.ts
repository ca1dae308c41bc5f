/**
 * The demo's exams and marks: the previous session complete (four monthly class tests,
 * half-yearly and final Sub and MCQ, extra-curricular, for every subject of every section) and
 * published, so every demo student has a full grade sheet and every section a real ranking; and
 * the current session's first class tests (entered, not published) plus one still to enter.
 *
 * A demo simplification: the previous session keeps each student in the section they are in now
 * (the demo has one cohort), with a previous-session enrolment of its own, and this session's
 * weekly routine as its own (a copy under the previous session). A completed session has its
 * attendance, as a real one would: every school day of the previous year (not a weekly off day,
 * not a demo holiday) has its morning roll, the first period of each section's day, so its grade
 * sheets count Attendance (5%) and grade every subject on the full 100 (services/grades.ts). Only
 * the first period, to keep the seed's size near this session's four weeks of every period.
 * Deterministic (its own seeded PRNG), bulk inserts only.
 */
import { DateTime } from 'luxon';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { rowsOf } from '../rows';
import {
  academicSessions,
  attendanceMarks,
  attendanceTakings,
  enrolments,
  examMarks,
  examTypes,
  exams,
  periods,
  resultPublications,
  routines,
  schoolAdmins,
  schools,
  subjectRegistrations,
  subjects,
  teachers,
} from '../schema';
import { isDemoHoliday } from './calendar';
import { ensureExamTypes } from '../../services/exams';
import { createRng } from './random';

const PRNG_SEED = 0xe8a3_2026;
const ATTENDANCE_PRNG_SEED = 0xa77e_2025;
const MARK_BATCH_ROWS = 10_000;
const TAKING_BATCH_ROWS = 2_000;
/** The demo's weekly off days (day ids: 1 Sunday ... 7 Saturday), as in demo.ts. */
const WEEKLY_OFF_DAYS = [6, 7];
const dayIdOf = (d: DateTime) => (d.weekday % 7) + 1;

/** Full and converted marks per kind: class tests 20 (averaged: 20%), Sub 70→49 + MCQ 30→21 (70%), extra 10→5. */
export const MARKS_OF_KIND: Record<string, [full: number, converted: number]> = {
  class_test: [20, 20],
  half_yearly_sub: [70, 49],
  half_yearly_mcq: [30, 21],
  final_sub: [70, 49],
  final_mcq: [30, 21],
  extra_curricular: [10, 5],
};

/** Exam dates of the previous session by exam type order (month, day). */
export const PREVIOUS_DATES: [number, number][] = [
  [2, 20],
  [3, 20],
  [4, 17],
  [5, 15],
  [6, 15],
  [6, 17],
  [11, 18],
  [11, 20],
  [12, 4],
];

/**
 * Runs a bulk load with the table's foreign keys dropped and adds them back after it, as
 * PostgreSQL's "Populating a Database" advises: adding a key checks every row in one pass instead
 * of one lookup per row and key (~60k marks: 3.6 s -> 0.5 s of inserting). Nothing goes unchecked;
 * the definitions are read from the catalogue, so they cannot drift from the migrations. Only for
 * the seed (it takes the table's exclusive lock until the transaction ends).
 */
async function withForeignKeysCheckedOnce(tx: Tx, table: string, load: () => Promise<void>) {
  const found = await tx.execute(sql`
    select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
    where conrelid = ${table}::regclass and contype = 'f' order by conname`);
  const keys = rowsOf<{ name: string; def: string }>(found);
  for (const k of keys) await tx.execute(sql.raw(`alter table ${table} drop constraint ${k.name}`));
  await load();
  for (const k of keys) await tx.execute(sql.raw(`alter table ${table} add constraint ${k.name} ${k.def}`));
}

export async function seedExams(tx: Tx, today: DateTime): Promise<Record<string, number>> {
  const rng = createRng(PRNG_SEED);
  const year = today.year;
  await tx
    .insert(academicSessions)
    .values({ sessionYear: String(year - 1) })
    .onConflictDoNothing();
  const sessionRows = await tx.select().from(academicSessions);
  const current = sessionRows.find((s) => s.sessionYear === String(year))!.id;
  const previous = sessionRows.find((s) => s.sessionYear === String(year - 1))!.id;

  const schoolRows = await tx
    .select({ id: schools.id, adminUser: schoolAdmins.userId })
    .from(schools)
    .innerJoin(schoolAdmins, eq(schoolAdmins.schoolId, schools.id));
  for (const s of schoolRows) await ensureExamTypes(tx, s.id);
  const types = await tx.select().from(examTypes).orderBy(examTypes.schoolId, examTypes.sortOrder);

  // ---- previous-session enrolments: the same section, roll and group
  const now = await tx.select().from(enrolments).where(eq(enrolments.sessionId, current));
  const prevRows = await tx
    .insert(enrolments)
    .values(now.map(({ id: _id, ...e }) => ({ ...e, sessionId: previous })))
    .returning({ id: enrolments.id, studentId: enrolments.studentId, sectionId: enrolments.sectionId });

  // ---- what each section is taught, and by whom (the current routine's first teacher of it)
  const taught = await tx
    .selectDistinctOn([routines.sectionId, routines.subjectId], {
      schoolId: routines.schoolId,
      classId: routines.classId,
      sectionId: routines.sectionId,
      subjectId: routines.subjectId,
      teacherId: routines.teacherId,
      optional: subjects.optional,
      code: subjects.subjectCode,
    })
    .from(routines)
    .innerJoin(subjects, eq(subjects.id, routines.subjectId))
    .where(eq(routines.sessionId, current))
    .orderBy(routines.sectionId, routines.subjectId, routines.teacherId);
  // One optional (4th) subject a section: the lowest code (Higher Mathematics before Agriculture).
  const firstOptional = new Map<number, string>();
  for (const t of taught)
    if (t.optional && (!firstOptional.has(t.sectionId) || t.code < firstOptional.get(t.sectionId)!))
      firstOptional.set(t.sectionId, t.code);
  const offered = taught.filter((t) => !t.optional || firstOptional.get(t.sectionId) === t.code);

  // ---- previous session: every exam type for every subject of every section
  const previousExams = offered.flatMap((t) =>
    types
      .filter((ty) => ty.schoolId === t.schoolId)
      .map((ty, i) => {
        const [full, converted] = MARKS_OF_KIND[ty.kind];
        const [month, day] = PREVIOUS_DATES[i % PREVIOUS_DATES.length];
        return {
          schoolId: t.schoolId,
          sessionId: previous,
          examTypeId: ty.id,
          classId: t.classId,
          sectionId: t.sectionId,
          subjectId: t.subjectId,
          teacherId: t.teacherId,
          fullMarks: full,
          convertedMarks: converted,
          examDate: DateTime.fromObject({ year: year - 1, month, day }).toISODate()!,
        };
      }),
  );
  // ---- current session: the first two class tests held (a month apart, before today), the third to come
  const classTests = types.filter((ty) => ty.kind === 'class_test');
  const currentExams = offered.flatMap((t) =>
    classTests
      .filter((ty) => ty.schoolId === t.schoolId)
      .slice(0, 3)
      .map((ty, i) => ({
        schoolId: t.schoolId,
        sessionId: current,
        examTypeId: ty.id,
        classId: t.classId,
        sectionId: t.sectionId,
        subjectId: t.subjectId,
        teacherId: t.teacherId,
        fullMarks: 20,
        convertedMarks: 20,
        examDate: today.minus({ days: 56 - 28 * i }).toISODate()!,
      })),
  );
  const examRows = await tx
    .insert(exams)
    .values([...previousExams, ...currentExams])
    .returning({
      id: exams.id,
      schoolId: exams.schoolId,
      sectionId: exams.sectionId,
      sessionId: exams.sessionId,
      examDate: exams.examDate,
      fullMarks: exams.fullMarks,
      kindId: exams.examTypeId,
    });

  // ---- marks: each student has an ability; a paper is that ability give or take a little
  const ability = new Map<number, number>();
  for (const e of [...now].sort((a, b) => a.studentId - b.studentId)) ability.set(e.studentId, 0.3 + rng.next() * 0.65);
  const bySection = new Map<string, { enrolmentId: number; studentId: number }[]>();
  for (const e of prevRows) {
    const k = `${e.sectionId}|${previous}`;
    bySection.set(k, [...(bySection.get(k) ?? []), { enrolmentId: e.id, studentId: e.studentId }]);
  }
  for (const e of now) {
    const k = `${e.sectionId}|${current}`;
    bySection.set(k, [...(bySection.get(k) ?? []), { enrolmentId: e.id, studentId: e.studentId }]);
  }
  const kindOf = new Map(types.map((t) => [t.id, t.kind]));
  const todayIso = today.toISODate()!;
  const marks: { exam: number; enrolment: number; mark: number | null; absent: boolean; by: number }[] = [];
  const adminOf = new Map(schoolRows.map((s) => [s.id, s.adminUser]));
  for (const ex of examRows) {
    if (ex.examDate! >= todayIso) continue; // not held yet
    const classTest = kindOf.get(ex.kindId) === 'class_test';
    for (const st of bySection.get(`${ex.sectionId}|${ex.sessionId}`) ?? []) {
      const absent = classTest && rng.chance(0.03);
      const a = ability.get(st.studentId)! + (rng.next() - 0.5) * 0.25;
      const mark = Math.max(0, Math.min(ex.fullMarks, Math.round(a * ex.fullMarks)));
      marks.push({
        exam: ex.id,
        enrolment: st.enrolmentId,
        mark: absent ? null : mark,
        absent,
        by: adminOf.get(ex.schoolId)!,
      });
    }
  }
  await withForeignKeysCheckedOnce(tx, 'exam_marks', async () => {
    for (let i = 0; i < marks.length; i += MARK_BATCH_ROWS) {
      const part = marks.slice(i, i + MARK_BATCH_ROWS);
      // The mark repeats its exam's school, full marks, section and session (the foreign key checks them).
      await tx.execute(sql`
      insert into ${examMarks} (school_id, exam_id, full_marks, section_id, session_id, enrolment_id, marks_obtained, absent, entered_by_user_id)
      select x.school_id, x.id, x.full_marks, x.section_id, x.session_id, u.enrolment_id, u.mark, u.absent, u.by
      from unnest(${sql.param(part.map((m) => m.exam))}::int[], ${sql.param(part.map((m) => m.enrolment))}::int[],
                  ${sql.param(part.map((m) => m.mark))}::numeric[], ${sql.param(part.map((m) => m.absent))}::boolean[],
                  ${sql.param(part.map((m) => m.by))}::int[])
        as u(exam_id, enrolment_id, mark, absent, by)
      join ${exams} x on x.id = u.exam_id`);
    }
  });

  // ---- the previous session's subject registrations: each student the subjects their section was
  // examined in (their group's electives only), the optional one as their 4th subject
  const registered = await tx.execute(sql`
    insert into ${subjectRegistrations} (school_id, enrolment_id, class_id, subject_id, fourth)
    select distinct e.school_id, e.id, e.class_id, s.id, s.optional
    from ${exams} x
    join ${subjects} s on s.id = x.subject_id
    join ${enrolments} e on e.section_id = x.section_id and e.session_id = x.session_id
    where x.session_id = ${previous} and (s.group_id is null or s.group_id = e.group_id)`);

  // ---- the previous session's routine, and its morning roll on every school day (own PRNG: the
  // marks above stay as they were)
  const previousAttendance = await seedPreviousAttendance(tx, createRng(ATTENDANCE_PRNG_SEED), {
    year: year - 1,
    current,
    previous,
    prevRows,
  });

  // ---- the previous session's results are published (and so locked)
  await tx
    .insert(resultPublications)
    .values(schoolRows.map((s) => ({ schoolId: s.id, sessionId: previous, publishedByUserId: s.adminUser })));
  const [{ n: examCount }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(exams)
    .where(and(eq(exams.sessionId, previous)));
  return {
    ...previousAttendance,
    previousEnrolments: prevRows.length,
    previousExams: examCount,
    currentExams: currentExams.length,
    examMarks: marks.length,
    subjectRegistrations: (registered as unknown as { rowCount?: number }).rowCount ?? 0,
  };
}

/**
 * The previous session's routine (a copy of the current one) and its attendance: on each school
 * day of `year`, each section's first period of the day is taken, every enrolled student marked
 * (a student has an absence rate of their own, 2-14% of days). Returns the counts.
 */
async function seedPreviousAttendance(
  tx: Tx,
  rng: ReturnType<typeof createRng>,
  o: { year: number; current: number; previous: number; prevRows: { id: number; sectionId: number }[] },
): Promise<Record<string, number>> {
  await tx.execute(sql`
    insert into ${routines} (school_id, session_id, shift_id, class_id, section_id, day_id, period_id, subject_id, teacher_id, room)
    select school_id, ${o.previous}::int, shift_id, class_id, section_id, day_id, period_id, subject_id, teacher_id, room
    from ${routines} where session_id = ${o.current} order by id`);
  // Each section's first period of each day, with the time it starts and its teacher's account.
  const firsts = await tx
    .selectDistinctOn([routines.sectionId, routines.dayId], {
      id: routines.id,
      schoolId: routines.schoolId,
      sectionId: routines.sectionId,
      dayId: routines.dayId,
      startTime: periods.startTime,
      userId: teachers.userId,
    })
    .from(routines)
    .innerJoin(periods, eq(periods.id, routines.periodId))
    .innerJoin(teachers, eq(teachers.id, routines.teacherId))
    .where(eq(routines.sessionId, o.previous))
    .orderBy(routines.sectionId, routines.dayId, periods.serial);
  const byDay = new Map<number, typeof firsts>();
  for (const f of firsts) byDay.set(f.dayId, [...(byDay.get(f.dayId) ?? []), f]);

  const takings: (typeof attendanceTakings.$inferInsert)[] = [];
  const start = DateTime.fromObject({ year: o.year, month: 1, day: 1 });
  for (let d = start; d.year === o.year; d = d.plus({ days: 1 })) {
    const date = d.toISODate()!;
    if (WEEKLY_OFF_DAYS.includes(dayIdOf(d)) || isDemoHoliday(date)) continue;
    for (const f of byDay.get(dayIdOf(d)) ?? []) {
      const taken = DateTime.fromISO(`${date}T${f.startTime}`).plus({ minutes: 3 + rng.int(0, 9) });
      takings.push({
        schoolId: f.schoolId,
        routineId: f.id,
        date,
        takenTime: taken.toFormat('HH:mm:ss'),
        takenByUserId: f.userId,
      });
    }
  }
  const taken: { id: number; routineId: number }[] = [];
  for (let i = 0; i < takings.length; i += TAKING_BATCH_ROWS)
    taken.push(
      ...(await tx
        .insert(attendanceTakings)
        .values(takings.slice(i, i + TAKING_BATCH_ROWS))
        .returning({ id: attendanceTakings.id, routineId: attendanceTakings.routineId })),
    );

  const sectionOfRoutine = new Map(firsts.map((f) => [f.id, f.sectionId]));
  const pupils = new Map<number, number[]>();
  for (const e of [...o.prevRows].sort((a, b) => a.id - b.id))
    pupils.set(e.sectionId, [...(pupils.get(e.sectionId) ?? []), e.id]);
  const absenceRate = new Map(o.prevRows.map((e) => [e.id, 0.02 + rng.next() * 0.12]));
  const marks: { taking: number; enrolment: number; status: number }[] = [];
  for (const t of taken)
    for (const enrolment of pupils.get(sectionOfRoutine.get(t.routineId)!) ?? [])
      marks.push({
        taking: t.id,
        enrolment,
        status: rng.chance(absenceRate.get(enrolment)!) ? 0 : 1,
      });
  for (let i = 0; i < marks.length; i += MARK_BATCH_ROWS) {
    const part = marks.slice(i, i + MARK_BATCH_ROWS);
    // The mark repeats its taking's school, routine and date (the foreign key checks they agree).
    await tx.execute(sql`
      insert into ${attendanceMarks} (school_id, taking_id, routine_id, date, enrolment_id, status)
      select t.school_id, u.taking_id, t.routine_id, t.date, u.enrolment_id, u.status
      from unnest(${sql.param(part.map((m) => m.taking))}::int[], ${sql.param(part.map((m) => m.enrolment))}::int[],
                  ${sql.param(part.map((m) => m.status))}::smallint[])
        as u(taking_id, enrolment_id, status)
      join ${attendanceTakings} t on t.id = u.taking_id`);
  }
  return { previousTakings: taken.length, previousAttendanceMarks: marks.length };
}
