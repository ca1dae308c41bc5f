/**
 * A teacher's reach over students' contact details: the sections they teach this session. Every
 * people read a teacher may call, asked about a pupil of a section they teach, of a section of
 * their school they do not teach, and of another school.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  academicSessions,
  classes,
  enrolments,
  routines,
  sections,
  students,
  teachers,
  users,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/server';
import { schoolToday } from '../helpers/run-clock';

let t: TestApp;

interface Pupil {
  id: number;
  sectionId: number;
  mobile: string;
  email: string;
}
/** A pupil of Six A (teacher1's), of Six B (taken from teacher1 below) and of school 2's Six A. */
const P = {} as Record<'own' | 'otherSection' | 'otherSchool', Pupil>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const schoolOf = async (code: string) =>
    (await db.select({ id: users.schoolId }).from(users).where(eq(users.userCode, code)))[0].id!;
  const school1 = await schoolOf('admin1');
  const school2 = await schoolOf('admin2');
  const [session] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.sessionYear, String(schoolToday().year)));
  const [six] = await db.select({ id: classes.id }).from(classes).where(eq(classes.className, 'Six'));
  const section = async (school: number, name: string) =>
    (
      await db
        .select({ id: sections.id })
        .from(sections)
        .where(and(eq(sections.schoolId, school), eq(sections.classId, six.id), eq(sections.sectionDefaultName, name)))
    )[0].id;
  const pupil = async (sectionId: number, n: number): Promise<Pupil> => {
    const [e] = await db
      .select({ id: enrolments.studentId })
      .from(enrolments)
      .where(and(eq(enrolments.sectionId, sectionId), eq(enrolments.sessionId, session.id)))
      .orderBy(asc(enrolments.classRollNo))
      .limit(1);
    // Contact details on record, so an empty answer can only mean "not yours to see".
    const contact = { mobile: `0171100000${n}`, email: `pupil${n}@example.com` };
    await db.update(students).set({ mobileNo: contact.mobile, email: contact.email }).where(eq(students.id, e.id));
    return { id: e.id, sectionId, ...contact };
  };
  P.own = await pupil(await section(school1, 'A'), 1);
  P.otherSection = await pupil(await section(school1, 'B'), 2);
  P.otherSchool = await pupil(await section(school2, 'A'), 3);
  // The demo's teachers meet every section of their school: Six B's classes of teacher1 go to a
  // new colleague, so Six B is a section of teacher1's school that teacher1 does not teach.
  const made = await t.post('admin1', '/api/add_teacher', {
    teacher_code: 'REACH-T1',
    first_name: 'Nasrin',
    last_name: 'Akter',
    initial: 'NA',
  });
  expect(made.statusCode, made.body).toBe(200);
  const [colleague] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.teacherCode, 'REACH-T1'));
  const [t1] = await db
    .select({ id: teachers.id })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(users.userCode, 'teacher1'));
  const moved = await db
    .update(routines)
    .set({ teacherId: colleague.id })
    .where(and(eq(routines.teacherId, t1.id), eq(routines.sectionId, P.otherSection.sectionId)))
    .returning({ id: routines.id });
  expect(moved.length).toBeGreaterThan(0);
});
afterAll(() => t.close());

type Case = 'own' | 'otherSection' | 'otherSchool';

describe('teacher1 reads a pupil', () => {
  const profile = (c: Case) => t.get('teacher1', `/api/student/profile?student_id=${P[c].id}`);

  it.each([
    // the card of any pupil of the school; mobile and e-mail only of the pupils they teach
    { c: 'own' as Case, status: 200, contact: true },
    { c: 'otherSection' as Case, status: 200, contact: false },
    { c: 'otherSchool' as Case, status: 403, contact: false },
  ])('GET /api/student/profile: $c → $status, contact $contact', async ({ c, status, contact }) => {
    const res = await profile(c);
    expect(res.statusCode, res.body).toBe(status);
    if (status === 200) {
      const [card] = res.json();
      expect(card.id).toBe(P[c].id);
      expect({ mobile_no: card.mobile_no, email: card.email }).toEqual(
        contact ? { mobile_no: P[c].mobile, email: P[c].email } : { mobile_no: '', email: '' },
      );
    }
    if (!contact) {
      expect(res.body).not.toContain(P[c].mobile);
      expect(res.body).not.toContain(P[c].email);
    }
  });

  it.each([
    { c: 'own' as Case, status: 200 },
    { c: 'otherSection' as Case, status: 403 },
    { c: 'otherSchool' as Case, status: 403 },
  ])('GET /api/student/section of the pupil’s section: $c → $status', async ({ c, status }) => {
    const res = await t.get('teacher1', `/api/student/section?section_id=${P[c].sectionId}&limit=100`);
    expect(res.statusCode, res.body).toBe(status);
    if (status === 200) {
      const row = res.json().find((r: { id: number }) => r.id === P[c].id);
      expect(row.mobile_no).toBe(P[c].mobile);
    } else {
      expect(res.body).not.toContain(P[c].mobile);
    }
  });

  it.each([
    { c: 'own' as Case, status: 200 },
    { c: 'otherSection' as Case, status: 403 },
    { c: 'otherSchool' as Case, status: 403 },
  ])('GET /api/attendance/section/absent of the pupil’s section: $c → $status', async ({ c, status }) => {
    const res = await t.get('teacher1', `/api/attendance/section/absent?section_id=${P[c].sectionId}`);
    expect(res.statusCode, res.body).toBe(status);
  });

  it('GET /api/student/section of every section lists the pupils they teach and nobody else', async () => {
    const ids: number[] = [];
    for (let offset = 0; ; offset += 100) {
      const res = await t.get('teacher1', `/api/student/section?limit=100&offset=${offset}`);
      expect(res.statusCode, res.body).toBe(200);
      ids.push(...res.json().map((r: { id: number }) => r.id));
      if (offset + 100 >= Number(res.headers['x-total-count'])) break;
    }
    expect(ids).toContain(P.own.id);
    expect(ids).not.toContain(P.otherSection.id);
    expect(ids).not.toContain(P.otherSchool.id);
  });

  it.each(['/api/student/all', '/api/student/admin-search'])(
    '%s (the school’s lists) is not a teacher’s',
    async (url) => {
      const res = await t.get('teacher1', url);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden_role');
    },
  );

  it('the school admin still reads every pupil’s contact details of the school', async () => {
    const res = await t.get('admin1', `/api/student/profile?student_id=${P.otherSection.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()[0]).toMatchObject({ mobile_no: P.otherSection.mobile, email: P.otherSection.email });
  });
});
