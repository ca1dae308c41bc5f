/**
 * Exam, mark, mark sheet and grade sheet calls (spec part 2 §Exams, marks, grade sheet),
 * typed with the shared contract in ./schemas/exams: requests by the schemas' `z.input`, answers
 * parsed by the response schemas. Writes (exam setup, mark entry, publish/unlock, rename, delete)
 * are meant as machine actors; after one succeeds the screen invalidates `examKeys.all`. Reads go
 * through the query factories below.
 */
import {} from 'zod';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/api/client';
import type {
  ExamInfoBody,
  ExamInfoQuery,
  ExamInfoRow,
  ExamMarkBody,
  ExamMarkSaved,
  ExamNameCreateBody,
  ExamNameQuery,
  ExamNameRenameBody,
  ExamNameRow,
  Gradesheet,
  GradesheetQuery,
  MarkAuditQuery,
  MarkAuditRow,
  MarkSheetQuery,
  MarkSheetRow,
  PublicationBody,
  PublicationState,
  StudentMarkQuery,
  StudentMarkSheet,
} from '@/api/schemas/exams';
import type { Page } from '@/api/schemas/common';
import { examsEndpoints } from '@/api/endpoints/exams';

type Query = Record<string, string | number | undefined>;
const asQuery = (q: object) => q as Query;

// ---------------------------------------------------------------- fetchers

/** The school's exam types, in order (a viewer names the school). */
export function fetchExamTypes(q: ExamNameQuery = {}): Promise<ExamNameRow[]> {
  return request(examsEndpoints.examName, { query: asQuery(q) });
}

/** Adds an exam type to the school (another monthly class test, say). */
export function createExamType(body: ExamNameCreateBody): Promise<ExamNameRow> {
  return request(examsEndpoints.postExamName, { body });
}

export function renameExamType(id: number, body: ExamNameRenameBody): Promise<ExamNameRow> {
  return request(examsEndpoints.putExamName, { params: { id }, body });
}

/** Creates the exam for every section × subject named, or none (409 names a duplicate). */
export function createExams(body: ExamInfoBody, opts: { idempotencyKey?: string } = {}) {
  return request(examsEndpoints.postExamInfo, { body, idempotencyKey: opts.idempotencyKey });
}

/** One page of the "Exam Lists". */
export function fetchExamList(q: ExamInfoQuery = {}): Promise<Page<ExamInfoRow>> {
  return request(examsEndpoints.examInfo, { query: asQuery(q) });
}

/** The "Marks Entry Sheet" of one exam, by id or by the screen's filters. */
export function fetchMarkEntrySheet(q: StudentMarkQuery): Promise<StudentMarkSheet> {
  // The screen always names the exam (by id or its filters), so the answer is one exam's sheet,
  // never the section's list of the spec's bare call.
  return request(examsEndpoints.studentMark, { query: asQuery(q) }).then((answer) => {
    if (!('exam' in answer)) throw new Error('The marks sheet names no exam.');
    return answer;
  });
}

/** Saves changed marks (a number, 'absent', or null to clear); answers the sheet after the save. */
export function saveMarks(body: ExamMarkBody, opts: { idempotencyKey?: string } = {}): Promise<ExamMarkSaved> {
  return request(examsEndpoints.postExamMark, { body, idempotencyKey: opts.idempotencyKey });
}

export function deleteMark(id: number) {
  return request(examsEndpoints.examMarks, { params: { id } });
}

/** The audit trail of one exam's marks, newest first: one page. */
export function fetchMarkAudit(q: MarkAuditQuery): Promise<Page<MarkAuditRow>> {
  return request(examsEndpoints.examMarkAudit, { query: asQuery(q) });
}

export function fetchPublication(q: PublicationBody): Promise<PublicationState> {
  return request(examsEndpoints.examPublication, { query: asQuery(q) });
}

export function publishResults(body: PublicationBody) {
  return request(examsEndpoints.examPublish, { body });
}

export function unlockMarks(body: PublicationBody) {
  return request(examsEndpoints.examUnlock, { body });
}

/** A student's marks in a session (optionally one exam type or one exam). */
export function fetchMarkSheet(q: MarkSheetQuery): Promise<MarkSheetRow[]> {
  return request(examsEndpoints.mark, { query: asQuery(q) });
}

export function fetchGradesheet(q: GradesheetQuery): Promise<Gradesheet> {
  return request(examsEndpoints.gradesheet, { query: asQuery(q) });
}

// ---------------------------------------------------------------- reads on screens

/** Every exam read starts with 'exam': a save, publish or delete invalidates them all. */
export const examKeys = {
  all: ['exam'] as const,
  types: (q: ExamNameQuery) => ['exam', 'types', q] as const,
  list: (q: ExamInfoQuery) => ['exam', 'list', q] as const,
  entrySheet: (q: StudentMarkQuery) => ['exam', 'entry-sheet', q] as const,
  audit: (q: MarkAuditQuery) => ['exam', 'audit', q] as const,
  publication: (q: PublicationBody) => ['exam', 'publication', q] as const,
  markSheet: (q: MarkSheetQuery) => ['exam', 'mark-sheet', q] as const,
  gradesheet: (q: GradesheetQuery) => ['exam', 'gradesheet', q] as const,
};

export const examTypesQuery = (q: ExamNameQuery = {}) =>
  queryOptions({ queryKey: examKeys.types(q), queryFn: () => fetchExamTypes(q), staleTime: 5 * 60_000 });

export const examListQuery = (q: ExamInfoQuery) =>
  queryOptions({ queryKey: examKeys.list(q), queryFn: () => fetchExamList(q), placeholderData: keepPreviousData });

export const markEntrySheetQuery = (q: StudentMarkQuery) =>
  queryOptions({ queryKey: examKeys.entrySheet(q), queryFn: () => fetchMarkEntrySheet(q) });

export const markAuditQuery = (q: MarkAuditQuery) =>
  queryOptions({ queryKey: examKeys.audit(q), queryFn: () => fetchMarkAudit(q), placeholderData: keepPreviousData });

export const publicationQuery = (q: PublicationBody) =>
  queryOptions({ queryKey: examKeys.publication(q), queryFn: () => fetchPublication(q) });

export const markSheetQuery = (q: MarkSheetQuery) =>
  queryOptions({ queryKey: examKeys.markSheet(q), queryFn: () => fetchMarkSheet(q) });

export const gradesheetQuery = (q: GradesheetQuery) =>
  queryOptions({ queryKey: examKeys.gradesheet(q), queryFn: () => fetchGradesheet(q) });

/** Every grade sheet read (`examKeys.gradesheet(q)` for any q): what a change to marks refreshes. */
export const gradesheetKeys = { all: ['exam', 'gradesheet'] as const };
