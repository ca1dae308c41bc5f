/**
 * Shared pieces of the wire contract. Pure zod: used by the server and the client alike.
 *
 * Numbers are never coerced. A JSON body must carry a number as a JSON number: `true`, `[]`,
 * `"12"`, `"0x10"` and `"1e3"` are refused with a 400 naming the field. A query string (or a path
 * parameter) can only carry text, so the server turns plain decimal text (`^\d+$`) into a number
 * before these schemas see it, for the fields whose schema is a number, and nothing else
 * (server/plugins/strict-input.ts). So the same `id('x')` serves a body and a query string, and
 * `z.input` of a request schema is what the client passes: numbers.
 */
import { z } from 'zod';

/** The largest id a PostgreSQL `integer` column holds; larger ones would fail in the database. */
export const MAX_ID = 2_147_483_647;
/** The largest whole number a PostgreSQL `integer` holds (counts, offsets, limits). */
export const MAX_INT = 2_147_483_647;

const number = (label: string) => z.number({ error: `${label} must be a number` });

/**
 * A whole number from `min` (default 0) to `max` (default the PostgreSQL integer maximum). Use it
 * for every number a request carries that is not an id: counts, limits, offsets, types.
 */
export const wholeNumber = (label: string, { min = 0, max = MAX_INT }: { min?: number; max?: number } = {}) =>
  number(label)
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** A required positive id in a query string or body. */
export const id = (label = 'id') =>
  number(label)
    .int(`${label} must be a whole number`)
    .positive(`${label} is required`)
    .max(MAX_ID, `${label} is too large`);

/** An optional id where 0 (or absence) means "all", as the spec's class and section filters do. */
export const idOrAll = (label = 'id') =>
  number(label)
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be 0 (all) or an id`)
    .max(MAX_ID, `${label} is too large`)
    .optional();

/**
 * A body's class or section filter where 0 means ALL (spec part 1, section 9); absent, '' and null
 * also mean ALL, as the old client sent them. Anything else that is not a whole number (`[]`,
 * `true`, `"3"`) is refused: coercing `[]` to 0 once widened a notice to every section.
 */
export const allOrId = (label = 'id') =>
  z.preprocess<unknown, z.ZodNumber, number | '' | null | undefined>(
    (v) => (v === '' || v === null || v === undefined ? 0 : v),
    number(label)
      .int(`${label} must be a whole number`)
      .min(0, `${label} must be 0 (all) or an id`)
      .max(MAX_ID, `${label} is too large`),
  );

/** An optional positive id; '' and null mean absent (a form's empty choice). */
export const optionalId = (label = 'id') =>
  z.preprocess<unknown, z.ZodOptional<z.ZodNumber>, number | '' | null | undefined>(
    (v) => (v === '' || v === null ? undefined : v),
    number(label)
      .int(`${label} must be a whole number`)
      .positive(`${label} must be a positive id`)
      .max(MAX_ID, `${label} is too large`)
      .optional(),
  );

/**
 * A query's filter where 0 means ALL (spec part 1, section 9, "Class and section filters use 0 for
 * ALL"), as `idOrAll` reads it for /api/subjectList; '' and null are absent, as `optionalId` reads
 * them. The services read 0 and absent alike: no filter.
 */
export const optionalIdOrAll = (label = 'id') =>
  z.preprocess<unknown, ReturnType<typeof idOrAll>, number | '' | null | undefined>(
    (v) => (v === '' || v === null ? undefined : v),
    idOrAll(label),
  );

/** A list of positive ids (a body's `students: [1, 2]`), at most `max` of them. */
export const idList = (label: string, max: number) =>
  z.array(id(label), { error: `${label} must be a list of ids` }).max(max, `${label} may list at most ${max} ids`);

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
    /** What the message names, for saying it in the user's language (server/errors.ts ErrorParams). */
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const okBody = z.object({ ok: z.literal(true), message: z.string().optional() });

// ---------------------------------------------------------------- paging

export interface PageLimits {
  /** Rows when the request names no limit. */
  defaultLimit: number;
  /** The most rows one request may ask for; more is a 400, not a silent cut. */
  maxLimit: number;
}

/** The paging every growing list uses unless it documents other limits. */
export const DEFAULT_PAGE: PageLimits = { defaultLimit: 50, maxLimit: 200 };

/**
 * `limit` and `offset` query parameters with a default and a hard maximum. Spread its shape into
 * a route's query: `z.object({ ...pageQueryWith({ defaultLimit: 100, maxLimit: 500 }).shape, q })`.
 */
export const pageQueryWith = ({ defaultLimit, maxLimit }: PageLimits) =>
  z.object({
    limit: wholeNumber('limit', { min: 1, max: maxLimit })
      .default(defaultLimit)
      .describe(`Rows to return: 1 to ${maxLimit}, default ${defaultLimit}.`),
    offset: wholeNumber('offset').default(0).describe('Rows to skip, for the next page: 0 (default) or more.'),
  });

/** `limit` (1-200, default 50) and `offset` (default 0). */
export const pageQuery = pageQueryWith(DEFAULT_PAGE);
export type PageQuery = z.input<typeof pageQuery>;

/** One page of a list: the rows, how many there are in all, and the paging that produced them. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    total: z.number().int().min(0),
    limit: z.number().int().min(1),
    offset: z.number().int().min(0),
  });
export interface Page<T> {
  rows: T[];
  total: number;
  limit: number;
  offset: number;
}

/**
 * An optional Bangla name beside an English one (docs/i18n.md, "Bangla names"): trimmed, '' for
 * none, at most the column's length. Absent on an edit keeps the stored one.
 */
export const banglaName = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional();

/** A row's Bangla name ('' = none); '' when an older answer lacks it. */
export const banglaNameOut = z.string().default('');
