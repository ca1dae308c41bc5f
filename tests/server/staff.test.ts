/**
 * The teachers' own day (docs/DOMAIN.md, "Staff attendance, leave and substitutes"): check-in
 * windows and the late mark, the admin's day and marks, leave and its allowances, substitutes
 * (free teachers, clashes) and the attendance of a substituted period, and the cross-school
 * refusals of the writes route-guard.test.ts leaves to this file. On the named days: the demo
 * seeded on Thursday 3 December 2026 (weekly off days Friday and Saturday; the default window
 * 07:00-17:00, late after 08:15; allowances casual 10, sick 14, earned 20, other 5).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, ne } from 'drizzle-orm';
import { setClock } from '@server/clock';
import {
  academicSessions,
  attendanceTakings,
  periods,
  routines,
  securityAudit,
  teachers,
  users,
} from '@server/db/schema';
import { pdfText } from '../helpers/pdf-text';
import { createTestApp, type TestApp } from '../helpers/server';
import { NAMED, onNamedDays } from './attendance-fixtures';

onNamedDays(NAMED.schoolDay);

let t: TestApp;
let school1: number;
let school2: number;
/** teacher1's record, and a colleague of school 1 (by user code). */
let teacher1: { id: number; userId: number };
let colleague: { id: number; code: string; userId: number };

const at = (iso: string) => setClock(iso);

beforeAll(async () => {
  t = await createTestApp({}, { namedDays: true });
  const [a1] = await t.db.select({ s: users.schoolId }).from(users).where(eq(users.userCode, 'admin1'));
  const [a2] = await t.db.select({ s: users.schoolId }).from(users).where(eq(users.userCode, 'admin2'));
  school1 = a1.s!;
  school2 = a2.s!;
  const [t1] = await t.db
    .select({ id: teachers.id, userId: teachers.userId })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(users.userCode, 'teacher1'));
  teacher1 = t1;
  const [c] = await t.db
    .select({ id: teachers.id, code: users.userCode, userId: teachers.userId })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(and(eq(teachers.schoolId, school1), eq(users.userCode, 'T-1-001')));
  colleague = c;
});
afterEach(() => setClock(NAMED.schoolDay));
afterAll(() => t.close());

describe('check-in and check-out', () => {
  it('on time, once, then out; audited', async () => {
    at('2026-12-03T01:30:00Z'); // 07:30 in Dhaka
    const res = await t.post('teacher1', '/api/staff/check_in', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, date: '2026-12-03', status: 'present', check_out_at: null });
    const again = await t.post('teacher1', '/api/staff/check_in', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('staff.already_checked_in');
    at('2026-12-03T10:00:00Z'); // 16:00
    const out = await t.post('teacher1', '/api/staff/check_out', {});
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ status: 'present', check_out_at: expect.stringMatching(/^2026-12-03T10:00/) });
    expect((await t.post('teacher1', '/api/staff/check_out', {})).json().error.code).toBe('staff.already_checked_out');
    const audit = await t.db
      .select({ action: securityAudit.action })
      .from(securityAudit)
      .where(eq(securityAudit.subjectUserId, teacher1.userId));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['staff.check_in', 'staff.check_out']));
  });

  it('after the late mark is late; before the window opens or after it closes is refused', async () => {
    at('2026-12-03T00:30:00Z'); // 06:30
    const early = await t.post(colleague.code, '/api/staff/check_in', {});
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('staff.outside_window');
    at('2026-12-03T11:30:00Z'); // 17:30
    expect((await t.post(colleague.code, '/api/staff/check_in', {})).json().error.code).toBe('staff.outside_window');
    at('2026-12-03T03:00:00Z'); // 09:00
    const late = await t.post(colleague.code, '/api/staff/check_in', {});
    expect(late.statusCode).toBe(200);
    expect(late.json().status).toBe('late');
    const me = (await t.get(colleague.code, '/api/staff/me')).json();
    expect(me).toMatchObject({ date: '2026-12-03', status: 'late', can_check_in: false, can_check_out: true });
  });

  it('not on a weekly off day; not without checking in; not for another school', async () => {
    at(NAMED.friday);
    expect((await t.post('teacher1', '/api/staff/check_in', {})).json().error.code).toBe('staff.not_school_day');
    at('2026-12-07T02:00:00Z');
    expect((await t.post('teacher1', '/api/staff/check_out', {})).json().error.code).toBe('staff.not_checked_in');
    expect((await t.post('teacher1', '/api/staff/check_in', { school_info_id: school2 })).statusCode).toBe(403);
  });

  it('the school sets its own window', async () => {
    const body = {
      check_in_from: '06:30',
      late_after: '07:45',
      check_out_until: '16:00',
      allowances: { casual: 10, sick: 14, earned: 20, other: 5 },
    };
    expect(
      (await t.call('admin1', { method: 'PUT', url: '/api/staff/settings', payload: { ...body, late_after: '06:00' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await t.call('admin2', {
          method: 'PUT',
          url: '/api/staff/settings',
          payload: { ...body, school_info_id: school1 },
        })
      ).statusCode,
    ).toBe(403);
    const res = await t.call('admin1', { method: 'PUT', url: '/api/staff/settings', payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      check_in_from: '06:30:00',
      late_after: '07:45:00',
      check_out_until: '16:00:00',
    });
    at('2026-12-07T00:40:00Z'); // Monday 06:40
    expect((await t.post('T-1-002', '/api/staff/check_in', {})).json().status).toBe('present');
    expect((await t.get('teacher1', '/api/staff/settings')).json().late_after).toBe('07:45:00');
    await t.call('admin1', {
      method: 'PUT',
      url: '/api/staff/settings',
      payload: { ...body, check_in_from: '07:00', late_after: '08:15', check_out_until: '17:00' },
    });
  });
});

describe("the admin's day", () => {
  it('lists present, late and absent (no check-in past the late mark), and marks the day', async () => {
    const day = (await t.get('admin1', '/api/staff/attendance?date=2026-12-03')).json();
    expect(day.date).toBe('2026-12-03');
    const of = (id: number) => day.rows.find((r: { teacher_id: number }) => r.teacher_id === id);
    expect(of(teacher1.id).status).toBe('present');
    expect(of(colleague.id).status).toBe('late');
    expect(day.counts.present).toBe(1);
    expect(day.counts.late).toBe(1);
    expect(day.counts.absent).toBe(day.total - 2);
    const third = day.rows.find((r: { status: string }) => r.status === 'absent');
    const mark = await t.post('admin1', '/api/staff/attendance', {
      date: '2026-12-03',
      marks: [{ teacher_id: third.teacher_id, status: 'present' }],
    });
    expect(mark.statusCode).toBe(200);
    const after = (await t.get('admin1', '/api/staff/attendance?date=2026-12-03')).json();
    expect(after.counts.present).toBe(2);
  });

  it('refuses a future day, another school’s teacher and another school', async () => {
    const future = await t.post('admin1', '/api/staff/attendance', {
      date: '2026-12-06',
      marks: [{ teacher_id: teacher1.id, status: 'absent' }],
    });
    expect(future.json().error.code).toBe('staff.future_date');
    const [other] = await t.db
      .select({ id: teachers.id })
      .from(teachers)
      .where(eq(teachers.schoolId, school2))
      .limit(1);
    const foreign = await t.post('admin1', '/api/staff/attendance', {
      date: '2026-12-03',
      marks: [{ teacher_id: other.id, status: 'absent' }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toHaveProperty('marks');
    const school = await t.post('admin1', '/api/staff/attendance', {
      school_info_id: school2,
      date: '2026-12-03',
      marks: [{ teacher_id: other.id, status: 'absent' }],
    });
    expect(school.statusCode).toBe(403);
  });

  it('the monthly register: P, L and closed days', async () => {
    const reg = (await t.get('admin1', '/api/staff/register?month=2026-12')).json();
    expect(reg.days).toHaveLength(31);
    expect(reg.days[3]).toEqual({ date: '2026-12-04', closed: true });
    const row = reg.rows.find((r: { teacher_id: number }) => r.teacher_id === teacher1.id);
    expect(row.marks[2]).toBe('P');
    const late = reg.rows.find((r: { teacher_id: number }) => r.teacher_id === colleague.id);
    expect(late.marks[2]).toBe('L');
    expect(late.late).toBe(1);
  });

  it('the monthly register prints as a landscape PDF, in Bangla when asked; a teacher may not print it', async () => {
    const res = await t.get('admin1', '/api/staff/register/pdf?month=2026-12&lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('staff-register-2026-12.pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Staff Attendance Register');
    expect(text).toContain('Month: December 2026');
    expect(text).toContain('Page 1 of 1');
    const [t1] = await t.db.select({ initial: teachers.initial }).from(teachers).where(eq(teachers.id, teacher1.id));
    expect(text).toContain(t1.initial);

    // Page one drawn as a reader sees it: A4 landscape (pdftoppm at 20 dpi: 234 x 166 px).
    const dir = await mkdtemp(path.join(os.tmpdir(), 'staff-register-'));
    try {
      await writeFile(path.join(dir, 'r.pdf'), res.rawPayload);
      execFileSync('pdftoppm', ['-r', '20', '-f', '1', '-l', '1', '-png', 'r.pdf', 'page'], { cwd: dir });
      const png = await readFile(path.join(dir, 'page-1.png'));
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([234, 166]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    const bn = await t.get('admin1', '/api/staff/register/pdf?month=2026-12&lang=bn');
    const bnText = await pdfText(bn.rawPayload);
    // pdf.js gives Bangla vowel signs in the order drawn (ি before its consonant): whole words
    // without them, and the month and the printed date in Bangla digits.
    expect(bnText).toContain('খাতা');
    expect(bnText).toContain('মাস:');
    expect(bnText).toContain('২০২৬');
    expect(bnText).toContain('মুদ্রণ ০৩-১২-২০২৬');

    expect((await t.get('teacher1', '/api/staff/register/pdf?month=2026-12')).statusCode).toBe(403);
    const badMonth = await t.get('admin1', '/api/staff/register/pdf?month=2026-13');
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().error.fields).toHaveProperty('month');
  });
});

describe('leave', () => {
  let leaveId: number;

  it('a teacher asks: the school days of the range, within the allowance', async () => {
    // Sunday 6 to Tuesday 8 December: three school days.
    const res = await t.post('teacher1', '/api/leave', {
      leave_type: 'casual',
      start_date: '2026-12-06',
      end_date: '2026-12-08',
      reason: 'Family wedding',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().leave).toMatchObject({
      status: 'pending',
      days: 3,
      leave_type: 'casual',
      teacher_id: teacher1.id,
    });
    leaveId = res.json().leave.id;
    const balance = (await t.get('teacher1', '/api/leave/balance')).json();
    expect(balance.year).toBe(2026);
    expect(balance.types[0]).toEqual({ leave_type: 'casual', allowance: 10, taken: 0, pending: 3, remaining: 7 });
  });

  it('refuses past the allowance, overlapping, closed days only, and a bad type', async () => {
    const over = await t.post('teacher1', '/api/leave', {
      leave_type: 'casual',
      start_date: '2026-12-13',
      end_date: '2026-12-24',
      reason: 'Travel',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('leave.over_allowance');
    const overlap = await t.post('teacher1', '/api/leave', {
      leave_type: 'sick',
      start_date: '2026-12-08',
      reason: 'Fever',
    });
    expect(overlap.json().error.code).toBe('leave.overlaps');
    const closed = await t.post('teacher1', '/api/leave', {
      leave_type: 'sick',
      start_date: '2026-12-11',
      end_date: '2026-12-12',
      reason: 'Fever',
    });
    expect(closed.json().error.code).toBe('leave.no_school_days');
    const bad = await t.post('teacher1', '/api/leave', {
      leave_type: 'holiday',
      start_date: '2026-12-09',
      reason: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('leave_type');
  });

  it('lists: the admin the school’s, a teacher their own', async () => {
    const admin = (await t.get('admin1', '/api/leave?status=pending')).json();
    expect(admin.rows.map((r: { id: number }) => r.id)).toContain(leaveId);
    const other = (await t.get('T-1-002', '/api/leave')).json();
    expect(other.total).toBe(0);
    expect((await t.get('admin2', `/api/leave?school_info_id=${school1}`)).statusCode).toBe(403);
  });

  it('another school’s admin may not decide; the admin approves once, with a note; audited', async () => {
    const foreign = await t.post('admin2', '/api/leave/approve', { id: leaveId, status: 'approved' });
    expect(foreign.statusCode).toBe(403);
    const res = await t.post('admin1', '/api/leave/approve', { id: leaveId, status: 'approved', note: 'Enjoy' });
    expect(res.statusCode).toBe(200);
    expect(res.json().leave).toMatchObject({ status: 'approved', note: 'Enjoy' });
    const again = await t.post('admin1', '/api/leave/approve', { id: leaveId, status: 'refused' });
    expect(again.json().error.code).toBe('leave.already_decided');
    const balance = (await t.get('admin1', `/api/leave/balance?teacher_id=${teacher1.id}`)).json();
    expect(balance.types[0]).toMatchObject({ taken: 3, pending: 0, remaining: 7 });
    const [row] = await t.db
      .select({ detail: securityAudit.detail })
      .from(securityAudit)
      .where(eq(securityAudit.action, 'leave.decide'));
    expect(row.detail).toMatchObject({ id: leaveId, to: 'approved', note: 'Enjoy' });
  });
});

describe('substitutes', () => {
  /** teacher1's Sunday periods in the session (Sunday 6 December: on leave). */
  let sundays: { id: number; start: string; end: string }[];
  let substitute: { id: number; code: string; userId: number };
  let session2026: number;

  beforeAll(async () => {
    [{ id: session2026 }] = await t.db
      .select({ id: academicSessions.id })
      .from(academicSessions)
      .where(eq(academicSessions.sessionYear, '2026'));
    sundays = await t.db
      .select({ id: routines.id, start: periods.startTime, end: periods.endTime })
      .from(routines)
      .innerJoin(periods, eq(periods.id, routines.periodId))
      .innerJoin(academicSessions, eq(academicSessions.id, routines.sessionId))
      .where(and(eq(routines.teacherId, teacher1.id), eq(routines.dayId, 1), eq(academicSessions.sessionYear, '2026')))
      .orderBy(asc(periods.startTime));
  });

  it('lists the periods of the absent teacher with the free teachers, the subject’s first', async () => {
    const res = await t.get('admin1', '/api/substitution/needed?date=2026-12-06');
    expect(res.statusCode).toBe(200);
    const needed = res.json();
    expect(needed.school_day).toBe(true);
    const mine = needed.rows.filter((r: { teacher_id: number }) => r.teacher_id === teacher1.id);
    expect(mine.map((r: { routine_id: number }) => r.routine_id).sort()).toEqual(sundays.map((s) => s.id).sort());
    expect(mine[0].reason).toBe('leave');
    const free = mine[0].free_teachers;
    expect(free.length).toBeGreaterThan(0);
    const flags = free.map((f: { teaches_subject: boolean }) => f.teaches_subject);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    // No one free has a period of their own at that time.
    const busy = await t.db
      .select({ teacherId: routines.teacherId })
      .from(routines)
      .innerJoin(periods, eq(periods.id, routines.periodId))
      .where(and(eq(routines.sessionId, session2026), eq(routines.dayId, 1), eq(periods.startTime, sundays[0].start)));
    const busyIds = new Set(busy.map((b) => b.teacherId));
    for (const f of free) expect(busyIds.has(f.teacher_id)).toBe(false);
    const [pick] = await t.db
      .select({ id: teachers.id, code: users.userCode, userId: teachers.userId })
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(eq(teachers.id, free[0].teacher_id));
    substitute = pick;
    expect((await t.get('admin2', `/api/substitution/needed?school_info_id=${school1}`)).statusCode).toBe(403);
  });

  it('refuses a clash, the own teacher, a wrong weekday and another school', async () => {
    const routineId = sundays[0].id;
    const [busy] = await t.db
      .select({ teacherId: routines.teacherId })
      .from(routines)
      .innerJoin(periods, eq(periods.id, routines.periodId))
      .where(
        and(
          eq(routines.schoolId, school1),
          eq(routines.sessionId, session2026),
          eq(routines.dayId, 1),
          eq(periods.startTime, sundays[0].start),
          ne(routines.teacherId, teacher1.id),
        ),
      )
      .limit(1);
    const clashId = busy.teacherId;
    const clash = await t.post('admin1', '/api/substitution', {
      routine_id: routineId,
      date: '2026-12-06',
      teacher_id: clashId,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('substitution.clash');
    const own = await t.post('admin1', '/api/substitution', {
      routine_id: routineId,
      date: '2026-12-06',
      teacher_id: teacher1.id,
    });
    expect(own.json().error.code).toBe('substitution.own_teacher');
    const monday = await t.post('admin1', '/api/substitution', {
      routine_id: routineId,
      date: '2026-12-07',
      teacher_id: substitute.id,
    });
    expect(monday.json().error.code).toBe('substitution.wrong_day');
    const foreign = await t.post('admin2', '/api/substitution', {
      routine_id: routineId,
      date: '2026-12-06',
      teacher_id: substitute.id,
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('assigns: the substitute sees the period in their day and takes it; the absent teacher cannot', async () => {
    const routineId = sundays[0].id;
    const res = await t.post('admin1', '/api/substitution', {
      routine_id: routineId,
      date: '2026-12-06',
      teacher_id: substitute.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ routine_id: routineId, date: '2026-12-06', teacher_id: substitute.id });
    const needed = (await t.get('admin1', '/api/substitution/needed?date=2026-12-06')).json();
    const row = needed.rows.find((r: { routine_id: number }) => r.routine_id === routineId);
    expect(row.substitute.teacher_id).toBe(substitute.id);

    at(NAMED.sunday);
    const day = (await t.get(substitute.code, '/api/routine/teacher/today')).json();
    const extra = day.find((r: { id: number }) => r.id === routineId);
    expect(extra).toMatchObject({ substitute: true, date: '2026-12-06', teacher_id: teacher1.id });
    const ownDay = (await t.get('teacher1', '/api/routine/teacher/today')).json();
    expect(ownDay.find((r: { id: number }) => r.id === routineId).covered_by).toBeTruthy();

    const list = await t.get(substitute.code, `/api/attendance/student?routine_id=${routineId}&date=2026-12-06`);
    expect(list.statusCode).toBe(200);
    const students = list.json() as { student_id: number }[];
    const take = (as: string, id = routineId) =>
      t.post(as, '/api/attendance/student', {
        routine_id: id,
        date: '2026-12-06',
        time: '10:31:00',
        attendance: students.map((s) => ({ student_id: s.student_id, attendance_status: 1 })),
      });
    const absent = await take('teacher1');
    expect(absent.statusCode).toBe(403);
    expect(absent.json().error.code).toBe('attendance.substituted');
    expect(
      (await t.get('teacher1', `/api/attendance/student?routine_id=${routineId}&date=2026-12-06`)).json().error.code,
    ).toBe('attendance.substituted');
    const taken = await take(substitute.code);
    expect(taken.statusCode).toBe(200);
    const [taking] = await t.db
      .select({ by: attendanceTakings.takenByUserId })
      .from(attendanceTakings)
      .where(and(eq(attendanceTakings.routineId, routineId), eq(attendanceTakings.date, '2026-12-06')));
    expect(taking.by).toBe(substitute.userId);
    // Another of teacher1's periods that day, with no substitute: on leave, not theirs to take.
    if (sundays.length > 1) {
      const other = await t.get('teacher1', `/api/attendance/student?routine_id=${sundays[1].id}&date=2026-12-06`);
      expect(other.statusCode).toBe(403);
      expect(other.json().error.code).toBe('attendance.on_leave');
    }
    // The substitution is for that date only: the next Sunday the period is teacher1's again.
    expect(
      (await t.get(substitute.code, `/api/attendance/student?routine_id=${routineId}&date=2026-12-13`)).statusCode,
    ).toBe(403);
  });

  it('removes a substitution', async () => {
    const res = await t.post('admin1', '/api/substitution/delete', { routine_id: sundays[0].id, date: '2026-12-06' });
    expect(res.statusCode).toBe(200);
    const again = await t.post('admin1', '/api/substitution/delete', { routine_id: sundays[0].id, date: '2026-12-06' });
    expect(again.statusCode).toBe(404);
  });
});

describe('notices to staff', () => {
  it('to chosen teachers reaches only them; to all reaches every teacher', async () => {
    const chosen = await t.post('admin1', '/api/staff/notice', {
      headline: 'Exam duty',
      description: 'See the head teacher.',
      all_teachers: false,
      teacher_ids: [colleague.id],
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().recipients).toBe(1);
    const all = await t.post('admin1', '/api/staff/notice', { headline: 'Staff meeting', all_teachers: true });
    expect(all.statusCode).toBe(200);
    const mine = (await t.get(colleague.code, '/api/staff/notice')).json();
    expect(mine.rows.map((r: { headline: string }) => r.headline)).toEqual(['Staff meeting', 'Exam duty']);
    const theirs = (await t.get('teacher1', '/api/staff/notice')).json();
    expect(theirs.rows.map((r: { headline: string }) => r.headline)).toEqual(['Staff meeting']);
    expect((await t.post('admin1', '/api/staff/notice', { headline: 'x', all_teachers: false })).statusCode).toBe(400);
    expect(
      (await t.post('admin2', '/api/staff/notice', { school_info_id: school1, headline: 'x', all_teachers: true }))
        .statusCode,
    ).toBe(403);
    const [other] = await t.db
      .select({ id: teachers.id })
      .from(teachers)
      .where(eq(teachers.schoolId, school2))
      .limit(1);
    const foreign = await t.post('admin1', '/api/staff/notice', {
      headline: 'x',
      all_teachers: false,
      teacher_ids: [other.id],
    });
    expect(foreign.statusCode).toBe(400);
  });
});
