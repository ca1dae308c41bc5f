/**
 * The school's resources (spec part 2 §Student self-service, whose pages were static
 * sample data): the library catalogue and its loans, e-books, and important links. The school
 * admin curates all three and records loans; students, teachers and a linked viewer read them; a
 * student reads only their own loans. Paths: src/api/schemas/resources.ts.
 *
 * The last copy: a loan and the book's `on_loan` count change in one transaction, the count by a
 * conditional update (`on_loan < copies`) that PostgreSQL re-checks after a concurrent issue
 * commits, under the table's check `on_loan <= copies`; two issues of the last copy cannot both
 * succeed. E-book files go through storage/ exactly as homework files do (streamed, limited,
 * typed by content) and leave only through GET /api/ebooks/:id/file after the tenant check.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { errorBody } from '@/api/schemas/common';
import {
  RESOURCE_CODES,
  RESOURCE_FIELD_MESSAGES,
  RESOURCE_MESSAGES,
  bookBody,
  bookListQuery,
  bookPage,
  ebookBody,
  ebookListQuery,
  ebookPage,
  linkBody,
  linkListQuery,
  linkPage,
  loanBody,
  loanListQuery,
  loanPage,
  resourceIdParams,
  writeAnswer,
  type ResourceMessageKey,
} from '@/api/schemas/resources';
import { authOf } from '../auth/guard';
import { schoolOfCall, studentOfCaller } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import type { DbOrTx } from '../db/client';
import { classes, ebooks, importantLinks, libraryBooks, libraryLoans, students, subjects } from '../db/schema';
import { ApiError, badRequest, notFound } from '../errors';
import type { ErrorCode } from '../error-codes';
import { pgErrorOf } from '../services/routines';
import { schoolClock } from '../services/school-time';
import { commitFile, FILE_MESSAGES, sendStoredFile, uploadDirOf } from '../storage/files';

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

export async function resourceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const uploadDir = uploadDirOf(app.config);

  /** DELETE of a row the caller's school owns (no other row refers to it): 404 when it is not theirs. */
  const deleteOwned = (
    url: string,
    action: 'ebook.write' | 'link.write',
    description: string,
    table: typeof ebooks | typeof importantLinks,
    label: string,
    done: 'ebookDeleted' | 'linkDeleted',
  ) =>
    app.delete(
      url,
      { config: { action }, schema: { description, params: resourceIdParams, response: { 200: writeAnswer } } },
      async (req) => {
        const schoolId = await schoolOf(req);
        const [row] = await db
          .delete(table)
          .where(and(eq(table.id, req.params.id), eq(table.schoolId, schoolId)))
          .returning({ id: table.id });
        if (!row) throw notFound(label);
        return answer(done, row.id);
      },
    );

  // ---------------------------------------------------------------- library: the catalogue

  app.get(
    '/library/books',
    {
      config: { action: 'library.books' },
      schema: {
        description: 'The school’s library catalogue by title, with the copies available; `q` searches.',
        querystring: bookListQuery,
        response: { 200: bookPage },
      },
    },
    async (req) => {
      const q = req.query;
      const schoolId = await schoolOf(req, q.school_info_id);
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
    },
  );

  app.post(
    '/library/books',
    {
      config: { action: 'library.write' },
      schema: { description: 'Adds a book to the catalogue.', body: bookBody, response: { 200: writeAnswer } },
    },
    async (req) => {
      const b = req.body;
      const schoolId = await schoolOf(req, b.school_info_id);
      const [row] = await db
        .insert(libraryBooks)
        .values({ schoolId, title: b.title, author: b.author, category: b.category, copies: b.copies })
        .returning({ id: libraryBooks.id });
      return answer('bookCreated', row.id);
    },
  );

  app.put(
    '/library/books/:id',
    {
      config: { action: 'library.write' },
      schema: {
        description: 'Edits a book. 409 naming `copies` when fewer copies than are out on loan.',
        params: resourceIdParams,
        body: bookBody,
        response: { 200: writeAnswer, 409: errorBody },
      },
    },
    async (req) => {
      const b = req.body;
      const schoolId = await schoolOf(req, b.school_info_id);
      try {
        const [row] = await db
          .update(libraryBooks)
          .set({ title: b.title, author: b.author, category: b.category, copies: b.copies })
          .where(and(eq(libraryBooks.id, req.params.id), eq(libraryBooks.schoolId, schoolId)))
          .returning({ id: libraryBooks.id });
        if (!row) throw notFound('Book');
        return answer('bookUpdated', row.id);
      } catch (err) {
        if (pgErrorOf(err)?.constraint === 'library_books_on_loan_range') {
          throw new ApiError(
            409,
            RESOURCE_CODES.copiesBelowLoans,
            `copies: ${RESOURCE_FIELD_MESSAGES.copiesBelowLoans}`,
            {
              copies: RESOURCE_FIELD_MESSAGES.copiesBelowLoans,
            },
          );
        }
        throw err;
      }
    },
  );

  app.delete(
    '/library/books/:id',
    {
      config: { action: 'library.write' },
      schema: {
        description: 'Deletes a book and its loan history. 409 while any copy is out on loan.',
        params: resourceIdParams,
        response: { 200: writeAnswer, 409: errorBody },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req);
      // One statement: a loan issued at the same moment either comes first (and this refuses) or after.
      const [gone] = await db
        .delete(libraryBooks)
        .where(and(eq(libraryBooks.id, req.params.id), eq(libraryBooks.schoolId, schoolId), eq(libraryBooks.onLoan, 0)))
        .returning({ id: libraryBooks.id });
      if (gone) return answer('bookDeleted', gone.id);
      const [exists] = await db
        .select({ id: libraryBooks.id })
        .from(libraryBooks)
        .where(and(eq(libraryBooks.id, req.params.id), eq(libraryBooks.schoolId, schoolId)));
      if (!exists) throw notFound('Book');
      throw conflict409(RESOURCE_CODES.onLoan, RESOURCE_FIELD_MESSAGES.onLoan);
    },
  );

  // ---------------------------------------------------------------- library: loans

  app.get(
    '/library/loans',
    {
      config: { action: 'library.loans' },
      schema: {
        description:
          'Loans, overdue first then by due date: the school’s for its admin (q: student code or name, or title), one’s own for a student.',
        querystring: loanListQuery,
        response: { 200: loanPage },
      },
    },
    async (req) => {
      const q = req.query;
      // A student: their own loans; a guardian: a linked child's (student_id), in the child's
      // school (server/auth/scope.ts); the school admin: the school's.
      const own = await studentOfCaller(req, q.student_id);
      const schoolId = await schoolOfCall(req, own, q.school_info_id);
      const where: SQL[] = [eq(libraryLoans.schoolId, schoolId)];
      if (own) where.push(eq(libraryLoans.studentId, own.id));
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
    },
  );

  app.post(
    '/library/loans',
    {
      config: { action: 'library.issue' },
      schema: {
        description:
          'Issues a copy of a book to a student (by student code) until a due date. 409 when no copy is left or the student already has one.',
        body: loanBody,
        response: { 200: writeAnswer, 400: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      const b = req.body;
      const schoolId = await schoolOf(req, b.school_info_id);
      const [student] = await db
        .select({ id: students.id })
        .from(students)
        .where(and(eq(students.schoolId, schoolId), eq(students.studentCode, b.student_code)));
      if (!student) {
        throw new ApiError(
          400,
          RESOURCE_CODES.noSuchStudent,
          `student_code: ${RESOURCE_FIELD_MESSAGES.noSuchStudent}`,
          { student_code: RESOURCE_FIELD_MESSAGES.noSuchStudent },
        );
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
              issuedByUserId: authOf(req).userId,
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
    },
  );

  app.post(
    '/library/loans/:id/return',
    {
      config: { action: 'library.issue' },
      schema: {
        description: 'Records a loan’s return today. 409 when it was already returned.',
        params: resourceIdParams,
        response: { 200: writeAnswer, 409: errorBody },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req);
      const { today } = await schoolClock(db, schoolId);
      const id = await db.transaction(async (tx) => {
        const [loan] = await tx
          .update(libraryLoans)
          .set({
            returnedOn: sql`greatest(${today}::date, ${libraryLoans.issuedOn})`,
            returnedByUserId: authOf(req).userId,
          })
          .where(
            and(
              eq(libraryLoans.id, req.params.id),
              eq(libraryLoans.schoolId, schoolId),
              isNull(libraryLoans.returnedOn),
            ),
          )
          .returning({ id: libraryLoans.id, bookId: libraryLoans.bookId });
        if (!loan) {
          const [exists] = await tx
            .select({ id: libraryLoans.id })
            .from(libraryLoans)
            .where(and(eq(libraryLoans.id, req.params.id), eq(libraryLoans.schoolId, schoolId)));
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
    },
  );

  // ---------------------------------------------------------------- e-books

  /** The class and subject an e-book names exist, and the subject is of that class. */
  const checkEbookLabels = async (tx: DbOrTx, classId?: number, subjectId?: number) => {
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
  };

  app.get(
    '/ebooks',
    {
      config: { action: 'ebook.list' },
      schema: {
        description:
          'The school’s e-books, newest first; `class_id` keeps those of a class (and those for every class).',
        querystring: ebookListQuery,
        response: { 200: ebookPage },
      },
    },
    async (req) => {
      const q = req.query;
      const schoolId = await schoolOf(req, q.school_info_id);
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
    },
  );

  app.post(
    '/ebooks',
    {
      config: { action: 'ebook.write', upload: true },
      schema: {
        description:
          'Uploads an e-book: multipart/form-data with title, optional class_id and subject_id, and the file in `file` (the homework upload’s size limit and content check).',
        body: ebookBody,
        response: { 200: writeAnswer, 400: errorBody, 413: errorBody, 415: errorBody },
      },
    },
    async (req) => {
      const b = req.body;
      const schoolId = await schoolOf(req, b.school_info_id);
      await checkEbookLabels(db, b.class_id, b.subject_id);
      if (!req.incomingFile) throw badRequest('file', FILE_MESSAGES.required);
      const file = await commitFile(uploadDir, req.incomingFile);
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
          createdByUserId: authOf(req).userId,
        })
        .returning({ id: ebooks.id });
      return answer('ebookCreated', row.id);
    },
  );

  app.put(
    '/ebooks/:id',
    {
      config: { action: 'ebook.write' },
      schema: {
        description: 'Edits an e-book’s title, class and subject (to replace the file, upload it anew).',
        params: resourceIdParams,
        body: ebookBody,
        response: { 200: writeAnswer },
      },
    },
    async (req) => {
      const b = req.body;
      const schoolId = await schoolOf(req, b.school_info_id);
      await checkEbookLabels(db, b.class_id, b.subject_id);
      const [row] = await db
        .update(ebooks)
        .set({ title: b.title, classId: b.class_id ?? null, subjectId: b.subject_id ?? null })
        .where(and(eq(ebooks.id, req.params.id), eq(ebooks.schoolId, schoolId)))
        .returning({ id: ebooks.id });
      if (!row) throw notFound('E-book');
      return answer('ebookUpdated', row.id);
    },
  );

  deleteOwned('/ebooks/:id', 'ebook.write', 'Deletes an e-book.', ebooks, 'E-book', 'ebookDeleted');

  app.get(
    '/ebooks/:id/file',
    {
      config: { action: 'ebook.file' },
      schema: {
        description: 'Downloads an e-book’s file: only for its own school’s readers.',
        params: resourceIdParams,
      },
    },
    async (req, reply) => {
      const [book] = await db
        .select({ schoolId: ebooks.schoolId, sha256: ebooks.fileSha256, name: ebooks.fileName, type: ebooks.fileType })
        .from(ebooks)
        .where(eq(ebooks.id, req.params.id));
      if (!book) throw notFound('E-book');
      await schoolOf(req, book.schoolId);
      return sendStoredFile(reply, uploadDir, book);
    },
  );

  // ---------------------------------------------------------------- important links

  app.get(
    '/links',
    {
      config: { action: 'link.list' },
      schema: {
        description: 'The school’s important links, by title.',
        querystring: linkListQuery,
        response: { 200: linkPage },
      },
    },
    async (req) => {
      const q = req.query;
      const schoolId = await schoolOf(req, q.school_info_id);
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
    },
  );

  app.post(
    '/links',
    {
      config: { action: 'link.write' },
      schema: {
        description: 'Adds an important link (http or https only).',
        body: linkBody,
        response: { 200: writeAnswer },
      },
    },
    async (req) => {
      const b = req.body;
      const schoolId = await schoolOf(req, b.school_info_id);
      const [row] = await db
        .insert(importantLinks)
        .values({ schoolId, title: b.title, url: b.url, description: b.description })
        .returning({ id: importantLinks.id });
      return answer('linkCreated', row.id);
    },
  );

  app.put(
    '/links/:id',
    {
      config: { action: 'link.write' },
      schema: {
        description: 'Edits an important link.',
        params: resourceIdParams,
        body: linkBody,
        response: { 200: writeAnswer },
      },
    },
    async (req) => {
      const b = req.body;
      const schoolId = await schoolOf(req, b.school_info_id);
      const [row] = await db
        .update(importantLinks)
        .set({ title: b.title, url: b.url, description: b.description })
        .where(and(eq(importantLinks.id, req.params.id), eq(importantLinks.schoolId, schoolId)))
        .returning({ id: importantLinks.id });
      if (!row) throw notFound('Link');
      return answer('linkUpdated', row.id);
    },
  );

  deleteOwned('/links/:id', 'link.write', 'Deletes an important link.', importantLinks, 'Link', 'linkDeleted');
}
