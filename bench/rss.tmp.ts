import { startBenchServer } from './support/server';
async function main() {
  const server = await startBenchServer({ label: 'rss' });
  for (let i = 0; i < 6; i++) { console.log(i, server.rssMb().toFixed(0)); await new Promise((r) => setTimeout(r, 1000)); }
  console.log(require('node:fs').readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').replace(/\0/g, ' '));
  const env = require('node:fs').readFileSync(`/proc/${server.pid}/environ`, 'utf8').split('\0').filter((l: string) => /NODE|MALLOC|UV_/.test(l));
  console.log(env);
  await server.stop();
}
void main();
