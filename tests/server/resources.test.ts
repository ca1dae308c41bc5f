import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { RESOURCE_CODES, type BookRow, type LoanRow } from '@/api/schemas/resources';
import { libraryBooks, students, users } from '@server/db/schema';
import { tinyPdf } from '@server/db/seed/homework';
import { createTestApp, type TestApp } from '../helpers/server';
import { schoolToday } from '../helpers/run-clock';

let t: TestApp;
let uploadDir: string;

const S = {} as { school1: number; school2: number; student1Code: string; student2Code: string; other1Code: string };

const iso = (days = 0) => schoolToday().plus({ days }).toISODate()!;

function multipart(fields: Record<string, string | number>, file?: { name: string; content: Uint8Array | string }) {
  const boundary = `----rs${randomBytes(8).toString('hex')}`;
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

const upload = (as: string, fields: Record<string, string | number>, file?: { name: string; content: Uint8Array }) => {
  const body = multipart(fields, file);
  return t.call(as, { method: 'POST', url: '/api/ebooks', payload: body.payload, headers: body.headers });
};
const put = (as: string, url: string, payload: unknown) =>
  t.call(as, { method: 'PUT', url, payload: payload as Record<string, unknown> });
const del = (as: string, url: string) => t.call(as, { method: 'DELETE', url });

function expectField(res: { statusCode: number; body: string }, status: number, field: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(JSON.parse(res.body).error.fields, res.body).toHaveProperty(field);
}

async function addBook(as: string, copies: number, title = `Book ${randomBytes(3).toString('hex')}`) {
  const res = await t.post(as, '/api/library/books', { title, author: 'A. Author', category: 'Test', copies });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}
const book = async (as: string, id: number, title: string) =>
  ((await t.get(as, `/api/library/books?q=${encodeURIComponent(title)}`)).json().rows as BookRow[]).find(
    (b) => b.id === id,
  );

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'res-uploads-'));
  t = await createTestApp({ UPLOAD_DIR: uploadDir, UPLOAD_MAX_MB: 1 });
  const codeOf = async (userCode: string) => {
    const [row] = await t.db
      .select({ code: students.studentCode, schoolId: students.schoolId })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(eq(users.userCode, userCode));
    return row;
  };
  const s1 = await codeOf('student1');
  const s2 = await codeOf('student2');
  S.school1 = s1.schoolId;
  S.school2 = s2.schoolId;
  S.student1Code = s1.code;
  S.student2Code = s2.code;
  const [other] = await t.db
    .select({ code: students.studentCode })
    .from(students)
    .where(eq(students.schoolId, S.school1))
    .limit(2);
  S.other1Code = other.code === S.student1Code ? '' : other.code;
  if (!S.other1Code) {
    const rows = await t.db
      .select({ code: students.studentCode })
      .from(students)
      .where(eq(students.schoolId, S.school1))
      .limit(2);
    S.other1Code = rows[1].code;
  }
});
afterAll(async () => {
  await t.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe('the library catalogue', () => {
  it('is per school: each school reads its own, a viewer names a linked school', async () => {
    const title = `Only in school one ${randomBytes(3).toString('hex')}`;
    const id = await addBook('admin1', 2, title);
    expect(await book('student1', id, title)).toMatchObject({ title, copies: 2, available: 2 });
    expect(await book('teacher1', id, title)).toBeDefined();
    expect(await book('admin2', id, title)).toBeUndefined();
    expect(await book('student2', id, title)).toBeUndefined();
    const viewer = await t.get(
      'viewer1',
      `/api/library/books?school_info_id=${S.school1}&q=${encodeURIComponent(title)}`,
    );
    expect(viewer.json().rows.map((b: BookRow) => b.id)).toEqual([id]);
    expect((await t.get('viewer1', '/api/library/books')).statusCode).toBe(400);
    expect((await t.get('student1', `/api/library/books?school_info_id=${S.school2}`)).statusCode).toBe(403);
  });

  it('is paged and searchable', async () => {
    const res = await t.get('student1', '/api/library/books?limit=5');
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toHaveLength(5);
    expect(res.json().total).toBeGreaterThan(20);
    expect((await t.get('student1', '/api/library/books?limit=201')).statusCode).toBe(400);
  });

  it('only the school admin writes, and a 400 names the field', async () => {
    expect((await t.post('student1', '/api/library/books', { title: 'X', copies: 1 })).statusCode).toBe(403);
    expect((await t.post('teacher1', '/api/library/books', { title: 'X', copies: 1 })).statusCode).toBe(403);
    expect((await t.post('viewer1', '/api/library/books', { title: 'X', copies: 1 })).statusCode).toBe(403);
    expectField(await t.post('admin1', '/api/library/books', { title: ' ', copies: 1 }), 400, 'title');
    expectField(await t.post('admin1', '/api/library/books', { title: 'X', copies: '3' }), 400, 'copies');
    expectField(await t.post('admin1', '/api/library/books', { title: 'X', copies: -1 }), 400, 'copies');
    const id = await addBook('admin1', 1);
    expect((await put('admin2', `/api/library/books/${id}`, { title: 'Mine now', copies: 1 })).statusCode).toBe(404);
    expect((await del('admin2', `/api/library/books/${id}`)).statusCode).toBe(404);
  });
});

describe('loans', () => {
  it('issue, the student sees it, return, and available follows', async () => {
    const title = `Loan book ${randomBytes(3).toString('hex')}`;
    const id = await addBook('admin1', 2, title);
    const res = await t.post('admin1', '/api/library/loans', {
      book_id: id,
      student_code: S.student1Code,
      due_date: iso(14),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBe(RESOURCE_CODES.loanIssued);
    expect(await book('student1', id, title)).toMatchObject({ copies: 2, available: 1 });
    const mine: LoanRow[] = (await t.get('student1', '/api/library/loans')).json().rows;
    expect(mine.find((l) => l.book_id === id)).toMatchObject({ title, due_date: iso(14), returned_on: null });
    // Nobody else's loans: a student sees only their own.
    expect(mine.every((l) => l.student_code === S.student1Code)).toBe(true);
    expect((await t.post('student1', `/api/library/loans/${res.json().id}/return`)).statusCode).toBe(403);
    expect((await t.post('admin2', `/api/library/loans/${res.json().id}/return`)).statusCode).toBe(404);
    const back = await t.post('admin1', `/api/library/loans/${res.json().id}/return`);
    expect(back.statusCode, back.body).toBe(200);
    expect(await book('student1', id, title)).toMatchObject({ available: 2 });
    const again = await t.post('admin1', `/api/library/loans/${res.json().id}/return`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe(RESOURCE_CODES.alreadyReturned);
    const all: LoanRow[] = (await t.get('student1', '/api/library/loans?status=all')).json().rows;
    expect(all.find((l) => l.book_id === id)?.returned_on).toBe(iso());
  });

  it('refuses bad input, naming the field, and a student of another school', async () => {
    const id = await addBook('admin1', 1);
    expectField(
      await t.post('admin1', '/api/library/loans', { book_id: id, student_code: S.student2Code, due_date: iso(7) }),
      400,
      'student_code',
    );
    expectField(
      await t.post('admin1', '/api/library/loans', { book_id: id, student_code: S.student1Code, due_date: iso(-1) }),
      400,
      'due_date',
    );
    expectField(
      await t.post('admin1', '/api/library/loans', {
        book_id: id,
        student_code: S.student1Code,
        due_date: '2026-02-30',
      }),
      400,
      'due_date',
    );
    expect(
      (await t.post('admin1', '/api/library/loans', { book_id: 'x', student_code: S.student1Code, due_date: iso(1) }))
        .statusCode,
    ).toBe(400);
    const school2Book = await addBook('admin2', 1);
    expect(
      (
        await t.post('admin1', '/api/library/loans', {
          book_id: school2Book,
          student_code: S.student1Code,
          due_date: iso(1),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('the last copy goes once, even to two issues at the same moment', async () => {
    const title = `Last copy ${randomBytes(3).toString('hex')}`;
    const id = await addBook('admin1', 1, title);
    const [a, b] = await Promise.all([
      t.post('admin1', '/api/library/loans', { book_id: id, student_code: S.student1Code, due_date: iso(7) }),
      t.post('admin1', '/api/library/loans', { book_id: id, student_code: S.other1Code, due_date: iso(7) }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().error.code).toBe(RESOURCE_CODES.noCopyLeft);
    const [row] = await t.db.select().from(libraryBooks).where(eq(libraryBooks.id, id));
    expect(row.onLoan).toBe(1);
    expect(await book('admin1', id, title)).toMatchObject({ copies: 1, available: 0 });
  });

  it('one open loan per student and book; copies never below what is out; no delete while out', async () => {
    const id = await addBook('admin1', 3);
    const issue = () =>
      t.post('admin1', '/api/library/loans', { book_id: id, student_code: S.student1Code, due_date: iso(7) });
    const first = await issue();
    expect(first.statusCode).toBe(200);
    const twice = await issue();
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe(RESOURCE_CODES.alreadyBorrowed);
    const [row] = await t.db.select().from(libraryBooks).where(eq(libraryBooks.id, id));
    expect(row.onLoan).toBe(1);
    expectField(await put('admin1', `/api/library/books/${id}`, { title: 'Fewer', copies: 0 }), 409, 'copies');
    expect((await put('admin1', `/api/library/books/${id}`, { title: 'Fewer', copies: 1 })).statusCode).toBe(200);
    const refused = await del('admin1', `/api/library/books/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe(RESOURCE_CODES.onLoan);
    expect((await t.post('admin1', `/api/library/loans/${first.json().id}/return`)).statusCode).toBe(200);
    expect((await del('admin1', `/api/library/books/${id}`)).statusCode).toBe(200);
  });

  it('overdue loans are marked', async () => {
    const { libraryLoans } = await import('@server/db/schema');
    const id = await addBook('admin1', 1);
    const res = await t.post('admin1', '/api/library/loans', {
      book_id: id,
      student_code: S.student1Code,
      due_date: iso(1),
    });
    await t.db
      .update(libraryLoans)
      .set({ issuedOn: iso(-20), dueDate: iso(-3) })
      .where(eq(libraryLoans.id, res.json().id));
    const mine: LoanRow[] = (await t.get('student1', '/api/library/loans?limit=200')).json().rows;
    expect(mine.find((l) => l.id === res.json().id)?.overdue).toBe(true);
    expect(mine[0].overdue).toBe(true);
    expect((await t.get('teacher1', '/api/library/loans')).statusCode).toBe(403);
  });
});

describe('e-books', () => {
  const PDF = tinyPdf(['An e-book', 'Chapter one']);

  it('the admin uploads; the school reads and downloads; other schools never', async () => {
    const res = await upload('admin1', { title: 'Physics notes' }, { name: 'physics.pdf', content: PDF });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as number;
    const list = (await t.get('student1', '/api/ebooks?limit=200')).json();
    expect(list.rows.find((e: { id: number }) => e.id === id)).toMatchObject({
      title: 'Physics notes',
      file_name: 'physics.pdf',
      file_type: 'application/pdf',
    });
    for (const who of ['student1', 'teacher1', 'admin1']) {
      const file = await t.get(who, `/api/ebooks/${id}/file`);
      expect(file.statusCode, who).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.equals(Buffer.from(PDF))).toBe(true);
    }
    for (const who of ['student2', 'teacher2', 'admin2']) {
      expect((await t.get(who, `/api/ebooks/${id}/file`)).statusCode, who).toBe(403);
      const theirs = (await t.get(who, '/api/ebooks?limit=200')).json().rows as { id: number }[];
      expect(theirs.some((e) => e.id === id)).toBe(false);
    }
    expect((await t.get(null, `/api/ebooks/${id}/file`)).statusCode).toBe(401);
    expect((await t.get('viewer1', `/api/ebooks/${id}/file`)).statusCode).toBe(200);
  });

  it('keeps the homework upload’s limits: size, type by content, a file required', async () => {
    expectField(
      await upload(
        'admin1',
        { title: 'Too big' },
        { name: 'big.pdf', content: Buffer.concat([Buffer.from(PDF), Buffer.alloc(1.2 * 1024 * 1024, 32)]) },
      ),
      413,
      'file',
    );
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 1)]);
    expectField(await upload('admin1', { title: 'Disguised' }, { name: 'book.pdf', content: exe }), 415, 'file');
    expectField(await upload('admin1', { title: 'No file' }), 400, 'file');
    expectField(await upload('admin1', { title: ' ' }, { name: 'a.pdf', content: PDF }), 400, 'title');
    expectField(
      await upload('admin1', { title: 'Bad class', class_id: 'six' }, { name: 'a.pdf', content: PDF }),
      400,
      'class_id',
    );
    expect((await upload('student1', { title: 'Mine' }, { name: 'a.pdf', content: PDF })).statusCode).toBe(403);
    expect((await upload('teacher1', { title: 'Mine' }, { name: 'a.pdf', content: PDF })).statusCode).toBe(403);
  });

  it('edits and deletes only in one’s own school', async () => {
    const id = (await upload('admin1', { title: 'Draft' }, { name: 'd.pdf', content: PDF })).json().id as number;
    expect((await put('admin2', `/api/ebooks/${id}`, { title: 'Taken' })).statusCode).toBe(404);
    expect((await del('admin2', `/api/ebooks/${id}`)).statusCode).toBe(404);
    expect((await put('admin1', `/api/ebooks/${id}`, { title: 'Final' })).statusCode).toBe(200);
    expect((await del('admin1', `/api/ebooks/${id}`)).statusCode).toBe(200);
    expect((await t.get('student1', `/api/ebooks/${id}/file`)).statusCode).toBe(404);
  });
});

describe('important links', () => {
  it('http and https only, naming url; per school; admin writes, others read', async () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.org', 'example.org', 'https://']) {
      expectField(await t.post('admin1', '/api/links', { title: 'Bad', url }), 400, 'url');
    }
    const res = await t.post('admin1', '/api/links', {
      title: 'Board results',
      url: 'https://www.educationboardresults.gov.bd/',
      description: 'SSC and HSC results',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as number;
    const rows = (await t.get('student1', '/api/links?limit=200')).json().rows as { id: number; url: string }[];
    expect(rows.find((l) => l.id === id)?.url).toBe('https://www.educationboardresults.gov.bd/');
    expect(
      ((await t.get('student2', '/api/links?limit=200')).json().rows as { id: number }[]).some((l) => l.id === id),
    ).toBe(false);
    expect((await t.post('student1', '/api/links', { title: 'x', url: 'https://a.bd' })).statusCode).toBe(403);
    expect((await put('admin2', `/api/links/${id}`, { title: 'x', url: 'https://a.bd' })).statusCode).toBe(404);
    expect((await put('admin1', `/api/links/${id}`, { title: 'Results', url: 'http://a.bd' })).statusCode).toBe(200);
    expect((await del('admin2', `/api/links/${id}`)).statusCode).toBe(404);
    expect((await del('student1', `/api/links/${id}`)).statusCode).toBe(403);
    expect((await del('admin1', `/api/links/${id}`)).statusCode).toBe(200);
    expect((await del('admin1', `/api/links/${id}`)).statusCode).toBe(404);
  });
});
