/**
 * Everyone's own profile and photo (docs/DOMAIN.md, "Profiles"): each user type saves at its own
 * path, the fields are checked (400 naming the field), the answer is "Profile updated", the save
 * is audited; a photo is a JPEG or PNG of at most 2 MB, stored re-encoded without metadata, and
 * read by its owner, their school's staff and a linked guardian only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { guardians, guardianStudents, securityAudit, students, teachers, users } from '@server/db/schema';
import { DEMO_GUARDIAN_PHONE } from '@server/db/seed/demo';
import { storedPath } from '@server/storage/files';
import { sweepUploads } from '@server/storage/sweep';
import { createTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
let uploadDir: string;

function multipart(file?: { name: string; content: Uint8Array }) {
  const boundary = `----ph${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const uploadPhoto = (as: string, file?: { name: string; content: Uint8Array }) => {
  const body = multipart(file);
  return t.call(as, { method: 'POST', url: '/api/profile/photo', payload: body.payload, headers: body.headers });
};

const userId = async (code: string) => (await t.db.select().from(users).where(eq(users.userCode, code)))[0].id;
const lastAudit = async (actor: number, action: string) =>
  (
    await t.db
      .select()
      .from(securityAudit)
      .where(and(eq(securityAudit.actorUserId, actor), eq(securityAudit.action, action)))
      .orderBy(desc(securityAudit.id))
      .limit(1)
  )[0];

let jpegWithExif: Buffer;
let png: Buffer;

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-uploads-'));
  t = await createTestApp({ UPLOAD_DIR: uploadDir });
  // A 900×600 camera picture carrying EXIF (the camera, a place): what the server must drop.
  jpegWithExif = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCam', Model: 'X1', Copyright: 'Secret place' } })
    .toBuffer();
  png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#ff000080' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe('profile saves', () => {
  it('a teacher saves their profile: record and account, "Profile updated", audited from and to', async () => {
    const me = await userId('teacher1');
    const res = await t.post('teacher1', '/api/teacher/profile_update', {
      first_name: 'Rahima',
      last_name: 'Begum',
      mobile: '+880 1711-000555',
      email: 'rahima@example.com',
      dob: '1985-04-12',
      blood_group: 'AB-',
      designation: 'Senior Teacher',
      department: 'Science',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: 'Profile updated', code: 'profiles.updated' });
    const [rec] = await t.db.select().from(teachers).where(eq(teachers.userId, me));
    expect(rec).toMatchObject({
      firstName: 'Rahima',
      lastName: 'Begum',
      mobile: '01711000555',
      email: 'rahima@example.com',
      dob: '1985-04-12',
      bloodGroup: 'AB-',
      designation: 'Senior Teacher',
      department: 'Science',
    });
    const [acc] = await t.db.select().from(users).where(eq(users.id, me));
    expect(acc).toMatchObject({
      firstName: 'Rahima',
      lastName: 'Begum',
      phone: '01711000555',
      email: 'rahima@example.com',
    });
    const audit = await lastAudit(me, 'profile.update');
    expect(audit.subjectUserId).toBe(me);
    expect((audit.detail as { changed: Record<string, { to: unknown }> }).changed.bloodGroup.to).toBe('AB-');
    const mine = await t.get('teacher1', '/api/profile/me');
    expect(mine.json()).toMatchObject({
      first_name: 'Rahima',
      last_name: 'Begum',
      mobile: '01711000555',
      blood_group: 'AB-',
      designation: 'Senior Teacher',
      department: 'Science',
      dob: '1985-04-12',
    });
  });

  it('a field left out is kept; an empty one is cleared', async () => {
    expect((await t.post('teacher1', '/api/teacher/profile_update', { department: '' })).statusCode).toBe(200);
    const mine = (await t.get('teacher1', '/api/profile/me')).json();
    expect(mine).toMatchObject({ department: '', designation: 'Senior Teacher', first_name: 'Rahima' });
  });

  it.each([
    [{ mobile: '12345' }, 'mobile'],
    [{ mobile: '02-9660000' }, 'mobile'],
    [{ email: 'not-an-address' }, 'email'],
    [{ dob: '2999-01-01' }, 'dob'],
    [{ dob: '2026-02-30' }, 'dob'],
    [{ blood_group: 'C+' }, 'blood_group'],
    [{ first_name: '' }, 'first_name'],
    [{ first_name: '=HYPERLINK("x")' }, 'first_name'],
    [{ nickname: 'x' }, 'body'],
  ])('400 naming the field: %j', async (body, field) => {
    const res = await t.post('teacher1', '/api/teacher/profile_update', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields, res.body).toHaveProperty(field);
  });

  it('a mobile another account has is 409 naming it', async () => {
    const [other] = await t.db.select({ phone: users.phone }).from(users).where(eq(users.userCode, 'teacher1'));
    const res = await t.post('admin1', '/api/school/profile_update', { mobile: other.phone! });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.fields).toHaveProperty('mobile');
  });

  it('the school admin, the super admin and a viewer save their own account', async () => {
    for (const [as, url] of [
      ['admin1', '/api/school/profile_update'],
      ['superadmin', '/api/super-admin/profile_update'],
      ['viewer1', '/api/administrator/profile_update'],
    ] as const) {
      const res = await t.post(as, url, { last_name: 'Khan', dob: '1979-12-31', blood_group: 'O+' });
      expect(res.statusCode, `${as} ${res.body}`).toBe(200);
      expect(res.json().message).toBe('Profile updated');
      const [acc] = await t.db.select().from(users).where(eq(users.userCode, as));
      expect(acc).toMatchObject({ lastName: 'Khan', dob: '1979-12-31', bloodGroup: 'O+' });
      expect((await t.get(as, '/api/profile/me')).json()).toMatchObject({ last_name: 'Khan', blood_group: 'O+' });
    }
  });

  it('each user type only at its own path', async () => {
    expect((await t.post('teacher1', '/api/school/profile_update', {})).statusCode).toBe(403);
    expect((await t.post('admin1', '/api/teacher/profile_update', {})).statusCode).toBe(403);
    expect((await t.post('student1', '/api/super-admin/profile_update', {})).statusCode).toBe(403);
    expect((await t.post('admin1', '/api/administrator/profile_update', {})).statusCode).toBe(403);
    expect((await t.get(DEMO_GUARDIAN_PHONE, '/api/profile/me')).statusCode).toBe(403);
  });

  it('the student’s spec call takes the new fields too, and only for their own code', async () => {
    const me = await userId('student1');
    const [s1] = await t.db.select().from(students).where(eq(students.userId, me));
    const ok = await t.post('student1', `/api/student/profile_update?student_code=${s1.studentCode}`, {
      mobile: '01911000123',
      email: '',
      dob: '2012-06-01',
      blood_group: 'B+',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Profile updated');
    const [after] = await t.db.select().from(students).where(eq(students.id, s1.id));
    expect(after).toMatchObject({ mobileNo: '01911000123', email: '', dob: '2012-06-01', bloodGroup: 'B+' });
    const bad = await t.post('student1', `/api/student/profile_update?student_code=${s1.studentCode}`, {
      blood_group: 'Z',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('blood_group');
  });
});

describe('photos', () => {
  it('a JPEG is stored re-encoded: within 512×512, no metadata; the profile and session point at it', async () => {
    const me = await userId('teacher1');
    const res = await uploadPhoto('teacher1', { name: 'me.jpg', content: jpegWithExif });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, message: 'Photo saved', code: 'profiles.photo_saved' });
    const [acc] = await t.db.select().from(users).where(eq(users.id, me));
    expect(acc.photoSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(res.json().photo_url).toBe(`/api/profile/photo/${me}?v=${acc.photoSha256!.slice(0, 16)}`);
    const stored = fs.readFileSync(storedPath(uploadDir, acc.photoSha256!));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(512);
    expect(meta.height).toBe(341);
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Secret place'))).toBe(false);
    expect((await t.get('teacher1', '/api/profile/me')).json().photo_url).toBe(res.json().photo_url);
    expect((await t.get('teacher1', '/api/users/user_id')).json().photo_url).toBe(res.json().photo_url);
    expect((await lastAudit(me, 'profile.photo')).detail).toMatchObject({ to: acc.photoSha256 });

    const got = await t.get('teacher1', `/api/profile/photo/${me}`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.rawPayload.equals(stored)).toBe(true);
    const again = await t.call('teacher1', {
      method: 'GET',
      url: `/api/profile/photo/${me}`,
      headers: { 'if-none-match': String(got.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('a PNG is kept as a JPEG too; the photo it replaces is deleted from the disk', async () => {
    const me = await userId('teacher1');
    const [before] = await t.db.select().from(users).where(eq(users.id, me));
    const res = await uploadPhoto('teacher1', { name: 'me.png', content: png });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, me));
    expect(after.photoSha256).not.toBe(before.photoSha256);
    expect((await sharp(fs.readFileSync(storedPath(uploadDir, after.photoSha256!))).metadata()).format).toBe('jpeg');
    expect(fs.existsSync(storedPath(uploadDir, before.photoSha256!))).toBe(false);
    // The sweep keeps a photo a row still points at.
    await sweepUploads(t.db, uploadDir, 0);
    expect(fs.existsSync(storedPath(uploadDir, after.photoSha256!))).toBe(true);
  });

  it('refuses what is not a JPEG or PNG by its content, over 2 MB, or nothing at all', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const asGif = await uploadPhoto('teacher1', { name: 'me.jpg', content: gif });
    expect(asGif.statusCode, asGif.body).toBe(415);
    expect(asGif.json().error).toMatchObject({
      code: 'upload.bad_type',
      fields: { file: 'must be a JPEG or PNG picture.' },
    });
    const fake = await uploadPhoto('teacher1', { name: 'me.png', content: Buffer.from('not a picture at all') });
    expect(fake.statusCode).toBe(415);
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    expect((await uploadPhoto('teacher1', { name: 'me.png', content: broken })).statusCode).toBe(415);
    const big = Buffer.concat([jpegWithExif, Buffer.alloc(2 * 1024 * 1024, 0)]);
    const tooBig = await uploadPhoto('teacher1', { name: 'big.jpg', content: big });
    expect(tooBig.statusCode, tooBig.body).toBe(413);
    expect(tooBig.json().error.fields).toEqual({ file: 'must be at most 2 MB.' });
    const none = await uploadPhoto('teacher1');
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toHaveProperty('file');
  });

  it('who sees whose: own; the school’s staff; a linked guardian; never another school or a classmate', async () => {
    const student1 = await userId('student1');
    expect((await uploadPhoto('student1', { name: 's.png', content: png })).statusCode).toBe(200);
    const url = `/api/profile/photo/${student1}`;
    expect((await t.get('student1', url)).statusCode).toBe(200);
    expect((await t.get('teacher1', url)).statusCode).toBe(200);
    expect((await t.get('admin1', url)).statusCode).toBe(200);
    expect((await t.get('admin2', url)).statusCode).toBe(403);
    expect((await t.get('teacher2', url)).statusCode).toBe(403);
    expect((await t.get('viewer1', url)).json().error.code).toBe('own_records_only');
    expect((await t.get('superadmin', url)).statusCode).toBe(403);
    // A classmate is refused, whoever it is.
    const [s1] = await t.db.select().from(students).where(eq(students.userId, student1));
    const [mate] = await t.db
      .select({ code: users.userCode })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(and(eq(students.schoolId, s1.schoolId), ne(students.id, s1.id)))
      .limit(1);
    expect((await t.get(mate.code, url)).json().error.code).toBe('own_records_only');
    // A guardian: only once linked to the child.
    const [g] = await t.db.select({ id: guardians.id }).from(guardians).where(eq(guardians.phone, DEMO_GUARDIAN_PHONE));
    await t.db
      .delete(guardianStudents)
      .where(and(eq(guardianStudents.guardianId, g.id), eq(guardianStudents.studentId, s1.id)));
    expect((await t.get(DEMO_GUARDIAN_PHONE, url)).json().error.code).toBe('not_your_child');
    await t.db
      .insert(guardianStudents)
      .values({ guardianId: g.id, studentId: s1.id, schoolId: s1.schoolId, relation: 'mother' });
    expect((await t.get(DEMO_GUARDIAN_PHONE, url)).statusCode).toBe(200);
    // A teacher's photo is not a guardian's or a student's to see.
    expect((await t.get(DEMO_GUARDIAN_PHONE, `/api/profile/photo/${await userId('teacher1')}`)).statusCode).toBe(403);
    expect((await t.get('student1', `/api/profile/photo/${await userId('teacher1')}`)).statusCode).toBe(403);
    // None yet is 404; no such user is 404.
    expect((await t.get('admin1', `/api/profile/photo/${await userId('admin1')}`)).statusCode).toBe(404);
    expect((await t.get('admin1', '/api/profile/photo/99999999')).statusCode).toBe(404);
  });

  it('a viewer sets their own photo (read-only accounts may); removing it answers null', async () => {
    expect((await uploadPhoto('viewer1', { name: 'v.png', content: png })).statusCode).toBe(200);
    const removed = await t.post('viewer1', '/api/profile/photo/remove', {});
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ message: 'Photo removed', photo_url: null });
    expect((await t.get('viewer1', '/api/profile/me')).json().photo_url).toBeNull();
  });
});
