/** The read caches' invalidation (db/changes.ts): which announced changes move which stamps, and other connections' commits. */
import { ChangeTracker, changed, generationOf, removed, type CachedTable, type Dependency } from '../../../../src/server/db/changes';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Does announcing `change` move the stamp of a read depending on `dependencies`? */
function moves(dependencies: readonly Dependency[], change: () => void): boolean {
  const before = generationOf(dependencies);
  change();
  return generationOf(dependencies) !== before;
}

describe('announced changes', () => {
  it.each<[string, readonly Dependency[], () => void, boolean]>([
    // a whole-table dependency: any change of the table
    ['whole table ← a change of the table', ['sessions'], () => changed('sessions'), true],
    ['whole table ← a change of one key of it', ['users'], () => changed('users', 7), true],
    ['whole table ← a change of another table', ['sessions'], () => changed('clients'), false],
    // a keyed dependency: its key's rows, or every row
    ['one learner ← that learner', [['time_spent', 7]], () => changed('time_spent', 7), true],
    ['one learner ← another learner', [['time_spent', 7]], () => changed('time_spent', 8), false],
    ['one learner ← every row of the table', [['time_spent', 7]], () => changed('time_spent'), true],
    ['one learner ← the same key in another table', [['time_spent', 7]], () => changed('bookmarks', 7), false],
    ['a string key and a number key name the same rows', [['bookmarks', '7']], () => changed('bookmarks', 7), true],
    ['several dependencies ← any one of them', [['user_clients', 7], 'clients'], () => changed('clients'), true],
    // a delete announces the cached tables it cascades into
    ["a user's progress ← the user deleted", [['section_completions', 7]], () => removed('users', 7), true],
    ["another user's progress ← a user deleted", [['section_completions', 8]], () => removed('users', 7), false],
    ['sessions ← a user deleted', ['sessions'], () => removed('users', 7), true],
    ["a learner's schools ← a school deleted", [['user_clients', 7]], () => removed('clients', 3), true],
    ['section bodies ← the modules deleted (an import)', ['content_sections'], () => removed('content_modules'), true],
    ['article links ← the topics deleted', ['kb_articles'], () => removed('kb_topics'), true],
    ['progress ← a table that cascades into nothing cached', [['time_spent', 7]], () => removed('outbox'), false],
  ])('%s', (_name, dependencies, change, expected) => {
    expect(moves(dependencies, change)).toBe(expected);
  });

  it('moves every stamp when too many keys were kept apart', () => {
    const other: Dependency[] = [['review_attempts', -1]];
    const before = generationOf(other);
    for (let key = 0; key <= 100_000; key += 1) changed('bookmarks', key);
    expect(generationOf(other)).not.toBe(before);
  });
});

describe('ChangeTracker (other connections)', () => {
  /** A tracker over a data_version the test moves, counting how often it is read. */
  function watched() {
    const state = { version: 1, looks: 0 };
    const tracker = new ChangeTracker(() => {
      state.looks += 1;
      return state.version;
    });
    state.looks = 0;
    return { tracker, state };
  }

  it('stamps with the announced changes of the dependencies', () => {
    const { tracker } = watched();
    const deps: CachedTable[] = ['school_modules'];
    const first = tracker.stamp(deps);
    expect(tracker.stamp(deps)).toBe(first);
    changed('school_modules');
    expect(tracker.stamp(deps)).not.toBe(first);
  });

  it("looks for other connections' commits once per turn of the event loop, and moves every stamp when there was one", async () => {
    const { tracker, state } = watched();
    const first = tracker.stamp(['clients']);
    tracker.stamp(['sessions']);
    expect(state.looks).toBe(1);
    state.version = 2; // another connection commits
    await nextTurn();
    expect(tracker.stamp(['clients'])).not.toBe(first);
    expect(state.looks).toBe(2);
    const second = tracker.stamp(['clients']);
    await nextTurn();
    expect(tracker.stamp(['clients'])).toBe(second);
    expect(state.looks).toBe(3);
  });

  it('looks at once when a request starts, even in a turn that already looked', () => {
    const { tracker, state } = watched();
    const first = tracker.stamp(['sessions']);
    state.version = 2; // the admin CLI revokes a session; the student's next request arrives
    tracker.lookForOtherConnections();
    expect(state.looks).toBe(2);
    expect(tracker.stamp(['sessions'])).not.toBe(first);
    expect(state.looks).toBe(2);
  });

  it('moves every stamp on a change outside statements (raw SQL through exec)', () => {
    const { tracker } = watched();
    const before = tracker.stamp([['time_spent', 1]]);
    tracker.noteUnknownChange();
    expect(tracker.stamp([['time_spent', 1]])).not.toBe(before);
  });
});
