import { seedStudents, signIn, startBenchServer } from './support/server';
/* eslint-disable */
const repo = require('../dist/server/server/services/onelook/catalogRepository.js');
const auth = require('../dist/server/server/services/auth/repository.js');

async function time(label: string, n: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 200; i++) await fn();
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn();
  console.log(label, (Number(process.hrtime.bigint() - t) / n / 1000).toFixed(1), 'µs');
}
async function main() {
  const server = await startBenchServer({ label: 'qt' });
  const students = await seedStudents(server.db, 'qt', 10);
  const token = await signIn(server.url, students[0]!);
  const db = server.db;
  const sess = await db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
  const user = await db.selectFrom('users').select('id').where('user_name', '=', students[0]!).executeTakeFirstOrThrow();
  await time('findSessionWithUser', 5000, () => auth.findSessionWithUser(db, sess.id));
  await time('schoolCatalog', 5000, () => repo.schoolCatalog(db, 'LINCOLN-HS'));
  await time('loadProgress', 5000, () => repo.loadProgress(db, user.id));
  const cat = await repo.schoolCatalog(db, 'LINCOLN-HS');
  await time('loadTree', 5000, () => repo.loadTree(db, cat.slugs, cat.contentVersion));
  console.log(cat.slugs.length, token.length);
  await server.stop();
}
void main();
