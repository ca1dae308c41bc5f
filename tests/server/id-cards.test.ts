/**
 * GET /api/student/id_cards (docs/DOMAIN.md, "The school's documents"): a section's ID cards as an
 * A4 PDF, eight a page, with the photo a student uploaded and a QR code of the student code; the
 * school admin's any section, a teacher's only a section they teach.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
let uploadDir: string;

function multipart(file: { name: string; content: Uint8Array }) {
  const boundary = `----ph${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.from(file.content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'id-cards-'));
  t = await createTestApp({ UPLOAD_DIR: uploadDir });
  const png = await sharp({ create: { width: 300, height: 360, channels: 3, background: '#4f46e5' } })
    .png()
    .toBuffer();
  const body = multipart({ name: 'me.png', content: png });
  const up = await t.call('student1', { method: 'POST', url: '/api/profile/photo', ...body });
  expect(up.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

it('the admin downloads a section’s cards: 28 students, eight a page, with a photo embedded', async () => {
  const res = await t.get('admin1', '/api/student/id_cards?section_id=1&lang=en');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toContain('id-cards-Six-A.pdf');
  const pdf = res.rawPayload;
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pages(pdf)).toBe(4);
  // One photo (a JPEG) and 28 QR codes (PNGs, each an image and its alpha mask): 57 images.
  expect((pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length).toBe(57);
  if (process.env.KEEP_PDF) fs.writeFileSync(path.join(process.env.KEEP_PDF, 'id-cards-en.pdf'), pdf);
  const bn = await t.get('admin1', '/api/student/id_cards?section_id=1&lang=bn');
  expect(bn.statusCode).toBe(200);
  if (process.env.KEEP_PDF) fs.writeFileSync(path.join(process.env.KEEP_PDF, 'id-cards-bn.pdf'), bn.rawPayload);
});

it('a teacher gets a section they teach; another school’s section is refused; a student may not ask', async () => {
  expect((await t.get('teacher1', '/api/student/id_cards?section_id=1')).statusCode).toBe(200);
  const other = await t.get('admin1', '/api/student/id_cards?section_id=11');
  expect(other.statusCode).toBe(403);
  expect((await t.get('student1', '/api/student/id_cards?section_id=1')).statusCode).toBe(403);
  const bad = await t.get('admin1', '/api/student/id_cards?section_id=x');
  expect(bad.statusCode).toBe(400);
  expect(bad.json().error.fields).toHaveProperty('section_id');
  expect((await t.get('admin1', '/api/student/id_cards?section_id=999999')).statusCode).toBe(404);
});
