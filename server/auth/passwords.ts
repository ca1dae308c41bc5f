/**
 * Salted scrypt password hashes: "scrypt$N$r$p$salt$hash", salt and hash base64url. New hashes
 * use N=2^17, r=8, p=1 (128 MiB and about half a second per hash); a stored hash with weaker
 * parameters still verifies and `needsRehash` tells the sign-in to replace it. Hashing runs on
 * libuv's thread pool (the callback form of scrypt), never on the event loop, and at most
 * HASH_CONCURRENCY at once. The work waiting for a turn is bounded too (PASSWORD_HASH_QUEUE strong
 * hashes' worth, cheap hashes counting by their cost): beyond it a hash is refused at once with
 * HashQueueFull (503 with Retry-After), so a flood of sign-ins cannot pile up minutes of CPU work
 * that every later sign-in would wait behind.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ApiError } from '../errors';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * The cost of new hashes: N = 2^PASSWORD_HASH_LOG_N (17 unless set). The test suites lower it,
 * since they sign in hundreds of times and each sign-in of a seeded account re-hashes; production
 * keeps the default.
 */
export function strongParams(env: Record<string, string | undefined> = process.env): ScryptParams {
  const logN = Number(env.PASSWORD_HASH_LOG_N ?? 17);
  if (!Number.isInteger(logN) || logN < 10 || logN > 20) {
    throw new Error('PASSWORD_HASH_LOG_N must be a whole number from 10 to 20');
  }
  return { N: 2 ** logN, r: 8, p: 1 };
}

export const STRONG: ScryptParams = strongParams();
const KEYLEN = 64;
/** Hashes with a cost above this are refused as malformed rather than run. */
const MAX_N = 2 ** 20;

/**
 * Hashes running at once: one per core, and never the whole libuv pool (4 threads unless
 * UV_THREADPOOL_SIZE says otherwise). Each hash holds a pool thread for half a second; a burst of
 * sign-ins would otherwise fill the pool, and file reads and DNS lookups (a DATABASE_URL host name
 * for a new connection) would wait seconds behind them. Sign-ins beyond queue here, at no cost in
 * throughput: the hashing is CPU-bound.
 */
export const HASH_CONCURRENCY = Math.max(
  1,
  Math.min(Number(process.env.UV_THREADPOOL_SIZE ?? 4) - 1, availableParallelism()),
);
let hashing = 0;
const waiting: (() => void)[] = [];

/** A hash's work in scrypt's own unit (N * r * p): what the queue's bound counts. */
const costOf = ({ N, r, p }: ScryptParams) => N * r * p;
/**
 * The bound's unit: one hash at the production cost (N=2^17, r=8), or today's cost if higher, so
 * that a lowered PASSWORD_HASH_LOG_N (the tests) does not shrink the queue with it.
 */
const UNIT = Math.max(costOf(STRONG), 2 ** 17 * 8);
/** The work waiting for a turn, and the most that may wait (set from PASSWORD_HASH_QUEUE). */
let queuedCost = 0;
let queueLimit = 32 * UNIT;
/** Milliseconds per unit of cost, as measured (a running average): Retry-After is estimated from it. */
let msPerCost = 0;

/** How many strong hashes' worth of work may wait for a turn (0: none waits; the running ones only). */
export function setHashQueueLimit(strongHashes: number): void {
  queueLimit = Math.max(0, strongHashes) * UNIT;
}

/** The hashing queue is full: the request is answered 503 with Retry-After (seconds). */
export class HashQueueFull extends ApiError {
  constructor(readonly retryAfter: number) {
    super(503, 'server_busy', `The server is busy checking passwords. Try again in ${retryAfter} second(s).`);
  }
}

async function scrypt(password: string, salt: Buffer, keylen: number, params: ScryptParams): Promise<Buffer> {
  const { N, r, p } = params;
  // scrypt needs 128 * N * r * p bytes; Node's default ceiling (32 MiB) is below N=2^17.
  const maxmem = 128 * N * r * p + 16 * 1024 * 1024;
  const cost = costOf(params);
  if (hashing >= HASH_CONCURRENCY) {
    if (queuedCost + cost > queueLimit) {
      const estimate = ((queuedCost + cost) * msPerCost) / HASH_CONCURRENCY;
      throw new HashQueueFull(Math.min(60, Math.max(1, Math.ceil(estimate / 1000))));
    }
    queuedCost += cost;
    try {
      await new Promise<void>((resolve) => waiting.push(resolve));
    } finally {
      queuedCost -= cost;
    }
  } else hashing += 1;
  const started = performance.now();
  try {
    return await new Promise((resolve, reject) =>
      scryptCb(password, salt, keylen, { N, r, p, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
    );
  } finally {
    // Measured on costly hashes only: a cheap one's time is mostly fixed overhead.
    if (cost * 8 >= costOf(STRONG)) {
      const perCost = (performance.now() - started) / cost;
      msPerCost = msPerCost === 0 ? perCost : 0.8 * msPerCost + 0.2 * perCost;
    }
    // The slot passes straight to the next waiter, if any.
    const next = waiting.shift();
    if (next) next();
    else hashing -= 1;
  }
}

export async function hashPassword(password: string, params: ScryptParams = STRONG): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash extends ScryptParams {
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const valid =
    Number.isInteger(N) &&
    N > 1 &&
    N <= MAX_N &&
    (N & (N - 1)) === 0 &&
    [r, p].every((x) => Number.isInteger(x) && x >= 1 && x <= 16);
  if (!valid) return null;
  const salt = Buffer.from(parts[4], 'base64url');
  const key = Buffer.from(parts[5], 'base64url');
  return key.length >= 16 && salt.length >= 8 ? { N, r, p, salt, key } : null;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.key.length, parsed);
  return timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash is weaker than what new hashes get (or unreadable). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.N < STRONG.N || parsed.r < STRONG.r || parsed.p < STRONG.p || parsed.key.length < KEYLEN;
}

/** A valid strong hash of a random password, so that unknown ids cost as much time as wrong passwords. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
  return dummyHash;
}
