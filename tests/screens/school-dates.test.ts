/**
 * "Today" on the client is the school's today, from the zone in the signed-in profile: one
 * schoolToday/schoolClockTime (src/api/school-time.ts) for every screen. Expected values are
 * written out for fixed instants, not computed with the formula under test.
 */
import { DateTime } from 'luxon';
import { setSchoolTimeZone } from '@/api/session';
import { schoolClockTime, schoolToday } from '@/api/school-time';
import { noticeDate, schoolToday as noticeToday } from '@/screens/notices/dates';
import { todayDayId } from '@/screens/routines/week-routine';

afterEach(() => {
  setSchoolTimeZone(null);
  vi.useRealTimers();
});

// 03:00 UTC on Sunday 22 November 2026: already Sunday in Dhaka (09:00), still Saturday in Los Angeles.
const instant = DateTime.fromISO('2026-11-22T03:00:00Z');

it('today and the clock are the school’s own, whatever the device’s zone', () => {
  expect(schoolToday(instant)).toBe('2026-11-22');
  expect(schoolClockTime(instant)).toBe('09:00:00');
  setSchoolTimeZone('America/Los_Angeles');
  expect(schoolToday(instant)).toBe('2026-11-21');
  expect(schoolClockTime(instant)).toBe('19:00:00');
});

it('notices use the same today (one implementation)', () => {
  expect(noticeToday).toBe(schoolToday);
  setSchoolTimeZone('America/Los_Angeles');
  expect(noticeToday(instant)).toBe('2026-11-21');
});

it('shows notice dates as DD-MM-YYYY whatever the zone', () => {
  setSchoolTimeZone('America/Los_Angeles');
  expect(noticeDate('2026-03-01')).toBe('01-03-2026');
  expect(noticeDate('not a date')).toBe('not a date');
});

it('the routine’s "today" card follows the school’s zone', () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T03:00:00Z'));
  // 17:00 on Sunday in Kiritimati (UTC+14): day 1 (Sunday) of the spec's 1..7.
  setSchoolTimeZone('Pacific/Kiritimati');
  expect(todayDayId()).toBe(1);
  // 16:00 on Saturday the 21st in Pago Pago (UTC-11): day 7.
  setSchoolTimeZone('Pacific/Pago_Pago');
  expect(todayDayId()).toBe(7);
});
