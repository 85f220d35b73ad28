/**
 * The renewal key: one random value per token this tab holds, sent with every renewal of that
 * token. When a renewal's answer is lost on the way (the server renewed, the browser never heard),
 * asking again with the same token and key gets the same new token (RENEWAL_REPLAY_MS,
 * docs/server.md "Renewal"), where the replaced token alone gets a 401 and would sign the student
 * out. Kept here, not in the store: Redux DevTools shows the state, and the key is the tab's secret.
 */
import { randomUuid } from '../../lib/randomUuid';

let kept: { token: string; key: string } | null = null;

/** The key for renewals of `token`: the same until the token changes. */
export function renewalKeyFor(token: string): string {
  if (kept?.token !== token) kept = { token, key: randomUuid() };
  return kept.key;
}
