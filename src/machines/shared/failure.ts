/**
 * How a flow keeps a failed call (docs/ARCHITECTURE.md, "The client": "failures keep what the user
 * typed and say why in their language"). The machines keep the error itself, or the `Failure`
 * read from it: its `code` is what the screen words in the user's language (src/i18n/errors), its
 * `fields` go next to the inputs they name, and `retryable` says whether sending the same request
 * again may help.
 *
 * Retrying helps only when the request may not have been answered: no answer (status 0) or a 5xx.
 * A 4xx means the request itself was refused and would be refused again. The same rule decides
 * whether a write keeps its Idempotency-Key (`keyAfter`): an unknown outcome is retried with the
 * same key, so the server applies it at most once; a refusal forgets it, as the form will change.
 */
import { errorMessage, errorStatus } from '@/api/client';

/** A failure worth retrying as it is: the network or the server failed (status 0 or 5xx). */
export function isRetryable(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 0 || status >= 500;
}

/** The server's complaints by field (`{ field: message }`), or none. */
export function fieldsOf(error: unknown): Record<string, string> {
  const fields = (error as { fields?: unknown } | null | undefined)?.fields;
  return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
}

/** The server's error code (the key of its sentence in both languages), when it sent one. */
export function errorCodeOf(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'code' in error && error.code !== undefined
    ? String(error.code)
    : undefined;
}

/** What a refusal names (the holiday already entered, say), for the sentence in the user's language. */
export function errorParamsOf(error: unknown): Record<string, string | number> | undefined {
  return error && typeof error === 'object' && 'params' in error && error.params && typeof error.params === 'object'
    ? (error.params as Record<string, string | number>)
    : undefined;
}

/** A failed call as a flow keeps it. */
export interface Failure {
  message: string;
  code?: string;
  status: number;
  fields: Record<string, string>;
  retryable: boolean;
}

export function failureOf(error: unknown): Failure {
  const status = errorStatus(error);
  return {
    message: errorMessage(error),
    code: errorCodeOf(error),
    status,
    fields: fieldsOf(error),
    retryable: status === 0 || status >= 500,
  };
}

/** The Idempotency-Key a write keeps after it failed: the same one when the outcome is unknown. */
export function keyAfter(key: string | null, error: unknown): string | null {
  return isRetryable(error) ? key : null;
}
