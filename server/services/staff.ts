/**
 * The teachers' own day (docs/DOMAIN.md, "Staff attendance, leave and substitutes"): the school's
 * staff settings (the check-in window, the late mark, the leave allowances), a teacher's check-in
 * and check-out on the server's clock, the admin's marks, the day of the staff, and the monthly
 * staff register. Who is away on a date (approved leave, marked absent) is `teachersAwayOn`, which
 * the substitutes (services/substitutions.ts) and the attendance rule (auth/scope.ts) ask.
 */
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import type {
  LeaveType,
  StaffDayRow,
  StaffDayStatus,
  StaffRegister,
  staffMarkBody,
  StaffSettings,
  staffSettingsBody,
} from '@/api/schemas/staff';
import { STAFF_SUCCESS_CODES } from '@/api/schemas/staff';
import type { DbOrTx } from '../db/client';
import { leaveRequests, schools, staffAttendance, staffSettings, teachers } from '../db/schema';
import { ApiError, badRequest } from '../errors';
import { recordAudit, recordAudits } from './audit';
import { holidayOn, schoolHolidays } from './calendar';
import { onTheBooks } from './leaving';
import { teacherFullName } from './names';
import { dayIdOf, schoolClock, serverClock } from './school-time';

/** A school without a staff_settings row has these (docs/DOMAIN.md, "Staff attendance, leave and substitutes"). */
export const STAFF_DEFAULTS = {
  checkInFrom: '07:00:00',
  lateAfter: '08:15:00',
  checkOutUntil: '17:00:00',
  allowances: { casual: 10, sick: 14, earned: 20, other: 5 } as Record<LeaveType, number>,
};

export interface StaffSettingsRecord {
  checkInFrom: string;
  lateAfter: string;
  checkOutUntil: string;
  allowances: Record<LeaveType, number>;
}

export async function settingsOf(db: DbOrTx, schoolId: number): Promise<StaffSettingsRecord> {
  const [row] = await db.select().from(staffSettings).where(eq(staffSettings.schoolId, schoolId));
  if (!row) return { ...STAFF_DEFAULTS, allowances: { ...STAFF_DEFAULTS.allowances } };
  return {
    checkInFrom: row.checkInFrom,
    lateAfter: row.lateAfter,
    checkOutUntil: row.checkOutUntil,
    allowances: { casual: row.casualDays, sick: row.sickDays, earned: row.earnedDays, other: row.otherDays },
  };
}

const settingsAnswer = (schoolId: number, s: StaffSettingsRecord): StaffSettings => ({
  school_info_id: schoolId,
  check_in_from: s.checkInFrom,
  late_after: s.lateAfter,
  check_out_until: s.checkOutUntil,
  allowances: s.allowances,
});

export async function readSettings(db: DbOrTx, schoolId: number) {
  return settingsAnswer(schoolId, await settingsOf(db, schoolId));
}

export async function saveSettings(
  db: DbOrTx,
  schoolId: number,
  userId: number,
  body: z.output<typeof staffSettingsBody>,
): Promise<StaffSettings> {
  const values = {
    checkInFrom: body.check_in_from,
    lateAfter: body.late_after,
    checkOutUntil: body.check_out_until,
    casualDays: body.allowances.casual,
    sickDays: body.allowances.sick,
    earnedDays: body.allowances.earned,
    otherDays: body.allowances.other,
    updatedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    const before = await settingsOf(tx, schoolId);
    await tx
      .insert(staffSettings)
      .values({ schoolId, ...values })
      .onConflictDoUpdate({ target: staffSettings.schoolId, set: values });
    const after = await settingsOf(tx, schoolId);
    await recordAudit(tx, { actorUserId: userId, action: 'staff.settings', schoolId, detail: { before, after } });
    return settingsAnswer(schoolId, after);
  });
}

// ---------------------------------------------------------------- school days

/** Whether the school is closed on a date: a weekly off day or a holiday of its calendar. */
export async function closedOn(db: DbOrTx, schoolId: number, date: string): Promise<boolean> {
  const clock = await schoolClock(db, schoolId);
  if (clock.weeklyOffDays.includes(dayIdOf(date))) return true;
  return !!holidayOn(await schoolHolidays(db, schoolId), date);
}

/** The school days (not off, not a holiday) from `from` to `to`, inclusive. */
export async function schoolDaysBetween(db: DbOrTx, schoolId: number, from: string, to: string): Promise<string[]> {
  const clock = await schoolClock(db, schoolId);
  const holidays = await schoolHolidays(db, schoolId);
  const out: string[] = [];
  for (let d = DateTime.fromISO(from); d.toISODate()! <= to; d = d.plus({ days: 1 })) {
    const date = d.toISODate()!;
    if (!clock.weeklyOffDays.includes(dayIdOf(date)) && !holidayOn(holidays, date)) out.push(date);
  }
  return out;
}

// ---------------------------------------------------------------- who is away

export type AwayReason = 'leave' | 'absent';

/**
 * The school's teachers who are away on a date: on approved leave covering it, or marked absent
 * (by the admin). A teacher on leave is `leave` even if also marked.
 */
export async function teachersAwayOn(db: DbOrTx, schoolId: number, date: string): Promise<Map<number, AwayReason>> {
  const [onLeave, absent] = await Promise.all([
    db
      .select({ teacherId: leaveRequests.teacherId })
      .from(leaveRequests)
      .where(
        and(
          eq(leaveRequests.schoolId, schoolId),
          eq(leaveRequests.status, 'approved'),
          lte(leaveRequests.startDate, date),
          gte(leaveRequests.endDate, date),
        ),
      ),
    db
      .select({ teacherId: staffAttendance.teacherId })
      .from(staffAttendance)
      .where(
        and(
          eq(staffAttendance.schoolId, schoolId),
          eq(staffAttendance.date, date),
          eq(staffAttendance.status, 'absent'),
        ),
      ),
  ]);
  const away = new Map<number, AwayReason>();
  for (const r of absent) away.set(r.teacherId, 'absent');
  for (const r of onLeave) away.set(r.teacherId, 'leave');
  return away;
}

/** Whether one teacher is on approved leave on a date. */
export async function onLeaveOn(db: DbOrTx, teacherId: number, date: string): Promise<boolean> {
  const [row] = await db
    .select({ id: leaveRequests.id })
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.teacherId, teacherId),
        eq(leaveRequests.status, 'approved'),
        lte(leaveRequests.startDate, date),
        gte(leaveRequests.endDate, date),
      ),
    )
    .limit(1);
  return !!row;
}

// ---------------------------------------------------------------- check-in and out

const staffError = (
  status: number,
  code:
    | 'staff.outside_window'
    | 'staff.already_checked_in'
    | 'staff.not_checked_in'
    | 'staff.already_checked_out'
    | 'staff.not_school_day'
    | 'staff.on_leave'
    | 'staff.future_date',
  message: string,
) => new ApiError(status, code, message);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

interface Now {
  date: string;
  time: string;
  at: Date;
}

async function nowAt(db: DbOrTx, schoolId: number): Promise<Now> {
  const clock = await schoolClock(db, schoolId);
  const now = DateTime.fromMillis(serverClock.now()).setZone(clock.timeZone);
  return { date: now.toISODate()!, time: now.toFormat('HH:mm:ss'), at: new Date(serverClock.now()) };
}

async function todayRow(db: DbOrTx, teacherId: number, date: string) {
  const [row] = await db
    .select()
    .from(staffAttendance)
    .where(and(eq(staffAttendance.teacherId, teacherId), eq(staffAttendance.date, date)));
  return row;
}

/** The teacher's own today: their mark, and whether they may check in or out now. */
export async function myDay(db: DbOrTx, teacher: { id: number; schoolId: number }) {
  const settings = await settingsOf(db, teacher.schoolId);
  const now = await nowAt(db, teacher.schoolId);
  const schoolDay = !(await closedOn(db, teacher.schoolId, now.date));
  const row = await todayRow(db, teacher.id, now.date);
  const leave = await onLeaveOn(db, teacher.id, now.date);
  const inWindow = now.time >= settings.checkInFrom && now.time <= settings.checkOutUntil;
  let status: StaffDayStatus = row?.status ?? 'not_in';
  if (leave) status = 'leave';
  return {
    date: now.date,
    school_day: schoolDay,
    status,
    check_in_at: iso(row?.checkInAt ?? null),
    check_out_at: iso(row?.checkOutAt ?? null),
    check_in_from: settings.checkInFrom,
    late_after: settings.lateAfter,
    check_out_until: settings.checkOutUntil,
    can_check_in: schoolDay && !leave && inWindow && !row?.checkInAt,
    can_check_out: schoolDay && inWindow && !!row?.checkInAt && !row.checkOutAt,
  };
}

/**
 * A teacher checks in on the server's clock: only on a school day, not on approved leave, within
 * the school's window (from `check_in_from` to `check_out_until`), once; after `late_after` the
 * day is late. An admin's earlier mark of the day is replaced by the teacher's own check-in.
 */
export async function checkIn(db: DbOrTx, teacher: { id: number; schoolId: number; userId: number }) {
  const settings = await settingsOf(db, teacher.schoolId);
  const now = await nowAt(db, teacher.schoolId);
  if (await closedOn(db, teacher.schoolId, now.date)) {
    throw staffError(409, 'staff.not_school_day', 'The school is closed today.');
  }
  if (await onLeaveOn(db, teacher.id, now.date)) throw staffError(409, 'staff.on_leave', 'You are on leave today.');
  if (now.time < settings.checkInFrom || now.time > settings.checkOutUntil) {
    throw staffError(
      409,
      'staff.outside_window',
      `Check-in is open from ${settings.checkInFrom.slice(0, 5)} to ${settings.checkOutUntil.slice(0, 5)}.`,
    );
  }
  const status = now.time > settings.lateAfter ? ('late' as const) : ('present' as const);
  return db.transaction(async (tx) => {
    const existing = await todayRow(tx, teacher.id, now.date);
    if (existing?.checkInAt) throw staffError(409, 'staff.already_checked_in', 'You have already checked in today.');
    const values = { status, checkInAt: now.at, markedByUserId: teacher.userId, updatedAt: new Date() };
    await tx
      .insert(staffAttendance)
      .values({ schoolId: teacher.schoolId, teacherId: teacher.id, date: now.date, ...values })
      .onConflictDoUpdate({
        target: [staffAttendance.schoolId, staffAttendance.teacherId, staffAttendance.date],
        set: values,
      });
    await recordAudit(tx, {
      actorUserId: teacher.userId,
      action: 'staff.check_in',
      schoolId: teacher.schoolId,
      subjectUserId: teacher.userId,
      detail: { date: now.date, status, at: now.time, before: existing?.status ?? null },
    });
    return {
      ok: true as const,
      code: STAFF_SUCCESS_CODES.checkedIn,
      message: status === 'late' ? 'Checked in (late).' : 'Checked in.',
      date: now.date,
      status,
      check_in_at: now.at.toISOString(),
      check_out_at: null,
    };
  });
}

/** A teacher checks out: after checking in that day, once, before the window closes. */
export async function checkOut(db: DbOrTx, teacher: { id: number; schoolId: number; userId: number }) {
  const settings = await settingsOf(db, teacher.schoolId);
  const now = await nowAt(db, teacher.schoolId);
  return db.transaction(async (tx) => {
    const row = await todayRow(tx, teacher.id, now.date);
    if (!row?.checkInAt) throw staffError(409, 'staff.not_checked_in', 'You have not checked in today.');
    if (row.checkOutAt) throw staffError(409, 'staff.already_checked_out', 'You have already checked out today.');
    if (now.time > settings.checkOutUntil) {
      throw staffError(409, 'staff.outside_window', `Check-out is open until ${settings.checkOutUntil.slice(0, 5)}.`);
    }
    await tx
      .update(staffAttendance)
      .set({ checkOutAt: now.at, updatedAt: new Date() })
      .where(eq(staffAttendance.id, row.id));
    await recordAudit(tx, {
      actorUserId: teacher.userId,
      action: 'staff.check_out',
      schoolId: teacher.schoolId,
      subjectUserId: teacher.userId,
      detail: { date: now.date, at: now.time },
    });
    return {
      ok: true as const,
      code: STAFF_SUCCESS_CODES.checkedOut,
      message: 'Checked out.',
      date: now.date,
      status: row.status,
      check_in_at: row.checkInAt.toISOString(),
      check_out_at: now.at.toISOString(),
    };
  });
}

// ---------------------------------------------------------------- the admin's day

/**
 * The staff's day (default the school's today): each teacher on the books that day with their
 * mark; approved leave shows as `leave`; a teacher with no mark is `absent` once the day is past
 * or its late mark has passed, else `not_in` (not yet). Counts are of every teacher, the rows paged.
 */
export async function staffDay(db: DbOrTx, schoolId: number, q: { date?: string; limit: number; offset: number }) {
  const settings = await settingsOf(db, schoolId);
  const now = await nowAt(db, schoolId);
  const date = q.date ?? now.date;
  const schoolDay = !(await closedOn(db, schoolId, date));
  const rows = await db
    .select({
      teacher_id: teachers.id,
      initial: teachers.initial,
      full_name: teacherFullName(),
      designation: teachers.designation,
      userId: teachers.userId,
      status: staffAttendance.status,
      checkInAt: staffAttendance.checkInAt,
      checkOutAt: staffAttendance.checkOutAt,
      leave_type: sql<LeaveType | null>`(select ${leaveRequests.leaveType} from ${leaveRequests}
        where ${leaveRequests.teacherId} = ${teachers.id} and ${leaveRequests.status} = 'approved'
          and ${leaveRequests.startDate} <= ${date}::date and ${leaveRequests.endDate} >= ${date}::date
        order by ${leaveRequests.id} limit 1)`,
    })
    .from(teachers)
    .leftJoin(staffAttendance, and(eq(staffAttendance.teacherId, teachers.id), eq(staffAttendance.date, date)))
    .where(and(eq(teachers.schoolId, schoolId), onTheBooks(teachers.leftOn, date)))
    .orderBy(asc(teachers.initial));
  const pastLate = date < now.date || (date === now.date && now.time > settings.lateAfter);
  const all: StaffDayRow[] = rows.map((r) => {
    let status: StaffDayStatus = r.status ?? (schoolDay && pastLate ? 'absent' : 'not_in');
    if (r.leave_type) status = 'leave';
    return {
      teacher_id: r.teacher_id,
      initial: r.initial,
      full_name: r.full_name,
      designation: r.designation,
      status,
      check_in_at: iso(r.checkInAt),
      check_out_at: iso(r.checkOutAt),
      leave_type: r.leave_type,
    };
  });
  const counts = { present: 0, late: 0, absent: 0, leave: 0, not_in: 0 };
  for (const r of all) counts[r.status] += 1;
  return {
    date,
    school_day: schoolDay,
    counts,
    rows: all.slice(q.offset, q.offset + q.limit),
    total: all.length,
    limit: q.limit,
    offset: q.offset,
  };
}

/**
 * The admin marks teachers' day (present, late or absent) for a date up to the school's today:
 * each teacher must be the school's and on its books that day (400 `marks`); the check-in times a
 * teacher recorded stay. Every changed mark is audited.
 */
export async function markDay(db: DbOrTx, schoolId: number, userId: number, body: z.output<typeof staffMarkBody>) {
  const now = await nowAt(db, schoolId);
  if (body.date > now.date) throw staffError(400, 'staff.future_date', 'A day after today cannot be marked.');
  if (await closedOn(db, schoolId, body.date)) {
    throw staffError(409, 'staff.not_school_day', 'The school is closed that day.');
  }
  const ids = [...new Set(body.marks.map((m) => m.teacher_id))];
  if (ids.length !== body.marks.length) throw badRequest('marks', 'A teacher is named twice.');
  return db.transaction(async (tx) => {
    const known = await tx
      .select({ id: teachers.id, userId: teachers.userId })
      .from(teachers)
      .where(and(eq(teachers.schoolId, schoolId), inArray(teachers.id, ids), onTheBooks(teachers.leftOn, body.date)));
    if (known.length !== ids.length)
      throw badRequest('marks', 'A teacher named is not on the school’s staff that day.');
    const before = await tx
      .select({ teacherId: staffAttendance.teacherId, status: staffAttendance.status })
      .from(staffAttendance)
      .where(and(inArray(staffAttendance.teacherId, ids), eq(staffAttendance.date, body.date)));
    const was = new Map(before.map((b) => [b.teacherId, b.status]));
    await tx
      .insert(staffAttendance)
      .values(
        body.marks.map((m) => ({
          schoolId,
          teacherId: m.teacher_id,
          date: body.date,
          status: m.status,
          markedByUserId: userId,
        })),
      )
      .onConflictDoUpdate({
        target: [staffAttendance.schoolId, staffAttendance.teacherId, staffAttendance.date],
        set: { status: sql`excluded.status`, markedByUserId: userId, updatedAt: new Date() },
      });
    const userOf = new Map(known.map((k) => [k.id, k.userId]));
    await recordAudits(
      tx,
      body.marks
        .filter((m) => was.get(m.teacher_id) !== m.status)
        .map((m) => ({
          actorUserId: userId,
          action: 'staff.mark',
          schoolId,
          subjectUserId: userOf.get(m.teacher_id) ?? null,
          detail: { date: body.date, from: was.get(m.teacher_id) ?? null, to: m.status },
        })),
    );
    return {
      ok: true as const,
      code: STAFF_SUCCESS_CODES.marked,
      message: 'Staff attendance saved.',
      marked: ids.length,
    };
  });
}

// ---------------------------------------------------------------- the monthly register

const REGISTER_MARK = { present: 'P', late: 'L', absent: 'A' } as const;

/**
 * The monthly staff register, as the students' (docs/DOMAIN.md, "Attendance"): a row a teacher on
 * the books in the month, a column a day; P, L (late), A, V (approved leave) or blank; closed days
 * (weekly off, holiday) flagged.
 */
export async function staffRegister(db: DbOrTx, schoolId: number, month: string): Promise<StaffRegister> {
  const first = DateTime.fromISO(`${month}-01`);
  const from = first.toISODate()!;
  const to = first.endOf('month').toISODate()!;
  const clock = await schoolClock(db, schoolId);
  const holidays = await schoolHolidays(db, schoolId);
  const days: StaffRegister['days'] = [];
  for (let d = first; d.toISODate()! <= to; d = d.plus({ days: 1 })) {
    const date = d.toISODate()!;
    days.push({ date, closed: clock.weeklyOffDays.includes(dayIdOf(date)) || !!holidayOn(holidays, date) });
  }
  const [school] = await db.select({ name: schools.schoolName }).from(schools).where(eq(schools.id, schoolId));
  const staff = await db
    .select({ id: teachers.id, initial: teachers.initial, full_name: teacherFullName() })
    .from(teachers)
    .where(and(eq(teachers.schoolId, schoolId), onTheBooks(teachers.leftOn, from)))
    .orderBy(asc(teachers.initial));
  const marks = await db
    .select({ teacherId: staffAttendance.teacherId, date: staffAttendance.date, status: staffAttendance.status })
    .from(staffAttendance)
    .where(and(eq(staffAttendance.schoolId, schoolId), gte(staffAttendance.date, from), lte(staffAttendance.date, to)));
  const leave = await db
    .select({ teacherId: leaveRequests.teacherId, start: leaveRequests.startDate, end: leaveRequests.endDate })
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.schoolId, schoolId),
        eq(leaveRequests.status, 'approved'),
        lte(leaveRequests.startDate, to),
        gte(leaveRequests.endDate, from),
      ),
    );
  const markOf = new Map(marks.map((m) => [`${m.teacherId}:${m.date}`, m.status]));
  return {
    month,
    school_name: school?.name ?? '',
    days,
    rows: staff.map((t) => {
      const counts = { present: 0, late: 0, absent: 0, leave: 0 };
      const row = days.map(({ date, closed }) => {
        if (closed) return '' as const;
        if (leave.some((l) => l.teacherId === t.id && l.start <= date && date <= l.end)) {
          counts.leave += 1;
          return 'V' as const;
        }
        const status = markOf.get(`${t.id}:${date}`);
        if (!status) return '' as const;
        counts[status] += 1;
        return REGISTER_MARK[status];
      });
      return { teacher_id: t.id, initial: t.initial, full_name: t.full_name, marks: row, ...counts };
    }),
  };
}
