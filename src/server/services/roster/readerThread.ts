/**
 * Reading a roster export (files.ts `readRosterZip`) in a worker thread of its own, off the server's
 * event loop.
 *
 * Why a worker: inflating, decoding and parsing up to 64 MB of CSV is seconds of CPU and hundreds of
 * MB of heap. On the server's own thread every other request would wait behind it, and a hostile
 * file could grow the server's heap until the process dies. In a worker the read runs beside the
 * API in a heap of its own that is capped (READER_LIMITS): a file that needs more ends the worker,
 * not the server, and is reported as too large; so is one that takes over READ_TIMEOUT_MS. One
 * read at a time per process: a second upload waits, so the memory bound is one worker's.
 *
 * The worker's code is the short script below, evaluated (no file of its own to build or find). It
 * loads files.ts's compiled module beside this one; under ts-jest that is the TypeScript source,
 * which ts-node (a devDependency, never needed by the built server) compiles.
 */
import path from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { RosterRead } from './files';

/**
 * The worker's heap: a district of 50,000 users and 300,000 enrolments (40 MB of CSV) reads in
 * 384 MB, slowly (V8 collects often); 512 leaves room. A file of tiny rows that would need more is
 * refused instead.
 */
export const READER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 16 };

/** A read that takes longer is refused (a district's export takes a few seconds). */
export const READ_TIMEOUT_MS = 120_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
if (workerData.module.endsWith('.ts')) {
  require('ts-node').register({ transpileOnly: true, skipProject: true, compilerOptions: { module: 'commonjs', moduleResolution: 'node', target: 'es2022' } });
}
parentPort.postMessage(require(workerData.module).readRosterZip(workerData.zip));
`;

const FILES_MODULE = path.join(__dirname, `files${path.extname(__filename)}`);

const refused = (message: string): RosterRead => ({ data: null, problems: [{ file: 'the ZIP file', message }] });

let queue: Promise<unknown> = Promise.resolve();

/**
 * The export's records, or its problems. Rejects only when the worker fails for a reason of its own
 * (not the file's): a thread that cannot start, an error in the reading code.
 */
export function readRosterInWorker(zip: Uint8Array, limits: ResourceLimits = READER_LIMITS, timeoutMs = READ_TIMEOUT_MS): Promise<RosterRead> {
  const read = queue.then(() => readOnce(zip, limits, timeoutMs));
  queue = read.catch(() => undefined);
  return read;
}

function readOnce(zip: Uint8Array, limits: ResourceLimits, timeoutMs: number): Promise<RosterRead> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { module: FILES_MODULE, zip }, resourceLimits: limits });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
    };
    const timer = setTimeout(() => {
      settle(() => resolve(refused(`The export could not be read within ${timeoutMs / 1000} s: it is larger or more complex than a OneRoster export needs.`)));
      void worker.terminate();
    }, timeoutMs);
    worker.on('message', (result: RosterRead) => settle(() => resolve(result)));
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() => (error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve(refused('The export needs more memory to read than a OneRoster export of a district does.')) : reject(error))),
    );
    worker.on('exit', (code) => settle(() => reject(new Error(`the roster reader stopped (exit code ${code}) without an answer`))));
  });
}
