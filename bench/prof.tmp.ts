import autocannon from 'autocannon';
import { readdirSync } from 'node:fs';
import { seedStudents, signIn, startBenchServer } from './support/server';

async function main() {
  const server = await startBenchServer({ label: 'prof', nodeArgs: ['--cpu-prof', '--cpu-prof-dir=/tmp/cpuprof'] });
  const students = await seedStudents(server.db, 'prof', 10);
  const token = await signIn(server.url, students[0]!);
  const path = process.argv[2] ?? '/catalog';
  const opts = { url: `${server.url}/api/service`, method: 'POST' as const, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-app-key': 'cashwise-web' }, body: JSON.stringify({ service: 'OneLook', method: 'GET', path }), connections: 100 };
  await autocannon({ ...opts, duration: 2 });
  const r = await autocannon({ ...opts, duration: 8 });
  console.log(path, r.requests.average, 'req/s p99', r.latency.p99, 'non2xx', r.non2xx, 'bytes/req', r.throughput.average / r.requests.average);
  await server.stop();
  console.log(readdirSync('/tmp/cpuprof'));
}
void main();
