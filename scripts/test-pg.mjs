#!/usr/bin/env node
/**
 * `npm run test:pg`: the API and server tests against PostgreSQL. Needs TEST_DATABASE_URL naming a
 * server and a role that may create databases (each test app makes and drops its own), e.g.
 *   TEST_DATABASE_URL=postgres://cashwise:cashwise@127.0.0.1:5432/postgres npm run test:pg
 * `.ci/run` installs Debian's postgresql, starts it on loopback and runs this.
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';

if (!process.env.TEST_DATABASE_URL) {
  console.error('test:pg needs TEST_DATABASE_URL (a PostgreSQL role that may CREATE DATABASE); see README "PostgreSQL".');
  process.exit(2);
}
// the migrated, seeded templates the API tests copy (__tests__/api/support/postgres.ts) are made anew
// for each run: an earlier run's may hold older code's schema
const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
await admin.connect();
const { rows } = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE 'cashwise\\_tpl\\_%'");
for (const { datname } of rows) {
  // one in use (another checkout's run) stays: its hash names its own code
  await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {});
}
await admin.end();

const args = ['jest', '--selectProjects', 'node', '--testPathPatterns', '__tests__/api', ...process.argv.slice(2)];
const result = spawnSync('npx', args, { stdio: 'inherit', env: process.env });
process.exit(result.status ?? 1);
