/** The language mechanism: catalogues that match, Bangla loaded on demand, numbers and dates per language. */
import { en } from '@/i18n/en';
import { formatDate, formatNumber, latinDigits, localDigits } from '@/i18n/format';
import { formatTaka } from '@/i18n/money';
import { formatClockTime } from '@/screens/routines/week-routine';
import { i18n, setLanguage, storedLanguage } from '@/i18n/i18n';

/** Names that are the same in Bangla writing about SMS: the encoding's own name. */
const TECHNICAL = new Set(['attendance.outbox.gsm7']);

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

afterEach(async () => {
  await setLanguage('en');
});

it('has the same keys in Bangla as in English, and no Bangla text left empty or English', async () => {
  const { bn } = await import('@/i18n/bn');
  expect(keysOf(bn).sort()).toEqual(keysOf(en).sort());
  const sameAsEnglish = keysOf(en).filter((key) => {
    const pick = (o: object) => key.split('.').reduce<unknown>((acc, k) => (acc as Record<string, unknown>)[k], o);
    const text = String(pick(en));
    // Patterns of placeholders and punctuation only ('{{start}} – {{end}}') read the same in both.
    const wordsOnly = text.replace(/\{\{\w+\}\}/g, '');
    return pick(bn) === text && !key.startsWith('language.') && /[A-Za-z]/.test(wordsOnly) && !TECHNICAL.has(key);
  });
  expect(sameAsEnglish).toEqual([]);
});

it('switches the language without a reload, remembers it, and counts in Bangla', async () => {
  expect(i18n.t('common.tryAgain')).toBe('Try again');
  expect(i18n.t('count.students', { count: 1 })).toBe('1 student');
  expect(i18n.t('count.students', { count: 303 })).toBe('303 students');
  await setLanguage('bn');
  expect(i18n.t('common.tryAgain')).toBe('আবার চেষ্টা করুন');
  expect(document.documentElement.lang).toBe('bn');
  expect(storedLanguage()).toBe('bn');
});

it('writes numbers and dates with Bangla digits and names in Bangla, the spec’s formats in English', () => {
  expect(formatNumber(303, 'bn')).toBe('৩০৩');
  expect(formatNumber(123456, 'bn')).toBe('১,২৩,৪৫৬');
  expect(formatNumber(303, 'en')).toBe('303');
  expect(formatDate('2026-11-23', 'dd-MMM-yyyy', 'en')).toBe('23-Nov-2026');
  expect(formatDate('2026-11-23', 'dd-MMM-yyyy', 'bn')).toBe('২৩-নভে-২০২৬');
  expect(localDigits('Roll 12', 'bn')).toBe('Roll ১২');
  expect(latinDigits('১২')).toBe('12');
});

it('writes taka with the sign, thousands grouped and two decimals, in Bangla digits in Bangla', () => {
  expect(formatTaka('1250.50', 'en')).toBe('৳1,250.50');
  expect(formatTaka('1250.50', 'bn')).toBe('৳১,২৫০.৫০');
  expect(formatTaka('1234567', 'en')).toBe('৳1,234,567.00');
  expect(formatTaka('-300.5', 'en')).toBe('-৳300.50');
  expect(formatTaka('0.05', 'bn')).toBe('৳০.০৫');
});

it('writes an English ordinal the Bangla way in Bangla, never “১st”', () => {
  expect(localDigits('1st', 'bn')).toBe('১ম');
  expect(localDigits('2nd', 'bn')).toBe('২য়');
  expect(localDigits('3rd', 'bn')).toBe('৩য়');
  expect(localDigits('4th', 'bn')).toBe('৪র্থ');
  expect(localDigits('5th', 'bn')).toBe('৫ম');
  expect(localDigits('6TH', 'bn')).toBe('৬ষ্ঠ');
  expect(localDigits('10th', 'bn')).toBe('১০ম');
  expect(localDigits('11th', 'bn')).toBe('১১তম');
  expect(localDigits('21st Period', 'bn')).toBe('২১তম Period');
  expect(localDigits('Room 2nd-floor 12', 'bn')).toBe('Room ২য়-floor ১২');
  expect(localDigits('S21st', 'bn')).toBe('S২১st');
  expect(localDigits('1st', 'en')).toBe('1st');
});

it('says a Bangla clock time with the part of the day first, never AM or PM', () => {
  expect(formatClockTime('08:00:00', 'bn')).toBe('সকাল ৮:০০');
  expect(formatClockTime('03:59', 'bn')).toBe('রাত ৩:৫৯');
  expect(formatClockTime('04:00', 'bn')).toBe('সকাল ৪:০০');
  expect(formatClockTime('11:59', 'bn')).toBe('সকাল ১১:৫৯');
  expect(formatClockTime('12:00', 'bn')).toBe('দুপুর ১২:০০');
  expect(formatClockTime('13:10:00', 'bn')).toBe('দুপুর ১:১০');
  expect(formatClockTime('15:00', 'bn')).toBe('বিকাল ৩:০০');
  expect(formatClockTime('17:59', 'bn')).toBe('বিকাল ৫:৫৯');
  expect(formatClockTime('18:00', 'bn')).toBe('সন্ধ্যা ৬:০০');
  expect(formatClockTime('19:59', 'bn')).toBe('সন্ধ্যা ৭:৫৯');
  expect(formatClockTime('20:00', 'bn')).toBe('রাত ৮:০০');
  expect(formatClockTime('13:10:00', 'en')).toBe('1:10 PM');
  expect(formatDate('2026-11-26T14:05:00', 'd MMMM yyyy, h:mm a', 'bn')).toBe('২৬ নভেম্বর ২০২৬, দুপুর ২:০৫');
  expect(formatDate('2026-11-26T14:05:00', 'dd-LL-yyyy, h:mm a', 'en')).toBe('26-11-2026, 2:05 PM');
});

it('shows a server error in Bangla by its code: generic codes and area codes, the server’s words otherwise', async () => {
  const { translateError } = await import('@/i18n/errors');
  const forbidden = { status: 403, code: 'forbidden_role', message: 'Your account type cannot do this.' };
  const unknown = { status: 409, code: 'notices.some_new_rule', message: 'A rule the client does not know yet.' };
  expect(translateError(forbidden)).toBe('Your account type cannot do this.');
  await setLanguage('bn');
  expect(translateError(forbidden)).toBe('আপনার অ্যাকাউন্টের ধরন দিয়ে এটি করা যায় না।');
  expect(translateError(unknown)).toBe('A rule the client does not know yet.');
});

it('says a refusal that names things in Bangla with the names the server gave', async () => {
  const { translateError } = await import('@/i18n/errors');
  const { ApiError } = await import('@/api/client');
  const body = {
    error: {
      code: 'routines.room_clash',
      message: 'Room 204 is already used by Six A on Sunday, period P2.',
      params: { room: '204', section: 'Six A', day: 'Sunday', period: 'P2', teacher: 'Nusrat Jahan', initial: 'NJH' },
    },
  };
  const named = new ApiError(409, body.error.code, body.error.message, undefined, body);
  const bare = new ApiError(409, 'routines.room_clash', 'That room is already in use at this day and period.');
  expect(translateError(named)).toBe('Room 204 is already used by Six A on Sunday, period P2.');
  await setLanguage('bn');
  expect(translateError(named)).toBe('কক্ষ 204 Sunday, পিরিয়ড P2-এ আগেই Six A ব্যবহার করছে।');
  // Without names (a clash found by the database's own constraint) the general sentence.
  expect(translateError(bare)).toBe('এই কক্ষ ওই বার ও পিরিয়ডে অন্য ক্লাসের জন্য ব্যবহৃত হচ্ছে।');
});

it('keeps the API’s times and dates in Latin digits while Bangla is on', async () => {
  const { schoolClockTime, schoolToday } = await import('@/api/school-time');
  const { DateTime } = await import('luxon');
  await setLanguage('bn');
  const at = DateTime.fromISO('2026-11-23T08:05:09', { zone: 'Asia/Dhaka' });
  expect(schoolClockTime(at, 'Asia/Dhaka')).toBe('08:05:09');
  expect(schoolToday(at, 'Asia/Dhaka')).toBe('2026-11-23');
  expect(formatDate('2026-11-23', 'dd-MMM-yyyy', 'bn')).toBe('২৩-নভে-২০২৬');
});

it('a validation message is shown without its field’s API name, in English and in Bangla', async () => {
  const { translateError } = await import('@/i18n/errors');
  const dated = {
    code: 'invalid_input',
    message: 'date: no academic session covers that date',
    fields: { date: 'no academic session covers that date' },
  };
  expect(translateError(dated)).toBe('No academic session covers that date');
  expect(translateError('code: Enter the code')).toBe('Enter the code');
  // A message that merely has a colon is left as written.
  expect(translateError({ code: 'fees.x', message: 'Dry run: nothing was saved.' })).toBe(
    'Dry run: nothing was saved.',
  );
  await setLanguage('bn');
  expect(translateError(dated)).toBe('No academic session covers that date');
});
