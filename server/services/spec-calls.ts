/**
 * The spec's own calls as written (spec part 2, section 7), where the call names less than the
 * screens built on it: GET /api/student_mark with only session_id, class_id, section_id and
 * school_info_id answers the section's list ("Search Student" before an exam is chosen).
 */
import type { SectionMarkList } from '@/api/schemas/exams';
import type { DbOrTx } from '../db/client';
import { examListPage, markSheet, publicationOf } from './exams';

/** The most exams one section has in a session (subjects × exam types), for the list's one page. */
const SECTION_EXAMS_MAX = 200;

/**
 * The section's students that session (without marks: no exam is chosen), the section's exams
 * that session (a teacher's: those they may enter marks for) and whether the session is locked.
 * The section was found and checked by the scope module (server/auth/scope.ts, `sectionInScope`).
 */
export async function sectionMarkList(
  db: DbOrTx,
  section: { id: number; schoolId: number; classId: number },
  sessionId: number,
  teacherId: number | null,
): Promise<SectionMarkList> {
  const [{ rows: exams }, { locked }, rows] = await Promise.all([
    examListPage(
      db,
      section.schoolId,
      { session_id: sessionId, section_id: section.id, limit: SECTION_EXAMS_MAX, offset: 0 },
      teacherId,
    ),
    publicationOf(db, section.schoolId, sessionId),
    // Exam id 0 names no exam: every student of the section, no mark.
    markSheet(db, { id: 0, section_id: section.id, session_id: sessionId }),
  ]);
  return { session_id: sessionId, class_id: section.classId, section_id: section.id, locked, exams, rows };
}
