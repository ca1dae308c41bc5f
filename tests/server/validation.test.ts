/**
 * Input the database cannot hold must answer 400 with the field named, never 500: out-of-range
 * dates and ids, NUL characters, and malformed requests that Fastify itself refuses.
 */
import net from 'node:net';
import { id, idOrAll, isoDate, optionalId } from '@/api/schemas/common';
import { academicSessions, routines } from '@server/db/schema';
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

  it('a deeply nested body does not crash the check', async () => {
    const deep = '['.repeat(50_000) + '"\\u0000"' + ']'.repeat(50_000);
    const res = await t.call('admin1', {
      method: 'POST',
      url: '/api/notice',
      headers: { 'content-type': 'application/json' },
      payload: `{"headline":${deep}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_input');
    expect(res.json().error.message).toMatch(/^headline\.0\.0\..*must not contain NUL characters$/);
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
