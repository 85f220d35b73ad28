/**
 * The roster export read in a worker thread (src/server/services/roster/readerThread.ts): the same
 * answer as on the server's thread, and a file that needs more heap or time than allowed is refused
 * as too large (the worker ends, not the process).
 */
import { readRosterZip } from '../../../../../src/server/services/roster/files';
import { readRosterInWorker } from '../../../../../src/server/services/roster/readerThread';
import { generatedDistrict, rosterZip, smallDistrict } from '../../../../support/oneRoster';
import { zeroBomb } from '../../../../support/zipBomb';

jest.setTimeout(60_000);

describe('readRosterInWorker', () => {
  it('answers what readRosterZip answers, records and problems alike, one read after the other', async () => {
    const good = rosterZip(smallDistrict());
    const bad = rosterZip(smallDistrict(), { 'users.csv': 'sourcedId\n' });
    const [a, b] = await Promise.all([readRosterInWorker(good), readRosterInWorker(bad)]);
    expect(a).toEqual(readRosterZip(good));
    expect(a.data?.users).toHaveLength(7);
    expect(b).toEqual(readRosterZip(bad));
    expect(b.data).toBeNull();
  });

  it('[ASVS 5.0 v15.2.2] refuses a bomb whose headers lie, in the worker', async () => {
    const { data, problems } = await readRosterInWorker(zeroBomb(['users.csv', 'orgs.csv', 'classes.csv'], 100 * 1024 * 1024, 1024));
    expect(data).toBeNull();
    expect(problems).toEqual([{ file: 'the ZIP file', message: expect.stringContaining('larger than 64 MB uncompressed') }]);
  });

  it('[ASVS 5.0 v15.2.2] refuses a file that needs more heap than the worker has, and reads the next', async () => {
    const big = rosterZip(generatedDistrict({ schools: 2, users: 5_000, classes: 200, enrollments: 30_000 }));
    await expect(readRosterInWorker(big, { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1 })).resolves.toEqual({
      data: null,
      problems: [{ file: 'the ZIP file', message: 'The export needs more memory to read than a OneRoster export of a district does.' }],
    });
    expect((await readRosterInWorker(rosterZip(smallDistrict()))).problems).toEqual([]);
  });

  it('refuses a read that takes longer than allowed', async () => {
    await expect(readRosterInWorker(rosterZip(smallDistrict()), undefined, 1)).resolves.toEqual({
      data: null,
      problems: [{ file: 'the ZIP file', message: expect.stringMatching(/^The export could not be read within 0\.001 s/) }],
    });
  });
});
