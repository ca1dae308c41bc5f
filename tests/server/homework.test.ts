import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { type DateTime } from 'luxon';
import { HOMEWORK_FIELD_MESSAGES, HOMEWORK_MESSAGES, type TeacherOption } from '@/api/schemas/homework';
import {
  enrolments,
  guardians,
  guardianStudents,
  homework,
  homeworkSubmissions,
  routines,
  students,
  teachers,
  users,
} from '@server/db/schema';
import { DEMO_GUARDIAN_PHONE } from '@server/db/seed/demo';
import { tinyPdf } from '@server/db/seed/homework';
import { HOMEWORK_CREATES_PER_HOUR } from '@server/routes/homework';
import { createTestApp, type TestApp } from '../helpers/server';
import { schoolToday } from '../helpers/run-clock';

let t: TestApp;
let uploadDir: string;

const today = schoolToday;
const iso = (d: DateTime) => d.toISODate()!;

interface Pupil {
  id: number;
  code: string;
}
const S = {} as {
  school1: number;
  school2: number;
  option: TeacherOption;
  teacher1: number;
  colleague: string;
  pupils: Pupil[];
  otherSectionPupil: Pupil;
  school2Pupil: Pupil;
  school2Homework: number;
};

/** A multipart/form-data body: text fields and, optionally, one file in the field `file`. */
function multipart(fields: Record<string, string | number>, file?: { name: string; content: Uint8Array | string }) {
  const boundary = `----hw${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
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

const upload = (as: string, url: string, body: ReturnType<typeof multipart>, headers: Record<string, string> = {}) =>
  t.call(as, { method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers } });

const hwFields = (patch: Record<string, string | number> = {}) => ({
  class_id: S.option.class_id,
  section_id: S.option.section_id,
  subject_id: S.option.subject_id,
  topic: 'Fractions',
  details: 'Exercise 3.2, questions 1 to 5.',
  issue_date: iso(today()),
  due_date: iso(today().plus({ days: 3 })),
  ...patch,
});

async function createHw(
  patch: Record<string, string | number> = {},
  file?: { name: string; content: Uint8Array | string },
) {
  const res = await upload('teacher1', '/api/homework/teacher', multipart(hwFields(patch), file));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ ok: true, message: HOMEWORK_MESSAGES.created, code: 'homework.created' });
  return res.json().id as number;
}

const submit = (as: string, homeworkId: number, file?: { name: string; content: Uint8Array | string }) =>
  upload(as, '/api/homework/submit', multipart({ homework_id: homeworkId }, file));

function expectField(
  res: { statusCode: number; body: string; json(): { error: { fields?: Record<string, string> } } },
  status: number,
  field: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.fields, res.body).toHaveProperty(field);
}

const PDF = tinyPdf(['Homework sheet', 'Fractions']);
const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
  Buffer.alloc(200, 1),
]);

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-uploads-'));
  t = await createTestApp({ UPLOAD_DIR: uploadDir, UPLOAD_MAX_MB: 3 });
  const db = t.db;
  const schoolOfUser = async (code: string) =>
    (await db.select({ id: users.schoolId }).from(users).where(eq(users.userCode, code)))[0].id!;
  S.school1 = await schoolOfUser('admin1');
  S.school2 = await schoolOfUser('admin2');
  const opts = await t.get('teacher1', '/api/homework/teacher/options');
  expect(opts.statusCode, opts.body).toBe(200);
  S.option = opts.json()[0];
  const [t1] = await db
    .select({ id: teachers.id })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(users.userCode, 'teacher1'));
  S.teacher1 = t1.id;
  const [col] = await db
    .select({ code: users.userCode })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(and(eq(teachers.schoolId, S.school1), ne(teachers.id, t1.id)))
    .limit(1);
  S.colleague = col.code;
  const pupils = (where: ReturnType<typeof eq>) =>
    db
      .select({ id: students.id, code: users.userCode })
      .from(enrolments)
      .innerJoin(students, eq(students.id, enrolments.studentId))
      .innerJoin(users, eq(users.id, students.userId))
      .where(and(where, eq(enrolments.sessionId, S.option.session_id)))
      .orderBy(asc(enrolments.classRollNo));
  S.pupils = await pupils(eq(enrolments.sectionId, S.option.section_id));
  S.otherSectionPupil = (
    await pupils(and(eq(enrolments.schoolId, S.school1), ne(enrolments.sectionId, S.option.section_id))!)
  )[0];
  S.school2Pupil = (await pupils(eq(enrolments.schoolId, S.school2)))[0];
  const [hw2] = await db.select({ id: homework.id }).from(homework).where(eq(homework.schoolId, S.school2)).limit(1);
  S.school2Homework = hw2.id;
  expect(S.pupils.length).toBeGreaterThan(3);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe('what a teacher may set', () => {
  it('the options are exactly what the routines say the teacher teaches', async () => {
    const opts: TeacherOption[] = (await t.get('teacher1', '/api/homework/teacher/options')).json();
    expect(opts.length).toBeGreaterThan(0);
    for (const o of opts) {
      const [r] = await t.db
        .select({ id: routines.id })
        .from(routines)
        .where(
          and(
            eq(routines.teacherId, S.teacher1),
            eq(routines.sectionId, o.section_id),
            eq(routines.subjectId, o.subject_id),
          ),
        )
        .limit(1);
      expect(r, JSON.stringify(o)).toBeDefined();
    }
  });

  it('refuses a subject the teacher does not teach in that section, naming subject_id', async () => {
    const [other] = await t.db
      .select({ subjectId: routines.subjectId })
      .from(routines)
      .where(and(eq(routines.sectionId, S.option.section_id), ne(routines.teacherId, S.teacher1)))
      .limit(1);
    const res = await upload('teacher1', '/api/homework/teacher', multipart(hwFields({ subject_id: other.subjectId })));
    expectField(res, 400, 'subject_id');
    expect(res.json().error.fields.subject_id).toBe(HOMEWORK_FIELD_MESSAGES.notYourSubject);
  });

  it('validates every field with a 400 naming it', async () => {
    expectField(await upload('teacher1', '/api/homework/teacher', multipart(hwFields({ topic: '  ' }))), 400, 'topic');
    expectField(
      await upload('teacher1', '/api/homework/teacher', multipart(hwFields({ class_id: 'x' }))),
      400,
      'class_id',
    );
    expectField(
      await upload('teacher1', '/api/homework/teacher', multipart(hwFields({ issue_date: '2026-02-30' }))),
      400,
      'issue_date',
    );
    expectField(
      await upload(
        'teacher1',
        '/api/homework/teacher',
        multipart(hwFields({ due_date: iso(today().minus({ days: 1 })) })),
      ),
      400,
      'due_date',
    );
    const { section_id: _omit, ...noSection } = hwFields();
    expectField(await upload('teacher1', '/api/homework/teacher', multipart(noSection)), 400, 'section_id');
    expect(
      (await upload('teacher1', '/api/homework/teacher', multipart(hwFields({ teacher_id: 999999 })))).statusCode,
    ).toBe(403);
  });

  it('takes the spec’s JSON call without a file', async () => {
    const res = await t.post('teacher1', '/api/homework/teacher', {
      ...hwFields(),
      school_info_id: S.school1,
      teacher_id: S.teacher1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = (await t.get('teacher1', '/api/homework/teacher/individual')).json();
    const row = list.rows.find((r: { id: number }) => r.id === res.json().id);
    expect(row).toMatchObject({ topic: 'Fractions', file_url: null, attachment_link: null, students: S.pupils.length });
  });

  it('refuses another school in the body', async () => {
    const res = await t.post('teacher1', '/api/homework/teacher', { ...hwFields(), school_info_id: S.school2 });
    expect(res.statusCode).toBe(403);
  });
});

describe('uploads', () => {
  it('stores a PDF attachment and serves it to the teacher as an attachment, nosniff', async () => {
    const id = await createHw({ topic: 'With a sheet' }, { name: 'sheet.pdf', content: PDF });
    const list = (await t.get('teacher1', '/api/homework/teacher/individual?limit=5')).json();
    expect(list.limit).toBe(5);
    const row = list.rows.find((r: { id: number }) => r.id === id);
    expect(row.file_url).toBe(`/api/homework/file/${id}`);
    expect(row.file_name).toBe('sheet.pdf');
    const res = await t.get('teacher1', row.file_url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="sheet.pdf"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(res.rawPayload, Buffer.from(PDF))).toBe(0);
  });

  it('takes a file up to UPLOAD_MAX_MB (beyond the 1 MB JSON body limit) and refuses more with 413 naming file', async () => {
    const padded = (mb: number) => Buffer.concat([Buffer.from(PDF), Buffer.alloc(Math.floor(mb * 1024 * 1024), 32)]);
    const ok = await upload(
      'teacher1',
      '/api/homework/teacher',
      multipart(hwFields({ topic: 'Big' }), { name: 'big.pdf', content: padded(2.5) }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const res = await upload(
      'teacher1',
      '/api/homework/teacher',
      multipart(hwFields(), { name: 'huge.pdf', content: padded(3) }),
    );
    expectField(res, 413, 'file');
    expect(res.json().error.message).toMatch(/3 MB/);
    // Nothing left behind in the temporary folder.
    expect(fs.readdirSync(path.join(uploadDir, 'tmp'))).toEqual([]);
  });

  it('judges the type by content: a renamed .exe as .pdf is refused, naming file', async () => {
    const res = await upload(
      'teacher1',
      '/api/homework/teacher',
      multipart(hwFields(), { name: 'notes.pdf', content: EXE }),
    );
    expectField(res, 415, 'file');
  });

  it('takes UTF-8 text only with a .txt name and no NUL byte', async () => {
    await createHw({ topic: 'Text' }, { name: 'notes.txt', content: 'পড়া: chapter 3\n' });
    const nul = await upload(
      'teacher1',
      '/api/homework/teacher',
      multipart(hwFields(), { name: 'notes.txt', content: 'a\u0000b' }),
    );
    expectField(nul, 415, 'file');
    const bad = await upload(
      'teacher1',
      '/api/homework/teacher',
      multipart(hwFields(), { name: 'notes.txt', content: Buffer.from([0xc3, 0x28, 0x41]) }),
    );
    expectField(bad, 415, 'file');
    const noName = await upload(
      'teacher1',
      '/api/homework/teacher',
      multipart(hwFields(), { name: 'notes.md', content: 'hello' }),
    );
    expectField(noName, 415, 'file');
  });

  it('stores the same content once', async () => {
    const a = await createHw({ topic: 'Same 1' }, { name: 'a.pdf', content: PDF });
    const b = await createHw({ topic: 'Same 2' }, { name: 'b.pdf', content: PDF });
    const rows = await t.db
      .select({ sha: homework.fileSha256 })
      .from(homework)
      .where(sql`${homework.id} in (${a}, ${b})`);
    expect(rows[0].sha).toBe(rows[1].sha);
    const files = fs.readdirSync(path.join(uploadDir, rows[0].sha!.slice(0, 2), rows[0].sha!.slice(2, 4)));
    expect(files).toEqual([rows[0].sha]);
  });

  it('multipart is refused by calls that take no file', async () => {
    const res = await upload('teacher1', '/api/notice', multipart({ headline: 'x' }, { name: 'a.pdf', content: PDF }));
    expect(res.statusCode).toBe(415);
  });

  it('an idempotency key replays a multipart write and refuses a different file under it', async () => {
    const key = `hw-${randomBytes(6).toString('hex')}`;
    const body = multipart(hwFields({ topic: 'Idempotent' }), { name: 'i.pdf', content: PDF });
    const first = await upload('teacher1', '/api/homework/teacher', body, { 'idempotency-key': key });
    const again = await upload('teacher1', '/api/homework/teacher', body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    const rows = await t.db.select().from(homework).where(eq(homework.topic, 'Idempotent'));
    expect(rows).toHaveLength(1);
    const other = multipart(hwFields({ topic: 'Idempotent' }), { name: 'i.pdf', content: tinyPdf(['another']) });
    expect((await upload('teacher1', '/api/homework/teacher', other, { 'idempotency-key': key })).statusCode).toBe(422);
  });
});

describe('students and submissions', () => {
  let hwId: number;
  beforeAll(async () => {
    hwId = await createHw({ topic: 'Submit me' }, { name: 'task.pdf', content: PDF });
  });

  it('the section’s students see it with its teacher and due date; others do not', async () => {
    const list = (await t.get(S.pupils[0].code, '/api/homework/student?limit=100')).json();
    const row = list.rows.find((r: { id: number }) => r.id === hwId);
    expect(row).toMatchObject({ topic: 'Submit me', submission: null, due_date: iso(today().plus({ days: 3 })) });
    expect(row.teacher_name.length).toBeGreaterThan(0);
    const one = await t.get(S.pupils[0].code, `/api/homework/student/id?homework_id=${hwId}`);
    expect(one.statusCode).toBe(200);
    const other = (await t.get(S.otherSectionPupil.code, '/api/homework/student?limit=100')).json();
    expect(other.rows.some((r: { id: number }) => r.id === hwId)).toBe(false);
    expect((await t.get(S.otherSectionPupil.code, `/api/homework/student/id?homework_id=${hwId}`)).statusCode).toBe(
      403,
    );
    expect((await t.get(S.school2Pupil.code, `/api/homework/student/id?homework_id=${hwId}`)).statusCode).toBe(403);
  });

  it('the attachment reaches the section’s students, the teacher, admin and viewer only', async () => {
    const url = `/api/homework/file/${hwId}`;
    for (const who of [S.pupils[1].code, 'teacher1', 'admin1', 'viewer1']) {
      expect((await t.get(who, url)).statusCode, who).toBe(200);
    }
    for (const who of [S.otherSectionPupil.code, S.school2Pupil.code, 'admin2', S.colleague]) {
      expect((await t.get(who, url)).statusCode, who).toBe(403);
    }
    expect((await t.get(null, url)).statusCode).toBe(401);
  });

  it('a submission needs a file (400 naming file)', async () => {
    expectField(await submit(S.pupils[0].code, hwId), 400, 'file');
    expectField(
      await t.post(S.pupils[0].code, '/api/homework/submit', { homework_id: hwId, attachment_link: 'C:\\fake.pdf' }),
      400,
      'file',
    );
  });

  it('submits, re-submits before the due date (replacing the file), and the file stays private', async () => {
    const me = S.pupils[0];
    const first = await submit(me.code, hwId, { name: 'answer.txt', content: 'first answer\n' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ ok: true, late: false, message: HOMEWORK_MESSAGES.submitted });
    const second = await submit(me.code, hwId, { name: 'answer2.txt', content: 'second answer\n' });
    expect(second.json()).toMatchObject({ id: first.json().id, message: HOMEWORK_MESSAGES.resubmitted });
    const rows = await t.db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.homeworkId, hwId));
    expect(rows).toHaveLength(1);
    const url = `/api/homework/submission/file/${first.json().id}`;
    const got = await t.get(me.code, url);
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe('second answer\n');
    expect(got.headers['content-type']).toBe('text/plain; charset=utf-8');
    for (const who of ['teacher1', 'admin1', 'viewer1']) expect((await t.get(who, url)).statusCode, who).toBe(200);
    for (const who of [S.pupils[1].code, S.otherSectionPupil.code, S.colleague, 'admin2', S.school2Pupil.code]) {
      expect((await t.get(who, url)).statusCode, who).toBe(403);
    }
    const mine = (await t.get(me.code, `/api/homework/student/id?homework_id=${hwId}`)).json();
    expect(mine.submission).toMatchObject({ status: 'submitted', file_url: url, file_name: 'answer2.txt' });
  });

  it('a linked guardian reads the attachment and the child’s answer for that child only', async () => {
    // The demo guardian, linked here to the section's first pupil as well.
    const [g] = await t.db.select({ id: guardians.id }).from(guardians).where(eq(guardians.phone, DEMO_GUARDIAN_PHONE));
    await t.db
      .insert(guardianStudents)
      .values({ guardianId: g.id, studentId: S.pupils[0].id, schoolId: S.school1, relation: 'father' })
      .onConflictDoNothing();
    const G = DEMO_GUARDIAN_PHONE;
    const list = await t.get(G, `/api/homework/student?student_id=${S.pupils[0].id}&limit=100`);
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().rows.find((r: { id: number }) => r.id === hwId);
    // The row links the file with the child named: the link the guardian's screen follows.
    expect(row.file_url).toBe(`/api/homework/file/${hwId}?student_id=${S.pupils[0].id}`);
    const file = await t.get(G, row.file_url);
    expect(file.statusCode, file.body).toBe(200);
    expect(Buffer.compare(file.rawPayload, Buffer.from(PDF))).toBe(0);
    // No child named: 400 naming student_id; a child not linked, or one not in the section: 403.
    const bare = await t.get(G, `/api/homework/file/${hwId}`);
    expectField(bare, 400, 'student_id');
    expect((await t.get(G, `/api/homework/file/${hwId}?student_id=${S.pupils[1].id}`)).json().error.code).toBe(
      'not_your_child',
    );
    const linked = (await t.get(G, '/api/guardian/children')).json() as { student_id: number; section_id: number }[];
    const elsewhere = linked.find((c) => c.section_id !== S.option.section_id)!;
    const notFor = await t.get(G, `/api/homework/file/${hwId}?student_id=${elsewhere.student_id}`);
    expect(notFor.json().error.code).toBe('homework.not_for_you');
    // The child's own answer, not a classmate's.
    const mine = (await t.get(G, `/api/homework/student/id?homework_id=${hwId}&student_id=${S.pupils[0].id}`)).json();
    expect((await t.get(G, mine.submission.file_url)).statusCode).toBe(200);
    const theirs = await submit(S.pupils[1].code, hwId, { name: 'b.txt', content: 'classmate\n' });
    expect((await t.get(G, `/api/homework/submission/file/${theirs.json().id}`)).statusCode).toBe(403);
  });

  it('a student of another section cannot submit, nor as someone else', async () => {
    expect((await submit(S.otherSectionPupil.code, hwId, { name: 'a.txt', content: 'x' })).statusCode).toBe(403);
    const res = await upload(
      S.pupils[2].code,
      '/api/homework/submit',
      multipart({ homework_id: hwId, student_id: S.pupils[0].id }, { name: 'a.txt', content: 'x' }),
    );
    expect(res.statusCode).toBe(403);
  });

  it('after the due date: a first answer is late, an answer already in is kept (409)', async () => {
    const lateId = await createHw({
      topic: 'Closed',
      issue_date: iso(today().minus({ days: 5 })),
      due_date: iso(today().minus({ days: 1 })),
    });
    const onTime = S.pupils[0];
    // An answer given before the due date (made so directly: the calendar cannot be turned back).
    await t.db.insert(homeworkSubmissions).values({
      schoolId: S.school1,
      homeworkId: lateId,
      studentId: onTime.id,
      submittedAt: today().minus({ days: 2 }).toJSDate(),
      fileSha256: 'a'.repeat(64),
      fileName: 'old.txt',
      fileType: 'text/plain; charset=utf-8',
      fileSize: 3,
    });
    const refused = await submit(onTime.code, lateId, { name: 'new.txt', content: 'new' });
    expect(refused.statusCode).toBe(409);
    const late = await submit(S.pupils[1].code, lateId, { name: 'late.txt', content: 'late answer' });
    expect(late.json()).toMatchObject({ ok: true, late: true, message: HOMEWORK_MESSAGES.submittedLate });
    const list = await t.get('teacher1', `/api/homework/teacher/submitlist?home_work_id=${lateId}`);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.total).toBe(S.pupils.length);
    expect(body.homework.id).toBe(lateId);
    const status = Object.fromEntries(
      body.rows.map((r: { student_id: number; status: string }) => [r.student_id, r.status]),
    );
    expect(status[onTime.id]).toBe('submitted');
    expect(status[S.pupils[1].id]).toBe('late');
    expect(status[S.pupils[2].id]).toBe('missing');
    const missing = body.rows.find((r: { student_id: number }) => r.student_id === S.pupils[2].id);
    expect(missing).toMatchObject({ submission_time: null, file_url: null });
  });

  it('the submission list: the teacher’s own, the school’s admin and viewer; not others', async () => {
    const url = `/api/homework/teacher/submitlist?home_work_id=${hwId}&limit=2`;
    const page = (await t.get('admin1', url)).json();
    expect(page.rows).toHaveLength(2);
    expect(page.total).toBe(S.pupils.length);
    expect((await t.get('viewer1', url)).statusCode).toBe(200);
    expect((await t.get(S.colleague, url)).statusCode).toBe(403);
    expect((await t.get('admin2', url)).statusCode).toBe(403);
    expect(
      (await t.get('admin1', `/api/homework/teacher/submitlist?home_work_id=${S.school2Homework}`)).statusCode,
    ).toBe(403);
    expect((await t.get('teacher1', `/api/homework/teacher/submitlist?home_work_id=999999`)).statusCode).toBe(404);
  });
});

describe('what is still to do (pending=1, the student’s home screen)', () => {
  it('lists unanswered homework from a week overdue on, the soonest last date first', async () => {
    const me = S.pupils[3];
    const mk = (topic: string, due: number, issued = -12) =>
      createHw({ topic, issue_date: iso(today().plus({ days: issued })), due_date: iso(today().plus({ days: due })) });
    const inThree = await mk('In three days', 3);
    const dueToday = await mk('Due today', 0);
    const overdue = await mk('Three days late', -3);
    const weekAgo = await mk('Last date a week ago', -7);
    const tooOld = await mk('Last date eight days ago', -8);
    const answered = await mk('Answered already', 2);
    const notYetSet = await mk('Set tomorrow', 4, 1);
    expect((await submit(me.code, answered, { name: 'done.txt', content: 'done\n' })).statusCode).toBe(200);
    const mine = [inThree, dueToday, overdue, weekAgo, tooOld, answered, notYetSet];
    const res = await t.get(me.code, '/api/homework/student?pending=1&limit=100');
    expect(res.statusCode, res.body).toBe(200);
    const topics = res
      .json()
      .rows.filter((r: { id: number }) => mine.includes(r.id))
      .map((r: { topic: string }) => r.topic);
    expect(topics).toEqual(['Last date a week ago', 'Three days late', 'Due today', 'In three days']);
    // Without pending, the answered one and the old one are listed too (newest set first).
    const all = (await t.get(me.code, '/api/homework/student?limit=100')).json();
    const ids = all.rows.map((r: { id: number }) => r.id);
    expect(ids).toContain(tooOld);
    expect(ids).toContain(answered);
    expectField(await t.get(me.code, '/api/homework/student?pending=yes'), 400, 'pending');
  });
});

describe('delete', () => {
  it('deletes that row only, the teacher’s own, and never one with answers', async () => {
    const keep = await createHw({ topic: 'Keep' });
    const gone = await createHw({ topic: 'Gone' });
    expect((await t.post(S.colleague, `/api/homework/delete?id=${gone}`)).statusCode).toBe(403);
    expect((await t.post('admin2', `/api/homework/delete?id=${gone}`)).statusCode).toBe(403);
    const res = await t.post('teacher1', `/api/homework/delete?id=${gone}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Deleted  successfully!!');
    expect((await t.post('teacher1', `/api/homework/delete?id=${gone}`)).statusCode).toBe(404);
    expect(await t.db.select().from(homework).where(eq(homework.id, keep))).toHaveLength(1);
    expectField(await t.post('teacher1', '/api/homework/delete?id=undefined'), 400, 'id');
    await submit(S.pupils[3].code, keep, { name: 'a.txt', content: 'x' });
    expect((await t.post('teacher1', `/api/homework/delete?id=${keep}`)).statusCode).toBe(409);
  });
});

describe('the school’s filter', () => {
  it('admin and viewer filter a school’s homework; others’ schools are refused', async () => {
    const id = await createHw({
      topic: 'Filter me',
      issue_date: iso(today()),
      due_date: iso(today().plus({ days: 2 })),
    });
    const q = `class_id=${S.option.class_id}&section_id=${S.option.section_id}&subject_id=${S.option.subject_id}&teacher_id=${S.teacher1}`;
    const mine = (
      await t.get('admin1', `/api/homework/all/filter?${q}&date=${iso(today().plus({ days: 1 }))}&limit=100`)
    ).json();
    expect(mine.rows.some((r: { id: number }) => r.id === id)).toBe(true);
    for (const r of mine.rows)
      expect(r).toMatchObject({ class_id: S.option.class_id, section_id: S.option.section_id });
    const none = (await t.get('admin1', `/api/homework/all/filter?${q}&date=2001-01-01`)).json();
    expect(none).toMatchObject({ rows: [], total: 0 });
    expect((await t.get('admin1', `/api/homework/all/filter?school_info_id=${S.school2}`)).statusCode).toBe(403);
    const viewer = await t.get('viewer1', `/api/homework/all/filter?school_info_id=${S.school2}`);
    expect(viewer.statusCode).toBe(200);
    expect(viewer.json().total).toBeGreaterThan(0);
    for (const r of viewer.json().rows) expect(r.school_info_id).toBe(S.school2);
    expectField(await t.get('viewer1', '/api/homework/all/filter'), 400, 'school_info_id');
    expect((await t.get('teacher1', '/api/homework/all/filter')).statusCode).toBe(403);
    expect((await t.get(S.pupils[0].code, '/api/homework/all/filter')).statusCode).toBe(403);
  });

  it('the seed gave every school homework with on-time, late and missing answers', async () => {
    const counts = await t.db
      .select({ late: homeworkSubmissions.late, n: sql<number>`count(*)::int` })
      .from(homeworkSubmissions)
      .groupBy(homeworkSubmissions.late);
    expect(counts.find((c) => c.late)?.n).toBeGreaterThan(0);
    expect(counts.find((c) => !c.late)?.n).toBeGreaterThan(0);
  });
});

describe('the create budget', () => {
  it(`one homework more than ${HOMEWORK_CREATES_PER_HOUR} within an hour is a 429 with Retry-After, and keeps no file`, async () => {
    // One of teacher1's to copy; then all of teacher1's leave the hour, and the budget is spent
    // 10 minutes ago.
    await createHw({ topic: 'Budget model' });
    await t.db.execute(
      sql`update homework set created_at = now() - interval '2 hours' where teacher_id = ${S.teacher1}`,
    );
    await t.db.execute(sql`
      insert into homework (school_id, session_id, class_id, section_id, subject_id, teacher_id, topic, issue_date, due_date, created_at)
      select school_id, session_id, class_id, section_id, subject_id, teacher_id, 'Budget ' || g, issue_date, due_date,
             now() - interval '10 minutes' + (g - 1) * interval '1 second'
      from homework, generate_series(1, ${HOMEWORK_CREATES_PER_HOUR}) g
      where id = (select max(id) from homework where teacher_id = ${S.teacher1})`);
    const rows = async () =>
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(homework)
          .where(eq(homework.teacherId, S.teacher1))
      )[0].n;
    const before = await rows();
    const files = fs.readdirSync(uploadDir, { recursive: true }).length;

    const refused = await upload(
      'teacher1',
      '/api/homework/teacher',
      multipart(hwFields({ topic: 'One too many' }), { name: 'sheet.pdf', content: tinyPdf(['One too many']) }),
    );
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(refused.json().error.message).toBe(
      `You have set ${HOMEWORK_CREATES_PER_HOUR} homework in the last hour, the most allowed. Try again in 50 minute(s).`,
    );
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(49 * 60);
    expect(wait).toBeLessThanOrEqual(50 * 60);
    expect(await rows()).toBe(before);
    expect(fs.readdirSync(uploadDir, { recursive: true }).length).toBe(files);

    // An hour after the oldest, the budget has room again (and is full after that one).
    await t.db.execute(sql`
      update homework set created_at = now() - interval '61 minutes'
      where id = (select min(id) from homework where teacher_id = ${S.teacher1} and created_at > now() - interval '1 hour')`);
    await createHw({ topic: 'Room again' });
    expect((await upload('teacher1', '/api/homework/teacher', multipart(hwFields()))).statusCode).toBe(429);
  });
});
