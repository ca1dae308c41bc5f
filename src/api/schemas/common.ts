/** Shared pieces of the wire contract. Pure zod: used by the server and the client alike. */
import { z } from 'zod';

/** The largest id a PostgreSQL `integer` column holds; larger ones would fail in the database. */
export const MAX_ID = 2_147_483_647;

/** A required positive id in a query string or body. */
export const id = (label = 'id') =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} is required`)
    .max(MAX_ID, `${label} is too large`);

/** An optional id where 0 (or absence) means "all", as the spec's class and section filters do. */
export const idOrAll = (label = 'id') =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0)
    .max(MAX_ID, `${label} is too large`)
    .optional();

export const optionalId = (label = 'id') =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .positive(`${label} must be a positive id`)
      .max(MAX_ID, `${label} is too large`)
      .optional(),
  );

export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2100-12-31';

/**
 * YYYY-MM-DD, a real calendar date from 1900 to 2100. The range keeps out years PostgreSQL refuses
 * (0000) and far-off ones no school record has; string order is date order in this format.
 */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'is not a real date')
  .refine((s) => s >= MIN_DATE && s <= MAX_DATE, `must be a date from ${MIN_DATE} to ${MAX_DATE}`);

/** HH:mm:ss */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'must be a time as HH:mm:ss');

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const okBody = z.object({ ok: z.literal(true), message: z.string().optional() });
