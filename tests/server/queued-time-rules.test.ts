/**
 * The bounds of the time a phone claims for what it kept offline (server/services/queued-time.ts):
 * a queued roll's `taken_at` and a queued mark save's `entered_at`. The claim is believed when it
 * is not in the future (a phone clock up to 5 minutes fast is tolerated) and not more than 7 days
 * old; the day it names is then the day the roll is judged on (services/attendance.ts). No
 * database: these run once per mutant in `npm run mutate` (docs/testing.md "Mutation testing").
 *
 * The server's clock reads Thursday 3 December 2026, 10:30 in Dhaka (04:30 UTC), the suites'
 * school day (docs/testing.md "The clock"); every claimed time is written out.
 */
import { DateTime, Settings } from 'luxon';
import { clock } from '@server/clock';
import { QUEUED_CLOCK_SKEW_MS, QUEUED_MAX_AGE_DAYS, queuedTimeProblem } from '@server/services/queued-time';
import { NAMED } from './attendance-fixtures';

/** Thursday 3 December 2026, 10:30 in Dhaka. */
const NOW = DateTime.fromISO(NAMED.schoolDay);

afterEach(() => vi.restoreAllMocks());

it('the bounds are 7 days back and 5 minutes ahead', () => {
  expect(QUEUED_MAX_AGE_DAYS).toBe(7);
  expect(QUEUED_CLOCK_SKEW_MS).toBe(300_000);
});

describe('a time the phone claims is believed within the bounds', () => {
  it.each([
    { what: 'this morning in Dhaka', at: '2026-12-03T10:00:00+06:00' },
    { what: 'the same instant the server reads', at: '2026-12-03T04:30:00Z' },
    { what: 'yesterday afternoon, written in UTC', at: '2026-12-02T09:15:00Z' },
    { what: 'last Sunday', at: '2026-11-29T11:00:00+06:00' },
    { what: 'exactly 7 days ago', at: '2026-11-26T10:30:00+06:00' },
    { what: 'a phone 4 minutes fast', at: '2026-12-03T10:34:00+06:00' },
    { what: 'a phone exactly 5 minutes fast', at: '2026-12-03T04:35:00.000Z' },
    { what: 'a phone set to Kathmandu’s time (UTC+5:45)', at: '2026-12-03T10:15:00+05:45' },
  ])('$what ($at)', ({ at }) => {
    expect(queuedTimeProblem(at, NOW)).toBeNull();
  });
});

describe('a claim in the future is refused: the phone’s clock is wrong', () => {
  it.each([
    { what: '5 minutes and 1 ms ahead', at: '2026-12-03T04:35:00.001Z' },
    { what: '6 minutes ahead, in Dhaka’s time', at: '2026-12-03T10:36:00+06:00' },
    { what: 'tomorrow', at: '2026-12-04T09:00:00+06:00' },
    { what: 'next year', at: '2027-01-03T09:00:00+06:00' },
  ])('$what ($at)', ({ at }) => {
    expect(queuedTimeProblem(at, NOW)).toBe('future');
  });
});

describe('a claim more than 7 days old is refused: the school admin corrects it', () => {
  it.each([
    { what: '7 days and 1 ms ago', at: '2026-11-26T04:29:59.999Z' },
    { what: '8 days ago', at: '2026-11-25T10:30:00+06:00' },
    { what: 'last month', at: '2026-11-03T10:30:00+06:00' },
  ])('$what ($at)', ({ at }) => {
    expect(queuedTimeProblem(at, NOW)).toBe('too_old');
  });
});

describe('what is not a date-time at all is refused as invalid', () => {
  it.each(['', 'yesterday', '2026-02-30T10:00:00+06:00', '2026-12-03T25:00:00Z'])('“%s”', (at) => {
    expect(queuedTimeProblem(at, NOW)).toBe('invalid');
  });
});

describe('without a "now" given, the server’s clock is the judge', () => {
  it('on Thursday 10:30 in Dhaka, 10:36 is the future and the Thursday before last is too old', () => {
    vi.spyOn(clock, 'now').mockReturnValue(Date.parse(NAMED.schoolDay));
    expect(queuedTimeProblem('2026-12-03T10:30:00+06:00')).toBeNull();
    expect(queuedTimeProblem('2026-12-03T10:36:00+06:00')).toBe('future');
    expect(queuedTimeProblem('2026-11-26T10:29:00+06:00')).toBe('too_old');
  });

  it('with the clock at 10:40 the claim of 10:36 is believed; at 10:28 the one of 10:29 a week before is', () => {
    vi.spyOn(clock, 'now').mockReturnValue(Date.parse('2026-12-03T04:40:00Z'));
    expect(queuedTimeProblem('2026-12-03T10:36:00+06:00')).toBeNull();
    vi.spyOn(clock, 'now').mockReturnValue(Date.parse('2026-12-03T04:28:00Z'));
    expect(queuedTimeProblem('2026-11-26T10:29:00+06:00')).toBeNull();
  });
});

describe('the age of a claim is hours elapsed, whatever the server’s own time zone', () => {
  it('on a server in New York, 7 days and 30 minutes across its change of clocks (1 November) are too old', () => {
    // 168 hours and 30 minutes before Tuesday 3 November 2026, 12:00 UTC. Counted in New York's
    // calendar days (one of them 25 hours long) they would be under 7 days.
    const zone = Settings.defaultZone;
    Settings.defaultZone = 'America/New_York';
    try {
      vi.spyOn(clock, 'now').mockReturnValue(Date.parse('2026-11-03T12:00:00Z'));
      expect(queuedTimeProblem('2026-10-27T11:30:00Z')).toBe('too_old');
      expect(queuedTimeProblem('2026-10-27T12:30:00Z')).toBeNull();
    } finally {
      Settings.defaultZone = zone;
    }
  });
});
