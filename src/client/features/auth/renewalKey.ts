/**
 * The renewal key (docs/server.md "Renewal"), sent with every renewal. When a renewal's answer is
 * lost on the way (the server renewed, the browser never heard), asking again with the same token
 * and key gets the same new token (RENEWAL_REPLAY_MS), where the replaced token alone gets a 401
 * and would sign the student out.
 *
 * ONE KEY PER SIGN-IN, SHARED BY THE BROWSER'S TABS. It is written to localStorage
 * (`cc:renewalKey`, beside cc:auth) when the student signs in, before cc:auth, and removed with it.
 * Two tabs whose session checks renew the same token at once (their timers fire together when a
 * Chromebook wakes up) therefore send the same key: the server answers the second with the first's
 * new token instead of a 401, and neither tab shows "Could not renew session token" or signs the
 * student out. A key written at sign-in cannot race: every tab that holds one of the session's
 * tokens finds it there. Whoever can read it can read cc:auth's token too.
 *
 * Where storage is refused, or for a session stored before keys were shared, the tab makes one
 * itself, one per token, kept in its TokenRenewals (and stores it when it can). Not in the Redux
 * store: DevTools shows the state.
 */
import { RENEWAL_KEY_PATTERN, RENEWAL_KEY_STORAGE_KEY } from '../../../common/constants';
import { randomUuid } from '../../lib/randomUuid';
import type { TokenRenewals } from './tokenRenewals';

const VALID_KEY = new RegExp(RENEWAL_KEY_PATTERN);

function sharedKey(storage: Storage): string | null {
  try {
    const key = storage.getItem(RENEWAL_KEY_STORAGE_KEY);
    return key !== null && VALID_KEY.test(key) ? key : null;
  } catch {
    return null;
  }
}

/** A new sign-in: a new key for its renewals. Call before cc:auth is written. */
export function startRenewalKey(storage: Storage): void {
  try {
    storage.setItem(RENEWAL_KEY_STORAGE_KEY, randomUuid());
  } catch {
    // refused: renewalKeyFor uses the tab's own
  }
}

/**
 * The key for renewals of `token`: the sign-in's shared key; else the tab's own for that token
 * (kept by its TokenRenewals), stored for the other tabs when storage takes it.
 */
export function renewalKeyFor(token: string, storage: Storage, renewals: TokenRenewals | undefined): string {
  const shared = sharedKey(storage);
  if (shared) return shared;
  const own = renewals ? renewals.ownKeyFor(token, randomUuid) : randomUuid();
  try {
    storage.setItem(RENEWAL_KEY_STORAGE_KEY, own);
  } catch {
    // refused: this tab keeps using its own
  }
  return own;
}
