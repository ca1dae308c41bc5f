/**
 * Every error code the server can send (server/error-codes.ts) has its text in English and in
 * Bangla where the app looks for it (src/i18n/errors.ts; docs/i18n.md, "Texts the app writes"),
 * and a Bangla reader sees that text, not the server's English. A refusal the server sends with
 * names (`params`) is said with them from its `_named` sentence. tests/server/error-codes.test.ts
 * keeps the list itself true to the server's source.
 */
import { ALL_ERROR_CODES, ERROR_PARAMS } from '@server/error-codes';
import { en } from '@/i18n/en';
import { errorKey, SHOWN_AS_WRITTEN, translateError } from '@/i18n/errors';
import { setLanguage } from '@/i18n/i18n';

/** Texts that read the same in both languages because they are names, not words: none yet. */
const PROPER_NOUNS = new Set<string>();

/**
 * Codes sent with params that have no `_named` sentence, on purpose: their params name a weekday
 * in English (`Friday`), which a Bangla sentence would have to quote as it is. The general sentence
 * reads better, and the weekly off-day card says its refusal from `day_id` in its own words.
 */
const WITHOUT_NAMED_SENTENCE = new Set<keyof typeof ERROR_PARAMS>([
  'routines.weekly_off',
  'school_setup.off_day_has_periods',
]);

const SERVER_WORDS = 'What the server wrote, in English.';
const BENGALI = /[\u0980-\u09FF]/;

function textAt(catalogue: object, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), catalogue);
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const translated = ALL_ERROR_CODES.filter((code) => !SHOWN_AS_WRITTEN.includes(code));

afterEach(async () => {
  await setLanguage('en');
});

it('lists the codes shown as the server wrote them among the server’s codes', () => {
  expect(SHOWN_AS_WRITTEN.filter((code) => !(ALL_ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
});

it('has an English and a Bangla text for every code the server sends', async () => {
  const { bn } = await import('@/i18n/bn');
  const problems = translated.flatMap((code) => {
    const key = errorKey(code);
    const english = textAt(en, key);
    const bangla = textAt(bn, key);
    const out: string[] = [];
    if (typeof english !== 'string' || !english.trim()) out.push(`${code}: no English text at ${key}`);
    if (typeof bangla !== 'string' || !bangla.trim()) out.push(`${code}: no Bangla text at ${key}`);
    else if (!BENGALI.test(bangla)) out.push(`${code}: the Bangla text at ${key} has no Bangla in it`);
    else if (bangla === english && !PROPER_NOUNS.has(key))
      out.push(`${code}: the Bangla text at ${key} is the English`);
    return out;
  });
  expect(problems).toEqual([]);
});

it('shows a Bangla reader the catalogue’s text for every code, never the server’s English', async () => {
  const { bn } = await import('@/i18n/bn');
  await setLanguage('bn');
  const shown = translated.filter(
    (code) => translateError({ code, message: SERVER_WORDS }) !== textAt(bn, errorKey(code)),
  );
  expect(shown).toEqual([]);
});

it('shows the request-specific codes as the server wrote them, in Bangla too, without the field’s API name', async () => {
  await setLanguage('bn');
  for (const code of SHOWN_AS_WRITTEN) {
    expect(translateError({ code, message: 'date: no academic session covers that date' })).toBe(
      'No academic session covers that date',
    );
  }
});

describe('a refusal sent with names', () => {
  const named = (Object.keys(ERROR_PARAMS) as (keyof typeof ERROR_PARAMS)[]).filter(
    (code) => !WITHOUT_NAMED_SENTENCE.has(code),
  );
  const paramsOf = (code: keyof typeof ERROR_PARAMS): readonly string[] => ERROR_PARAMS[code];

  it('has its sentence in both languages, using only the names the server sends', async () => {
    const { bn } = await import('@/i18n/bn');
    const problems = named.flatMap((code) => {
      const key = `${errorKey(code)}_named`;
      const english = textAt(en, key);
      const bangla = textAt(bn, key);
      if (typeof english !== 'string' || !english.trim()) return [`${code}: no English text at ${key}`];
      if (typeof bangla !== 'string' || !bangla.trim()) return [`${code}: no Bangla text at ${key}`];
      const out: string[] = [];
      if (bangla === english) out.push(`${code}: the Bangla text at ${key} is the English`);
      for (const name of [...placeholders(english), ...placeholders(bangla)]) {
        if (!paramsOf(code).includes(name))
          out.push(`${code}: ${key} uses {{${name}}}, which the server does not send`);
      }
      return out;
    });
    expect(problems).toEqual([]);
  });

  it('is said in Bangla with every name filled in', async () => {
    await setLanguage('bn');
    for (const code of named) {
      const params = Object.fromEntries(paramsOf(code).map((p) => [p, `«${p}»`]));
      const text = translateError({ code, message: SERVER_WORDS, params });
      expect(text, code).toMatch(BENGALI);
      expect(text, code).not.toContain('{{');
      for (const p of placeholders(String(textAt(en, `${errorKey(code)}_named`))))
        expect(text, code).toContain(`«${p}»`);
    }
  });

  it('without a sentence of its own is said in its general words', async () => {
    const { bn } = await import('@/i18n/bn');
    await setLanguage('bn');
    for (const code of WITHOUT_NAMED_SENTENCE) {
      expect(textAt(en, `${errorKey(code)}_named`), code).toBeUndefined();
      const params = Object.fromEntries(paramsOf(code).map((p) => [p, 'Friday']));
      expect(translateError({ code, message: SERVER_WORDS, params }), code).toBe(textAt(bn, errorKey(code)));
    }
  });
});

it('finds each code’s text where its area keeps it', () => {
  // Literal keys: the areas whose catalogue is named otherwise than their codes' prefix.
  expect(errorKey('forbidden')).toBe('errors.forbidden');
  expect(errorKey('attendance.holiday')).toBe('attendance.errors.holiday');
  expect(errorKey('exams.locked')).toBe('examSetup.errors.locked');
  expect(errorKey('subject_registration.one_fourth')).toBe('registration.errors.one_fourth');
  expect(errorKey('eschool.not_own')).toBe('eschoolArea.eschool.errors.not_own');
  expect(errorKey('activity.not_in_charge')).toBe('eschoolArea.activities.errors.not_in_charge');
});
