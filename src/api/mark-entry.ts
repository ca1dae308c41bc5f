/**
 * The reads of the mark entry screens (/teacherevaluation, /teachermark): the sessions,
 * and the exams the caller may enter marks for, from which the screens offer only what exists
 * (a teacher's list is what they teach: GET /api/exam_info answers a teacher only those). Keys
 * start with 'exam', so a saved mark or a new exam invalidates them with `examKeys.all`.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ExamInfoRow } from '@/api/schemas/exams';
import { EXAM_PAGE } from '@/api/schemas/exams';
import { fetchExamList } from '@/api/exams';
import { fetchSessions } from '@/api/lookups';

/** A whole session's exam list is a few hundred rows for a school; more than this is not a list to choose from. */
const MAX_PAGES = 10;

/** Every exam of a session and exam type the caller may mark, all pages. */
export async function fetchMarkableExams(q: { session_id: number; exam_name_id: number }): Promise<ExamInfoRow[]> {
  const rows: ExamInfoRow[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await fetchExamList({ ...q, limit: EXAM_PAGE.maxLimit, offset: page * EXAM_PAGE.maxLimit });
    rows.push(...answer.rows);
    if (rows.length >= answer.total || answer.rows.length === 0) break;
  }
  return rows;
}

export const markEntryKeys = {
  sessions: ['exam', 'mark-entry', 'sessions'] as const,
  exams: (q: { session_id: number; exam_name_id: number }) => ['exam', 'mark-entry', 'exams', q] as const,
};

export const markEntrySessionsQuery = () =>
  queryOptions({ queryKey: markEntryKeys.sessions, queryFn: fetchSessions, staleTime: 5 * 60_000 });

export const markableExamsQuery = (q: { session_id: number; exam_name_id: number }) =>
  queryOptions({ queryKey: markEntryKeys.exams(q), queryFn: () => fetchMarkableExams(q), staleTime: 60_000 });

export interface Choice {
  id: number;
  name: string;
}

/** The distinct classes, sections (of a class) and subjects (of a section) among the exams, in list order. */
export function examChoices(
  exams: readonly ExamInfoRow[],
  picked: { class_id: number; section_id: number },
): { classes: Choice[]; sections: Choice[]; subjects: Choice[] } {
  const distinct = (rows: readonly ExamInfoRow[], id: (r: ExamInfoRow) => number, name: (r: ExamInfoRow) => string) => {
    const seen = new Map<number, string>();
    for (const r of rows) if (!seen.has(id(r))) seen.set(id(r), name(r));
    return [...seen].map(([id, name]) => ({ id, name }));
  };
  const ofClass = exams.filter((e) => e.class_id === picked.class_id);
  const ofSection = ofClass.filter((e) => e.section_id === picked.section_id);
  return {
    classes: distinct(
      exams,
      (e) => e.class_id,
      (e) => e.class_name,
    ),
    sections: distinct(
      ofClass,
      (e) => e.section_id,
      (e) => e.section_default_name,
    ),
    subjects: distinct(
      ofSection,
      (e) => e.subject_id,
      (e) => e.subject_name,
    ),
  };
}
