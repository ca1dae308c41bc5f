/**
 * eSchool and activities calls, typed with ./schemas/eschool and ./schemas/activities,
 * and the query factories the screens read with. Writes are the machines' actors; a success
 * invalidates `eschoolKeys.all` or `activityKeys.all`.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/api/client';
import type { OnlineClassInput, OnlineClassListQuery } from '@/api/schemas/eschool';
import type { ActivityInput, ActivityListQuery, ParticipantsInput } from '@/api/schemas/activities';
import { eschoolEndpoints } from '@/api/endpoints/eschool';
import { activitiesEndpoints } from '@/api/endpoints/activities';

export const eschoolKeys = {
  all: ['eschool'] as const,
  list: (q: OnlineClassListQuery) => ['eschool', 'list', q] as const,
  options: (school?: number) => ['eschool', 'options', school ?? 0] as const,
};

export const onlineClassesQuery = (q: OnlineClassListQuery) =>
  queryOptions({
    queryKey: eschoolKeys.list(q),
    queryFn: () => request(eschoolEndpoints.classes, { query: { ...q } }),
    placeholderData: keepPreviousData,
  });

export const onlineClassOptionsQuery = (school?: number) =>
  queryOptions({
    queryKey: eschoolKeys.options(school),
    queryFn: () => request(eschoolEndpoints.options, { query: { school_info_id: school } }),
  });

export function saveOnlineClass(input: { id: number | null; body: OnlineClassInput; idempotencyKey?: string }) {
  return input.id
    ? request(eschoolEndpoints.putClasses, {
        params: { id: input.id },
        body: input.body,
        idempotencyKey: input.idempotencyKey,
      })
    : request(eschoolEndpoints.postClasses, { body: input.body, idempotencyKey: input.idempotencyKey });
}

export function cancelOnlineClass(id: number) {
  return request(eschoolEndpoints.classesCancel, { params: { id } });
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
    queryFn: () => request(activitiesEndpoints.list, { query: { ...q } }),
    placeholderData: keepPreviousData,
  });

export const participantsQuery = (id: number, p: { limit?: number; offset?: number; school?: number }) =>
  queryOptions({
    queryKey: activityKeys.participants(id, p),
    queryFn: () =>
      request(activitiesEndpoints.participants, {
        params: { id },
        query: { limit: p.limit, offset: p.offset, school_info_id: p.school },
      }),
    placeholderData: keepPreviousData,
  });

/** `studentId`: a guardian's child; a student sends none and gets their own. */
export const myActivitiesQuery = (session?: number, studentId?: number) =>
  queryOptions({
    queryKey: activityKeys.mine(session, studentId),
    queryFn: () => request(activitiesEndpoints.mine, { query: { session_id: session, student_id: studentId } }),
  });

export function saveActivity(input: { id: number | null; body: ActivityInput }) {
  return input.id
    ? request(activitiesEndpoints.update, { params: { id: input.id }, body: input.body })
    : request(activitiesEndpoints.create, { body: input.body });
}

export function deleteActivity(id: number) {
  return request(activitiesEndpoints.delete, { params: { id } });
}

export function saveParticipants(input: { id: number; body: ParticipantsInput; idempotencyKey?: string }) {
  return request(activitiesEndpoints.postParticipants, {
    params: { id: input.id },
    body: input.body,
    idempotencyKey: input.idempotencyKey,
  });
}
