/**
 * GET /api/exam/admit_cards (docs/DOMAIN.md, "The school's documents"): an exam's admit cards,
 * four a page, for the section of the paper named or another section of its class; the school
 * admin's own school only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { exams } from '@server/db/schema';
import { seatsOf } from '@server/services/seat-plan';
import { createTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
let examId: number;
let otherSchoolExam: number;
beforeAll(async () => {
  t = await createTestApp();
  const [first] = await t.db
    .select({ id: exams.id })
    .from(exams)
    .where(and(eq(exams.sectionId, 1)))
    .orderBy(asc(exams.id))
    .limit(1);
  examId = first.id;
  const [other] = await t.db.select({ id: exams.id }).from(exams).where(eq(exams.schoolId, 2)).limit(1);
  otherSchoolExam = other.id;
});
afterAll(() => t.close());

const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

it('the admin prints the section’s admit cards: 28 students, four a page; another section of the class too', async () => {
  const res = await t.get('admin1', `/api/exam/admit_cards?exam_id=${examId}&lang=en`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toContain('admit-cards-Six-A.pdf');
  expect(pages(res.rawPayload)).toBe(7);
  if (process.env.KEEP_PDF) fs.writeFileSync(path.join(process.env.KEEP_PDF, 'admit-en.pdf'), res.rawPayload);
  const bn = await t.get('admin1', `/api/exam/admit_cards?exam_id=${examId}&section_id=2&lang=bn`);
  expect(bn.statusCode).toBe(200);
  expect(bn.headers['content-disposition']).toContain('admit-cards-Six-B.pdf');
  if (process.env.KEEP_PDF) fs.writeFileSync(path.join(process.env.KEEP_PDF, 'admit-bn.pdf'), bn.rawPayload);
});

it('a section of another class is 400; another school’s exam 403; a teacher may not ask', async () => {
  const wrong = await t.get('admin1', `/api/exam/admit_cards?exam_id=${examId}&section_id=3`);
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().error.fields).toHaveProperty('section_id');
  expect((await t.get('admin1', `/api/exam/admit_cards?exam_id=${otherSchoolExam}`)).statusCode).toBe(403);
  expect((await t.get('teacher1', `/api/exam/admit_cards?exam_id=${examId}`)).statusCode).toBe(403);
  expect((await t.get('admin1', '/api/exam/admit_cards?exam_id=999999')).statusCode).toBe(404);
});

describe('the seat plan (GET /api/exam/seat_plan)', () => {
  it('seats the sections sharing a room in turn by roll, two to a bench', () => {
    const sitter = (room: string, section_id: number, roll: number) => ({
      room,
      section_id,
      class_name: 'Six',
      class_name_bn: '',
      section_default_name: section_id === 1 ? 'A' : 'B',
      class_roll_no: roll,
      full_name: `S${section_id}-${roll}`,
      student_code: `C${section_id}-${roll}`,
      school_name: 'X',
      exam_name: 'Half Yearly',
      exam_name_bn: '',
    });
    const seats = seatsOf([
      sitter('101', 1, 1),
      sitter('101', 1, 2),
      sitter('101', 1, 3),
      sitter('101', 2, 1),
      sitter('102', 3, 1),
    ]);
    expect(seats.map((s) => [s.room, s.seat, s.bench, s.full_name])).toEqual([
      ['101', 1, 1, 'S1-1'],
      ['101', 2, 1, 'S2-1'],
      ['101', 3, 2, 'S1-2'],
      ['101', 4, 2, 'S1-3'],
      ['102', 1, 1, 'S3-1'],
    ]);
  });

  it('the admin prints the plan of the paper’s day, a page or more a room; others are refused', async () => {
    const res = await t.get('admin1', `/api/exam/seat_plan?exam_id=${examId}&lang=bn`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(pages(res.rawPayload)).toBeGreaterThanOrEqual(1);
    if (process.env.KEEP_PDF) fs.writeFileSync(path.join(process.env.KEEP_PDF, 'seat-bn.pdf'), res.rawPayload);
    expect((await t.get('admin1', `/api/exam/seat_plan?exam_id=${otherSchoolExam}`)).statusCode).toBe(403);
    expect((await t.get('teacher1', `/api/exam/seat_plan?exam_id=${examId}`)).statusCode).toBe(403);
    expect((await t.get('admin1', '/api/exam/seat_plan?exam_id=0')).statusCode).toBe(400);
  });
});
