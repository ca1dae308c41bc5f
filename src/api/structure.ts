/**
 * A school's structure: the setup lists and writes for classes, sections, subjects and
 * periods, and opening a new session, typed with ./schemas/structure. Writes are the setup-crud
 * machine's actors; after one succeeds the screen invalidates `structureKeys.all` (and the lookups
 * other screens read, which the same rows feed).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiDelete, apiGet, apiPost, apiPut } from '@/api/client';
import { classRow, groupRow, shiftRow } from '@/api/schemas/lookups';
import {
  classPage,
  classWriteAnswer,
  deleteAnswer,
  periodPage,
  periodWriteAnswer,
  schoolTypeRow,
  sectionPage,
  sectionWriteAnswer,
  sessionOpenAnswer,
  subjectPage,
  subjectWriteAnswer,
  type ClassBody,
  type ClassListQuery,
  type DeleteAnswer,
  type PeriodBody,
  type PeriodListQuery,
  type SectionBody,
  type SectionListQuery,
  type SessionOpenAnswer,
  type SessionOpenBody,
  type StructureEntity,
  type SubjectBody,
  type SubjectListQuery,
} from '@/api/schemas/structure';

/** The spec's create path and the setup path (list, PUT and DELETE by id) of each entity. */
export const STRUCTURE_PATHS: Record<StructureEntity, { create: string; setup: string }> = {
  class: { create: '/api/create_class', setup: '/api/setup/classes' },
  section: { create: '/api/create_section', setup: '/api/setup/sections' },
  subject: { create: '/api/create_subject', setup: '/api/setup/subjects' },
  period: { create: '/api/create_period', setup: '/api/setup/periods' },
};

const WRITE_ANSWERS = {
  class: classWriteAnswer,
  section: sectionWriteAnswer,
  subject: subjectWriteAnswer,
  period: periodWriteAnswer,
};

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
  // Every entity's answer has the code and message the machine reads (and its row, which it does not).
  const schema = WRITE_ANSWERS[entity] as unknown as typeof deleteAnswer;
  return id === null
    ? apiPost(STRUCTURE_PATHS[entity].create, schema, { body, idempotencyKey: opts.idempotencyKey })
    : apiPut(`${STRUCTURE_PATHS[entity].setup}/${id}`, schema, { body, idempotencyKey: opts.idempotencyKey });
}

export function deleteStructure(entity: StructureEntity, id: number): Promise<DeleteAnswer> {
  return apiDelete(`${STRUCTURE_PATHS[entity].setup}/${id}`, deleteAnswer);
}

export function openSession(body: SessionOpenBody, opts: { idempotencyKey?: string } = {}): Promise<SessionOpenAnswer> {
  return apiPost('/api/setup/sessions', sessionOpenAnswer, { body, idempotencyKey: opts.idempotencyKey });
}

export const structureKeys = {
  all: ['structure'] as const,
  list: (entity: StructureEntity, q: object) => ['structure', entity, q] as const,
  schoolTypes: () => ['structure', 'school-types'] as const,
};

export const classListQuery = (q: ClassListQuery) =>
  queryOptions({
    queryKey: structureKeys.list('class', q),
    queryFn: () => apiGet(STRUCTURE_PATHS.class.setup, classPage, { query: q }),
    placeholderData: keepPreviousData,
  });
export const sectionListQuery = (q: SectionListQuery) =>
  queryOptions({
    queryKey: structureKeys.list('section', q),
    queryFn: () => apiGet(STRUCTURE_PATHS.section.setup, sectionPage, { query: q }),
    placeholderData: keepPreviousData,
  });
export const subjectListQuery = (q: SubjectListQuery) =>
  queryOptions({
    queryKey: structureKeys.list('subject', q),
    queryFn: () => apiGet(STRUCTURE_PATHS.subject.setup, subjectPage, { query: q }),
    placeholderData: keepPreviousData,
  });
export const periodListQuery = (q: PeriodListQuery) =>
  queryOptions({
    queryKey: structureKeys.list('period', q),
    queryFn: () => apiGet(STRUCTURE_PATHS.period.setup, periodPage, { query: q }),
    placeholderData: keepPreviousData,
  });

export const schoolTypesQuery = () =>
  queryOptions({
    queryKey: structureKeys.schoolTypes(),
    queryFn: () => apiGet('/api/setup/school_types', z.array(schoolTypeRow)),
    staleTime: 5 * 60_000,
  });

/** The choices the setup forms offer: shifts, classes (all types), groups, and the visible schools. */
export const setupChoicesQuery = () =>
  queryOptions({
    queryKey: ['structure', 'choices'] as const,
    queryFn: async () => {
      const [shifts, classes, groups] = await Promise.all([
        apiGet('/api/shift', z.array(shiftRow)),
        apiGet('/api/class', z.array(classRow)),
        apiGet('/api/groups/all', z.array(groupRow)),
      ]);
      return { shifts, classes, groups };
    },
  });
