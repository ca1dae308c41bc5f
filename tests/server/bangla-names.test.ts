/**
 * Bangla names beside the shared names (docs/i18n.md, "Bangla names"): migration 0033's backfill,
 * GET /api/names/bn per user type, editing them, and the absence SMS using them.
 */
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { classes, examTypes, routines, subjects, teachers, users } from '@server/db/schema';
import { DEMO_GUARDIAN_PHONE } from '@server/db/seed/demo';
import { createTestApp, type TestApp } from '../helpers/server';
import { dayIdOf, iso, openToday, resetTaking, schoolToday } from './attendance-fixtures';

let t: TestApp;
let school1: number;
let school2: number;
beforeAll(async () => {
  t = await createTestApp();
  const schoolOf = async (userCode: string) =>
    (await t.db.select({ id: users.schoolId }).from(users).where(eq(users.userCode, userCode)))[0].id!;
  school1 = await schoolOf('admin1');
  school2 = await schoolOf('admin2');
});
afterAll(() => t.close());

const bnOfClass = async (name: string) =>
  (await t.db.select({ bn: classes.classNameBn }).from(classes).where(eq(classes.className, name)))[0].bn;

describe('migration 0033', () => {
  it('its backfill names the curriculum’s classes and subjects, the shifts, exam types and fee heads', async () => {
    // The template was seeded after the migration ran: empty the names and run its backfill again.
    await t.db.execute(sql`update classes set class_name_bn = ''`);
    await t.db.execute(sql`update subjects set subject_name_bn = ''`);
    await t.db.execute(sql`update shifts set name_bn = ''`);
    await t.db.execute(sql`update exam_types set exam_name_bn = ''`);
    await t.db.execute(sql`update fee_sectors set sector_name_bn = ''`);
    const [six] = await t.db.select().from(classes).where(eq(classes.className, 'Six'));
    await t.db.insert(subjects).values([
      { classId: six.id, subjectCode: 'T91', subjectName: 'Bangla 1st Paper' },
      { classId: six.id, subjectCode: 'T92', subjectName: '  english   2nd paper ' },
      { classId: six.id, subjectCode: 'T93', subjectName: 'Robotics' },
    ]);
    const file = readFileSync('server/db/migrations/0033_bangla_names.sql', 'utf8');
    const updates = file.split('--> statement-breakpoint').filter((s) => /UPDATE/.test(s));
    expect(updates).toHaveLength(6);
    for (const u of updates) await t.db.execute(sql.raw(u));

    expect(await bnOfClass('Six')).toBe('ষষ্ঠ');
    expect(await bnOfClass('K.G')).toBe('কেজি');
    expect(await bnOfClass('Twelve')).toBe('দ্বাদশ');
    const subjectBn = async (name: string) =>
      (
        await t.db
          .select({ bn: subjects.subjectNameBn })
          .from(subjects)
          .where(and(eq(subjects.classId, six.id), eq(subjects.subjectName, name)))
      )[0].bn;
    expect(await subjectBn('Mathematics')).toBe('গণিত');
    expect(await subjectBn('Bangladesh and Global Studies')).toBe('বাংলাদেশ ও বিশ্বপরিচয়');
    expect(await subjectBn('Bangla 1st Paper')).toBe('বাংলা ১ম পত্র');
    expect(await subjectBn('  english   2nd paper ')).toBe('ইংরেজি ২য় পত্র');
    expect(await subjectBn('Robotics')).toBe('');

    const names = (await t.get('admin1', '/api/names/bn')).json();
    expect(names.shifts).toEqual({ Morning: 'প্রভাতি', Day: 'দিবা' });
    expect(names.exam_types).toEqual({
      'Monthly Class Test 1': 'মাসিক শ্রেণি পরীক্ষা ১',
      'Monthly Class Test 2': 'মাসিক শ্রেণি পরীক্ষা ২',
      'Monthly Class Test 3': 'মাসিক শ্রেণি পরীক্ষা ৩',
      'Monthly Class Test 4': 'মাসিক শ্রেণি পরীক্ষা ৪',
      'Half Yearly (Sub)': 'অর্ধবার্ষিক পরীক্ষা (সৃজনশীল)',
      'Half Yearly (MCQ)': 'অর্ধবার্ষিক পরীক্ষা (বহুনির্বাচনি)',
      'Final (Sub)': 'বার্ষিক পরীক্ষা (সৃজনশীল)',
      'Final (MCQ)': 'বার্ষিক পরীক্ষা (বহুনির্বাচনি)',
      'Extra Curricular': 'সহপাঠ্যক্রমিক কার্যক্রম',
    });
    expect(names.fee_sectors).toEqual({
      'Session fee': 'সেশন ফি',
      Tuition: 'মাসিক বেতন',
      'Exam fee': 'পরীক্ষার ফি',
      Sports: 'ক্রীড়া ফি',
    });
    expect(names.subjects['Bangla 1st Paper']).toBe('বাংলা ১ম পত্র');
    expect(names.subjects).not.toHaveProperty('Robotics');
  });
});

describe('GET /api/names/bn', () => {
  it('answers the demo’s names to every signed-in user type, and 401 without a session', async () => {
    for (const who of ['student1', 'teacher1', DEMO_GUARDIAN_PHONE, 'admin1', 'superadmin', 'viewer1']) {
      const res = await t.get(who, '/api/names/bn');
      expect(res.statusCode, who).toBe(200);
      expect(res.json().classes, who).toMatchObject({ Six: 'ষষ্ঠ', Ten: 'দশম' });
      expect(res.json().subjects, who).toMatchObject({ Mathematics: 'গণিত', ICT: 'আইসিটি' });
      expect(res.json().shifts, who).toEqual({ Morning: 'প্রভাতি', Day: 'দিবা' });
      // Every demo school (a guardian's children's, a viewer's linked ones) has the default types.
      expect(res.json().exam_types['Final (Sub)'], who).toBe('বার্ষিক পরীক্ষা (সৃজনশীল)');
      expect(res.json().fee_sectors.Tuition, who).toBe('মাসিক বেতন');
    }
    expect((await t.get(null, '/api/names/bn')).statusCode).toBe(401);
  });

  it('a teacher sees their school’s exam types, not another school’s', async () => {
    await t.db
      .update(examTypes)
      .set({ examName: 'Term One', examNameBn: 'প্রথম সাময়িক' })
      .where(and(eq(examTypes.schoolId, school1), eq(examTypes.examName, 'Monthly Class Test 4')));
    await t.db
      .update(examTypes)
      .set({ examName: 'Term Two', examNameBn: 'দ্বিতীয় সাময়িক' })
      .where(and(eq(examTypes.schoolId, school2), eq(examTypes.examName, 'Monthly Class Test 4')));
    const mine = (await t.get('teacher1', '/api/names/bn')).json();
    expect(mine.exam_types['Term One']).toBe('প্রথম সাময়িক');
    expect(mine.exam_types).not.toHaveProperty('Term Two');
    const theirs = (await t.get('teacher2', '/api/names/bn')).json();
    expect(theirs.exam_types['Term Two']).toBe('দ্বিতীয় সাময়িক');
    expect(theirs.exam_types).not.toHaveProperty('Term One');
    const all = (await t.get('superadmin', '/api/names/bn')).json();
    expect(all.exam_types).toMatchObject({ 'Term One': 'প্রথম সাময়িক', 'Term Two': 'দ্বিতীয় সাময়িক' });
  });
});

describe('editing the Bangla names', () => {
  it('renaming an exam type with exam_name_bn stores and lists it; too long is a 400 naming the field', async () => {
    const types = (await t.get('admin1', '/api/exam_name')).json();
    const ct1 = types.find((x: { exam_name: string }) => x.exam_name === 'Monthly Class Test 1');
    expect(ct1.exam_name_bn).toBe('মাসিক শ্রেণি পরীক্ষা ১');
    const put = (payload: Record<string, unknown>) =>
      t.call('admin1', { method: 'PUT', url: `/api/exam_name/${ct1.id}`, payload });
    const res = await put({ exam_name: 'January Test', exam_name_bn: '  জানুয়ারি পরীক্ষা ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ exam_name: 'January Test', exam_name_bn: 'জানুয়ারি পরীক্ষা' });
    const listed = (await t.get('admin1', '/api/exam_name')).json();
    expect(listed.find((x: { id: number }) => x.id === ct1.id)).toMatchObject({
      exam_name: 'January Test',
      exam_name_bn: 'জানুয়ারি পরীক্ষা',
    });
    expect((await t.get('teacher1', '/api/names/bn')).json().exam_types['January Test']).toBe('জানুয়ারি পরীক্ষা');
    // Without the field the Bangla name stays.
    expect((await put({ exam_name: 'January Class Test' })).json().exam_name_bn).toBe('জানুয়ারি পরীক্ষা');

    const long = await put({ exam_name: 'January Test', exam_name_bn: 'ক'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ exam_name_bn: 'exam_name_bn must be at most 60 characters' });
  });

  it('a new fee sector stores its Bangla name, or the listed one when none is sent', async () => {
    const add = (body: Record<string, unknown>) => t.post('admin1', '/api/add_sector', body);
    expect((await add({ sector_code: 'ADM', sector_name: 'Admission Fee' })).statusCode).toBe(200);
    expect((await add({ sector_code: 'LAB', sector_name: 'Lab fee', sector_name_bn: 'ল্যাব ফি' })).statusCode).toBe(200);
    const long = await add({ sector_code: 'LNG', sector_name: 'Long', sector_name_bn: 'ক'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().error.fields)).toEqual(['sector_name_bn']);
    const rows = (await t.get('admin1', '/api/sector/all')).json().rows;
    expect(rows.find((r: { sector_code: string }) => r.sector_code === 'ADM').sector_name_bn).toBe('ভর্তি ফি');
    expect(rows.find((r: { sector_code: string }) => r.sector_code === 'LAB').sector_name_bn).toBe('ল্যাব ফি');
  });

  it('a class’s and a subject’s Bangla name is set on create, kept on an edit without it, listed', async () => {
    const types = (await t.get('superadmin', '/api/setup/school_types')).json();
    const sec = types.find((x: { code: string }) => x.code === 'SEC') ?? types[1];
    const created = await t.post('superadmin', '/api/create_class', {
      school_type_id: sec.id,
      class_name: 'Pre-Six',
      class_name_bn: 'প্রাক-ষষ্ঠ',
      class_code: 'P6',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().row).toMatchObject({ class_name: 'Pre-Six', class_name_bn: 'প্রাক-ষষ্ঠ' });
    const id = created.json().row.id;
    const edited = await t.call('superadmin', {
      method: 'PUT',
      url: `/api/setup/classes/${id}`,
      payload: { school_type_id: sec.id, class_name: 'Pre Six', class_code: 'P6' },
    });
    expect(edited.json().row).toMatchObject({ class_name: 'Pre Six', class_name_bn: 'প্রাক-ষষ্ঠ' });
    const subject = await t.post('superadmin', '/api/create_subject', {
      class_id: id,
      subject_code: '901',
      subject_name: 'Higher Mathematics',
    });
    expect(subject.json().row).toMatchObject({ subject_name: 'Higher Mathematics', subject_name_bn: 'উচ্চতর গণিত' });
    const tooLong = await t.post('superadmin', '/api/create_subject', {
      class_id: id,
      subject_code: '902',
      subject_name: 'Long',
      subject_name_bn: 'ক'.repeat(101),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields).toHaveProperty('subject_name_bn');
    const list = (await t.get('superadmin', `/api/setup/subjects?class_id=${id}`)).json();
    expect(list.rows.map((r: { subject_name_bn: string }) => r.subject_name_bn)).toEqual(['উচ্চতর গণিত']);
  });
});

describe('the absence SMS', () => {
  it('names the class and subject by their stored Bangla names', async () => {
    await openToday(t);
    const today = schoolToday();
    const date = iso(today);
    const [routine] = await t.db
      .select({ id: routines.id, classId: routines.classId, subjectId: routines.subjectId })
      .from(routines)
      .innerJoin(teachers, eq(teachers.id, routines.teacherId))
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(and(eq(users.userCode, 'teacher1'), eq(routines.dayId, dayIdOf(today))))
      .limit(1);
    await t.db.update(classes).set({ classNameBn: 'ক্লাস-ষষ্ঠ' }).where(eq(classes.id, routine.classId));
    await t.db.update(subjects).set({ subjectNameBn: 'পরীক্ষার বিষয়' }).where(eq(subjects.id, routine.subjectId));
    await resetTaking(t, routine.id, date);
    const list = (await t.get('teacher1', `/api/attendance/student?routine_id=${routine.id}&date=${date}`)).json();
    const taken = await t.post('teacher1', '/api/attendance/student', {
      date,
      time: '10:50:00',
      routine_id: routine.id,
      attendance: list.map((s: { student_id: number }, i: number) => ({
        student_id: s.student_id,
        attendance_status: i === 0 ? 0 : 1,
      })),
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const preview = (
      await t.get('teacher1', `/api/attendance/absent-message?routine_id=${routine.id}&date=${date}`)
    ).json();
    expect(preview.sample).toMatch(/^অভিভাবক, /);
    expect(preview.sample).toContain(' (ক্লাস-ষষ্ঠ ');
    expect(preview.sample).toContain('পিরিয়ডে পরীক্ষার বিষয় ক্লাসে অনুপস্থিত ছিল।');
  });
});
