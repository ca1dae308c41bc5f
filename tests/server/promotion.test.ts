/**
 * Promotion at the end of a session: a section's students move to a class and section of
 * a later session in one step, keeping rolls and leaving the old enrolment (and its history) alone;
 * any clash refuses the whole step.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { academicSessions, classes, enrolments, sections, students, users } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
const S = {} as {
  school1: number;
  now: number;
  nowYear: number;
  next: number;
  sixA: number;
  sevenA: number;
  sevenB: number;
  sevenA2: number;
};

const sectionOf = async (school: number, className: string, name: string) => {
  const [row] = await t.db
    .select({ id: sections.id })
    .from(sections)
    .innerJoin(classes, eq(classes.id, sections.classId))
    .where(and(eq(sections.schoolId, school), eq(classes.className, className), eq(sections.sectionDefaultName, name)));
  return row?.id;
};

beforeAll(async () => {
  t = await createTestApp();
  const [a1] = await t.db.select({ s: users.schoolId }).from(users).where(eq(users.userCode, 'admin1'));
  const [a2] = await t.db.select({ s: users.schoolId }).from(users).where(eq(users.userCode, 'admin2'));
  S.school1 = a1.s!;
  S.sixA = (await sectionOf(S.school1, 'Six', 'A'))!;
  // The latest session the demo's Six A has students in (the current one), and the year after it.
  const [now] = await t.db
    .select({ id: academicSessions.id, year: academicSessions.sessionYear })
    .from(enrolments)
    .innerJoin(academicSessions, eq(academicSessions.id, enrolments.sessionId))
    .where(eq(enrolments.sectionId, S.sixA))
    .orderBy(desc(academicSessions.sessionYear))
    .limit(1);
  S.now = now.id;
  S.nowYear = Number(now.year);
  await t.db
    .insert(academicSessions)
    .values({ sessionYear: String(S.nowYear + 1) })
    .onConflictDoNothing();
  const [next] = await t.db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.sessionYear, String(S.nowYear + 1)));
  S.next = next.id;
  S.sevenA = (await sectionOf(S.school1, 'Seven', 'A'))!;
  S.sevenB = (await sectionOf(S.school1, 'Seven', 'B'))!;
  S.sevenA2 = (await sectionOf(a2.s!, 'Seven', 'A'))!;
});
afterAll(() => t.close());

const enrolled = async (sectionId: number, sessionId: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(enrolments)
      .where(and(eq(enrolments.sectionId, sectionId), eq(enrolments.sessionId, sessionId)))
  )[0].n;

const promote = (body: Record<string, unknown>, who = 'admin1') =>
  t.post(who, '/api/student/promote', {
    from_session_id: S.now,
    section_id: S.sixA,
    to_session_id: S.next,
    to_section_id: S.sevenA,
    ...body,
  });

it('the demo has the sections this test moves between', () => {
  expect([S.sixA, S.sevenA, S.sevenB, S.sevenA2].every((x) => typeof x === 'number')).toBe(true);
});

it('refuses a session that is not later, a lower class and another school’s section, writing nothing', async () => {
  const before = await enrolled(S.sevenA, S.next);
  const same = await promote({ to_session_id: S.now });
  expect(same.statusCode).toBe(400);
  expect(same.json().error.fields).toHaveProperty('to_session_id');
  const lower = await promote({ section_id: S.sevenA, to_section_id: S.sixA });
  expect(lower.statusCode).toBe(400);
  expect(lower.json().error.fields).toHaveProperty('to_section_id');
  expect(await enrolled(S.sixA, S.next)).toBe(0);
  const foreign = await promote({ to_section_id: S.sevenA2 });
  expect(foreign.statusCode).toBe(404);
  expect(foreign.json().error.fields).toHaveProperty('to_section_id');
  const notHers = await promote({}, 'admin2');
  expect(notHers.statusCode).toBe(404);
  expect(await enrolled(S.sevenA, S.next)).toBe(before);
});

it('moves some students, keeping rolls and the old enrolments; a second try is a 409 naming them', async () => {
  const six = await t.db
    .select({ studentId: enrolments.studentId, roll: enrolments.classRollNo, code: students.studentCode })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .where(and(eq(enrolments.sectionId, S.sixA), eq(enrolments.sessionId, S.now)))
    .orderBy(enrolments.classRollNo);
  expect(six.length).toBeGreaterThan(3);
  const firstTwo = six.slice(0, 2);
  const res = await promote({ student_ids: firstTwo.map((s) => s.studentId) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ ok: true, promoted: 2, to_class_name: 'Seven', to_section_name: 'A' });
  expect(res.json().message).toBe(`2 students promoted to Seven, section A (${S.nowYear + 1})`);
  const moved = await t.db
    .select({ studentId: enrolments.studentId, roll: enrolments.classRollNo })
    .from(enrolments)
    .where(and(eq(enrolments.sectionId, S.sevenA), eq(enrolments.sessionId, S.next)))
    .orderBy(enrolments.classRollNo);
  expect(moved).toEqual(firstTwo.map((s) => ({ studentId: s.studentId, roll: s.roll })));
  expect(await enrolled(S.sixA, S.now)).toBe(six.length); // the year's history keeps its enrolments

  const again = await promote({ student_ids: [firstTwo[0].studentId, six[2].studentId] });
  expect(again.statusCode).toBe(409);
  expect(again.json().error.code).toBe('people.already_enrolled');
  expect(again.json().error.message).toContain(firstTwo[0].code);
  expect(again.json().error.message).not.toContain(six[2].code);
  // The names travel apart too, for the client to say the sentence in Bangla.
  expect(again.json().error.params).toEqual({ year: String(S.nowYear + 1), codes: firstTwo[0].code });
  expect(await enrolled(S.sevenA, S.next)).toBe(2); // all or nothing: the third was not moved either
});

it('a student not in the section is named; a roll taken in the new section refuses the whole section', async () => {
  const [outsider] = await t.db
    .select({ id: enrolments.studentId })
    .from(enrolments)
    .where(and(eq(enrolments.sectionId, S.sevenA), eq(enrolments.sessionId, S.now)))
    .limit(1);
  const stranger = await promote({ student_ids: [outsider.id] });
  expect(stranger.statusCode).toBe(400);
  expect(stranger.json().error.fields).toHaveProperty('student_ids');

  // Seven A of next year already holds rolls 1 and 2 (the two moved above); Six B has the same rolls.
  const sixB = (await sectionOf(S.school1, 'Six', 'B'))!;
  const clash = await promote({ section_id: sixB });
  expect(clash.statusCode).toBe(409);
  expect(clash.json().error.code).toBe('people.roll_taken');
  expect(await enrolled(S.sevenA, S.next)).toBe(2);

  // Into an empty section the rest of Six A goes in one step.
  const rest = await promote({ to_section_id: S.sevenB, student_ids: undefined, section_id: sixB });
  expect(rest.statusCode, rest.body).toBe(200);
  expect(rest.json().promoted).toBe(await enrolled(sixB, S.now));
});
