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
import { smsEndpoints } from '@/api/endpoints/sms';
import type { SmsPurpose } from '@/api/schemas/sms';

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

/** The guardian's choice with the purposes of SMS they want none of (docs/DOMAIN.md, "SMS centre"). */
export type GuardianSmsChoice = GuardianPreferences & { opted_out?: SmsPurpose[] };

export const smsChoiceQuery = () =>
  queryOptions({
    queryKey: guardianKeys.preferences,
    queryFn: async (): Promise<GuardianSmsChoice> => {
      const [prefs, opt] = await Promise.all([request(guardiansEndpoints.preferences), request(smsEndpoints.optOuts)]);
      return { ...prefs, opted_out: opt.opted_out };
    },
  });

/** Saves the channel and language, then the opt-outs when the choice carries them. */
export const saveSmsChoice = async ({ opted_out, ...prefs }: GuardianSmsChoice) => {
  const saved = await savePreferences(prefs);
  if (opted_out) await request(smsEndpoints.putOptOuts, { body: { opted_out } });
  return saved;
};
