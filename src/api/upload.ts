/**
 * multipart/form-data writes with upload progress. ofetch (src/api/client.ts) has no progress
 * events, so these go through XMLHttpRequest, keeping what every write carries: the session (its
 * cookie, and the header that makes it the app's own request), an Idempotency-Key (the flow's own, the same on a retry), the same ApiError for a
 * failure (the server's message, a 401 ending the session) and the answer parsed with its schema.
 */
import type { z } from 'zod';
import {
  ApiError,
  appRequestHeaders,
  failedAnswer,
  NETWORK_ERROR_MESSAGE,
  newIdempotencyKey,
  sessionKey,
} from '@/api/client';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  idempotencyKey?: string;
  onProgress?: (p: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Uploads may take long on a slow line: a generous limit, not the reads' 20 s. */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export function postForm<S extends z.ZodType>(
  path: string,
  schema: S,
  fields: Record<string, string | number | null | undefined>,
  file: File | Blob | null,
  { idempotencyKey, onProgress, signal }: UploadOptions = {},
): Promise<z.infer<S>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) form.append(k, String(v));
  if (file) form.append('file', file, file instanceof File ? file.name : 'file');
  const key = sessionKey();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('accept', 'application/json');
    // The session cookie goes with it (same origin); the header makes it the app's own request.
    for (const [name, value] of Object.entries(appRequestHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('idempotency-key', idempotencyKey ?? newIdempotencyKey());
    if (onProgress) {
      xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
    }
    const network = () => reject(new ApiError(0, 'network', NETWORK_ERROR_MESSAGE));
    xhr.onerror = network;
    xhr.ontimeout = network;
    xhr.onabort = () => reject(new ApiError(0, 'aborted', 'The upload was cancelled.'));
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status < 200 || xhr.status >= 300) return reject(failedAnswer(xhr.status, data, key));
      const parsed = schema.safeParse(data);
      if (!parsed.success) {
        return reject(
          new ApiError(xhr.status, 'bad_response', 'The server sent an answer this page does not understand.'),
        );
      }
      resolve(parsed.data);
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * Download a file the API serves only to those allowed: fetched with the session (its cookie),
 * then handed to the browser as a download under its own name, so that a failure is shown in the
 * page instead of as a browser error page.
 */
export async function downloadFile(path: string, fallbackName = 'file'): Promise<void> {
  const key = sessionKey();
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'same-origin', headers: appRequestHeaders() });
  } catch {
    throw new ApiError(0, 'network', NETWORK_ERROR_MESSAGE);
  }
  if (!res.ok) {
    const data: unknown = await res.json().catch(() => null);
    throw failedAnswer(res.status, data, key);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const plain = /filename="([^"]+)"/i.exec(disposition);
  const name = star ? decodeURIComponent(star[1]) : plain ? plain[1] : fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
