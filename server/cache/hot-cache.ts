/**
 * Reference data the hot paths read on every request, kept in the process so that a read costs one
 * round trip: the session behind a token, a school's clock, the academic session of a year, the
 * teacher and student record of an account, a section's school and class (the tenant check of a
 * section's reads; dropped with any change to its school's data, see `dropSchools`).
 *
 * Besides, the whole answers of the hot reads (`responses`: a user's summaries, notices, routines
 * and history, see server/cache/responses.ts), dropped by any change to their school's data:
 * triggers (migration 0007) send 'content:<school ids>' for every write to a table a school owns.
 *
 * Lifetimes: sessions SESSION_TTL_MS (30 s, and never past the session's own expiry); answers
 * RESPONSE_TTL_MS (30 s, and never past the school's midnight); everything else REFERENCE_TTL_MS
 * (60 s). The lifetime is only a bound for the unexpected: every change is also announced.
 * Triggers (migrations 0006 and 0009) send `NOTIFY pathshala_cache` when a session is revoked, a
 * user is deactivated or changes password, type, code or school, a teacher or student record is
 * added, moved or removed, a school's clock settings change, an academic session is added, or a
 * school's academic calendar changes (its holidays are cached); the notification is delivered at
 * commit to every process, each of which listens on a dedicated
 * connection and drops the affected entries. The process that made the change drops them itself
 * at once as well (`dropSessions`), so its own next request never waits for the notification.
 *
 * Never stale auth: until the listener is connected (and after it is lost, until it reconnects)
 * the caches are emptied and bypassed, since notifications may have been missed. A read that was
 * already under way when an invalidation of it arrived is answered but not stored (each map counts
 * its invalidations, `TtlMap.generation`; what is computed from a school's rows is counted per
 * school and per kind, `SchoolCounts`), so a lookup racing a sign-out cannot put the old answer
 * back, and a write to one school, table or section does not stop another's lookups being kept.
 *
 * Each API process holds one more connection for the listener. LISTEN needs a session of its own:
 * behind a transaction-mode pooler (PgBouncer) DATABASE_LISTEN_URL reaches PostgreSQL directly or
 * through a session-mode pool, or the notifications would never arrive (the TTL would be the only
 * bound). With several hosts it listens on the one that takes writes, where NOTIFY is sent.
 *
 * One cache per database handle (a WeakMap keyed by the Db object), so several apps in one process
 * (the tests) never share entries. A transaction handle has no cache: it reads its own snapshot.
 */
import { gzipSync } from 'node:zlib';
import type pg from 'pg';
import type { DbOrTx } from '../db/client';
import { HostResolver, parseTargets, targetedClient } from '../db/targets';

export const CHANNEL = 'pathshala_cache';
/** The listener's application_name, as pg_stat_activity shows it. */
export const LISTENER_NAME = 'pathshala-cache-listener';
export const SESSION_TTL_MS = 30_000;
export const REFERENCE_TTL_MS = 60_000;
export const RESPONSE_TTL_MS = 30_000;
/** Answers kept per process, and the longest kept (32 Ki characters: 32-64 KiB in memory; 4,000 of them 250 MiB at worst, typically 5-20 KiB each). */
const MAX_RESPONSES = 4_000;
export const MAX_RESPONSE_CHARS = 32_768;
/**
 * A kept answer this large is also kept gzipped, made once at its first hit that takes gzip, and a
 * client that accepts gzip (every browser) gets those bytes: a fifth of a history page's on a
 * phone's network, no compressing per request, and none for answers never asked again. Smaller
 * answers are not worth a gzip header.
 */
export const GZIP_FROM = 1024;

/** A kept answer's gzipped bytes, made once at its first hit that takes gzip; null when not worth it. */
export function gzippedOf(r: CachedResponse): Buffer | null {
  if (r.gzip === undefined) {
    const packed = r.body.length >= GZIP_FROM ? gzipSync(r.body, { level: 6 }) : null;
    r.gzip = packed && packed.length < r.body.length ? packed : null;
  }
  return r.gzip;
}
/** Entries per map; the oldest go first past it (a process serves far fewer live sessions). */
const MAX_ENTRIES = 20_000;
const HEARTBEAT_MS = 15_000;
const RECONNECT_MAX_MS = 10_000;

interface Entry<V> {
  value: V;
  until: number;
}

/**
 * A map whose entries end after `ttlMs` (or their own `until`), oldest evicted past MAX_ENTRIES.
 * `generation` counts the invalidations made on it (delete, deleteWhere, clear): a value loaded
 * while one happened may be stale and is not stored (`HotCache.through`). Expiry and eviction are
 * not invalidations.
 */
export class TtlMap<K, V> {
  private readonly map = new Map<K, Entry<V>>();
  generation = 0;
  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  get(key: K, now = Date.now()): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.until <= now) {
      this.map.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: K, value: V, until = Date.now() + this.ttlMs) {
    this.map.delete(key);
    this.map.set(key, { value, until: Math.min(until, Date.now() + this.ttlMs) });
    if (this.map.size > this.maxEntries) this.map.delete(this.map.keys().next().value as K);
  }

  delete(key: K) {
    this.generation += 1;
    this.map.delete(key);
  }

  deleteWhere(test: (value: V, key: K) => boolean) {
    this.generation += 1;
    for (const [k, e] of this.map) if (test(e.value, k)) this.map.delete(k);
  }

  clear() {
    this.generation += 1;
    this.map.clear();
  }

  get size() {
    return this.map.size;
  }
}

/** What a student's history shows of a routine (server/services/attendance.ts, routineLabelsOf). */
export interface RoutineLabel {
  id: number;
  periodId: number;
  subjectId: number;
  serial: number;
  periodCode: string;
  startTime: string;
  subjectName: string;
  teacherName: string;
  initial: string;
}

/** What a session lookup caches: the guard's AuthContext plus what invalidates it. */
export interface CachedSession<A> {
  auth: A;
  sessionId: number;
  userId: number;
  expiresAt: number;
}

export interface SchoolSettings {
  timeZone: string;
  /** Day ids (1 = Sunday ... 7 = Saturday) the school is closed every week. */
  weeklyOffDays: number[];
  /** School days after a period that a teacher may still take or correct it (0: the same day). */
  attendanceEditDays: number;
}

/**
 * A whole answer of a hot read (its JSON text), for one user and one URL. It was computed from the
 * data of one school (the user's own), so any change to that school's data drops it.
 */
export interface CachedResponse {
  /** The answer's bytes, encoded once: a hit sends them as they are (no encoding, no length pass). */
  body: Buffer;
  /**
   * The same, gzipped, made at the first hit that takes gzip (`gzippedOf`): null when not worth it
   * (under GZIP_FROM bytes, or no smaller), undefined until then. A read never asked again costs
   * no compressing.
   */
  gzip?: Buffer | null;
  userId: number;
  /** The schools whose data the answer may hold: the user's one, or a guardian's children's. */
  schoolIds: readonly number[];
}

/** Where a read's answer goes when it is done, unless something changed meanwhile (the marks). */
export interface ResponseSlot {
  key: string;
  userId: number;
  schoolIds: readonly number[];
  /** Where the answers of its schools stood when the read began (HotCache's answer counts). */
  content: number;
  /** The count of drops by user when the read began. */
  users: number;
  /** The answer must not outlive this (the school's midnight: "today" changes). */
  until: number;
}

/** A school holiday of the academic calendar (both dates inclusive, YYYY-MM-DD). */
export interface HolidayRange {
  start: string;
  end: string;
  topics: string;
}

export interface MemberRecord {
  id: number;
  schoolId: number;
}

/** A section's school and class, as the tenant check of a section-scoped read needs them. */
export interface SectionRecord {
  id: number;
  schoolId: number;
  classId: number;
}

/**
 * Changes counted per school and for all schools at once, for one kind of kept data: what was
 * computed from a school's data is kept only if its count has not moved meanwhile. Both counts
 * only grow, so their sum (`mark`) moves when either does.
 */
class SchoolCounts {
  private readonly bySchool = new Map<number, number>();
  private all = 0;

  mark(schoolIds: readonly number[]): number {
    let mark = this.all;
    for (const id of schoolIds) mark += this.bySchool.get(id) ?? 0;
    return mark;
  }

  changed(schoolIds: readonly number[] | null) {
    if (schoolIds === null) this.all += 1;
    else for (const id of schoolIds) this.bySchool.set(id, (this.bySchool.get(id) ?? 0) + 1);
  }
}

/**
 * The tables each kind of data computed from a school's rows is read from (server/services/
 * exams.ts `sectionSheets`, attendance.ts `routineLabelsById`): a change to any other table of
 * the school drops its answers but leaves these. tests/server/hot-cache.test.ts checks each list
 * against the statements the computation runs and against the tables' triggers.
 */
export const SECTION_RESULTS_TABLES: readonly string[] = [
  'academic_sessions',
  'activities',
  'activity_participants',
  'attendance_marks',
  'classes',
  'divisions',
  'enrolments',
  'exam_marks',
  'exam_types',
  'exams',
  'schools',
  'sections',
  'students',
  'subject_activities',
  'subject_activity_submissions',
  'subject_registrations',
  'subjects',
];
export const ROUTINE_LABELS_TABLES: readonly string[] = ['periods', 'routines', 'subjects', 'teachers'];

interface Logger {
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

export class HotCache {
  /** token hash -> session */
  readonly sessions = new TtlMap<string, CachedSession<unknown>>(SESSION_TTL_MS);
  /**
   * Sessions ended while this process ran, remembered for twice a cached session's life: a cached
   * copy of one (however it got there, e.g. a read that raced the sign-out) is never served.
   */
  private readonly ended = new TtlMap<number, true>(SESSION_TTL_MS * 2, 100_000);
  readonly schools = new TtlMap<number, SchoolSettings>(REFERENCE_TTL_MS);
  /** session year ('2025') -> academic session id (null: none yet) */
  readonly years = new TtlMap<string, number | null>(REFERENCE_TTL_MS);
  /** user id -> teacher record (null: the account has none) */
  readonly teachers = new TtlMap<number, MemberRecord | null>(REFERENCE_TTL_MS);
  /** user id -> student record (null: the account has none) */
  readonly students = new TtlMap<number, MemberRecord | null>(REFERENCE_TTL_MS);
  /** '<user id> <url>' -> the answer of a cacheable read (server/cache/responses.ts) */
  readonly responses = new TtlMap<string, CachedResponse>(RESPONSE_TTL_MS, MAX_RESPONSES);
  /** school id -> the school's calendar holidays, every session (a few dozen rows at most) */
  readonly holidays = new TtlMap<number, HolidayRange[]>(REFERENCE_TTL_MS);
  /**
   * section id -> its school and class (only sections that exist). Any write to a school's data
   * ('content', which a section's insert, update or delete sends with its old and new school)
   * drops that school's sections.
   */
  readonly sections = new TtlMap<number, SectionRecord>(REFERENCE_TTL_MS);
  /**
   * '<section id> <session id>' -> a section's computed year results (the grade sheet's ranking
   * needs the whole section: ~11 ms of CPU at district size), shared by its students' grade sheets
   * and PDFs; dropped by a change to a table it is read from (SECTION_RESULTS_TABLES), for marks
   * and attendance marks only their sections' (migration 0034's 'rows' notifications).
   */
  readonly sectionResults = new TtlMap<string, { schoolId: number; sectionId: number; value: unknown }>(
    RESPONSE_TTL_MS,
    2_000,
  );
  /**
   * school id -> routine id -> what a history row shows of a routine (its period, subject and
   * teacher): a student's history names ~36 routines a year, the same for a section's 40 students;
   * dropped with the school's answers (its routines, periods and teachers announce the school, the
   * shared subjects every school).
   */
  readonly routineLabels = new TtlMap<number, ReadonlyMap<number, RoutineLabel>>(REFERENCE_TTL_MS, 1_000);

  /**
   * Changes to schools' data, counted per school for each kind of kept data: the answers, a
   * section's results and the routine labels. Counted per school and per kind, not once for the
   * whole process, so that a school's attendance and marks (ten writes a second in a school day)
   * never stop another school's data, nor any session or member record, nor results of another
   * section, from being kept. One counter for everything made every read that overlapped a write
   * a miss; the misses slowed the reads, which then overlapped more writes.
   */
  private readonly answerCounts = new SchoolCounts();
  private readonly resultCounts = new SchoolCounts();
  private readonly labelCounts = new SchoolCounts();
  /** Changes to a section's marks and attendance, per section (the 'rows' notifications). */
  private readonly sectionRows = new Map<number, number>();
  /** Drops of kept answers by user (a user's or member's change, a guardian's own write). */
  private answerUsers = 0;

  /** Where a section's results stand: computed now, they may be kept if this has not moved. */
  resultsMark(schoolId: number, sectionId: number): number {
    return this.resultCounts.mark([schoolId]) + (this.sectionRows.get(sectionId) ?? 0);
  }

  /** Where a school's routine labels stand: read now, they may be kept if this has not moved. */
  labelsMark(schoolId: number): number {
    return this.labelCounts.mark([schoolId]);
  }

  /** Keep a section's computed results, unless what they are read from changed since `mark` (or no listener). */
  keepSectionResults(sectionId: number, sessionId: number, schoolId: number, value: unknown, mark: number) {
    if (this.ready && mark === this.resultsMark(schoolId, sectionId))
      this.sectionResults.set(`${sectionId} ${sessionId}`, { schoolId, sectionId, value });
  }

  /** Keep a school's routine labels (those kept before and the new), unless it changed since `mark`. */
  keepRoutineLabels(schoolId: number, labels: ReadonlyMap<number, RoutineLabel>, mark: number) {
    if (this.ready && mark === this.labelsMark(schoolId)) this.routineLabels.set(schoolId, labels);
  }
  private listening = false;
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = 250;
  private retryTimer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  /** Counters for operators and tests: hits, misses, invalidation messages, reconnects. */
  readonly stats = { hits: 0, misses: 0, messages: 0, connects: 0 };

  /** Connections to the listener's server: with several hosts, the one that takes writes (server/db/targets.ts). */
  private readonly ListenerClient: ReturnType<typeof targetedClient>;

  constructor(
    url: string,
    private readonly log?: Logger,
  ) {
    this.ListenerClient = targetedClient(new HostResolver(parseTargets(url)), (u) => u, false);
  }

  /** The listener's server process id (pg_stat_activity.pid), while connected. */
  get listenerPid(): number | null {
    return (this.client as (pg.Client & { processID?: number }) | null)?.processID ?? null;
  }

  /** Whether entries may be served: the listener is connected, so no change goes unannounced. */
  get ready(): boolean {
    return this.listening && !this.closed;
  }

  /**
   * The cached value of `key`, or `load()`'s, stored when no invalidation of `map` came meanwhile
   * (its generation). `until` bounds the entry's life further (a session's expiry).
   */
  async through<K, V>(
    map: TtlMap<K, V>,
    key: K,
    load: () => Promise<V>,
    opts: { store?: (v: V) => boolean; until?: (v: V) => number } = {},
  ): Promise<V> {
    if (!this.ready) return load();
    const hit = map.get(key);
    if (hit !== undefined) {
      this.stats.hits += 1;
      return hit;
    }
    this.stats.misses += 1;
    const generation = map.generation;
    const value = await load();
    if (this.ready && generation === map.generation && (opts.store?.(value) ?? true)) {
      map.set(key, value, opts.until?.(value));
    }
    return value;
  }

  /** Drop everything (and answer no read that started before from the cache). */
  clear() {
    for (const counts of [this.answerCounts, this.resultCounts, this.labelCounts]) counts.changed(null);
    this.answerUsers += 1;
    this.sessions.clear();
    this.schools.clear();
    this.years.clear();
    this.teachers.clear();
    this.students.clear();
    this.responses.clear();
    this.holidays.clear();
    this.sections.clear();
    this.sectionResults.clear();
    this.routineLabels.clear();
  }

  /** A slot for a read's answer, or null when answers may not be kept now (no listener). */
  responseSlot(key: string, userId: number, schoolIds: readonly number[], until: number): ResponseSlot | null {
    if (!this.ready || schoolIds.length === 0) return null;
    return { key, userId, schoolIds, content: this.answerCounts.mark(schoolIds), users: this.answerUsers, until };
  }

  /** Keep a read's answer, unless any change was announced or made here since the read began. */
  storeResponse(slot: ResponseSlot, body: string) {
    if (
      !this.ready ||
      slot.content !== this.answerCounts.mark(slot.schoolIds) ||
      slot.users !== this.answerUsers ||
      body.length > MAX_RESPONSE_CHARS
    )
      return;
    this.responses.set(
      slot.key,
      { body: Buffer.from(body), userId: slot.userId, schoolIds: slot.schoolIds },
      slot.until,
    );
  }

  /**
   * What was built from these schools' data (null: every school's) is gone, here at once: their
   * answers always; a section's results, the routine labels and the section records only when
   * `table` is one they are read from (no table: all of them).
   */
  dropSchools(schoolIds: readonly number[] | null, table?: string) {
    const affects = (tables: readonly string[]) => table === undefined || tables.includes(table);
    this.dropAnswers(schoolIds);
    const ids = schoolIds === null ? null : new Set(schoolIds);
    const ofThem = (schoolId: number) => ids === null || ids.has(schoolId);
    if (affects(SECTION_RESULTS_TABLES)) {
      this.resultCounts.changed(schoolIds);
      this.sectionResults.deleteWhere((r) => ofThem(r.schoolId));
    }
    if (affects(ROUTINE_LABELS_TABLES)) {
      this.labelCounts.changed(schoolIds);
      this.routineLabels.deleteWhere((_labels, schoolId) => ofThem(schoolId));
    }
    if (affects(['sections'])) this.sections.deleteWhere((r) => ofThem(r.schoolId));
  }

  /**
   * A school's answers are gone, here at once. A write through this process does this before it
   * answers (server/cache/responses.ts), so the writer's next read is never the old answer.
   */
  dropAnswers(schoolIds: readonly number[] | null) {
    this.answerCounts.changed(schoolIds);
    if (schoolIds === null) return this.responses.clear();
    const ids = new Set(schoolIds);
    this.responses.deleteWhere((r) => r.schoolIds.some((id) => ids.has(id)));
  }

  /** Marks or attendance of these sections changed: the school's answers and those sections' results go. */
  dropSectionRows(schoolId: number, sectionIds: readonly number[]) {
    this.dropAnswers([schoolId]);
    const ids = new Set(sectionIds);
    for (const id of ids) this.sectionRows.set(id, (this.sectionRows.get(id) ?? 0) + 1);
    this.sectionResults.deleteWhere((r) => ids.has(r.sectionId));
  }

  /** These users' kept answers are gone, here at once (a guardian's own write: see responses.ts). */
  dropUserAnswers(userIds: readonly number[]) {
    this.answerUsers += 1;
    const users = new Set(userIds);
    this.responses.deleteWhere((r) => users.has(r.userId));
  }

  /** Sessions ended here: gone from this process at once, before any notification. */
  dropSessions(sessionIds: readonly number[]) {
    for (const id of sessionIds) this.ended.set(id, true);
    const ids = new Set(sessionIds);
    this.sessions.deleteWhere((s) => ids.has(s.sessionId));
  }

  /** Whether this session was ended while this process ran (within twice a cached session's life). */
  hasEnded(sessionId: number): boolean {
    return this.ended.get(sessionId) === true;
  }

  /**
   * Apply one notification payload: '<kind>:<id,id,...>', 'content:<table>:<school ids>',
   * 'rows:<table>:<school id>:<section ids>', 'years' or 'all'.
   */
  apply(payload: string) {
    this.stats.messages += 1;
    if (payload.startsWith('content:') || payload.startsWith('rows:')) {
      const [kind, table, ...rest] = payload.split(':');
      // 'content:<ids>' (a trigger that names no table): every kind of data of those schools.
      const named = rest.length > 0 && /^[a-z_]+$/.test(table);
      const numbers = (text: string) => text.split(',').map(Number);
      if (kind === 'rows' && named && rest.length === 2) return this.dropSectionRows(Number(rest[0]), numbers(rest[1]));
      if (kind === 'content') return this.dropSchools(numbers(named ? rest[0] : table), named ? table : undefined);
      return this.clear();
    }
    const colon = payload.indexOf(':');
    const kind = colon < 0 ? payload : payload.slice(0, colon);
    const ids =
      colon < 0
        ? []
        : payload
            .slice(colon + 1)
            .split(',')
            .map(Number);
    switch (kind) {
      case 'session':
        this.dropSessions(ids);
        return;
      case 'user': {
        const users = new Set(ids);
        this.answerUsers += 1;
        this.sessions.deleteWhere((s) => users.has(s.userId));
        this.responses.deleteWhere((r) => users.has(r.userId));
        for (const id of ids) {
          this.teachers.delete(id);
          this.students.delete(id);
        }
        return;
      }
      case 'member': {
        const users = new Set(ids);
        this.answerUsers += 1;
        this.responses.deleteWhere((r) => users.has(r.userId));
        for (const id of ids) {
          this.teachers.delete(id);
          this.students.delete(id);
        }
        return;
      }
      case 'school':
        for (const id of ids) this.schools.delete(id);
        this.dropSchools(ids);
        return;
      case 'years':
        this.years.clear();
        this.dropAnswers(null);
        this.resultCounts.changed(null);
        this.sectionResults.clear();
        return;
      case 'calendar':
        // Holidays change the day's periods and the summaries: the school's answers go too.
        for (const id of ids) this.holidays.delete(id);
        this.dropSchools(ids);
        return;
      default:
        // 'all', and anything this version does not know: forget everything rather than guess.
        this.clear();
    }
  }

  /**
   * Resolves once every notification committed before the call has been applied: a round trip on
   * the listener's connection, whose answer PostgreSQL sends after the notifications queued for it.
   * A write waits for it before it answers (server/app.ts); so does a test (or a tool) that changes
   * the database directly and reads through the API at once. `timeoutMs` bounds the wait: a
   * listener whose connection hangs is found by its heartbeat, and meanwhile a write is not held.
   */
  async sync(timeoutMs?: number): Promise<void> {
    const done = this.client?.query('SELECT 1').catch(() => undefined);
    if (!done || timeoutMs === undefined) return void (await done);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([done, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
  }

  /** Connect the listener; resolves after the first attempt, retrying in the background on failure. */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new this.ListenerClient({ keepAlive: true, application_name: LISTENER_NAME });
    client.on('notification', (msg) => {
      if (msg.channel === CHANNEL) this.apply(msg.payload ?? 'all');
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      this.lost(client, err);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    // Whatever changed while nobody listened is unknown: start empty.
    this.clear();
    this.listening = true;
    this.retryMs = 250;
    this.stats.connects += 1;
    if (this.stats.connects > 1) this.log?.info({ connects: this.stats.connects }, 'cache listener reconnected');
    // A connection that died without a word (a dropped network) is found by a query.
    this.heartbeat = setInterval(() => {
      const timeout = setTimeout(() => this.lost(client, new Error('listener heartbeat timed out')), 5_000);
      client.query('SELECT 1').then(
        () => clearTimeout(timeout),
        (err) => {
          clearTimeout(timeout);
          this.lost(client, err);
        },
      );
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private lost(client: pg.Client, err?: unknown) {
    if (this.client && this.client !== client) return; // an older connection's late news
    const wasListening = this.listening;
    this.listening = false;
    this.clear();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.client = null;
    client.removeAllListeners('end');
    client.removeAllListeners('error');
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    if (this.closed || this.retryTimer) return;
    if (wasListening) this.log?.warn({ err }, 'cache listener lost: caches bypassed until it reconnects');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(RECONNECT_MAX_MS, this.retryMs * 2);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    this.clear();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}

const caches = new WeakMap<object, HotCache>();

/** Attach a started cache to a database handle (buildApp does). */
export function attachCache(db: object, cache: HotCache) {
  caches.set(db, cache);
}

export function detachCache(db: object, cache: HotCache) {
  if (caches.get(db) === cache) caches.delete(db);
}

/** The cache of `db`, if it is a database with one (never a transaction). */
export function cacheOf(db: DbOrTx): HotCache | undefined {
  return caches.get(db);
}
