/** Everyone's own profile and photo (docs/DOMAIN.md, "Profiles"), served by server/routes/profiles.ts and photos.ts. */
import { get, post } from '@/api/endpoints/define';
import {
  accountProfileBody,
  myProfile,
  myProfileQuery,
  photoResponse,
  photoUploadBody,
  profileUpdateResponse,
  teacherProfileUpdateBody,
} from '@/api/schemas/profiles';

export const profilesEndpoints = {
  me: get('/profile/me', 'profile.read', { query: myProfileQuery, response: myProfile }),
  teacherUpdate: post('/teacher/profile_update', 'teacher.profile-update', {
    body: teacherProfileUpdateBody,
    response: profileUpdateResponse,
  }),
  schoolAdminUpdate: post('/school/profile_update', 'school-admin.profile-update', {
    body: accountProfileBody,
    response: profileUpdateResponse,
  }),
  superAdminUpdate: post('/super-admin/profile_update', 'super-admin.profile-update', {
    body: accountProfileBody,
    response: profileUpdateResponse,
  }),
  viewerUpdate: post('/administrator/profile_update', 'viewer.profile-update', {
    body: accountProfileBody,
    response: profileUpdateResponse,
  }),
  photoUpload: post('/profile/photo', 'profile.photo', { body: photoUploadBody, response: photoResponse }),
  photoRemove: post('/profile/photo/remove', 'profile.photo', { response: photoResponse }),
};
