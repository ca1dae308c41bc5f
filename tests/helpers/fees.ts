import { sql } from 'drizzle-orm';
import type { TestApp } from './server';

/**
 * Empties the fee ledger the demo seed gives every test database (server/db/seed/fees.ts), for
 * files that build their ledger from nothing and read "the first due invoice" or sum the ledger.
 */
export async function clearDemoFees(db: TestApp['db']): Promise<void> {
  await db.execute(sql`delete from online_payments`);
  await db.execute(sql`delete from payment_allocations`);
  await db.execute(sql`delete from payments`);
  await db.execute(sql`delete from invoice_waivers`);
  await db.execute(sql`delete from invoices`);
  await db.execute(sql`delete from fees`);
  await db.execute(sql`delete from fee_sectors`);
  await db.execute(sql`delete from fee_receipt_counters`);
}
