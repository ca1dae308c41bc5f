/**
 * A profile photo's download (docs/DOMAIN.md, "Profiles"), served by server/routes/photos.ts.
 * Without schemas: the app shell's avatar (the first download, which has no zod) builds its URL
 * here; the route names its own schemas.
 */
import { get, urlOf } from '@/api/endpoints/define';

export const profilePhotoEndpoints = {
  photo: get('/profile/photo/:user_id', 'profile.photo-read'),
};

/** A photo's address; `version` (the server's, from the profile) changes with the photo. */
export const photoUrl = (userId: number, version: string) =>
  `${urlOf(profilePhotoEndpoints.photo, { user_id: userId })}?v=${encodeURIComponent(version)}`;
