/** Lookups and routines the routine screen tests serve (msw), as the server would answer them. */
import { http, HttpResponse } from 'msw';
import type { RoutineRow } from '@/api/schemas/routines';
import { routineRow, server } from './helpers';

export const SECTIONS = [
  { id: 3, section_default_name: 'A', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
  { id: 4, section_default_name: 'B', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
  { id: 5, section_default_name: 'A', class_id: 7, class_name: 'Seven', shift_id: 1, school_info_id: 10 },
];
export const PERIODS = [
  { id: 1, period_code: 'P1', shift_id: 1, serial: 1, start_time: '08:00:00', end_time: '08:45:00' },
  { id: 2, period_code: 'P2', shift_id: 1, serial: 2, start_time: '08:45:00', end_time: '09:30:00' },
];
export const TEACHERS = [
  {
    id: 41,
    initial: 'ARH',
    full_name: 'Mr. Abdur Rahim',
    teacher_code: 'T-41',
    mobile: '01711000041',
    designation: 'Senior Teacher',
    email: '',
  },
  {
    id: 42,
    initial: 'NAK',
    full_name: 'Ms. Nasima Akter',
    teacher_code: 'T-42',
    mobile: '01711000042',
    designation: 'Assistant Teacher',
    email: '',
  },
];

export function serveRoutineLookups() {
  server.use(
    http.get('/api/section/all', () => HttpResponse.json(SECTIONS)),
    http.get('/api/session', () =>
      HttpResponse.json([
        { id: 1, session_year: '2025', current: false },
        { id: 2, session_year: '2026', current: true },
      ]),
    ),
    http.get('/api/day', () =>
      HttpResponse.json(
        ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((day, i) => ({
          id: i + 1,
          day,
        })),
      ),
    ),
    http.get('/api/period/all', () => HttpResponse.json(PERIODS)),
    http.get('/api/shift/all', () => HttpResponse.json([{ id: 1, shift_name: 'Day' }])),
    http.get('/api/subject/all', () =>
      HttpResponse.json([
        {
          id: 601,
          subject_name: 'Bangla',
          subject_code: '101',
          class_id: 6,
          school_type_id: 1,
          group_id: null,
          optional: false,
        },
        {
          id: 602,
          subject_name: 'Mathematics',
          subject_code: '109',
          class_id: 6,
          school_type_id: 1,
          group_id: null,
          optional: false,
        },
        {
          id: 701,
          subject_name: 'English',
          subject_code: '107',
          class_id: 7,
          school_type_id: 1,
          group_id: null,
          optional: false,
        },
      ]),
    ),
    http.get('/api/class', () =>
      HttpResponse.json([
        { id: 6, class_name: 'Six', class_code: '6', school_type_id: 1 },
        { id: 7, class_name: 'Seven', class_code: '7', school_type_id: 1 },
        { id: 8, class_name: 'Eight', class_code: '8', school_type_id: 1 },
      ]),
    ),
    http.get('/api/teacher/filter', () => HttpResponse.json(TEACHERS)),
  );
}

export const ROWS: RoutineRow[] = [
  routineRow({
    id: 12,
    section_id: 4,
    section_default_name: 'B',
    day_id: 2,
    day: 'Monday',
    period_id: 2,
    period_code: 'P2',
    start_time: '08:45:00',
    end_time: '09:30:00',
    subject_id: 602,
    subject_name: 'Mathematics',
    teacher_id: 42,
    initial: 'NAK',
    full_name: 'Ms. Nasima Akter',
    room: '202',
    session_id: 2,
    session_year: '2026',
    shift_id: 1,
    shift_name: 'Day',
  }),
  routineRow({
    id: 11,
    subject_id: 601,
    subject_name: 'Bangla',
    teacher_id: 41,
    initial: 'ARH',
    full_name: 'Mr. Abdur Rahim',
    room: '201',
    session_id: 2,
    session_year: '2026',
    shift_id: 1,
    shift_name: 'Day',
  }),
];
