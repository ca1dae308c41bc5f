/**
 * The school's resources (routes/resources.ts): the library catalogue and its loans, e-books and
 * important links, each row of one school, which the route has checked is the caller's.
 *
 * The last copy: a loan and the book's `on_loan` count change in one transaction, the count by a
 * conditional update (`on_loan < copies`) that PostgreSQL re-checks after a concurrent issue
 * commits, under the table's check `on_loan <= copies`; two issues of the last copy cannot both
 * succeed.
 */
import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  RESOURCE_CODES,
  RESOURCE_FIELD_MESSAGES,
  RESOURCE_MESSAGES,
  type bookBody,
  type bookListQuery,
  type ebookBody,
  type ebookListQuery,
  type linkBody,
  type linkListQuery,
  type loanBody,
  type loanListQuery,
  type ResourceMessageKey,
} from '@/api/schemas/resources';
import type { Db, DbOrTx } from '../db/client';
import { classes, ebooks, importantLinks, libraryBooks, libraryLoans, students, subjects } from '../db/schema';
import { ApiError, badRequest, notFound } from '../errors';
import type { ErrorCode } from '../error-codes';
import { commitFile, FILE_MESSAGES, type IncomingFile } from '../storage/files';
import { pgErrorOf } from '../db/pg-error';
import { schoolClock } from './school-time';

const answer = (key: ResourceMessageKey & keyof typeof RESOURCE_CODES, id: number) => ({
  ok: true as const,
  id,
  message: RESOURCE_MESSAGES[key],
  code: RESOURCE_CODES[key],
});

const page = <T extends { total?: unknown }>(rows: T[], limit: number, offset: number) => ({
  rows: rows.map(({ total: _t, ...r }) => r),
  total: rows.length ? Number(rows[0].total) : 0,
  limit,
  offset,
});

/** `%text%` for ILIKE, with the pattern characters taken literally. */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const conflict409 = (code: ErrorCode, message: string, field?: string) =>
  new ApiError(409, code, message, field ? { [field]: message } : undefined);

// ---------------------------------------------------------------- library: the catalogue

/** The school's catalogue by title, with the copies available; `q` searches title, author, category. */
export async function booksPage(db: DbOrTx, schoolId: number, q: z.output<typeof bookListQuery>) {
  const where: SQL[] = [eq(libraryBooks.schoolId, schoolId)];
  if (q.q) {
    const like = contains(q.q);
    where.push(
      or(ilike(libraryBooks.title, like), ilike(libraryBooks.author, like), ilike(libraryBooks.category, like))!,
    );
  }
  const rows = await db
    .select({
      id: libraryBooks.id,
      title: libraryBooks.title,
      author: libraryBooks.author,
      category: libraryBooks.category,
      copies: libraryBooks.copies,
      available: sql<number>`(${libraryBooks.copies} - ${libraryBooks.onLoan})::int`,
      total: sql<string>`count(*) over ()`,
    })
    .from(libraryBooks)
    .where(and(...where))
    .orderBy(asc(libraryBooks.title), asc(libraryBooks.id))
    .limit(q.limit)
    .offset(q.offset);
  return page(rows, q.limit, q.offset);
}

export async function addBook(db: DbOrTx, schoolId: number, b: z.output<typeof bookBody>) {
  const [row] = await db
    .insert(libraryBooks)
    .values({ schoolId, title: b.title, author: b.author, category: b.category, copies: b.copies })
    .returning({ id: libraryBooks.id });
  return answer('bookCreated', row.id);
}

/** Edit a book of the school (404 otherwise); fewer copies than are out on loan is 409 naming `copies`. */
export async function editBook(db: DbOrTx, schoolId: number, id: number, b: z.output<typeof bookBody>) {
  try {
    const [row] = await db
      .update(libraryBooks)
      .set({ title: b.title, author: b.author, category: b.category, copies: b.copies })
      .where(and(eq(libraryBooks.id, id), eq(libraryBooks.schoolId, schoolId)))
      .returning({ id: libraryBooks.id });
    if (!row) throw notFound('Book');
    return answer('bookUpdated', row.id);
  } catch (err) {
    if (pgErrorOf(err)?.constraint === 'library_books_on_loan_range') {
      throw new ApiError(409, RESOURCE_CODES.copiesBelowLoans, `copies: ${RESOURCE_FIELD_MESSAGES.copiesBelowLoans}`, {
        copies: RESOURCE_FIELD_MESSAGES.copiesBelowLoans,
      });
    }
    throw err;
  }
}

/** Delete a book of the school and its loan history; 409 while a copy is out on loan. */
export async function deleteBook(db: DbOrTx, schoolId: number, id: number) {
  // One statement: a loan issued at the same moment either comes first (and this refuses) or after.
  const [gone] = await db
    .delete(libraryBooks)
    .where(and(eq(libraryBooks.id, id), eq(libraryBooks.schoolId, schoolId), eq(libraryBooks.onLoan, 0)))
    .returning({ id: libraryBooks.id });
  if (gone) return answer('bookDeleted', gone.id);
  const [exists] = await db
    .select({ id: libraryBooks.id })
    .from(libraryBooks)
    .where(and(eq(libraryBooks.id, id), eq(libraryBooks.schoolId, schoolId)));
  if (!exists) throw notFound('Book');
  throw conflict409(RESOURCE_CODES.onLoan, RESOURCE_FIELD_MESSAGES.onLoan);
}

// ---------------------------------------------------------------- library: loans

/**
 * Loans of the school, overdue first then by due date, with the school's today; `studentId` keeps
 * one student's (a student's own, a guardian's child: scope.ts `studentOfCaller`), null the school's.
 */
export async function loansPage(
  db: DbOrTx,
  schoolId: number,
  studentId: number | null,
  q: z.output<typeof loanListQuery>,
) {
  const where: SQL[] = [eq(libraryLoans.schoolId, schoolId)];
  if (studentId !== null) where.push(eq(libraryLoans.studentId, studentId));
  if (q.status === 'open') where.push(isNull(libraryLoans.returnedOn));
  if (q.q) {
    const like = contains(q.q);
    where.push(
      or(
        ilike(students.studentCode, like),
        ilike(sql`${students.firstName} || ' ' || ${students.lastName}`, like),
        ilike(libraryBooks.title, like),
      )!,
    );
  }
  const { today } = await schoolClock(db, schoolId);
  const overdue = sql<boolean>`(${libraryLoans.returnedOn} is null and ${libraryLoans.dueDate} < ${today}::date)`;
  const rows = await db
    .select({
      id: libraryLoans.id,
      book_id: libraryLoans.bookId,
      title: libraryBooks.title,
      author: libraryBooks.author,
      student_id: libraryLoans.studentId,
      student_code: students.studentCode,
      student_name: sql<string>`trim(${students.firstName} || ' ' || ${students.lastName})`,
      issued_on: libraryLoans.issuedOn,
      due_date: libraryLoans.dueDate,
      returned_on: libraryLoans.returnedOn,
      overdue,
      total: sql<string>`count(*) over ()`,
    })
    .from(libraryLoans)
    .innerJoin(libraryBooks, eq(libraryBooks.id, libraryLoans.bookId))
    .innerJoin(students, eq(students.id, libraryLoans.studentId))
    .where(and(...where))
    .orderBy(
      sql`${libraryLoans.returnedOn} is not null`,
      desc(overdue),
      asc(libraryLoans.dueDate),
      desc(libraryLoans.returnedOn),
      asc(libraryLoans.id),
    )
    .limit(q.limit)
    .offset(q.offset);
  return { ...page(rows, q.limit, q.offset), today };
}

/**
 * Issue a copy of a book of the school to a student of it (by code) until a due date from today
 * on: 409 when no copy is left or the student already has one out.
 */
export async function issueLoan(db: Db, schoolId: number, userId: number, b: z.output<typeof loanBody>) {
  const [student] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.studentCode, b.student_code)));
  if (!student) {
    throw new ApiError(400, RESOURCE_CODES.noSuchStudent, `student_code: ${RESOURCE_FIELD_MESSAGES.noSuchStudent}`, {
      student_code: RESOURCE_FIELD_MESSAGES.noSuchStudent,
    });
  }
  const { today } = await schoolClock(db, schoolId);
  if (b.due_date < today) throw badRequest('due_date', RESOURCE_FIELD_MESSAGES.dueBeforeToday);
  const [book] = await db
    .select({ id: libraryBooks.id })
    .from(libraryBooks)
    .where(and(eq(libraryBooks.id, b.book_id), eq(libraryBooks.schoolId, schoolId)));
  if (!book) throw new ApiError(404, 'not_found', 'Book not found.', { book_id: 'is not a book of this school' });
  try {
    const id = await db.transaction(async (tx) => {
      const [taken] = await tx
        .update(libraryBooks)
        .set({ onLoan: sql`${libraryBooks.onLoan} + 1` })
        .where(
          and(
            eq(libraryBooks.id, book.id),
            eq(libraryBooks.schoolId, schoolId),
            sql`${libraryBooks.onLoan} < ${libraryBooks.copies}`,
          ),
        )
        .returning({ id: libraryBooks.id });
      if (!taken) throw conflict409(RESOURCE_CODES.noCopyLeft, RESOURCE_FIELD_MESSAGES.noCopyLeft, 'book_id');
      const [loan] = await tx
        .insert(libraryLoans)
        .values({
          schoolId,
          bookId: book.id,
          studentId: student.id,
          issuedOn: today,
          dueDate: b.due_date,
          issuedByUserId: userId,
        })
        .returning({ id: libraryLoans.id });
      return loan.id;
    });
    return answer('loanIssued', id);
  } catch (err) {
    if (pgErrorOf(err)?.constraint === 'library_loans_one_open_uq') {
      throw conflict409(RESOURCE_CODES.alreadyBorrowed, RESOURCE_FIELD_MESSAGES.alreadyBorrowed, 'student_code');
    }
    if (pgErrorOf(err)?.constraint === 'library_books_on_loan_range') {
      throw conflict409(RESOURCE_CODES.noCopyLeft, RESOURCE_FIELD_MESSAGES.noCopyLeft, 'book_id');
    }
    throw err;
  }
}

/** A loan of the school returned today (never before its issue), the copy back on the shelf; 409 when returned already. */
export async function returnLoan(db: Db, schoolId: number, userId: number, loanId: number) {
  const { today } = await schoolClock(db, schoolId);
  const id = await db.transaction(async (tx) => {
    const [loan] = await tx
      .update(libraryLoans)
      .set({
        returnedOn: sql`greatest(${today}::date, ${libraryLoans.issuedOn})`,
        returnedByUserId: userId,
      })
      .where(and(eq(libraryLoans.id, loanId), eq(libraryLoans.schoolId, schoolId), isNull(libraryLoans.returnedOn)))
      .returning({ id: libraryLoans.id, bookId: libraryLoans.bookId });
    if (!loan) {
      const [exists] = await tx
        .select({ id: libraryLoans.id })
        .from(libraryLoans)
        .where(and(eq(libraryLoans.id, loanId), eq(libraryLoans.schoolId, schoolId)));
      if (!exists) throw notFound('Loan');
      throw conflict409(RESOURCE_CODES.alreadyReturned, RESOURCE_FIELD_MESSAGES.alreadyReturned);
    }
    await tx
      .update(libraryBooks)
      .set({ onLoan: sql`${libraryBooks.onLoan} - 1` })
      .where(eq(libraryBooks.id, loan.bookId));
    return loan.id;
  });
  return answer('loanReturned', id);
}

// ---------------------------------------------------------------- e-books

/** The class and subject an e-book names exist, and the subject is of that class. */
async function checkEbookLabels(tx: DbOrTx, classId?: number, subjectId?: number) {
  if (classId) {
    const [c] = await tx.select({ id: classes.id }).from(classes).where(eq(classes.id, classId));
    if (!c) throw badRequest('class_id', 'is not a class');
  }
  if (subjectId) {
    const [s] = await tx
      .select({ id: subjects.id, classId: subjects.classId })
      .from(subjects)
      .where(eq(subjects.id, subjectId));
    if (!s) throw badRequest('subject_id', 'is not a subject');
    if (classId && s.classId !== classId) throw badRequest('subject_id', 'is not a subject of that class');
  }
}

/** The school's e-books, newest first; `class_id` keeps those of a class and those for every class. */
export async function ebooksPage(db: DbOrTx, schoolId: number, q: z.output<typeof ebookListQuery>) {
  const where: SQL[] = [eq(ebooks.schoolId, schoolId)];
  if (q.class_id) where.push(or(eq(ebooks.classId, q.class_id), isNull(ebooks.classId))!);
  const rows = await db
    .select({
      id: ebooks.id,
      title: ebooks.title,
      class_id: ebooks.classId,
      class_name: classes.className,
      subject_id: ebooks.subjectId,
      subject_name: subjects.subjectName,
      file_name: ebooks.fileName,
      file_type: ebooks.fileType,
      file_size: ebooks.fileSize,
      created_at: sql<string>`to_char(${ebooks.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      total: sql<string>`count(*) over ()`,
    })
    .from(ebooks)
    .leftJoin(classes, eq(classes.id, ebooks.classId))
    .leftJoin(subjects, eq(subjects.id, ebooks.subjectId))
    .where(and(...where))
    .orderBy(desc(ebooks.createdAt), desc(ebooks.id))
    .limit(q.limit)
    .offset(q.offset);
  return page(rows, q.limit, q.offset);
}

/**
 * Add an e-book: its labels checked, then the uploaded file (400 without one) committed to
 * storage (storage/files.ts, as homework files are) and the row written.
 */
export async function addEbook(
  db: DbOrTx,
  uploadDir: string,
  schoolId: number,
  userId: number,
  b: z.output<typeof ebookBody>,
  incoming: IncomingFile | null | undefined,
) {
  await checkEbookLabels(db, b.class_id, b.subject_id);
  if (!incoming) throw badRequest('file', FILE_MESSAGES.required);
  const file = await commitFile(uploadDir, incoming);
  const [row] = await db
    .insert(ebooks)
    .values({
      schoolId,
      title: b.title,
      classId: b.class_id ?? null,
      subjectId: b.subject_id ?? null,
      fileSha256: file.sha256,
      fileName: file.name,
      fileType: file.type,
      fileSize: file.size,
      createdByUserId: userId,
    })
    .returning({ id: ebooks.id });
  return answer('ebookCreated', row.id);
}

/** Edit an e-book of the school's title, class and subject (404 otherwise). */
export async function editEbook(db: DbOrTx, schoolId: number, id: number, b: z.output<typeof ebookBody>) {
  await checkEbookLabels(db, b.class_id, b.subject_id);
  const [row] = await db
    .update(ebooks)
    .set({ title: b.title, classId: b.class_id ?? null, subjectId: b.subject_id ?? null })
    .where(and(eq(ebooks.id, id), eq(ebooks.schoolId, schoolId)))
    .returning({ id: ebooks.id });
  if (!row) throw notFound('E-book');
  return answer('ebookUpdated', row.id);
}

/** An e-book's stored file (404 for none), after `schoolCheck` says the caller may see its school. */
export async function ebookFile(db: DbOrTx, id: number, schoolCheck: (schoolId: number) => Promise<unknown>) {
  const [book] = await db
    .select({ schoolId: ebooks.schoolId, sha256: ebooks.fileSha256, name: ebooks.fileName, type: ebooks.fileType })
    .from(ebooks)
    .where(eq(ebooks.id, id));
  if (!book) throw notFound('E-book');
  await schoolCheck(book.schoolId);
  return book;
}

// ---------------------------------------------------------------- important links

export async function linksPage(db: DbOrTx, schoolId: number, q: z.output<typeof linkListQuery>) {
  const rows = await db
    .select({
      id: importantLinks.id,
      title: importantLinks.title,
      url: importantLinks.url,
      description: importantLinks.description,
      total: sql<string>`count(*) over ()`,
    })
    .from(importantLinks)
    .where(eq(importantLinks.schoolId, schoolId))
    .orderBy(asc(importantLinks.title), asc(importantLinks.id))
    .limit(q.limit)
    .offset(q.offset);
  return page(rows, q.limit, q.offset);
}

export async function addLink(db: DbOrTx, schoolId: number, b: z.output<typeof linkBody>) {
  const [row] = await db
    .insert(importantLinks)
    .values({ schoolId, title: b.title, url: b.url, description: b.description })
    .returning({ id: importantLinks.id });
  return answer('linkCreated', row.id);
}

export async function editLink(db: DbOrTx, schoolId: number, id: number, b: z.output<typeof linkBody>) {
  const [row] = await db
    .update(importantLinks)
    .set({ title: b.title, url: b.url, description: b.description })
    .where(and(eq(importantLinks.id, id), eq(importantLinks.schoolId, schoolId)))
    .returning({ id: importantLinks.id });
  if (!row) throw notFound('Link');
  return answer('linkUpdated', row.id);
}

// ---------------------------------------------------------------- deleting an e-book or a link

const OWNED = {
  ebook: { table: ebooks, label: 'E-book', done: 'ebookDeleted' },
  link: { table: importantLinks, label: 'Link', done: 'linkDeleted' },
} as const;

/** Delete an e-book or link of the school (no other row refers to either): 404 when it is not the school's. */
export async function deleteOwned(db: DbOrTx, kind: keyof typeof OWNED, schoolId: number, id: number) {
  const { table, label, done } = OWNED[kind];
  const [row] = await db
    .delete(table)
    .where(and(eq(table.id, id), eq(table.schoolId, schoolId)))
    .returning({ id: table.id });
  if (!row) throw notFound(label);
  return answer(done, row.id);
}
