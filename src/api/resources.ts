/**
 * The school's resources: the library catalogue and loans, e-books and important links,
 * typed with ./schemas/resources. Reads are queryOptions; writes are the actors of the resource
 * editor and library loan machines, and the screens invalidate `resourceKeys.all` after one.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { fetchClasses } from '@/api/lookups';
import { subjectRow } from '@/api/schemas/lookups';
import { apiDelete, apiGet, apiPost, apiPut } from '@/api/client';
import { downloadFile, postForm } from '@/api/upload';
import {
  bookPage,
  ebookPage,
  linkPage,
  loanPage,
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
    queryFn: () => apiGet('/api/library/books', bookPage, { query: q }),
    placeholderData: keepPreviousData,
  });

export const loansQuery = (q: LoanListQuery) =>
  queryOptions({
    queryKey: resourceKeys.loans(q),
    queryFn: () => apiGet('/api/library/loans', loanPage, { query: q }),
    placeholderData: keepPreviousData,
  });

export const ebooksQuery = (q: EbookListQuery) =>
  queryOptions({
    queryKey: resourceKeys.ebooks(q),
    queryFn: () => apiGet('/api/ebooks', ebookPage, { query: q }),
    placeholderData: keepPreviousData,
  });

export const linksQuery = (q: LinkListQuery) =>
  queryOptions({
    queryKey: resourceKeys.links(q),
    queryFn: () => apiGet('/api/links', linkPage, { query: q }),
    placeholderData: keepPreviousData,
  });

type Opts = { idempotencyKey?: string };

export function saveBook(id: number | null, body: BookBody, opts: Opts = {}): Promise<WriteAnswer> {
  return id === null
    ? apiPost('/api/library/books', writeAnswer, { body, idempotencyKey: opts.idempotencyKey })
    : apiPut(`/api/library/books/${id}`, writeAnswer, { body, idempotencyKey: opts.idempotencyKey });
}
export const deleteBook = (id: number) => apiDelete(`/api/library/books/${id}`, writeAnswer);

export function saveLink(id: number | null, body: LinkBody, opts: Opts = {}): Promise<WriteAnswer> {
  return id === null
    ? apiPost('/api/links', writeAnswer, { body, idempotencyKey: opts.idempotencyKey })
    : apiPut(`/api/links/${id}`, writeAnswer, { body, idempotencyKey: opts.idempotencyKey });
}
export const deleteLink = (id: number) => apiDelete(`/api/links/${id}`, writeAnswer);

/** A new e-book goes up as multipart with its file; an edit changes only its labels (JSON). */
export function saveEbook(id: number | null, body: EbookBody, file: File | null, opts: Opts = {}) {
  if (id !== null) return apiPut(`/api/ebooks/${id}`, writeAnswer, { body, idempotencyKey: opts.idempotencyKey });
  const { school_info_id: _s, ...fields } = body;
  void _s;
  return postForm('/api/ebooks', writeAnswer, fields as Record<string, string | number | null | undefined>, file, {
    idempotencyKey: opts.idempotencyKey,
  });
}
export const deleteEbook = (id: number) => apiDelete(`/api/ebooks/${id}`, writeAnswer);
export const downloadEbook = (id: number, name: string) => downloadFile(`/api/ebooks/${id}/file`, name);

export function issueLoan(body: LoanBody, opts: Opts = {}): Promise<WriteAnswer> {
  return apiPost('/api/library/loans', writeAnswer, { body, idempotencyKey: opts.idempotencyKey });
}
export function returnLoan(id: number, opts: Opts = {}): Promise<WriteAnswer> {
  return apiPost(`/api/library/loans/${id}/return`, writeAnswer, { idempotencyKey: opts.idempotencyKey });
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
    queryFn: () => apiGet('/api/subject', z.array(subjectRow), { query: { class_id: classId } }),
    staleTime: 5 * 60_000,
  });
