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
import { DateTime } from 'luxon';
import { clock } from '../clock';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import {
  attendanceMarks,
  attendanceTakings,
  guardians,
  messageOutbox,
  schools,
  smsAutoSettings,
  smsOptOuts,
} from '../db/schema';
import { twilioAdapter } from './sms-twilio';
import { chargeParts, refundParts } from './sms-quota';

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

/** What the gateway answered for an accepted message: its id there, when it gives one (delivery reports name it). */
export interface SentSms {
  id?: string;
}

/** Sends one message; resolves when the gateway accepted it, throws (with a reason) otherwise. */
export interface DeliveryAdapter {
  readonly name: string;
  send(sms: OutgoingSms): Promise<SentSms | void>;
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
  if (config.SMS_ADAPTER === 'twilio') return twilioFromConfig(config);
  if (config.SMS_ADAPTER === 'http') {
    if (!config.SMS_HTTP_URL) throw new Error('SMS_HTTP_URL is required when SMS_ADAPTER is http');
    return httpSmsAdapter({ url: config.SMS_HTTP_URL, token: config.SMS_HTTP_TOKEN, sender: config.SMS_SENDER });
  }
  return logAdapter(log);
}

/** The Twilio adapter of the configuration (SMS_ADAPTER=twilio); its credentials are required. */
export function twilioFromConfig(config: Config) {
  if (!config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN) {
    throw new Error('TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are required when SMS_ADAPTER is twilio');
  }
  return twilioAdapter({
    accountSid: config.TWILIO_ACCOUNT_SID,
    authToken: config.TWILIO_AUTH_TOKEN,
    from: config.TWILIO_FROM || config.SMS_SENDER,
    messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID || undefined,
    baseUrl: config.TWILIO_API_BASE,
    statusCallbackUrl: config.SMS_STATUS_CALLBACK_URL || undefined,
  });
}

export interface DeliverOptions {
  /** Most rows to take in this run. */
  limit?: number;
  /** Only the messages of one period and date (the "Send Absent Message" button's own). */
  scope?: { routineId: number; date: string };
  /** Messages handed to the adapter at the same time. */
  concurrency?: number;
  /** Only the rows this condition selects (tests: one row). */
  where?: SQL;
  /** Only one campaign's messages (services/sms-centre.ts). */
  campaignId?: number;
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

/** Due now: never scheduled, or its time (a schedule, the end of quiet hours) has come. */
const due = () =>
  sql`(${messageOutbox.sendAfter} is null or ${messageOutbox.sendAfter} <= ${new Date(clock.now()).toISOString()}::timestamptz)`;

/** last_error of a row not sent because its guardian wants no SMS of its purpose. */
export const OPTED_OUT_REASON = 'Cancelled: the guardian opted out of these messages.';

/** Quiet hours in the school's time: no SMS from 21:00 to 08:00 unless urgent (docs/DOMAIN.md, "SMS centre"). */
export const QUIET_HOURS = { from: 21, to: 8 } as const;

/**
 * When a message of `kind` may leave at `now` in `timeZone`: null now, else the instant quiet hours
 * end. Absence messages are exempt: they go for the school's today, when a teacher presses the button.
 */
export function quietUntil(now: number, timeZone: string, kind: string, urgent: boolean): Date | null {
  if (urgent || kind === 'absence') return null;
  const local = DateTime.fromMillis(now, { zone: timeZone });
  if (local.hour >= QUIET_HOURS.to && local.hour < QUIET_HOURS.from) return null;
  const morning = local.set({ hour: QUIET_HOURS.to, minute: 0, second: 0, millisecond: 0 });
  return (local.hour >= QUIET_HOURS.from ? morning.plus({ days: 1 }) : morning).toJSDate();
}

/** The guardian of the row (by id, or anyone with its number) wants none of its purpose. */
const optedOut = sql`exists (
  select 1 from ${guardians}
  where (${guardians.id} = ${messageOutbox.guardianId} or ${guardians.phone} = ${messageOutbox.phone})
    and (${guardians.smsPreference} = 'none' or exists (
      select 1 from ${smsOptOuts} where ${smsOptOuts.guardianId} = ${guardians.id} and ${smsOptOuts.purpose} = ${messageOutbox.kind})))`;

/** last_error of a row not sent because the school turned its kind of automatic message off. */
export const TURNED_OFF_REASON = 'Cancelled: the school turned these messages off.';

/** The school turned the row's kind off (services/sms-automatic.ts; no row: as its default). */
const turnedOff = sql`exists (
  select 1 from ${smsAutoSettings}
  where ${smsAutoSettings.schoolId} = ${messageOutbox.schoolId} and ${smsAutoSettings.purpose} = ${messageOutbox.kind}
    and not ${smsAutoSettings.enabled})`;

type Claim =
  | { kind: 'send'; id: number; phone: string; body: string }
  | { kind: 'skip'; id: number; schoolId: number; why: 'opted_out' | 'quiet_hours' | 'quota' };

/**
 * Claim the next deliverable row: the oldest due row no other sender has is locked (SKIP LOCKED:
 * rows other processes are claiming right now are passed over, not waited for). Then, in the same
 * transaction, the rules every message obeys whoever queued it (docs/DOMAIN.md, "SMS centre"):
 * a guardian's opt-out cancels it, quiet hours put it off to the morning, and its parts are
 * charged to the school's quota (services/sms-quota.ts) or it waits for more. A row that passes is
 * counted an attempt and leased, so exactly one sender in any process hands it over.
 */
async function claimNext(
  db: Db,
  scope: SQL[],
  tried: ReadonlySet<number>,
  held: ReadonlySet<number>,
): Promise<Claim | undefined> {
  // A row that failed in this run waits for the next run, as its retry.
  const notTried = tried.size ? [notInArray(messageOutbox.id, [...tried])] : [];
  // A school whose quota ran out in this run is not looked at again in it.
  const notHeld = held.size ? [notInArray(messageOutbox.schoolId, [...held])] : [];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: messageOutbox.id,
        schoolId: messageOutbox.schoolId,
        kind: messageOutbox.kind,
        phone: messageOutbox.phone,
        body: messageOutbox.body,
        urgent: messageOutbox.urgent,
        optedOut: sql<boolean>`${optedOut}`,
        turnedOff: sql<boolean>`${turnedOff}`,
      })
      .from(messageOutbox)
      .where(and(deliverable, unclaimed, due(), ...scope, ...notTried, ...notHeld))
      .orderBy(asc(messageOutbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return undefined;
    if (row.optedOut || row.turnedOff) {
      await tx
        .update(messageOutbox)
        .set({ status: 'cancelled', lastError: row.optedOut ? OPTED_OUT_REASON : TURNED_OFF_REASON, waiting: null })
        .where(eq(messageOutbox.id, row.id));
      return { kind: 'skip', id: row.id, schoolId: row.schoolId, why: 'opted_out' };
    }
    const [school] = await tx.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, row.schoolId));
    const now = clock.now();
    const later = quietUntil(now, school.timeZone, row.kind, row.urgent);
    if (later) {
      await tx
        .update(messageOutbox)
        .set({ sendAfter: later, waiting: 'quiet_hours' })
        .where(eq(messageOutbox.id, row.id));
      return { kind: 'skip', id: row.id, schoolId: row.schoolId, why: 'quiet_hours' };
    }
    const parts = smsParts(row.body).parts;
    const charge = await chargeParts(tx, { schoolId: row.schoolId, timeZone: school.timeZone, now, parts });
    if (!charge) {
      await tx.update(messageOutbox).set({ waiting: 'quota' }).where(eq(messageOutbox.id, row.id));
      return { kind: 'skip', id: row.id, schoolId: row.schoolId, why: 'quota' };
    }
    await tx
      .update(messageOutbox)
      .set({
        attempts: sql`${messageOutbox.attempts} + 1`,
        claimedUntil: sql`now() + ${CLAIM_LEASE_SECONDS} * interval '1 second'`,
        waiting: null,
        parts,
        chargedMonth: charge.month,
        chargedLimit: charge.fromLimit,
        chargedBought: charge.fromBought,
      })
      .where(eq(messageOutbox.id, row.id));
    return { kind: 'send', id: row.id, phone: row.phone, body: row.body };
  });
}

async function deliverNow(db: Db, adapter: DeliveryAdapter, opts: DeliverOptions): Promise<DeliveryResult> {
  // A period's scope is its absence messages (another kind may name the period too).
  const scope: SQL[] = opts.scope
    ? [
        eq(messageOutbox.kind, 'absence'),
        eq(messageOutbox.routineId, opts.scope.routineId),
        eq(messageOutbox.date, opts.scope.date),
      ]
    : [];
  if (opts.where) scope.push(opts.where);
  if (opts.campaignId) scope.push(eq(messageOutbox.campaignId, opts.campaignId));
  const result: DeliveryResult = { sent: 0, failed: 0 };
  let left = opts.limit ?? 100;
  const tried = new Set<number>();
  const held = new Set<number>();
  const worker = async () => {
    while (left > 0) {
      left -= 1;
      // Claimed just before sending: a row whose student was marked present (or that was
      // cancelled) meanwhile is not deliverable any more and is never claimed.
      const row = await claimNext(db, scope, tried, held);
      if (!row) return;
      if (row.kind === 'skip') {
        if (row.why === 'quota') held.add(row.schoolId);
        continue;
      }
      if (tried.has(row.id)) {
        // Another worker of this run tried it and it failed: its retry is the next run's. (This
        // claim's query was built before that failure was known, and ran after its lease ended.)
        await db.transaction(async (tx) => {
          await refundParts(tx, row.id);
          await tx
            .update(messageOutbox)
            .set({ attempts: sql`${messageOutbox.attempts} - 1`, claimedUntil: null })
            .where(eq(messageOutbox.id, row.id));
        });
        continue;
      }
      tried.add(row.id);
      // Each outcome is written as soon as the adapter answers, so a crash part-way never
      // re-sends what already left (only a row whose sender died before recording it, after its lease).
      try {
        const sent = await adapter.send({ to: row.phone, message: row.body });
        await db
          .update(messageOutbox)
          .set({
            status: 'sent',
            sentAt: sql`now()`,
            lastError: null,
            claimedUntil: null,
            providerMessageId: sent?.id || null,
          })
          .where(eq(messageOutbox.id, row.id));
        result.sent += 1;
      } catch (err) {
        const reason = (err instanceof Error ? err.message : String(err)) || 'delivery failed';
        // The gateway took nothing: the parts go back to the quota.
        await db.transaction(async (tx) => {
          await refundParts(tx, row.id);
          await tx
            .update(messageOutbox)
            .set({
              // A cancellation that came while the gateway was answering stays a cancellation.
              status: sql`case when ${isCancelled} then ${messageOutbox.status} else 'failed' end`,
              lastError: sql`case when ${isCancelled} then ${messageOutbox.lastError} else ${reason.slice(0, 500)} end`,
              claimedUntil: null,
            })
            .where(eq(messageOutbox.id, row.id));
        });
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
 * How many SMS parts a text needs, exactly as a gateway splits it: GSM-7 when every character is in
 * the GSM 03.38 alphabet (160 septets in one part; split, 153 a part, an extension character taking
 * two septets and never cut between parts), otherwise UCS-2 (70 UTF-16 units in one part; split,
 * 67 a part, a surrogate pair never cut), which is every Bangla message. An empty text is one part.
 */
export function smsParts(text: string): { encoding: SmsEncoding; length: number; parts: number } {
  const costs: number[] = [];
  let gsm = true;
  for (const ch of text) {
    if (GSM7_BASIC.includes(ch)) costs.push(1);
    else if (GSM7_EXTENDED.includes(ch)) costs.push(2);
    else {
      gsm = false;
      break;
    }
  }
  if (!gsm) {
    costs.length = 0;
    // UCS-2 counts UTF-16 code units (a character outside the BMP takes two).
    for (const ch of text) costs.push(ch.length);
  }
  const [single, multi] = gsm ? [160, 153] : [70, 67];
  const length = costs.reduce((a, b) => a + b, 0);
  if (length <= single) return { encoding: gsm ? 'gsm7' : 'ucs2', length, parts: 1 };
  let parts = 1;
  let fill = 0;
  for (const c of costs) {
    if (fill + c > multi) {
      parts += 1;
      fill = 0;
    }
    fill += c;
  }
  return { encoding: gsm ? 'gsm7' : 'ucs2', length, parts };
}
