/**
 * Who is on the school's books on a date (docs/DOMAIN.md, Records): a student or teacher who left
 * is on no roll, routine or default list from their leaving date on, and stays in every record of
 * before it. The one condition every list and roll asks.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** The row's person had not left on `date` (YYYY-MM-DD, or a statement's date parameter). */
export const onTheBooks = (leftOn: PgColumn, date: string | SQL): SQL =>
  sql`(${leftOn} is null or ${leftOn} > ${date}::date)`;
