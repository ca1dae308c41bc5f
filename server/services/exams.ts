/**
 * Exams and marks: the school's exam types, the exam list, who may enter an exam's marks, saving
 * marks with their audit trail, the session's publication and lock, and the grade sheets of a
 * whole section (computed by services/grades.ts from a bounded number of queries, whatever the
 * section's size).
 */
import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue, PgSelect } from 'drizzle-orm/pg-core';
import { EXAM_CODES, type ExamKind, type MarkValue } from '@/api/schemas/exams';
import { ApiError } from '../errors';
import { clock } from '../clock';
import type { HotCache } from '../cache/hot-cache';
import type { DbOrTx } from '../db/client';
import { pageWithTotal, preparedByShape, preparedFor } from '../db/prepared';
import {
  academicSessions,
  attendanceMarks,
  classes,
  divisions,
  enrolments,
  examMarkAudit,
  examMarks,
  examTypes,
  exams,
  resultPublications,
  routines,
  schools,
  sections,
  students,
  subjects,
  teachers,
} from '../db/schema';
import { studentFullName } from './names';
import { listedNameBn } from './bangla-names';
import { positions, yearResult, type SubjectInput, type YearResult } from './grades';
import { sectionRegistrations } from './subject-registration';
import { activityRates } from './activities';
import { subjectActivityRates } from './subject-activities';

/** The exam types every school starts with (renameable; more class tests may follow). */
export const DEFAULT_EXAM_TYPES: { kind: ExamKind; examName: string }[] = [
  { kind: 'class_test', examName: 'Monthly Class Test 1' },
  { kind: 'class_test', examName: 'Monthly Class Test 2' },
  { kind: 'class_test', examName: 'Monthly Class Test 3' },
  { kind: 'class_test', examName: 'Monthly Class Test 4' },
  { kind: 'half_yearly_sub', examName: 'Half Yearly (Sub)' },
  { kind: 'half_yearly_mcq', examName: 'Half Yearly (MCQ)' },
  { kind: 'final_sub', examName: 'Final (Sub)' },
  { kind: 'final_mcq', examName: 'Final (MCQ)' },
  { kind: 'extra_curricular', examName: 'Extra Curricular' },
];

/** Gives a school the default exam types if it has none yet (safe to race: the names are unique). */
export async function ensureExamTypes(db: DbOrTx, schoolId: number): Promise<void> {
  const names = DEFAULT_EXAM_TYPES.map((t) => t.examName);
  const kinds = DEFAULT_EXAM_TYPES.map((t) => t.kind);
  const namesBn = names.map((n) => listedNameBn('exam_types', n));
  await db.execute(sql`
    insert into ${examTypes} (school_id, kind, exam_name, exam_name_bn, sort_order)
    select ${schoolId}::int, u.kind, u.exam_name, u.exam_name_bn, u.ord::smallint
    from unnest(${sql.param(kinds)}::varchar[], ${sql.param(names)}::varchar[], ${sql.param(namesBn)}::varchar[])
      with ordinality as u(kind, exam_name, exam_name_bn, ord)
    where not exists (select 1 from ${examTypes} where school_id = ${schoolId})
    on conflict do nothing`);
}

export function listExamTypes(db: DbOrTx, schoolId: number) {
  return db
    .select({
      id: examTypes.id,
      exam_name: examTypes.examName,
      exam_name_bn: examTypes.examNameBn,
      kind: examTypes.kind,
      sort_order: examTypes.sortOrder,
    })
    .from(examTypes)
    .where(eq(examTypes.schoolId, schoolId))
    .orderBy(asc(examTypes.sortOrder), asc(examTypes.id)) as unknown as Promise<
    { id: number; exam_name: string; exam_name_bn: string; kind: ExamKind; sort_order: number }[]
  >;
}

// ---------------------------------------------------------------- the exam list

export const examInfoFields = {
  id: exams.id,
  session_id: exams.sessionId,
  session_year: academicSessions.sessionYear,
  exam_name_id: exams.examTypeId,
  exam_name: examTypes.examName,
  kind: sql<ExamKind>`${examTypes.kind}`,
  class_id: exams.classId,
  class_name: classes.className,
  section_id: exams.sectionId,
  section_default_name: sections.sectionDefaultName,
  subject_id: exams.subjectId,
  subject_name: subjects.subjectName,
  teacher_id: exams.teacherId,
  initial: teachers.initial,
  full_marks: exams.fullMarks,
  converted_marks: exams.convertedMarks,
  exam_date: exams.examDate,
};

function joinExam<T extends PgSelect>(qb: T) {
  return qb
    .innerJoin(academicSessions, eq(academicSessions.id, exams.sessionId))
    .innerJoin(examTypes, eq(examTypes.id, exams.examTypeId))
    .innerJoin(classes, eq(classes.id, exams.classId))
    .innerJoin(sections, eq(sections.id, exams.sectionId))
    .innerJoin(subjects, eq(subjects.id, exams.subjectId))
    .leftJoin(teachers, eq(teachers.id, exams.teacherId));
}

export const selectExamInfo = (db: DbOrTx) => joinExam(db.select(examInfoFields).from(exams).$dynamic());
export type ExamInfo = Awaited<ReturnType<ReturnType<typeof selectExamInfo>['execute']>>[number];

export const examListOrder = [
  desc(academicSessions.sessionYear),
  asc(classes.sortOrder),
  asc(sections.sectionDefaultName),
  asc(subjects.subjectCode),
  asc(examTypes.sortOrder),
];

const ph = (name: string) => sql.placeholder(name);

/**
 * The hot lookups of mark entry (a teacher opens a sheet, saves, opens the next) as prepared
 * statements: the exam with its six joins was planned afresh on every call, ~2 ms of the
 * database's CPU per sheet at district size for 0.3 ms of execution.
 */
const examByIdStatement = preparedFor((db: DbOrTx) =>
  joinExam(
    db
      .select({ ...examInfoFields, school_id: exams.schoolId })
      .from(exams)
      .$dynamic(),
  )
    .where(eq(exams.id, ph('examId')))
    .prepare('exam_by_id'),
);

export async function examById(db: DbOrTx, examId: number): Promise<(ExamInfo & { school_id: number }) | null> {
  const [row] = await examByIdStatement(db).execute({ examId });
  return row ?? null;
}

// ---------------------------------------------------------------- who may enter marks

/**
 * Whether a teacher teaches a subject to a section in a session: a routine entry says so, or the
 * exam names them as its teacher.
 */
export async function teacherTeaches(
  db: DbOrTx,
  teacherId: number,
  exam: { id: number; section_id: number; subject_id: number; session_id: number; teacher_id: number | null },
): Promise<boolean> {
  if (exam.teacher_id === teacherId) return true;
  const [row] = await teachesStatement(db).execute({
    teacherId,
    sectionId: exam.section_id,
    subjectId: exam.subject_id,
    sessionId: exam.session_id,
  });
  return !!row;
}
const teachesStatement = preparedFor((db: DbOrTx) =>
  db
    .select({ id: routines.id })
    .from(routines)
    .where(
      and(
        eq(routines.teacherId, ph('teacherId')),
        eq(routines.sectionId, ph('sectionId')),
        eq(routines.subjectId, ph('subjectId')),
        eq(routines.sessionId, ph('sessionId')),
      ),
    )
    .limit(1)
    .prepare('exam_teacher_teaches'),
);

// ---------------------------------------------------------------- publication

export interface Publication {
  published: boolean;
  locked: boolean;
  publishedAt: Date | null;
  unlockedAt: Date | null;
}

const publicationStatement = preparedFor((db: DbOrTx) =>
  db
    .select({
      published: resultPublications.published,
      locked: resultPublications.locked,
      publishedAt: resultPublications.publishedAt,
      unlockedAt: resultPublications.unlockedAt,
    })
    .from(resultPublications)
    .where(and(eq(resultPublications.schoolId, ph('schoolId')), eq(resultPublications.sessionId, ph('sessionId'))))
    .prepare('exam_publication'),
);

export async function publicationOf(db: DbOrTx, schoolId: number, sessionId: number): Promise<Publication> {
  const [row] = await publicationStatement(db).execute({ schoolId, sessionId });
  return row ?? { published: false, locked: false, publishedAt: null, unlockedAt: null };
}

// ---------------------------------------------------------------- marks

export const markOf = (marksObtained: number | null, absent: boolean): MarkValue => (absent ? 'absent' : marksObtained);

/** The marks entry sheet of an exam: every student enrolled in its section, with their mark if any. */
export async function markSheet(db: DbOrTx, exam: { id: number; section_id: number; session_id: number }) {
  const rows = await markSheetStatement(db).execute({
    examId: exam.id,
    sectionId: exam.section_id,
    sessionId: exam.session_id,
  });
  return rows.map(({ marksObtained, absent, ...r }) => ({ ...r, marks_obtained: markOf(marksObtained, !!absent) }));
}
const markSheetStatement = preparedFor((db: DbOrTx) =>
  db
    .select({
      student_id: students.id,
      student_code: students.studentCode,
      name: studentFullName(),
      class_roll_no: enrolments.classRollNo,
      mark_id: examMarks.id,
      marksObtained: examMarks.marksObtained,
      absent: examMarks.absent,
    })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .leftJoin(examMarks, and(eq(examMarks.enrolmentId, enrolments.id), eq(examMarks.examId, ph('examId'))))
    .where(and(eq(enrolments.sectionId, ph('sectionId')), eq(enrolments.sessionId, ph('sessionId'))))
    .orderBy(asc(enrolments.classRollNo))
    .prepare('exam_mark_sheet'),
);

export const lockedError = () =>
  new ApiError(
    409,
    EXAM_CODES.locked,
    'The results of this session are published and marks are locked. The school admin can unlock them.',
  );

export type NewMark = { enrolmentId: number; value: number | 'absent' | null };

export interface SavedMarks {
  /** How many students' marks changed (and were audited). */
  count: number;
  /** Enrolments whose newer mark stood against a queued save (see saveMarks); [] otherwise. */
  kept: number[];
}

/**
 * Saves changed marks of one exam in one transaction and audits each change. Values equal to the
 * stored ones are skipped (not counted, not audited).
 *
 * THE OFFLINE CONFLICT RULE FOR MARKS (as attendance's, README "Offline attendance"): a
 * save queued on a phone carries `enteredAt`, when the teacher saved it there (bounded by the
 * route, services/queued-time.ts). A sent mark whose (exam, enrolment) any save changed after that
 * (an audit row entered after it: set, changed, cleared or deleted; a queued change counts from
 * its own entered_at, an online one from its changed_at) is not written: the newer mark stands and
 * the enrolment is reported in `kept`, unless the phone's value equals the mark as it stands (then
 * there is nothing to keep or save). So a queue sent days later, or replayed after its idempotency
 * answer was purged, never overwrites what a colleague or the admin changed meanwhile, and a
 * replay of a save already applied changes nothing. Without `enteredAt` every change applies.
 */
export async function saveMarks(
  db: DbOrTx,
  exam: { id: number; school_id: number; full_marks: number; section_id: number; session_id: number },
  userId: number,
  marks: NewMark[],
  opts: { enteredAt?: string | null } = {},
): Promise<SavedMarks> {
  const enteredAt = opts.enteredAt ? new Date(opts.enteredAt).toISOString() : null;
  // The change's time on the server's clock (server/clock.ts): a queued save's entered_at (the
  // phone's claim, bounded by that clock) is compared with it.
  const changedAt = new Date(clock.now());
  return db.transaction(async (tx) => {
    // Publishing updates this row: a save waits for (or blocks) a publish, never slips past one.
    const [publication] = await tx
      .select({ locked: resultPublications.locked })
      .from(resultPublications)
      .where(and(eq(resultPublications.schoolId, exam.school_id), eq(resultPublications.sessionId, exam.session_id)))
      .for('share');
    if (publication?.locked) throw lockedError();
    // One save of an exam at a time: a queued save's look at the audit trail below then sees every
    // change committed before it (the marks' row locks miss a first mark two saves insert at once).
    // No key update: the marks' own foreign keys (key share) are not blocked.
    await tx.execute(sql`select 1 from ${exams} where ${exams.id} = ${exam.id} for no key update`);
    const ids = marks.map((m) => m.enrolmentId);
    const existing = await tx
      .select({
        id: examMarks.id,
        enrolmentId: examMarks.enrolmentId,
        marksObtained: examMarks.marksObtained,
        absent: examMarks.absent,
      })
      .from(examMarks)
      .where(and(eq(examMarks.examId, exam.id), inArray(examMarks.enrolmentId, ids)))
      .for('update');
    const byEnrolment = new Map(existing.map((e) => [e.enrolmentId, e]));
    // Changed after the phone's entry: entered_at is never after changed_at, so the range on
    // (exam_id, changed_at) (exam_mark_audit_exam_idx) bounds the look.
    const newer = enteredAt
      ? new Set(
          (
            await tx
              .selectDistinct({ enrolmentId: examMarkAudit.enrolmentId })
              .from(examMarkAudit)
              .where(
                and(
                  eq(examMarkAudit.examId, exam.id),
                  gt(examMarkAudit.changedAt, new Date(enteredAt)),
                  inArray(examMarkAudit.enrolmentId, ids),
                  sql`coalesce(${examMarkAudit.enteredAt}, ${examMarkAudit.changedAt}) > ${enteredAt}::timestamptz`,
                ),
              )
          ).map((r) => r.enrolmentId),
        )
      : new Set<number>();
    const upserts: (typeof examMarks.$inferInsert)[] = [];
    const deletes: number[] = [];
    const audits: PgInsertValue<typeof examMarkAudit>[] = [];
    const kept: number[] = [];
    for (const m of marks) {
      const old = byEnrolment.get(m.enrolmentId);
      const oldValue = old ? markOf(old.marksObtained, old.absent) : null;
      if (oldValue === m.value) continue;
      if (newer.has(m.enrolmentId)) {
        kept.push(m.enrolmentId);
        continue;
      }
      if (m.value === null) deletes.push(old!.id);
      else
        upserts.push({
          schoolId: exam.school_id,
          examId: exam.id,
          fullMarks: exam.full_marks,
          sectionId: exam.section_id,
          sessionId: exam.session_id,
          enrolmentId: m.enrolmentId,
          marksObtained: m.value === 'absent' ? null : m.value,
          absent: m.value === 'absent',
          enteredByUserId: userId,
        });
      audits.push({
        schoolId: exam.school_id,
        examId: exam.id,
        enrolmentId: m.enrolmentId,
        changedByUserId: userId,
        // A phone's clock up to a few minutes fast: never after the change itself.
        changedAt,
        enteredAt: enteredAt ? sql`least(${enteredAt}::timestamptz, ${changedAt.toISOString()}::timestamptz)` : null,
        oldMark: typeof oldValue === 'number' ? oldValue : null,
        oldAbsent: oldValue === 'absent',
        newMark: typeof m.value === 'number' ? m.value : null,
        newAbsent: m.value === 'absent',
      });
    }
    if (upserts.length)
      await tx
        .insert(examMarks)
        .values(upserts)
        .onConflictDoUpdate({
          target: [examMarks.examId, examMarks.enrolmentId, examMarks.schoolId],
          set: {
            marksObtained: sql`excluded.marks_obtained`,
            absent: sql`excluded.absent`,
            enteredByUserId: sql`excluded.entered_by_user_id`,
            updatedAt: sql`now()`,
          },
        });
    if (deletes.length) await tx.delete(examMarks).where(inArray(examMarks.id, deletes));
    if (audits.length) await tx.insert(examMarkAudit).values(audits);
    return { count: audits.length, kept };
  });
}

// ---------------------------------------------------------------- grade sheets

export interface SectionSheets {
  school: { name: string; division: string; address: string };
  sessionYear: string;
  className: string;
  sectionName: string;
  students: {
    enrolmentId: number;
    studentId: number;
    studentCode: string;
    name: string;
    classRollNo: number;
    attendanceRate: number | null;
    result: YearResult;
    position: number;
  }[];
}

/**
 * Every student's grade sheet of a section in a session, ranked. Eight queries whatever the size:
 * the section and school, its exams, their marks, its enrolments, their attendance, their subject
 * registrations (the registered 4th subject; see services/grades.ts), their activity marks and
 * their subject activity marks (the Extra Curriculum 5%).
 */
/**
 * `sectionSheets`, computed once per section and session while nothing of the school changes
 * (HotCache.sectionResults): forty grade sheets of one section share one ranking.
 */
export async function sectionSheetsKept(
  db: DbOrTx,
  cache: HotCache,
  schoolId: number,
  sectionId: number,
  sessionId: number,
): Promise<SectionSheets | null> {
  const kept = cache.sectionResults.get(`${sectionId} ${sessionId}`);
  if (kept && kept.schoolId === schoolId) return kept.value as SectionSheets | null;
  const mark = cache.resultsMark(schoolId, sectionId);
  const sheets = await sectionSheets(db, sectionId, sessionId);
  cache.keepSectionResults(sectionId, sessionId, schoolId, sheets, mark);
  return sheets;
}

export async function sectionSheets(db: DbOrTx, sectionId: number, sessionId: number): Promise<SectionSheets | null> {
  const [head] = await db
    .select({
      schoolName: schools.schoolName,
      division: divisions.name,
      district: schools.district,
      upazilla: schools.upazilla,
      street: schools.street,
      sessionYear: academicSessions.sessionYear,
      className: classes.className,
      sectionName: sections.sectionDefaultName,
    })
    .from(sections)
    .innerJoin(schools, eq(schools.id, sections.schoolId))
    .leftJoin(divisions, eq(divisions.id, schools.divisionId))
    .innerJoin(classes, eq(classes.id, sections.classId))
    .innerJoin(academicSessions, eq(academicSessions.id, sessionId))
    .where(eq(sections.id, sectionId));
  if (!head) return null;

  const examRows = await db
    .select({
      id: exams.id,
      kind: examTypes.kind,
      fullMarks: exams.fullMarks,
      convertedMarks: exams.convertedMarks,
      subjectId: subjects.id,
      subjectName: subjects.subjectName,
      subjectCode: subjects.subjectCode,
      groupId: subjects.groupId,
      optional: subjects.optional,
    })
    .from(exams)
    .innerJoin(examTypes, eq(examTypes.id, exams.examTypeId))
    .innerJoin(subjects, eq(subjects.id, exams.subjectId))
    .where(and(eq(exams.sectionId, sectionId), eq(exams.sessionId, sessionId)))
    .orderBy(asc(subjects.optional), asc(subjects.subjectCode), asc(examTypes.sortOrder));

  const markRows = await db
    .select({
      examId: examMarks.examId,
      enrolmentId: examMarks.enrolmentId,
      marksObtained: examMarks.marksObtained,
      absent: examMarks.absent,
    })
    .from(examMarks)
    .where(and(eq(examMarks.sectionId, sectionId), eq(examMarks.sessionId, sessionId)));
  const markAt = new Map(markRows.map((m) => [`${m.examId}|${m.enrolmentId}`, markOf(m.marksObtained, m.absent)]));

  const people = await db
    .select({
      enrolmentId: enrolments.id,
      studentId: students.id,
      studentCode: students.studentCode,
      name: studentFullName(),
      classRollNo: enrolments.classRollNo,
      groupId: enrolments.groupId,
    })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .where(and(eq(enrolments.sectionId, sectionId), eq(enrolments.sessionId, sessionId)))
    .orderBy(asc(enrolments.classRollNo));

  const attendance = people.length
    ? await db
        .select({
          enrolmentId: attendanceMarks.enrolmentId,
          present: sql<number>`count(*) filter (where ${attendanceMarks.status} = 1)::int`,
          taken: sql<number>`count(*)::int`,
        })
        .from(attendanceMarks)
        .where(
          inArray(
            attendanceMarks.enrolmentId,
            people.map((p) => p.enrolmentId),
          ),
        )
        .groupBy(attendanceMarks.enrolmentId)
    : [];
  const rateOf = new Map(attendance.map((a) => [a.enrolmentId, a.taken ? a.present / a.taken : null]));
  const registered = people.length ? await sectionRegistrations(db, sectionId, sessionId) : new Map();
  const activityRateOf = people.length
    ? await activityRates(
        db,
        people.map((p) => p.enrolmentId),
      )
    : new Map<number, number>();

  const subjectActivityRateOf = people.length
    ? await subjectActivityRates(db, sectionId, sessionId)
    : new Map<number, Map<number, number>>();

  const computed = people.map((p) => {
    const reg = registered.get(p.enrolmentId);
    const subjectsOf = new Map<number, SubjectInput>();
    for (const e of examRows) {
      // Group electives belong to their group's students only.
      if (e.groupId !== null && e.groupId !== p.groupId) continue;
      let s = subjectsOf.get(e.subjectId);
      if (!s) {
        // An optional subject registered as compulsory is never taken as the 4th.
        const optional = e.optional && !reg?.compulsory.has(e.subjectId);
        s = { subjectId: e.subjectId, subjectName: e.subjectName, optional, exams: [] };
        subjectsOf.set(e.subjectId, s);
      }
      s.exams.push({
        kind: e.kind as ExamKind,
        fullMarks: e.fullMarks,
        convertedMarks: e.convertedMarks,
        mark: markAt.get(`${e.id}|${p.enrolmentId}`) ?? null,
      });
    }
    const attendanceRate = rateOf.get(p.enrolmentId) ?? null;
    const activityRate = activityRateOf.get(p.enrolmentId) ?? null;
    return {
      ...p,
      attendanceRate,
      result: yearResult(
        [...subjectsOf.values()],
        attendanceRate,
        reg?.fourth ?? null,
        activityRate,
        subjectActivityRateOf.get(p.enrolmentId) ?? null,
      ),
    };
  });
  const ranked = positions(
    computed.map((c) => ({ key: c.enrolmentId, gpa: c.result.gpa, totalMarks: c.result.totalMarks })),
  );
  return {
    school: {
      name: head.schoolName,
      division: head.division ?? '',
      address: [head.street, head.upazilla, head.district].filter(Boolean).join(', '),
    },
    sessionYear: head.sessionYear,
    className: head.className,
    sectionName: head.sectionName,
    students: computed.map(({ groupId: _g, ...c }) => ({ ...c, position: ranked.get(c.enrolmentId)! })),
  };
}

/** The filters of the exam list as SQL. */
/** The exam list's optional filters, in the order of a statement's shape. */
const EXAM_LIST_FILTERS = [
  ['session_id', exams.sessionId],
  ['class_id', exams.classId],
  ['section_id', exams.sectionId],
  ['subject_id', exams.subjectId],
  ['exam_name_id', exams.examTypeId],
] as const;
type ExamListFilters = Partial<Record<(typeof EXAM_LIST_FILTERS)[number][0], number>>;

/** The exam list's conditions for a shape: the school, the filters present, a teacher's reach. */
function examListWhere(shape: string) {
  const where: SQL[] = [eq(exams.schoolId, ph('schoolId'))];
  EXAM_LIST_FILTERS.forEach(([name, column], i) => {
    if (shape[i] === '1') where.push(eq(column, ph(name)));
  });
  // A teacher's list is what they may enter marks for: what they teach (routines), or exams naming them.
  if (shape[EXAM_LIST_FILTERS.length] === 't') {
    where.push(
      sql`(${exams.teacherId} = ${ph('teacherId')} or exists (select 1 from ${routines} r where r.teacher_id = ${ph('teacherId')}
        and r.section_id = ${exams.sectionId} and r.subject_id = ${exams.subjectId} and r.session_id = ${exams.sessionId}))`,
    );
  }
  return and(...where);
}

/**
 * The exam list as one prepared statement per shape (the filters present, and whether a
 * teacher's reach applies): a page in the list's order and the total of the filtered list from
 * the same statement (`count(*) over ()`, taken before the limit). The builder's statement was
 * planned on every call: ~3 ms of the database's CPU for under 1 ms of execution.
 */
const examListStatement = preparedByShape((db: DbOrTx, shape: string) =>
  joinExam(
    db
      .select({ ...examInfoFields, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(exams)
      .$dynamic(),
  )
    .where(examListWhere(shape))
    .orderBy(...examListOrder, asc(exams.id))
    .limit(ph('limit'))
    .offset(ph('offset'))
    .prepare(`exam_list_${shape}`),
);
const examCountStatement = preparedByShape((db: DbOrTx, shape: string) =>
  db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(exams)
    .where(examListWhere(shape))
    .prepare(`exam_count_${shape}`),
);

/**
 * A page of the school's exams (a teacher's: `teacherId`, only those they may enter marks for)
 * and the filtered list's total. One statement; a page past the end asks for the total alone.
 */
export async function examListPage(
  db: DbOrTx,
  schoolId: number,
  q: ExamListFilters & { limit: number; offset: number },
  teacherId: number | null,
) {
  const shape = EXAM_LIST_FILTERS.map(([name]) => (q[name] ? '1' : '0')).join('') + (teacherId === null ? 'a' : 't');
  const values: Record<string, number> = { schoolId, limit: q.limit, offset: q.offset };
  for (const [name] of EXAM_LIST_FILTERS) if (q[name]) values[name] = q[name]!;
  if (teacherId !== null) values.teacherId = teacherId;
  const { rows, total } = await pageWithTotal(await examListStatement(db, shape).execute(values), q.offset, () =>
    examCountStatement(db, shape).execute(values),
  );
  return { rows, total, limit: q.limit, offset: q.offset };
}

export function examFilters(
  schoolId: number,
  q: { session_id?: number; class_id?: number; section_id?: number; subject_id?: number; exam_name_id?: number },
): SQL {
  const where: SQL[] = [eq(exams.schoolId, schoolId)];
  if (q.session_id) where.push(eq(exams.sessionId, q.session_id));
  if (q.class_id) where.push(eq(exams.classId, q.class_id));
  if (q.section_id) where.push(eq(exams.sectionId, q.section_id));
  if (q.subject_id) where.push(eq(exams.subjectId, q.subject_id));
  if (q.exam_name_id) where.push(eq(exams.examTypeId, q.exam_name_id));
  return and(...where)!;
}
