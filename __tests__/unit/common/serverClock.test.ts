/**
 * serverClockOffset(): server clock minus local clock from one answer (docs/architecture.md, "Time").
 */
import { serverClockOffset } from '../../../src/common/serverClock';

const SERVER = Date.UTC(2026, 8, 14, 13, 0, 0);
const MIN = 60_000;
const tokenIssuedAt = (ms: number) => {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iat: Math.floor(ms / 1000), exp: Math.floor(ms / 1000) + 1800 })}.sig`;
};
const httpDate = (ms: number) => new Date(ms).toUTCString();

describe('serverClockOffset()', () => {
  it.each<[string, Parameters<typeof serverClockOffset>[0], number | null]>([
    ['Date header, browser 7 min fast', { date: httpDate(SERVER), arrivedAt: SERVER + 7 * MIN }, -7 * MIN],
    ['Date header, browser 1 day slow', { date: httpDate(SERVER), arrivedAt: SERVER - 24 * 60 * MIN }, 24 * 60 * MIN],
    ['the Date header wins over an older iat (a renewal asked again gets the first token)', { date: httpDate(SERVER), token: tokenIssuedAt(SERVER - 2 * MIN), arrivedAt: SERVER }, 0],
    ['no Date header: the token\'s iat', { date: null, token: tokenIssuedAt(SERVER), arrivedAt: SERVER - 7 * MIN }, 7 * MIN],
    ['an unreadable Date header: the token\'s iat', { date: 'yesterday-ish', token: tokenIssuedAt(SERVER), arrivedAt: SERVER }, 0],
    ['whole seconds: the part of a second is lost (the offset comes out low)', { date: httpDate(SERVER + 999), arrivedAt: SERVER + 999 }, -999],
    ['neither: nothing learned', { arrivedAt: SERVER }, null],
    ['a malformed token and no header: nothing learned', { token: 'not-a-token', arrivedAt: SERVER }, null],
  ])('%s', (_title, sample, expected) => {
    expect(serverClockOffset(sample)).toBe(expected);
  });
});
