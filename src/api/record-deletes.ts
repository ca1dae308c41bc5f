/**
 * Deleting records made by mistake (docs/DOMAIN.md, "Deleting"): the calls, and the refusal's
 * report read from a 409 (`deletes.has_dependents`: what depends on the record, with counts, and
 * what to do instead).
 */
import { request } from '@/api/client';
import { recordDeletesEndpoints as E } from '@/api/endpoints/record-deletes';
import type { DeletableKind, DeletedResponse, Instead, RoutinesDeletedResponse } from '@/api/schemas/record-deletes';

const BY_ID = {
  student: E.studentDelete,
  teacher: E.teacherDelete,
  exam: E.examDelete,
  exam_type: E.examTypeDelete,
  fee_head: E.feeHeadDelete,
  school: E.schoolDelete,
} as const;

/**
 * Deletes the records (several only for routine entries, all or none); an invoice is cancelled
 * with the reason. Answers the server's confirmation.
 */
export function deleteRecords(
  kind: DeletableKind,
  ids: readonly number[],
  reason = '',
): Promise<DeletedResponse | RoutinesDeletedResponse> {
  if (kind === 'routine') return request(E.routineDeleteAll, { body: { ids: [...ids] } });
  if (kind === 'invoice') return request(E.invoiceDelete, { query: { id: ids[0], reason } });
  return request(BY_ID[kind], { query: { id: ids[0] } });
}

/** What the 409 of a delete says depends on the record, or null for any other failure. */
export interface Refusal {
  dependents: Record<string, number>;
  instead: Instead | null;
}

export function refusalOf(error: unknown): Refusal | null {
  const body = (error as { body?: unknown } | null | undefined)?.body as
    { error?: { code?: unknown; dependents?: unknown; instead?: unknown } } | undefined;
  const err = body?.error;
  if (!err || err.code !== 'deletes.has_dependents' || !err.dependents || typeof err.dependents !== 'object')
    return null;
  const dependents: Record<string, number> = {};
  for (const [k, v] of Object.entries(err.dependents)) if (typeof v === 'number') dependents[k] = v;
  const instead = err.instead === 'deactivate' || err.instead === 'refund' ? err.instead : null;
  return { dependents, instead };
}
