// Runs the server suite against PostgreSQL: DATABASE_URL, or the local server every machine has.
import { spawnSync } from 'node:child_process';

const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const args = ['node_modules/vitest/vitest.mjs', 'run', '--project', 'server', ...process.argv.slice(2)];
const run = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } });
process.exit(run.status ?? 1);
