/**
 * What a chosen password must not be, beyond the shape the schema already checks (at least 8
 * characters, not only digits: src/api/schemas/people.ts): one of the passwords guessers try first
 * (the 49,000 of @zxcvbn-ts/language-common, a maintained list, and a few a Bangladeshi school's
 * guessers would try first), or the account's own user id, e-mail or phone, in it or around it. This is
 * NIST SP 800-63B's rule for chosen secrets (5.1.1.2: compare against values known to be commonly
 * used, expected or compromised, and context-specific words such as the user name). Case is ignored.
 *
 * Every password a person chooses goes through `passwordRefusal` before it is hashed; one-time
 * passwords the server generates are random and need no check.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { PEOPLE_MESSAGES } from '@/api/schemas/people';

/** What guessers at a school in Bangladesh try before any list's words. */
const LOCAL = [
  'pathshala',
  'pathshala1',
  'pathshala123',
  'bangladesh',
  'bangladesh1',
  'dhaka1234',
  'school123',
  'student123',
  'teacher123',
  'admin123',
  'admin1234',
];

const COMMON: ReadonlySet<string> = new Set([...dictionary['passwords-common'], ...LOCAL].map((p) => p.toLowerCase()));

/** An identifier shorter than this is not looked for inside a password (a 2-letter code is no clue). */
const MIN_CLUE = 4;

export interface PasswordOwner {
  userCode: string;
  email?: string | null;
  phone?: string | null;
}

/** The account's own words a password must not contain: the id, the e-mail (and its name part), the phone. */
function cluesOf(owner: PasswordOwner): string[] {
  const clues = [owner.userCode];
  if (owner.email) clues.push(owner.email, owner.email.split('@')[0]);
  if (owner.phone) {
    const digits = owner.phone.replace(/\D/g, '');
    // 01711000400 and +8801711000400 alike: the local number is what people type.
    clues.push(digits, digits.replace(/^88(?=0)/, ''));
  }
  return [...new Set(clues.map((c) => c.trim().toLowerCase()).filter((c) => c.length >= MIN_CLUE))];
}

/**
 * Why `password` may not be chosen by `owner` (the message for the field), or null when it may. The
 * messages are PEOPLE_MESSAGES' so that the client shows them in the user's language.
 */
export function passwordRefusal(password: string, owner: PasswordOwner): string | null {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return PEOPLE_MESSAGES.commonPassword;
  for (const clue of cluesOf(owner)) {
    if (lower.includes(clue) || clue.includes(lower)) return PEOPLE_MESSAGES.personalPassword;
  }
  return null;
}

/** How many passwords the list holds (the tests check it is the few thousand it should be). */
export const commonPasswordCount = () => COMMON.size;
