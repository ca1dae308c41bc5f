/**
 * Profile photos (docs/DOMAIN.md, "Profiles"): a JPEG or PNG of at most 2 MB, judged by its content
 * (file-type's magic bytes, never its name), decoded and re-encoded by sharp (libvips) as a JPEG
 * that fits PHOTO_BOX × PHOTO_BOX, turned upright by its EXIF orientation and with every piece of
 * metadata dropped (camera, place, time). Only the re-encoded file is kept, content-addressed in
 * server/storage like every upload, by `users.photo_sha256` (which the sweep knows); a replaced
 * photo is deleted once no row keeps it. Each change is audited (`profile.photo`).
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { PHOTO_BOX, PHOTO_MAX_BYTES, PROFILE_MESSAGES, PROFILE_SUCCESS_CODES } from '@/api/schemas/profiles';
import { photoUrl } from '@/api/endpoints/profile-photo';
import type { Db, DbOrTx } from '../db/client';
import { students, users } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { IncomingFile, keepFile, storedPath } from '../storage/files';
import { dropIfUnreferenced } from '../storage/sweep';
import { recordAudit } from './audit';
import { photoVersion } from './profiles';

/** A picture bigger than this many pixels is refused before it is decoded (a "decompression bomb"). */
const MAX_INPUT_PIXELS = 40_000_000;

const badType = () =>
  new ApiError(415, 'upload.bad_type', `file: ${PROFILE_MESSAGES.photoType}`, { file: PROFILE_MESSAGES.photoType });

/**
 * Check and re-encode an uploaded photo: 400 with none, 413 over 2 MB, 415 for anything but a
 * JPEG or PNG (or one that does not decode). Returns the new JPEG, in the upload folder's tmp/.
 */
export async function reencodePhoto(dir: string, file: IncomingFile | null): Promise<IncomingFile> {
  if (!file || file.size === 0) {
    throw new ApiError(400, 'invalid_input', 'file: Choose a picture to upload.', {
      file: 'Choose a picture to upload.',
    });
  }
  if (file.size > PHOTO_MAX_BYTES) {
    throw new ApiError(413, 'upload.too_large', `file: ${PROFILE_MESSAGES.photoSize}`, {
      file: PROFILE_MESSAGES.photoSize,
    });
  }
  const detected = await fileTypeFromFile(file.tmpPath);
  if (!detected || (detected.ext !== 'jpg' && detected.ext !== 'png')) throw badType();
  let bytes: Buffer;
  try {
    bytes = await sharp(file.tmpPath, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PHOTO_BOX, PHOTO_BOX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw badType();
  }
  const tmpPath = path.join(dir, 'tmp', `${Date.now()}-${randomBytes(8).toString('hex')}.jpg`);
  await fsp.mkdir(path.dirname(tmpPath), { recursive: true });
  await fsp.writeFile(tmpPath, bytes, { mode: 0o600 });
  return new IncomingFile('photo.jpg', tmpPath, createHash('sha256').update(bytes).digest('hex'), bytes.length);
}

const answer = (userId: number, sha256: string | null, removed = false) => {
  const v = photoVersion(sha256);
  return {
    ok: true as const,
    message: removed ? PROFILE_MESSAGES.photoRemoved : PROFILE_MESSAGES.photoSaved,
    code: removed ? PROFILE_SUCCESS_CODES.photoRemoved : PROFILE_SUCCESS_CODES.photoSaved,
    photo_url: v ? photoUrl(userId, v) : null,
  };
};

/** Replace (or, with `photo` null, remove) the caller's photo; the old file goes once no row keeps it. */
async function setPhoto(
  db: Db,
  dir: string,
  log: FastifyBaseLogger,
  userId: number,
  photo: IncomingFile | null,
): Promise<string | null> {
  const { before, after } = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sha: users.photoSha256, schoolId: users.schoolId })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!row) throw notFound('User');
    const kept = photo ? await keepFile(tx, dir, photo, { type: 'image/jpeg', name: 'photo.jpg' }) : null;
    const sha = kept?.sha256 ?? null;
    await tx.update(users).set({ photoSha256: sha }).where(eq(users.id, userId));
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'profile.photo',
      subjectUserId: userId,
      schoolId: row.schoolId,
      detail: { from: row.sha, to: sha },
    });
    return { before: row.sha, after: sha };
  });
  if (before && before !== after) {
    await dropIfUnreferenced(db, dir, before).catch((err: unknown) => log.warn({ err }, 'old photo not deleted'));
  }
  return after;
}

export async function saveOwnPhoto(
  db: Db,
  dir: string,
  log: FastifyBaseLogger,
  userId: number,
  file: IncomingFile | null,
) {
  const photo = await reencodePhoto(dir, file);
  try {
    return answer(userId, await setPhoto(db, dir, log, userId, photo));
  } finally {
    // Placed (renamed) by keepFile, or still in tmp/ after a failure: either way nothing is left.
    await fsp.rm(photo.tmpPath, { force: true });
  }
}

export async function removeOwnPhoto(db: Db, dir: string, log: FastifyBaseLogger, userId: number) {
  await setPhoto(db, dir, log, userId, null);
  return answer(userId, null, true);
}

/** Whose photo: the account, its school and (for a student) their record, for the scope check. */
export async function photoOwner(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ userId: users.id, schoolId: users.schoolId, sha: users.photoSha256, studentId: students.id })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound('Photo');
  return row;
}

/**
 * Send a photo the caller may see (server/auth/scope.ts, photoOwnerInScope): 404 when there is
 * none. The browser keeps it but asks again each time (ETag: the file's hash), so a changed or
 * removed photo never shows from its cache.
 */
export function sendPhoto(req: FastifyRequest, reply: FastifyReply, dir: string, sha: string | null) {
  if (!sha) throw notFound('Photo');
  const where = storedPath(dir, sha);
  if (!fs.existsSync(where)) throw notFound('Photo');
  const etag = `"${sha}"`;
  reply
    .header('etag', etag)
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline; filename="photo.jpg"');
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.header('content-type', 'image/jpeg').send(fs.createReadStream(where));
}
