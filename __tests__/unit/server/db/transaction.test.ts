/** A transaction rolled back for contention runs again, a bounded number of times; nothing else does. */
import type { Db } from '../../../../src/server/db';
import { retryingTransaction, TRANSACTION_TRIES } from '../../../../src/server/db/transaction';

const withCode = (code: string) => Object.assign(new Error(code), { code });

/** A database whose transactions fail with `failures` in turn, then run their callback. */
function fakeDb(failures: Error[]): { db: Db; runs: () => number } {
  let runs = 0;
  const db = {
    transaction: () => ({
      execute: async <T>(work: (trx: Db) => Promise<T>): Promise<T> => {
        runs += 1;
        const failure = failures.shift();
        if (failure) throw failure;
        return work(db);
      },
    }),
  } as unknown as Db;
  return { db, runs: () => runs };
}

describe('retryingTransaction', () => {
  it.each([
    ['a deadlock (40P01)', '40P01'],
    ['a serialization failure (40001)', '40001'],
  ])('%s is run again and its result kept', async (_name, code) => {
    const { db, runs } = fakeDb([withCode(code), withCode(code)]);
    await expect(retryingTransaction(db, async () => 'done')).resolves.toBe('done');
    expect(runs()).toBe(3);
  });

  it(`gives up after ${TRANSACTION_TRIES} tries with the last error`, async () => {
    const last = withCode('40P01');
    const { db, runs } = fakeDb([withCode('40P01'), withCode('40P01'), last, withCode('40P01')]);
    await expect(retryingTransaction(db, async () => 'done')).rejects.toBe(last);
    expect(runs()).toBe(TRANSACTION_TRIES);
  });

  it.each([
    ['connection refused', withCode('ECONNREFUSED')],
    ['a unique violation', withCode('23505')],
    ['SQLite busy (busy_timeout already waited)', withCode('SQLITE_BUSY')],
    ['a refusal of the request', new Error('409')],
  ])('%s is not run again', async (_name, error) => {
    const { db, runs } = fakeDb([error]);
    await expect(retryingTransaction(db, async () => 'done')).rejects.toBe(error);
    expect(runs()).toBe(1);
  });
});
