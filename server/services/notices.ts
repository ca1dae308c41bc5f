/**
 * Notices: who a notice reaches, the row the API speaks, and the one-transaction write.
 *
 * The audience of a notice is its explicit recipients when it has any; otherwise every student
 * enrolled in the notice's session in its class (null = all) and section (null = all). The same
 * rule answers "may this student see it" and "how many students should read it" (M of
 * "read by N of M"), so the two can never disagree. Every per-notice figure is a correlated
 * subquery of the one list statement: no query per notice, and a page's total is a subquery of
 * the same statement: one round trip per page.
 *
 * Writes: a school admin changing someone else's notice is recorded as its editor ("edited by"),
 * never passed off as the author's words; creates are limited per user and hour, counted from the
 * notices table under a per-user lock, so several server processes share one budget.
 */
import { and, eq, inArray, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  NOTICE_CREATES_PER_HOUR,
  type CountedNoticeRow,
  type NoticeRow,
  type Page,
  type SchoolNoticeRow,
  type StudentNoticeRow,
} from '@/api/schemas/notices';
import type { Db, DbOrTx } from '../db/client';
import { compiledRows, preparedFor } from '../db/prepared';
import {
  academicSessions,
  classes,
  enrolments,
  noticeReads,
  noticeRecipients,
  notices,
  sections,
  teachers,
  users,
} from '../db/schema';
import { badRequest, notFound } from '../errors';
import { checkCreateBudget, RateLimited, type CreateBudget } from './create-budget';
import { accountName } from './names';

/** The notice (of the enclosing query) has explicit recipients. */
const hasRecipients = sql`exists (select 1 from ${noticeRecipients} where ${noticeRecipients.noticeId} = ${notices.id})`;

/** The students the notice's class and section reach, in its session (before explicit recipients). */
const enrolmentMatches = sql`${enrolments.schoolId} = ${notices.schoolId}
  and ${enrolments.sessionId} = ${notices.sessionId}
  and (${notices.classId} is null or ${enrolments.classId} = ${notices.classId})
  and (${notices.sectionId} is null or ${enrolments.sectionId} = ${notices.sectionId})`;

/** A value, or a prepared statement's placeholder for it. */
type Value<T> = T | Placeholder;

/** The student (a column or a value) is in the audience of the notice of the enclosing query. */
export function inAudience(student: AnyPgColumn | Value<number>): SQL {
  return sql`(case when ${hasRecipients}
    then exists (select 1 from ${noticeRecipients}
      where ${noticeRecipients.noticeId} = ${notices.id} and ${noticeRecipients.studentId} = ${student})
    else exists (select 1 from ${enrolments} where ${enrolments.studentId} = ${student} and ${enrolmentMatches})
  end)`;
}

/** M of "read by N of M". */
const recipientCount = sql<number>`(case when ${hasRecipients}
  then (select count(*)::int from ${noticeRecipients} where ${noticeRecipients.noticeId} = ${notices.id})
  else (select count(*)::int from ${enrolments} where ${enrolmentMatches})
end)`;

/** N of "read by N of M": reads by students still in the audience (an edit may narrow it). */
const readCount = sql<number>`(select count(*)::int from ${noticeReads}
  where ${noticeReads.noticeId} = ${notices.id} and ${inAudience(noticeReads.studentId)})`;

const noticeUsers = sql<string>`coalesce((select string_agg(${noticeRecipients.studentId}::text, ',' order by ${noticeRecipients.studentId})
  from ${noticeRecipients} where ${noticeRecipients.noticeId} = ${notices.id}), '')`;

const editorUsers = alias(users, 'editor_user');
const editorTeachers = alias(teachers, 'editor_teacher');
/** A teacher by their teacher record (title and all); a school admin by their account name. */
const creatorName = accountName();
const editorName = sql<
  string | null
>`(case when ${notices.editedByUserId} is not null then ${accountName(editorUsers, editorTeachers)} end)`;

/** Notices visible to a student today: same school, already published, and in the audience. */
export function visibleToStudent(studentId: Value<number>, schoolId: Value<number>, today: Value<string>): SQL {
  return and(eq(notices.schoolId, schoolId), lte(notices.publishingDate, today), inAudience(studentId))!;
}

export interface SelectOptions {
  /**
   * Add read_count and recipient_count: `true` for every selected notice (the author's own list),
   * `{ author }` only on the notices that user created (null elsewhere: who read another author's
   * notice is that author's to see).
   */
  counts?: true | { author: Value<number> };
  /** Add `read` for this student. */
  reader?: Value<number>;
  /** Add `total`: how many notices this condition (on `notices` alone) selects, for a page's total. */
  total?: SQL;
}

/** The notice list statement, joined once; callers add where and order. */
export function selectNotices(db: DbOrTx, opts: SelectOptions = {}) {
  const reader = opts.reader;
  const counts = opts.counts;
  const onlyOwn = <T>(figure: SQL<T>) =>
    counts === true
      ? figure
      : counts
        ? sql<T | null>`(case when ${notices.creatorUserId} = ${counts.author} then ${figure} end)`
        : sql<T | null>`null`;
  return db
    .select({
      id: notices.id,
      headline: notices.headline,
      description: notices.description,
      type: notices.type,
      schoolId: notices.schoolId,
      classId: notices.classId,
      className: classes.className,
      sectionId: notices.sectionId,
      sectionName: sections.sectionDefaultName,
      sessionId: notices.sessionId,
      sessionYear: academicSessions.sessionYear,
      publishingDate: notices.publishingDate,
      creatorUserId: notices.creatorUserId,
      creatorName,
      editorName,
      editedAt: notices.editedAt,
      noticeUsers,
      readCount: onlyOwn(readCount),
      recipientCount: onlyOwn(recipientCount),
      read:
        reader !== undefined
          ? sql<boolean>`exists (select 1 from ${noticeReads} where ${noticeReads.noticeId} = ${notices.id} and ${noticeReads.studentId} = ${reader})`
          : sql<boolean | null>`null`,
      // The inner "notices" shadows the outer one, so the condition counts over the whole table.
      total: opts.total ? sql<number>`(select count(*)::int from ${notices} where ${opts.total})` : sql<null>`null`,
    })
    .from(notices)
    .innerJoin(academicSessions, eq(academicSessions.id, notices.sessionId))
    .innerJoin(users, eq(users.id, notices.creatorUserId))
    .leftJoin(teachers, eq(teachers.userId, notices.creatorUserId))
    .leftJoin(editorUsers, eq(editorUsers.id, notices.editedByUserId))
    .leftJoin(editorTeachers, eq(editorTeachers.userId, notices.editedByUserId))
    .leftJoin(classes, eq(classes.id, notices.classId))
    .leftJoin(sections, eq(sections.id, notices.sectionId))
    .$dynamic();
}

type SelectedNotice = Awaited<ReturnType<ReturnType<typeof selectNotices>['execute']>>[number];

/**
 * The wire row. For a student (`onlyFor`), the recipient list is cut down to the student
 * themself: who else got a targeted notice is not theirs to see.
 */
export function toNoticeRow(r: SelectedNotice, onlyFor?: number): NoticeRow {
  let ids = r.noticeUsers ? r.noticeUsers.split(',').map(Number) : [];
  if (onlyFor !== undefined) ids = ids.filter((s) => s === onlyFor);
  return {
    id: r.id,
    notice_headline: r.headline,
    notice_description: r.description,
    type: r.type,
    school_info_id: r.schoolId,
    class_id: r.classId ?? 0,
    class_name: r.className ?? 'ALL',
    section_id: r.sectionId ?? 0,
    section_default_name: r.sectionName ?? 'ALL',
    session_id: r.sessionId,
    session_year: r.sessionYear,
    publishing_date: r.publishingDate,
    notice_users: ids.join(','),
    students: ids,
    student_id: ids[0] ?? null,
    creator_name: r.creatorName,
    edited_by_name: r.editorName,
    edited_at: r.editedAt ? new Date(r.editedAt).toISOString() : null,
  };
}

/** The row for the author's own list, with "read by N of M" (select with `counts: true`). */
export const toCountedRow = (r: SelectedNotice): CountedNoticeRow => ({
  ...toNoticeRow(r),
  read_count: Number(r.readCount ?? 0),
  recipient_count: Number(r.recipientCount ?? 0),
});

/** The row for the school's list and the editor: the counts only where selected (the caller's own). */
export const toSchoolRow = (r: SelectedNotice): SchoolNoticeRow =>
  r.readCount === null || r.recipientCount === null
    ? toNoticeRow(r)
    : { ...toNoticeRow(r), read_count: Number(r.readCount), recipient_count: Number(r.recipientCount) };

/** The row for a student, with whether they opened it (select with `reader`). */
export const toStudentRow = (r: SelectedNotice, studentId: number): StudentNoticeRow => ({
  ...toNoticeRow(r, studentId),
  read: !!r.read,
});

/** Newest first: by publishing date, then the later notice. */
const newestFirst = [sql`${notices.publishingDate} desc`, sql`${notices.id} desc`];

/** A notice list's statement with its values as placeholders: what `preparedNoticePage` prepares. */
export interface NoticeListShape {
  opts: Omit<SelectOptions, 'total'>;
  where: SQL;
}

function preparePage(db: Db, name: string, shape: NoticeListShape) {
  return {
    rows: compiledRows(
      selectNotices(db, { ...shape.opts, total: shape.where })
        .where(shape.where)
        .orderBy(...newestFirst)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
    ),
    total: db
      .select({ n: sql<number>`count(*)::int` })
      .from(notices)
      .where(shape.where)
      .prepare(`${name}_total`),
  };
}

const pagePlans = preparedFor(() => new Map<string, ReturnType<typeof preparePage>>());

/**
 * One page of notices where `shape.where` (on `notices` and subqueries alone: it is also counted
 * without the joins), newest first, with the total, in one statement. Only a page past the end
 * needs a second one for the total. The statement is built and prepared once per `name` (one name
 * per list and set of filters present, so every name has one fixed SQL text) and then only
 * executed with `values`; `shape` builds it with `sql.placeholder`s named as in `values`.
 */
export async function preparedNoticePage<T>(
  db: Db,
  name: string,
  shape: () => NoticeListShape,
  values: Record<string, unknown>,
  page: { limit: number; offset: number },
  toRow: (r: SelectedNotice) => T,
): Promise<Page<T>> {
  const plans = pagePlans(db);
  let plan = plans.get(name);
  if (!plan) {
    plan = preparePage(db, name, shape());
    plans.set(name, plan);
  }
  const params = { ...values, limit: page.limit, offset: page.offset };
  const rows = await plan.rows.execute(params);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && page.offset > 0) total = (await plan.total.execute(params))[0].n;
  return { rows: rows.map(toRow), total: Number(total), limit: page.limit, offset: page.offset };
}

export interface Audience {
  schoolId: number;
  sessionId: number;
  /** null = all classes / all sections. */
  classId: number | null;
  sectionId: number | null;
  /** Explicit recipients (student record ids, distinct); empty = the class/section audience. */
  students: number[];
}

/**
 * The enrolments a notice with these targets reaches: of the school and session, in the class and
 * section (when given), and among the explicit recipients (when any). The same condition writes
 * the recipients and counts the audience before publishing, so "This goes to N students" is the
 * number the notice will reach.
 */
function audienceEnrolments(a: Audience): SQL {
  const where: SQL[] = [eq(enrolments.schoolId, a.schoolId), eq(enrolments.sessionId, a.sessionId)];
  if (a.classId) where.push(eq(enrolments.classId, a.classId));
  if (a.sectionId) where.push(eq(enrolments.sectionId, a.sectionId));
  if (a.students.length) where.push(inArray(enrolments.studentId, a.students));
  return and(...where)!;
}

/** How many students a notice with these targets would reach. */
export async function audienceSize(db: DbOrTx, a: Audience): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${enrolments.studentId})::int` })
    .from(enrolments)
    .where(audienceEnrolments(a));
  return Number(row?.n ?? 0);
}

export { RateLimited };

/** Notices' create budget (services/create-budget.ts): NOTICE_CREATES_PER_HOUR per author. */
const NOTICE_BUDGET: CreateBudget = {
  lock: 7301,
  table: notices,
  author: notices.creatorUserId,
  createdAt: notices.createdAt,
  perHour: NOTICE_CREATES_PER_HOUR,
  refuse: (retryAfterSeconds) =>
    new RateLimited(
      retryAfterSeconds,
      'notices.rate_limited',
      `You have created ${NOTICE_CREATES_PER_HOUR} notices in the last hour, the most allowed. ` +
        `Try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s).`,
    ),
};

export interface NoticeInput extends Audience {
  /** The signed-in user: the creator of a new notice, the editor of an existing one. */
  userId: number;
  type: number;
  sessionId: number;
  /** null = all classes / all sections. */
  classId: number | null;
  sectionId: number | null;
  headline: string;
  description: string;
  publishingDate: string;
}

/**
 * Create (`existing` null) or update a notice and replace its recipients, in one transaction.
 * Recipients are inserted straight from the enrolments that qualify (school, session, class,
 * section), so a student who does not belong is never written; if any asked-for student is
 * missing the whole write, notice included, is rolled back with a 400 naming `students`.
 * On update the creator and type stay as they were; a user other than the creator is recorded as
 * the editor, while the creator's own edit leaves an earlier editor's record as it was.
 */
export async function saveNotice(
  db: Db,
  existing: { id: number; creatorUserId: number } | null,
  input: NoticeInput,
): Promise<number> {
  return db.transaction(async (tx) => {
    const fields = {
      sessionId: input.sessionId,
      classId: input.classId,
      sectionId: input.sectionId,
      headline: input.headline,
      description: input.description,
      publishingDate: input.publishingDate,
    };
    let noticeId: number;
    if (existing) {
      const byOther = existing.creatorUserId !== input.userId;
      const updated = await tx
        .update(notices)
        .set({
          ...fields,
          updatedAt: sql`now()`,
          ...(byOther ? { editedByUserId: input.userId, editedAt: sql`now()` } : {}),
        })
        .where(and(eq(notices.id, existing.id), eq(notices.schoolId, input.schoolId)))
        .returning({ id: notices.id });
      if (!updated.length) throw notFound('Notice');
      noticeId = existing.id;
      await tx.delete(noticeRecipients).where(eq(noticeRecipients.noticeId, noticeId));
    } else {
      await checkCreateBudget(tx, NOTICE_BUDGET, input.userId);
      const [created] = await tx
        .insert(notices)
        .values({ ...fields, schoolId: input.schoolId, creatorUserId: input.userId, type: input.type })
        .returning({ id: notices.id });
      noticeId = created.id;
    }
    if (input.students.length) {
      const inserted = await tx
        .insert(noticeRecipients)
        .select(
          tx
            .select({
              noticeId: sql<number>`${noticeId}::int`.as('notice_id'),
              studentId: enrolments.studentId,
              schoolId: enrolments.schoolId,
            })
            .from(enrolments)
            .where(audienceEnrolments(input)),
        )
        .returning({ studentId: noticeRecipients.studentId });
      if (inserted.length !== input.students.length) {
        const found = new Set(inserted.map((r) => r.studentId));
        const missing = input.students.filter((s) => !found.has(s));
        throw badRequest(
          'students',
          `${missing.length === 1 ? 'Student' : 'Students'} ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not enrolled in this school, session, class and section.`,
        );
      }
    }
    return noticeId;
  });
}
