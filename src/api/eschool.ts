/**
 * eSchool and activities calls, typed with ./schemas/eschool and ./schemas/activities,
 * and the query factories the screens read with. Writes are the machines' actors; a success
 * invalidates `eschoolKeys.all` or `activityKeys.all`.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from '@/api/client';
import {
  onlineClassOptions,
  onlineClassPage,
  onlineClassWriteResponse,
  type OnlineClassInput,
  type OnlineClassListQuery,
} from '@/api/schemas/eschool';
import {
  activityPage,
  activityWriteResponse,
  myActivities,
  participantPage,
  type ActivityInput,
  type ActivityListQuery,
  type ParticipantsInput,
} from '@/api/schemas/activities';

export const eschoolKeys = {
  all: ['eschool'] as const,
  list: (q: OnlineClassListQuery) => ['eschool', 'list', q] as const,
  options: (school?: number) => ['eschool', 'options', school ?? 0] as const,
};

export const onlineClassesQuery = (q: OnlineClassListQuery) =>
  queryOptions({
    queryKey: eschoolKeys.list(q),
    queryFn: () => apiGet('/api/eschool/classes', onlineClassPage, { query: { ...q } }),
    placeholderData: keepPreviousData,
  });

export const onlineClassOptionsQuery = (school?: number) =>
  queryOptions({
    queryKey: eschoolKeys.options(school),
    queryFn: () => apiGet('/api/eschool/options', onlineClassOptions, { query: { school_info_id: school } }),
  });

export function saveOnlineClass(input: { id: number | null; body: OnlineClassInput; idempotencyKey?: string }) {
  return input.id
    ? apiPut(`/api/eschool/classes/${input.id}`, onlineClassWriteResponse, {
        body: input.body,
        idempotencyKey: input.idempotencyKey,
      })
    : apiPost('/api/eschool/classes', onlineClassWriteResponse, {
        body: input.body,
        idempotencyKey: input.idempotencyKey,
      });
}

export function cancelOnlineClass(id: number) {
  return apiPost(`/api/eschool/classes/${id}/cancel`, onlineClassWriteResponse);
}

export const activityKeys = {
  all: ['activities'] as const,
  list: (q: ActivityListQuery) => ['activities', 'list', q] as const,
  participants: (id: number, p: { limit?: number; offset?: number; school?: number }) =>
    ['activities', 'participants', id, p] as const,
  mine: (session?: number, studentId?: number) => ['activities', 'mine', session ?? 0, studentId ?? 0] as const,
};

export const activitiesQuery = (q: ActivityListQuery) =>
  queryOptions({
    queryKey: activityKeys.list(q),
    queryFn: () => apiGet('/api/activities', activityPage, { query: { ...q } }),
    placeholderData: keepPreviousData,
  });

export const participantsQuery = (id: number, p: { limit?: number; offset?: number; school?: number }) =>
  queryOptions({
    queryKey: activityKeys.participants(id, p),
    queryFn: () =>
      apiGet(`/api/activities/${id}/participants`, participantPage, {
        query: { limit: p.limit, offset: p.offset, school_info_id: p.school },
      }),
    placeholderData: keepPreviousData,
  });

/** `studentId`: a guardian's child; a student sends none and gets their own. */
export const myActivitiesQuery = (session?: number, studentId?: number) =>
  queryOptions({
    queryKey: activityKeys.mine(session, studentId),
    queryFn: () =>
      apiGet('/api/activities/mine', myActivities, { query: { session_id: session, student_id: studentId } }),
  });

export function saveActivity(input: { id: number | null; body: ActivityInput }) {
  return input.id
    ? apiPut(`/api/activities/${input.id}`, activityWriteResponse, { body: input.body })
    : apiPost('/api/activities', activityWriteResponse, { body: input.body });
}

export function deleteActivity(id: number) {
  return apiPost(`/api/activities/${id}/delete`, activityWriteResponse);
}

export function saveParticipants(input: { id: number; body: ParticipantsInput; idempotencyKey?: string }) {
  return apiPost(`/api/activities/${input.id}/participants`, activityWriteResponse, {
    body: input.body,
    idempotencyKey: input.idempotencyKey,
  });
}
