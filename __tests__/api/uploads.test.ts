/**
 * POST /api/service/multipart reads no file before it knows the caller and the route (SECURITY.md,
 * "Uploads"): the `request` field comes first; authentication, the route (it must take files), its
 * access, payload and own upload check are settled before any file byte is read; files are read
 * against the request's byte budget; and a process reads at most UPLOAD_MAX_CONCURRENT uploads at
 * once. Each form here is a stream that counts the bytes the server pulled from it, so "read
 * nothing" is measured, not assumed.
 */
import { Readable } from 'node:stream';
import { API_MESSAGES } from '../../src/common/apiMessages';
import { IN_PROCESS_MODULES } from '../../src/server/services/registry';
import { SUPPORT_API_MESSAGES } from '../../src/server/services/support/tickets';
import type { ServiceModule } from '../../src/server/services/types';
import { appKeyHeader, authHeaders, createTestApp, messageOf, serviceCall, signIn, type TestApp } from './support/testApp';

const BOUNDARY = 'cashwise-upload-test';
const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;
/** what a refused form may have been read of: the request field and stream buffers, far below one file */
const READ_WHEN_REFUSED = MiB;

const modules: Partial<Record<string, ServiceModule>> = {
  ...IN_PROCESS_MODULES,
  File: {
    routes: [
      {
        method: 'POST',
        path: '/uploads',
        access: 'user',
        uploads: { maxBytes: MiB },
        handler: async (ctx) => ({ files: ctx.files.map((f) => ({ field: f.field, size: f.data.length })) }),
      },
    ],
  },
};

interface FormOptions {
  /** the proxy request; left out when undefined */
  request?: object;
  /** bytes of each file, in order */
  files: number[];
  /** put the request field after the files */
  requestLast?: boolean;
  /** the stream stops before the files' bytes until this resolves */
  hold?: Promise<void>;
}

/** A multipart form as a lazy stream: `pulled()` is how many bytes the server has read of it. */
function form(options: FormOptions): { stream: Readable; pulled: () => number } {
  let pulled = 0;
  const requestPart = options.request === undefined ? '' : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="request"\r\n\r\n${JSON.stringify(options.request)}\r\n`;
  // a generator runs only as far as the stream is read: what it produced is what was pulled (plus one buffered chunk)
  async function* parts() {
    const emit = (chunk: Buffer) => {
      pulled += chunk.length;
      return chunk;
    };
    if (!options.requestLast) yield emit(Buffer.from(requestPart));
    for (const [index, size] of options.files.entries()) {
      yield emit(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file${index}"; filename="f${index}.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`));
      if (options.hold) await options.hold;
      for (let sent = 0; sent < size; sent += CHUNK) yield emit(Buffer.alloc(Math.min(CHUNK, size - sent), 0x61));
      yield emit(Buffer.from('\r\n'));
    }
    if (options.requestLast) yield emit(Buffer.from(requestPart));
    yield emit(Buffer.from(`--${BOUNDARY}--\r\n`));
  }
  return { stream: Readable.from(parts(), { objectMode: false, highWaterMark: CHUNK }), pulled: () => pulled };
}

let t: TestApp;
let learner: string;

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_MAX_CONCURRENT: '2' }, modules });
  learner = (await signIn(t.app, 'learner')).token;
});
afterAll(async () => {
  await t.close();
});

const upload = (stream: Readable, headers: Record<string, string> = authHeaders(learner)) =>
  t.app.inject({ method: 'POST', url: '/api/service/multipart', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: stream });

const toUploads = { service: 'File', method: 'POST', path: '/uploads' };

describe('an upload is refused before any file byte is read', () => {
  it('a form within the route\'s budget reaches the route, every byte of it', async () => {
    const body = form({ request: toUploads, files: [300 * 1024, 200 * 1024] });
    const response = await upload(body.stream);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ files: [{ field: 'file0', size: 300 * 1024 }, { field: 'file1', size: 200 * 1024 }] });
  });

  it('an anonymous caller of a signed-in route: 401, and 50 MiB of file stay unread', async () => {
    const body = form({ request: toUploads, files: [50 * MiB] });
    const response = await upload(body.stream, appKeyHeader);
    expect(response.statusCode).toBe(401);
    expect(body.pulled()).toBeLessThan(READ_WHEN_REFUSED);
  });

  it('a route that takes no files: 400 with a message, nothing of the file read', async () => {
    const body = form({ request: { method: 'GET', path: '/status' }, files: [50 * MiB] });
    const response = await upload(body.stream);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(API_MESSAGES.uploadsNotAccepted);
    expect(body.pulled()).toBeLessThan(READ_WHEN_REFUSED);
  });

  it('files before the request field: 400 with a message, nothing of the file read', async () => {
    const body = form({ request: toUploads, files: [50 * MiB], requestLast: true });
    const response = await upload(body.stream);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(API_MESSAGES.requestBeforeFiles);
    expect(body.pulled()).toBeLessThan(READ_WHEN_REFUSED);
  });

  it('a support recording with a wrong upload token: 403 before the recording is read', async () => {
    const created = await serviceCall(t.app, 'POST', '/whichway/support', {
      token: learner,
      payload: { name: 'Maya Johnson', email: 'maya@example.edu', subject: 'Help', description: 'Nothing loads.', useragent: 'test', url: 'http://localhost/app', recordingId: '00000000-0000-4000-8000-000000000001' },
    });
    expect(created.statusCode).toBe(200);
    const { issuekey } = created.json() as { issuekey: string };
    const body = form({ request: { method: 'POST', path: `/support/tickets/${issuekey}/recording`, payload: { token: 'not-the-token' } }, files: [50 * MiB] });
    const response = await upload(body.stream);
    expect(response.statusCode).toBe(403);
    expect(messageOf(response)).toBe(SUPPORT_API_MESSAGES.uploadNotAllowed);
    expect(body.pulled()).toBeLessThan(READ_WHEN_REFUSED);
  });
});

describe('the byte budget of one request', () => {
  it('one file over the route\'s budget (1 MiB): 413 with a message, and reading stops at the budget', async () => {
    const body = form({ request: toUploads, files: [50 * MiB] });
    const response = await upload(body.stream);
    expect(response.statusCode).toBe(413);
    expect(messageOf(response)).toBe(API_MESSAGES.uploadTooLarge(MiB));
    expect(body.pulled()).toBeLessThan(MiB + READ_WHEN_REFUSED);
  });

  it('the budget is per request, not per file: two files of 600 KiB are 413', async () => {
    const body = form({ request: toUploads, files: [600 * 1024, 600 * 1024] });
    const response = await upload(body.stream);
    expect(response.statusCode).toBe(413);
  });
});

describe('UPLOAD_MAX_CONCURRENT uploads per process', () => {
  it('with 2 uploads in progress a third is 503 with Retry-After before anything of it is read; once they end, uploads go through again', async () => {
    let release = () => undefined as void;
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = [form({ request: toUploads, files: [100 * 1024], hold }), form({ request: toUploads, files: [100 * 1024], hold })];
    const pending = slow.map((body) => upload(body.stream));
    // both are in the route, waiting for their files' bytes
    while (slow.some((body) => body.pulled() === 0)) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 50));

    const third = form({ request: toUploads, files: [50 * MiB] });
    const refused = await upload(third.stream);
    expect(refused.statusCode).toBe(503);
    expect(messageOf(refused)).toBe(API_MESSAGES.uploadsBusy);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(third.pulled()).toBeLessThan(READ_WHEN_REFUSED);

    release();
    expect((await Promise.all(pending)).map((response) => response.statusCode)).toEqual([200, 200]);
    expect((await upload(form({ request: toUploads, files: [1024] }).stream)).statusCode).toBe(200);
  });
});
