/**
 * The only file that listens. The primary process opens the database (starting the embedded
 * PostgreSQL in DATA_DIR when DATABASE_URL is unset, and starting it again should it die), waits
 * until it answers, migrates, seeds the demo on first start, and then serves: by itself when
 * WORKERS=1, or through WORKERS forked API processes that share the port (node:cluster). Nothing shared lives in a process's memory (docs/ARCHITECTURE.md, "Caches"), so N
 * processes behave as one. Background jobs (message retries, housekeeping) run in one process.
 */
import cluster, { type Worker } from 'node:cluster';
import { loadConfig, type Config } from './config';
import { fromPostgres, openDatabase, refreshStatistics, waitForDatabase, type DbHandle } from './db/client';
import { seedDemo } from './db/seed/demo';
import { setClock } from './clock';
import { seedReference } from './db/seed/reference';
import { buildApp } from './app';
import { adapterFromConfig, deliverPending, deliveriesSettled } from './services/messaging';
import { onlinePaymentsAtStart } from './services/payment-provider';
import { startHousekeeping } from './plugins/housekeeping';

const config = loadConfig();
// Whether online payment is offered, and whether it is the sandbox's (no money moves), said once.
if (cluster.isPrimary) console.log(onlinePaymentsAtStart(config));
if (config.CLOCK_START) {
  setClock(config.CLOCK_START);
  if (cluster.isPrimary)
    console.warn(`CLOCK_START is set: the server's clock started at ${config.CLOCK_START}, not now.`);
}
const verbose = config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace';

/** How the API's pools reach the database beyond DATABASE_URL (docs/SCALING.md). */
function handleOptions(cfg: Config) {
  return {
    readUrl: cfg.DATABASE_READ_URL,
    listenUrl: cfg.DATABASE_LISTEN_URL,
    pooler: cfg.DATABASE_POOLER,
  };
}

async function prepare(): Promise<DbHandle> {
  const handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    handle: handleOptions(config),
    dataDir: config.DATA_DIR,
    port: config.EMBEDDED_PG_PORT,
    log: verbose ? (line) => console.log(`[postgres] ${line}`) : undefined,
    notice: (line) => console.warn(line),
  });
  await waitForDatabase(handle, (err) =>
    console.warn(`Waiting for the database (${err instanceof Error ? err.message : String(err)})...`),
  );
  await handle.migrate();
  if (config.SEED_DEMO) {
    const { seeded } = await seedDemo(handle.db);
    if (seeded) console.log('Seeded the demo schools (see README for the demo accounts).');
  } else {
    await seedReference(handle.db);
  }
  await refreshStatistics(handle.db);
  return handle;
}

/** Build the app on `handle` and listen; returns what stops it again. */
async function serve(handle: DbHandle, cfg: Config, jobs: boolean): Promise<() => Promise<void>> {
  const app = await buildApp(cfg, handle);
  const timers: (() => void)[] = [];
  if (jobs) {
    // Send guardian messages left queued (e.g. by a restart) and retry failed ones, every
    // SMS_RETRY_SECONDS (a minute by default).
    const adapter = adapterFromConfig(cfg, app.log);
    const retry = setInterval(() => {
      deliverPending(handle.db, adapter, { limit: 200 }).catch((err) =>
        app.log.error({ err }, 'message delivery failed'),
      );
    }, cfg.SMS_RETRY_SECONDS * 1000);
    retry.unref();
    timers.push(() => clearInterval(retry));
    // Ended sessions, old sign-in failures and idempotency answers, every ten minutes.
    timers.push(startHousekeeping(handle.db, cfg, app.log));
  }
  await app.listen({ port: cfg.PORT, host: cfg.HOST });
  return async () => {
    for (const stop of timers) stop();
    await app.close();
    await deliveriesSettled(handle.db);
  };
}

function onSignals(fn: (signal: string) => Promise<void>) {
  let once: Promise<void> | undefined;
  const handler = (signal: string) => {
    once ??= fn(signal).then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

const where = (handle: DbHandle) =>
  handle.embedded ? `embedded PostgreSQL in ${handle.embedded.clusterDir}` : 'PostgreSQL at DATABASE_URL';

if (cluster.isPrimary && config.WORKERS <= 1) {
  const handle = await prepare();
  const stop = await serve(handle, config, true);
  onSignals(async (signal) => {
    console.log(`${signal}: shutting down`);
    await stop();
    await handle.close();
  });
  console.log(`Pathshala is serving on http://${config.HOST}:${config.PORT} (${where(handle)})`);
} else if (cluster.isPrimary) {
  const handle = await prepare();
  // The workers open their own pools; the primary only keeps the embedded server (if any) running.
  await handle.pool.end();
  let stopping = false;
  const jobsOf = new Map<Worker, boolean>();
  const fork = (jobs: boolean) => {
    // The embedded server's URL carries its password: it goes to the workers' environment only.
    const worker = cluster.fork({ DATABASE_URL: handle.url, PATHSHALA_JOBS: jobs ? '1' : '0' });
    jobsOf.set(worker, jobs);
    return worker;
  };
  const workers = Array.from({ length: config.WORKERS }, (_, i) => fork(i === 0));
  cluster.on('exit', (worker, code, signal) => {
    const jobs = jobsOf.get(worker) ?? false;
    jobsOf.delete(worker);
    if (stopping) return;
    console.error(`API process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork(jobs);
  });
  await Promise.all(workers.map((w) => new Promise((resolve) => w.once('listening', resolve))));
  onSignals(async (signal) => {
    console.log(`${signal}: shutting down ${jobsOf.size} API processes`);
    stopping = true;
    await Promise.all(
      [...jobsOf.keys()].map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
    await handle.embedded?.stop();
  });
  console.log(
    `Pathshala is serving on http://${config.HOST}:${config.PORT} with ${config.WORKERS} API processes (${where(handle)})`,
  );
} else {
  const handle = fromPostgres(config.DATABASE_URL!, handleOptions(config));
  const stop = await serve(handle, config, process.env.PATHSHALA_JOBS === '1');
  onSignals(async () => {
    await stop();
    await handle.close();
  });
}
