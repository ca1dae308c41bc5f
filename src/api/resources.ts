/**
 * The school's resources: the library catalogue and loans, e-books and important links,
 * typed with ./schemas/resources. Reads are queryOptions; writes are the actors of the resource
 * editor and library loan machines, and the screens invalidate `resourceKeys.all` after one.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import { fetchClasses } from '@/api/lookups';

import { request } from '@/api/client';
import { urlOf } from '@/api/endpoints/define';
import { downloadFile, postForm } from '@/api/upload';
import {
  writeAnswer,
  type BookBody,
  type BookListQuery,
  type EbookBody,
  type EbookListQuery,
  type LinkBody,
  type LinkListQuery,
  type LoanBody,
  type LoanListQuery,
  type WriteAnswer,
} from '@/api/schemas/resources';
import { resourcesEndpoints } from '@/api/endpoints/resources';
import { lookupsEndpoints } from '@/api/endpoints/lookups';

export const resourceKeys = {
  all: ['resources'] as const,
  books: (q: BookListQuery) => ['resources', 'books', q] as const,
  loans: (q: LoanListQuery) => ['resources', 'loans', q] as const,
  ebooks: (q: EbookListQuery) => ['resources', 'ebooks', q] as const,
  links: (q: LinkListQuery) => ['resources', 'links', q] as const,
};

export const booksQuery = (q: BookListQuery) =>
  queryOptions({
    queryKey: resourceKeys.books(q),
    queryFn: () => request(resourcesEndpoints.libraryBooks, { query: q }),
    placeholderData: keepPreviousData,
  });

export const loansQuery = (q: LoanListQuery) =>
  queryOptions({
    queryKey: resourceKeys.loans(q),
    queryFn: () => request(resourcesEndpoints.libraryLoans, { query: q }),
    placeholderData: keepPreviousData,
  });

export const ebooksQuery = (q: EbookListQuery) =>
  queryOptions({
    queryKey: resourceKeys.ebooks(q),
    queryFn: () => request(resourcesEndpoints.ebooks, { query: q }),
    placeholderData: keepPreviousData,
  });

export const linksQuery = (q: LinkListQuery) =>
  queryOptions({
    queryKey: resourceKeys.links(q),
    queryFn: () => request(resourcesEndpoints.links, { query: q }),
    placeholderData: keepPreviousData,
  });

type Opts = { idempotencyKey?: string };

export function saveBook(id: number | null, body: BookBody, opts: Opts = {}): Promise<WriteAnswer> {
  return id === null
    ? request(resourcesEndpoints.postLibraryBooks, { body, idempotencyKey: opts.idempotencyKey })
    : request(resourcesEndpoints.putLibraryBooks, { params: { id }, body, idempotencyKey: opts.idempotencyKey });
}
export const deleteBook = (id: number) => request(resourcesEndpoints.deleteLibraryBooks, { params: { id } });

export function saveLink(id: number | null, body: LinkBody, opts: Opts = {}): Promise<WriteAnswer> {
  return id === null
    ? request(resourcesEndpoints.postLinks, { body, idempotencyKey: opts.idempotencyKey })
    : request(resourcesEndpoints.putLinks, { params: { id }, body, idempotencyKey: opts.idempotencyKey });
}
export const deleteLink = (id: number) => request(resourcesEndpoints.deleteLinks, { params: { id } });

/** A new e-book goes up as multipart with its file; an edit changes only its labels (JSON). */
export function saveEbook(id: number | null, body: EbookBody, file: File | null, opts: Opts = {}) {
  if (id !== null)
    return request(resourcesEndpoints.putEbooks, { params: { id }, body, idempotencyKey: opts.idempotencyKey });
  const { school_info_id: _s, ...fields } = body;
  void _s;
  return postForm(
    urlOf(resourcesEndpoints.postEbooks),
    writeAnswer,
    fields as Record<string, string | number | null | undefined>,
    file,
    {
      idempotencyKey: opts.idempotencyKey,
    },
  );
}
export const deleteEbook = (id: number) => request(resourcesEndpoints.deleteEbooks, { params: { id } });
export const downloadEbook = (id: number, name: string) =>
  downloadFile(urlOf(resourcesEndpoints.ebooksFile, { id }), name);

export function issueLoan(body: LoanBody, opts: Opts = {}): Promise<WriteAnswer> {
  return request(resourcesEndpoints.postLibraryLoans, { body, idempotencyKey: opts.idempotencyKey });
}
export function returnLoan(id: number, opts: Opts = {}): Promise<WriteAnswer> {
  return request(resourcesEndpoints.libraryLoansReturn, { params: { id }, idempotencyKey: opts.idempotencyKey });
}

/** What an e-book may be labelled with: every class, and the subjects of the chosen one. */
export const ebookClassesQuery = () =>
  queryOptions({
    queryKey: ['resources', 'choices', 'classes'] as const,
    queryFn: () => fetchClasses(),
    staleTime: 5 * 60_000,
  });
export const ebookSubjectsQuery = (classId: number) =>
  queryOptions({
    queryKey: ['resources', 'choices', 'subjects', classId] as const,
    queryFn: () => request(lookupsEndpoints.subject, { query: { class_id: classId } }),
    staleTime: 5 * 60_000,
  });
