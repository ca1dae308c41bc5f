import { DateTime } from 'luxon';
import { setSchoolTimeZone } from '@/api/session';
import { noticeDate, schoolToday } from '@/screens/notices/dates';
import { todayDayId } from '@/screens/routines/week-routine';

afterEach(() => setSchoolTimeZone(null));

// 03:00 UTC on Sunday 22 November 2026: already Sunday in Dhaka (09:00), still Saturday in Los Angeles.
const instant = DateTime.fromISO('2026-11-22T03:00:00Z');

it('a notice’s default date is today in the school’s own time zone', () => {
  expect(schoolToday(instant)).toBe('2026-11-22');
  setSchoolTimeZone('America/Los_Angeles');
  expect(schoolToday(instant)).toBe('2026-11-21');
});

it('shows notice dates as DD-MM-YYYY whatever the zone', () => {
  setSchoolTimeZone('America/Los_Angeles');
  expect(noticeDate('2026-03-01')).toBe('01-03-2026');
  expect(noticeDate('not a date')).toBe('not a date');
});

it('the routine’s "today" card follows the school’s zone', () => {
  const expected = (zone: string) => (DateTime.now().setZone(zone).weekday % 7) + 1;
  setSchoolTimeZone('Pacific/Kiritimati');
  expect(todayDayId()).toBe(expected('Pacific/Kiritimati'));
  setSchoolTimeZone('Pacific/Pago_Pago');
  expect(todayDayId()).toBe(expected('Pacific/Pago_Pago'));
});
