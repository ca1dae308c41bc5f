/**
 * Uploaded files, content-addressed: a file is kept once under its sha256
 * (<dir>/ab/cd/<sha256>), outside the web root, and served only by routes that check who asks.
 * The directory is UPLOAD_DIR, else DATA_DIR/uploads.
 *
 * An upload is streamed to <dir>/tmp while it is hashed and counted (never held in memory), its
 * type is judged from its content with file-type (the name alone proves nothing), and only then
 * renamed into place; the same content uploaded twice is stored once, so rows share files.
 *
 * A file goes when no row keeps it (server/storage/sweep.ts): at once when a row replaces or drops
 * it, and by the housekeeping sweep for anything else left (a failed transaction's file, a deleted
 * e-book's). Deleting and keeping meet on a per-file advisory lock: `keepFile` places a file under
 * the lock (shared) in the transaction that writes its row, and a deletion (exclusive) checks the
 * rows under it, so a file is never deleted between being placed and its row being committed.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { ApiError, notFound } from '../errors';

export const MB = 1024 * 1024;

export function uploadDirOf(config: Pick<Config, 'UPLOAD_DIR' | 'DATA_DIR'>): string {
  return path.resolve(config.UPLOAD_DIR || path.join(config.DATA_DIR, 'uploads'));
}

/** What is allowed, by detected type: the stored Content-Type and the extension it should carry. */
const ALLOWED: Record<string, { mime: string; ext: string }> = {
  pdf: { mime: 'application/pdf', ext: 'pdf' },
  png: { mime: 'image/png', ext: 'png' },
  jpg: { mime: 'image/jpeg', ext: 'jpg' },
  webp: { mime: 'image/webp', ext: 'webp' },
  gif: { mime: 'image/gif', ext: 'gif' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', ext: 'pptx' },
};
/** Old Office files are all "cfb" containers to file-type: the name tells which one. */
const OLD_OFFICE: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

export const FILE_MESSAGES = {
  tooLarge: (mb: number) => `must be at most ${mb} MB.`,
  badType: 'must be a PDF, an image (PNG, JPEG, WebP, GIF), an Office document or a .txt text file.',
  required: 'Choose a file to upload.',
  empty: 'is empty.',
  notAllowedHere: 'This call takes no files.',
} as const;

/**
 * A file received in a multipart body, waiting in the temporary folder. `toJSON` is what the
 * idempotency key's request hash sees: the content hash, not the temporary path.
 */
export class IncomingFile {
  constructor(
    readonly filename: string,
    readonly tmpPath: string,
    readonly sha256: string,
    readonly size: number,
  ) {}
  toJSON() {
    return { filename: this.filename, sha256: this.sha256, size: this.size };
  }
}

/** A checked file: what a row keeps. */
export interface StoredFile {
  sha256: string;
  name: string;
  type: string;
  size: number;
}

/** Stream a multipart file into the temporary folder, hashing and counting it. */
export async function receiveFile(dir: string, filename: string, stream: NodeJS.ReadableStream): Promise<IncomingFile> {
  const tmpDir = path.join(dir, 'tmp');
  await fsp.mkdir(tmpDir, { recursive: true });
  const tmpPath = path.join(tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, counter, fs.createWriteStream(tmpPath, { mode: 0o600 }));
  } catch (err) {
    await fsp.rm(tmpPath, { force: true });
    throw err;
  }
  return new IncomingFile(filename, tmpPath, hash.digest('hex'), size);
}

/** A name safe to keep and to send back: no folders, no control characters, at most 200 characters. */
export function cleanName(name: string): string {
  const base = [...path.basename(name.replace(/\\/g, '/'))]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join('');
  return (base || 'file').slice(-200);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Judge the file's type by its content; 415 naming `file` when it is not one we accept. */
export async function checkFile(file: IncomingFile): Promise<{ type: string; name: string }> {
  if (file.size === 0)
    throw new ApiError(400, 'invalid_input', `file: ${FILE_MESSAGES.empty}`, { file: FILE_MESSAGES.empty });
  const name = cleanName(file.filename);
  const ext = path.extname(name).slice(1).toLowerCase();
  const detected = await fileTypeFromFile(file.tmpPath);
  const refuse = () =>
    new ApiError(415, 'upload.bad_type', `file: ${FILE_MESSAGES.badType}`, { file: FILE_MESSAGES.badType });
  if (detected) {
    if (detected.ext === 'cfb') {
      const mime = OLD_OFFICE[ext];
      if (!mime) throw refuse();
      return { type: mime, name };
    }
    const allowed = ALLOWED[detected.ext];
    if (!allowed) throw refuse();
    const sameExt = ext === allowed.ext || (allowed.ext === 'jpg' && ext === 'jpeg');
    return { type: allowed.mime, name: sameExt ? name : `${name}.${allowed.ext}`.slice(-200) };
  }
  // Text has no magic number: only a .txt name with valid UTF-8 and no NUL byte.
  if (ext !== 'txt') throw refuse();
  const bytes = await fsp.readFile(file.tmpPath);
  if (bytes.includes(0)) throw refuse();
  try {
    utf8.decode(bytes);
  } catch {
    throw refuse();
  }
  return { type: 'text/plain; charset=utf-8', name };
}

export function storedPath(dir: string, sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('not a sha256');
  return path.join(dir, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
}

/** Any number that is the same in every process: the first key of the per-file lock. */
const FILE_LOCK = 7303;

/** The per-file advisory lock, held to the end of `tx`: shared to keep a file, exclusive to delete it. */
export async function lockFile(tx: DbOrTx, sha256: string, mode: 'keep' | 'delete'): Promise<void> {
  // Two files sharing the first 32 bits of their hash only wait for each other: harmless.
  const key = Number.parseInt(sha256.slice(0, 8), 16) | 0;
  await tx.execute(
    mode === 'keep'
      ? sql`select pg_advisory_xact_lock_shared(${FILE_LOCK}, ${key})`
      : sql`select pg_advisory_xact_lock(${FILE_LOCK}, ${key})`,
  );
}

/**
 * Move an incoming file into place, or, when the same content is already stored, mark it as just
 * used (its time is what the sweep's grace period looks at) and drop the copy.
 */
async function placeFile(dir: string, file: IncomingFile): Promise<void> {
  const target = storedPath(dir, file.sha256);
  await fsp.mkdir(path.dirname(target), { recursive: true });
  try {
    const now = new Date();
    await fsp.utimes(target, now, now);
    await fsp.rm(file.tmpPath, { force: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await fsp.rename(file.tmpPath, target);
  }
}

/**
 * Keep a checked file for the row that the transaction `tx` writes: placed under the file's lock,
 * which is held until `tx` ends, so no deletion can find the file without its row.
 */
export async function keepFile(
  tx: DbOrTx,
  dir: string,
  file: IncomingFile,
  checked: { type: string; name: string },
): Promise<StoredFile> {
  await lockFile(tx, file.sha256, 'keep');
  await placeFile(dir, file);
  return { sha256: file.sha256, name: checked.name, type: checked.type, size: file.size };
}

/**
 * Check an incoming file and move it into place (once per content), for a row written after it
 * outside any lock: only the sweep's grace period protects it until that row is committed, so
 * prefer `keepFile` inside the row's transaction.
 */
export async function commitFile(dir: string, file: IncomingFile): Promise<StoredFile> {
  const { type, name } = await checkFile(file);
  await placeFile(dir, file);
  return { sha256: file.sha256, name, type, size: file.size };
}

/** Store bytes made by the server itself (the demo seed), with the same layout. */
export async function storeBytes(dir: string, bytes: Uint8Array, name: string, type: string): Promise<StoredFile> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const target = storedPath(dir, sha256);
  if (!fs.existsSync(target)) {
    await fsp.mkdir(path.join(dir, 'tmp'), { recursive: true });
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const tmp = path.join(dir, 'tmp', `${Date.now()}-${randomBytes(8).toString('hex')}`);
    await fsp.writeFile(tmp, bytes, { mode: 0o600 });
    await fsp.rename(tmp, target);
  }
  return { sha256, name, type, size: bytes.length };
}

/** Remove a temporary file left by a request that did not keep it (refused, replayed, failed). */
export async function discard(file: IncomingFile | undefined): Promise<void> {
  if (file) await fsp.rm(file.tmpPath, { force: true });
}

/** `attachment; filename="..."; filename*=UTF-8''...` for a stored name. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Answer a document made for this request (a grade sheet, a receipt, a register) as a PDF download. */
export function sendPdf(reply: FastifyReply, file: { pdf: Buffer; fileName: string }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachmentHeader(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.pdf);
}

/**
 * Answer a stored file as a download: its type, its name, never sniffed or kept by a cache. The
 * caller has checked who may read it; a file gone from the disk is 404 'File'.
 */
export function sendStoredFile(
  reply: FastifyReply,
  dir: string,
  file: { sha256: string; name: string; type: string },
): FastifyReply {
  const where = storedPath(dir, file.sha256);
  if (!fs.existsSync(where)) throw notFound('File');
  return reply
    .header('content-type', file.type)
    .header('content-disposition', attachmentHeader(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(fs.createReadStream(where));
}

/** Answer a made document (an XLSX, a CSV) as a download, as sendPdf does a PDF. */
export function sendDownload(reply: FastifyReply, file: { body: Buffer; fileName: string; type: string }) {
  return reply
    .header('content-type', file.type)
    .header('content-disposition', attachmentHeader(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
