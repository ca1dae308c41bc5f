/**
 * The school's resources (spec part 2 §Student self-service, whose pages were static
 * sample data): the library catalogue and its loans, e-books, and important links. The school
 * admin curates all three and records loans; students, teachers and a linked viewer read them; a
 * student reads only their own loans. Paths: src/api/schemas/resources.ts. The rules and queries
 * (the last copy's conditional count among them) live in server/services/resources.ts.
 *
 * E-book files go through storage/ exactly as homework files do (streamed, limited, typed by
 * content) and leave only through GET /api/ebooks/:id/file after the tenant check.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@/api/schemas/common';
import {
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
} from '@/api/schemas/resources';
import { authOf } from '../auth/guard';
import { schoolOfCall, studentOfCaller } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import {
  addBook,
  addEbook,
  addLink,
  booksPage,
  deleteBook,
  deleteOwned,
  ebookFile,
  ebooksPage,
  editBook,
  editEbook,
  editLink,
  issueLoan,
  linksPage,
  loansPage,
  returnLoan,
} from '../services/resources';
import { sendStoredFile, uploadDirOf } from '../storage/files';

export async function resourceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const uploadDir = uploadDirOf(app.config);

  /** DELETE of an e-book or link the caller's school owns: 404 when it is not theirs. */
  const deleteOwnedRoute = (
    url: string,
    action: 'ebook.write' | 'link.write',
    description: string,
    kind: 'ebook' | 'link',
  ) =>
    app.delete(
      url,
      { config: { action }, schema: { description, params: resourceIdParams, response: { 200: writeAnswer } } },
      async (req) => {
        const schoolId = await schoolOf(req);
        return deleteOwned(db, kind, schoolId, req.params.id);
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
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return booksPage(db, schoolId, req.query);
    },
  );

  app.post(
    '/library/books',
    {
      config: { action: 'library.write' },
      schema: { description: 'Adds a book to the catalogue.', body: bookBody, response: { 200: writeAnswer } },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return addBook(db, schoolId, req.body);
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
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return editBook(db, schoolId, req.params.id, req.body);
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
      return deleteBook(db, schoolId, req.params.id);
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
      // A student: their own loans; a guardian: a linked child's (student_id), in the child's
      // school (server/auth/scope.ts); the school admin: the school's.
      const own = await studentOfCaller(req, req.query.student_id);
      const schoolId = await schoolOfCall(req, own, req.query.school_info_id);
      return loansPage(db, schoolId, own?.id ?? null, req.query);
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
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return issueLoan(db, schoolId, authOf(req).userId, req.body);
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
      return returnLoan(db, schoolId, authOf(req).userId, req.params.id);
    },
  );

  // ---------------------------------------------------------------- e-books

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
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return ebooksPage(db, schoolId, req.query);
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
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return addEbook(db, uploadDir, schoolId, authOf(req).userId, req.body, req.incomingFile);
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
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return editEbook(db, schoolId, req.params.id, req.body);
    },
  );

  deleteOwnedRoute('/ebooks/:id', 'ebook.write', 'Deletes an e-book.', 'ebook');

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
      const book = await ebookFile(db, req.params.id, (schoolId) => schoolOf(req, schoolId));
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
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return linksPage(db, schoolId, req.query);
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
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return addLink(db, schoolId, req.body);
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
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return editLink(db, schoolId, req.params.id, req.body);
    },
  );

  deleteOwnedRoute('/links/:id', 'link.write', 'Deletes an important link.', 'link');
}
