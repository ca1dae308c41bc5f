/**
 * Guardian calls, typed with ./schemas/guardians: a guardian's children, a student's
 * guardians, and the admin's create, link and unlink (the guardian-link machine's actors).
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost, apiPut } from '@/api/client';
import {
  guardianChildren,
  guardianCreateResponse,
  guardianMessage,
  guardianPreferences,
  studentGuardianRow,
  type GuardianChild,
  type GuardianCreateBody,
  type GuardianLinkBody,
  type GuardianPreferences,
  type GuardianPreferencesBody,
  type GuardianUnlinkBody,
  type StudentGuardianRow,
} from '@/api/schemas/guardians';

export const guardianKeys = {
  all: ['guardians'] as const,
  children: ['guardians', 'children'] as const,
  preferences: ['guardians', 'preferences'] as const,
  ofStudent: (studentId: number) => ['guardians', 'student', studentId] as const,
};

/** A guardian's linked children (also the palette's jumps to them, src/screens/guardians/child-jumps.ts). */
export const fetchChildren = (): Promise<GuardianChild[]> => apiGet('/api/guardian/children', guardianChildren);

export const childrenQuery = () =>
  queryOptions({
    queryKey: guardianKeys.children,
    queryFn: fetchChildren,
    staleTime: 60_000,
  });

export const studentGuardiansQuery = (studentId: number) =>
  queryOptions({
    queryKey: guardianKeys.ofStudent(studentId),
    queryFn: (): Promise<StudentGuardianRow[]> =>
      apiGet('/api/guardian/student', z.array(studentGuardianRow), { query: { student_id: studentId } }),
  });

export const createGuardian = (body: GuardianCreateBody) => apiPost('/api/guardian', guardianCreateResponse, { body });
export const linkGuardian = (body: GuardianLinkBody) => apiPost('/api/guardian/link', guardianMessage, { body });
export const unlinkGuardian = (body: GuardianUnlinkBody) => apiPost('/api/guardian/unlink', guardianMessage, { body });

export const preferencesQuery = () =>
  queryOptions({
    queryKey: guardianKeys.preferences,
    queryFn: (): Promise<GuardianPreferences> => apiGet('/api/guardian/preferences', guardianPreferences),
  });
export const savePreferences = (body: GuardianPreferencesBody) =>
  apiPut('/api/guardian/preferences', guardianMessage, { body });
