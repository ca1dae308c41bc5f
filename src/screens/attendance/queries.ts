/**
 * Read hooks of the attendance screens: useApi over the calls in @/api/attendance. They sit beside
 * the screens rather than in src/api/ so that @/api/attendance stays free of React (the attendance
 * machine imports it and must stay pure).
 */
import {
  fetchClassSubjects,
  fetchOutbox,
  fetchPeriods,
  fetchSchoolSections,
  fetchSchoolSummary,
  fetchSectionAbsentees,
  fetchSectionPeriods,
  fetchSectionSummaries,
  fetchStudentHistory,
  fetchStudentHistorySummary,
  type HistoryFilter,
  type SchoolDay,
} from '@/api/attendance';
import type { OutboxStatus } from '@/api/schemas/attendance';
import { useApi } from '@/api/use-query';

const key = (name: string, params: object) => `${name}:${JSON.stringify(params)}`;

export function useSchoolSummary(day: SchoolDay) {
  return useApi(key('attendance.school', day), () => fetchSchoolSummary(day));
}

export function useSectionSummaries(day: SchoolDay) {
  return useApi(key('attendance.sections', day), () => fetchSectionSummaries(day));
}

export function useSectionPeriods(q: { sectionId: number; classId?: number; date: string } | null) {
  return useApi(q ? key('attendance.section-periods', q) : null, () => fetchSectionPeriods(q!));
}

export function useSectionAbsentees(q: { sectionId: number; routineId?: number; date?: string } | null) {
  return useApi(q ? key('attendance.absent', q) : null, () => fetchSectionAbsentees(q!));
}

export function useOutbox(q: { status?: OutboxStatus; limit: number; offset: number }) {
  return useApi(key('attendance.outbox', q), () => fetchOutbox(q));
}

export function useStudentHistory(filter: HistoryFilter | null) {
  return useApi(filter ? key('attendance.history', filter) : null, () => fetchStudentHistory(filter!));
}

export function useStudentHistorySummary(filter: HistoryFilter | null) {
  return useApi(filter ? key('attendance.history-summary', filter) : null, () => fetchStudentHistorySummary(filter!));
}

export function useSchoolSections(schoolInfoId: number | undefined) {
  return useApi(key('lookup.sections', { schoolInfoId }), () => fetchSchoolSections(schoolInfoId));
}

export function usePeriods() {
  return useApi('lookup.periods', () => fetchPeriods());
}

export function useClassSubjects(classId: number | null) {
  return useApi(classId ? `lookup.subjects:${classId}` : null, () => fetchClassSubjects(classId!));
}
