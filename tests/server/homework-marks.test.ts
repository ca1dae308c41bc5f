/**
 * Homework marks (docs/DOMAIN.md, "Homework marks"): the homework's own teacher marks a submitted
 * answer (0..100, two decimals, feedback); another teacher of the school, another school, other
 * user types are refused; the mark shows in the teacher's submission list and on the student's and
 * a linked guardian's homework; every change is audited with its before and after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import {
  enrolments,
  guardians,
  guardianStudents,
  homeworkMarks,
  securityAudit,
  students,
  teachers,
  users,
} from '@server/db/schema';
import { DEMO_GUARDIAN_PHONE } from '@server/db/seed/demo';
import { tinyPdf } from '@server/db/seed/homework';
import type { TeacherOption } from '@/api/schemas/homework';
import { createTestApp, type TestApp } from '../helpers/server';
import { schoolToday } from '../helpers/run-clock';

let t: TestApp;
let uploadDir: string;

function multipart(fields: Record<string, string | number>, file?: { name: string; content: Uint8Array }) {
  const boundary = `----hm${randomBytes(8).toString('hex')}`;
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

const S = {} as {
  option: TeacherOption;
  homeworkId: number;
  submissionId: number;
  pupil: { id: number; code: string; userId: number; schoolId: number };
  colleague: string;
  otherSchoolTeacher: string;
};

const mark = (as: string, body: Record<string, unknown>) => t.post(as, '/api/homework_mark/update', body);

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-marks-'));
  t = await createTestApp({ UPLOAD_DIR: uploadDir });
  const db = t.db;
  S.option = (await t.get('teacher1', '/api/homework/teacher/options')).json()[0];
  const today = schoolToday();
  const created = await upload(
    'teacher1',
    '/api/homework/teacher',
    multipart({
      class_id: S.option.class_id,
      section_id: S.option.section_id,
      subject_id: S.option.subject_id,
      topic: 'Photosynthesis',
      issue_date: today.toISODate()!,
      due_date: today.plus({ days: 2 }).toISODate()!,
    }),
  );
  expect(created.statusCode, created.body).toBe(200);
  S.homeworkId = created.json().id;
  const [pupil] = await db
    .select({ id: students.id, code: users.userCode, userId: users.id, schoolId: students.schoolId })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(eq(enrolments.sectionId, S.option.section_id), eq(enrolments.sessionId, S.option.session_id)))
    .orderBy(asc(enrolments.classRollNo))
    .limit(1);
  S.pupil = pupil;
  const sent = await upload(
    pupil.code,
    '/api/homework/submit',
    multipart({ homework_id: S.homeworkId }, { name: 'answer.pdf', content: tinyPdf(['My answer']) }),
  );
  expect(sent.statusCode, sent.body).toBe(200);
  S.submissionId = sent.json().id;
  const [t1] = await db.select({ schoolId: users.schoolId }).from(users).where(eq(users.userCode, 'teacher1'));
  const teacherOf = async (where: ReturnType<typeof eq>) =>
    (
      await db
        .select({ code: users.userCode })
        .from(teachers)
        .innerJoin(users, eq(users.id, teachers.userId))
        .where(and(where, ne(users.userCode, 'teacher1')))
        .limit(1)
    )[0].code;
  S.colleague = await teacherOf(eq(teachers.schoolId, t1.schoolId!));
  S.otherSchoolTeacher = await teacherOf(ne(teachers.schoolId, t1.schoolId!));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe('marking', () => {
  it('the homework’s teacher marks an answer; the list shows it; the first mark is audited from nothing', async () => {
    const res = await mark('teacher1', { submission_id: S.submissionId, mark: 8.5, feedback: '  Good diagram.  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      message: 'Mark saved',
      code: 'homework.mark_saved',
      submission_id: S.submissionId,
      mark: 8.5,
      feedback: 'Good diagram.',
      full_mark: 100,
    });
    const list = (await t.get('teacher1', `/api/homework/teacher/submitlist?home_work_id=${S.homeworkId}`)).json();
    const row = list.rows.find((r: { student_id: number }) => r.student_id === S.pupil.id);
    expect(row).toMatchObject({ status: 'submitted', mark: 8.5, feedback: 'Good diagram.' });
    expect(row.marked_at).toEqual(expect.any(String));
    const unmarked = list.rows.find((r: { student_id: number }) => r.student_id !== S.pupil.id);
    expect(unmarked).toMatchObject({ mark: null, feedback: null, marked_at: null });
    const [audit] = await t.db
      .select()
      .from(securityAudit)
      .where(eq(securityAudit.action, 'homework.mark'))
      .orderBy(desc(securityAudit.id))
      .limit(1);
    expect(audit.subjectUserId).toBe(S.pupil.userId);
    expect(audit.detail).toEqual({
      submission_id: S.submissionId,
      homework_id: S.homeworkId,
      before: null,
      after: { mark: 8.5, feedback: 'Good diagram.' },
    });
  });

  it('a changed mark replaces the old one and keeps before and after; the same mark again adds no row', async () => {
    expect((await mark('teacher1', { submission_id: S.submissionId, mark: 9, feedback: 'Better.' })).statusCode).toBe(
      200,
    );
    const audits = await t.db
      .select()
      .from(securityAudit)
      .where(eq(securityAudit.action, 'homework.mark'))
      .orderBy(desc(securityAudit.id));
    expect(audits[0].detail).toMatchObject({
      before: { mark: 8.5, feedback: 'Good diagram.' },
      after: { mark: 9, feedback: 'Better.' },
    });
    expect((await mark('teacher1', { submission_id: S.submissionId, mark: 9, feedback: 'Better.' })).statusCode).toBe(
      200,
    );
    const again = await t.db.select().from(securityAudit).where(eq(securityAudit.action, 'homework.mark'));
    expect(again.length).toBe(audits.length);
    expect(await t.db.select().from(homeworkMarks).where(eq(homeworkMarks.submissionId, S.submissionId))).toHaveLength(
      1,
    );
  });

  it.each([
    [{ mark: 100.01 }, 'mark'],
    [{ mark: -1 }, 'mark'],
    [{ mark: 7.125 }, 'mark'],
    [{ mark: '9' }, 'mark'],
    [{ feedback: 'x'.repeat(1001) }, 'feedback'],
    [{ submission_id: 0 }, 'submission_id'],
  ])('400 naming the field: %j', async (patch, field) => {
    const res = await mark('teacher1', { submission_id: S.submissionId, mark: 5, ...patch });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields, res.body).toHaveProperty(field);
  });

  it('0 and the full mark are marks', async () => {
    expect((await mark('teacher1', { submission_id: S.submissionId, mark: 0 })).json().mark).toBe(0);
    expect(
      (await mark('teacher1', { submission_id: S.submissionId, mark: 100, feedback: 'Full marks.' })).json().mark,
    ).toBe(100);
  });

  it('another teacher of the school, another school’s teacher and other user types are refused', async () => {
    const colleague = await mark(S.colleague, { submission_id: S.submissionId, mark: 1 });
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json().error.code).toBe('homework.not_own');
    const other = await mark(S.otherSchoolTeacher, { submission_id: S.submissionId, mark: 1 });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('forbidden');
    for (const as of ['admin1', S.pupil.code, DEMO_GUARDIAN_PHONE, 'viewer1', 'superadmin']) {
      const res = await mark(as, { submission_id: S.submissionId, mark: 1 });
      expect(res.statusCode, as).toBe(403);
      expect(res.json().error.code, as).toBe('forbidden_role');
    }
    expect((await mark('teacher1', { submission_id: 99999999, mark: 1 })).statusCode).toBe(404);
    const [row] = await t.db.select().from(homeworkMarks).where(eq(homeworkMarks.submissionId, S.submissionId));
    expect(row.mark).toBe(100);
  });
});

describe('who reads the mark', () => {
  it('the student sees mark and feedback on their homework list and the homework itself', async () => {
    const list = (await t.get(S.pupil.code, '/api/homework/student')).json();
    const mine = list.rows.find((r: { id: number }) => r.id === S.homeworkId);
    expect(mine.submission).toMatchObject({ mark: 100, feedback: 'Full marks.' });
    const one = (await t.get(S.pupil.code, `/api/homework/student/id?homework_id=${S.homeworkId}`)).json();
    expect(one.submission).toMatchObject({ mark: 100, feedback: 'Full marks.' });
  });

  it('a linked guardian sees the child’s mark; unlinked, they are refused', async () => {
    const [g] = await t.db.select({ id: guardians.id }).from(guardians).where(eq(guardians.phone, DEMO_GUARDIAN_PHONE));
    await t.db
      .delete(guardianStudents)
      .where(and(eq(guardianStudents.guardianId, g.id), eq(guardianStudents.studentId, S.pupil.id)));
    const refused = await t.get(
      DEMO_GUARDIAN_PHONE,
      `/api/homework/student/id?homework_id=${S.homeworkId}&student_id=${S.pupil.id}`,
    );
    expect(refused.statusCode).toBe(403);
    await t.db
      .insert(guardianStudents)
      .values({ guardianId: g.id, studentId: S.pupil.id, schoolId: S.pupil.schoolId, relation: 'father' });
    const seen = await t.get(
      DEMO_GUARDIAN_PHONE,
      `/api/homework/student/id?homework_id=${S.homeworkId}&student_id=${S.pupil.id}`,
    );
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().submission).toMatchObject({ mark: 100, feedback: 'Full marks.' });
  });
});
