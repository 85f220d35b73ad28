/** Which errors mean "the database cannot answer right now" (503) rather than a bug (500). */
import { databaseContention, databaseUnavailable } from '../../../../src/server/http/databaseErrors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('databaseUnavailable', () => {
  it.each([
    ['SQLite busy', withCode('SQLITE_BUSY'), 1],
    ['SQLite busy snapshot', withCode('SQLITE_BUSY_SNAPSHOT'), 1],
    ['SQLite locked', withCode('SQLITE_LOCKED'), 1],
    ['a deadlock (40P01)', withCode('40P01', 'deadlock detected'), 1],
    ['a serialization failure (40001)', withCode('40001', 'could not serialize access'), 1],
    ['a deadlock wrapped in a cause', new Error('outer', { cause: withCode('40P01') }), 1],
    ['too many connections (53300)', withCode('53300'), 5],
    ['statement timeout (57014)', withCode('57014'), 5],
    ['lock not available (55P03)', withCode('55P03'), 5],
  ])('%s → 503 busy, Retry-After %d', (_name, error, seconds) => {
    expect(databaseUnavailable(error)).toEqual({ retryAfterSeconds: seconds, reason: 'busy' });
  });

  it.each([
    ['connection refused', withCode('ECONNREFUSED')],
    ['connection reset', withCode('ECONNRESET')],
    ['PostgreSQL shutting down (57P01)', withCode('57P01')],
    ['PostgreSQL starting up (57P03)', withCode('57P03')],
    ['connection exception class 08', withCode('08006')],
    ['pg: connection terminated', new Error('Connection terminated unexpectedly')],
    ['pg: connect timeout', new Error('Connection terminated due to connection timeout')],
    ['pg: pool wait timeout', new Error('timeout exceeded when trying to connect')],
    ['pg: query timeout', new Error('Query read timeout')],
    ['refused on every address', Object.assign(new AggregateError([withCode('ECONNREFUSED')]), {})],
    ['wrapped in a cause', new Error('outer', { cause: withCode('ECONNRESET') })],
  ])('%s → 503 unreachable, Retry-After 5', (_name, error) => {
    expect(databaseUnavailable(error)).toEqual({ retryAfterSeconds: 5, reason: 'unreachable' });
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key')],
    ['a syntax error', withCode('42601')],
    ['a SQLite constraint', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['a plain bug', new TypeError('undefined is not a function')],
    ['not an error', 'text'],
    ['nothing', undefined],
  ])('%s stays a server error', (_name, error) => {
    expect(databaseUnavailable(error)).toBeNull();
  });
});

describe('databaseContention', () => {
  it.each([
    ['a deadlock (40P01)', withCode('40P01'), true],
    ['a serialization failure (40001)', withCode('40001'), true],
    ['a statement timeout (57014)', withCode('57014'), false],
    ['a unique violation', withCode('23505'), false],
    ['connection refused', withCode('ECONNREFUSED'), false],
    ['nothing', undefined, false],
  ])('%s → retried in the server: %s', (_name, error, retried) => {
    expect(databaseContention(error)).toBe(retried);
  });
});
