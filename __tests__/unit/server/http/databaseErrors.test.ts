/** Which errors mean "the database cannot answer right now" (503) rather than a bug (500). */
import { databaseUnavailable } from '../../../../src/server/http/databaseErrors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('databaseUnavailable', () => {
  it.each([
    ['SQLite busy', withCode('SQLITE_BUSY'), 1],
    ['SQLite busy snapshot', withCode('SQLITE_BUSY_SNAPSHOT'), 1],
    ['SQLite locked', withCode('SQLITE_LOCKED'), 1],
    ['connection refused', withCode('ECONNREFUSED'), 5],
    ['connection reset', withCode('ECONNRESET'), 5],
    ['PostgreSQL shutting down (57P01)', withCode('57P01'), 5],
    ['PostgreSQL starting up (57P03)', withCode('57P03'), 5],
    ['too many connections (53300)', withCode('53300'), 5],
    ['statement timeout (57014)', withCode('57014'), 5],
    ['connection exception class 08', withCode('08006'), 5],
    ['pg: connection terminated', new Error('Connection terminated unexpectedly'), 5],
    ['pg: connect timeout', new Error('Connection terminated due to connection timeout'), 5],
    ['pg: pool wait timeout', new Error('timeout exceeded when trying to connect'), 5],
    ['pg: query timeout', new Error('Query read timeout'), 5],
    ['refused on every address', Object.assign(new AggregateError([withCode('ECONNREFUSED')]), {}), 5],
    ['wrapped in a cause', new Error('outer', { cause: withCode('ECONNRESET') }), 5],
  ])('%s → 503, Retry-After %d', (_name, error, seconds) => {
    expect(databaseUnavailable(error)).toEqual({ retryAfterSeconds: seconds });
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
