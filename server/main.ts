/** The only file that listens: open the database, migrate, seed the demo on first start, serve. */
import { loadConfig } from './config';
import { openDatabase, refreshStatistics } from './db/client';
import { seedDemo } from './db/seed/demo';
import { seedReference } from './db/seed/reference';
import { buildApp } from './app';
import { adapterFromConfig, deliverPending, deliveriesSettled } from './services/messaging';
import { startHousekeeping } from './plugins/housekeeping';

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await handle.migrate();
if (config.SEED_DEMO) {
  const { seeded } = await seedDemo(handle.db);
  if (seeded) console.log('Seeded the demo schools (see README for the demo accounts).');
} else {
  await seedReference(handle.db);
}
await refreshStatistics(handle.db);
const app = await buildApp(config, handle);

// PGlite has no autovacuum: refresh its statistics every hour as the school's data grows.
const statistics =
  handle.kind === 'pglite'
    ? setInterval(() => {
        refreshStatistics(handle.db).catch((err) => app.log.error({ err }, 'analyze failed'));
      }, 3_600_000)
    : undefined;
statistics?.unref();

// Retry guardian messages that failed or were left queued (e.g. by a restart), once a minute.
const adapter = adapterFromConfig(config, app.log);
const retry = setInterval(() => {
  deliverPending(handle.db, adapter, { limit: 200 }).catch((err) => app.log.error({ err }, 'message delivery failed'));
}, 60_000);
retry.unref();

// Ended sessions, old sign-in failures and idempotency answers, every ten minutes.
const stopHousekeeping = startHousekeeping(handle.db, config, app.log);

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: shutting down`);
  clearInterval(retry);
  clearInterval(statistics);
  stopHousekeeping();
  await app.close();
  await deliveriesSettled(handle.db);
  await handle.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
console.log(`Pathshala is serving on http://${config.HOST}:${config.PORT} (${handle.kind})`);
