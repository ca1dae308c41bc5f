/**
 * Subject activities through the API (docs/DOMAIN.md, "Exams and grades"; server/services/
 * subject-activities.ts): who sets, reads, answers and marks them, the answer window on the
 * server's clock, validation naming the field, and the grade sheet's Extra Curriculum after marks,
 * with written-out numbers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import { SUBJECT_ACTIVITY_FIELD_MESSAGES, SUBJECT_ACTIVITY_MESSAGES } from '@/api/schemas/subject-activities';
import type { TeacherOption } from '@/api/schemas/homework';
import { setClock } from '@server/clock';
import {
  enrolments,
  exams,
  guardians,
  guardianStudents,
  routines,
  students,
  subjectActivitySubmissions,
  teachers,
  users,
} from '@server/db/schema';
import { DEMO_GUARDIAN_PHONE } from '@server/db/seed/demo';
import { tinyPdf } from '@server/db/seed/homework';
import { createTestApp, type TestApp } from '../helpers/server';
import { schoolNow, useRunClock } from '../helpers/run-clock';

let t: TestApp;
let uploadDir: string;

interface Pupil {
  id: number;
  user: string;
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
  school2Activity: number;
  school2Pupil: Pupil;
};

/** A multipart/form-data body: text fields and, optionally, one file in the field `file`. */
function multipart(fields: Record<string, string | number>, file?: { name: string; content: Uint8Array | string }) {
  const boundary = `----sa${randomBytes(8).toString('hex')}`;
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

const upload = (as: string, url: string, body: ReturnType<typeof multipart>) =>
  t.call(as, { method: 'POST', url, payload: body.payload, headers: body.headers });

/** An instant `minutes` from the server's now, as an ISO string with Dhaka's offset. */
const at = (minutes: number) => schoolNow().plus({ minutes }).toISO()!;

const fields = (patch: Record<string, string | number> = {}) => ({
  class_id: S.option.class_id,
  section_id: S.option.section_id,
  subject_id: S.option.subject_id,
  title: 'Model of the water cycle',
  questions: 'Draw the water cycle and explain evaporation in five lines.',
  starts_at: at(-60),
  due_at: at(120),
  full_mark: 10,
  ...patch,
});

async function create(patch: Record<string, string | number> = {}, as = 'teacher1') {
  const res = await upload(as, '/api/activities/teacher', multipart(fields(patch)));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ ok: true, message: SUBJECT_ACTIVITY_MESSAGES.created });
  return res.json().id as number;
}

const answer = (as: string, id: number, text: string, file?: { name: string; content: Uint8Array | string }) =>
  upload(as, '/api/activities/submit', multipart({ homework_id: id, answer: text }, file));

const mark = (as: string, submission_id: number, value: number, feedback = '') =>
  t.post(as, '/api/teacher_extra_curriculum_marks', { submission_id, mark: value, feedback });

async function submissionOf(activityId: number, studentId: number) {
  const [row] = await t.db
    .select({ id: subjectActivitySubmissions.id })
    .from(subjectActivitySubmissions)
    .where(
      and(eq(subjectActivitySubmissions.activityId, activityId), eq(subjectActivitySubmissions.studentId, studentId)),
    );
  return row.id;
}

function expectField(res: { statusCode: number; body: string; json(): { error: { fields?: object } } }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().error.fields, res.body).toHaveProperty(field);
}
const codeOf = (res: { json(): { error: { code: string } } }) => res.json().error.code;

const PDF = tinyPdf(['Activity sheet', 'Water cycle']);

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-uploads-'));
  t = await createTestApp({ UPLOAD_DIR: uploadDir });
  const db = t.db;
  const schoolOfUser = async (code: string) =>
    (await db.select({ id: users.schoolId }).from(users).where(eq(users.userCode, code)))[0].id!;
  S.school1 = await schoolOfUser('admin1');
  S.school2 = await schoolOfUser('admin2');
  const [t1] = await db
    .select({ id: teachers.id })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(users.userCode, 'teacher1'));
  S.teacher1 = t1.id;
  // One of teacher1's subjects whose section has exams of it this session: it is on the grade sheet.
  const options: TeacherOption[] = (await t.get('teacher1', '/api/homework/teacher/options')).json();
  for (const o of options) {
    const [e] = await db
      .select({ id: exams.id })
      .from(exams)
      .where(
        and(eq(exams.sectionId, o.section_id), eq(exams.subjectId, o.subject_id), eq(exams.sessionId, o.session_id)),
      )
      .limit(1);
    if (e) {
      S.option = o;
      break;
    }
  }
  expect(S.option).toBeDefined();
  const [col] = await db
    .select({ code: users.userCode })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(and(eq(teachers.schoolId, S.school1), ne(teachers.id, t1.id)))
    .limit(1);
  S.colleague = col.code;
  const pupils = (where: ReturnType<typeof eq>) =>
    db
      .select({ id: students.id, user: users.userCode, code: students.studentCode })
      .from(enrolments)
      .innerJoin(students, eq(students.id, enrolments.studentId))
      .innerJoin(users, eq(users.id, students.userId))
      .where(and(where, eq(enrolments.sessionId, S.option.session_id)))
      .orderBy(asc(enrolments.classRollNo));
  S.pupils = await pupils(eq(enrolments.sectionId, S.option.section_id));
  expect(S.pupils.length).toBeGreaterThan(4);
  S.otherSectionPupil = (
    await pupils(and(eq(enrolments.schoolId, S.school1), ne(enrolments.sectionId, S.option.section_id))!)
  )[0];
  // Another school's activity, set by its teacher for a subject they teach.
  const opts2: TeacherOption[] = (await t.get('teacher2', '/api/homework/teacher/options')).json();
  const o2 = opts2[0];
  const res2 = await upload(
    'teacher2',
    '/api/activities/teacher',
    multipart({ ...fields(), class_id: o2.class_id, section_id: o2.section_id, subject_id: o2.subject_id }),
  );
  expect(res2.statusCode, res2.body).toBe(200);
  S.school2Activity = res2.json().id;
  S.school2Pupil = (await pupils(eq(enrolments.sectionId, o2.section_id)))[0];
});
afterAll(async () => {
  useRunClock();
  await t.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});
afterEach(() => useRunClock());

describe('setting an activity', () => {
  it('the owner teacher sets one with an attachment, and lists it with its section’s size', async () => {
    const res = await upload(
      'teacher1',
      '/api/activities/teacher',
      multipart(fields({ title: 'With a sheet' }), { name: 'sheet.pdf', content: PDF }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id;
    const list = (await t.get('teacher1', '/api/activities/teacher/individual')).json();
    const row = list.rows.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({
      title: 'With a sheet',
      full_mark: 10,
      state: 'open',
      file_url: `/api/activities/file/${id}`,
      file_name: 'sheet.pdf',
      submitted: 0,
      marked: 0,
      students: S.pupils.length,
      section_id: S.option.section_id,
      subject_id: S.option.subject_id,
    });
    const file = await t.get('teacher1', row.file_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
  });

  it('takes the school’s local date and time (a datetime-local input) as Dhaka time', async () => {
    const id = await create({ title: 'Local times', starts_at: '2026-01-10T09:00', due_at: '2026-01-10T17:30' });
    const list = (await t.get('teacher1', '/api/activities/teacher/individual')).json();
    const row = list.rows.find((r: { id: number }) => r.id === id);
    expect(row.starts_at).toBe('2026-01-10T03:00:00.000Z');
    expect(row.due_at).toBe('2026-01-10T11:30:00.000Z');
  });

  it('validates every field with a 400 naming it', async () => {
    const post = (patch: Record<string, string | number>) =>
      upload('teacher1', '/api/activities/teacher', multipart(fields(patch)));
    expectField(await post({ title: '   ' }), 'title');
    expectField(await post({ full_mark: 0 }), 'full_mark');
    expectField(await post({ full_mark: 1001 }), 'full_mark');
    expectField(await post({ class_id: 'x' }), 'class_id');
    expectField(await post({ starts_at: 'tomorrow' }), 'starts_at');
    expectField(await post({ due_at: '2026-02-30T10:00' }), 'due_at');
    const before = await post({ starts_at: at(60), due_at: at(30) });
    expectField(before, 'due_at');
    expect(before.json().error.fields.due_at).toBe(SUBJECT_ACTIVITY_FIELD_MESSAGES.dueBeforeStart);
    const { section_id: _omit, ...noSection } = fields();
    expectField(await upload('teacher1', '/api/activities/teacher', multipart(noSection)), 'section_id');
  });

  it('refuses a subject the teacher does not teach in that section, naming subject_id', async () => {
    const [other] = await t.db
      .select({ subjectId: routines.subjectId })
      .from(routines)
      .where(and(eq(routines.sectionId, S.option.section_id), ne(routines.teacherId, S.teacher1)))
      .limit(1);
    const res = await upload('teacher1', '/api/activities/teacher', multipart(fields({ subject_id: other.subjectId })));
    expectField(res, 'subject_id');
    expect(res.json().error.fields.subject_id).toBe(SUBJECT_ACTIVITY_FIELD_MESSAGES.notYourSubject);
  });

  it('refuses another teacher named, another school in the body, and every other role', async () => {
    expect((await t.post('teacher1', '/api/activities/teacher', { ...fields(), teacher_id: 999999 })).statusCode).toBe(
      403,
    );
    expect(
      (await t.post('teacher1', '/api/activities/teacher', { ...fields(), school_info_id: S.school2 })).statusCode,
    ).toBe(403);
    for (const as of ['admin1', 'student1', 'viewer1', DEMO_GUARDIAN_PHONE]) {
      const res = await t.post(as, '/api/activities/teacher', fields());
      expect({ as, status: res.statusCode }).toEqual({ as, status: 403 });
    }
  });
});

describe('reading and answering', () => {
  it('a student of the section reads it without an answer; another section’s or school’s is refused', async () => {
    const id = await create({ title: 'Read me' });
    const pupil = S.pupils[0];
    const one = await t.get(pupil.user, `/api/activities/student/id?homework_id=${id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ id, title: 'Read me', state: 'open', submission: null, full_mark: 10 });
    const list = (await t.get(pupil.user, '/api/activities/student')).json();
    expect(list.rows.map((r: { id: number }) => r.id)).toContain(id);

    const other = await t.get(S.otherSectionPupil.user, `/api/activities/student/id?homework_id=${id}`);
    expect(other.statusCode).toBe(403);
    expect(codeOf(other)).toBe('subject_activities.not_for_you');
    const otherList = (await t.get(S.otherSectionPupil.user, '/api/activities/student')).json();
    expect(otherList.rows.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await t.get(S.school2Pupil.user, `/api/activities/student/id?homework_id=${id}`)).statusCode).toBe(403);
    // school 1's users and another school's activity
    expect((await t.get(pupil.user, `/api/activities/student/id?homework_id=${S.school2Activity}`)).statusCode).toBe(
      403,
    );
    expect(
      (await t.get('teacher1', `/api/activities/teacher/submitlist?home_work_id=${S.school2Activity}`)).statusCode,
    ).toBe(403);
    expect(
      (await t.get('admin1', `/api/activities/teacher/submitlist?home_work_id=${S.school2Activity}`)).statusCode,
    ).toBe(403);
    expect((await t.get('teacher1', `/api/activities/file/${S.school2Activity}`)).statusCode).toBe(403);
  });

  it('an activity not yet started is hidden from the list, refused to read (not_open) and to answer', async () => {
    const id = await create({ title: 'Later', starts_at: at(60), due_at: at(180) });
    const pupil = S.pupils[0];
    const list = (await t.get(pupil.user, '/api/activities/student')).json();
    expect(list.rows.map((r: { id: number }) => r.id)).not.toContain(id);
    const read = await t.get(pupil.user, `/api/activities/student/id?homework_id=${id}`);
    expect(read.statusCode).toBe(403);
    expect(codeOf(read)).toBe('subject_activities.not_open');
    const sent = await answer(pupil.user, id, 'early');
    expect(sent.statusCode).toBe(403);
  });

  it('a student answers with text and a file; re-sending before the due time replaces the answer', async () => {
    const id = await create({ title: 'Answer me' });
    const pupil = S.pupils[1];
    const first = await answer(pupil.user, id, 'Evaporation is water turning into vapour.');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ ok: true, code: 'subject_activities.submitted' });
    const again = await answer(pupil.user, id, 'Second try.', { name: 'answer.pdf', content: PDF });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, code: 'subject_activities.resubmitted' });
    const one = (await t.get(pupil.user, `/api/activities/student/id?homework_id=${id}`)).json();
    expect(one.submission).toMatchObject({
      id: first.json().id,
      answer: 'Second try.',
      file_name: 'answer.pdf',
      file_url: `/api/activities/submission/file/${first.json().id}`,
      mark: null,
      feedback: '',
    });
    // its own file, to the student and the teacher; never to a classmate
    expect((await t.get(pupil.user, one.submission.file_url)).statusCode).toBe(200);
    expect((await t.get('teacher1', one.submission.file_url)).statusCode).toBe(200);
    expect((await t.get(S.pupils[2].user, one.submission.file_url)).statusCode).toBe(403);
    const rows = await t.db
      .select()
      .from(subjectActivitySubmissions)
      .where(eq(subjectActivitySubmissions.activityId, id));
    expect(rows).toHaveLength(1);
  });

  it('refuses an empty answer (naming answer), another section’s student and other roles', async () => {
    const id = await create({ title: 'Empty' });
    expectField(await answer(S.pupils[0].user, id, '  '), 'answer');
    const other = await answer(S.otherSectionPupil.user, id, 'not mine');
    expect(other.statusCode).toBe(403);
    expect(codeOf(other)).toBe('subject_activities.not_for_you');
    expect((await answer(S.school2Pupil.user, id, 'other school')).statusCode).toBe(403);
    expect((await t.post('teacher1', '/api/activities/submit', { homework_id: id, answer: 'x' })).statusCode).toBe(403);
    expect((await t.post('admin1', '/api/activities/submit', { homework_id: id, answer: 'x' })).statusCode).toBe(403);
  });

  it('a late answer is refused on the server’s clock, with a clear error; just before the due time is in time', async () => {
    const due = schoolNow().plus({ minutes: 30 }).startOf('minute');
    const id = await create({ title: 'Due soon', starts_at: at(-60), due_at: due.toISO()! });
    setClock(due.minus({ seconds: 2 }).toISO()!);
    const inTime = await answer(S.pupils[0].user, id, 'Just in time.');
    expect(inTime.statusCode, inTime.body).toBe(200);
    setClock(due.plus({ minutes: 1 }).toISO()!);
    const late = await answer(S.pupils[1].user, id, 'Too late.');
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'subject_activities.closed',
      message: SUBJECT_ACTIVITY_FIELD_MESSAGES.closed,
    });
    // and the one in time may not be replaced after it either
    expect((await answer(S.pupils[0].user, id, 'Changed my mind.')).statusCode).toBe(409);
    const one = (await t.get(S.pupils[0].user, `/api/activities/student/id?homework_id=${id}`)).json();
    expect(one).toMatchObject({ state: 'closed', submission: { answer: 'Just in time.' } });
  });

  it('a linked guardian reads the child’s activities, names the child, and cannot answer', async () => {
    const id = await create({ title: 'For the family' });
    const [g] = await t.db.select({ id: guardians.id }).from(guardians).where(eq(guardians.phone, DEMO_GUARDIAN_PHONE));
    const child = S.pupils[4];
    await t.db
      .insert(guardianStudents)
      .values({ guardianId: g.id, studentId: child.id, schoolId: S.school1, relation: 'mother' })
      .onConflictDoNothing();
    const list = await t.get(DEMO_GUARDIAN_PHONE, `/api/activities/student?student_id=${child.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().rows.map((r: { id: number }) => r.id)).toContain(id);
    const one = await t.get(DEMO_GUARDIAN_PHONE, `/api/activities/student/id?homework_id=${id}&student_id=${child.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect((await t.get(DEMO_GUARDIAN_PHONE, '/api/activities/student')).statusCode).toBe(400);
    expect((await answer(DEMO_GUARDIAN_PHONE, id, 'from a parent')).statusCode).toBe(403);
  });
});

describe('the submission list and marks', () => {
  it('lists every student of the section, answered or not, to the owner and the admin only', async () => {
    const id = await create({ title: 'List me' });
    await answer(S.pupils[0].user, id, 'Mine.');
    const res = await t.get('teacher1', `/api/activities/teacher/submitlist?home_work_id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.total).toBe(S.pupils.length);
    expect(page.activity).toMatchObject({ id, submitted: 1, marked: 0 });
    expect(page.rows[0]).toMatchObject({
      student_id: S.pupils[0].id,
      status: 'submitted',
      answer: 'Mine.',
      mark: null,
    });
    expect(page.rows[1]).toMatchObject({ student_id: S.pupils[1].id, status: 'missing', submission_id: null });
    expect((await t.get('admin1', `/api/activities/teacher/submitlist?home_work_id=${id}`)).statusCode).toBe(200);
    const colleague = await t.get(S.colleague, `/api/activities/teacher/submitlist?home_work_id=${id}`);
    expect(colleague.statusCode).toBe(403);
    expect(codeOf(colleague)).toBe('subject_activities.not_own');
    expect((await t.get('admin2', `/api/activities/teacher/submitlist?home_work_id=${id}`)).statusCode).toBe(403);
    expect((await t.get('student1', `/api/activities/teacher/submitlist?home_work_id=${id}`)).statusCode).toBe(403);
    expectField(await t.get('teacher1', '/api/activities/teacher/submitlist'), 'home_work_id');
  });

  it('only the activity’s teacher marks, 0 to the full mark; the student sees mark and feedback', async () => {
    const id = await create({ title: 'Mark me', full_mark: 20 });
    const pupil = S.pupils[0];
    await answer(pupil.user, id, 'My answer.');
    const sub = await submissionOf(id, pupil.id);

    const colleague = await mark(S.colleague, sub, 10);
    expect(colleague.statusCode).toBe(403);
    expect(codeOf(colleague)).toBe('subject_activities.not_own');
    expect((await mark('admin1', sub, 10)).statusCode).toBe(403);
    expect((await mark(pupil.user, sub, 20)).statusCode).toBe(403);
    expect((await mark('teacher2', sub, 10)).statusCode).toBe(403);
    expectField(await mark('teacher1', sub, 21), 'mark');
    expectField(await mark('teacher1', sub, -1), 'mark');
    expectField(await mark('teacher1', sub, 7.125), 'mark');
    expectField(await t.post('teacher1', '/api/teacher_extra_curriculum_marks', { mark: 5 }), 'submission_id');
    expect((await mark('teacher1', 99999999, 5)).statusCode).toBe(404);

    const ok = await mark('teacher1', sub, 16.5, 'Clear diagram.');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ ok: true, submission_id: sub, mark: 16.5, feedback: 'Clear diagram.' });
    const one = (await t.get(pupil.user, `/api/activities/student/id?homework_id=${id}`)).json();
    expect(one.submission).toMatchObject({ mark: 16.5, feedback: 'Clear diagram.' });
    const list = (await t.get('teacher1', `/api/activities/teacher/submitlist?home_work_id=${id}`)).json();
    expect(list.rows[0]).toMatchObject({ status: 'marked', mark: 16.5 });
    expect(list.activity).toMatchObject({ submitted: 1, marked: 1 });
    // a marked answer stands
    const resent = await answer(pupil.user, id, 'Better answer.');
    expect(resent.statusCode).toBe(409);
    expect(codeOf(resent)).toBe('subject_activities.already_marked');
  });
});

describe('the grade sheet', () => {
  const sheetOf = async (code: string) => {
    const res = await t.get('admin1', `/api/gradesheet?student_code=${code}&session_id=${S.option.session_id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      subjects: { subject_id: number; extra_curriculum: number; total: number; maximum: number }[];
    };
  };
  const subjectRow = (sheet: Awaited<ReturnType<typeof sheetOf>>) =>
    sheet.subjects.find((s) => s.subject_id === S.option.subject_id)!;

  it('a subject’s marked activities are its Extra Curriculum: 5 × the mean of mark / full mark', async () => {
    const pupil = S.pupils[3];
    const classmate = S.pupils[2];
    const before = await sheetOf(pupil.code);
    const beforeMate = await sheetOf(classmate.code);
    expect(subjectRow(before)).toBeDefined();

    const x = await create({ title: 'Grade X', full_mark: 10 });
    const y = await create({ title: 'Grade Y', full_mark: 20 });
    await answer(pupil.user, x, 'X answer');
    await answer(pupil.user, y, 'Y answer');
    await answer(classmate.user, x, 'not marked yet');

    // Answers not yet marked change nothing.
    expect(await sheetOf(pupil.code)).toEqual(before);

    expect((await mark('teacher1', await submissionOf(x, pupil.id), 8)).statusCode).toBe(200);
    // one marked activity: 5 × 8/10 = 4
    expect(subjectRow(await sheetOf(pupil.code)).extra_curriculum).toBe(4);
    expect((await mark('teacher1', await submissionOf(y, pupil.id), 12)).statusCode).toBe(200);
    // two: 5 × (8/10 + 12/20) / 2 = 5 × 0.7 = 3.5
    const after = await sheetOf(pupil.code);
    const row = subjectRow(after);
    expect(row.extra_curriculum).toBe(3.5);
    // the total moves by the part's change alone
    expect(row.total).toBeCloseTo(subjectRow(before).total - subjectRow(before).extra_curriculum + 3.5, 2);
    // the other subjects keep what they had (the clubs and sports fallback)
    for (const s of after.subjects.filter((s) => s.subject_id !== S.option.subject_id)) {
      expect(s).toEqual(before.subjects.find((b) => b.subject_id === s.subject_id));
    }
    // the classmate's answer is not marked: their sheet is as it was
    expect(await sheetOf(classmate.code)).toEqual(beforeMate);
    // a mark changed: 5 × (10/10 + 12/20) / 2 = 4
    expect((await mark('teacher1', await submissionOf(x, pupil.id), 10)).statusCode).toBe(200);
    expect(subjectRow(await sheetOf(pupil.code)).extra_curriculum).toBe(4);
  });
});
