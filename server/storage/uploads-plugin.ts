/**
 * multipart/form-data bodies, for the routes that take a file (`config.upload`): the text fields
 * become the body (numbers as plain decimal text, read the way query strings are), the one file,
 * in a field named `file`, is streamed to the upload folder's tmp/ and handed to the route as
 * `req.incomingFile`. Every other route refuses multipart with 415 before reading it. Temporary
 * files a request did not keep are removed when its answer has gone.
 *
 * Every file counts against its user's UPLOAD_RATE_PER_HOUR (storage/quota.ts): a user with none
 * left is refused with 429 and Retry-After before their file is written, and a file received past
 * the limit (parallel uploads) is refused and removed. A form without a file counts nothing.
 *
 * Registered before the idempotency plugin, whose request hash then covers the fields and the
 * file's content hash (IncomingFile.toJSON), so a retried upload replays and a different file
 * under the same key is refused.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyMultipart from '@fastify/multipart';
import { ApiError, badRequest } from '../errors';
import { numberFields, numbersFromText, bodyFault } from '../plugins/strict-input';
import { discard, FILE_MESSAGES, type IncomingFile, MB, receiveFile, uploadDirOf } from './files';
import { admitUpload, checkUploadRate, UploadRateLimited } from './quota';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes multipart/form-data with one file in the field `file`. */
    upload?: boolean;
  }
  interface FastifyRequest {
    /** The file of a multipart body, in the temporary folder until the route commits it. */
    incomingFile: IncomingFile | null;
  }
}

const MAX_FIELDS = 30;

export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  const dir = uploadDirOf(app.config);
  const maxMb = app.config.UPLOAD_MAX_MB;
  const tooLarge = () =>
    new ApiError(413, 'upload.too_large', `file: ${FILE_MESSAGES.tooLarge(maxMb)}`, {
      file: FILE_MESSAGES.tooLarge(maxMb),
    });
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: Math.floor(maxMb * MB),
      files: 1,
      fields: MAX_FIELDS,
      parts: MAX_FIELDS + 1,
      fieldSize: 64 * 1024,
    },
  });
  app.decorateRequest('incomingFile', null);

  const perHour = app.config.UPLOAD_RATE_PER_HOUR;
  app.addHook('preValidation', async (req, reply) => {
    if (!req.isMultipart()) return;
    if (!req.routeOptions.config.upload) {
      throw new ApiError(415, 'unsupported_media_type', FILE_MESSAGES.notAllowedHere);
    }
    const userId = req.auth?.userId;
    const body: Record<string, unknown> = Object.create(null);
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || req.incomingFile) {
            part.file.resume();
            throw badRequest(part.fieldname, 'only one file, in the field "file", is taken');
          }
          // A user with no upload left this hour is refused before the file is written anywhere.
          if (userId) {
            await checkUploadRate(app.db, userId, perHour).catch((err: unknown) => {
              part.file.resume();
              throw err;
            });
          }
          const file = await receiveFile(dir, part.filename, part.file);
          req.incomingFile = file;
          if (part.file.truncated) throw tooLarge();
          if (userId) await admitUpload(app.db, userId, file.size, perHour);
        } else {
          if (part.fieldname === '__proto__' || part.fieldname === 'constructor') {
            throw badRequest(part.fieldname, 'is not a field of this call');
          }
          body[part.fieldname] = part.value;
        }
      }
    } catch (err) {
      if (err instanceof UploadRateLimited) reply.header('retry-after', String(err.retryAfterSeconds));
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      if (code === 'FST_FILES_LIMIT') throw badRequest('file', 'only one file is taken');
      throw err;
    }
    const fault = bodyFault(body);
    if (fault) throw badRequest(fault.at, fault.message);
    // Form fields are text: numbers come as decimal text, as in a query string.
    req.body = numbersFromText({ ...body }, numberFields(req.routeOptions.schema?.body));
  });

  // Before the answer leaves (so a client never sees a refused file still lying around):
  // committed files were renamed away, anything still in tmp/ was not kept.
  app.addHook('onSend', async (req, _reply, payload) => {
    await discard(req.incomingFile ?? undefined);
    return payload;
  });
  app.addHook('onRequestAbort', async (req) => {
    await discard(req.incomingFile ?? undefined);
  });
});
