/**
 * Class routines: the row the API speaks, the school's lists, and the admin's writes (a teacher's
 * week and day, a section's week: routine-reads.ts). Which routine a caller may change is the
 * route's school check; these take the school it decided.
 *
 * A routine holds one slot: a day and period (the period fixes the shift and the times) in a
 * session. In one slot a teacher teaches one section, a section has one teacher, and a named room
 * holds one class. The database enforces all three (routines_teacher_slot_uq,
 * routines_section_slot_uq, routines_room_slot_uq); the check before a write only names the clash
 * for the message, and a write that loses a race to a concurrent one still gets the same 409 from
 * the constraint. A routine with attendance taken is history: it cannot be deleted, nor moved to
 * another class, section or slot (its marks would then describe a lesson that never happened);
 * its teacher, subject and room may still be corrected.
 */
import { and, asc, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { RoutineRow, routineWriteBody } from '@/api/schemas/routines';
import type { DbOrTx } from '../db/client';
import { pgErrorOf } from '../db/pg-error';
import { pageWithTotal, preparedByShape } from '../db/prepared';
import {
  academicSessions,
  attendanceTakings,
  classes,
  days,
  messageOutbox,
  periods,
  routines,
  sections,
  shifts,
  subjects,
  teachers,
} from '../db/schema';
import { ApiError, badRequest, forbidden, notFound, type FieldErrors } from '../errors';
import { teacherFullName } from './names';
import { DAY_NAMES, schoolSettings } from './school-time';

/** The routine row the API speaks. */
export const routineFields = {
  id: routines.id,
  class_id: routines.classId,
  class_name: classes.className,
  section_id: routines.sectionId,
  section_default_name: sections.sectionDefaultName,
  day_id: routines.dayId,
  day: days.name,
  period_id: routines.periodId,
  period_code: periods.periodCode,
  start_time: periods.startTime,
  end_time: periods.endTime,
  subject_id: routines.subjectId,
  subject_name: subjects.subjectName,
  teacher_id: routines.teacherId,
  initial: teachers.initial,
  full_name: teacherFullName(),
  /** docs/DOMAIN.md, Records: the teacher's leaving date, flagged in the routine from then on. */
  teacher_left_on: teachers.leftOn,
  room: routines.room,
  session_id: routines.sessionId,
  session_year: academicSessions.sessionYear,
  shift_id: routines.shiftId,
  shift_name: shifts.name,
};

/** The joins behind `routineFields`. */
export function joinRoutine<T extends PgSelect>(qb: T) {
  return qb
    .innerJoin(classes, eq(classes.id, routines.classId))
    .innerJoin(sections, eq(sections.id, routines.sectionId))
    .innerJoin(days, eq(days.id, routines.dayId))
    .innerJoin(periods, eq(periods.id, routines.periodId))
    .innerJoin(subjects, eq(subjects.id, routines.subjectId))
    .innerJoin(teachers, eq(teachers.id, routines.teacherId))
    .innerJoin(academicSessions, eq(academicSessions.id, routines.sessionId))
    .innerJoin(shifts, eq(shifts.id, routines.shiftId));
}

/** The routine rows, joined once; callers add their where clause. */
export function selectRoutines(db: DbOrTx) {
  return joinRoutine(db.select(routineFields).from(routines).$dynamic());
}

/** Day, then period, then class and section: the order of a week. */
export const weekOrder = [
  asc(routines.dayId),
  asc(periods.serial),
  asc(classes.sortOrder),
  asc(sections.sectionDefaultName),
];

/** The routine lists' optional filters, in the order of a statement's shape. */
const ROUTINE_FILTERS = [
  ['session_id', routines.sessionId],
  ['class_id', routines.classId],
  ['section_id', routines.sectionId],
  ['day_id', routines.dayId],
  ['teacher_id', routines.teacherId],
  ['shift_id', routines.shiftId],
  ['period_id', routines.periodId],
  ['room', routines.room],
] as const;
export type RoutineFilters = Partial<Record<(typeof ROUTINE_FILTERS)[number][0], number | string>>;

const routineWhere = (shape: string) =>
  and(
    eq(routines.schoolId, sql.placeholder('schoolId')),
    ...ROUTINE_FILTERS.flatMap(([name, column], i) => (shape[i] === '1' ? [eq(column, sql.placeholder(name))] : [])),
  );

/**
 * The school's routine as a list: one prepared statement per shape (the filters present and the
 * order: `w` the week's, `n` the newest session's first, then the newest entries), a page and the
 * filtered list's total from the same statement (`count(*) over ()`, taken before the limit). The
 * builder's two statements were planned on every call: ~4 ms of the database's CPU a search.
 */
const routineListStatement = preparedByShape((db: DbOrTx, shape: string) =>
  joinRoutine(
    db
      .select({ ...routineFields, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(routines)
      .$dynamic(),
  )
    .where(routineWhere(shape))
    .orderBy(
      ...(shape.endsWith('w')
        ? [...weekOrder, asc(routines.id)]
        : [desc(academicSessions.sessionYear), desc(routines.id)]),
    )
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`routine_list_${shape}`),
);
const routineCountStatement = preparedByShape((db: DbOrTx, shape: string) =>
  db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(routines)
    .where(routineWhere(shape))
    .prepare(`routine_count_${shape}`),
);

/** A page of the school's routine entries matching the filters, in the week's order or the newest first. */
export async function routineListPage(
  db: DbOrTx,
  schoolId: number,
  filters: RoutineFilters,
  page: { limit: number; offset: number; order: 'week' | 'newest' },
) {
  const present = (name: string) => {
    const v = filters[name as keyof RoutineFilters];
    return v !== undefined && v !== '' && v !== 0;
  };
  const shape =
    ROUTINE_FILTERS.map(([name]) => (present(name) ? '1' : '0')).join('') + (page.order === 'week' ? 'w' : 'n');
  const values: Record<string, number | string> = { schoolId, limit: page.limit, offset: page.offset };
  for (const [name] of ROUTINE_FILTERS) if (present(name)) values[name] = filters[name]!;
  const { rows, total } = await pageWithTotal(await routineListStatement(db, shape).execute(values), page.offset, () =>
    routineCountStatement(db, shape).execute(values),
  );
  return { rows, total, limit: page.limit, offset: page.offset };
}

/** What a routine write carries, once the school is known. */
export interface RoutineInput {
  schoolId: number;
  sessionId: number;
  shiftId: number;
  classId: number;
  sectionId: number;
  dayId: number;
  periodId: number;
  subjectId: number;
  teacherId: number;
  room: string;
}

export type ClashKind = 'teacher' | 'section' | 'room';

/** The field of the form each clash belongs to. */
const CLASH_FIELD: Record<ClashKind, string> = { teacher: 'teacher_id', section: 'section_id', room: 'room' };

const CONSTRAINT_CLASH: Record<string, ClashKind> = {
  routines_teacher_slot_uq: 'teacher',
  routines_section_slot_uq: 'section',
  routines_room_slot_uq: 'room',
};

const slotName = (r: Pick<RoutineRow, 'day' | 'period_code'>) => `${r.day}, period ${r.period_code}`;

/** The sentence naming one clash. */
export function clashMessage(kind: ClashKind, r: RoutineRow): string {
  const section = `${r.class_name} ${r.section_default_name}`;
  if (kind === 'teacher')
    return `${r.full_name} (${r.initial}) already teaches ${section} (${r.subject_name}) on ${slotName(r)}.`;
  if (kind === 'section') return `${section} already has ${r.subject_name} with ${r.initial} on ${slotName(r)}.`;
  return `Room ${r.room} is already used by ${section} on ${slotName(r)}.`;
}

/** The routines a write of `input` would clash with (other than the routine `exceptId`). */
export async function findClashes(db: DbOrTx, input: RoutineInput, exceptId?: number) {
  const same: SQL[] = [eq(routines.teacherId, input.teacherId), eq(routines.sectionId, input.sectionId)];
  if (input.room) same.push(and(ne(routines.room, ''), eq(routines.room, input.room))!);
  const where = [
    eq(routines.schoolId, input.schoolId),
    eq(routines.sessionId, input.sessionId),
    eq(routines.dayId, input.dayId),
    eq(routines.periodId, input.periodId),
    or(...same)!,
  ];
  if (exceptId) where.push(ne(routines.id, exceptId));
  const rows = await selectRoutines(db).where(and(...where));
  const clashes: { kind: ClashKind; row: RoutineRow }[] = [];
  for (const row of rows) {
    if (row.teacher_id === input.teacherId) clashes.push({ kind: 'teacher', row });
    if (row.section_id === input.sectionId) clashes.push({ kind: 'section', row });
    if (input.room && row.room === input.room) clashes.push({ kind: 'room', row });
  }
  return clashes;
}

/** The 409 for a set of clashes: the first names the code, every one its field. */
export function clashError(clashes: { kind: ClashKind; row: RoutineRow }[], fallback?: ClashKind): ApiError {
  if (!clashes.length) {
    const kind = fallback ?? 'section';
    const text = {
      teacher: 'That teacher already teaches another class at this day and period.',
      section: 'That section already has a class at this day and period.',
      room: 'That room is already in use at this day and period.',
    }[kind];
    return new ApiError(409, `routines.${kind}_clash`, text, { [CLASH_FIELD[kind]]: text });
  }
  const fields: FieldErrors = {};
  for (const c of clashes) fields[CLASH_FIELD[c.kind]] ??= clashMessage(c.kind, c.row);
  const message = [...new Set(clashes.map((c) => clashMessage(c.kind, c.row)))].join(' ');
  const r = clashes[0].row;
  return new ApiError(409, `routines.${clashes[0].kind}_clash`, message, fields, {
    teacher: r.full_name,
    initial: r.initial,
    section: `${r.class_name} ${r.section_default_name}`,
    subject: r.subject_name,
    day: r.day,
    period: r.period_code,
    room: r.room,
  });
}

/**
 * Check that the routine's parts exist and fit together: a section of this school, of the class
 * and shift; a teacher and a period of this school, the period of the shift; a subject of the
 * class; a session; a day the school is open (not one of its weekly off days). Ids of another
 * school are refused as elsewhere (403), unknown ones 404; parts that do not fit are a 400 naming
 * every field at once (an off day alone: `routines.weekly_off`, naming day_id).
 */
export async function checkRoutineParts(db: DbOrTx, input: RoutineInput) {
  // Independent lookups, sent together: one wait instead of eight.
  const [[section], [teacher], [period], [subject], [session], [shift], [day], settings] = await Promise.all([
    db
      .select({ schoolId: sections.schoolId, classId: sections.classId, shiftId: sections.shiftId })
      .from(sections)
      .where(eq(sections.id, input.sectionId)),
    db.select({ schoolId: teachers.schoolId }).from(teachers).where(eq(teachers.id, input.teacherId)),
    db
      .select({ schoolId: periods.schoolId, shiftId: periods.shiftId })
      .from(periods)
      .where(eq(periods.id, input.periodId)),
    db.select({ classId: subjects.classId }).from(subjects).where(eq(subjects.id, input.subjectId)),
    db.select({ id: academicSessions.id }).from(academicSessions).where(eq(academicSessions.id, input.sessionId)),
    db.select({ id: shifts.id }).from(shifts).where(eq(shifts.id, input.shiftId)),
    db.select({ id: days.id }).from(days).where(eq(days.id, input.dayId)),
    schoolSettings(db, input.schoolId),
  ]);
  if (!section) throw notFound('Section');
  if (section.schoolId !== input.schoolId) throw forbidden('That section is not in this school.');
  if (!teacher) throw notFound('Teacher');
  if (teacher.schoolId !== input.schoolId) throw forbidden('That teacher is not in this school.');
  if (!period) throw notFound('Period');
  if (period.schoolId !== input.schoolId) throw forbidden('That period is not in this school.');
  const fields: FieldErrors = {};
  if (section.classId !== input.classId) fields.section_id = 'That section is not in the chosen class.';
  if (!shift) fields.shift_id = 'No such shift.';
  else if (section.shiftId !== input.shiftId) fields.shift_id = 'That section is not in the chosen shift.';
  if (period.shiftId !== input.shiftId) fields.period_id = 'That period is not in the chosen shift.';
  if (!subject) fields.subject_id = 'No such subject.';
  else if (subject.classId !== input.classId) fields.subject_id = 'That subject is not taught in the chosen class.';
  if (!session) fields.session_id = 'No such academic session.';
  if (!day) fields.day_id = 'No such day.';
  // No class is held on the school's weekly off days: attendance could never be taken for it.
  const offDay = !!day && !!settings?.weeklyOffDays.includes(input.dayId);
  if (offDay) fields.day_id = `${DAY_NAMES[input.dayId]} is a weekly off day of this school: no classes are held.`;
  const entries = Object.entries(fields);
  if (entries.length) {
    const message = entries.map(([f, m]) => `${f}: ${m}`).join(' ');
    if (offDay && entries.length === 1)
      throw new ApiError(400, 'routines.weekly_off', message, fields, { day: DAY_NAMES[input.dayId] });
    throw new ApiError(400, 'invalid_input', message, fields);
  }
}

/** Whether any attendance (or a message about it) hangs on the routine. */
export async function hasAttendance(db: DbOrTx, routineId: number): Promise<boolean> {
  const [taken, messaged] = await Promise.all([
    db
      .select({ id: attendanceTakings.id })
      .from(attendanceTakings)
      .where(eq(attendanceTakings.routineId, routineId))
      .limit(1),
    db.select({ id: messageOutbox.id }).from(messageOutbox).where(eq(messageOutbox.routineId, routineId)).limit(1),
  ]);
  return taken.length > 0 || messaged.length > 0;
}

export const HAS_ATTENDANCE_DELETE =
  'Attendance has been taken for this routine, so it cannot be deleted: its attendance history is kept.';
export const HAS_ATTENDANCE_MOVE =
  'Attendance has been taken for this routine, so its class, section, session, shift, day and period cannot change. Its teacher, subject and room can.';

/**
 * Insert (no `existing`) or update a routine. A unique violation (a concurrent write took the
 * slot) becomes the same 409 as the check before; a lost foreign key (attendance taken meanwhile)
 * the history 409.
 */
export async function saveRoutine(db: DbOrTx, existing: { id: number } | null, input: RoutineInput): Promise<number> {
  const clashes = await findClashes(db, input, existing?.id);
  if (clashes.length) throw clashError(clashes);
  const values = {
    schoolId: input.schoolId,
    sessionId: input.sessionId,
    shiftId: input.shiftId,
    classId: input.classId,
    sectionId: input.sectionId,
    dayId: input.dayId,
    periodId: input.periodId,
    subjectId: input.subjectId,
    teacherId: input.teacherId,
    room: input.room,
  };
  try {
    if (existing) {
      const rows = await db
        .update(routines)
        .set(values)
        .where(and(eq(routines.id, existing.id), eq(routines.schoolId, input.schoolId)))
        .returning({ id: routines.id });
      if (!rows.length) throw notFound('Routine');
      return rows[0].id;
    }
    const [row] = await db.insert(routines).values(values).returning({ id: routines.id });
    return row.id;
  } catch (err) {
    const pg = pgErrorOf(err);
    const kind = pg?.constraint ? CONSTRAINT_CLASH[pg.constraint] : undefined;
    if (pg?.code === '23505' && kind) {
      throw clashError(
        (await findClashes(db, input, existing?.id)).filter((c) => c.kind === kind),
        kind,
      );
    }
    if (pg?.code === '23503' && existing) throw new ApiError(409, 'routines.has_attendance_move', HAS_ATTENDANCE_MOVE);
    if (pg?.code === '23503' || pg?.code === '23514')
      throw badRequest('routine', 'The routine’s parts do not fit together.');
    throw err;
  }
}

/** Delete a routine that has no attendance; one with attendance is refused, its history kept. */
export async function deleteRoutine(db: DbOrTx, routine: { id: number; schoolId: number }) {
  if (await hasAttendance(db, routine.id)) throw new ApiError(409, 'routines.has_attendance', HAS_ATTENDANCE_DELETE);
  try {
    const gone = await db
      .delete(routines)
      .where(and(eq(routines.id, routine.id), eq(routines.schoolId, routine.schoolId)))
      .returning({ id: routines.id });
    if (!gone.length) throw notFound('Routine');
  } catch (err) {
    // Attendance taken between the check and the delete: the foreign key keeps it.
    if (pgErrorOf(err)?.code === '23503') throw new ApiError(409, 'routines.has_attendance', HAS_ATTENDANCE_DELETE);
    throw err;
  }
}

// ---------------------------------------------------------------- the admin's writes, by the API's body

/** A routine by id, with what a move is judged by and its school for the route's school check; 404 without one. */
export async function findRoutineRecord(db: DbOrTx, routineId: number) {
  const [r] = await db
    .select({
      id: routines.id,
      schoolId: routines.schoolId,
      classId: routines.classId,
      sectionId: routines.sectionId,
      sessionId: routines.sessionId,
      shiftId: routines.shiftId,
      dayId: routines.dayId,
      periodId: routines.periodId,
    })
    .from(routines)
    .where(eq(routines.id, routineId));
  if (!r) throw notFound('Routine');
  return r;
}

export type RoutineRecord = Awaited<ReturnType<typeof findRoutineRecord>>;

/**
 * Creates a routine entry of the school, or changes `existing` (found by `findRoutineRecord`, its
 * school checked), which must be of the school the call acts for (403). The parts must fit
 * together; an entry with attendance taken may not move (409 `routines.has_attendance_move`).
 */
export async function writeRoutine(
  db: DbOrTx,
  existing: RoutineRecord | null,
  schoolId: number,
  body: z.output<typeof routineWriteBody>,
): Promise<{ id: number; done: 'created' | 'updated' }> {
  if (existing && existing.schoolId !== schoolId) throw forbidden('That routine is not in this school.');
  const input: RoutineInput = {
    schoolId,
    sessionId: body.session_id,
    shiftId: body.shift_id,
    classId: body.class_id,
    sectionId: body.section_id,
    dayId: body.day_id,
    periodId: body.period_id,
    subjectId: body.subject_id,
    teacherId: body.teacher_id,
    room: body.room,
  };
  await checkRoutineParts(db, input);
  if (existing) {
    const moved = (['classId', 'sectionId', 'sessionId', 'shiftId', 'dayId', 'periodId'] as const).some(
      (k) => existing[k] !== input[k],
    );
    if (moved && (await hasAttendance(db, existing.id))) {
      throw new ApiError(409, 'routines.has_attendance_move', HAS_ATTENDANCE_MOVE);
    }
  }
  const id = await saveRoutine(db, existing, input);
  return { id, done: existing ? 'updated' : 'created' };
}
