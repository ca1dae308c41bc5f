/**
 * A school's structure: the setup lists and writes for classes, sections, subjects and
 * periods, and opening a new session, typed with ./schemas/structure. Writes are the setup-crud
 * machine's actors; after one succeeds the screen invalidates `structureKeys.all` (and the lookups
 * other screens read, which the same rows feed).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import { request } from '@/api/client';
import type { Endpoint } from '@/api/endpoints/define';

import type {
  deleteAnswer,
  ClassBody,
  ClassListQuery,
  DeleteAnswer,
  PeriodBody,
  PeriodListQuery,
  SectionBody,
  SectionListQuery,
  SessionOpenAnswer,
  SessionOpenBody,
  StructureEntity,
  SubjectBody,
  SubjectListQuery,
} from '@/api/schemas/structure';
import { setupStructureEndpoints } from '@/api/endpoints/setup-structure';
import { lookupsEndpoints } from '@/api/endpoints/lookups';

const e = setupStructureEndpoints;

/** Each entity's endpoints: the spec's create, and the setup list, PUT and DELETE by id. */
export const STRUCTURE_ENDPOINTS = {
  class: { create: e.createClass, list: e.setupClasses, update: e.putSetupClasses, remove: e.deleteSetupClasses },
  section: {
    create: e.createSection,
    list: e.setupSections,
    update: e.putSetupSections,
    remove: e.deleteSetupSections,
  },
  subject: {
    create: e.createSubject,
    list: e.setupSubjects,
    update: e.putSetupSubjects,
    remove: e.deleteSetupSubjects,
  },
  period: { create: e.createPeriod, list: e.setupPeriods, update: e.putSetupPeriods, remove: e.deleteSetupPeriods },
} satisfies Record<StructureEntity, Record<string, Endpoint>>;

/** What the machine reads of every entity's write: its code and message (the row too, unread). */
type WriteEndpoint = Endpoint<{ response: typeof deleteAnswer }>;

export interface BodyOf {
  class: ClassBody;
  section: SectionBody;
  subject: SubjectBody;
  period: PeriodBody;
}

/** Creates (id null, the spec's POST) or edits (PUT by id) a row. */
export function saveStructure<E extends StructureEntity>(
  entity: E,
  id: number | null,
  body: BodyOf[E],
  opts: { idempotencyKey?: string } = {},
): Promise<{ code: string; message: string }> {
  const { create, update } = STRUCTURE_ENDPOINTS[entity] as { create: WriteEndpoint; update: WriteEndpoint };
  return id === null
    ? request(create, { body, idempotencyKey: opts.idempotencyKey })
    : request(update, { params: { id }, body, idempotencyKey: opts.idempotencyKey });
}

export function deleteStructure(entity: StructureEntity, id: number): Promise<DeleteAnswer> {
  return request(STRUCTURE_ENDPOINTS[entity].remove as WriteEndpoint, { params: { id } });
}

export function openSession(body: SessionOpenBody, opts: { idempotencyKey?: string } = {}): Promise<SessionOpenAnswer> {
  return request(setupStructureEndpoints.setupSessions, { body, idempotencyKey: opts.idempotencyKey });
}

export const structureKeys = {
  all: ['structure'] as const,
  list: (entity: StructureEntity, q: object) => ['structure', entity, q] as const,
  schoolTypes: () => ['structure', 'school-types'] as const,
};

export const classListQuery = (q: ClassListQuery) =>
  queryOptions({
    queryKey: structureKeys.list('class', q),
    queryFn: () => request(e.setupClasses, { query: q }),
    placeholderData: keepPreviousData,
  });
export const sectionListQuery = (q: SectionListQuery) =>
  queryOptions({
    queryKey: structureKeys.list('section', q),
    queryFn: () => request(e.setupSections, { query: q }),
    placeholderData: keepPreviousData,
  });
export const subjectListQuery = (q: SubjectListQuery) =>
  queryOptions({
    queryKey: structureKeys.list('subject', q),
    queryFn: () => request(e.setupSubjects, { query: q }),
    placeholderData: keepPreviousData,
  });
export const periodListQuery = (q: PeriodListQuery) =>
  queryOptions({
    queryKey: structureKeys.list('period', q),
    queryFn: () => request(e.setupPeriods, { query: q }),
    placeholderData: keepPreviousData,
  });

export const schoolTypesQuery = () =>
  queryOptions({
    queryKey: structureKeys.schoolTypes(),
    queryFn: () => request(setupStructureEndpoints.setupSchoolTypes),
    staleTime: 5 * 60_000,
  });

/** The choices the setup forms offer: shifts, classes (all types), groups, and the visible schools. */
export const setupChoicesQuery = () =>
  queryOptions({
    queryKey: ['structure', 'choices'] as const,
    queryFn: async () => {
      const [shifts, classes, groups] = await Promise.all([
        request(lookupsEndpoints.shift),
        request(lookupsEndpoints.class),
        request(lookupsEndpoints.groupsAll),
      ]);
      return { shifts, classes, groups };
    },
  });
