/**
 * The dashboards' summaries (docs/DOMAIN.md, "Dashboards"): what each role's dashboard shows
 * before anyone clicks, each one read in a handful of indexed statements run side by side. The
 * school's day is services/school-time.ts's; today's attendance is services/attendance.ts's
 * `schoolDay` and a teacher's periods routine-reads.ts's `teacherDayRows`. Every date is the
 * school's (the clock seam), never the database's `now()`.
 */
import { DateTime } from 'luxon';
import { sql } from 'drizzle-orm';
import { formatPoisha } from '@/api/schemas/fees';
import type {
  AdminDashboard,
  SchoolsDashboard,
  StudentDashboard,
  TeacherDashboard,
  TrendDay,
} from '@/api/schemas/dashboards';
import type { DbOrTx } from '../db/client';
import { namedRows } from '../db/prepared';
import { rowsOf } from '../db/rows';
import { schoolDay } from './attendance';
import { schoolDateOf } from './attendance-flows';
import { rateOf } from './attendance-register';
import { teacherDayRows } from './routine-reads';
import { schoolClock, serverClock, sessionIdForDate, todayIn } from './school-time';

/** Days of attendance the trend charts show. */
export const TREND_DAYS = 30;
/** Absentees the admin's card lists (the total is counted in full). */
export const ABSENTEES_SHOWN = 10;
/** Upcoming exams, calendar days and notices each card lists. */
export const UPCOMING_SHOWN = 5;
/** A mark at or above this share of full marks is a pass (the grade sheet's D, docs/DOMAIN.md). */
export const PASS_SHARE = 0.33;

const n = (v: unknown) => Number(v ?? 0);

/** The first and last day of the month of `date` (YYYY-MM-DD), and the month (YYYY-MM). */
function monthOf(date: string) {
  const d = DateTime.fromISO(date);
  return { month: date.slice(0, 7), from: d.startOf('month').toISODate()!, to: d.endOf('month').toISODate()! };
}

/** The instants a school's month starts and the next one starts, in its time zone (ISO, for timestamptz). */
function monthInstants(date: string, timeZone: string) {
  const start = DateTime.fromISO(date, { zone: timeZone }).startOf('month');
  return { fromTs: start.toISO()!, toTs: start.plus({ months: 1 }).toISO()! };
}

const trendOf = (rows: { date: string; present: unknown; absent: unknown }[]): TrendDay[] =>
  rows
    .map((r) => {
      const present = n(r.present);
      const absent = n(r.absent);
      return { date: r.date, present, absent, rate: rateOf(present, present + absent) };
    })
    .reverse();

// ---------------------------------------------------------------- school admin

/**
 * The school's last 30 days with attendance taken, to today: the read model's rows by date. The
 * session is the calendar year (docs/DOMAIN.md), so the scan stops at its first day: without that
 * bound, a session with fewer than 30 days taken walked every earlier session's rows (3,711
 * buffers, 7-12 ms on the demo in November, against 0.3 ms).
 */
async function schoolTrend(db: DbOrTx, schoolId: number, sessionId: number, today: string) {
  return trendOf(
    await namedRows<{ date: string; present: string; absent: string }>(
      db,
      'dashboard_school_trend',
      sql`select d.date::text as date, sum(d.present)::int as present, sum(d.absent)::int as absent
        from attendance_section_days d
        where d.school_id = ${schoolId} and d.session_id = ${sessionId}
          and d.date between ${`${today.slice(0, 4)}-01-01`}::date and ${today}::date
          and d.taken_periods > 0 and d.present is not null
        group by d.date order by d.date desc limit ${TREND_DAYS}`,
    ),
  );
}

/**
 * Today's absentees: the students marked absent in their section's first taken period of the day
 * (the morning roll call, as the read model counts a section's day), a few with the total.
 */
async function absenteesToday(db: DbOrTx, schoolId: number, date: string) {
  const rows = await namedRows<AdminDashboard['absentees']['rows'][number] & { total: number }>(
    db,
    'dashboard_absentees_today',
    sql`with first_taking as (
        select distinct on (r.section_id) t.id
        from attendance_takings t join routines r on r.id = t.routine_id
        where t.school_id = ${schoolId} and t.date = ${date}::date
        order by r.section_id, t.id)
      select s.id as student_id, s.student_code, concat_ws(' ', s.first_name, nullif(s.middle_name, ''), nullif(s.last_name, '')) as full_name,
        c.class_name, e.section_id, sec.section_default_name, e.class_roll_no,
        count(*) over ()::int as total
      from first_taking f
      join attendance_marks m on m.taking_id = f.id and m.status = 0
      join enrolments e on e.id = m.enrolment_id
      join students s on s.id = e.student_id
      join sections sec on sec.id = e.section_id
      join classes c on c.id = e.class_id
      order by c.sort_order, sec.section_default_name, e.class_roll_no
      limit ${ABSENTEES_SHOWN}`,
  );
  return { total: rows[0]?.total ?? 0, rows: rows.map(({ total: _t, ...r }) => r) };
}

/**
 * This month's fees: the invoices of fees whose last date falls in the month (less their waivers)
 * against what was paid of them, and all money received in the month (net of refunds; test
 * payments are no money).
 */
async function feesThisMonth(db: DbOrTx, schoolId: number, today: string, timeZone: string) {
  const { month, from, to } = monthOf(today);
  const { fromTs, toTs } = monthInstants(today, timeZone);
  const [row] = await namedRows<{ invoiced: string; waived: string; collected: string; received: string }>(
    db,
    'dashboard_fees_this_month',
    sql`with due as (
        select i.id, i.amount_poisha from invoices i join fees f on f.id = i.fee_id
        where f.school_id = ${schoolId} and f.last_date between ${from}::date and ${to}::date)
      select coalesce((select sum(amount_poisha) from due), 0)::text as invoiced,
        coalesce((select sum(w.amount_poisha) from invoice_waivers w join due on due.id = w.invoice_id), 0)::text as waived,
        coalesce((select sum(a.amount_poisha) from payment_allocations a join due on due.id = a.invoice_id), 0)::text as collected,
        coalesce((select sum(p.amount_poisha) from payments p where p.school_id = ${schoolId} and not p.is_test
          and p.created_at >= ${fromTs}::timestamptz and p.created_at < ${toTs}::timestamptz), 0)::text as received`,
  );
  return {
    month,
    due: formatPoisha(BigInt(row.invoiced) - BigInt(row.waived)),
    collected: formatPoisha(row.collected),
    received: formatPoisha(row.received),
  };
}

/** Exam types with papers from today on, the soonest first. */
async function upcomingExams(db: DbOrTx, schoolId: number, sessionId: number, today: string) {
  return namedRows<AdminDashboard['exams'][number]>(
    db,
    'dashboard_upcoming_exams',
    sql`select et.id as exam_type_id, et.exam_name, min(e.exam_date)::text as first_date,
        max(e.exam_date)::text as last_date, count(distinct e.section_id)::int as sections
      from exams e join exam_types et on et.id = e.exam_type_id
      where e.school_id = ${schoolId} and e.session_id = ${sessionId} and e.exam_date >= ${today}::date
      group by et.id, et.exam_name order by min(e.exam_date), et.id limit ${UPCOMING_SHOWN}`,
  );
}

/** Calendar days not yet over (holidays, exams, events), the soonest first. */
async function upcomingDays(db: DbOrTx, schoolId: number, today: string, limit = UPCOMING_SHOWN, type?: string) {
  // Two statements, one per shape: with a type and without.
  return namedRows<AdminDashboard['calendar'][number]>(
    db,
    type ? 'dashboard_upcoming_days_of_type' : 'dashboard_upcoming_days',
    sql`select c.id, c.type, c.topics, c.start_date::text as start_date, c.end_date::text as end_date
      from calendar_entries c
      where c.school_id = ${schoolId} and c.end_date >= ${today}::date
        ${type ? sql`and c.type = ${type}` : sql``}
      order by c.start_date, c.id limit ${limit}`,
  );
}

/** The school's latest notices published by today. */
async function latestNotices(db: DbOrTx, schoolId: number, today: string) {
  return namedRows<AdminDashboard['notices'][number]>(
    db,
    'dashboard_latest_notices',
    sql`select n.id, n.type::int as type, n.headline, n.publishing_date::text as publishing_date
      from notices n where n.school_id = ${schoolId} and n.publishing_date <= ${today}::date
      order by n.publishing_date desc, n.id desc limit ${UPCOMING_SHOWN}`,
  );
}

/** The school admin's dashboard: today, the trend, absentees, this month's fees, what is coming, notices. */
export async function adminDashboard(db: DbOrTx, schoolId: number): Promise<AdminDashboard> {
  const { timeZone } = await schoolClock(db, schoolId);
  const day = await schoolDateOf(db, schoolId, undefined);
  const sessionId = day.sessionId;
  const [today, trend, absentees, fees, exams, calendar, notices] = await Promise.all([
    schoolDay(db, day),
    sessionId ? schoolTrend(db, schoolId, sessionId, day.date) : [],
    absenteesToday(db, schoolId, day.date),
    feesThisMonth(db, schoolId, day.date, timeZone),
    sessionId ? upcomingExams(db, schoolId, sessionId, day.date) : [],
    upcomingDays(db, schoolId, day.date),
    latestNotices(db, schoolId, day.date),
  ]);
  return { date: day.date, school_info_id: schoolId, today, trend, absentees, fees, exams, calendar, notices };
}

// ---------------------------------------------------------------- teacher

/** The sections a teacher has periods in this session, with their attendance over the trend's days. */
async function teacherSections(
  db: DbOrTx,
  teacher: { id: number; schoolId: number },
  sessionId: number,
  today: string,
) {
  const rows = await namedRows<{
    date: string | null;
    section_id: number;
    class_name: string;
    section_default_name: string;
    present: string;
    absent: string;
  }>(
    db,
    'dashboard_teacher_sections',
    sql`with mine as (
        select distinct r.section_id from routines r
        where r.teacher_id = ${teacher.id} and r.school_id = ${teacher.schoolId} and r.session_id = ${sessionId}),
      -- Each section's latest 30 days, read backwards on the read model's key: the 30 latest dates
      -- of all the sections are among them (a date is in a section's 30 unless 30 later ones are).
      -- A join of the whole table read every section's rows of the session, twice (292 buffers).
      recent as (
        select d.section_id, d.date, d.present, d.absent from mine cross join lateral (
          select d.section_id, d.date, d.present, d.absent from attendance_section_days d
          where d.section_id = mine.section_id and d.session_id = ${sessionId} and d.date <= ${today}::date
            and d.present is not null
          order by d.date desc limit ${TREND_DAYS}) d),
      days as (select distinct date from recent order by date desc limit ${TREND_DAYS})
      select d.date::text as date, sec.id as section_id, c.class_name, sec.section_default_name,
        coalesce(sum(d.present), 0)::int as present, coalesce(sum(d.absent), 0)::int as absent
      from mine
      join sections sec on sec.id = mine.section_id
      join classes c on c.id = sec.class_id
      left join (recent d join days on days.date = d.date) on d.section_id = mine.section_id
      group by grouping sets ((d.date), (sec.id, c.class_name, c.sort_order, sec.section_default_name))
      order by c.sort_order, sec.section_default_name, d.date desc`,
  );
  const trend = trendOf(
    rows.filter((r) => r.date !== null && r.section_id === null).map((r) => ({ ...r, date: r.date! })),
  );
  const sections = rows
    .filter((r) => r.section_id !== null)
    .map(({ date: _d, present, absent, ...r }) => ({
      present: n(present),
      absent: n(absent),
      rate: rateOf(n(present), n(present) + n(absent)),
      ...r,
    }));
  return { trend, sections };
}

/** The teacher's exams held by today whose marks are not all in: entered against the section's students. */
async function marksWaitingFor(
  db: DbOrTx,
  teacher: { id: number; schoolId: number },
  sessionId: number,
  today: string,
) {
  return namedRows<TeacherDashboard['marks'][number]>(
    db,
    'dashboard_marks_waiting_for',
    sql`select e.id as exam_id, et.exam_name, sub.subject_name, c.class_name, sec.section_default_name,
        e.exam_date::text as exam_date,
        (select count(*)::int from exam_marks m where m.exam_id = e.id) as entered,
        (select count(*)::int from enrolments en join students st on st.id = en.student_id
          where en.section_id = e.section_id and en.session_id = e.session_id
            and (st.left_on is null or st.left_on > ${today}::date)) as students
      from exams e
      join exam_types et on et.id = e.exam_type_id
      join subjects sub on sub.id = e.subject_id
      join sections sec on sec.id = e.section_id
      join classes c on c.id = e.class_id
      where e.teacher_id = ${teacher.id} and e.school_id = ${teacher.schoolId} and e.session_id = ${sessionId}
        and (e.exam_date is null or e.exam_date <= ${today}::date)
        and (select count(*) from exam_marks m where m.exam_id = e.id) <
          (select count(*) from enrolments en join students st on st.id = en.student_id
            where en.section_id = e.section_id and en.session_id = e.session_id
              and (st.left_on is null or st.left_on > ${today}::date))
      order by e.exam_date nulls last, c.sort_order, sec.section_default_name, e.id
      limit ${UPCOMING_SHOWN}`,
  );
}

/** The teacher's homework with answers not yet marked. */
async function homeworkWaitingFor(db: DbOrTx, teacher: { id: number; schoolId: number }) {
  return namedRows<TeacherDashboard['homework'][number]>(
    db,
    'dashboard_homework_waiting_for',
    sql`select h.id as homework_id, h.topic, sub.subject_name, c.class_name, sec.section_default_name,
        h.due_date::text as due_date, count(*)::int as unmarked
      from homework h
      join homework_submissions hs on hs.homework_id = h.id
      left join homework_marks hm on hm.submission_id = hs.id
      join subjects sub on sub.id = h.subject_id
      join sections sec on sec.id = h.section_id
      join classes c on c.id = h.class_id
      where h.teacher_id = ${teacher.id} and h.school_id = ${teacher.schoolId} and hm.submission_id is null
      group by h.id, h.school_id, sub.subject_name, c.class_name, sec.section_default_name
      order by h.due_date, h.id limit ${UPCOMING_SHOWN}`,
  );
}

/** The teacher's dashboard: today's periods with their taken state, their sections' 30 days, work waiting. */
export async function teacherDashboard(
  db: DbOrTx,
  teacher: { id: number; schoolId: number },
): Promise<TeacherDashboard> {
  const { today, timeZone } = await schoolClock(db, teacher.schoolId);
  const time = DateTime.fromMillis(serverClock.now(), { zone: timeZone }).toFormat('HH:mm:ss');
  const sessionId = await sessionIdForDate(db, today);
  const [periods, attendance, marks, homework] = await Promise.all([
    teacherDayRows(db, teacher, today),
    sessionId ? teacherSections(db, teacher, sessionId, today) : { trend: [], sections: [] },
    sessionId ? marksWaitingFor(db, teacher, sessionId, today) : [],
    homeworkWaitingFor(db, teacher),
  ]);
  return { date: today, time, periods, ...attendance, marks, homework };
}

// ---------------------------------------------------------------- student and guardian

/** The student's enrolment in the session, with name, class and section. */
async function enrolmentOf(db: DbOrTx, studentId: number, sessionId: number | null) {
  const [row] = await namedRows<{
    enrolment_id: number | null;
    section_id: number | null;
    full_name: string;
    class_name: string | null;
    section_default_name: string | null;
  }>(
    db,
    'dashboard_enrolment_of',
    sql`select e.id as enrolment_id, e.section_id,
        concat_ws(' ', s.first_name, nullif(s.middle_name, ''), nullif(s.last_name, '')) as full_name,
        c.class_name, sec.section_default_name
      from students s
      left join enrolments e on e.student_id = s.id and e.session_id = ${sessionId ?? 0}
      left join sections sec on sec.id = e.section_id
      left join classes c on c.id = e.class_id
      where s.id = ${studentId}`,
  );
  return row;
}

/** Each month's periods present and absent of the enrolment, from the session's start to today. */
async function attendanceByMonth(db: DbOrTx, enrolmentId: number, today: string) {
  const rows = await namedRows<{ month: string; present: string; absent: string }>(
    db,
    'dashboard_attendance_by_month',
    sql`select to_char(m.date, 'YYYY-MM') as month,
        count(*) filter (where m.status = 1)::int as present, count(*) filter (where m.status = 0)::int as absent
      from attendance_marks m
      where m.enrolment_id = ${enrolmentId} and m.date between ${`${today.slice(0, 4)}-01-01`}::date and ${today}::date
      group by 1 order by 1`,
  );
  return rows.map((r) => ({
    month: r.month,
    present: n(r.present),
    absent: n(r.absent),
    rate: rateOf(n(r.present), n(r.present) + n(r.absent)),
  }));
}

/**
 * The latest exam type with the student's marks in a published session: per subject the student's
 * percentage and the section's average percentage (absent counts as 0; docs/DOMAIN.md, "Dashboards").
 */
async function latestResults(db: DbOrTx, schoolId: number, enrolmentId: number, sectionId: number, sessionId: number) {
  const rows = await namedRows<{
    exam_name: string;
    subject_name: string;
    percent: string | null;
    section_average: string | null;
  }>(
    db,
    'dashboard_latest_results',
    sql`with published as (
        select 1 from result_publications p where p.school_id = ${schoolId} and p.session_id = ${sessionId} and p.published),
      latest as (
        select e.exam_type_id from exam_marks m join exams e on e.id = m.exam_id
        where m.enrolment_id = ${enrolmentId} and m.session_id = ${sessionId} and exists (select 1 from published)
        order by e.exam_date desc nulls last, e.exam_type_id desc limit 1)
      select et.exam_name, sub.subject_name,
        round(100 * coalesce(mine.marks_obtained, 0) / e.full_marks, 1)::text as percent,
        (select round(avg(100 * coalesce(a.marks_obtained, 0) / a.full_marks), 1)::text
          from exam_marks a where a.exam_id = e.id and a.section_id = ${sectionId}) as section_average
      from latest
      join exams e on e.exam_type_id = latest.exam_type_id and e.section_id = ${sectionId} and e.session_id = ${sessionId}
      join exam_types et on et.id = e.exam_type_id
      join subjects sub on sub.id = e.subject_id
      join exam_marks mine on mine.exam_id = e.id and mine.enrolment_id = ${enrolmentId}
      order by sub.subject_name`,
  );
  if (!rows.length) return null;
  return {
    exam_name: rows[0].exam_name,
    subjects: rows.map((r) => ({
      subject_name: r.subject_name,
      percent: r.percent === null ? null : Number(r.percent),
      section_average: r.section_average === null ? null : Number(r.section_average),
    })),
  };
}

/** What the student owes: invoices less waivers and payments, and the soonest last date still owing. */
async function duesOf(db: DbOrTx, studentId: number) {
  const [row] = await namedRows<{ due: string; next_last_date: string | null }>(
    db,
    'dashboard_dues_of',
    sql`with owing as (
        select i.id, f.last_date, i.amount_poisha
          - coalesce((select sum(w.amount_poisha) from invoice_waivers w where w.invoice_id = i.id), 0)
          - coalesce((select sum(a.amount_poisha) from payment_allocations a where a.invoice_id = i.id), 0) as left_poisha
        from invoices i join fees f on f.id = i.fee_id where i.student_id = ${studentId})
      select coalesce(sum(left_poisha) filter (where left_poisha > 0), 0)::text as due,
        min(last_date) filter (where left_poisha > 0)::text as next_last_date
      from owing`,
  );
  return { due: formatPoisha(row.due), next_last_date: row.next_last_date };
}

/** The section's next paper from today. */
async function nextExamOf(db: DbOrTx, sectionId: number, sessionId: number, today: string) {
  const [row] = await namedRows<NonNullable<StudentDashboard['next_exam']>>(
    db,
    'dashboard_next_exam_of',
    sql`select et.exam_name, sub.subject_name, e.exam_date::text as exam_date
      from exams e join exam_types et on et.id = e.exam_type_id join subjects sub on sub.id = e.subject_id
      where e.section_id = ${sectionId} and e.session_id = ${sessionId} and e.exam_date >= ${today}::date
      order by e.exam_date, sub.subject_name limit 1`,
  );
  return row ?? null;
}

/** A student's dashboard (their own, or a guardian's linked child's). */
export async function studentDashboard(
  db: DbOrTx,
  student: { id: number; schoolId: number },
): Promise<StudentDashboard> {
  const { today } = await schoolClock(db, student.schoolId);
  const sessionId = await sessionIdForDate(db, today);
  const me = await enrolmentOf(db, student.id, sessionId);
  const enrolled = me.enrolment_id !== null && me.section_id !== null && sessionId !== null;
  const [months, results, dues, nextExam, [holiday]] = await Promise.all([
    enrolled ? attendanceByMonth(db, me.enrolment_id!, today) : [],
    enrolled ? latestResults(db, student.schoolId, me.enrolment_id!, me.section_id!, sessionId) : null,
    duesOf(db, student.id),
    enrolled ? nextExamOf(db, me.section_id!, sessionId, today) : null,
    upcomingDays(db, student.schoolId, today, 1, 'holiday'),
  ]);
  const thisMonth = today.slice(0, 7);
  return {
    date: today,
    student_id: student.id,
    full_name: me.full_name,
    class_name: me.class_name ?? '',
    section_default_name: me.section_default_name ?? '',
    month: months.find((m) => m.month === thisMonth) ?? { month: thisMonth, present: 0, absent: 0, rate: null },
    months,
    results,
    dues,
    next_exam: nextExam,
    next_holiday: holiday ?? null,
  };
}

// ---------------------------------------------------------------- viewer and super admin

/**
 * Schools side by side, a page of them: each school's attendance today, money received this month
 * (its own time zone's today and month) and the pass rate of the session's marks so far. Three
 * statements whatever the page's length: the page of schools, then one for all of them.
 */
export async function schoolsDashboard(
  db: DbOrTx,
  schools: number[] | 'all',
  page: { limit: number; offset: number },
): Promise<SchoolsDashboard> {
  const empty = { rows: [], total: 0, ...page };
  if (schools !== 'all' && !schools.length) return empty;
  const listed = rowsOf<{ id: number; school_name: string; time_zone: string; total: number }>(
    await db.execute(sql`select s.id, s.school_name, s.time_zone, count(*) over ()::int as total from schools s
      ${
        schools === 'all'
          ? sql``
          : sql`where s.id in (${sql.join(
              schools.map((id) => sql`${id}`),
              sql`, `,
            )})`
      }
      order by s.school_name, s.id limit ${page.limit} offset ${page.offset}`),
  );
  if (!listed.length) return { ...empty, total: 0 };
  const asked = listed.map((s) => {
    const today = todayIn(s.time_zone);
    return { id: s.id, today, ...monthInstants(today, s.time_zone) };
  });
  const sessions = new Map<string, number | null>();
  for (const year of new Set(asked.map((a) => a.today.slice(0, 4)))) {
    sessions.set(year, await sessionIdForDate(db, `${year}-01-01`));
  }
  /** A PostgreSQL array literal of plain values (ids, ISO dates and instants: no commas or quotes). */
  const arr = (values: (string | number)[], type: string) => sql`${`{${values.join(',')}}`}::${sql.raw(type)}[]`;
  const figures = await namedRows<{
    id: number;
    present: string;
    absent: string;
    collected: string;
    passed: string;
    marks: string;
  }>(
    db,
    'dashboard_schools_dashboard',
    sql`with asked as (
        select * from unnest(${arr(
          asked.map((a) => a.id),
          'int',
        )}, ${arr(
          asked.map((a) => a.today),
          'date',
        )}, ${arr(
          asked.map((a) => a.fromTs),
          'timestamptz',
        )}, ${arr(
          asked.map((a) => a.toTs),
          'timestamptz',
        )}, ${arr(
          asked.map((a) => sessions.get(a.today.slice(0, 4)) ?? 0),
          'int',
        )}) as a(id, today, from_ts, to_ts, session_id))
      select a.id,
        (select coalesce(sum(d.present), 0) from attendance_section_days d
          where d.school_id = a.id and d.date = a.today and d.taken_periods > 0 and d.present is not null)::int as present,
        (select coalesce(sum(d.absent), 0) from attendance_section_days d
          where d.school_id = a.id and d.date = a.today and d.taken_periods > 0 and d.present is not null)::int as absent,
        (select coalesce(sum(p.amount_poisha), 0) from payments p
          where p.school_id = a.id and not p.is_test and p.created_at >= a.from_ts and p.created_at < a.to_ts)::text as collected,
        r.passed, r.marks
      from asked a
      -- One pass over the school's marks of the session, section by section on the section-session
      -- index (a join through exams read the whole exam_marks table, twice: 2,490 buffers, 100 ms).
      cross join lateral (
        select (count(*) filter (where not m.absent and m.marks_obtained >= ${PASS_SHARE} * m.full_marks))::int as passed,
          count(*)::int as marks
        from sections sec join exam_marks m on m.section_id = sec.id and m.session_id = a.session_id
        where sec.school_id = a.id) r`,
  );
  const byId = new Map(figures.map((f) => [f.id, f]));
  return {
    total: listed[0].total,
    ...page,
    rows: listed.map((s, i) => {
      const f = byId.get(s.id)!;
      const present = n(f.present);
      const absent = n(f.absent);
      const marks = n(f.marks);
      return {
        school_info_id: s.id,
        school_name: s.school_name,
        date: asked[i].today,
        present,
        absent,
        rate: rateOf(present, present + absent),
        collected: formatPoisha(f.collected),
        pass_rate: rateOf(n(f.passed), marks),
        marks,
      };
    }),
  };
}
