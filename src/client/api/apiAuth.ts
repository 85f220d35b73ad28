/**
 * What the API saga needs from the signed-in session, given through saga context (`apiAuth`) so
 * that `src/client/api` imports no feature: the auth feature provides it
 * (features/auth/apiAuth.ts) and createAppStore puts it in the context. Without it a call goes out
 * without a token and nothing ends a session (a store without auth, a test of the HTTP layer).
 */
import type { SagaIterator } from 'redux-saga';
import type { ServerClockSample } from '../../common/serverClock';

/**
 * Where the store's session stands after its token was refused (or ran out):
 * - `held`: the store still holds that token (the session ends);
 * - `renewed`: a renewal replaced it (this tab's, or another tab's), `token` came from it;
 * - `gone`: the session it belonged to has ended meanwhile (signed out, maybe signed in again).
 */
export type AfterRefusal = { kind: 'held' } | { kind: 'renewed'; token: string } | { kind: 'gone' };

export interface ApiAuth {
  /** The token a call carries by default: the store's (null: signed out). */
  token: () => SagaIterator<string | null>;
  /** The app key header's value. */
  appKey: () => SagaIterator<string>;
  /** The server's time now: a token's `exp` is judged in it. */
  serverNow: () => SagaIterator<number>;
  /** Learns the server's clock from an answer (sign-in, renewal, validation). */
  learnServerClock: (sample: ServerClockSample) => SagaIterator;
  /**
   * The renewal wait: after the store's `token` was refused or ran out, waits for a renewal of it
   * under way (in this tab or, where the browser has Web Locks, in any tab), then says where the
   * session stands.
   */
  afterRefusal: (token: string) => SagaIterator<AfterRefusal>;
  /** Ends the session because its token ran out or was refused. */
  endSession: (reason: 'expired' | 'unauthorized') => SagaIterator;
}
