/**
 * The mock API for client tests (msw 2). Handlers use relative paths; jsdom's origin
 * (http://localhost:3000) is where the client sends them. Each test adds its own handlers with
 * `server.use(...)`, which take precedence over the defaults below; anything unhandled fails the
 * test loudly.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { BanglaNames } from '@/api/schemas/names';

/**
 * The command palette asks for the user's notices each time it opens (a jump to each). Tests that
 * are not about notices see none; notice tests answer these calls themselves.
 */
const noNotices = () => HttpResponse.json({ rows: [], total: 0, limit: 100, offset: 0 });
/** The Bangla names `GET /api/names/bn` answers by default, keyed by the fixtures' English names. */
export const BANGLA_NAMES: BanglaNames = {
  classes: { Six: 'ষষ্ঠ', Seven: 'সপ্তম', Eight: 'অষ্টম', Nine: 'নবম', Ten: 'দশম' },
  subjects: { Mathematics: 'গণিত', English: 'ইংরেজি', Bangla: 'বাংলা', ICT: 'তথ্য ও যোগাযোগ প্রযুক্তি', Science: 'বিজ্ঞান' },
  shifts: { Morning: 'প্রভাতি', Day: 'দিবা' },
  exam_types: { 'Half Yearly': 'অর্ধবার্ষিক পরীক্ষা', 'Class Test 1': 'শ্রেণি পরীক্ষা ১' },
  fee_sectors: { 'Tuition Fee': 'মাসিক বেতন' },
};
/**
 * `GET /api/names/bn` answering only `names` (every other kind empty), for a test that says which
 * Bangla names the school has.
 */
export const banglaNamesAnswer = (names: Partial<BanglaNames>) =>
  http.get('/api/names/bn', () =>
    HttpResponse.json({ classes: {}, subjects: {}, shifts: {}, exam_types: {}, fee_sectors: {}, ...names }),
  );

const defaults = [
  // The palette's "Now" command reads a teacher's periods of today when it opens.
  http.get('/api/routine/teacher/today', () => HttpResponse.json([])),
  http.get('/api/notice/creator', noNotices),
  http.get('/api/notice/student', noNotices),
  http.get('/api/notice/school', noNotices),
  // The teacher's attendance screen asks the calendar whether the chosen date is a holiday.
  http.get('/api/calender/teacher', () => HttpResponse.json({ rows: [], total: 0, limit: 200, offset: 0 })),
  // Profile pages show the two-factor sign-in card: off, unless a test says otherwise.
  http.get('/api/users/2fa', () => HttpResponse.json({ enabled: false, pending: false, recovery_codes_left: 0 })),
  // A student's home screen (/student-admin) shows the homework still to do, today's classes and
  // the fees due: nothing, unless a test says otherwise.
  http.get('/api/homework/student', () => HttpResponse.json({ rows: [], total: 0, limit: 5, offset: 0 })),
  http.get('/api/routine/student', () => HttpResponse.json([])),
  http.get('/api/invoice/due', () => HttpResponse.json({ rows: [], total: 0, limit: 200, offset: 0 })),
  // A teacher's home screen opens with their day's summary (docs/DOMAIN.md, "Dashboards"): an
  // empty day, unless a test says otherwise.
  http.get('/api/dashboard/teacher', () =>
    HttpResponse.json({
      date: '2026-11-22',
      time: '08:00:00',
      periods: [],
      trend: [],
      sections: [],
      marks: [],
      homework: [],
    }),
  ),
  // In Bangla, screens show shared names by the school's Bangla names (docs/i18n.md, "Bangla
  // names"): these, for the English names the fixtures use; any other is shown as written.
  http.get('/api/names/bn', () => HttpResponse.json(BANGLA_NAMES)),
];

export const server = setupServer(...defaults);
