#!/usr/bin/env node
/**
 * `npm run test:pg`: the API and server tests against PostgreSQL. Needs TEST_DATABASE_URL naming a
 * server and a role that may create databases (each test app makes and drops its own), e.g.
 *   TEST_DATABASE_URL=postgres://cashwise:cashwise@127.0.0.1:5432/postgres npm run test:pg
 * `.ci/run` installs Debian's postgresql, starts it on loopback and runs this.
 */
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.error('test:pg needs TEST_DATABASE_URL (a PostgreSQL role that may CREATE DATABASE); see README "PostgreSQL".');
  process.exit(2);
}
const args = ['jest', '--selectProjects', 'node', '--testPathPatterns', '__tests__/api', ...process.argv.slice(2)];
const result = spawnSync('npx', args, { stdio: 'inherit', env: process.env });
process.exit(result.status ?? 1);
