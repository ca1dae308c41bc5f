/**
 * The teacher's day, kept while online and read back when the network is gone: the
 * attendance machine's default loaders go through here. A read that reaches the server refreshes
 * the device's copy; a read the network fails (status 0) answers from the copy, when there is one.
 * Any other failure (403, 5xx) is the server's answer and is shown as such.
 */
import { errorStatus } from '@/api/client';
import { fetchRoutineStudents, fetchTeacherPeriods } from '@/api/attendance';
import type { AttendanceStudentRow } from '@/api/schemas/attendance';
import type { RoutineTodayRow } from '@/api/schemas/routines';
import { readSnapshot, saveSnapshot } from './store';

export async function throughCopy<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    const fresh = await load();
    await saveSnapshot(what, fresh).catch(() => undefined);
    return fresh;
  } catch (error) {
    if (errorStatus(error) !== 0) throw error;
    const copy = await readSnapshot<T>(what).catch(() => undefined);
    if (copy === undefined) throw error;
    return copy;
  }
}

export const periodsKey = (teacherId: number, date: string) => `periods|${teacherId}|${date}`;
export const rosterKey = (routineId: number, date: string) => `roster|${routineId}|${date}`;

export function loadPeriodsKept(input: { teacherId: number; date: string }): Promise<RoutineTodayRow[]> {
  return throughCopy(periodsKey(input.teacherId, input.date), () => fetchTeacherPeriods(input));
}

export function loadStudentsKept(input: { routineId: number; date: string }): Promise<AttendanceStudentRow[]> {
  return throughCopy(rosterKey(input.routineId, input.date), () => fetchRoutineStudents(input));
}

/** While online: today's periods and every roster, kept for the hours without a network. */
export async function keepTeachersDay(teacherId: number, date: string): Promise<void> {
  const periods = await loadPeriodsKept({ teacherId, date });
  for (const p of periods) await loadStudentsKept({ routineId: p.id, date });
}
