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
import { resourcesEndpoints } from '@/api/endpoints/resources';
import { route } from './define';

export async function resourceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const uploadDir = uploadDirOf(app.config);

  /** DELETE of an e-book or link the caller's school owns: 404 when it is not theirs. */
  const deleteOwnedRoute = (
    endpoint: typeof resourcesEndpoints.deleteEbooks | typeof resourcesEndpoints.deleteLinks,
    description: string,
    kind: 'ebook' | 'link',
  ) =>
    route(app, endpoint, { schema: { description } }, async (req) => {
      const schoolId = await schoolOf(req);
      return deleteOwned(db, kind, schoolId, req.params.id);
    });

  // ---------------------------------------------------------------- library: the catalogue

  route(
    app,
    resourcesEndpoints.libraryBooks,
    {
      schema: {
        description: 'The school’s library catalogue by title, with the copies available; `q` searches.',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return booksPage(db, schoolId, req.query);
    },
  );

  route(
    app,
    resourcesEndpoints.postLibraryBooks,
    { schema: { description: 'Adds a book to the catalogue.' } },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return addBook(db, schoolId, req.body);
    },
  );

  route(
    app,
    resourcesEndpoints.putLibraryBooks,
    {
      schema: {
        description: 'Edits a book. 409 naming `copies` when fewer copies than are out on loan.',
        response: { 409: errorBody },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return editBook(db, schoolId, req.params.id, req.body);
    },
  );

  route(
    app,
    resourcesEndpoints.deleteLibraryBooks,
    {
      schema: {
        description: 'Deletes a book and its loan history. 409 while any copy is out on loan.',
        response: { 409: errorBody },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req);
      return deleteBook(db, schoolId, req.params.id);
    },
  );

  // ---------------------------------------------------------------- library: loans

  route(
    app,
    resourcesEndpoints.libraryLoans,
    {
      schema: {
        description:
          'Loans, overdue first then by due date: the school’s for its admin (q: student code or name, or title), one’s own for a student.',
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

  route(
    app,
    resourcesEndpoints.postLibraryLoans,
    {
      schema: {
        description:
          'Issues a copy of a book to a student (by student code) until a due date. 409 when no copy is left or the student already has one.',
        response: { 400: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return issueLoan(db, schoolId, authOf(req).userId, req.body);
    },
  );

  route(
    app,
    resourcesEndpoints.libraryLoansReturn,
    {
      schema: {
        description: 'Records a loan’s return today. 409 when it was already returned.',
        response: { 409: errorBody },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req);
      return returnLoan(db, schoolId, authOf(req).userId, req.params.id);
    },
  );

  // ---------------------------------------------------------------- e-books

  route(
    app,
    resourcesEndpoints.ebooks,
    {
      schema: {
        description:
          'The school’s e-books, newest first; `class_id` keeps those of a class (and those for every class).',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return ebooksPage(db, schoolId, req.query);
    },
  );

  route(
    app,
    resourcesEndpoints.postEbooks,
    {
      config: { upload: true },
      schema: {
        description:
          'Uploads an e-book: multipart/form-data with title, optional class_id and subject_id, and the file in `file` (the homework upload’s size limit and content check).',
        response: { 400: errorBody, 413: errorBody, 415: errorBody },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return addEbook(db, uploadDir, schoolId, authOf(req).userId, req.body, req.incomingFile);
    },
  );

  route(
    app,
    resourcesEndpoints.putEbooks,
    {
      schema: {
        description: 'Edits an e-book’s title, class and subject (to replace the file, upload it anew).',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return editEbook(db, schoolId, req.params.id, req.body);
    },
  );

  deleteOwnedRoute(resourcesEndpoints.deleteEbooks, 'Deletes an e-book.', 'ebook');

  route(
    app,
    resourcesEndpoints.ebooksFile,
    {
      schema: {
        description: 'Downloads an e-book’s file: only for its own school’s readers.',
      },
    },
    async (req, reply) => {
      const book = await ebookFile(db, req.params.id, (schoolId) => schoolOf(req, schoolId));
      return sendStoredFile(reply, uploadDir, book);
    },
  );

  // ---------------------------------------------------------------- important links

  route(
    app,
    resourcesEndpoints.links,
    {
      schema: {
        description: 'The school’s important links, by title.',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return linksPage(db, schoolId, req.query);
    },
  );

  route(
    app,
    resourcesEndpoints.postLinks,
    {
      schema: {
        description: 'Adds an important link (http or https only).',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return addLink(db, schoolId, req.body);
    },
  );

  route(
    app,
    resourcesEndpoints.putLinks,
    {
      schema: {
        description: 'Edits an important link.',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return editLink(db, schoolId, req.params.id, req.body);
    },
  );

  deleteOwnedRoute(resourcesEndpoints.deleteLinks, 'Deletes an important link.', 'link');
}
