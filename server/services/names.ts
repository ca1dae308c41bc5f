/**
 * How people's names are spelled, once, in SQL and from a record already read: lists, summaries,
 * messages and profiles all show the same name for the same person. The column sets are structural so that table aliases fit too.
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

/** The same names spelled from a record already read (blanks skipped), as the SQL above spells them. */
const joinName = (...parts: string[]) => parts.filter(Boolean).join(' ');
export const teacherNameOf = (t: { title: string; firstName: string; middleName: string; lastName: string }) =>
  joinName(t.title, t.firstName, t.middleName, t.lastName);
export const studentNameOf = (s: { firstName: string; middleName: string; lastName: string }) =>
  joinName(s.firstName, s.middleName, s.lastName);
