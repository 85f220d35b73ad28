/**
 * A burst of large uploads (POST /api/service/multipart) against the compiled server on loopback:
 * the server's resident memory before, at its peak (sampled every 20 ms) and after. Two bursts of
 * 20 uploads each, sent at once:
 * - anonymous uploads of 10 MiB with a wrong upload token: refused before a byte of the file is read;
 * - 20 signed-in students uploading a 7 MiB recording to their own new ticket (within the recording
 *   route's 8 MiB): at most UPLOAD_MAX_CONCURRENT (default 4) read at a time, the rest 503.
 * Printed and written to bench-results/upload-burst.{json,md}, never asserted.
 */
import { performance } from 'node:perf_hooks';
import { report, type Figure } from './support/report';
import { APP_KEY, authHeaders, loadLine, seedStudents, service, signIn, startBenchServer, type BenchServer } from './support/server';

const UPLOADS = 20;
const MiB = 1024 * 1024;
/** anonymous uploads: the review's size; students' recordings: the most the recording route takes (8 MiB) */
const ANONYMOUS_BYTES = 10 * MiB;
const RECORDING_BYTES = 7 * MiB;

interface Burst {
  statuses: Record<string, number>;
  peakMb: number;
  wallMs: number;
}

function uploadForm(request: object, bytes: number): FormData {
  const form = new FormData();
  form.append('request', JSON.stringify(request));
  // a recording: rrweb-like events of about 8 KiB each (the recorder keeps at most 1000), `bytes` in all
  const event = JSON.stringify({ type: 3, timestamp: 1, data: { source: 0, text: 'x'.repeat(8 * 1024 - 60) } });
  const count = Math.floor(bytes / (event.length + 1));
  form.append('recording', new Blob([`[${Array.from({ length: count }, () => event).join(',')}]`], { type: 'application/json' }), 'recording.json');
  return form;
}

async function burst(server: BenchServer, uploads: { headers: Record<string, string>; form: FormData }[]): Promise<Burst> {
  let peak = server.rssMb();
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rssMb());
  }, 20);
  const statuses: Record<string, number> = {};
  const start = performance.now();
  await Promise.all(
    uploads.map(async ({ headers, form }) => {
      try {
        const res = await fetch(`${server.url}/api/service/multipart`, { method: 'POST', headers, body: form });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      } catch (error) {
        statuses[(error as Error).name] = (statuses[(error as Error).name] ?? 0) + 1;
      }
    }),
  );
  clearInterval(sampler);
  return { statuses, peakMb: Math.max(peak, server.rssMb()), wallMs: performance.now() - start };
}

async function main(): Promise<void> {
  console.log(`Upload burst — ${loadLine()}`);
  const server = await startBenchServer({ label: 'upload' });
  try {
    const students = await seedStudents(server.db, 'uploader', UPLOADS);
    const figures: Figure[] = [];
    const idle = server.rssMb();
    figures.push({ label: 'server RSS before the bursts', value: idle, unit: 'MB' });

    const anonymous = await burst(
      server,
      Array.from({ length: UPLOADS }, () => ({
        headers: { 'x-app-key': APP_KEY },
        form: uploadForm({ method: 'POST', path: '/support/tickets/HELP-1001/recording', payload: { token: 'wrong' } }, ANONYMOUS_BYTES),
      })),
    );
    console.log(`  ${UPLOADS} anonymous uploads of 10 MiB: peak RSS ${anonymous.peakMb.toFixed(0)} MB, statuses ${JSON.stringify(anonymous.statuses)}, ${anonymous.wallMs.toFixed(0)} ms`);
    figures.push({ label: `${UPLOADS} anonymous uploads of 10 MiB at once: peak RSS`, value: anonymous.peakMb, unit: 'MB', note: `statuses ${JSON.stringify(anonymous.statuses)}` });

    const signedIn = await Promise.all(
      students.map(async (name, i) => {
        const token = await signIn(server.url, name);
        const recordingId = `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;
        const created = await service<{ issuekey: string; uploadToken: string }>(server.url, token, 'POST', '/whichway/support', {
          payload: { name: 'Bench Student', email: `${name}@bench.example`, subject: 'Bench', description: 'Upload burst.', useragent: 'bench', url: 'http://localhost/app', recordingId },
        });
        const { 'content-type': _json, ...headers } = authHeaders(token);
        return { headers, form: uploadForm({ method: 'POST', path: `/support/tickets/${created.issuekey}/recording`, payload: { token: created.uploadToken } }, RECORDING_BYTES) };
      }),
    );
    const students10 = await burst(server, signedIn);
    console.log(`  ${UPLOADS} students' recordings of 7 MiB: peak RSS ${students10.peakMb.toFixed(0)} MB, statuses ${JSON.stringify(students10.statuses)}, ${students10.wallMs.toFixed(0)} ms`);
    figures.push(
      { label: `${UPLOADS} students' recordings of 7 MiB at once: peak RSS`, value: students10.peakMb, unit: 'MB', note: `statuses ${JSON.stringify(students10.statuses)} (503: over UPLOAD_MAX_CONCURRENT, told to retry)` },
      { label: 'server RSS after the bursts', value: server.rssMb(), unit: 'MB' },
    );
    report('upload-burst', `A burst of large uploads (${loadLine()})`, figures);
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
