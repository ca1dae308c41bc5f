/**
 * Messages to guardians. Rows are queued in message_outbox (see services/attendance.ts) and leave
 * through a delivery adapter: `logAdapter` (the default: logs and records the message as sent) or
 * `httpSmsAdapter` (POSTs JSON to an SMS gateway). A failed row is retried by later deliveries
 * while attempts < MAX_ATTEMPTS.
 *
 * An absence message leaves only while its student is still marked absent for that period and
 * date: a resubmission that marks the student present cancels the unsent row (cancelAbsenceMessages,
 * called from the same transaction) with status 'cancelled', and every delivery re-checks the mark
 * when it claims a row.
 *
 * Each message leaves once, whatever the number of server processes: a sender claims a row
 * (`claimNext`: FOR UPDATE SKIP LOCKED, the attempt counted and a lease in claimed_until) before
 * handing it to the adapter, and no other sender takes a row under a live lease. Deliveries in one
 * process also run one after another (a promise chain per database).
 */
import { and, asc, eq, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { attendanceMarks, attendanceTakings, messageOutbox } from '../db/schema';

export const MAX_ATTEMPTS = 3;

/** last_error of a cancelled row: why it never left. */
export const CANCELLED_REASON = 'Cancelled: the student was marked present.';

/** A cancelled row. */
export const isCancelled = eq(messageOutbox.status, 'cancelled');

/** Not sent and not cancelled: a row a delivery may still hand to the adapter (attempts permitting). */
const unsent = inArray(messageOutbox.status, ['queued', 'failed']);

/** The row's student is marked absent for its period and date now (absence messages only). */
const stillAbsent = sql`(${messageOutbox.kind} <> 'absence' or exists (
  select 1 from ${attendanceTakings}
  inner join ${attendanceMarks} on ${attendanceMarks.takingId} = ${attendanceTakings.id}
  where ${attendanceTakings.routineId} = ${messageOutbox.routineId}
    and ${attendanceTakings.date} = ${messageOutbox.date}
    and ${attendanceMarks.enrolmentId} = ${messageOutbox.enrolmentId}
    and ${attendanceMarks.status} = 0))`;

/**
 * Cancel the unsent absence messages of a period and date whose students are no longer absent
 * (all such students of the period when `enrolmentIds` is omitted). Sent rows stay as they are.
 * Returns how many rows were cancelled by this call.
 */
export async function cancelAbsenceMessages(
  db: DbOrTx,
  opts: { routineId: number; date: string; enrolmentIds?: number[] },
): Promise<number> {
  if (opts.enrolmentIds && opts.enrolmentIds.length === 0) return 0;
  const rows = await absenceCancellation(db, opts).returning({ id: messageOutbox.id });
  return rows.length;
}

/**
 * cancelAbsenceMessages' statement, not run: a caller may send it with another write as one
 * statement (`with cancelled as (...) ...`), a round trip less (the attendance submission does).
 * An empty `enrolmentIds` cancels nothing.
 */
export function absenceCancellation(db: DbOrTx, opts: { routineId: number; date: string; enrolmentIds?: number[] }) {
  const where: SQL[] = [
    eq(messageOutbox.kind, 'absence'),
    eq(messageOutbox.routineId, opts.routineId),
    eq(messageOutbox.date, opts.date),
    unsent,
    sql`not ${stillAbsent}`,
  ];
  if (opts.enrolmentIds) where.push(sql`${messageOutbox.enrolmentId} = any(${sql.param(opts.enrolmentIds)}::int[])`);
  return db
    .update(messageOutbox)
    .set({ status: 'cancelled', lastError: CANCELLED_REASON })
    .where(and(...where));
}

export interface OutgoingSms {
  /** 01XXXXXXXXX */
  to: string;
  message: string;
}

/** Sends one message; resolves when the gateway accepted it, throws (with a reason) otherwise. */
export interface DeliveryAdapter {
  readonly name: string;
  send(sms: OutgoingSms): Promise<void>;
}

interface MinimalLogger {
  info(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

/** "01711000000" -> "017******00": enough to tell messages apart in a log, not to text a family. */
export function maskPhone(phone: string): string {
  return phone.length <= 5
    ? '*'.repeat(phone.length)
    : `${phone.slice(0, 3)}${'*'.repeat(phone.length - 5)}${phone.slice(-2)}`;
}

/**
 * Records every message as sent and writes it to the log: for development and schools without a
 * gateway. Guardians' numbers and the texts (a child's name, class and absence) are personal: the
 * info line carries only a masked number and the length; the full message is logged at debug level.
 */
export function logAdapter(log?: MinimalLogger): DeliveryAdapter {
  return {
    name: 'log',
    async send(sms) {
      log?.info({ sms: { to: maskPhone(sms.to), length: sms.message.length } }, 'SMS (log adapter) recorded as sent');
      log?.debug({ sms: { to: sms.to, message: sms.message } }, 'SMS (log adapter) text');
    },
  };
}

export interface HttpSmsOptions {
  url: string;
  token: string;
  sender: string;
  /** Per-message time limit. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** POSTs { to, message, sender } as JSON with a bearer token; any non-2xx answer is a failure. */
export function httpSmsAdapter(opts: HttpSmsOptions): DeliveryAdapter {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return {
    name: 'http',
    async send(sms) {
      const res = await doFetch(opts.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
        body: JSON.stringify({ to: sms.to, message: sms.message, sender: opts.sender }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text().catch(() => '');
      if (!res.ok) {
        const detail = text.trim().slice(0, 200);
        throw new Error(`SMS gateway answered ${res.status}${detail ? `: ${detail}` : ''}`);
      }
    },
  };
}

export function adapterFromConfig(config: Config, log?: MinimalLogger): DeliveryAdapter {
  if (config.SMS_ADAPTER === 'http') {
    if (!config.SMS_HTTP_URL) throw new Error('SMS_HTTP_URL is required when SMS_ADAPTER is http');
    return httpSmsAdapter({ url: config.SMS_HTTP_URL, token: config.SMS_HTTP_TOKEN, sender: config.SMS_SENDER });
  }
  return logAdapter(log);
}

export interface DeliverOptions {
  /** Most rows to take in this run. */
  limit?: number;
  /** Only the messages of one period and date (the "Send Absent Message" button's own). */
  scope?: { routineId: number; date: string };
  /** Messages handed to the adapter at the same time. */
  concurrency?: number;
}

export interface DeliveryResult {
  sent: number;
  failed: number;
}

const chains = new WeakMap<object, Promise<unknown>>();

/** Deliver queued messages (and retry failed ones with attempts left), oldest first. */
export function deliverPending(db: Db, adapter: DeliveryAdapter, opts: DeliverOptions = {}): Promise<DeliveryResult> {
  const previous = chains.get(db) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => deliverNow(db, adapter, opts));
  chains.set(db, run);
  return run;
}

/** Resolves when every delivery started so far on this database has finished (shutdown, tests). */
export async function deliveriesSettled(db: Db): Promise<void> {
  for (let current = chains.get(db); current;) {
    await current.catch(() => undefined);
    const next = chains.get(db);
    if (next === current) return;
    current = next;
  }
}

/** Rows a delivery may take: unsent, attempts left, and (absence messages) the student still absent. */
const deliverable = and(unsent, lt(messageOutbox.attempts, MAX_ATTEMPTS), stillAbsent)!;

/**
 * How long a claimed row is another process's: well past the gateway's time limit (10 s), so a
 * live sender always finishes first; a sender that died mid-way leaves the row to be retried after.
 */
export const CLAIM_LEASE_SECONDS = 300;

/** Not claimed by a live sender (never claimed, released, or its sender's lease ran out). */
const unclaimed = sql`(${messageOutbox.claimedUntil} is null or ${messageOutbox.claimedUntil} < now())`;

/**
 * Claim the next deliverable row: in one statement the oldest such row no other sender has is
 * locked (SKIP LOCKED: rows other processes are claiming right now are passed over, not waited
 * for), its attempt counted and a lease set, so exactly one sender in any process hands it over.
 */
async function claimNext(db: DbOrTx, scope: SQL[], tried: ReadonlySet<number>) {
  // A row that failed in this run waits for the next run, as its retry.
  const notTried = tried.size ? [notInArray(messageOutbox.id, [...tried])] : [];
  const next = db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(and(deliverable, unclaimed, ...scope, ...notTried))
    .orderBy(asc(messageOutbox.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(messageOutbox)
    .set({
      attempts: sql`${messageOutbox.attempts} + 1`,
      claimedUntil: sql`now() + ${CLAIM_LEASE_SECONDS} * interval '1 second'`,
    })
    .where(inArray(messageOutbox.id, next))
    .returning({ id: messageOutbox.id, phone: messageOutbox.phone, body: messageOutbox.body });
  return row;
}

async function deliverNow(db: DbOrTx, adapter: DeliveryAdapter, opts: DeliverOptions): Promise<DeliveryResult> {
  // A period's scope is its absence messages (another kind may name the period too).
  const scope: SQL[] = opts.scope
    ? [
        eq(messageOutbox.kind, 'absence'),
        eq(messageOutbox.routineId, opts.scope.routineId),
        eq(messageOutbox.date, opts.scope.date),
      ]
    : [];
  const result: DeliveryResult = { sent: 0, failed: 0 };
  let left = opts.limit ?? 100;
  const tried = new Set<number>();
  const worker = async () => {
    while (left > 0) {
      left -= 1;
      // Claimed just before sending: a row whose student was marked present (or that was
      // cancelled) meanwhile is not deliverable any more and is never claimed.
      const row = await claimNext(db, scope, tried);
      if (!row) return;
      if (tried.has(row.id)) {
        // Another worker of this run tried it and it failed: its retry is the next run's. (This
        // claim's query was built before that failure was known, and ran after its lease ended.)
        await db
          .update(messageOutbox)
          .set({ attempts: sql`${messageOutbox.attempts} - 1`, claimedUntil: null })
          .where(eq(messageOutbox.id, row.id));
        continue;
      }
      tried.add(row.id);
      // Each outcome is written as soon as the adapter answers, so a crash part-way never
      // re-sends what already left (only a row whose sender died before recording it, after its lease).
      try {
        await adapter.send({ to: row.phone, message: row.body });
        await db
          .update(messageOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, lastError: null, claimedUntil: null })
          .where(eq(messageOutbox.id, row.id));
        result.sent += 1;
      } catch (err) {
        const reason = (err instanceof Error ? err.message : String(err)) || 'delivery failed';
        await db
          .update(messageOutbox)
          .set({
            // A cancellation that came while the gateway was answering stays a cancellation.
            status: sql`case when ${isCancelled} then ${messageOutbox.status} else 'failed' end`,
            lastError: sql`case when ${isCancelled} then ${messageOutbox.lastError} else ${reason.slice(0, 500)} end`,
            claimedUntil: null,
          })
          .where(eq(messageOutbox.id, row.id));
        result.failed += 1;
      }
    }
  };
  const n = Math.max(1, Math.min(opts.concurrency ?? 4, left));
  await Promise.all(Array.from({ length: n }, worker));
  return result;
}

// ------------------------------------------------------------------ SMS length

/** GSM 03.38 basic set: each is one septet. */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** GSM 03.38 extension table: each takes two septets (escape + character). */
const GSM7_EXTENDED = '^{}\\[~]|€\f';

export type SmsEncoding = 'gsm7' | 'ucs2';

/**
 * How many SMS parts a text needs, as a gateway counts them: GSM-7 when every character is in the
 * GSM 03.38 alphabet (160 septets in one part, 153 per part when split, extension characters
 * counting two), otherwise UCS-2 (70 UTF-16 units in one part, 67 per part when split), which is
 * every Bangla message. An empty text is still one part.
 */
export function smsParts(text: string): { encoding: SmsEncoding; length: number; parts: number } {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM7_BASIC.includes(ch)) septets += 1;
    else if (GSM7_EXTENDED.includes(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return { encoding: 'gsm7', length: septets, parts: septets <= 160 ? 1 : Math.ceil(septets / 153) };
  // UCS-2 counts UTF-16 code units (a character outside the BMP takes two).
  const units = text.length;
  return { encoding: 'ucs2', length: units, parts: units <= 70 ? 1 : Math.ceil(units / 67) };
}
