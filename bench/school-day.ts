/**
 * The school day (`npm run bench -- --school-day`): reads as a school day makes them, not one user
 * repeating one URL. Many users of both demo schools (students, teachers, admins), each request a
 * URL of its own (random dates, pages, sections, students), while teachers submit attendance and
 * save marks at a steady rate; every read alone with distinct URLs too; each beside the bare route
 * in the same run; against an API with the answer cache and one without it (ANSWER_CACHE=off),
 * since the read path must meet the targets on its own (docs/ARCHITECTURE.md, "Caches").
 *
 * Targets (2-core machine): every read alone at 50 connections >= 20% of the bare route; at 1
 * connection its mean <= 4x the bare route's mean + 1 ms; the mix at 50 connections >= 20% of the
 * bare route with p99 < 100 ms. bench/README.md has the figures and their causes.
 */
import { DateTime } from 'luxon';

/** A user of the day: their token and what their URLs are made of. */
interface Student {
  token: string;
  id: number;
  sectionId: number;
  code: string;
}
interface Teacher {
  token: string;
  routines: { id: number; day_id: number; section_id: number }[];
}
interface Admin {
  token: string;
  schoolId: number;
}

export interface Population {
  students: Student[];
  teachers: Teacher[];
  admins: Admin[];
  /** Section ids per school (from the students' and teachers' data). */
  sections: Map<number, number[]>;
  /** Student codes per school, for the grade sheets an admin opens. */
  codes: Map<number, string[]>;
  currentSession: number;
  lastSession: number | null;
  /** Exams with marks to save: id, subject and the section's student ids. */
  markSheets: { token: string; examId: number; subjectId: number; students: number[] }[];
}

/** A request autocannon sends: made afresh for each one by `setupRequest`. */
export interface Made {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const PASSWORD = 'demo1234';
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];
const between = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));
const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

/** A JSON answer of the API, or an error naming the call and what the server said. */
export async function json<T>(base: string, pathName: string, token?: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(base + pathName, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${pathName}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const signIn = (base: string, code: string) =>
  json<{ accessToken: string }>(base, '/api/users/login', undefined, {
    method: 'POST',
    body: JSON.stringify({ user_code: code, password: PASSWORD }),
  }).then((r) => r.accessToken);

/** Four at a time: each sign-in is a deliberate ~0.5 s hash. */
async function inBatches<T, R>(items: T[], fn: (t: T) => Promise<R | undefined>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += 4) {
    for (const r of await Promise.all(items.slice(i, i + 4).map(fn))) if (r !== undefined) out.push(r);
  }
  return out;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

/**
 * Signs in the day's users of the demo's two schools: 12 students each (one in about every
 * section: the demo's sections hold 28-32), 4 teachers each and the admin.
 */
export async function populate(base: string): Promise<Population> {
  const studentCodes = [1, 2].flatMap((n) =>
    Array.from({ length: 12 }, (_, k) => (k === 0 ? `student${n}` : `S-${n}-${pad(1 + 30 * k, 4)}`)),
  );
  const teacherCodes = [1, 2].flatMap((n) => [`teacher${n}`, ...[1, 2, 3, 4].map((k) => `T-${n}-${pad(k, 3)}`)]);
  const students = await inBatches(studentCodes, async (code) => {
    const token = await signIn(base, code).catch(() => undefined);
    if (!token) return undefined;
    const me = await json<{ id: number; section_id: number; student_code: string }>(base, '/api/users/user_id', token);
    return { token, id: me.id, sectionId: me.section_id, code: me.student_code };
  });
  const teachers = (
    await inBatches(teacherCodes, async (code) => {
      // One of T-n-001..004 is the school's `teacherN` account itself: its code does not sign in.
      const token = await signIn(base, code).catch(() => undefined);
      if (!token) return undefined;
      const routines = await json<Teacher['routines']>(base, '/api/routine/teacher', token);
      return { token, routines };
    })
  ).filter((t) => t.routines.length > 0);
  const admins = await inBatches(['admin1', 'admin2'], async (code) => {
    const token = await signIn(base, code);
    const me = await json<{ school_info_id: number }>(base, '/api/users/user_id', token);
    return { token, schoolId: me.school_info_id };
  });
  const years = await json<{ id: number; current: boolean }[]>(base, '/api/session', admins[0].token);
  const currentIndex = years.findIndex((y) => y.current);
  const sections = new Map<number, number[]>();
  const codes = new Map<number, string[]>();
  for (const a of admins) {
    const page = await json<{ rows: { section_id: number }[] }>(base, `/api/routine/admin-search?limit=200`, a.token);
    sections.set(a.schoolId, [...new Set(page.rows.map((r) => r.section_id))]);
    // The school's students' codes: the grade sheets an admin opens.
    const roll = await json<{ student_code: string }[]>(base, '/api/student/admin-search?limit=500', a.token);
    codes.set(
      a.schoolId,
      roll.map((st) => st.student_code),
    );
  }
  // The mark sheets teachers save: each teacher's first exams of this session.
  const markSheets: Population['markSheets'] = [];
  for (const t of teachers) {
    const exams = await json<{ rows: { id: number; subject_id: number }[] }>(
      base,
      `/api/exam_info?session_id=${years[currentIndex].id}&limit=3`,
      t.token,
    );
    for (const e of exams.rows) {
      const sheet = await json<{ rows: { student_id: number }[]; locked?: boolean }>(
        base,
        `/api/student_mark?exam_info_id=${e.id}`,
        t.token,
      ).catch(() => undefined);
      if (sheet?.rows.length && !sheet.locked) {
        markSheets.push({
          token: t.token,
          examId: e.id,
          subjectId: e.subject_id,
          students: sheet.rows.map((r) => r.student_id),
        });
      }
    }
  }
  return {
    students,
    teachers,
    admins,
    sections,
    codes,
    currentSession: years[currentIndex].id,
    lastSession: currentIndex > 0 ? years[currentIndex - 1].id : null,
    markSheets,
  };
}

/**
 * The moment the school day runs at: 10:30 in Dhaka on the latest day the demo's classes meet
 * (Sunday to Thursday), today when today is one. The API processes run with this CLOCK_START
 * (server/clock.ts), so that the day's writes are a teacher taking today's periods, whatever day
 * the bench runs on; on a Friday the writes were last week's periods, refused as too late.
 */
export function schoolDayMoment(now = DateTime.now()): DateTime {
  let day = now.setZone('Asia/Dhaka').set({ hour: 10, minute: 30, second: 0, millisecond: 0 });
  while (day.weekday === 5 || day.weekday === 6) day = day.minus({ days: 1 });
  return day;
}
const SCHOOL_DAY = schoolDayMoment();
/** A day in Dhaka, `back` days before the school day, as an ISO date. */
const dayBack = (back: number) => SCHOOL_DAY.minus({ days: back }).toISODate()!;

/** The reads of the day, each making a URL of its own per request. */
export function readsOf(p: Population): { name: string; weight: number; make: () => Made }[] {
  const admin = () => pick(p.admins);
  const sectionOf = (a: Admin) => pick(p.sections.get(a.schoolId) ?? [0]);
  return [
    {
      name: "a student's attendance history",
      weight: 3,
      make: () => {
        const s = pick(p.students);
        const from = between(7, 120);
        const to = Math.max(0, from - between(7, 60));
        return {
          method: 'GET',
          path: `/api/attendance/student/individual?start_date=${dayBack(from)}&end_date=${dayBack(to)}&limit=50&offset=${50 * between(0, 1)}`,
          headers: auth(s.token),
        };
      },
    },
    {
      name: "a student's notices",
      weight: 2,
      make: () => {
        const s = pick(p.students);
        return {
          method: 'GET',
          path: `/api/notice/student?student_id=${s.id}&type=2&start_date=${dayBack(between(30, 365))}&limit=10&offset=${10 * between(0, 1)}`,
          headers: auth(s.token),
        };
      },
    },
    ...(p.lastSession !== null
      ? [
          {
            name: 'a grade sheet',
            weight: 1,
            make: (): Made => {
              const a = admin();
              return {
                method: 'GET',
                path: `/api/gradesheet?student_code=${encodeURIComponent(pick(p.codes.get(a.schoolId)!))}&session_id=${p.lastSession}`,
                headers: auth(a.token),
              };
            },
          },
        ]
      : []),
    {
      name: "a teacher's day",
      weight: 2,
      make: () => ({
        method: 'GET',
        path: `/api/routine/teacher/today?today=${dayBack(between(0, 60))}`,
        headers: auth(pick(p.teachers).token),
      }),
    },
    {
      name: "a section's day",
      weight: 1,
      make: () => {
        const a = admin();
        return {
          method: 'GET',
          path: `/api/attendance/summary/section/today?section_id=${sectionOf(a)}&date=${dayBack(between(0, 60))}`,
          headers: auth(a.token),
        };
      },
    },
    {
      name: "the school's day",
      weight: 1,
      make: () => ({
        method: 'GET',
        path: `/api/attendance/summary/school?date=${dayBack(between(0, 90))}`,
        headers: auth(admin().token),
      }),
    },
    {
      // Measured alone (weight 0: not in the mix, whose figures stay comparable with earlier runs).
      name: 'registers not taken',
      weight: 0,
      make: () => ({
        method: 'GET',
        path: `/api/report/untaken_periods?date=${dayBack(between(0, 60))}&limit=50&offset=${50 * between(0, 1)}`,
        headers: auth(admin().token),
      }),
    },
    // The dashboards each role opens first (weight 0: measured alone). Their URLs carry no date
    // (each answers for its user's today): distinct by user only, so the cache-off figure is the one.
    {
      name: "a student's dashboard",
      weight: 0,
      make: () => ({ method: 'GET', path: '/api/dashboard/student', headers: auth(pick(p.students).token) }),
    },
    {
      name: "a teacher's dashboard",
      weight: 0,
      make: () => ({ method: 'GET', path: '/api/dashboard/teacher', headers: auth(pick(p.teachers).token) }),
    },
    {
      name: "the admin's dashboard",
      weight: 0,
      make: () => ({ method: 'GET', path: '/api/dashboard/admin', headers: auth(admin().token) }),
    },
    {
      name: 'routine search',
      weight: 1,
      make: () => {
        const a = admin();
        return {
          method: 'GET',
          path: `/api/routine/admin-search?section_id=${sectionOf(a)}&day_id=${between(1, 5)}`,
          headers: auth(a.token),
        };
      },
    },
    {
      name: 'the exam list',
      weight: 1,
      make: () => {
        const a = admin();
        return {
          method: 'GET',
          path: `/api/exam_info?session_id=${p.currentSession}&section_id=${sectionOf(a)}&limit=20&offset=${20 * between(0, 1)}`,
          headers: auth(a.token),
        };
      },
    },
  ];
}

/**
 * The writes of the day, made before the run (a request is made synchronously as autocannon sends
 * it): a teacher submits one of today's periods (each student absent one time in five, at random;
 * a period submitted again is a correction), or saves one student's mark.
 */
export async function writesOf(base: string, p: Population, n: number): Promise<Made[]> {
  const rosters = new Map<string, number[]>();
  const today = SCHOOL_DAY;
  // Spec day 1 = Sunday; luxon's weekday 7 = Sunday.
  const todayId = (today.weekday % 7) + 1;
  const teachers = p.teachers
    .map((t) => ({ ...t, routines: t.routines.filter((r) => r.day_id === todayId) }))
    .filter((t) => t.routines.length > 0);
  if (teachers.length === 0) throw new Error(`no teacher has a period on ${today.toISODate()}`);
  const out: Made[] = [];
  for (let i = 0; i < n; i++) {
    if (i % 2 === 1 && p.markSheets.length) {
      const m = pick(p.markSheets);
      out.push({
        method: 'POST',
        path: '/api/exam_mark',
        headers: auth(m.token),
        body: JSON.stringify({
          exam_info_id: m.examId,
          subject_id: m.subjectId,
          mark_update: [{ student_id: pick(m.students), mark_obtained: between(5, 20) }],
        }),
      });
      continue;
    }
    const t = pick(teachers);
    const r = pick(t.routines);
    const date = today.toISODate()!;
    const key = `${r.id} ${date}`;
    let roster = rosters.get(key);
    if (!roster) {
      const rows = await json<{ student_id: number }[]>(
        base,
        `/api/attendance/student?routine_id=${r.id}&date=${date}`,
        t.token,
      );
      roster = rows.map((row) => row.student_id);
      rosters.set(key, roster);
    }
    out.push({
      method: 'POST',
      path: '/api/attendance/student',
      headers: auth(t.token),
      body: JSON.stringify({
        date,
        time: '09:00:00',
        routine_id: r.id,
        attendance: roster.map((id) => ({ student_id: id, attendance_status: Math.random() < 0.2 ? 0 : 1 })),
      }),
    });
  }
  return out;
}

/** Weighted choice among the reads: the mix's next request. */
export function mixOf(reads: ReturnType<typeof readsOf>): () => Made {
  const total = reads.reduce((s, r) => s + r.weight, 0);
  return () => {
    let x = Math.random() * total;
    for (const r of reads) {
      x -= r.weight;
      if (x < 0) return r.make();
    }
    return reads[reads.length - 1].make();
  };
}
