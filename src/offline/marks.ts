/**
 * Mark entry on the device: while online, every mark-entry sheet the teacher opens is
 * kept in IndexedDB (per user, by the store), with what the filters need to name it again (the
 * sessions, the exam types, the exams the teacher may mark); with no network the same sheet opens
 * from the device. Like the teacher's day (./day.ts): a read that reaches the server refreshes the
 * copy; a read the network fails (status 0) answers from the copy, when there is one.
 */
import { fetchExamTypes, fetchMarkEntrySheet } from '@/api/exams';
import { fetchSessions } from '@/api/lookups';
import { fetchMarkableExams } from '@/api/mark-entry';
import type { StudentMarkQuery, StudentMarkSheet } from '@/api/schemas/exams';
import { throughCopy } from './day';

/** One sheet's copy, by the five filters it was opened with (or the exam's id). */
export const sheetKey = (q: StudentMarkQuery) =>
  `marksheet|${q.exam_info_id ?? ''}|${q.session_id ?? ''}|${q.exam_name_id ?? ''}|${q.class_id ?? ''}|${q.section_id ?? ''}|${q.subject_id ?? ''}`;

export function loadSheetKept(q: StudentMarkQuery): Promise<StudentMarkSheet> {
  return throughCopy(sheetKey(q), () => fetchMarkEntrySheet(q));
}

export const loadSessionsKept = () => throughCopy('marks|sessions', fetchSessions);
export const loadExamTypesKept = () => throughCopy('marks|examTypes', () => fetchExamTypes());
export const loadMarkableExamsKept = (q: { session_id: number; exam_name_id: number }) =>
  throughCopy(`marks|exams|${q.session_id}|${q.exam_name_id}`, () => fetchMarkableExams(q));
