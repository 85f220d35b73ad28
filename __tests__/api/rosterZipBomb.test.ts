/**
 * [ASVS 5.0 v15.2.2] A roster ZIP bomb sent to the school administration's upload as a dry run,
 * while another client polls `GET /api`: the bomb is refused with a problem report (never a 500),
 * every poll answers within a second (the ZIP is inflated and parsed in a worker thread, off the
 * event loop) and the process's memory stays near where it was (the inflated bytes are capped at
 * 64 MB, counted as they inflate). On a real database (SQLite, or PostgreSQL under TEST_DATABASE_URL).
 */
import type { RosterUploadResult } from '../../src/common/roster';
import { ROSTER_FILE_FIELD, ROSTER_UPLOAD_MESSAGES, SCHOOL_SETTINGS_PATHS as P } from '../../src/common/schoolSettings';
import { HEADERS, MANIFEST, rosterZip, smallDistrict, toCsv } from '../support/oneRoster';
import { zeroBomb } from '../support/zipBomb';
import { createTestApp, multipartCall, signIn, type TestApp } from './support/testApp';

jest.setTimeout(180_000);

const MiB = 1024 * 1024;

let t: TestApp;
let admin: string;
let ip = 0;
const nextIp = () => `10.41.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, 'schooladmin')).token;
});
afterAll(async () => {
  await t.close();
});

const dryRun = (zip: Uint8Array) =>
  multipartCall(t.app, { method: 'POST', path: P.roster, payload: { dryRun: true } }, { [ROSTER_FILE_FIELD]: { data: zip, filename: 'bomb.zip', type: 'application/zip' } }, { token: admin, ip: nextIp() });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The dry run of `zip` while another client asks `GET /api` over and over (each answer awaited,
 * then 25 ms): the upload's answer, the slowest poll, and the process's RSS before and at its highest.
 */
async function uploadWhilePolling(zip: Uint8Array) {
  let done = false;
  let slowestMs = 0;
  let polls = 0;
  const startRss = process.memoryUsage.rss();
  let peakRss = startRss;
  const poller = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await t.app.inject({ method: 'GET', url: '/api', remoteAddress: '10.41.250.1' });
      slowestMs = Math.max(slowestMs, performance.now() - started);
      polls += 1;
      expect(res.statusCode).toBe(200);
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
      await sleep(25);
    }
  })();
  // the poller's first answer comes before the upload starts
  await sleep(50);
  const upload = await dryRun(zip);
  done = true;
  await poller;
  return { upload, slowestMs, polls, growth: (peakRss - startRss) / MiB, figures: `${polls} polls, slowest ${Math.round(slowestMs)} ms, RSS ${Math.round(startRss / MiB)} → ${Math.round(peakRss / MiB)} MB` };
}

const problemsOf = (upload: Awaited<ReturnType<typeof dryRun>>) => {
  expect(upload.statusCode).toBe(200);
  const result = upload.json() as RosterUploadResult;
  expect(result.message).toBe(ROSTER_UPLOAD_MESSAGES.refused);
  expect(result.report).toMatchObject({ ok: false, dryRun: true });
  return result.report.problems;
};

const TOO_LARGE = [{ file: 'the ZIP file', message: expect.stringContaining('larger than 64 MB uncompressed') }];

describe('[ASVS 5.0 v15.2.2] a roster ZIP bomb does not stall the server', () => {
  beforeAll(async () => {
    // the reader's code is loaded once before anything is measured
    expect((await dryRun(rosterZip(smallDistrict()))).statusCode).toBe(200);
  });

  it.each([
    ['that declare their sizes', undefined],
    ['whose headers lie (1 KB declared)', 1024],
  ])('three entries of 250 MB of zeros %s, in a ZIP of under a MB: refused, and GET /api answers within 1 s meanwhile', async (_what, declared) => {
    const bomb = zeroBomb(['users.csv', 'orgs.csv', 'classes.csv'], 250 * MiB, declared);
    expect(bomb.length).toBeLessThan(MiB);
    const { upload, slowestMs, growth, figures } = await uploadWhilePolling(bomb);
    expect(problemsOf(upload)).toEqual(TOO_LARGE);
    console.log(`roster ZIP bomb (${bomb.length} bytes, headers ${declared ? 'lying' : 'honest'}): ${figures}`);
    expect(slowestMs).toBeLessThan(1_000);
    // bounded generously: reading the bomb whole would take over 750 MB
    expect(growth).toBeLessThan(400);
  });

  it('a users.csv of 8 MB of tiny rows (seconds of parsing, a problem a row): refused, and GET /api answers within 1 s meanwhile', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => `u${i},,,,,,,,,,,,,,,,,`).join('\n');
    const users = `${HEADERS.users.join(',')}\n${Array.from({ length: Math.ceil((8 * MiB) / rows.length) }, () => rows).join('\n')}\n`;
    const zip = rosterZip(smallDistrict(), { 'manifest.csv': toCsv(HEADERS.manifest, MANIFEST), 'users.csv': users });
    const { upload, slowestMs, growth, figures } = await uploadWhilePolling(zip);
    const problems = problemsOf(upload);
    console.log(`roster of tiny rows (${zip.length} bytes): ${problems.length} problems (${problems[0]?.message}); ${figures}`);
    expect(problems.length).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThan(1_000);
    // the reader's heap is capped (512 MB): the process never holds more of the rows
    expect(growth).toBeLessThan(1024);
  });
});
