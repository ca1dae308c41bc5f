/**
 * Everyone's own profile on the client (docs/DOMAIN.md, "Profiles"): the read, the save at the
 * caller's own path (which one, the permission table says: `can()`), and the photo.
 */
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/api/client';
import { urlOf } from '@/api/endpoints/define';
import { peopleAdminEndpoints } from '@/api/endpoints/people-admin';
import { profilesEndpoints } from '@/api/endpoints/profiles';
import { can, type UserType } from '@/api/permissions';
import { photoResponse, type MyProfile, type ProfileUpdateResponse } from '@/api/schemas/profiles';
import { postForm, type UploadOptions } from '@/api/upload';

export const profileKeys = {
  all: ['profile'] as const,
  me: () => ['profile', 'me'] as const,
};

export const myProfileQuery = () =>
  queryOptions({ queryKey: profileKeys.me(), queryFn: () => request(profilesEndpoints.me, { query: {} }) });

/** What the profile form edits: every field is text ('' for none). */
export interface ProfileForm {
  first_name: string;
  middle_name: string;
  last_name: string;
  mobile: string;
  email: string;
  dob: string;
  blood_group: string;
  designation: string;
  department: string;
}

export function formOf(p: MyProfile): ProfileForm {
  return {
    first_name: p.first_name,
    middle_name: p.middle_name,
    last_name: p.last_name,
    mobile: p.mobile,
    email: p.email,
    dob: p.dob ?? '',
    blood_group: p.blood_group,
    designation: p.designation,
    department: p.department,
  };
}

/** Which form fields a user type's save takes (the others are not theirs: strict bodies refuse them). */
export function fieldsFor(userType: UserType): (keyof ProfileForm)[] {
  const base: (keyof ProfileForm)[] = ['first_name', 'last_name', 'mobile', 'email', 'dob', 'blood_group'];
  if (can(userType, 'teacher.profile-update')) return [...base, 'middle_name', 'designation', 'department'];
  if (can(userType, 'student.profile-update')) return [...base, 'middle_name'];
  return base;
}

/** Save the caller's own profile at their user type's path; `code` is a student's student code. */
export function saveMyProfile(
  userType: UserType,
  code: string,
  form: ProfileForm,
  { idempotencyKey }: { idempotencyKey?: string } = {},
): Promise<ProfileUpdateResponse> {
  const body = Object.fromEntries(fieldsFor(userType).map((f) => [f, form[f]]));
  const options = { body, idempotencyKey };
  if (can(userType, 'teacher.profile-update')) return request(profilesEndpoints.teacherUpdate, options);
  if (can(userType, 'student.profile-update')) {
    return request(peopleAdminEndpoints.studentProfileUpdate, { ...options, query: { student_code: code } });
  }
  if (can(userType, 'school-admin.profile-update')) return request(profilesEndpoints.schoolAdminUpdate, options);
  if (can(userType, 'super-admin.profile-update')) return request(profilesEndpoints.superAdminUpdate, options);
  return request(profilesEndpoints.viewerUpdate, options);
}

/** POST /api/profile/photo: the caller's own photo (multipart). */
export function uploadMyPhoto(file: File, opts: UploadOptions = {}) {
  return postForm(urlOf(profilesEndpoints.photoUpload), photoResponse, {}, file, opts);
}

export function removeMyPhoto({ idempotencyKey }: { idempotencyKey?: string } = {}) {
  return request(profilesEndpoints.photoRemove, { idempotencyKey });
}
