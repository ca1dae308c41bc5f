/**
 * Guardian calls, typed with ./schemas/guardians: a guardian's children, a student's
 * guardians, and the admin's create, link and unlink (the guardian-link machine's actors).
 */
import { queryOptions } from '@tanstack/react-query';

import { request } from '@/api/client';
import type {
  GuardianChild,
  GuardianCreateBody,
  GuardianLinkBody,
  GuardianPreferences,
  GuardianPreferencesBody,
  GuardianUnlinkBody,
  StudentGuardianRow,
} from '@/api/schemas/guardians';
import { guardiansEndpoints } from '@/api/endpoints/guardians';

export const guardianKeys = {
  all: ['guardians'] as const,
  children: ['guardians', 'children'] as const,
  preferences: ['guardians', 'preferences'] as const,
  ofStudent: (studentId: number) => ['guardians', 'student', studentId] as const,
};

/** A guardian's linked children (also the palette's jumps to them, src/screens/guardians/child-jumps.ts). */
export const fetchChildren = (): Promise<GuardianChild[]> => request(guardiansEndpoints.children);

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
      request(guardiansEndpoints.student, { query: { student_id: studentId } }),
  });

export const createGuardian = (body: GuardianCreateBody) => request(guardiansEndpoints.create, { body });
export const linkGuardian = (body: GuardianLinkBody) => request(guardiansEndpoints.link, { body });
export const unlinkGuardian = (body: GuardianUnlinkBody) => request(guardiansEndpoints.unlink, { body });

export const preferencesQuery = () =>
  queryOptions({
    queryKey: guardianKeys.preferences,
    queryFn: (): Promise<GuardianPreferences> => request(guardiansEndpoints.preferences),
  });
export const savePreferences = (body: GuardianPreferencesBody) => request(guardiansEndpoints.putPreferences, { body });
