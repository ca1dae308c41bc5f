/** Environment parsing. Every knob the server has is here, with its default. */
import { z } from 'zod';

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** PostgreSQL connection string; when absent the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Hours a sign-in token stays valid. */
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  /** Failed sign-ins allowed per id (and per address) within LOGIN_WINDOW_MINUTES before 429. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  /** Seed the demo schools on first start of an empty database. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** The built SPA to serve; empty disables static serving (tests). */
  STATIC_DIR: z.string().default('./dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Default time zone for schools that have none set. */
  TZ_DEFAULT: z.string().default('Asia/Dhaka'),
  /** How absence SMS leave: 'log' records them as sent and logs them; 'http' posts to a gateway. */
  SMS_ADAPTER: z.enum(['log', 'http']).default('log'),
  /** The gateway endpoint for SMS_ADAPTER=http: it receives JSON { to, message, sender }. */
  SMS_HTTP_URL: z.url().optional(),
  /** Bearer token sent to the SMS gateway. */
  SMS_HTTP_TOKEN: z.string().default(''),
  /** Sender id or masking name the gateway shows. */
  SMS_SENDER: z.string().default('Pathshala'),
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
