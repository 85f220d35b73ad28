/**
 * Server time (SPEC §4 token rules on computers whose clocks are wrong). A token's `exp` is the
 * server's time; a school computer's clock can be minutes, hours or days off. The SPA therefore
 * keeps the offset between the two clocks, learned from the server's answers, and judges every
 * token rule at `now + offset`. Inactivity is a duration on the local clock and needs no offset.
 */
import { decodeToken } from './token';

/** What an answer tells about the server's clock. */
export interface ServerClockSample {
  /** The answer's `Date` header (HTTP-date, whole seconds), when the browser let us read it. */
  date?: string | null;
  /** A token the answer carries; its `iat` (seconds) is when the server issued it. */
  token?: string | null;
  /** The local clock (epoch ms) when the answer arrived. */
  arrivedAt: number;
}

function dateHeaderTime(date: string | null | undefined): number | null {
  if (!date) return null;
  const time = Date.parse(date);
  return Number.isFinite(time) ? time : null;
}

function issuedAt(token: string | null | undefined): number | null {
  if (!token) return null;
  try {
    const { iat } = decodeToken(token);
    return typeof iat === 'number' && Number.isFinite(iat) ? iat * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Server clock minus local clock (ms), or null when the answer says nothing about the server's time.
 * The `Date` header comes first: it is the time of THIS answer, where a token's `iat` can be older
 * (a renewal asked again gets the token issued the first time). Both are whole seconds, rounded
 * down, and the answer took some time to arrive: the offset comes out up to a second or so low,
 * i.e. a token looks that much longer valid — far below every SPEC §4 threshold.
 */
export function serverClockOffset({ date, token, arrivedAt }: ServerClockSample): number | null {
  const serverTime = dateHeaderTime(date) ?? issuedAt(token);
  return serverTime === null ? null : serverTime - arrivedAt;
}
