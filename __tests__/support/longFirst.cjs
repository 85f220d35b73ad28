/**
 * Jest's test order, with the known long files first. Jest starts the files that failed last time,
 * then the slowest by its cached timings, then the largest; a clean clone (CI) has no cached
 * timings, so a small but long file could start last and run alone on one worker at the end. The
 * crash loop (200 server restarts, about half of `npm test`'s time on one worker) is such a file.
 * Set as `testSequencer` in jest.config.ts.
 */
const Sequencer = require('@jest/test-sequencer').default;

/** Files that run long for their size, longest first. */
const LONG = [/__tests__\/api\/crashLoop\.test\.ts$/];

class LongFirst extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    const rank = (test) => {
      const index = LONG.findIndex((pattern) => pattern.test(test.path));
      return index === -1 ? LONG.length : index;
    };
    // Array.prototype.sort is stable: the rest keep jest's order
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = LongFirst;
