/**
 * Input the database cannot hold must answer 400 with the field named, never 500: out-of-range
 * dates and ids, NUL characters, and malformed requests that Fastify itself refuses. Inputs are
 * never coerced: a JSON body carries numbers as numbers, a query string as decimal text only.
 */
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { allOrId, id, idOrAll, isoDate, optionalId, pageQuery, wholeNumber } from '@/api/schemas/common';
import { academicSessions, notices, routines, teachers, users } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A 400 in the project's shape that names `field`. */
function expectFieldError(res: { statusCode: number; json(): unknown }, field: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  const body = res.json() as { error: { code: string; message: string; fields?: Record<string, string> } };
  expect(body.error.code).toBe('invalid_input');
  expect(Object.keys(body.error.fields ?? {})).toContain(field);
  expect(body.error.message).toContain(field);
}

describe('dates', () => {
  it('isoDate accepts 1900-01-01 to 2100-12-31 only', () => {
    for (const ok of ['1900-01-01', '2024-02-29', '2100-12-31']) expect(isoDate.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['0000-01-01', '0001-01-01', '1899-12-31', '2101-01-01', '9999-12-31', '2023-02-29']) {
      expect(isoDate.safeParse(bad).success, bad).toBe(false);
    }
    expect(isoDate.safeParse('0000-01-01').error?.issues[0].message).toMatch(/1900-01-01.*2100-12-31/);
  });

  it.each(['0000-01-01', '0001-01-01', '9999-12-31'])(
    'a notice search from %s is a 400 naming start_date',
    async (d) => {
      expectFieldError(
        await t.get('student1', `/api/notice/student?student_id=1&type=2&start_date=${d}`),
        'start_date',
      );
    },
  );

  it('a school attendance summary for year 0000 is a 400 naming date', async () => {
    expectFieldError(await t.get('admin1', '/api/attendance/summary/school?school_info_id=1&date=0000-01-01'), 'date');
  });

  it('taking attendance for year 0000 is a 400 naming date', async () => {
    const res = await t.post('teacher1', '/api/attendance/student', {
      date: '0000-01-01',
      time: '10:00:00',
      routine_id: 1,
      attendance: [{ student_id: 1, attendance_status: 1 }],
    });
    expectFieldError(res, 'date');
  });
});

describe('ids', () => {
  it('id, idOrAll and optionalId stop at the PostgreSQL integer maximum', () => {
    expect(id('x').safeParse(2147483647).success).toBe(true);
    expect(id('x').safeParse(2147483648).success).toBe(false);
    expect(idOrAll('x').safeParse('2147483648').success).toBe(false);
    expect(optionalId('x').safeParse('2147483648').success).toBe(false);
    expect(optionalId('x').safeParse('').success).toBe(true);
    expect(id('x').safeParse(2147483648).error?.issues[0].message).toMatch(/^x /);
  });

  it('a query id above 2147483647 is a 400 naming it; the maximum itself is simply not found', async () => {
    expectFieldError(await t.get('teacher1', '/api/notice/edit?id=2147483648'), 'id');
    expectFieldError(await t.get('teacher1', '/api/notice/edit?id=99999999999999999999'), 'id');
    expect((await t.get('teacher1', '/api/notice/edit?id=2147483647')).statusCode).toBe(404);
    expectFieldError(
      await t.get('admin1', '/api/attendance/summary/school?school_info_id=2147483648'),
      'school_info_id',
    );
  });

  it('a body id above 2147483647 is a 400 naming it', async () => {
    const [session] = await t.db.select({ id: academicSessions.id }).from(academicSessions).limit(1);
    const notice = {
      class_id: 0,
      section_id: 0,
      students: [],
      session_id: session.id,
      headline: 'Big ids',
      description: '',
      date: '2024-01-01',
    };
    expectFieldError(await t.post('admin1', '/api/notice', { ...notice, id: 2147483648 }), 'id');
    expectFieldError(await t.post('admin1', '/api/notice', { ...notice, session_id: 2147483648 }), 'session_id');
    expectFieldError(await t.post('admin1', '/api/notice', { ...notice, students: [2147483648] }), 'students.0');
    expectFieldError(await t.post('admin1', '/api/notice', { ...notice, class_id: 2147483648 }), 'class_id');
    const [routine] = await t.db.select({ id: routines.id }).from(routines).limit(1);
    const res = await t.post('teacher1', '/api/attendance/student', {
      date: '2024-01-01',
      time: '10:00:00',
      routine_id: routine.id,
      attendance: [{ student_id: 2147483648, attendance_status: 1 }],
    });
    expectFieldError(res, 'attendance.0.student_id');
  });
});

describe('NUL characters', () => {
  const NUL = 'must not contain NUL characters';

  it('a NUL in a body string is a 400 naming the field', async () => {
    const res = await t.post('admin1', '/api/notice', { headline: 'nul\u0000x', description: 'fine' });
    expectFieldError(res, 'headline');
    expect(res.json().error.fields).toEqual({ headline: NUL });
  });

  it('names nested paths in the body', async () => {
    const res = await t.post('teacher1', '/api/attendance/student', {
      date: '2024-01-01',
      time: '10:00:00',
      routine_id: 1,
      attendance: [{ student_id: '1\u0000', attendance_status: 1 }],
    });
    expectFieldError(res, 'attendance.0.student_id');
    expect(res.json().error.fields['attendance.0.student_id']).toBe(NUL);
  });

  it('a NUL in the query is a 400 naming the parameter', async () => {
    const res = await t.get('teacher1', '/api/users/user_id?user_code=teacher1%00');
    expectFieldError(res, 'user_code');
    expect(res.json().error.fields.user_code).toBe(NUL);
  });

  it('a deeply nested body is refused as such before any other check', async () => {
    const deep = '['.repeat(50_000) + '"\\u0000"' + ']'.repeat(50_000);
    const res = await t.call('admin1', {
      method: 'POST',
      url: '/api/notice',
      headers: { 'content-type': 'application/json' },
      payload: `{"headline":${deep}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_input');
    expect(res.json().error.fields).toHaveProperty('body');
    expect(res.json().error.message).toMatch(/^body: is nested too deeply/);
  });

  it('still answers 401 before looking at the input of an anonymous call', async () => {
    const res = await t.post(null, '/api/notice', { headline: 'nul\u0000x' });
    expect(res.statusCode).toBe(401);
  });
});

describe('framework errors use the one error shape', () => {
  const shape = (res: { json(): unknown }) => {
    const body = res.json() as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['error']);
    const error = body.error as Record<string, unknown>;
    expect(typeof error.code).toBe('string');
    expect(typeof error.message).toBe('string');
    return error;
  };

  it('a malformed percent-encoding in the path is a 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(shape(res).code).toBe('bad_url');
  });

  it('malformed JSON, an unsupported media type and an oversized body keep the shape', async () => {
    const token = await t.token('admin1');
    const headers = { authorization: `Bearer ${token}` };
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/notice',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"headline":',
    });
    expect(broken.statusCode).toBe(400);
    shape(broken);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/notice',
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(text.statusCode).toBe(415);
    shape(text);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/notice',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ headline: 'x'.repeat(2_000_000) }),
    });
    expect(big.statusCode).toBe(413);
    shape(big);
  });

  it('a request the HTTP parser refuses is a 400 in the shape', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write('GET /api/class HTTP/1.1\r\nBad Header\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    const error = shape({ json: () => JSON.parse(body) });
    expect(error.code).toBe('bad_request');
  });
});

describe('numbers are not coerced', () => {
  const NOT_NUMBERS: unknown[] = [true, false, [], [1], {}, '12', '0x10', '1e3', ' 12', '', 1.5, NaN, Infinity];

  it('the shared id schemas take JSON numbers only', () => {
    for (const bad of NOT_NUMBERS) {
      expect(id('x').safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(idOrAll('x').safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(wholeNumber('x').safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    for (const bad of NOT_NUMBERS.filter((v) => v !== '')) {
      expect(allOrId('x').safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(optionalId('x').safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(id('x').parse(12)).toBe(12);
    expect(idOrAll('x').parse(0)).toBe(0);
    // A form's empty choice still means "absent" / "ALL".
    expect(optionalId('x').parse('')).toBeUndefined();
    expect(optionalId('x').parse(null)).toBeUndefined();
    expect(allOrId('x').parse('')).toBe(0);
    expect(allOrId('x').parse(undefined)).toBe(0);
    expect(allOrId('x').parse(7)).toBe(7);
  });

  it('pageQuery has a default and a hard maximum', () => {
    expect(pageQuery.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(pageQuery.safeParse({ limit: 201 }).success).toBe(false);
    expect(pageQuery.safeParse({ limit: 0 }).success).toBe(false);
    expect(pageQuery.safeParse({ offset: -1 }).success).toBe(false);
  });

  const notice = async (patch: Record<string, unknown>) => {
    const [session] = await t.db.select({ id: academicSessions.id }).from(academicSessions).limit(1);
    return {
      class_id: 0,
      section_id: 0,
      students: [],
      session_id: session.id,
      headline: 'Not coerced',
      description: 'Words.',
      date: '2024-01-01',
      ...patch,
    };
  };

  it.each([
    ['section_id', []],
    ['section_id', [3]],
    ['section_id', true],
    ['section_id', '3'],
    ['class_id', '0x10'],
    ['class_id', '1e3'],
    ['session_id', '12'],
    ['session_id', true],
    ['session_id', 1.5],
  ])('a notice body with %s = %j is a 400 naming it, and writes nothing', async (field, value) => {
    const before = (await t.db.select({ id: notices.id }).from(notices)).length;
    expectFieldError(await t.post('admin1', '/api/notice', await notice({ [field]: value })), field);
    expect((await t.db.select({ id: notices.id }).from(notices)).length).toBe(before);
  });

  it('a notice body with a student id as text is a 400 naming that entry', async () => {
    expectFieldError(await t.post('admin1', '/api/notice', await notice({ students: ['12'] })), 'students.0');
  });

  it('an attendance body with ids as text is a 400 naming them', async () => {
    const [routine] = await t.db.select({ id: routines.id }).from(routines).limit(1);
    const take = (patch: Record<string, unknown>) =>
      t.post('teacher1', '/api/attendance/student', {
        date: '2024-01-01',
        time: '10:00:00',
        routine_id: routine.id,
        attendance: [{ student_id: 1, attendance_status: 1 }],
        ...patch,
      });
    expectFieldError(await take({ routine_id: String(routine.id) }), 'routine_id');
    expectFieldError(
      await take({ attendance: [{ student_id: '1', attendance_status: 1 }] }),
      'attendance.0.student_id',
    );
  });

  it('a query string carries numbers as decimal text only', async () => {
    const [teacher] = await t.db
      .select({ id: teachers.id })
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(eq(users.userCode, 'teacher1'));
    expect((await t.get('admin1', `/api/teacher/profile?teacher_id=${teacher.id}`)).statusCode).toBe(200);
    expect((await t.get('admin1', `/api/teacher/profile?teacher_id=000${teacher.id}`)).statusCode).toBe(200);
    for (const bad of ['0x10', '1e3', '12.0', '-1', '+12', '%2012', 'true', '', '2147483648']) {
      expectFieldError(await t.get('admin1', `/api/teacher/profile?teacher_id=${bad}`), 'teacher_id');
    }
    for (const bad of ['1e2', '0x10', '501', '0']) {
      expectFieldError(await t.get('admin1', `/api/student/all?limit=${bad}`), 'limit');
    }
    expectFieldError(await t.get('teacher1', '/api/users/user_id?user_type=2e0'), 'user_type');
  });
});

describe('malformed JSON bodies', () => {
  const raw = async (payload: string | Buffer) =>
    t.call('admin1', {
      method: 'POST',
      url: '/api/notice',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('invalid UTF-8 is a 400 naming the body, not a 500 or replacement characters', async () => {
    const bytes = Buffer.concat([Buffer.from('{"headline":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]);
    const res = await raw(bytes);
    expectFieldError(res, 'body');
    expect(res.json().error.message).toMatch(/UTF-8/);
  });

  it('half a surrogate pair is a 400 naming the field', async () => {
    expectFieldError(await raw('{"headline":"broken \\ud800 text"}'), 'headline');
  });

  it('a __proto__ key is a 400 naming it, at any depth', async () => {
    const top = await raw('{"headline":"x","__proto__":{"isAdmin":true}}');
    expectFieldError(top, '__proto__');
    expectFieldError(await raw('{"students":[{"__proto__":{"x":1}}]}'), 'students.0.__proto__');
    expectFieldError(await raw('{"constructor":{"prototype":{"x":1}}}'), 'constructor.prototype');
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('an empty JSON body and broken JSON are 400s naming the body', async () => {
    expectFieldError(await raw(''), 'body');
    expectFieldError(await raw('{"headline":'), 'body');
  });
});
