/**
 * Fixtures and a fake notice API (msw) shared by the notice screen tests and the notice editor's
 * path tests: a small school (classes Six and Seven, sections Six A, Six B, Seven A, four
 * students) and an in-memory notice list that answers pages, counts audiences, saves and deletes
 * as the server does, recording every request.
 */
import { http, HttpResponse } from 'msw';
import type { ClassRow, SectionRow, SessionRow } from '@/api/schemas/lookups';
import type { CountedNoticeRow, NoticeReach } from '@/api/schemas/notices';
import type { SectionStudentRow } from '@/api/schemas/people';
import { server } from '../helpers/msw';

export const CLASSES: ClassRow[] = [
  { id: 6, class_name: 'Six', class_code: '06', school_type_id: 1 },
  { id: 7, class_name: 'Seven', class_code: '07', school_type_id: 1 },
];
export const SECTIONS: SectionRow[] = [
  { id: 3, section_default_name: 'A', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
  { id: 4, section_default_name: 'B', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
  { id: 5, section_default_name: 'A', class_id: 7, class_name: 'Seven', shift_id: 1, school_info_id: 10 },
];
export const SESSIONS: SessionRow[] = [
  { id: 1, session_year: '2025', current: false },
  { id: 2, session_year: '2026', current: true },
];

/** An author who may address the whole school (a school admin; the demo's teachers teach every section). */
export const WHOLE_SCHOOL: NoticeReach = { whole_school: true, sections: [] };
/** A teacher who teaches Six A and Seven A in session 2026 (not Six B), and nothing in 2025. */
export const SIX_A_SEVEN_A: NoticeReach = {
  whole_school: false,
  sections: [
    { session_id: 2, class_id: 6, section_id: 3 },
    { session_id: 2, class_id: 7, section_id: 5 },
  ],
};

export function student(
  id: number,
  full_name: string,
  class_id: number,
  section_id: number,
  roll: number,
): SectionStudentRow {
  return {
    id,
    student_id: id,
    student_code: `S-1-${String(id).padStart(4, '0')}`,
    full_name,
    mobile_no: `0171100${id}`,
    class_roll_no: roll,
    enrolment_id: id + 1000,
    class_id,
    section_id,
  };
}
export const STUDENTS = [
  student(101, 'Arif Hossain', 6, 3, 1),
  student(102, 'Nusrat Jahan', 6, 3, 2),
  student(103, 'Rafi Ahmed', 6, 4, 1),
  student(104, 'Mim Akter', 7, 5, 1),
];

export function studentsOf(classId: number, sectionId: number): SectionStudentRow[] {
  return STUDENTS.filter((s) => (!classId || s.class_id === classId) && (!sectionId || s.section_id === sectionId));
}

export function notice(over: Partial<CountedNoticeRow>): CountedNoticeRow {
  return {
    id: 5,
    notice_headline: 'Sports day',
    notice_description: 'Bring your kit on Thursday.',
    type: 1,
    school_info_id: 10,
    class_id: 6,
    class_name: 'Six',
    section_id: 3,
    section_default_name: 'A',
    session_id: 2,
    session_year: '2026',
    publishing_date: '2026-03-01',
    notice_users: '101',
    students: [101],
    student_id: 101,
    creator_name: 'Rahima Khatun',
    edited_by_name: null,
    edited_at: null,
    read_count: 0,
    recipient_count: 1,
    ...over,
  };
}

export const CREATED_MESSAGE = 'new note added successfully!';
export const UPDATED_MESSAGE = 'Note updated successfully!';
export const DELETED_MESSAGE = "Note's deleted successfully";

type Json = Record<string, unknown>;
export interface SaveCall {
  body: Json;
  key: string | null;
}
type Answer = () => Response | Promise<Response>;

export function errorAnswer(status: number, message: string, fields?: Record<string, string>): Answer {
  const code = status === 400 ? 'invalid_input' : status >= 500 ? 'internal' : 'refused';
  return () => HttpResponse.json({ error: { code, message, ...(fields ? { fields } : {}) } }, { status });
}

/**
 * The notice API over an in-memory list. `listPath` is the editor's list (creator for a teacher,
 * school for the admin); `reach` whom the author may address. `next(endpoint, answer)` makes the next request of that endpoint answer
 * differently (an error, or a hold the test releases).
 */
export function noticeApi(
  initial: CountedNoticeRow[] = [],
  listPath: '/api/notice/creator' | '/api/notice/school' = '/api/notice/creator',
  reach: NoticeReach = WHOLE_SCHOOL,
) {
  let list = [...initial];
  let nextId = 40;
  const calls = {
    lookups: 0,
    students: [] as Array<Record<string, string>>,
    list: [] as Array<Record<string, string>>,
    edit: [] as string[],
    audience: [] as Array<Record<string, string>>,
    save: [] as SaveCall[],
    delete: [] as string[],
  };
  type Endpoint = 'students' | 'edit' | 'audience' | 'save' | 'delete' | 'list' | 'lookups';
  const queued: Record<Endpoint, Answer[]> = {
    students: [],
    edit: [],
    audience: [],
    save: [],
    delete: [],
    list: [],
    lookups: [],
  };
  const special = async (endpoint: Endpoint) => {
    const answer = queued[endpoint].shift();
    return answer ? answer() : null;
  };
  const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

  server.use(
    http.get('/api/class', async () => (await special('lookups')) ?? HttpResponse.json(CLASSES)),
    http.get('/api/section/all', () => HttpResponse.json(SECTIONS)),
    http.get('/api/session', () => {
      calls.lookups += 1;
      return HttpResponse.json(SESSIONS);
    }),
    http.get('/api/notice/reach', () => HttpResponse.json(reach)),
    http.get('/api/student/section', async ({ request }) => {
      const q = query(request);
      calls.students.push(q);
      return (
        (await special('students')) ?? HttpResponse.json(studentsOf(Number(q.class_id ?? 0), Number(q.section_id ?? 0)))
      );
    }),
    http.get(listPath, async ({ request }) => {
      const q = query(request);
      calls.list.push(q);
      const limit = Number(q.limit ?? 20);
      const offset = Number(q.offset ?? 0);
      const rows = list.filter((n) => !q.type || String(n.type) === q.type);
      return (
        (await special('list')) ??
        HttpResponse.json({ rows: rows.slice(offset, offset + limit), total: rows.length, limit, offset })
      );
    }),
    http.get('/api/notice/edit', async ({ request }) => {
      const id = query(request).id ?? '';
      calls.edit.push(id);
      return (await special('edit')) ?? HttpResponse.json(list.filter((n) => String(n.id) === id));
    }),
    http.get('/api/notice/audience', async ({ request }) => {
      const q = query(request);
      calls.audience.push(q);
      return (
        (await special('audience')) ??
        HttpResponse.json({ students: studentsOf(Number(q.class_id ?? 0), Number(q.section_id ?? 0)).length })
      );
    }),
    http.post('/api/notice', async ({ request }) => {
      const body = (await request.json()) as Json;
      calls.save.push({ body, key: request.headers.get('idempotency-key') });
      const answer = await special('save');
      if (answer) return answer;
      const existing = body.id ? list.find((n) => n.id === body.id) : undefined;
      const chosen = (body.students as number[]) ?? [];
      const row = notice({
        id: existing?.id ?? nextId++,
        notice_headline: String(body.headline),
        notice_description: String(body.description),
        class_id: Number(body.class_id),
        class_name: CLASSES.find((c) => c.id === body.class_id)?.class_name ?? 'ALL',
        section_id: Number(body.section_id),
        section_default_name: SECTIONS.find((s) => s.id === body.section_id)?.section_default_name ?? 'ALL',
        publishing_date: String(body.date),
        students: chosen,
        notice_users: chosen.join(','),
        student_id: chosen[0] ?? null,
        recipient_count: chosen.length || studentsOf(Number(body.class_id), Number(body.section_id)).length,
      });
      list = existing ? list.map((n) => (n.id === row.id ? row : n)) : [row, ...list];
      return HttpResponse.json({
        ok: true,
        id: row.id,
        message: existing ? UPDATED_MESSAGE : CREATED_MESSAGE,
        code: existing ? 'notices.updated' : 'notices.created',
      });
    }),
    http.post('/api/notice/delete', async ({ request }) => {
      const id = query(request).id ?? '';
      calls.delete.push(id);
      const answer = await special('delete');
      if (answer) return answer;
      list = list.filter((n) => String(n.id) !== id);
      return HttpResponse.json({ ok: true, message: DELETED_MESSAGE, code: 'notices.deleted' });
    }),
  );

  return {
    calls,
    get list() {
      return list;
    },
    /** The next request of `endpoint` gets this answer instead. */
    next(endpoint: Endpoint, answer: Answer) {
      queued[endpoint].push(answer);
    },
    /** The next request of `endpoint` waits; the returned function lets it go on (with `answer`, or as usual). */
    hold(endpoint: Endpoint): (answer?: Answer) => void {
      let release!: (answer?: Answer) => void;
      const gate = new Promise<Answer | undefined>((resolve) => (release = resolve));
      queued[endpoint].push(async () => {
        const answer = await gate;
        return answer ? answer() : (null as unknown as Response);
      });
      return (answer) => release(answer);
    },
  };
}

export type NoticeApi = ReturnType<typeof noticeApi>;
