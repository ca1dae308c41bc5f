/**
 * Uploaded files do not pile up, and no one user fills the disk: a file no row keeps any more is
 * deleted (at once when an answer is replaced or a homework deleted, else by the housekeeping
 * sweep after a grace period), never while another row keeps the same content; a student's kept
 * answers are held to UPLOAD_QUOTA_MB (413) and every user to UPLOAD_RATE_PER_HOUR uploads (429
 * with Retry-After), with codes and numbers the client says in the user's language.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { TeacherOption } from '@/api/schemas/homework';
import { enrolments, homeworkSubmissions, students, users } from '@server/db/schema';
import { sweepUploads } from '@server/storage/sweep';
import { createTestApp, type TestApp } from '../helpers/server';
import { schoolToday } from '../helpers/run-clock';

let t: TestApp;
let uploadDir: string;
let option: TeacherOption;
let pupils: string[];

const MB = 1024 * 1024;
const QUOTA_MB = 2;
const RATE = 12;

/** A text answer of about `bytes` bytes, different each time (its own content, its own file). */
const answer = (bytes = 64) => {
  const head = `answer ${randomBytes(8).toString('hex')}\n`;
  return head + 'x'.repeat(Math.max(0, bytes - head.length));
};
const sha = (content: string) => createHash('sha256').update(content).digest('hex');
const stored = (content: string) => {
  const h = sha(content);
  return path.join(uploadDir, h.slice(0, 2), h.slice(2, 4), h);
};
/** Every stored file's bytes (tmp/ aside): what the uploads take on the disk. */
function diskBytes(): number {
  let total = 0;
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'tmp') continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else total += fs.statSync(p).size;
    }
  };
  walk(uploadDir);
  return total;
}

function multipart(fields: Record<string, string | number>, file?: { name: string; content: string }) {
  const boundary = `----up${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          'Content-Type: text/plain\r\n\r\n',
      ),
      Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const today = schoolToday;

async function newHomework(topic: string, content?: string): Promise<number> {
  const body = multipart(
    {
      class_id: option.class_id,
      section_id: option.section_id,
      subject_id: option.subject_id,
      topic,
      issue_date: today().toISODate()!,
      due_date: today().plus({ days: 3 }).toISODate()!,
    },
    content === undefined ? undefined : { name: 'sheet.txt', content },
  );
  const res = await t.call('teacher1', { method: 'POST', url: '/api/homework/teacher', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

const submit = (as: string, homeworkId: number, content: string) =>
  t.call(as, {
    method: 'POST',
    url: '/api/homework/submit',
    ...multipart({ homework_id: homeworkId }, { name: 'answer.txt', content }),
  });

async function submitted(as: string, homeworkId: number, content: string) {
  const res = await submit(as, homeworkId, content);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
  t = await createTestApp({
    UPLOAD_DIR: uploadDir,
    UPLOAD_MAX_MB: 1,
    UPLOAD_QUOTA_MB: QUOTA_MB,
    UPLOAD_RATE_PER_HOUR: RATE,
  });
  option = (await t.get('teacher1', '/api/homework/teacher/options')).json()[0];
  pupils = (
    await t.db
      .select({ code: users.userCode })
      .from(enrolments)
      .innerJoin(students, eq(students.id, enrolments.studentId))
      .innerJoin(users, eq(users.id, students.userId))
      .where(and(eq(enrolments.sectionId, option.section_id), eq(enrolments.sessionId, option.session_id)))
      .orderBy(asc(enrolments.classRollNo))
  ).map((p) => p.code);
  expect(pupils.length).toBeGreaterThan(8);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe('files no row keeps', () => {
  it('ten re-submissions of one answer keep one file on the disk, not ten', async () => {
    const hw = await newHomework('Resubmitted');
    const me = pupils[0];
    const before = diskBytes();
    let last = '';
    for (let i = 0; i < 10; i++) {
      last = answer(100_000);
      await submitted(me, hw, last);
    }
    expect(diskBytes() - before).toBe(100_000);
    expect(fs.existsSync(stored(last))).toBe(true);
    const [row] = await t.db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.homeworkId, hw));
    expect((await t.get(me, `/api/homework/submission/file/${row.id}`)).body).toBe(last);
  });

  it('a replaced file another answer still keeps stays until no row keeps it', async () => {
    const hw = await newHomework('Shared answer');
    const [a, b] = [pupils[1], pupils[2]];
    const shared = answer();
    await submitted(a, hw, shared);
    const bId = await submitted(b, hw, shared);
    await submitted(a, hw, answer());
    expect(fs.existsSync(stored(shared))).toBe(true);
    expect((await t.get(b, `/api/homework/submission/file/${bId}`)).body).toBe(shared);
    await submitted(b, hw, answer());
    expect(fs.existsSync(stored(shared))).toBe(false);
  });

  it('deleting a homework deletes its attachment, unless another homework keeps the same file', async () => {
    const sheet = answer();
    const one = await newHomework('Sheet one', sheet);
    const two = await newHomework('Sheet two', sheet);
    expect((await t.call('teacher1', { method: 'POST', url: `/api/homework/delete?id=${one}` })).statusCode).toBe(200);
    expect(fs.existsSync(stored(sheet))).toBe(true);
    expect((await t.call('teacher1', { method: 'POST', url: `/api/homework/delete?id=${two}` })).statusCode).toBe(200);
    expect(fs.existsSync(stored(sheet))).toBe(false);
  });

  it('the sweep removes old files no row keeps and old temporary files; recent or kept ones stay', async () => {
    const hoursAgo = (p: string, h: number) => {
      const then = new Date(Date.now() - h * 3600_000);
      fs.utimesSync(p, then, then);
    };
    const place = (content: string) => {
      fs.mkdirSync(path.dirname(stored(content)), { recursive: true });
      fs.writeFileSync(stored(content), content);
      return stored(content);
    };
    const orphanOld = place(answer());
    const orphanNew = place(answer());
    const kept = answer();
    const hw = await newHomework('Kept sheet', kept);
    hoursAgo(orphanOld, 2);
    hoursAgo(stored(kept), 2);
    fs.mkdirSync(path.join(uploadDir, 'tmp'), { recursive: true });
    const tmpOld = path.join(uploadDir, 'tmp', 'left-by-a-crash');
    const tmpNew = path.join(uploadDir, 'tmp', 'arriving-now');
    fs.writeFileSync(tmpOld, 'x');
    fs.writeFileSync(tmpNew, 'y');
    hoursAgo(tmpOld, 2);

    const counts = await sweepUploads(t.db, uploadDir, 3600_000);
    expect(counts).toMatchObject({ temporary: 1 });
    expect(counts.files).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(orphanOld)).toBe(false);
    expect(fs.existsSync(tmpOld)).toBe(false);
    expect(fs.existsSync(orphanNew)).toBe(true);
    expect(fs.existsSync(tmpNew)).toBe(true);
    expect(fs.existsSync(stored(kept))).toBe(true);
    expect((await t.get('teacher1', `/api/homework/file/${hw}`)).body).toBe(kept);
  });
});

describe('quota and rate limit', () => {
  it(`a student's kept answers stay within UPLOAD_QUOTA_MB (413, nothing written); a replacement counts once`, async () => {
    const me = pupils[3];
    const [h1, h2, h3] = [await newHomework('Quota 1'), await newHomework('Quota 2'), await newHomework('Quota 3')];
    const big = () => answer(Math.floor(0.9 * MB));
    await submitted(me, h1, big());
    await submitted(me, h2, big());
    const third = big();
    const refused = await submit(me, h3, third);
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json().error).toMatchObject({
      code: 'upload.quota_exceeded',
      params: { kept: 1.8, quota: QUOTA_MB, size: 0.9 },
    });
    expect(refused.json().error.message).toMatch(/1\.8 MB of the 2 MB/);
    expect(await t.db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.homeworkId, h3))).toEqual([]);
    expect(fs.existsSync(stored(third))).toBe(false);
    // Replacing an answer: the file it replaces no longer counts.
    await submitted(me, h2, big());
    // Another student is not held to this one's answers.
    await submitted(pupils[4], h3, big());
  });

  it('refuses a user past UPLOAD_RATE_PER_HOUR files an hour with 429 and Retry-After; others go on', async () => {
    const hw = await newHomework('Rate');
    const me = pupils[5];
    for (let i = 0; i < RATE; i++) await submitted(me, hw, answer());
    const last = answer();
    const refused = await submit(me, hw, last);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'upload.rate_limited', params: { count: RATE, minutes: 60 } });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(fs.existsSync(stored(last))).toBe(false);
    await submitted(pupils[6], hw, answer());
  });

  it('a user with no upload left may still send a form without a file', async () => {
    const body = (topic: string, content?: string) =>
      multipart(
        {
          class_id: option.class_id,
          section_id: option.section_id,
          subject_id: option.subject_id,
          topic,
          issue_date: today().toISODate()!,
          due_date: today().plus({ days: 3 }).toISODate()!,
        },
        content === undefined ? undefined : { name: 'sheet.txt', content },
      );
    const create = (topic: string, content?: string) =>
      t.call('teacher1', { method: 'POST', url: '/api/homework/teacher', ...body(topic, content) });
    let refused = null;
    for (let i = 0; i <= RATE && !refused; i++) {
      const res = await create(`Sheet ${i}`, answer());
      if (res.statusCode === 429) refused = res;
      else expect(res.statusCode, res.body).toBe(200);
    }
    expect(refused?.json().error.code).toBe('upload.rate_limited');
    const plain = await create('No attachment');
    expect(plain.statusCode, plain.body).toBe(200);
  });

  it('parallel uploads of one user cannot pass the rate limit together', async () => {
    const hw = await newHomework('Rate in parallel');
    const me = pupils[7];
    const answers = await Promise.all(Array.from({ length: RATE + 4 }, () => submit(me, hw, answer())));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(RATE);
    expect(codes.filter((c) => c === 429)).toHaveLength(4);
  });
});
