/**
 * Guardians: creating and matching by phone, linking and unlinking, the guardian's
 * sign-in by phone, and child-scoped reads: a linked child in any section or school, never another.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  academicSessions,
  enrolments,
  guardians,
  guardianStudents,
  securityAudit,
  students,
  users,
} from '@server/db/schema';
import { hashPassword } from '@server/auth/passwords';
import { DEMO_GUARDIAN_PHONE } from '@server/db/seed/demo';
import { createTestApp, type TestApp } from '../helpers/server';
import { schoolToday } from '../helpers/run-clock';

let t: TestApp;
const G = DEMO_GUARDIAN_PHONE;

interface Child {
  student_id: number;
  student_code: string;
  section_id: number | null;
  school_info_id: number;
}
let children: Child[];
let stranger: number; // a school 1 student who is no child of the demo guardian
let school2Pupil: { id: number; schoolId: number; code: string };
let school1: number;

async function login(userCode: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/users/login', payload: { user_code: userCode, password } });
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.get(G, '/api/guardian/children');
  expect(res.statusCode, res.body).toBe(200);
  children = res.json();
  school1 = children[0].school_info_id;
  const ids = children.map((c) => c.student_id);
  const [other] = await t.db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, school1), ne(students.id, ids[0]), ne(students.id, ids[1])))
    .limit(1);
  stranger = other.id;
  const [s2] = await t.db
    .select({ id: students.id, schoolId: students.schoolId, code: students.studentCode })
    .from(students)
    .innerJoin(enrolments, eq(enrolments.studentId, students.id))
    .where(ne(students.schoolId, school1))
    .limit(1);
  school2Pupil = s2;
});
afterAll(() => t.close());

describe('the demo guardian', () => {
  it('signs in with the phone number in any usual format and lands as user type 3', async () => {
    for (const id of [G, `+88${G}`, `88${G}`]) {
      const res = await login(id, 'demo1234');
      expect(res.statusCode, id).toBe(200);
      expect(res.json().user_type_id).toBe(3);
      expect(res.json().user_code).toBe(G);
    }
  });

  it('has two children in different sections of one school', () => {
    expect(children).toHaveLength(2);
    expect(children[0].section_id).not.toBeNull();
    expect(children[0].section_id).not.toBe(children[1].section_id);
    expect(children[1].school_info_id).toBe(school1);
  });

  it('reads each child’s attendance, invoices, notices, homework and routine', async () => {
    for (const c of children) {
      const q = `student_id=${c.student_id}`;
      for (const url of [
        `/api/attendance/student/individual?${q}`,
        `/api/attendance/student/individual/summary?${q}`,
        `/api/invoice/due?${q}`,
        `/api/invoice/paid?${q}`,
        `/api/notice/student?${q}`,
        `/api/homework/student?${q}`,
        `/api/routine/student?section_id=${c.section_id}`,
      ]) {
        const res = await t.get(G, url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      }
    }
    const summary = (
      await t.get(G, `/api/attendance/student/individual/summary?student_id=${children[1].student_id}`)
    ).json();
    expect(summary.student_id).toBe(children[1].student_id);
  });

  it('is refused every child-scoped read of a student who is not their child', async () => {
    const q = `student_id=${stranger}`;
    for (const url of [
      `/api/attendance/student/individual?${q}`,
      `/api/attendance/student/individual/summary?${q}`,
      `/api/invoice/due?${q}`,
      `/api/invoice/paid?${q}`,
      `/api/notice/student?${q}`,
      `/api/homework/student?${q}`,
    ]) {
      const res = await t.get(G, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe('not_your_child');
    }
    const [code] = await t.db.select({ code: students.studentCode }).from(students).where(eq(students.id, stranger));
    const sheet = await t.get(G, `/api/gradesheet?school_info_id=${school1}&student_code=${code.code}&session_id=1`);
    expect(sheet.statusCode).toBe(403);
  });

  it('reads each child’s published marks, grade sheet (and its PDF), exam types and the school calendar', async () => {
    const [prev] = await t.db
      .select({ id: academicSessions.id })
      .from(academicSessions)
      .where(eq(academicSessions.sessionYear, String(schoolToday().year - 1)));
    for (const c of children) {
      const q = `student_code=${c.student_code}&session_id=${prev.id}&school_info_id=${c.school_info_id}`;
      const marks = await t.get(G, `/api/mark?${q}`);
      expect(marks.statusCode, marks.body).toBe(200);
      expect(marks.json().length).toBeGreaterThan(0);
      const sheet = await t.get(G, `/api/gradesheet?${q}`);
      expect(sheet.statusCode, sheet.body).toBe(200);
      expect(JSON.stringify(sheet.json())).toContain(c.student_code);
      const pdf = await t.get(G, `/api/gradesheet/pdf?${q}`);
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      for (const url of [
        `/api/exam_name?school_info_id=${c.school_info_id}`,
        `/api/exam/publication?session_id=${prev.id}&school_info_id=${c.school_info_id}`,
        `/api/calender/student?school_info_id=${c.school_info_id}`,
      ]) {
        const res = await t.get(G, url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      }
    }
  });

  it('is refused a non-child’s marks, grade sheet and PDF, and results not yet published', async () => {
    const [prev] = await t.db
      .select({ id: academicSessions.id, year: academicSessions.sessionYear })
      .from(academicSessions)
      .where(eq(academicSessions.sessionYear, String(schoolToday().year - 1)));
    const [code] = await t.db.select({ code: students.studentCode }).from(students).where(eq(students.id, stranger));
    const q = `student_code=${code.code}&session_id=${prev.id}&school_info_id=${school1}`;
    for (const url of [`/api/mark?${q}`, `/api/gradesheet?${q}`, `/api/gradesheet/pdf?${q}`]) {
      const res = await t.get(G, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe('not_your_child');
    }
    const [current] = await t.db
      .select({ id: academicSessions.id })
      .from(academicSessions)
      .where(eq(academicSessions.sessionYear, String(Number(prev.year) + 1)));
    const c = children[0];
    const early = await t.get(
      G,
      `/api/gradesheet?student_code=${c.student_code}&session_id=${current.id}&school_info_id=${c.school_info_id}`,
    );
    // this year's: the child is enrolled, the results are not out yet
    expect(early.statusCode, early.body).toBe(403);
    expect(early.json().error.code).toBe('exams.not_published');
  });

  it('reads each child’s online classes, activities and library loans, and is refused a non-child’s', async () => {
    for (const c of children) {
      const classes = await t.get(G, `/api/eschool/classes?student_id=${c.student_id}`);
      expect(classes.statusCode, classes.body).toBe(200);
      for (const row of classes.json().rows) expect(row.section_id).toBe(c.section_id);
      const mine = await t.get(G, `/api/activities/mine?student_id=${c.student_id}`);
      expect(mine.statusCode, mine.body).toBe(200);
      // the same answer the child gets for themself
      const [own] = await t.db
        .select({ code: users.userCode })
        .from(users)
        .innerJoin(students, eq(students.userId, users.id))
        .where(eq(students.id, c.student_id));
      const theirs = await t.get(own.code, '/api/activities/mine');
      expect(theirs.statusCode, theirs.body).toBe(200);
      expect(mine.json()).toEqual(theirs.json());
      const loans = await t.get(G, `/api/library/loans?status=all&student_id=${c.student_id}`);
      expect(loans.statusCode, loans.body).toBe(200);
      for (const row of loans.json().rows) expect(row.student_id).toBe(c.student_id);
    }
    for (const url of [
      `/api/eschool/classes?student_id=${stranger}`,
      `/api/activities/mine?student_id=${stranger}`,
      `/api/library/loans?student_id=${stranger}`,
    ]) {
      const res = await t.get(G, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe('not_your_child');
    }
    expect((await t.get(G, '/api/eschool/classes')).statusCode).toBe(400);
    // the writes stay the staff's
    expect((await t.post(G, '/api/eschool/classes', {})).statusCode).toBe(403);
    expect((await t.post(G, '/api/library/loans', {})).statusCode).toBe(403);
  });

  it('must name the child, and may not read a school none of their children is in', async () => {
    const res = await t.get(G, '/api/attendance/student/individual/summary');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('student_id');
    expect((await t.get(G, `/api/calender/student?school_info_id=${school2Pupil.schoolId}`)).statusCode).toBe(403);
    expect((await t.get(G, `/api/calender/student?school_info_id=${school1}`)).statusCode).not.toBe(403);
    // The library's catalogue: the children's school's, never another's; and never a write.
    const books = await t.get(G, `/api/library/books?school_info_id=${school1}`);
    expect(books.statusCode, books.body).toBe(200);
    expect(books.json().total).toBeGreaterThan(0);
    expect((await t.get(G, `/api/library/books?school_info_id=${school2Pupil.schoolId}`)).statusCode).toBe(403);
    expect((await t.post(G, '/api/library/books', { title: 'x', copies: 1 })).statusCode).toBe(403);
  });

  it('cannot write what a student writes, nor administer guardians', async () => {
    const submit = await t.post(G, '/api/homework/submit', {});
    expect(submit.statusCode).toBe(403);
    // reading a child's notice does not mark it read for the child: that is the student's own
    const notices = (await t.get(G, `/api/notice/student?student_id=${children[0].student_id}`)).json();
    if (notices.rows.length > 0) {
      const read = await t.post(G, `/api/notice/read?id=${notices.rows[0].id}`, {});
      expect(read.statusCode).toBe(403);
    }
    const publish = await t.post(G, '/api/exam/publish', { session_id: 1 });
    expect(publish.statusCode).toBe(403);
    const create = await t.post(G, '/api/guardian', {
      name: 'X',
      phone: '01812345678',
      relation: 'father',
      student_ids: [stranger],
    });
    expect(create.statusCode).toBe(403);
  });
});

describe('the school admin', () => {
  const phone = '01898765432';
  let guardianId: number;
  let initial: string;

  it('creates a guardian for two students and gets a one-time password', async () => {
    const res = await t.post('admin1', '/api/guardian', {
      name: 'Rahima Khatun',
      phone: '+880 1898-765432',
      relation: 'mother',
      student_ids: [stranger, children[0].student_id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.user_code).toBe(phone);
    expect(body.matched).toBe(false);
    expect(body.initial_password).toMatch(/^\w{12}$/);
    guardianId = body.guardian_id;
    initial = body.initial_password;
  });

  it('the new guardian must change the password before reading anything', async () => {
    const res = await login(phone, initial);
    expect(res.statusCode).toBe(200);
    expect(res.json().must_change_password).toBe(true);
    const token = res.json().accessToken as string;
    const kids = await t.app.inject({ url: '/api/guardian/children', headers: bearer(token) });
    expect(kids.statusCode).toBe(403);
    expect(kids.json().error.code).toBe('password_change_required');
  });

  it('matches an existing guardian by phone and links instead of creating another', async () => {
    const res = await t.post('admin1', '/api/guardian', {
      name: 'Rahima',
      phone: '01898765432',
      relation: 'mother',
      student_ids: [children[1].student_id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ guardian_id: guardianId, matched: true, initial_password: null });
    const links = await t.db.select().from(guardianStudents).where(eq(guardianStudents.guardianId, guardianId));
    expect(links.map((l) => l.studentId).sort()).toEqual(
      [stranger, children[0].student_id, children[1].student_id].sort(),
    );
  });

  it('lists a student’s guardians and unlinks one', async () => {
    const list = await t.get('admin1', `/api/guardian/student?student_id=${children[0].student_id}`);
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .map((g: { phone: string }) => g.phone)
        .sort(),
    ).toEqual([G, phone].sort());
    const gone = await t.post('admin1', '/api/guardian/unlink', { guardian_id: guardianId, student_id: stranger });
    expect(gone.statusCode, gone.body).toBe(200);
    const again = await t.post('admin1', '/api/guardian/unlink', { guardian_id: guardianId, student_id: stranger });
    expect(again.statusCode).toBe(404);
    const relink = await t.post('admin1', '/api/guardian/link', {
      guardian_id: guardianId,
      student_id: stranger,
      relation: 'other',
    });
    expect(relink.statusCode, relink.body).toBe(200);
  });

  it('is refused another school’s students', async () => {
    const res = await t.post('admin2', '/api/guardian', {
      name: 'Someone',
      phone: '01911111111',
      relation: 'father',
      student_ids: [children[0].student_id],
    });
    expect(res.statusCode).toBe(403);
    expect((await t.get('admin2', `/api/guardian/student?student_id=${children[0].student_id}`)).statusCode).toBe(403);
    const unlink = await t.post('admin2', '/api/guardian/unlink', {
      guardian_id: guardianId,
      student_id: children[0].student_id,
    });
    expect(unlink.statusCode).toBe(403);
    const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.userCode, '01911111111'));
    expect(u).toBeUndefined();
  });

  it('a sibling in another school: the other school’s admin links the same guardian, who then sees both schools', async () => {
    const res = await t.post('admin2', '/api/guardian', {
      name: 'Demo guardian',
      phone: G,
      relation: 'father',
      student_ids: [school2Pupil.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().matched).toBe(true);
    const kids = (await t.get(G, '/api/guardian/children')).json() as Child[];
    expect(new Set(kids.map((k) => k.school_info_id)).size).toBe(2);
    const far = await t.get(G, `/api/attendance/student/individual/summary?student_id=${school2Pupil.id}`);
    expect(far.statusCode, far.body).toBe(200);
    expect((await t.get(G, `/api/calender/student?school_info_id=${school2Pupil.schoolId}`)).statusCode).not.toBe(403);
    // and the first school's admin cannot unlink the other school's child
    const unlink = await t.post('admin1', '/api/guardian/unlink', {
      guardian_id: res.json().guardian_id,
      student_id: school2Pupil.id,
    });
    expect(unlink.statusCode).toBe(403);
    await t.db
      .delete(guardianStudents)
      .where(
        and(
          eq(guardianStudents.studentId, school2Pupil.id),
          inArray(guardianStudents.schoolId, [school2Pupil.schoolId]),
        ),
      );
  });
});

describe('a guardian of another school', () => {
  // A parent admin2 added for a school 2 pupil, and school 1 pupils nobody links yet.
  const phone = '01877700001';
  const onRecord = { name: 'Karim Uddin', email: 'karim.uddin@example.com' };
  let theirs: { guardianId: number; userId: number };
  let pupils: number[];
  let demoGuardianId: number;

  const trail = (subject: number) =>
    t.db
      .select({
        actor: users.userCode,
        action: securityAudit.action,
        school: securityAudit.schoolId,
        detail: securityAudit.detail,
      })
      .from(securityAudit)
      .innerJoin(users, eq(users.id, securityAudit.actorUserId))
      .where(eq(securityAudit.subjectUserId, subject))
      .orderBy(securityAudit.id);

  beforeAll(async () => {
    const made = await t.post('admin2', '/api/guardian', {
      ...onRecord,
      phone,
      relation: 'father',
      student_ids: [school2Pupil.id],
    });
    expect(made.statusCode, made.body).toBe(200);
    const [g] = await t.db
      .select({ guardianId: guardians.id, userId: guardians.userId })
      .from(guardians)
      .where(eq(guardians.phone, phone));
    theirs = g;
    // Their own password, so the test can act as them (the one-time one must be changed first).
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('demo1234'), mustChangePassword: false })
      .where(eq(users.id, g.userId));
    const linked = t.db.select({ id: guardianStudents.studentId }).from(guardianStudents);
    const free = await t.db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.schoolId, school1), sql`${students.id} not in (${linked})`))
      .orderBy(students.id)
      .limit(2);
    pupils = free.map((p) => p.id);
    const [demo] = await t.db.select({ id: guardians.id }).from(guardians).where(eq(guardians.phone, G));
    demoGuardianId = demo.id;
  });

  it('admin1 naming them by id is refused exactly as an id nobody has, and they gain nothing', async () => {
    const cases = [
      { what: 'a guardian linked only in school 2', guardianId: () => theirs.guardianId },
      { what: 'an id no guardian has', guardianId: () => 2_000_000_000 },
    ];
    const answers = [];
    for (const c of cases) {
      const res = await t.post('admin1', '/api/guardian/link', {
        guardian_id: c.guardianId(),
        student_id: pupils[0],
        relation: 'father',
      });
      expect(res.statusCode, c.what).toBe(404);
      answers.push({ code: res.json().error.code, message: res.json().error.message });
    }
    expect(answers[0]).toEqual({ code: 'not_found', message: 'Guardian not found.' });
    expect(answers[1]).toEqual(answers[0]);
    // nothing written, and the other school's parent reads nothing of admin1's pupil
    const links = await t.db.select().from(guardianStudents).where(eq(guardianStudents.studentId, pupils[0]));
    expect(links).toEqual([]);
    const read = await t.get(phone, `/api/attendance/student/individual/summary?student_id=${pupils[0]}`);
    expect(read.statusCode).toBe(403);
    expect(read.json().error.code).toBe('not_your_child');
    const kids = (await t.get(phone, '/api/guardian/children')).json() as Child[];
    expect(kids.map((k) => k.student_id)).toEqual([school2Pupil.id]);
    expect(await trail(theirs.userId)).toEqual([
      {
        actor: 'admin2',
        action: 'guardian.create',
        school: school2Pupil.schoolId,
        detail: { guardian_id: theirs.guardianId, student_ids: [school2Pupil.id], relation: 'father' },
      },
      {
        actor: 'admin2',
        action: 'guardian.link',
        school: school2Pupil.schoolId,
        detail: { guardian_id: theirs.guardianId, student_id: school2Pupil.id, relation: 'father' },
      },
    ]);
  });

  it('admin1 may name by id a guardian already linked in school 1 (a sibling’s)', async () => {
    const res = await t.post('admin1', '/api/guardian/link', {
      guardian_id: demoGuardianId,
      student_id: pupils[1],
      relation: 'other',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [demo] = await t.db
      .select({ userId: guardians.userId })
      .from(guardians)
      .where(eq(guardians.id, demoGuardianId));
    expect((await trail(demo.userId)).at(-1)).toEqual({
      actor: 'admin1',
      action: 'guardian.link',
      school: school1,
      detail: { guardian_id: demoGuardianId, student_id: pupils[1], relation: 'other' },
    });
    const gone = await t.post('admin1', '/api/guardian/unlink', { guardian_id: demoGuardianId, student_id: pupils[1] });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await trail(demo.userId)).at(-1)).toEqual({
      actor: 'admin1',
      action: 'guardian.unlink',
      school: school1,
      detail: { guardian_id: demoGuardianId, student_id: pupils[1], relation: 'other' },
    });
  });

  it('admin1 typing their phone links them without learning the name or e-mail school 2 has', async () => {
    const res = await t.post('admin1', '/api/guardian', {
      name: 'Somebody Else',
      email: 'typed@example.com',
      phone: `+88${phone}`,
      relation: 'father',
      student_ids: [pupils[0]],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      guardian_id: theirs.guardianId,
      user_code: phone,
      initial_password: null,
      matched: true,
      message: 'Guardian found by phone and linked.',
    });
    for (const secret of ['Karim', 'Uddin', onRecord.email]) expect(res.body).not.toContain(secret);
    // what admin1 typed overwrote nothing
    const [g] = await t.db
      .select({ name: guardians.name, email: guardians.email })
      .from(guardians)
      .where(eq(guardians.id, theirs.guardianId));
    expect(g).toEqual(onRecord);
    // now linked in school 1: the parent reads that pupil, and the trail says who linked them
    const read = await t.get(phone, `/api/attendance/student/individual/summary?student_id=${pupils[0]}`);
    expect(read.statusCode, read.body).toBe(200);
    expect((await trail(theirs.userId)).slice(2)).toEqual([
      {
        actor: 'admin1',
        action: 'guardian.match',
        school: school1,
        detail: { guardian_id: theirs.guardianId, student_ids: [pupils[0]], relation: 'father' },
      },
      {
        actor: 'admin1',
        action: 'guardian.link',
        school: school1,
        detail: { guardian_id: theirs.guardianId, student_id: pupils[0], relation: 'father' },
      },
    ]);
  });
});

describe('the CSV import', () => {
  it('creates one guardian per father or mother phone, matches a known one, and links the siblings', async () => {
    const csv =
      'student_code,first_name,last_name,class,section,roll,father_name,father_phone_number,mother_phone_number\n' +
      'GIMP-1,Rafi,Hasan,Six,A,701,Md. Hasan Ali,01733300001,01733300002\n' +
      'GIMP-2,Rina,Hasan,Seven,A,702,Md. Hasan Ali,+8801733300001,\n' +
      `GIMP-3,Tuhin,Karim,Six,A,703,,${G},\n`;
    const res = await t.call('admin1', {
      method: 'POST',
      url: '/api/student/import',
      payload: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const codes = res.json().accounts.map((a: { user_code: string }) => a.user_code);
    // three students and two new guardians; the demo guardian was matched, not created again
    expect(codes).toEqual(['GIMP-1', 'GIMP-2', 'GIMP-3', '01733300001', '01733300002']);
    const father = await login('01733300001', res.json().accounts[3].initial_password);
    expect(father.statusCode).toBe(200);
    expect(father.json().user_type_id).toBe(3);
    const links = await t.db
      .select({ code: students.studentCode, relation: guardianStudents.relation, phone: guardians.phone })
      .from(guardianStudents)
      .innerJoin(students, eq(students.id, guardianStudents.studentId))
      .innerJoin(guardians, eq(guardians.id, guardianStudents.guardianId))
      .where(inArray(students.studentCode, ['GIMP-1', 'GIMP-2', 'GIMP-3']))
      .orderBy(students.studentCode, guardians.phone);
    expect(links).toEqual([
      { code: 'GIMP-1', relation: 'father', phone: '01733300001' },
      { code: 'GIMP-1', relation: 'mother', phone: '01733300002' },
      { code: 'GIMP-2', relation: 'father', phone: '01733300001' },
      { code: 'GIMP-3', relation: 'father', phone: G },
    ]);
    // every creation, match and link is on the security trail, as admin1's
    const audited = await t.db
      .select({ action: securityAudit.action, phone: users.userCode, detail: securityAudit.detail })
      .from(securityAudit)
      .innerJoin(users, eq(users.id, securityAudit.subjectUserId))
      .where(sql`${securityAudit.detail}->>'source' = 'import'`)
      .orderBy(securityAudit.id);
    const codeOf = new Map(
      (
        await t.db
          .select({ id: students.id, code: students.studentCode })
          .from(students)
          .where(inArray(students.studentCode, ['GIMP-1', 'GIMP-2', 'GIMP-3']))
      ).map((r) => [r.id, r.code]),
    );
    const summary = audited.map((a) => {
      const d = a.detail as { student_id?: number; student_ids?: number[]; relation?: string };
      return d.student_ids
        ? `${a.action} ${a.phone} ${d.student_ids.map((id) => codeOf.get(id)).join('+')}`
        : `${a.action} ${a.phone} ${codeOf.get(d.student_id!)} ${d.relation}`;
    });
    expect(summary.sort()).toEqual(
      [
        'guardian.create 01733300001 GIMP-1+GIMP-2',
        'guardian.create 01733300002 GIMP-1',
        `guardian.match ${G} GIMP-3`,
        'guardian.link 01733300001 GIMP-1 father',
        'guardian.link 01733300002 GIMP-1 mother',
        'guardian.link 01733300001 GIMP-2 father',
        `guardian.link ${G} GIMP-3 father`,
      ].sort(),
    );
  });
});

describe('preferences', () => {
  it('a guardian chooses Bangla and no SMS', async () => {
    const res = await t.call(G, {
      method: 'PUT',
      url: '/api/guardian/preferences',
      payload: { sms: 'none', language: 'bn' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const me = (await t.get(G, '/api/users/user_id')).json();
    expect(me.language).toBe('bn');
    expect((await t.get(G, '/api/guardian/preferences')).json()).toEqual({ sms: 'none', language: 'bn' });
    await t.call(G, { method: 'PUT', url: '/api/guardian/preferences', payload: { sms: 'sms', language: 'en' } });
    expect((await t.get(G, '/api/guardian/preferences')).json()).toEqual({ sms: 'sms', language: 'en' });
  });
});
