/**
 * Profile photos (docs/DOMAIN.md, "Profiles"): each user uploads their own (multipart, the file in
 * `file`: storage/uploads-plugin.ts) or removes it; a photo is read by path user id, by its owner,
 * their school's staff and a student's guardians (server/auth/scope.ts, photoOwnerInScope). The
 * checks and re-encoding are in services/photos.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profilesEndpoints } from '@/api/endpoints/profiles';
import { profilePhotoEndpoints } from '@/api/endpoints/profile-photo';
import { photoParams, photoQuery } from '@/api/schemas/profiles';
import { authOf } from '../auth/guard';
import { photoOwnerInScope } from '../auth/scope';
import { photoOwner, removeOwnPhoto, saveOwnPhoto, sendPhoto } from '../services/photos';
import { uploadDirOf } from '../storage/files';
import { route } from './define';

export async function photoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const dir = uploadDirOf(app.config);

  route(
    app,
    profilesEndpoints.photoUpload,
    {
      // One's own photo is no school record: a viewer may set theirs.
      config: { upload: true, readOnlySafe: true },
      schema: {
        description:
          'The caller’s own photo: multipart/form-data, a JPEG or PNG of at most 2 MB in the field "file". ' +
          'Re-encoded as a JPEG of at most 512×512 without metadata.',
      },
    },
    (req) => saveOwnPhoto(db, dir, req.log, authOf(req).userId, req.incomingFile),
  );

  route(
    app,
    profilesEndpoints.photoRemove,
    { config: { readOnlySafe: true }, schema: { description: 'Remove the caller’s own photo.' } },
    (req) => removeOwnPhoto(db, dir, req.log, authOf(req).userId),
  );

  route(
    app,
    profilePhotoEndpoints.photo,
    {
      schema: {
        description:
          'A profile photo (image/jpeg): one’s own, the school’s people for its staff, a linked child’s for a ' +
          'guardian. 404 when there is none.',
        params: photoParams,
        querystring: photoQuery,
      },
    },
    async (req, reply) => {
      const owner = await photoOwner(db, req.params.user_id);
      await photoOwnerInScope(req, owner);
      return sendPhoto(req, reply, dir, owner.sha);
    },
  );
}
