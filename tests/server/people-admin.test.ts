/**
 * People administration and self-service: adding students (enrolled in the same step)
 * and teachers with a one-time password, the 409s naming the field, bulk import (dry run writes
 * nothing, row errors by row and column, all-or-nothing, 3,000 rows), password change rules and
 * the sessions it signs out, the admin's reset, and the student's own contact edit.
 */
import { and, count, eq, like } from 'drizzle-orm';
import { PEOPLE_MESSAGES } from '@/api/schemas/people';
import { classes, enrolments, genders, sections, students, teachers, users } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
const S = {} as { school1: number; six: number; sixA: number; sixB: number; sixA2: number; shift: number };

beforeAll(async () => {
  t = await createTestApp();
  const [admin1] = await t.db.select({ s: users.schoolId }).from(users).where(eq(users.userCode, 'admin1'));
  const [admin2] = await t.db.select({ s: users.schoolId }).from(users).where(eq(users.userCode, 'admin2'));
  S.school1 = admin1.s!;
  const [six] = await t.db.select({ id: classes.id }).from(classes).where(eq(classes.className, 'Six'));
  S.six = six.id;
  const sec = async (school: number, name: string) =>
    (
      await t.db
        .select({ id: sections.id, shift: sections.shiftId })
        .from(sections)
        .where(and(eq(sections.schoolId, school), eq(sections.classId, six.id), eq(sections.sectionDefaultName, name)))
    )[0];
  const a = await sec(S.school1, 'A');
  S.sixA = a.id;
  S.shift = a.shift;
  S.sixB = (await sec(S.school1, 'B')).id;
  S.sixA2 = (await sec(admin2.s!, 'A')).id;
});
afterAll(() => t.close());

const student = (over: Record<string, unknown> = {}) => ({
  student_code: 'NEW-001',
  first_name: 'রাফি',
  last_name: 'Hasan',
  mobile_no: '01811000001',
  email: 'rafi@example.com',
  father_name: 'Karim',
  father_phone_number: '+8801811000002',
  dob: '2013-04-09',
  blood_group: 'B+',
  class_id: S.six,
  section_id: S.sixA,
  class_roll_no: 501,
  ...over,
});

const login = (user_code: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: { user_code, password } });

describe('add_student and add_teacher', () => {
  it('creates the student, their sign-in and enrolment; the one-time password must be changed', async () => {
    const res = await t.post('admin1', '/api/add_student', student());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('New Student Added Successfully!!');
    expect(body.user_code).toBe('NEW-001');
    expect(body.initial_password).toMatch(/^[A-Za-z0-9]{12}$/);
    const [s] = await t.db.select().from(students).where(eq(students.id, body.id));
    expect(s).toMatchObject({ firstName: 'রাফি', dob: '2013-04-09', fatherPhoneNumber: '01811000002' });
    const [e] = await t.db.select().from(enrolments).where(eq(enrolments.studentId, body.id));
    expect(e).toMatchObject({ sectionId: S.sixA, classRollNo: 501, shiftId: S.shift });
    const signIn = await login('NEW-001', body.initial_password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().must_change_password).toBe(true);
    // The list shows the newest first.
    const list = await t.get('admin1', '/api/student/all?limit=1');
    expect(list.json()[0].student_code).toBe('NEW-001');
  });

  it('duplicate code, roll, e-mail or mobile: 409 naming the field, nothing written', async () => {
    const before = await t.db.select({ n: count() }).from(students);
    for (const [over, field] of [
      [{ student_code: 'new-001', class_roll_no: 502, email: '', mobile_no: '' }, 'student_code'],
      [{ student_code: 'NEW-002', email: '', mobile_no: '' }, 'class_roll_no'],
      [{ student_code: 'NEW-002', class_roll_no: 502, mobile_no: '' }, 'email'],
      [{ student_code: 'NEW-002', class_roll_no: 502, email: '' }, 'mobile_no'],
      [{ student_code: 'S-1-0002', class_roll_no: 502, email: '', mobile_no: '' }, 'student_code'],
    ] as const) {
      const res = await t.post('admin1', '/api/add_student', student(over));
      expect(res.statusCode, field).toBe(409);
      expect(Object.keys(res.json().error.fields), field).toEqual([field]);
    }
    expect(await t.db.select({ n: count() }).from(students)).toEqual(before);
  });

  it('refuses bad input naming the field: phone, date of birth, section of another class or school', async () => {
    const cases = [
      [{ mobile_no: '12345' }, 'mobile_no', 400],
      [{ father_phone_number: '0171234' }, 'father_phone_number', 400],
      [{ dob: '2013-02-30' }, 'dob', 400],
      [{ dob: '2999-01-01' }, 'dob', 400],
      [{ section_id: S.sixA2 }, 'section_id', 400],
      [{ first_name: '' }, 'first_name', 400],
    ] as const;
    for (const [over, field, status] of cases) {
      const res = await t.post('admin1', '/api/add_student', student({ student_code: 'BAD-1', ...over }));
      expect(res.statusCode, field).toBe(status);
      expect(Object.keys(res.json().error.fields ?? {}), field).toContain(field);
    }
  });

  it('only the school admin adds people, and only into their own school', async () => {
    for (const who of ['student1', 'teacher1', 'viewer1', 'superadmin']) {
      expect((await t.post(who, '/api/add_student', student({ student_code: 'X1' }))).statusCode, who).toBe(403);
    }
    const other = await t.post(
      'admin2',
      '/api/add_student',
      student({ student_code: 'X2', school_info_id: S.school1 }),
    );
    expect(other.statusCode).toBe(403);
  });

  it('creates a teacher with a one-time password; duplicate code or initial is 409', async () => {
    const teacher = {
      teacher_code: 'T-NEW-1',
      title: 'Mr.',
      first_name: 'Sajid',
      last_name: 'Rahman',
      initial: 'SJR',
      mobile: '01911000001',
      designation: 'Assistant Teacher',
      email: 'sajid@example.com',
      dob: '1990-01-15',
    };
    const res = await t.post('admin1', '/api/add_teacher', teacher);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('New Teacher Added Successfully!!');
    const signIn = await login('T-NEW-1', res.json().initial_password);
    expect(signIn.json().must_change_password).toBe(true);
    const again = await t.post('admin1', '/api/add_teacher', { ...teacher, mobile: '', email: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toHaveProperty('teacher_code');
    const initial = await t.post('admin1', '/api/add_teacher', {
      ...teacher,
      teacher_code: 'T-NEW-2',
      mobile: '',
      email: '',
    });
    expect(initial.statusCode).toBe(409);
    expect(initial.json().error.fields).toHaveProperty('initial');
    const list = await t.get('admin1', '/api/teacher/all?q=sajid');
    expect(list.json().map((r: { teacher_code: string }) => r.teacher_code)).toEqual(['T-NEW-1']);
    expect(list.headers['x-total-count']).toBe('1');
    expect((await t.get('admin1', `/api/teacher/all?school_info_id=${S.school1 + 1}`)).statusCode).toBe(403);
  });
});

describe('lists', () => {
  it('admin-search lists a section’s enrolled students in roll order; another school’s is refused', async () => {
    const res = await t.get('admin1', `/api/student/admin-search?class_id=${S.six}&section_id=${S.sixB}&limit=3`);
    expect(res.statusCode).toBe(200);
    const rolls = res.json().map((r: { class_roll_no: number }) => r.class_roll_no);
    expect(rolls).toEqual([1, 2, 3]);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(3);
    expect((await t.get('admin2', `/api/student/admin-search?school_info_id=${S.school1}`)).statusCode).toBe(403);
    expect((await t.get('student1', '/api/student/admin-search')).statusCode).toBe(403);
  });
});

describe('the student list finds a student by name, roll or section', () => {
  it('by any part of the name, by roll in either digit set, and by class and section', async () => {
    const added = await t.post(
      'admin1',
      '/api/add_student',
      student({
        student_code: 'FIND-1',
        first_name: 'Mahfuz',
        last_name: 'Rahman',
        class_roll_no: 771,
        email: '',
        mobile_no: '',
      }),
    );
    expect(added.statusCode, added.body).toBe(200);
    const codes = async (query: string) =>
      (await t.get('admin1', `/api/student/all?limit=50&${query}`))
        .json()
        .map((r: { student_code: string }) => r.student_code);
    expect(await codes('q=mahfuz%20rah')).toEqual(['FIND-1']);
    expect(await codes(`q=${encodeURIComponent('৭৭১')}`)).toEqual(['FIND-1']);
    expect(await codes(`q=771&section_id=${S.sixA}`)).toEqual(['FIND-1']);
    expect(await codes(`q=771&section_id=${S.sixB}`)).toEqual([]);
    expect(await codes(`q=mahfuz&class_id=${S.six}`)).toEqual(['FIND-1']);
    const [row] = (await t.get('admin1', '/api/student/all?q=FIND-1')).json();
    expect(row).toMatchObject({ class_name: 'Six', section_default_name: 'A', section_id: S.sixA, class_roll_no: 771 });
    // The total counts what matched, not the school.
    expect((await t.get('admin1', `/api/student/all?q=771&section_id=${S.sixA}`)).headers['x-total-count']).toBe('1');
  });
});

const HEADER = 'student_code,first_name,last_name,class,section,roll,dob,father_phone_number';
const csvPost = (as: string, url: string, csv: string) =>
  t.call(as, { method: 'POST', url, payload: csv, headers: { 'content-type': 'text/csv' } });

/** The same file as the field `file` of a multipart form (a browser's or curl's upload). */
function multipartCsv(content: Uint8Array | string, name = 'students.csv') {
  const boundary = '----imp' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('student import', () => {
  it('dry run: reports nothing wrong and writes nothing', async () => {
    const csv = `\uFEFF${HEADER}\nIMP-1,সাকিব,আহমেদ,Six,A,601,09/04/2013,1711000001\nIMP-2,Tania,Akter,six,b,601,2013-05-01,\n`;
    const before = await t.db.select({ n: count() }).from(users);
    const res = await csvPost('admin1', '/api/student/import?dry_run=true', csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, dry_run: true, rows: 2, errors: [], accounts: [] });
    expect(await t.db.select({ n: count() }).from(users)).toEqual(before);
  });

  it('takes the file as a multipart form field too: the same report, and a file that is not UTF-8 named', async () => {
    const csv = `\uFEFF${HEADER}\nIMP-1,সাকিব,আহমেদ,Six,A,601,09/04/2013,1711000001\nIMP-9,Bad,Date,Six,A,602,31/02/2013,\n`;
    const before = await t.db.select({ n: count() }).from(users);
    const res = await t.call('admin1', {
      method: 'POST',
      url: '/api/student/import?dry_run=true',
      ...multipartCsv(csv),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { row: number; column: string }) => `${e.row}:${e.column}`)).toEqual(['3:dob']);
    const latin1 = await t.call('admin1', {
      method: 'POST',
      url: '/api/student/import?dry_run=true',
      ...multipartCsv(Uint8Array.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xe9, 0x0a])),
    });
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json().error.fields).toHaveProperty('file');
    expect(await t.db.select({ n: count() }).from(users)).toEqual(before);
  });

  it('names every problem by row and column, refuses with 400 and writes nothing', async () => {
    const csv = [
      HEADER,
      'IMP-1,Ok,Row,Six,A,610,2013-01-01,01711000011',
      'IMP-3,Bad,Date,Six,A,611,31/02/2013,',
      'IMP-4,No,Class,Sixx,A,612,,',
      'IMP-5,No,Section,Six,Z,613,,',
      'IMP-1,Dup,Code,Six,A,614,,',
      'IMP-6,Dup,Roll,Six,A,610,,',
      'IMP-7,Bad,Phone,Six,A,615,,12345',
      'NEW-001,Taken,Code,Six,A,616,,',
      'IMP-8,Taken,Roll,Six,B,1,,',
    ].join('\r\n');
    const before = await t.db.select({ n: count() }).from(students);
    const res = await csvPost('admin1', '/api/student/import', csv);
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors.map((e: { row: number; column: string }) => `${e.row}:${e.column}`);
    expect(errors).toEqual([
      '3:dob',
      '4:class',
      '5:section',
      '6:student_code',
      '7:roll',
      '8:father_phone_number',
      '9:student_code',
      '10:roll',
    ]);
    expect(res.json().ok).toBe(false);
    expect(await t.db.select({ n: count() }).from(students)).toEqual(before);
  });

  it('a missing or unknown column is an error of row 1', async () => {
    const res = await csvPost(
      'admin1',
      '/api/student/import',
      'student_code,first_name,class,roll,colour\nA,B,Six,1,red',
    );
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.filter((e: { row: number }) => e.row === 1)
        .map((e: { column: string }) => e.column),
    ).toEqual(['colour', 'section']);
  });

  it('imports all rows at once, answering each one-time password; the student signs in and must change it', async () => {
    const csv = `${HEADER}\nIMP-1,সাকিব,আহমেদ,Six,A,601,09/04/2013,1711000001\nIMP-2,Tania,Akter,six,b,601,2013-05-01,\n`;
    const res = await csvPost('admin1', '/api/student/import', csv);
    expect(res.statusCode, res.body).toBe(200);
    const { accounts } = res.json();
    // The father's phone makes a guardian account too, its user id the phone.
    expect(accounts.map((a: { user_code: string }) => a.user_code)).toEqual(['IMP-1', 'IMP-2', '01711000001']);
    // The answer says which accounts are guardians, so the screen can count the students apart.
    expect(accounts.map((a: { guardian?: boolean }) => a.guardian ?? false)).toEqual([false, false, true]);
    const [s] = await t.db.select().from(students).where(eq(students.studentCode, 'IMP-1'));
    expect(s).toMatchObject({ firstName: 'সাকিব', dob: '2013-04-09', fatherPhoneNumber: '01711000001' });
    const [e] = await t.db.select().from(enrolments).where(eq(enrolments.studentId, s.id));
    expect(e).toMatchObject({ sectionId: S.sixA, classRollNo: 601 });
    const signIn = await login('IMP-1', accounts[0].initial_password);
    expect(signIn.json().must_change_password).toBe(true);
    // The same file again: every row is a duplicate now.
    const again = await csvPost('admin1', '/api/student/import', csv);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toHaveLength(4);
  });

  it('is all-or-nothing when the database refuses a row the checks passed', async () => {
    // A user with the code but no student record in this school (another school's user).
    const csv = `${HEADER}\nIMP-9,A,B,Six,A,701,,\nadmin2,C,D,Six,A,702,,\n`;
    const before = await t.db.select({ n: count() }).from(users);
    const res = await csvPost('admin1', '/api/student/import', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ row: 3, column: 'student_code', message: 'admin2 is already taken' }]);
    expect(await t.db.select({ n: count() }).from(users)).toEqual(before);
  });

  // How fast is the bench's to say (targets live in `npm run bench`, not in timed tests).
  it('imports 3,000 rows in one request, each a student with an account and a guardian', async () => {
    const lines = [HEADER];
    for (let i = 0; i < 3000; i++) {
      lines.push(
        `BULK-${i},নাম ${i},Surname,Six,${i % 2 ? 'A' : 'B'},${1000 + i},2013-01-01,0171${String(i).padStart(7, '0')}`,
      );
    }
    const res = await csvPost('admin1', '/api/student/import', lines.join('\n'));
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const codes: string[] = res.json().accounts.map((a: { user_code: string }) => a.user_code);
    expect(codes.filter((c) => c.startsWith('BULK-'))).toHaveLength(3000);
    // Each father's phone is a guardian; 01710000016 is the demo guardian's, matched.
    expect(codes.filter((c) => !c.startsWith('BULK-'))).toHaveLength(2999);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(students)
      .where(and(eq(students.schoolId, S.school1), eq(students.lastName, 'Surname')));
    expect(n).toBe(3000);
  }, 120_000);

  it('reads Bangla-digit rolls as numbers and M/F, Male/Female and ছেলে/মেয়ে as the genders; the list shows the placement', async () => {
    const header = 'student_code,first_name,last_name,class,section,roll,gender';
    const csv = [
      header,
      'BN-1,রাহিম,উদ্দিন,Six,A,৮২০,M',
      'BN-2,Tania,Akter,Six,B,821,F',
      'BN-3,Karim,Mia,Six,A,822,ছেলে',
      'BN-4,Mitu,Akter,Six,A,৮২৩,মেয়ে',
      'BN-5,Sumon,Das,Six,A,824,Male',
      'BN-6,Rina,Das,Six,A,825,female',
    ].join('\n');
    const res = await csvPost('admin1', '/api/student/import', csv);
    expect(res.statusCode, res.body).toBe(200);
    const [male] = await t.db.select().from(genders).where(eq(genders.name, 'Male'));
    const [female] = await t.db.select().from(genders).where(eq(genders.name, 'Female'));
    const placed = await t.db
      .select({
        code: students.studentCode,
        gender: students.genderId,
        roll: enrolments.classRollNo,
        section: enrolments.sectionId,
      })
      .from(students)
      .innerJoin(enrolments, eq(enrolments.studentId, students.id))
      .where(and(eq(students.schoolId, S.school1), like(students.studentCode, 'BN-%')))
      .orderBy(students.studentCode);
    expect(placed).toEqual([
      { code: 'BN-1', gender: male.id, roll: 820, section: S.sixA },
      { code: 'BN-2', gender: female.id, roll: 821, section: S.sixB },
      { code: 'BN-3', gender: male.id, roll: 822, section: S.sixA },
      { code: 'BN-4', gender: female.id, roll: 823, section: S.sixA },
      { code: 'BN-5', gender: male.id, roll: 824, section: S.sixA },
      { code: 'BN-6', gender: female.id, roll: 825, section: S.sixA },
    ]);

    // The admin checks the placement in the list: class, section and roll of each.
    const list = await t.get('admin1', '/api/student/all?q=BN-&limit=10');
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .map((r: Record<string, unknown>) => [r.student_code, r.class_name, r.section_default_name, r.class_roll_no]),
    ).toEqual([
      ['BN-6', 'Six', 'A', 825],
      ['BN-5', 'Six', 'A', 824],
      ['BN-4', 'Six', 'A', 823],
      ['BN-3', 'Six', 'A', 822],
      ['BN-2', 'Six', 'B', 821],
      ['BN-1', 'Six', 'A', 820],
    ]);
  });

  it('an unknown gender names what the file may say', async () => {
    const res = await csvPost(
      'admin1',
      '/api/student/import?dry_run=true',
      'student_code,first_name,class,section,roll,gender\nBN-9,X,Six,A,830,Z',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { row: 2, column: 'gender', message: 'no gender named “Z”: write Male, Female, Other (or M, F)' },
    ]);
  });

  it('only school admins import; a viewer or teacher is refused', async () => {
    for (const who of ['teacher1', 'viewer1', 'student1']) {
      expect((await csvPost(who, '/api/student/import?dry_run=true', HEADER)).statusCode, who).toBe(403);
    }
  });
});

describe('teacher import', () => {
  it('checks and imports teachers', async () => {
    const csv =
      'teacher_code,first_name,last_name,initial,mobile,designation\nTI-1,Nusrat,Jahan,NJH,01911000091,Lecturer\nTI-2,Amin,Uddin,NJH,,\n';
    const bad = await csvPost('admin1', '/api/teacher/import', csv);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ row: 3, column: 'initial', message: 'NJH appears twice in this list' }]);
    const good = await csvPost('admin1', '/api/teacher/import', csv.replace(',NJH,,', ',AMU,,'));
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().accounts).toHaveLength(2);
    const [tch] = await t.db.select().from(teachers).where(eq(teachers.teacherCode, 'TI-1'));
    expect(tch.mobile).toBe('01911000091');
  });
});

describe('passwords', () => {
  const change = (as: string, code: string, body: Record<string, unknown>) =>
    t.post(as, `/api/update_user?user_code=${code}`, body);

  it('needs the current password, a strong new one, and only one’s own account', async () => {
    const weak = await change('teacher1', 'teacher1', { Pass: '12345678', current_password: 'demo1234' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields).toHaveProperty('Pass');
    expect(weak.json().error.message).toContain('at least 8 characters');
    const short = await change('teacher1', 'teacher1', { Pass: 'abc12', current_password: 'demo1234' });
    expect(short.statusCode).toBe(400);
    const wrong = await change('teacher1', 'teacher1', { Pass: 'newpass123', current_password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('current_password');
    const missing = await change('teacher1', 'teacher1', { Pass: 'newpass123' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('current_password');
    const other = await change('teacher1', 'student1', { Pass: 'newpass123', current_password: 'demo1234' });
    expect(other.statusCode).toBe(403);
  });

  it('a change signs out the account’s other sessions, keeps this one, and clears the one-time flag', async () => {
    const created = await t.post(
      'admin1',
      '/api/add_student',
      student({ student_code: 'PW-1', class_roll_no: 801, email: '', mobile_no: '' }),
    );
    const once = created.json().initial_password as string;
    const a = (await login('PW-1', once)).json().accessToken as string;
    const b = (await login('PW-1', once)).json().accessToken as string;
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/routine/student',
      headers: { authorization: `Bearer ${a}` },
    });
    expect(before.statusCode).toBe(403);
    expect(before.json().error.code).toBe('password_change_required');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/update_user?user_code=PW-1',
      headers: { authorization: `Bearer ${a}` },
      payload: { Pass: 'brand-new-pw1', current_password: once },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(PEOPLE_MESSAGES.passwordChanged);
    expect(res.json().message).toBe('password Changed successfully!!');
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/users/user_id', headers: { authorization: `Bearer ${token}` } });
    expect((await me(a)).statusCode).toBe(200);
    expect((await me(b)).statusCode).toBe(401);
    // Until the change, only the profile, the password and sign-out were open.
    const routineOf = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/routine/student', headers: { authorization: `Bearer ${token}` } });
    expect((await routineOf(a)).statusCode).not.toBe(403);
    expect((await login('PW-1', once)).statusCode).toBe(401);
    const fresh = await login('PW-1', 'brand-new-pw1');
    expect(fresh.json().must_change_password).toBe(false);
  });

  it('the admin resets a teacher’s or student’s password of their school only', async () => {
    const res = await t.post('admin1', '/api/users/reset_password?user_code=PW-1');
    expect(res.statusCode, res.body).toBe(200);
    const once = res.json().initial_password as string;
    expect((await login('PW-1', 'brand-new-pw1')).statusCode).toBe(401);
    const signIn = await login('PW-1', once);
    expect(signIn.json().must_change_password).toBe(true);
    expect((await t.post('admin2', '/api/users/reset_password?user_code=PW-1')).statusCode).toBe(403);
    expect((await t.post('admin1', '/api/users/reset_password?user_code=admin1')).statusCode).toBe(403);
    expect((await t.post('teacher1', '/api/users/reset_password?user_code=PW-1')).statusCode).toBe(403);
    expect((await t.post('admin1', '/api/users/reset_password?user_code=nobody-here')).statusCode).toBe(404);
  });
});

describe('student profile update', () => {
  it('the student edits their own mobile and e-mail; nobody else’s', async () => {
    const [s1] = await t.db
      .select({ code: students.studentCode })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(eq(users.userCode, 'student1'));
    const res = await t.post('student1', `/api/student/profile_update?student_code=${s1.code}`, {
      mobile: '01311000077',
      email: 'me@example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    // Not the spec's misleading password message (docs/DOMAIN.md, "Profiles").
    expect(res.json()).toEqual({ ok: true, message: 'Profile updated', code: 'profiles.updated' });
    const [after] = await t.db.select().from(students).where(eq(students.studentCode, s1.code));
    expect(after).toMatchObject({ mobileNo: '01311000077', email: 'me@example.com' });
    const bad = await t.post('student1', `/api/student/profile_update?student_code=${s1.code}`, { mobile: '999' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('mobile');
    expect(
      (await t.post('student1', '/api/student/profile_update?student_code=S-1-0002', { mobile: '' })).statusCode,
    ).toBe(403);
    expect(
      (await t.post('teacher1', `/api/student/profile_update?student_code=${s1.code}`, { mobile: '' })).statusCode,
    ).toBe(403);
  });
});

describe('names a spreadsheet would run as a formula', () => {
  // OWASP's CSV injection starts: = + - @ (and their full-width forms); a tab or CR before one is
  // trimmed away, leaving the formula at the start.
  const FORMULAS = ["=cmd|' /C calc'!A0", '+1+1', '-2+3', '@SUM(A1:A9)', '\t=1+1', '＝1+1'];
  const quoted = (v: string) => `"${v.replace(/"/g, '""')}"`;

  it.each(FORMULAS)(
    'the student import refuses %j as a first or father’s name, naming row and column',
    async (name) => {
      const csv = [
        'student_code,first_name,last_name,class,section,roll,father_name',
        `FX-1,${quoted(name)},Ahmed,Six,A,701,`,
        `FX-2,Rafi,Hasan,Six,A,702,${quoted(name)}`,
      ].join('\n');
      const before = await t.db.select({ n: count() }).from(students);
      const res = await csvPost('admin1', '/api/student/import', csv);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([
        { row: 2, column: 'first_name', message: `first_name ${PEOPLE_MESSAGES.formulaName}` },
        { row: 3, column: 'father_name', message: `father_name ${PEOPLE_MESSAGES.formulaName}` },
      ]);
      expect(await t.db.select({ n: count() }).from(students)).toEqual(before);
    },
  );

  it.each(FORMULAS)(
    'the teacher import, add_student and add_teacher refuse %j with a 400 naming the field',
    async (name) => {
      const imported = await csvPost(
        'admin1',
        '/api/teacher/import',
        `teacher_code,first_name,last_name,initial\nFT-1,Nusrat,${quoted(name)},FXA\n`,
      );
      expect(imported.statusCode, imported.body).toBe(400);
      expect(imported.json().errors).toEqual([
        { row: 2, column: 'last_name', message: `last_name ${PEOPLE_MESSAGES.formulaName}` },
      ]);
      const added = await t.post('admin1', '/api/add_student', student({ student_code: 'FX-9', middle_name: name }));
      expect(added.statusCode, added.body).toBe(400);
      expect(added.json().error.fields).toEqual({ middle_name: `middle_name ${PEOPLE_MESSAGES.formulaName}` });
      const teacher = await t.post('admin1', '/api/add_teacher', {
        teacher_code: 'FT-9',
        first_name: name,
        initial: 'FXB',
      });
      expect(teacher.statusCode, teacher.body).toBe(400);
      expect(teacher.json().error.fields).toEqual({ first_name: `first_name ${PEOPLE_MESSAGES.formulaName}` });
      expect(await t.db.select({ n: count() }).from(teachers).where(eq(teachers.teacherCode, 'FT-9'))).toEqual([
        { n: 0 },
      ]);
    },
  );

  it('keeps names with those characters inside them', async () => {
    const res = await csvPost(
      'admin1',
      '/api/student/import?dry_run=true',
      "student_code,first_name,last_name,class,section,roll,mother_name\nFX-3,Abu-Bakr,O'Neil,Six,A,703,Nur+Jahan\n",
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, errors: [] });
  });
});
