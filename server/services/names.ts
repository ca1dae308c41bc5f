/**
 * How people's names are spelled in SQL, once: lists, summaries and messages all show the same
 * name for the same person. The column sets are structural so that table aliases fit too. The
 * `...NameOf` functions spell a row already read the same way (blank parts skipped).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { students, teachers, users } from '../db/schema';

interface TeacherNameColumns {
  title: AnyPgColumn;
  firstName: AnyPgColumn;
  middleName: AnyPgColumn;
  lastName: AnyPgColumn;
}
interface StudentNameColumns {
  firstName: AnyPgColumn;
  middleName: AnyPgColumn;
  lastName: AnyPgColumn;
}
interface AccountNameColumns {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
}

/** "Mr. Abdur Rahim Hossain": title, first, middle and last name, blanks skipped. */
export const teacherFullName = (t: TeacherNameColumns = teachers): SQL<string> =>
  sql<string>`concat_ws(' ', nullif(${t.title}, ''), ${t.firstName}, nullif(${t.middleName}, ''), nullif(${t.lastName}, ''))`;

export const studentFullName = (s: StudentNameColumns = students): SQL<string> =>
  sql<string>`concat_ws(' ', ${s.firstName}, nullif(${s.middleName}, ''), nullif(${s.lastName}, ''))`;

/**
 * A signed-in person as others see them: a teacher by their teacher record (title and all), anyone
 * else (a school admin) by their account name. `t` is a LEFT JOINed teacher row of the account.
 */
export const accountName = (u: AccountNameColumns = users, t: TeacherNameColumns = teachers): SQL<string> =>
  sql<string>`coalesce(nullif(${teacherFullName(t)}, ''), concat_ws(' ', ${u.firstName}, nullif(${u.lastName}, '')))`;

const joinName = (...parts: string[]) => parts.filter(Boolean).join(' ');

/** A teacher row's full name: title, first, middle and last name, blanks skipped. */
export const teacherNameOf = (t: { title: string; firstName: string; middleName: string; lastName: string }) =>
  joinName(t.title, t.firstName, t.middleName, t.lastName);

/** A student row's full name: first, middle and last name, blanks skipped. */
export const studentNameOf = (s: { firstName: string; middleName: string; lastName: string }) =>
  joinName(s.firstName, s.middleName, s.lastName);
