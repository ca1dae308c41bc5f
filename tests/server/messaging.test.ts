/**
 * Absence messages: previewed, then queued once per absent student and period, only for the
 * school's today; delivered by the log adapter (the default) or by the HTTP adapter against a fake
 * gateway on 127.0.0.1, failures recorded and retried while attempts remain; the outbox listing is
 * the school admin's, paged. Each test resets the periods it uses, so the order does not matter.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DateTime } from 'luxon';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  academicSessions,
  attendanceMarks,
  attendanceTakings,
  messageOutbox,
  periods,
  routines,
  schools,
  students,
  teachers,
  users,
  guardians,
  guardianStudents,
} from '@server/db/schema';
import {
  CANCELLED_REASON,
  deliveriesSettled,
  deliverPending,
  httpSmsAdapter,
  logAdapter,
  maskPhone,
  MAX_ATTEMPTS,
  smsParts,
} from '@server/services/messaging';
import { createTestApp, type TestApp } from '../helpers/server';
import { dayIdOf, iso, openToday, resetTaking, schoolDayBefore, schoolToday } from './attendance-fixtures';

// ------------------------------------------------------------------ a fake SMS gateway

interface Received {
  headers: http.IncomingHttpHeaders;
  body: { to: string; message: string; sender: string };
}
const gateway = { received: [] as Received[], status: 200, delayMs: 0 };
let server: http.Server;
let gatewayUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      gateway.received.push({ headers: req.headers, body: JSON.parse(raw) });
      const status = gateway.status;
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(status < 300 ? '{"status":"accepted"}' : '{"error":"gateway down"}');
      }, gateway.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// ------------------------------------------------------------------ helpers

/** The school's today: absence messages go for today only (openToday makes it a school day). */
const date = iso(schoolToday());

/** School 1's routine entries on the date's weekday, in period order (teacher1's first). */
async function routinesOfDay(t: TestApp) {
  const [tch] = await t.db
    .select({ id: teachers.id, schoolId: teachers.schoolId })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(users.userCode, 'teacher1'));
  const rows = await t.db
    .select({ id: routines.id, teacherId: routines.teacherId })
    .from(routines)
    .innerJoin(periods, eq(periods.id, routines.periodId))
    // This session's: the seed gives the previous session the same routine (server/db/seed/exams.ts).
    .innerJoin(academicSessions, eq(academicSessions.id, routines.sessionId))
    .where(
      and(
        eq(routines.schoolId, tch.schoolId),
        eq(routines.dayId, dayIdOf(DateTime.fromISO(date))),
        eq(academicSessions.sessionYear, date.slice(0, 4)),
      ),
    )
    .orderBy(asc(periods.serial), asc(routines.id));
  return {
    mine: rows.filter((r) => r.teacherId === tch.id).map((r) => r.id),
    others: rows.filter((r) => r.teacherId !== tch.id).map((r) => r.id),
  };
}

/**
 * Record a period with the first `absent` students by roll absent (or those at the given positions
 * by roll, 0-based); returns the absentees. `fresh` forgets the period's earlier taking and messages.
 */
async function take(
  t: TestApp,
  as: string,
  routineId: number,
  absent: number | readonly number[] = 3,
  { fresh = false } = {},
) {
  if (fresh) await resetTaking(t, routineId, date);
  const isAbsent = (i: number) => (typeof absent === 'number' ? i < absent : absent.includes(i));
  const list = (await t.get(as, `/api/attendance/student?routine_id=${routineId}&date=${date}`)).json();
  const res = await t.post(as, '/api/attendance/student', {
    date,
    time: '10:50:00',
    routine_id: routineId,
    attendance: list.map((s: { student_id: number }, i: number) => ({
      student_id: s.student_id,
      attendance_status: isAbsent(i) ? 0 : 1,
    })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return list.filter((_: unknown, i: number) => isAbsent(i)) as {
    student_id: number;
    full_name: string;
    class_roll_no: number;
  }[];
}

/** Press "Send Absent Message" and wait for the delivery it starts after answering. */
async function sendAbsent(t: TestApp, as: string, routineId: number, on = date) {
  const res = await t.post(as, '/api/attendance/absent-message', { routine_id: routineId, date: on });
  await deliveriesSettled(t.db);
  return res;
}

const BN_DIGITS = '০১২৩৪৫৬৭৮৯';
const bnDigits = (n: number) => String(n).replace(/[0-9]/g, (d) => BN_DIGITS[Number(d)]);
const BN_MONTHS = [
  'জানুয়ারী',
  'ফেব্রুয়ারী',
  'মার্চ',
  'এপ্রিল',
  'মে',
  'জুন',
  'জুলাই',
  'আগস্ট',
  'সেপ্টেম্বর',
  'অক্টোবর',
  'নভেম্বর',
  'ডিসেম্বর',
];
/** "23 November 2026" as a Bangla letter writes it: "২৩ নভেম্বর ২০২৬". */
const bnDayMonth = (isoDate: string) => {
  const d = DateTime.fromISO(isoDate);
  return `${bnDigits(d.day)} ${BN_MONTHS[d.month - 1]}`;
};

/** The school's SMS language (migration 0004: 'bn' unless the school chose 'en'). */
const setSmsLanguage = (t: TestApp, lang: 'en' | 'bn') => t.db.update(schools).set({ smsLanguage: lang });

const outboxOf = (t: TestApp, routineId: number) =>
  t.db
    .select()
    .from(messageOutbox)
    // The period's absence messages (a chronic-absence SMS may name the period too).
    .where(and(eq(messageOutbox.kind, 'absence'), eq(messageOutbox.routineId, routineId), eq(messageOutbox.date, date)))
    .orderBy(asc(messageOutbox.id));

// ------------------------------------------------------------------ with the log adapter (default)

describe('with the log adapter', () => {
  let t: TestApp;
  let day: Awaited<ReturnType<typeof routinesOfDay>>;
  beforeAll(async () => {
    t = await createTestApp();
    await openToday(t);
    day = await routinesOfDay(t);
  });
  afterAll(() => t.close());

  it('queues one message per absent student, once, and marks them sent', async () => {
    const routineId = day.mine[0];
    const absentees = await take(t, 'teacher1', routineId, 3, { fresh: true });
    const res = await sendAbsent(t, 'teacher1', routineId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, queued: 3, already: 0, no_phone: 0 });

    const rows = await outboxOf(t, routineId);
    expect(rows).toHaveLength(3);
    const [school] = await t.db
      .select({ name: schools.shortName })
      .from(schools)
      .where(eq(schools.id, rows[0].schoolId));
    const summary = (
      await t.get(
        'admin1',
        `/api/attendance/summary/section/today?section_id=${(await t.db.select({ s: routines.sectionId }).from(routines).where(eq(routines.id, routineId)))[0].s}&date=${date}`,
      )
    ).json();
    const period = summary.find((p: { r_id: number }) => p.r_id === routineId);
    for (const [i, row] of rows.entries()) {
      expect(row).toMatchObject({ kind: 'absence', status: 'sent', attempts: 1, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.phone).toMatch(/^01[3-9]\d{8}$/);
      const who = absentees[i];
      // The demo schools text guardians in Bangla (the default SMS language).
      expect(row.body).toMatch(/^অভিভাবক, /);
      expect(row.body).toContain(who.full_name);
      expect(row.body).toContain(`রোল ${bnDigits(who.class_roll_no)})`);
      // The demo's periods are named 1st ... 6th: said the Bangla way.
      const bnPeriod = { '1st': '১ম', '2nd': '২য়', '3rd': '৩য়', '4th': '৪র্থ', '5th': '৫ম', '6th': '৬ষ্ঠ' }[
        period.period_code as string
      ];
      expect(bnPeriod).toBeDefined();
      expect(row.body).toContain(`${bnPeriod} পিরিয়ডে`);
      // The subject in Bangla (the demo's are the curriculum's), the day without the year.
      expect(row.body).not.toContain(`${period.subject_name} `);
      expect(row.body).toContain(`${bnDayMonth(date)} ${bnPeriod} পিরিয়ডে`);
      expect(row.body).toContain(' ক্লাসে অনুপস্থিত ছিল। -');
      expect(row.body).toContain('অনুপস্থিত ছিল');
      expect(row.body).not.toContain(DateTime.fromISO(date).toFormat('dd-MM-yyyy'));
      // The school's short name, not the full one.
      expect(row.body.endsWith(`-${school.name}`)).toBe(true);
    }

    const again = await sendAbsent(t, 'teacher1', routineId);
    expect(again.json()).toMatchObject({ ok: true, queued: 0, already: 3 });
    expect(await outboxOf(t, routineId)).toHaveLength(3);
  });

  it('a student marked absent later is queued on the next press; the others are not repeated', async () => {
    const routineId = day.mine[0];
    await take(t, 'teacher1', routineId, 3, { fresh: true });
    expect((await sendAbsent(t, 'teacher1', routineId)).json()).toMatchObject({ queued: 3 });
    await take(t, 'teacher1', routineId, 4);
    const res = await sendAbsent(t, 'teacher1', routineId);
    expect(res.json()).toMatchObject({ queued: 1, already: 3 });
    expect(await outboxOf(t, routineId)).toHaveLength(4);
  });

  it('only for the teacher’s own period, the admin for any; never another school’s', async () => {
    const colleague = day.others[0];
    await take(t, 'admin1', colleague, 2, { fresh: true });
    expect((await sendAbsent(t, 'teacher1', colleague)).statusCode).toBe(403);
    expect((await sendAbsent(t, 'teacher2', colleague)).statusCode).toBe(403);
    expect((await sendAbsent(t, 'admin2', colleague)).statusCode).toBe(403);
    expect((await sendAbsent(t, 'viewer1', colleague)).statusCode).toBe(403);
    const res = await sendAbsent(t, 'admin1', colleague);
    expect(res.json()).toMatchObject({ queued: 2 });
    expect((await outboxOf(t, colleague)).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('uses the first valid guardian number, normalised, and counts students with none', async () => {
    const routineId = day.others[1];
    const [a, b] = await take(t, 'admin1', routineId, 2, { fresh: true });
    const phones = {
      mobileNo: students.mobileNo,
      father: students.fatherPhoneNumber,
      mother: students.motherPhoneNumber,
    };
    const saved = await t.db
      .select({ id: students.id, ...phones })
      .from(students)
      .where(inArray(students.id, [a.student_id, b.student_id]));
    // The record's numbers are the fallback for students with no linked guardian: the
    // seed links student1's father, so set any links aside for this test.
    const links = await t.db
      .select()
      .from(guardianStudents)
      .where(inArray(guardianStudents.studentId, [a.student_id, b.student_id]));
    await t.db.delete(guardianStudents).where(inArray(guardianStudents.studentId, [a.student_id, b.student_id]));
    onTestFinished(async () => {
      for (const s of saved) {
        await t.db
          .update(students)
          .set({ mobileNo: s.mobileNo, fatherPhoneNumber: s.father, motherPhoneNumber: s.mother })
          .where(eq(students.id, s.id));
      }
      if (links.length) await t.db.insert(guardianStudents).values(links);
    });
    await t.db
      .update(students)
      .set({ mobileNo: '', fatherPhoneNumber: '12345', motherPhoneNumber: '+880 1812-345678' })
      .where(eq(students.id, a.student_id));
    await t.db
      .update(students)
      .set({ mobileNo: '', fatherPhoneNumber: '', motherPhoneNumber: '' })
      .where(eq(students.id, b.student_id));
    const res = await sendAbsent(t, 'admin1', routineId);
    expect(res.json()).toMatchObject({ queued: 1, already: 0, no_phone: 1 });
    const rows = await outboxOf(t, routineId);
    expect(rows).toHaveLength(1);
    expect(rows[0].phone).toBe('01812345678');
    expect(rows[0].body).toContain(a.full_name);
  });

  it('a period not taken yet today is a 404', async () => {
    await resetTaking(t, day.mine[1], date);
    const res = await sendAbsent(t, 'teacher1', day.mine[1]);
    expect(res.statusCode).toBe(404);
  });

  it('only for the school’s today: never for an earlier (corrected) date, nor a later one', async () => {
    const [offDays] = await t.db.select({ off: schools.weeklyOffDays }).from(schools).limit(1);
    const past = iso(schoolDayBefore(schoolToday(), offDays.off));
    const [pastRoutine] = await t.db
      .select({ id: routines.id })
      .from(routines)
      .innerJoin(teachers, eq(teachers.id, routines.teacherId))
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(and(eq(users.userCode, 'teacher1'), eq(routines.dayId, dayIdOf(DateTime.fromISO(past)))))
      .limit(1);
    // The seed took that day with absentees; the admin corrects it, then tries to text guardians.
    const before = await t.db.select({ n: messageOutbox.id }).from(messageOutbox);
    for (const as of ['teacher1', 'admin1']) {
      for (const on of [past, iso(DateTime.fromISO(date).plus({ days: 7 }))]) {
        const res = await sendAbsent(t, as, pastRoutine.id, on);
        expect(res.statusCode, `${as} ${on}`).toBe(409);
        expect(res.json().error.fields).toHaveProperty('date');
        expect(res.json().error.message).toContain('only for today');
        expect(res.json().error.code).toBe('attendance.messages_today_only');
        const preview = await t.get(as, `/api/attendance/absent-message?routine_id=${pastRoutine.id}&date=${on}`);
        expect(preview.statusCode, `${as} ${on}`).toBe(409);
      }
    }
    expect(await t.db.select({ n: messageOutbox.id }).from(messageOutbox)).toEqual(before);
  });

  it('previews the message as guardians will read it and how many guardians get it', async () => {
    const routineId = day.mine[0];
    const absentees = await take(t, 'teacher1', routineId, 3, { fresh: true });
    const url = `/api/attendance/absent-message?routine_id=${routineId}&date=${date}`;
    const preview = await t.get('teacher1', url);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ absent: 3, guardians: 3, already: 0, no_phone: 0 });
    expect(preview.json().sample).toContain(absentees[0].full_name);
    // Previewing sends nothing.
    expect(await outboxOf(t, routineId)).toEqual([]);

    await sendAbsent(t, 'teacher1', routineId);
    const rows = await outboxOf(t, routineId);
    expect(rows[0].body).toBe(preview.json().sample);
    expect((await t.get('teacher1', url)).json()).toMatchObject({
      absent: 3,
      guardians: 0,
      already: 3,
      sample: null,
    });
    expect(
      (await t.get('teacher1', `/api/attendance/absent-message?routine_id=${day.others[0]}&date=${date}`)).statusCode,
    ).toBe(403);
    expect((await t.get('teacher1', `/api/attendance/absent-message?routine_id=${routineId}`)).statusCode).toBe(400);
  });

  it('goes to the linked guardian who wants SMS, in their language; none when they chose none', async () => {
    const routineId = day.mine[0];
    const [school] = await t.db.select({ id: users.schoolId }).from(users).where(eq(users.userCode, 'admin1'));
    await t.db.delete(messageOutbox).where(eq(messageOutbox.schoolId, school.id!));
    const [absentee] = await take(t, 'teacher1', routineId, 1, { fresh: true });
    const links = await t.db.select().from(guardianStudents).where(eq(guardianStudents.studentId, absentee.student_id));
    await t.db.delete(guardianStudents).where(eq(guardianStudents.studentId, absentee.student_id));
    onTestFinished(async () => {
      await t.db.delete(guardians).where(eq(guardians.phone, '01855500001'));
      await t.db.delete(users).where(eq(users.userCode, '01855500001'));
      if (links.length) await t.db.insert(guardianStudents).values(links);
      await t.db.delete(messageOutbox).where(eq(messageOutbox.schoolId, school.id!));
      await take(t, 'teacher1', routineId, 0, { fresh: true });
    });
    const made = await t.post('admin1', '/api/guardian', {
      name: 'Salma Begum',
      phone: '01855500001',
      relation: 'mother',
      student_ids: [absentee.student_id],
    });
    expect(made.statusCode, made.body).toBe(200);
    const [g] = await t.db.select().from(guardians).where(eq(guardians.id, made.json().guardian_id));
    // The school writes Bangla; this guardian reads English.
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, g.userId));
    const url = `/api/attendance/absent-message?routine_id=${routineId}&date=${date}`;
    const preview = (await t.get('teacher1', url)).json();
    expect(preview).toMatchObject({ absent: 1, guardians: 1, no_phone: 0 });
    expect(preview.sample).toMatch(/^Dear guardian, /);
    await sendAbsent(t, 'teacher1', routineId);
    const rows = await outboxOf(t, routineId);
    expect(rows.map((r) => r.phone)).toEqual(['01855500001']);
    // Choosing no SMS: nothing goes, even though the student's record has a father's phone.
    await t.db.update(guardians).set({ smsPreference: 'none' }).where(eq(guardians.id, g.id));
    await take(t, 'teacher1', routineId, 1, { fresh: true });
    expect((await t.get('teacher1', url)).json()).toMatchObject({ absent: 1, guardians: 0, no_phone: 1 });
  });

  it('the school’s SMS language decides the text: the preview shows what is sent, the outbox its parts', async () => {
    const routineId = day.mine[0];
    const [school] = await t.db.select({ id: users.schoolId }).from(users).where(eq(users.userCode, 'admin1'));
    try {
      for (const lang of ['en', 'bn'] as const) {
        await setSmsLanguage(t, lang);
        await t.db.delete(messageOutbox).where(eq(messageOutbox.schoolId, school.id!));
        const absentees = await take(t, 'teacher1', routineId, 2, { fresh: true });
        const preview = await t.get('teacher1', `/api/attendance/absent-message?routine_id=${routineId}&date=${date}`);
        expect(preview.statusCode, preview.body).toBe(200);
        const { sample, sample_parts } = preview.json();
        if (lang === 'en') {
          expect(sample).toMatch(/^Dear guardian, /);
          expect(sample).toContain(`Roll ${absentees[0].class_roll_no})`);
          expect(sample).toContain(DateTime.fromISO(date).toFormat('dd-MM-yyyy'));
        } else {
          expect(sample).toMatch(/^অভিভাবক, /);
          expect(sample).toContain(`রোল ${bnDigits(absentees[0].class_roll_no)})`);
          expect(sample).toContain(bnDayMonth(date));
        }
        await sendAbsent(t, 'teacher1', routineId);
        const rows = await outboxOf(t, routineId);
        // What the teacher confirmed is exactly what the first guardian gets.
        expect(rows[0].body).toBe(sample);
        const listed = (await t.get('admin1', '/api/attendance/outbox?limit=200')).json().rows;
        expect(listed).toHaveLength(2);
        for (const row of listed) {
          const units = row.body.length;
          if (lang === 'en') {
            // Plain English fits GSM-7: 160 in one part, 153 per part beyond.
            expect(row).toMatchObject({ encoding: 'gsm7', length: units });
            expect(row.parts).toBe(units <= 160 ? 1 : Math.ceil(units / 153));
          } else {
            // Bangla is UCS-2: 70 in one part, 67 per part beyond (the demo's names make two).
            expect(row).toMatchObject({ encoding: 'ucs2', length: units });
            expect(row.parts).toBe(units <= 70 ? 1 : Math.ceil(units / 67));
            expect(row.parts).toBe(2);
          }
        }
        expect(sample_parts).toBe(listed.find((r: { body: string }) => r.body === sample).parts);
      }
    } finally {
      await setSmsLanguage(t, 'bn');
    }
  });

  it('the outbox lists the school’s messages newest first, a page at a time, for the school admin only', async () => {
    const [school] = await t.db.select({ id: users.schoolId }).from(users).where(eq(users.userCode, 'admin1'));
    await t.db.delete(messageOutbox).where(eq(messageOutbox.schoolId, school.id!));
    await take(t, 'teacher1', day.mine[0], 3, { fresh: true });
    await sendAbsent(t, 'teacher1', day.mine[0]);
    await take(t, 'admin1', day.others[0], 4, { fresh: true });
    await sendAbsent(t, 'admin1', day.others[0]);
    const res = await t.get('admin1', '/api/attendance/outbox');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: 7, limit: 50, offset: 0 });
    const list = page.rows;
    expect(list).toHaveLength(7);
    expect(list[0]).toMatchObject({
      id: expect.any(Number),
      student_name: expect.any(String),
      phone: expect.stringMatching(/^01\d{9}$/),
      body: expect.any(String),
      status: 'sent',
      attempts: 1,
      last_error: null,
      created_at: expect.any(String),
      sent_at: expect.any(String),
    });
    const ids = list.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect((await t.get('admin1', '/api/attendance/outbox?status=failed')).json()).toMatchObject({
      rows: [],
      total: 0,
    });
    const second = (await t.get('admin1', '/api/attendance/outbox?limit=2&offset=1')).json();
    expect(second).toMatchObject({ total: 7, limit: 2, offset: 1 });
    expect(second.rows.map((r: { id: number }) => r.id)).toEqual(ids.slice(1, 3));
    expect((await t.get('admin2', '/api/attendance/outbox')).json()).toMatchObject({ rows: [], total: 0 });
    for (const bad of ['limit=201', 'limit=0', 'offset=-1']) {
      const r = await t.get('admin1', `/api/attendance/outbox?${bad}`);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().error.fields, bad).toHaveProperty(bad.split('=')[0]);
    }
    for (const as of ['teacher1', 'student1', 'viewer1']) {
      expect((await t.get(as, '/api/attendance/outbox')).statusCode, as).toBe(403);
    }
  });
});

// ------------------------------------------------------------------ with the HTTP adapter

describe('with the HTTP adapter', () => {
  let t: TestApp;
  let day: Awaited<ReturnType<typeof routinesOfDay>>;
  const adapter = () => httpSmsAdapter({ url: gatewayUrl, token: 'gw-secret', sender: 'DMHS' });
  beforeAll(async () => {
    t = await createTestApp({
      SMS_ADAPTER: 'http',
      SMS_HTTP_URL: gatewayUrl,
      SMS_HTTP_TOKEN: 'gw-secret',
      SMS_SENDER: 'DMHS',
    });
    // These tests read the English text (the roll in it tells messages apart).
    await setSmsLanguage(t, 'en');
    await openToday(t);
    day = await routinesOfDay(t);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    gateway.received = [];
    gateway.status = 200;
    gateway.delayMs = 0;
  });

  it('posts { to, message, sender } with the bearer token', async () => {
    const routineId = day.mine[0];
    await take(t, 'teacher1', routineId, 2, { fresh: true });
    const res = await sendAbsent(t, 'teacher1', routineId);
    expect(res.json()).toMatchObject({ queued: 2, already: 0 });
    const rows = await outboxOf(t, routineId);
    expect(gateway.received).toHaveLength(2);
    const byPhone = new Map(gateway.received.map((r) => [r.body.to, r]));
    for (const row of rows) {
      const got = byPhone.get(row.phone)!;
      expect(got.body).toEqual({ to: row.phone, message: row.body, sender: 'DMHS' });
      expect(got.headers.authorization).toBe('Bearer gw-secret');
      expect(got.headers['content-type']).toContain('application/json');
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    }
  });

  it('a 500 marks the messages failed with the error; later runs retry while attempts remain', async () => {
    const routineId = day.others[0];
    await take(t, 'admin1', routineId, 2, { fresh: true });
    gateway.status = 500;
    const res = await sendAbsent(t, 'admin1', routineId);
    expect(res.json()).toMatchObject({ queued: 2 });
    let rows = await outboxOf(t, routineId);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
      expect(row.lastError).toContain('500');
      expect(row.lastError).toContain('gateway down');
    }
    const listed = (await t.get('admin1', '/api/attendance/outbox?status=failed&limit=200')).json().rows;
    expect(listed.map((r: { id: number }) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(listed[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: expect.stringContaining('500'),
      sent_at: null,
    });

    // Two more failing runs use up the attempts; then even a healthy gateway gets nothing.
    for (let run = 2; run <= MAX_ATTEMPTS; run++) {
      expect(await deliverPending(t.db, adapter(), { scope: { routineId, date } })).toEqual({ sent: 0, failed: 2 });
    }
    rows = await outboxOf(t, routineId);
    expect(rows.every((r) => r.status === 'failed' && r.attempts === MAX_ATTEMPTS)).toBe(true);
    gateway.status = 200;
    gateway.received = [];
    expect(await deliverPending(t.db, adapter(), { scope: { routineId, date } })).toEqual({ sent: 0, failed: 0 });
    expect(gateway.received).toHaveLength(0);
  });

  it('a failed message is sent by the next run once the gateway is back', async () => {
    const routineId = day.others[1];
    await take(t, 'admin1', routineId, 1, { fresh: true });
    gateway.status = 503;
    expect((await sendAbsent(t, 'admin1', routineId)).json()).toMatchObject({ queued: 1 });
    expect((await outboxOf(t, routineId))[0]).toMatchObject({ status: 'failed', attempts: 1 });
    gateway.status = 200;
    expect(await deliverPending(t.db, adapter(), { scope: { routineId, date } })).toEqual({ sent: 1, failed: 0 });
    const [row] = await outboxOf(t, routineId);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('answers before a slow gateway does; the messages are sent afterwards', async () => {
    const routineId = day.others[3];
    await take(t, 'admin1', routineId, 1, { fresh: true });
    gateway.delayMs = 800;
    const res = await t.post('admin1', '/api/attendance/absent-message', { routine_id: routineId, date });
    expect(res.json()).toMatchObject({ queued: 1 });
    expect((await outboxOf(t, routineId))[0].status).toBe('queued');
    await deliveriesSettled(t.db);
    expect((await outboxOf(t, routineId))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('pressing Send again retries this period’s failed messages', async () => {
    const routineId = day.others[2];
    await take(t, 'admin1', routineId, 2, { fresh: true });
    gateway.status = 500;
    await sendAbsent(t, 'admin1', routineId);
    gateway.status = 200;
    const res = await sendAbsent(t, 'admin1', routineId);
    // The answer says they are being sent again, not that they were "already sent".
    expect(res.json()).toMatchObject({ queued: 0, retried: 2, already: 0, failed: 0, cancelled: 0, no_phone: 0 });
    expect(res.json().message).toBe('2 messages not sent earlier, sending again.');
    const rows = await outboxOf(t, routineId);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    const third = await sendAbsent(t, 'admin1', routineId);
    expect(third.json()).toMatchObject({ queued: 0, retried: 0, already: 2, message: '2 messages already sent.' });
  });

  it('a student corrected to present before the failed message is re-sent never gets it', async () => {
    const routineId = day.others[4];
    const [roll1, roll2] = await take(t, 'admin1', routineId, 2, { fresh: true });
    gateway.status = 500;
    expect((await sendAbsent(t, 'admin1', routineId)).json()).toMatchObject({ queued: 2 });
    expect((await outboxOf(t, routineId)).map((r) => r.status)).toEqual(['failed', 'failed']);

    // Roll 1 is corrected to present; roll 2 stays absent. The resubmission cancels roll 1's message.
    await take(t, 'admin1', routineId, [1]);
    let rows = await outboxOf(t, routineId);
    expect(rows[0]).toMatchObject({ status: 'cancelled', lastError: CANCELLED_REASON });
    expect(rows[1]).toMatchObject({ status: 'failed', lastError: expect.stringContaining('500') });

    gateway.status = 200;
    gateway.received = [];
    const res = await sendAbsent(t, 'admin1', routineId);
    expect(res.json()).toMatchObject({ queued: 0, retried: 1, already: 0, failed: 0, cancelled: 1, no_phone: 0 });
    expect(res.json().message).toBe(
      '1 message not sent earlier, sending again; 1 message cancelled (student now present).',
    );
    expect(gateway.received.map((r) => r.body.message)).toEqual([rows[1].body]);
    expect(gateway.received.some((r) => r.body.message.includes(`Roll ${roll1.class_roll_no})`))).toBe(false);
    expect(rows[1].body).toContain(`Roll ${roll2.class_roll_no})`);
    rows = await outboxOf(t, routineId);
    expect(rows.map((r) => [r.status, r.lastError])).toEqual([
      ['cancelled', CANCELLED_REASON],
      ['sent', null],
    ]);
    // Nothing later sends it either.
    expect(await deliverPending(t.db, adapter(), { scope: { routineId, date } })).toMatchObject({ sent: 0 });

    // The outbox says 'cancelled', and a 'failed' filter does not list it.
    const cancelled = (await t.get('admin1', '/api/attendance/outbox?status=cancelled&limit=200')).json().rows;
    expect(cancelled.filter((r: { id: number }) => r.id === rows[0].id)).toHaveLength(1);
    expect(cancelled.find((r: { id: number }) => r.id === rows[0].id)).toMatchObject({
      status: 'cancelled',
      sent_at: null,
    });
    const failed = (await t.get('admin1', '/api/attendance/outbox?status=failed&limit=200')).json().rows;
    expect(failed.map((r: { id: number }) => r.id)).not.toContain(rows[0].id);

    // Marked absent again: the next press queues it afresh (the same row, attempts from zero).
    gateway.received = [];
    await take(t, 'admin1', routineId, [0, 1]);
    const again = await sendAbsent(t, 'admin1', routineId);
    expect(again.json()).toMatchObject({ queued: 1, retried: 0, already: 1, cancelled: 0 });
    expect(gateway.received.map((r) => r.body.message)).toEqual([rows[0].body]);
    expect(await outboxOf(t, routineId)).toMatchObject([
      { id: rows[0].id, status: 'sent', attempts: 1, lastError: null },
      { id: rows[1].id, status: 'sent' },
    ]);
  });

  it('a delivery checks the current mark, even for a row queued before the student was marked present', async () => {
    const routineId = day.others[5];
    await take(t, 'admin1', routineId, 2, { fresh: true });
    gateway.status = 500;
    await sendAbsent(t, 'admin1', routineId);
    const [first, second] = await outboxOf(t, routineId);
    // Behind the outbox's back (no cancellation): the first student's mark becomes present.
    const [taking] = await t.db
      .select({ id: attendanceTakings.id })
      .from(attendanceTakings)
      .where(and(eq(attendanceTakings.routineId, routineId), eq(attendanceTakings.date, date)));
    await t.db
      .update(attendanceMarks)
      .set({ status: 1 })
      .where(and(eq(attendanceMarks.takingId, taking.id), eq(attendanceMarks.enrolmentId, first.enrolmentId!)));

    gateway.status = 200;
    gateway.received = [];
    expect(await deliverPending(t.db, adapter(), { scope: { routineId, date } })).toEqual({ sent: 1, failed: 0 });
    expect(gateway.received.map((r) => r.body.message)).toEqual([second.body]);
    expect((await outboxOf(t, routineId))[0]).toMatchObject({ status: 'failed', attempts: 1 });
    // The next press gives the row its clear status.
    expect((await sendAbsent(t, 'admin1', routineId)).json()).toMatchObject({ already: 1, cancelled: 1 });
    expect((await outboxOf(t, routineId))[0]).toMatchObject({ status: 'cancelled', lastError: CANCELLED_REASON });
  });

  it('a correction made while a delivery is under way stops the rows not yet handed over', async () => {
    const routineId = day.others[6];
    await take(t, 'admin1', routineId, 2, { fresh: true });
    gateway.status = 500;
    await sendAbsent(t, 'admin1', routineId);
    const [first, second] = await outboxOf(t, routineId);
    const handed: string[] = [];
    // The gateway takes the first message; meanwhile the teacher corrects the second student.
    const correctingAdapter = {
      name: 'test',
      async send(sms: { to: string; message: string }) {
        handed.push(sms.message);
        if (handed.length === 1) await take(t, 'admin1', routineId, [0]);
      },
    };
    expect(await deliverPending(t.db, correctingAdapter, { scope: { routineId, date }, concurrency: 1 })).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(handed).toEqual([first.body]);
    expect(await outboxOf(t, routineId)).toMatchObject([
      { status: 'sent' },
      { id: second.id, status: 'cancelled', lastError: CANCELLED_REASON },
    ]);
  });
});

// ------------------------------------------------------------------ the adapters on their own

describe('SMS parts', () => {
  const bangla = (n: number) => 'ক'.repeat(n);
  const plain = (n: number) => 'a'.repeat(n);

  it('Bangla (UCS-2): 70 characters are one part, 71 two, then 67 a part', () => {
    expect(smsParts(bangla(1))).toEqual({ encoding: 'ucs2', length: 1, parts: 1 });
    expect(smsParts(bangla(70))).toEqual({ encoding: 'ucs2', length: 70, parts: 1 });
    expect(smsParts(bangla(71))).toEqual({ encoding: 'ucs2', length: 71, parts: 2 });
    expect(smsParts(bangla(134)).parts).toBe(2);
    expect(smsParts(bangla(135)).parts).toBe(3);
  });

  it('plain English (GSM-7): 160 characters are one part, 161 two, then 153 a part', () => {
    expect(smsParts(plain(160))).toEqual({ encoding: 'gsm7', length: 160, parts: 1 });
    expect(smsParts(plain(161))).toEqual({ encoding: 'gsm7', length: 161, parts: 2 });
    expect(smsParts(plain(306)).parts).toBe(2);
    expect(smsParts(plain(307)).parts).toBe(3);
    expect(smsParts('').parts).toBe(1);
  });

  it('GSM-7 extension characters count two; one character outside GSM-7 makes the whole text UCS-2', () => {
    expect(smsParts(`${plain(158)}€`)).toEqual({ encoding: 'gsm7', length: 160, parts: 1 });
    expect(smsParts(`${plain(159)}[`)).toEqual({ encoding: 'gsm7', length: 161, parts: 2 });
    expect(smsParts(`${plain(69)}’`)).toEqual({ encoding: 'ucs2', length: 70, parts: 1 });
    expect(smsParts(`${plain(70)}ক`)).toEqual({ encoding: 'ucs2', length: 71, parts: 2 });
  });
});

describe('adapters', () => {
  beforeEach(() => {
    gateway.received = [];
    gateway.status = 200;
    gateway.delayMs = 0;
  });

  it('the HTTP adapter resolves on 2xx and throws with the status otherwise', async () => {
    const a = httpSmsAdapter({ url: gatewayUrl, token: 't0k', sender: 'School' });
    await a.send({ to: '01711000000', message: 'hello' });
    expect(gateway.received[0].body).toEqual({ to: '01711000000', message: 'hello', sender: 'School' });
    gateway.status = 502;
    await expect(a.send({ to: '01711000000', message: 'hello' })).rejects.toThrow(/502/);
  });

  it('an unreachable gateway is a failure, not a crash', async () => {
    const a = httpSmsAdapter({ url: 'http://127.0.0.1:1/sms', token: '', sender: 'School', timeoutMs: 2000 });
    await expect(a.send({ to: '01711000000', message: 'hello' })).rejects.toThrow();
  });

  it('the log adapter succeeds without a guardian’s number or the text at info level (debug has them)', async () => {
    const info: string[] = [];
    const debug: string[] = [];
    const sms = { to: '01711223344', message: 'Dear guardian, Rahim (Class Six, Roll 4) was absent' };
    await logAdapter({
      info: (o, msg) => info.push(JSON.stringify(o) + String(msg)),
      debug: (o, msg) => debug.push(JSON.stringify(o) + String(msg)),
    }).send(sms);
    expect(info).toHaveLength(1);
    expect(info[0]).not.toContain('01711223344');
    expect(info[0]).not.toContain('Rahim');
    expect(info[0]).toContain(maskPhone(sms.to));
    expect(maskPhone(sms.to)).toBe('017******44');
    expect(debug.join('\n')).toContain('01711223344');
    expect(debug.join('\n')).toContain(sms.message);
  });
});
