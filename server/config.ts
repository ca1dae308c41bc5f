/** Environment parsing. Every knob the server has is here, with its default. */
import net from 'node:net';
import { z } from 'zod';

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /**
   * PostgreSQL connection string. When absent the app starts its embedded PostgreSQL, with its
   * cluster in DATA_DIR/postgres.
   */
  DATABASE_URL: z.string().optional(),
  /**
   * A standby (or a pooler in front of standbys) for heavy reads: reports, exports, tabulation
   * sheets, district dashboards. Unset: they read from DATABASE_URL (docs/SCALING.md).
   */
  DATABASE_READ_URL: z.string().optional(),
  /**
   * Where the cache's listener connects (LISTEN needs a session of its own): set it when
   * DATABASE_URL goes through a transaction-mode pooler. Unset: DATABASE_URL.
   */
  DATABASE_LISTEN_URL: z.string().optional(),
  /**
   * `transaction` when DATABASE_URL goes through a transaction-mode pooler that cannot keep
   * prepared statements (PgBouncer before 1.21): statements are sent unnamed.
   */
  DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
  DATA_DIR: z.string().default('./data'),
  /** Port of the embedded PostgreSQL (127.0.0.1 only); 0 picks a free one at every start. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** API processes sharing the port (node:cluster); 1 serves from the main process itself. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Hours a sign-in token stays valid. */
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  /**
   * The sign-in cookie's `Secure` flag. `auto` (the default): set when the request came over https,
   * directly or through a proxy named in TRUST_PROXY (its X-Forwarded-Proto), and left off on plain
   * http (a browser drops a Secure cookie sent over http, so http://127.0.0.1 could not sign in).
   * `always`: set on every answer (behind a TLS proxy that is not in TRUST_PROXY).
   */
  SESSION_COOKIE_SECURE: z.enum(['auto', 'always']).default('auto'),
  /** How long a failed sign-in counts against its account and its address. */
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  /** Failures of one account within the window before its sign-ins are slowed down (never refused). */
  LOGIN_DELAY_AFTER_FAILURES: z.coerce.number().int().min(0).default(3),
  /** The first slow-down; it doubles with every further failure... */
  LOGIN_DELAY_BASE_MS: z.coerce.number().int().min(0).default(1000),
  /** ...up to this (keep it well below the client's 20 s timeout). */
  LOGIN_DELAY_MAX_MS: z.coerce.number().int().min(0).default(8000),
  /**
   * Failed sign-ins from one client address within the window before that address is slowed down:
   * past it, every attempt from there waits LOGIN_DELAY_MAX_MS and a wrong password gets 429 (the
   * right one still signs in).
   */
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  /**
   * Password hashes that may wait for a turn in each process, beyond the ones running (one per
   * core): about half a second of one core each. Past it, sign-ins and password changes get 503
   * with Retry-After instead of queueing for longer than the client waits.
   */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  /**
   * Seconds a client has to send a whole request, headers and body (a slowly sent body is cut with
   * 408). Large enough for the biggest upload (UPLOAD_MAX_MB) over a slow mobile connection.
   */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60),
  /**
   * Seconds a connection may stay silent, in either direction, before it is closed: above the time
   * the slowest answer (a report, an import) takes to compute.
   */
  CONNECTION_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(120),
  /** Seconds an idle keep-alive connection is kept open for the client's next request. */
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(72),
  /**
   * Proxies whose X-Forwarded-For is believed, comma-separated: addresses, CIDR ranges, or
   * `loopback`, `linklocal`, `uniquelocal`. Empty (the default): the connecting address is the
   * client, and X-Forwarded-For is ignored.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.every(isProxyEntry),
      'must list IP addresses, CIDR ranges, loopback, linklocal or uniquelocal',
    ),
  /**
   * Where the server's clock starts (an ISO date-time; server/clock.ts): unset, the real clock. For
   * tests and demonstrations of a given day only; the server warns at start when it is set.
   */
  CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  /** Seed the demo schools on first start of an empty database. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** The built SPA to serve; empty disables static serving (tests). */
  STATIC_DIR: z.string().default('./dist'),
  /**
   * The answer cache (server/cache/responses.ts): `on` keeps whole answers of the cacheable reads
   * until their school's data changes; `off` answers every read from the database (the bench
   * measures both: the read path must be fast without it, docs/ARCHITECTURE.md "Caches").
   */
  ANSWER_CACHE: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Default time zone for schools that have none set. */
  TZ_DEFAULT: z.string().default('Asia/Dhaka'),
  /**
   * How SMS to guardians leave: 'log' records them as sent and logs them; 'http' posts JSON to a
   * generic gateway; 'twilio' speaks Twilio's Programmable Messaging REST API (server/services/sms-twilio.ts).
   */
  SMS_ADAPTER: z.enum(['log', 'http', 'twilio']).default('log'),
  /** Twilio's account SID (AC...) for SMS_ADAPTER=twilio. */
  TWILIO_ACCOUNT_SID: z.string().default(''),
  /** Twilio's auth token: the Basic-auth password of every call and the key of the delivery reports' signature. */
  TWILIO_AUTH_TOKEN: z.string().default(''),
  /** The sender: a Twilio number (+1...) or an alphanumeric sender id; empty: SMS_SENDER. */
  TWILIO_FROM: z.string().default(''),
  /** A Messaging Service SID (MG...) to send from instead of TWILIO_FROM. */
  TWILIO_MESSAGING_SERVICE_SID: z.string().default(''),
  /** Twilio's API origin (a local fake in tests). */
  TWILIO_API_BASE: z.url().default('https://api.twilio.com'),
  /**
   * The public URL of POST /api/sms/delivery/twilio as Twilio reaches it (behind the proxy): each
   * message asks for its delivery reports there, and their signature is checked against it. Empty:
   * no delivery reports (messages stay 'sent').
   */
  SMS_STATUS_CALLBACK_URL: z.string().default(''),
  /** What one SMS part costs a school, in poisha (the preview's cost and a top-up's price). */
  SMS_PART_PRICE_POISHA: z.coerce.number().int().min(1).max(100_000).default(40),
  /** The gateway endpoint for SMS_ADAPTER=http: it receives JSON { to, message, sender }. */
  SMS_HTTP_URL: z.url().optional(),
  /** Bearer token sent to the SMS gateway. */
  SMS_HTTP_TOKEN: z.string().default(''),
  /** Sender id or masking name the gateway shows. */
  SMS_SENDER: z.string().default('Pathshala'),
  /** Seconds between runs that send queued and retry failed guardian messages (in the jobs process). */
  SMS_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Where uploaded files (homework) are kept, outside the web root; empty: DATA_DIR/uploads. */
  UPLOAD_DIR: z.string().default(''),
  /** The largest file one upload may carry, in megabytes (413 beyond it). */
  UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(10),
  /**
   * The most a student's kept homework answers may take together, in megabytes (413 beyond it). A
   * replaced answer no longer counts. Staff uploads (homework sheets, e-books) are school material:
   * the rate limit bounds them, not a quota.
   */
  UPLOAD_QUOTA_MB: z.coerce.number().positive().max(1_000_000).default(50),
  /** How many files one user may upload in an hour, whatever the route (429 beyond it). */
  UPLOAD_RATE_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * Which payment provider takes online fee payments. 'none' (the default): the server offers no
   * online payment at all (payers are told to pay at the school office). 'sandbox' runs inside
   * this server for tests and demonstrations only: every payment through it is recorded as a test
   * payment, which settles no invoice and counts as no money received. A sandbox is never turned
   * on by default, because its checkout page needs no money and no sign-in.
   */
  PAYMENT_PROVIDER: z.enum(['none', 'sandbox']).default('none'),
  /**
   * The secret that signs the sandbox provider's callbacks (HMAC-SHA256). Empty: one is generated
   * on first use and kept in DATA_DIR/payment-sandbox.key (readable by its owner only).
   */
  PAYMENT_SANDBOX_SECRET: z.string().default(''),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
