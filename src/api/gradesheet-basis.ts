/**
 * What a grade sheet's grades were computed on, in words: the note under the subject table, the
 * same on screen (screens/exams/gradesheet-sheet.tsx) and in the PDF (server/services/
 * gradesheet-pdf.ts). A subject is graded on its percentage of what it could earn (its `maximum`:
 * the exams held, attendance if any was taken, extra curriculum if marked; server/services/
 * grades.ts), so a total below the spec's "Total Marks (100%)" can carry a better grade than the
 * same total out of 100: the note says why whenever a maximum is below 100.
 */
import type { Gradesheet } from './schemas/exams';

/** The spec's full marks of a subject: "Total Marks (100%)" (part 2 §Exams, marks, grade sheet). */
export const FULL_MARKS = 100;
/** The spec's "Attendance (5%)": what a session without attendance taken leaves out. */
export const ATTENDANCE_MARKS = 5;

export type BasisNote =
  | { key: 'basisNoAttendance' }
  | { key: 'basisAllOn'; maximum: number }
  | { key: 'basisSomeBelow' }
  | { key: 'basisNotHeld' }
  | {
      key: 'basisExample';
      subject: string;
      total: number;
      maximum: number;
      percentage: number;
      grade: string;
    };

/** The notes, in order; none when every subject is graded on the full 100. */
export function basisNotes(sheet: Pick<Gradesheet, 'attendance_rate' | 'subjects'>): BasisNote[] {
  const below = sheet.subjects.filter((s) => s.maximum < FULL_MARKS);
  if (!below.length) return [];
  const notes: BasisNote[] = [];
  const noAttendance = sheet.attendance_rate === null;
  if (noAttendance) notes.push({ key: 'basisNoAttendance' });
  const maxima = new Set(sheet.subjects.map((s) => s.maximum));
  if (maxima.size === 1) notes.push({ key: 'basisAllOn', maximum: below[0].maximum });
  else notes.push({ key: 'basisSomeBelow' });
  // Below what attendance alone explains: an exam or the extra curriculum is missing too.
  const explained = FULL_MARKS - (noAttendance ? ATTENDANCE_MARKS : 0);
  if (below.some((s) => s.maximum < explained)) notes.push({ key: 'basisNotHeld' });
  const example = below[0];
  notes.push({
    key: 'basisExample',
    subject: example.subject_name,
    total: example.total,
    maximum: example.maximum,
    percentage: example.percentage,
    grade: example.grade,
  });
  return notes;
}
